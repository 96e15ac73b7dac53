//! Terminal play (`ply-play`): the Prolog Kalah program's console game,
//! against a real engine process.
//!
//! The board is drawn as that program draws it, the person's row at the
//! bottom.
//! The person types a whole turn (`[1,5]`); it is checked with the engine
//! library's rules and refused with the reason if it is wrong, and the
//! prompt comes back. The engine's turn is found by asking the engine for
//! one move at a time until the turn passes, and is shown with the score
//! and the line of its first search.

pub mod input;

use std::io::{BufRead, Write};

use anyhow::{Context, Result, bail};
use ply_protocol::{Command, Dialect, Info};
use ply_rules::game::{Outcome, Player};
use ply_rules::variant::AnyRules;

use crate::engine::EngineHandle;
use crate::games::{self, format_turn, group_into_turns};
use crate::record::PlayedGame;
use crate::score;
use crate::strength::Strength;
use input::Input;

/// The prompt, printed without a line end.
pub const PROMPT: &str = "Your move> ";

/// What a terminal game is played with.
#[derive(Clone, Debug)]
pub struct PlayConfig {
    /// The game and its rules.
    pub options: AnyRules,
    /// The `setoption` pairs that give the engine the same options.
    pub option_pairs: Vec<(String, String)>,
    /// Start from this position string instead of the start position.
    pub fen: Option<String>,
    /// Whether the person plays the side to move at the start.
    pub person_first: bool,
    /// How hard the engine thinks.
    pub strength: Strength,
}

/// A terminal game session.
struct Play<'a, R, W> {
    config: &'a PlayConfig,
    engine: &'a mut EngineHandle,
    input: R,
    out: W,
    record: PlayedGame,
    /// The person's side.
    person: Player,
    /// The engine's short name ("Ply").
    name: String,
    /// The result has been announced for the current position.
    announced: bool,
    /// The draw offer the person declined (its reason): not made again
    /// until the reason changes.
    declined_offer: Option<String>,
}

/// Plays games between a person (`input`, `out`) and `engine` until the
/// person quits or the input ends.
///
/// # Errors
/// When the engine fails (exits, refuses the options, plays an illegal
/// move) or the output cannot be written.
pub fn run<R: BufRead, W: Write>(
    config: &PlayConfig,
    engine: &mut EngineHandle,
    input: R,
    out: W,
) -> Result<()> {
    for (name, value) in &config.option_pairs {
        engine
            .set_option(name, value)
            .with_context(|| format!("setting the engine's option {name}"))?;
    }
    let name = engine
        .name()
        .split_whitespace()
        .next()
        .unwrap_or("The engine")
        .to_owned();
    let record = new_record(config)?;
    let mut play = Play {
        config,
        engine,
        input,
        out,
        person: Player::One,
        record,
        name,
        announced: false,
        declined_offer: None,
    };
    play.new_game()?;
    play.main_loop()
}

fn new_record(config: &PlayConfig) -> Result<PlayedGame> {
    match &config.fen {
        Some(fen) => Ok(PlayedGame::from_position(&config.options, fen)?),
        None => PlayedGame::new(&config.options).map_err(anyhow::Error::msg),
    }
}

