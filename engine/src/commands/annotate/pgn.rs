//! Reading and writing the PGN and PDN game records `ply-referee` writes
//! (PDN is PGN's form for draughts: the same syntax, a `GameType` tag).
//!
//! The reader takes what the referee writes and what people and other
//! programs add: tag pairs (`[Name "value"]`, with `\"` and `\\`),
//! move numbers (`1.`, `1...`), moves, `{…}` and `;` comments, NAGs (`$2`)
//! and the suffix annotations (`?!`, `?`, `??`, `!`, `!!`, `!?`) that
//! stand for them, variations in parentheses (kept as text after the move
//! they follow, to be written back: they are not analysed), `%` escape lines,
//! and a result (`1-0`, `0-1`, `1/2-1/2`, `*`, and draughts' `2-0`,
//! `0-2`, `1-1`) ending each game. Moves stay text: the game's rules say
//! whether they are moves.

use ply_rules::pgn::{braced, escape_tag, wrap_movetext};

/// One game of a PGN or PDN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs, in the file's order.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub intro: Vec<String>,
    /// The moves of the main line.
    pub moves: Vec<PgnMove>,
    /// The result token (`*` when the game had none).
    pub result: String,
    /// The 1-based line of the input where the game starts.
    pub line: usize,
}

/// A move and what follows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written, without suffix annotations.
    pub text: String,
    /// Its NAGs, suffix annotations included (`?` as 2).
    pub nags: Vec<u8>,
    /// The comments after it, without braces.
    pub comments: Vec<String>,
    /// The variations after it (alternatives to it), each as written in
    /// parentheses with nested ones inside, white space made single
    /// spaces and `;` comments made `{…}` ones, so it can be written on
    /// other lines.
    pub variations: Vec<String>,
}

impl PgnGame {
    /// The value of tag `name` (any case), if the game has it.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, in place if the game has it, else at the end.
    pub fn set_tag(&mut self, name: &str, value: String) {
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some((_, v)) => *v = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }
}

/// How deep variations may nest: far beyond any real record, and a bound
/// on the reader's recursion for a hostile one.
const MAX_VARIATION_DEPTH: usize = 100;

/// The result tokens that end a game.
const RESULTS: [&str; 7] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"];

/// The suffix annotations and the NAGs they stand for (PGN standard 10).
const SUFFIXES: [(&str, u8); 6] = [
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("!", 1),
    ("?", 2),
];

/// One game of a PGN or PDN text: its lines as they are in the input, and
/// the game read from them or why it cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game's lines as read, blank lines after it included: a game
    /// that cannot be read is written back from them, so that nothing of
    /// the input is lost.
    pub text: String,
    /// The game, or why it cannot be read (naming the input line).
    pub game: Result<PgnGame, String>,
}

/// The games of a PGN or PDN text, each read on its own: a game that
/// cannot be read is an `Err` saying where and why, and the next game is
/// read from its first tag.
#[must_use]
pub fn read_games(text: &str) -> Vec<Result<PgnGame, String>> {
    read_records_unless(text, |_, _| None)
        .into_iter()
        .map(|record| record.game)
        .collect()
}

/// The records of a PGN or PDN text, as [`read_games`] reads their games,
/// but a game is not read when `spoiled(first line, line count)` finds its
/// lines at fault (not UTF-8, say): it is that error.
#[must_use]
pub fn read_records_unless(
    text: &str,
    spoiled: impl Fn(usize, usize) -> Option<String>,
) -> Vec<Record> {
    split_games(text)
        .into_iter()
        .map(|(line, chunk)| {
            let game = match spoiled(line, chunk.lines().count()) {
                Some(error) => Err(error),
                None => read_game(line, &chunk),
            };
            Record { text: chunk, game }
        })
        .collect()
}

