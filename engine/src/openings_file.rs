//! Openings files as the referee reads them (`referee/openings/`): one
//! opening a line, either moves from the start (`a3-b4 b6-a5`, `3 6 2`)
//! or a position string; `#` starts a comment and blank lines are
//! skipped. The tuning toolkit's self-play games and matches start from
//! them (`ply-engine tune generate --openings`, `tune match --openings`),
//! so its games open as the engine's SPRT matches do.

use std::path::Path;

use ply_rules::registry::GameDef;

/// The openings of the file at `path`, for a game played by `rules`, in
/// file order.
///
/// # Errors
/// The file cannot be read, has no opening, or a line is neither legal
/// moves from the start nor a position string, or is a finished game
/// (its number and why are said).
pub fn read<G: GameDef>(path: &Path, rules: &G::Rules) -> Result<Vec<G>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the openings file {}: {e}", path.display()))?;
    let start = G::start(rules).map_err(|e| e.to_string())?;
    let mut openings = Vec::new();
    for (number, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let opening = parse_line(line, &start, rules).map_err(|why| {
            format!(
                "openings file {}, line {}: '{line}' {why}",
                path.display(),
                number + 1
            )
        })?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(format!(
            "the openings file {} has no opening",
            path.display()
        ));
    }
    Ok(openings)
}

/// One line: moves from `start`, else a position string.
fn parse_line<G: GameDef>(line: &str, start: &G, rules: &G::Rules) -> Result<G, String> {
    let opening = match with_moves(start, line) {
        Ok(position) => position,
        Err(moves) => G::from_position_string(line, rules).map_err(|position| {
            format!("is neither moves from the start ({moves}) nor a position ({position})")
        })?,
    };
    if opening.outcome().is_some() {
        return Err("is a finished game".to_owned());
    }
    Ok(opening)
}

/// `start` with the moves of `line` played, or why not.
fn with_moves<G: GameDef>(start: &G, line: &str) -> Result<G, String> {
    let mut position = start.clone();
    for (i, text) in line.split_whitespace().enumerate() {
        let mv = position
            .parse_move(text)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
        position.play(mv);
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_rules::games::oware::{Oware, OwareRules};

    fn start() -> Oware {
        <Oware as GameDef>::start(&OwareRules::default()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn file(name: &str, text: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("ply-openings-{name}-{}", std::process::id()));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        path
    }

    #[test]
    fn moves_and_positions_are_read_and_comments_skipped() {
        let start = start();
        let path = file(
            "good",
            "# a comment\n1 1 3  # +100\n\n4,4,4,4,4,4 0 4,4,4,4,4,4 0 s\n",
        );
        let openings =
            read::<Oware>(&path, &OwareRules::default()).unwrap_or_else(|e| panic!("{e}"));
        let _ = std::fs::remove_file(&path);
        assert_eq!(openings.len(), 2);
        assert_eq!(
            openings[0],
            with_moves(&start, "1 1 3").unwrap_or_else(|e| panic!("{e}"))
        );
        assert_eq!(openings[1], start);
    }

    #[test]
    fn a_bad_line_is_named() {
        let path = file("bad", "1 1 3\n1 9 x\n");
        let error = read::<Oware>(&path, &OwareRules::default())
            .err()
            .unwrap_or_default();
        let _ = std::fs::remove_file(&path);
        assert!(
            error.contains("line 2") && error.contains("neither moves from the start"),
            "{error}"
        );
        let empty = file("empty", "# nothing\n");
        let error = read::<Oware>(&empty, &OwareRules::default())
            .err()
            .unwrap_or_default();
        let _ = std::fs::remove_file(&empty);
        assert!(error.contains("has no opening"), "{error}");
    }
}