impl<R: BufRead, W: Write> Play<'_, R, W> {
    fn ui(&self) -> &'static games::GameUi {
        games::ui(self.config.options.variant())
    }

    fn new_game(&mut self) -> Result<()> {
        self.record = new_record(self.config)?;
        let first = self.record.side_to_move();
        self.person = if self.config.person_first {
            first
        } else {
            first.opponent()
        };
        self.announced = false;
        self.declined_offer = None;
        self.engine.send_checked(&Command::NewGame(Dialect::Uci))?;
        let ui = self.ui();
        let title = self.config.options.title();
        let side = self.config.options.variant().side_name(self.person);
        writeln!(
            self.out,
            "\n{title} against {} ({}).\nYou play {side}: {}.",
            self.name, self.config.strength, ui.seat
        )?;
        writeln!(
            self.out,
            "Type a turn such as {}, or help for the commands.",
            ui.turn_example
        )?;
        self.draw()
    }

    fn draw(&mut self) -> Result<()> {
        let text = games::view(self.record.current()).text(self.person);
        write!(self.out, "\n{text}")?;
        Ok(())
    }

    fn main_loop(&mut self) -> Result<()> {
        loop {
            if self.record.outcome().is_none() && self.record.side_to_move() != self.person {
                self.engine_turn()?;
                self.draw()?;
                continue;
            }
            // The offer may end the game (a draw by agreement).
            if self.offer_draw()? == Offer::Quit {
                return Ok(());
            }
            if self.record.outcome().is_some() && !self.announced {
                self.announce()?;
            }
            write!(self.out, "\n{PROMPT}")?;
            self.out.flush()?;
            let Some(line) = read_text_line(&mut self.input)? else {
                writeln!(self.out)?;
                return Ok(());
            };
            match input::parse(&line) {
                Err(reason) => writeln!(self.out, "{}", wrap(&reason, 78))?,
                Ok(Input::Nothing) => {}
                Ok(Input::Quit) => {
                    writeln!(self.out, "Bye.")?;
                    return Ok(());
                }
                Ok(Input::Help) => self.help()?,
                Ok(Input::Fen) => {
                    writeln!(self.out, "Fen: {}", self.record.current().position_string())?;
                }
                Ok(Input::Board) => self.draw()?,
                Ok(Input::New) => self.new_game()?,
                Ok(Input::Undo) => self.undo()?,
                Ok(Input::Hint) => self.hint()?,
                Ok(Input::Turn(moves)) => {
                    let moves = games::typed_turn(self.record.current(), moves);
                    self.person_turn(&moves)?;
                }
            }
        }
    }

    fn help(&mut self) -> Result<()> {
        let ui = self.ui();
        writeln!(
            self.out,
            "{}\n\
             Type a turn as {}.\n\
             Commands:\n  \
               undo   take back your last turn and {name}'s reply\n  \
               hint   ask {name} for a turn\n  \
               fen    show the position string (ply-gui and ply-engine read it)\n  \
               board  draw the board again\n  \
               new    start a new game\n  \
               help   this text\n  \
               quit   leave (also exit or q)\n\
             Scores are for the side that searched, in {unit}s (+1.00 is one {unit} ahead).",
            wrap(ui.move_help, 76),
            ui.turn_example,
            name = self.name,
            unit = ui.unit,
        )?;
        Ok(())
    }

    fn person_turn(&mut self, moves: &[String]) -> Result<()> {
        if self.record.outcome().is_some() {
            writeln!(
                self.out,
                "The game is over: type new to play again, undo, or quit."
            )?;
            return Ok(());
        }
        match self.record.play_turn(moves) {
            Ok(played) => {
                writeln!(self.out, "You play {}.", format_turn(&played))?;
                self.draw()
            }
            Err(error) => {
                writeln!(self.out, "{}", wrap(&format!("Not possible: {error}."), 78))?;
                Ok(())
            }
        }
    }

    /// The Prolog draughts program's draw offer when only kings remain: the
    /// person accepts (the game ends as a draw) or plays on, and is not
    /// asked again until the balance changes.
    fn offer_draw(&mut self) -> Result<Offer> {
        if self.record.outcome().is_some() || self.record.side_to_move() != self.person {
            return Ok(Offer::None);
        }
        let Some(reason) = games::view(self.record.current()).draw_offer() else {
            return Ok(Offer::None);
        };
        if self.declined_offer.as_ref() == Some(&reason) {
            return Ok(Offer::None);
        }
        write!(
            self.out,
            "\n{}: {} offers a draw. Accept? (yes/no) ",
            capitalise(&reason),
            self.name
        )?;
        self.out.flush()?;
        let Some(line) = read_text_line(&mut self.input)? else {
            writeln!(self.out)?;
            return Ok(Offer::Quit);
        };
        let answer = line.trim().to_lowercase();
        if matches!(answer.as_str(), "quit" | "exit" | "q" | "vége" | "выход") {
            writeln!(self.out, "Bye.")?;
            return Ok(Offer::Quit);
        }
        if matches!(answer.as_str(), "yes" | "y" | "да" | "igen") {
            self.record.agree_draw();
        } else {
            writeln!(self.out, "Play on.")?;
            self.declined_offer = Some(reason);
        }
        Ok(Offer::Answered)
    }

    fn undo(&mut self) -> Result<()> {
        let mut people = [false; 2];
        people[self.person.index()] = true;
        let taken = self.record.undo_turn(people);
        if taken.is_empty() {
            writeln!(self.out, "Nothing to take back.")?;
            return Ok(());
        }
        self.announced = false;
        self.declined_offer = None;
        // The record is back where the first move taken back was played.
        let turns = group_into_turns(self.record.current(), &taken);
        let text = taken_back(
            &turns,
            self.person,
            &self.name,
            self.config.options.variant().sides(),
        );
        writeln!(self.out, "{}", wrap(&text, 78))?;
        self.draw()
    }

    /// Searches the current position; returns the moves played from it
    /// along the engine's line that make the side to move's turn, and the
    /// search's last figures.
    fn search(&mut self) -> Result<(Option<String>, Option<Info>)> {
        self.engine.send_checked(&self.record.position_command())?;
        let result = self
            .engine
            .search(self.config.strength.go_params(), |_| {})?;
        Ok((result.best, result.info))
    }

    fn engine_turn(&mut self) -> Result<()> {
        writeln!(self.out, "{} is thinking ...", self.name)?;
        self.out.flush()?;
        let before = self.record.current().clone();
        let side = self.record.side_to_move();
        let mut played = Vec::new();
        let mut first_info = None;
        while self.record.outcome().is_none() && self.record.side_to_move() == side {
            let (best, info) = self.search()?;
            let Some(best) = best else {
                bail!("the engine found no move in a game that is not over");
            };
            if let Err(error) = self.record.play(&best) {
                bail!("the engine played an illegal move: {error}");
            }
            played.push(best);
            if first_info.is_none() {
                first_info = info;
            }
        }
        let details = first_info
            .map(|info| describe_search(&before, &info, &format!("for {}", self.name)))
            .unwrap_or_default();
        writeln!(
            self.out,
            "{} plays {}.{details}",
            self.name,
            format_turn(&played)
        )?;
        Ok(())
    }

    fn hint(&mut self) -> Result<()> {
        if self.record.outcome().is_some() {
            writeln!(self.out, "The game is over.")?;
            return Ok(());
        }
        let position = self.record.current().clone();
        let (best, info) = self.search()?;
        let line = info.as_ref().map(|i| i.pv.clone()).unwrap_or_default();
        let turns = group_into_turns(&position, &line);
        let turn = match turns.first() {
            Some((_, moves)) => format_turn(moves),
            None => format_turn(&best.into_iter().collect::<Vec<_>>()),
        };
        let details = info
            .map(|info| describe_search(&position, &info, "for you"))
            .unwrap_or_default();
        writeln!(self.out, "Hint: {turn}.{details}")?;
        Ok(())
    }

    /// The result in English. (The Prolog programs Ply grew from say it in
    /// their own languages, the Prolog Kalah program in Hungarian:
    /// "Nyertél, gratulálok!", "Döntetlen lett!"; the screen keeps to the
    /// person's words.)
    fn announce(&mut self) -> Result<()> {
        self.announced = true;
        let tally = games::view(self.record.current()).tally();
        let counts = |winner: Player| {
            tally
                .map(|t| format!(" {}-{}", t[winner.index()], t[winner.opponent().index()]))
                .unwrap_or_default()
        };
        let text = match self.record.outcome() {
            Some(Outcome::Win(side)) if side == self.person => {
                format!("You win{}. Congratulations!", counts(side))
            }
            Some(Outcome::Win(side)) => format!("{} wins{}.", self.name, counts(side)),
            Some(Outcome::Draw) if self.record.draw_agreed() => "A draw by agreement.".to_owned(),
            Some(Outcome::Draw) => match games::view(self.record.current()).draw_rule() {
                Some(rule) => format!("A draw: {rule}."),
                None => "A draw.".to_owned(),
            },
            None => return Ok(()),
        };
        writeln!(self.out, "\nGame over: {text}")?;
        writeln!(self.out, "Type new to play again, undo, or quit.")?;
        Ok(())
    }
}