/// The text of each game, with its first line: a game starts at a tag
/// line that follows move text (or at the first tag). Inside a comment a
/// tag line starts a game only after a blank line, so that a comment left
/// open spoils one game, not the rest of the file.
fn split_games(text: &str) -> Vec<(usize, String)> {
    let mut games: Vec<(usize, String)> = Vec::new();
    let mut in_moves = false;
    let mut in_comment = false;
    let mut after_blank = true;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let starts_tag = looks_like_tag(trimmed) && (!in_comment || after_blank);
        after_blank = trimmed.is_empty();
        if games.is_empty() || (starts_tag && in_moves) {
            if trimmed.is_empty() {
                continue;
            }
            games.push((index + 1, String::new()));
            in_moves = false;
            in_comment = false;
        }
        if !in_comment && !trimmed.is_empty() && !starts_tag && !trimmed.starts_with('%') {
            in_moves = true;
        }
        for c in line.chars() {
            match c {
                '{' => in_comment = true,
                '}' => in_comment = false,
                _ => {}
            }
        }
        if let Some((_, chunk)) = games.last_mut() {
            chunk.push_str(line);
            chunk.push('\n');
        }
    }
    games
}

/// Whether a line starts with a tag pair's `[Name "`.
fn looks_like_tag(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('[') else {
        return false;
    };
    // The name's length in bytes (a name may hold non-ASCII letters).
    let name = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name > 0 && rest[name..].trim_start().starts_with('"')
}

/// Reads one game's text, which starts at input line `line`.
fn read_game(line: usize, text: &str) -> Result<PgnGame, String> {
    let mut game = PgnGame {
        line,
        ..PgnGame::default()
    };
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
        line,
    };
    reader.tags(&mut game)?;
    reader.moves(&mut game)?;
    Ok(game)
}

/// A cursor over one game's text.
struct Reader {
    chars: Vec<char>,
    at: usize,
    /// The input line of `chars[at]`.
    line: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Skips white space, and `%` escape lines at a line start.
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c == '%' && (self.at == 0 || self.chars[self.at - 1] == '\n') {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else if c.is_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn error(&self, what: &str) -> String {
        format!("line {}: {what}", self.line)
    }

    /// The tag pairs.
    fn tags(&mut self, game: &mut PgnGame) -> Result<(), String> {
        loop {
            self.skip_space();
            if self.peek() != Some('[') {
                return Ok(());
            }
            let start = self.line;
            let tag_error = |what: String| format!("line {start}: {what}");
            self.bump();
            let mut name = String::new();
            while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
                name.push(c);
                self.bump();
            }
            if name.is_empty() {
                return Err(self.error("a tag without a name: expected [Name \"value\"]"));
            }
            self.skip_space();
            if self.bump() != Some('"') {
                return Err(tag_error(format!(
                    "tag {name} has no quoted value: expected [{name} \"value\"]"
                )));
            }
            let mut value = String::new();
            loop {
                match self.bump() {
                    Some('\\') => value.extend(self.bump()),
                    Some('"') => break,
                    Some('\n') | None => {
                        return Err(tag_error(format!("the value of tag {name} is not closed")));
                    }
                    Some(c) => value.push(c),
                }
            }
            self.skip_space();
            if self.bump() != Some(']') {
                return Err(tag_error(format!("tag {name} is not closed by ]")));
            }
            game.tags.push((name, value));
        }
    }

    /// The move text, up to the result (or the end of the game's text).
    fn moves(&mut self, game: &mut PgnGame) -> Result<(), String> {
        loop {
            self.skip_space();
            let Some(c) = self.peek() else {
                game.result = "*".to_owned();
                return Ok(());
            };
            match c {
                '{' | ';' => {
                    let comment = self.comment()?;
                    match game.moves.last_mut() {
                        Some(mv) => mv.comments.push(comment),
                        None => game.intro.push(comment),
                    }
                }
                '(' => {
                    let variation = self.variation(1)?;
                    match game.moves.last_mut() {
                        Some(mv) => mv.variations.push(variation),
                        None => {
                            return Err(self.error(
                                "a variation before any move: a variation follows the move it replaces",
                            ));
                        }
                    }
                }
                ')' => return Err(self.error("a ) without a variation to close")),
                '$' => {
                    self.bump();
                    let digits = self.word();
                    let nag = digits.parse::<u8>().map_err(|_| {
                        self.error(&format!("${digits} is not a NAG: expected $0 to $255"))
                    })?;
                    match game.moves.last_mut() {
                        Some(mv) => mv.nags.push(nag),
                        None => return Err(self.error(&format!("${digits} before any move"))),
                    }
                }
                _ => {
                    let word = self.word();
                    if RESULTS.contains(&word.as_str()) {
                        game.result = word;
                        self.skip_space();
                        return match self.peek() {
                            None => Ok(()),
                            Some(_) => Err(self.error("text after the result")),
                        };
                    }
                    self.move_word(game, &word)?;
                }
            }
        }
    }

