//! What a person types at the prompt: a command, or a turn written the way
//! the Prolog Kalah program reads it (`[1,5].`) or as plain numbers (`1 5`,
//! `1,5`, `3`).

/// One line of input, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A turn: the moves in order, not yet checked against the rules.
    Turn(Vec<String>),
    /// `quit` (also `exit`, `q`, the Prolog Kalah program's `vége` and the
    /// Prolog draughts program's `выход`).
    Quit,
    /// `help` or `?`.
    Help,
    /// `undo`: take back the last turn (and the engine's reply).
    Undo,
    /// `hint`: ask the engine for a turn.
    Hint,
    /// `new`: start again.
    New,
    /// `fen`: show the position string.
    Fen,
    /// `board`: draw the board again.
    Board,
    /// An empty line.
    Nothing,
}

/// Reads a line.
///
/// # Errors
/// What is wrong with a line that is neither a command nor a turn.
pub fn parse(line: &str) -> Result<Input, String> {
    let text = line.trim();
    let command = match text.to_lowercase().as_str() {
        "" => Some(Input::Nothing),
        "quit" | "exit" | "q" | "vége" | "vége." | "выход" => Some(Input::Quit),
        "help" | "?" | "h" => Some(Input::Help),
        "undo" | "takeback" | "u" => Some(Input::Undo),
        "hint" => Some(Input::Hint),
        "new" => Some(Input::New),
        "fen" | "position" => Some(Input::Fen),
        "board" | "d" => Some(Input::Board),
        _ => None,
    };
    match command {
        Some(command) => Ok(command),
        None => parse_turn(text).map(Input::Turn),
    }
}

/// `[1,5]`, `[1, 5].`, `1 5`, `1,5`, `3`: the moves of a turn.
fn parse_turn(text: &str) -> Result<Vec<String>, String> {
    // Prolog input, as in the Prolog Kalah program, ends a term with a full
    // stop.
    let text = text.strip_suffix('.').unwrap_or(text).trim_end();
    let inner = match (text.strip_prefix('['), text.ends_with(']')) {
        (Some(rest), true) => rest.strip_suffix(']').unwrap_or(rest),
        (Some(_), false) => return Err("a '[' without its ']': write a turn as [1,5]".to_owned()),
        (None, true) => return Err("a ']' without its '[': write a turn as [1,5]".to_owned()),
        (None, false) => text,
    };
    if inner.trim().is_empty() {
        return Err("an empty turn: write a turn as [1,5]".to_owned());
    }
    if inner.contains(['[', ']']) {
        return Err("one turn at a time, written as [1,5]".to_owned());
    }
    let mut moves = Vec::new();
    for item in inner.split(',') {
        let words: Vec<&str> = item.split_whitespace().collect();
        if words.is_empty() {
            return Err("a comma with no move on one side: write a turn as [1,5]".to_owned());
        }
        moves.extend(words.into_iter().map(str::to_owned));
    }
    if let Some(word) = moves.iter().find(|w| !looks_like_a_move(w)) {
        return Err(format!(
            "'{word}' is neither a move nor a command (type help for the commands)"
        ));
    }
    Ok(moves)
}

/// Move notations are short and made of letters, digits and the
/// separators `-` and `:` (`3`, `b2`, `c3:e5`, `1A2B`); anything else is a
/// typo or a command, and gets a message that says so.
fn looks_like_a_move(word: &str) -> bool {
    word.len() <= 32
        && word.chars().any(|c| c.is_ascii_digit())
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(moves: &[&str]) -> Result<Input, String> {
        Ok(Input::Turn(moves.iter().map(|&m| m.to_owned()).collect()))
    }

    #[test]
    fn turns_are_read_as_the_seed_writes_them_and_plainly() {
        assert_eq!(parse("[1,5]"), turn(&["1", "5"]));
        assert_eq!(parse("[1,5]."), turn(&["1", "5"]));
        assert_eq!(parse(" [ 1 , 5 ] "), turn(&["1", "5"]));
        assert_eq!(parse("1 5"), turn(&["1", "5"]));
        assert_eq!(parse("1,5"), turn(&["1", "5"]));
        assert_eq!(parse("3"), turn(&["3"]));
        assert_eq!(parse("[3]"), turn(&["3"]));
        assert_eq!(parse("b2"), turn(&["b2"]));
    }

    #[test]
    fn commands_ignore_case() {
        assert_eq!(parse("QUIT"), Ok(Input::Quit));
        assert_eq!(parse("vége."), Ok(Input::Quit));
        assert_eq!(parse("ВЫХОД"), Ok(Input::Quit));
        assert_eq!(parse("Undo"), Ok(Input::Undo));
        assert_eq!(parse("hint"), Ok(Input::Hint));
        assert_eq!(parse("fen"), Ok(Input::Fen));
        assert_eq!(parse("   "), Ok(Input::Nothing));
    }

    #[test]
    fn malformed_lines_say_what_is_wrong() {
        assert!(parse("[1,5").unwrap_err().contains("']'"));
        assert!(parse("1,5]").unwrap_err().contains("'['"));
        assert!(parse("[1,,5]").unwrap_err().contains("comma"));
        assert!(parse("[]").unwrap_err().contains("empty"));
        assert!(parse("[[1]]").unwrap_err().contains("one turn"));
        assert!(parse("hello").unwrap_err().contains("'hello'"));
        assert!(parse("1; rm").unwrap_err().contains("neither"));
    }
}