/// One line a person typed, or `None` at the end of input.
///
/// The bytes are read up to the line end and decoded leniently: a line that
/// is not valid UTF-8 (a terminal in Latin-1, a stray key) is a bad turn to
/// refuse with the usual message, not a reason to end the game, as
/// `read_line` would by failing on it. The engine's own protocol loop reads
/// its input the same way.
///
/// # Errors
/// When the input cannot be read at all.
fn read_text_line(input: &mut impl BufRead) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    if input.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

/// What came of a draw offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Offer {
    /// None was made.
    None,
    /// The person answered it.
    Answered,
    /// The person quit instead (or the input ended).
    Quit,
}

/// What an `undo` took back, turn by turn and whose: "Took back your turn
/// [3,6] (South) and Ply's turn [2] (North)." (It said "Took back 3 6 2.",
/// which left the person to work out whose moves those were.)
fn taken_back(
    turns: &[(Player, Vec<String>)],
    person: Player,
    engine: &str,
    side_names: [&str; 2],
) -> String {
    let parts: Vec<String> = turns
        .iter()
        .map(|(side, moves)| {
            let whose = if *side == person {
                "your".to_owned()
            } else {
                format!("{engine}'s")
            };
            format!(
                "{whose} turn {} ({})",
                format_turn(moves),
                side_names[side.index()]
            )
        })
        .collect();
    let listed = match parts.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    };
    format!("Took back {listed}.")
}