    /// A word: up to white space or a character that starts something else.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| !c.is_whitespace() && !matches!(c, '{' | '}' | '(' | ')' | ';' | '$'))
        {
            word.push(c);
            self.bump();
        }
        if word.is_empty() {
            // A character no word starts with: taken alone, so the reader moves on.
            word.extend(self.bump());
        }
        word
    }

    /// A word of move text: a move number, a move (with suffix
    /// annotations), or both run together (`1.e4`).
    fn move_word(&mut self, game: &mut PgnGame, word: &str) -> Result<(), String> {
        let digits = word.chars().take_while(char::is_ascii_digit).count();
        let rest = &word[digits..];
        let mv = if digits > 0 && rest.starts_with('.') {
            rest.trim_start_matches('.')
        } else {
            word
        };
        if mv.is_empty() {
            return Ok(());
        }
        let (text, nags) = strip_suffixes(mv);
        if text.is_empty() {
            return match game.moves.last_mut() {
                Some(last) => {
                    last.nags.extend(nags);
                    Ok(())
                }
                None => Err(self.error(&format!("'{mv}' before any move"))),
            };
        }
        game.moves.push(PgnMove {
            text: text.to_owned(),
            nags,
            comments: Vec::new(),
            variations: Vec::new(),
        });
        Ok(())
    }

    /// A `{…}` comment (white space made single spaces) or a `;` one
    /// (to the end of the line, trimmed), without its marks.
    fn comment(&mut self) -> Result<String, String> {
        let start = self.line;
        if self.bump() == Some(';') {
            let mut comment = String::new();
            while let Some(c) = self.peek().filter(|&c| c != '\n') {
                comment.push(c);
                self.bump();
            }
            return Ok(comment.trim().to_owned());
        }
        let mut comment = String::new();
        loop {
            match self.bump() {
                Some('}') => break,
                Some(c) => comment.push(c),
                None => return Err(format!("line {start}: a comment is not closed by }}")),
            }
        }
        Ok(comment.split_whitespace().collect::<Vec<_>>().join(" "))
    }

    /// A variation, from its `(` to its `)`, nested ones inside, as text
    /// to write back (see [`PgnMove::variations`]); `depth` is 1 for one
    /// in the main line. Its moves are kept as written: they are not
    /// analysed, and numbered as the record numbers them.
    fn variation(&mut self, depth: usize) -> Result<String, String> {
        let start = self.line;
        if depth > MAX_VARIATION_DEPTH {
            return Err(self.error(&format!(
                "variations nested more than {MAX_VARIATION_DEPTH} deep"
            )));
        }
        self.bump();
        let mut tokens = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                None => return Err(format!("line {start}: a variation is not closed by )")),
                Some(')') => {
                    self.bump();
                    return Ok(format!("({})", tokens.join(" ")));
                }
                Some('(') => tokens.push(self.variation(depth + 1)?),
                Some('{' | ';') => tokens.push(braced(&self.comment()?)),
                Some('$') => {
                    self.bump();
                    tokens.push(format!("${}", self.word()));
                }
                Some(_) => tokens.push(self.word()),
            }
        }
    }
}

/// A move without its suffix annotations, and their NAGs.
fn strip_suffixes(word: &str) -> (&str, Vec<u8>) {
    let text = word.trim_end_matches(['!', '?']);
    let suffix = &word[text.len()..];
    let nags = SUFFIXES
        .iter()
        .find(|(s, _)| *s == suffix)
        .map(|&(_, nag)| vec![nag])
        .unwrap_or_default();
    (text, nags)
}

