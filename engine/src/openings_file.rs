//! Openings files as the referee reads them (`referee/openings/`,
//! `ply_rules::openings`): one opening a line, either moves from the start
//! (`a3-b4 b6-a5`, `3 6 2`; the referee's `format=moves`) or a position
//! string (`format=fen`), moves tried first; `#` starts a comment and
//! blank lines are skipped. The tuning toolkit's self-play games and
//! matches start from them (`ply-engine tune generate --openings`, `tune
//! match --openings`), so its games open as the engine's SPRT matches do.
//! As the referee does, a line that is no opening (or a finished game) is
//! skipped with a warning that names it, so a file the referee plays the
//! toolkit plays too.

use std::path::Path;

use ply_rules::registry::GameDef;

/// The openings of the file at `path`, for a game played by `rules`, in
/// file order.
///
/// # Errors
/// The file cannot be read, or has no usable opening.
pub fn read<G: GameDef>(path: &Path, rules: &G::Rules) -> Result<Vec<G>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the openings file {}: {e}", path.display()))?;
    let start = G::start(rules).map_err(|e| e.to_string())?;
    let mut openings = Vec::new();
    for (number, line) in ply_rules::openings::lines(&text) {
        match parse_line(line, &start, rules) {
            Ok(opening) => openings.push(opening),
            Err(why) => log::warn!(
                "openings file {}, line {number}: skipped '{line}': it {why}",
                path.display()
            ),
        }
    }
    if openings.is_empty() {
        return Err(format!(
            "the openings file {} has no usable opening (expected a line of moves from \
             the start or a position string; the warnings above say why each line was skipped)",
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
    fn bad_lines_and_finished_games_are_skipped_and_a_file_of_none_refused() {
        let rules = OwareRules::default();
        let finished = "0,0,0,0,0,0 24 0,0,0,0,0,0 24 s";
        let path = file("bad", &format!("1 1 3\n1 9 x\n{finished}\n"));
        let openings = read::<Oware>(&path, &rules);
        let _ = std::fs::remove_file(&path);
        assert_eq!(openings.map(|openings| openings.len()), Ok(1));
        let start = start();
        assert!(
            parse_line("1 9 x", &start, &rules)
                .is_err_and(|why| why.contains("neither moves from the start"))
        );
        assert_eq!(
            parse_line(finished, &start, &rules).err(),
            Some("is a finished game".to_owned())
        );
        let empty = file("empty", "# nothing\n1 1 x\n");
        let error = read::<Oware>(&empty, &rules).err().unwrap_or_default();
        let _ = std::fs::remove_file(&empty);
        assert!(error.contains("has no usable opening"), "{error}");
    }
}