/// `text` with its first letter in capitals.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The widest line the search figures take.
const DETAILS_WIDTH: usize = 78;

/// A second line: `  depth 9, score +1.50 for Ply, line [3,6] [2,1] [5]`,
/// the line cut short to fit a terminal.
fn describe_search(from: &ply_rules::variant::AnyGame, info: &Info, whose: &str) -> String {
    let mut parts = Vec::new();
    if let Some(depth) = info.depth {
        parts.push(format!("depth {depth}"));
    }
    if let Some(s) = &info.score {
        parts.push(format!("score {} {whose}", score::describe(s)));
        parts.extend(games::view(from).score_note(s));
    }
    let mut text = format!("\n  {}", parts.join(", "));
    let turns = group_into_turns(from, &info.pv);
    for (i, (_, moves)) in turns.iter().enumerate() {
        let turn = format_turn(moves);
        let separator = if i == 0 { ", line " } else { " " };
        // The first turn always; later ones while they fit.
        if i > 0 && text.chars().count() + separator.len() + turn.len() + 2 > DETAILS_WIDTH {
            text.push_str(" …");
            break;
        }
        text.push_str(separator);
        text.push_str(&turn);
    }
    if parts.is_empty() && turns.is_empty() {
        String::new()
    } else {
        text
    }
}

/// Breaks `text` into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_is_not_utf8_is_read_as_text() {
        let mut input: &[u8] = b"1\n\xe9\n2";
        let mut lines = Vec::new();
        while let Some(line) = read_text_line(&mut input).expect("a slice reads") {
            lines.push(line);
        }
        assert_eq!(lines, ["1\n", "\u{fffd}\n", "2"]);
        // Which the prompt refuses as it refuses any other bad turn.
        assert!(input::parse(&lines[1]).is_err());
    }

    #[test]
    fn a_take_back_says_whose_turns_it_took() {
        let turns = [
            (Player::One, vec!["3".to_owned(), "6".to_owned()]),
            (Player::Two, vec!["2".to_owned()]),
        ];
        let names = ["South", "North"];
        assert_eq!(
            taken_back(&turns, Player::One, "Ply", names),
            "Took back your turn [3,6] (South) and Ply's turn [2] (North)."
        );
        assert_eq!(
            taken_back(&turns[1..], Player::Two, "Ply", names),
            "Took back your turn [2] (North)."
        );
        let three = [turns[1].clone(), turns[0].clone(), turns[1].clone()];
        assert_eq!(
            taken_back(&three, Player::Two, "Ply", names),
            "Took back your turn [2] (North), Ply's turn [3,6] (South) and your turn [2] (North)."
        );
    }

    #[test]
    fn help_text_wraps_at_spaces() {
        assert_eq!(wrap("aaa bbb ccc", 7), "aaa bbb\nccc");
        assert_eq!(wrap("", 7), "");
    }
}