/// A game as PGN text: its tags, then the moves numbered by turn (`1.`
/// before player 1's turn, `1...` before player 2's, as the referee
/// writes them) from `movers` (`true` for player 1, one a move), each with
/// its NAGs and comments, then the result. Ends with a newline.
#[must_use]
pub fn write_game(game: &PgnGame, movers: &[bool]) -> String {
    let mut text = String::new();
    for (name, value) in &game.tags {
        text.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
    }
    text.push('\n');
    let mut tokens: Vec<String> = game.intro.iter().map(|c| braced(c)).collect();
    let mut turn = 1;
    let mut last: Option<bool> = None;
    // A move after a variation is numbered again, as the variation's
    // moves came between.
    let mut number_due = true;
    for (i, mv) in game.moves.iter().enumerate() {
        let first_player = movers.get(i).copied().unwrap_or(i % 2 == 0);
        if last == Some(false) && first_player {
            turn += 1;
        }
        if number_due || last != Some(first_player) {
            tokens.push(if first_player {
                format!("{turn}.")
            } else {
                format!("{turn}...")
            });
        }
        last = Some(first_player);
        tokens.push(mv.text.clone());
        tokens.extend(mv.nags.iter().map(|nag| format!("${nag}")));
        tokens.extend(mv.comments.iter().map(|c| braced(c)));
        for variation in &mv.variations {
            tokens.extend(variation_tokens(variation));
        }
        number_due = !mv.variations.is_empty();
    }
    tokens.push(game.result.clone());
    text.push_str(&wrap_movetext(tokens));
    text.push('\n');
    text
}

/// A variation's text as tokens to wrap: split at spaces, but not inside
/// a comment, so that no line of the output starts inside one (a `%` there
/// would start an escape line).
fn variation_tokens(text: &str) -> Vec<String> {
    let mut tokens = vec![String::new()];
    let mut in_comment = false;
    for c in text.chars() {
        match c {
            ' ' if !in_comment => tokens.push(String::new()),
            '{' => in_comment = true,
            '}' => in_comment = false,
            _ => {}
        }
        if let Some(token) = tokens.last_mut().filter(|_| c != ' ' || in_comment) {
            token.push(c);
        }
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `ply-referee` writes for a Kalah game (see referee/src/output/pgn.rs).
    const REFEREE_GAME: &str = r#"[Event "?"]
[Site "?"]
[Date "2025.11.21"]
[Round "2"]
[White "A"]
[Black "B"]
[South "A"]
[North "B"]
[Result "1-0"]
[Variant "kalah"]
[FEN "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s"]
[SetUp "1"]
[Termination "time forfeit"]
[TimeControl "tc=10+0.1"]
[PlyCount "3"]
[GameNumber "7"]

1. 3 {book} 6 {+1.50/4 0.012s} 1... 2 {-0.50/4 0.012s} {North loses on time} 1-0

"#;

    #[test]
    fn a_referee_game_is_read_with_its_tags_moves_and_comments() {
        let games = read_games(REFEREE_GAME);
        assert_eq!(games.len(), 1);
        let game = games[0].as_ref().unwrap();
        assert_eq!(game.tag("variant"), Some("kalah"));
        assert_eq!(game.tag("GameNumber"), Some("7"));
        let moves: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["3", "6", "2"]);
        assert_eq!(game.moves[0].comments, ["book"]);
        assert_eq!(
            game.moves[2].comments,
            ["-0.50/4 0.012s", "North loses on time"]
        );
        assert_eq!(game.result, "1-0");
        assert_eq!(game.line, 1);
    }

    #[test]
    fn written_games_read_back_the_same() {
        let game = read_games(REFEREE_GAME).remove(0).unwrap();
        let text = write_game(&game, &[true, true, false]);
        assert!(
            text.contains("1. 3 {book} 6 {+1.50/4 0.012s} 1... 2"),
            "{text}"
        );
        assert_eq!(read_games(&text).remove(0).unwrap(), game);
    }

    #[test]
    fn suffixes_nags_variations_and_semicolon_comments() {
        let text = "[Variant \"russian\"]\n\n1. c3-d4?! f6-e5 $4 (1... f6-g5 {x} (1... a7-b6)) \
                    2.d4:f6 ; a capture\ng7:e5?? 1/2-1/2\n";
        let game = read_games(text).remove(0).unwrap();
        let moves: Vec<(&str, &[u8])> = game
            .moves
            .iter()
            .map(|m| (m.text.as_str(), m.nags.as_slice()))
            .collect();
        assert_eq!(
            moves,
            [
                ("c3-d4", &[6][..]),
                ("f6-e5", &[4][..]),
                ("d4:f6", &[][..]),
                ("g7:e5", &[4][..])
            ]
        );
        assert_eq!(game.moves[2].comments, ["a capture"]);
        assert_eq!(game.result, "1/2-1/2");
    }

    #[test]
    fn a_bad_game_is_an_error_and_the_next_is_read() {
        let text = "[Variant \"kalah\"]\n\n1. 3 {never closed\n\n[Variant \"kalah\"\n\n1. 3 *\n\n\
                    [Variant \"kalah\"]\n\n1. 4 *\n";
        let games = read_games(text);
        assert_eq!(games.len(), 3, "{games:?}");
        assert!(
            games[0].as_ref().unwrap_err().contains("not closed"),
            "{games:?}"
        );
        assert!(
            games[1].as_ref().unwrap_err().contains("line 5"),
            "{games:?}"
        );
        assert_eq!(games[2].as_ref().unwrap().moves[0].text, "4");
    }

    #[test]
    fn games_split_at_tags_after_moves() {
        let text = "[Variant \"kalah\"]\n1. 3 6\n[Variant \"oware\"]\n\n1. 2 1-0\n";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        let first = games[0].as_ref().unwrap();
        assert_eq!(first.result, "*");
        assert_eq!(games[1].as_ref().unwrap().line, 3);
        assert!(read_games("[Variant \"kalah\"]\n\n1. 3 1-0 6\n")[0].is_err());
    }

    #[test]
    fn variations_are_kept_after_their_move_and_written_back() {
        let text = "[Variant \"kalah\"]\n\n1. 3 {a} (1. 2 {b  c} (1. 1 ; d\n) 4) 6 *\n";
        let game = read_games(text).remove(0).unwrap();
        assert_eq!(game.moves[0].variations, ["(1. 2 {b c} (1. 1 {d}) 4)"]);
        let written = write_game(&game, &[true, true]);
        assert!(
            written.contains("1. 3 {a} (1. 2 {b c} (1. 1 {d}) 4) 1. 6 *"),
            "{written}"
        );
        assert_eq!(read_games(&written).remove(0).unwrap(), game);
        assert_eq!(
            variation_tokens("(1. 2 {a long comment} 4)"),
            ["(1.", "2", "{a long comment}", "4)"]
        );
    }

    #[test]
    fn variations_nested_too_deep_or_before_a_move_are_errors() {
        let deep = format!("1. 3 {}4{} *\n", "(".repeat(10_000), ")".repeat(10_000));
        let error = read_games(&deep).remove(0).unwrap_err();
        assert!(error.contains("nested more than"), "{error}");
        assert!(read_games("(1. 2) 1. 3 *\n")[0].is_err());
        assert!(
            read_games("1. 3 (1. 2 *\n")[0]
                .as_ref()
                .unwrap_err()
                .contains("not closed by )")
        );
    }

    /// A tag name with letters beyond ASCII is read, not a panic.
    #[test]
    fn a_tag_name_with_non_ascii_letters_is_a_tag() {
        assert!(looks_like_tag("[Événement \"x\"]"));
        assert!(looks_like_tag("[名前 \"x\"]"));
        assert!(!looks_like_tag("[Ä"));
        assert!(!looks_like_tag("[É x"));
    }
}
