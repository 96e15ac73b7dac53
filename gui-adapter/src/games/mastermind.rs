//! Mastermind in the front ends: the engine library's rows in the terminal,
//! and on the page rows of guesses with their bulls and cows as pegs
//! (`web/assets/games/mastermind.js`), where the person types a guess or
//! chooses an answer instead of clicking one of thousands of moves.

use ply_protocol::{Score, ScoreValue};
use ply_rules::game::{Game, Player};
use ply_rules::games::mastermind::Mastermind;
use serde_json::{Value, json};

use super::{BoardView, GameFrontEnd, GameUi};

/// The most codes still possible that the page lists one by one; beyond
/// that the count alone says more than a wall of digits.
pub const MAX_LISTED_CODES: usize = 12;

/// Mastermind's words for the front ends.
pub static UI: GameUi = GameUi {
    seat: "the breaker guesses a code, the maker answers each guess with bulls and cows",
    turn_example: "0123 (a guess) or 1A2B (an answer)",
    move_help: "The breaker's move is a guess: the code's digits from the left, as 0123. \
                The maker's move is the answer, bulls (right digit, right place) and cows \
                (right digit, wrong place): 1A2B, or plainly 1 2. An answer that no code \
                could give after the earlier ones is refused.",
    page_hint: ["enter a guess", "answer with bulls and cows"],
    unit: "guess",
    // A breaker and a maker, not two sides of a board: the score is the
    // guesses still expected, no one's advantage, and there is no board
    // to turn round.
    two_sided: false,
    start_options: &[],
    turn_goes_on: "you move again",
    turn_is_over: "a turn is one guess or one answer",
    database: None,
};

impl GameFrontEnd for Mastermind {
    const UI: &'static GameUi = &UI;

    fn view(&self) -> Box<dyn BoardView + '_> {
        Box::new(MastermindView(self))
    }

    /// A maker may type the answer `1A2B` as `1 2`.
    fn typed_turn(&self, moves: Vec<String>) -> Vec<String> {
        typed_turn(self, moves)
    }
}

/// A Mastermind position as the front ends show it.
#[derive(Debug)]
pub struct MastermindView<'a>(pub &'a Mastermind);

impl BoardView for MastermindView<'_> {
    /// The engine library's rows; the board looks the same to both sides.
    fn text(&self, _bottom: Player) -> String {
        self.0.drawing()
    }

    /// `{"kind":"mastermind","length":4,"symbols":10,"repeats":false,
    /// "max_guesses":10,"rows":[{"guess":"0123","answer":"1A2B","bulls":1,
    /// "cows":2},{"guess":"4567","answer":null}],"side":1,"possible":216,
    /// "candidates":[…],"guesses":2,"solved":false}`: the last row may
    /// wait for its answer; `candidates` lists the codes still possible
    /// when there are at most [`MAX_LISTED_CODES`].
    fn json(&self) -> Value {
        let game = self.0;
        let rules = game.rules();
        let length = rules.length;
        let mut rows: Vec<Value> = game
            .rows()
            .iter()
            .map(|row| {
                json!({
                    "guess": row.guess.text(length),
                    "answer": row.answer.to_string(),
                    "bulls": row.answer.bulls,
                    "cows": row.answer.cows,
                })
            })
            .collect();
        rows.extend(
            game.pending_guess()
                .map(|guess| json!({ "guess": guess.text(length), "answer": null })),
        );
        let possible = game.consistent_codes();
        let candidates: Vec<String> = if possible.len() <= MAX_LISTED_CODES {
            possible.iter().map(|code| code.text(length)).collect()
        } else {
            Vec::new()
        };
        json!({
            "kind": "mastermind",
            "length": length,
            "symbols": rules.symbols,
            "repeats": rules.repeats,
            "max_guesses": rules.max_guesses,
            "rows": rows,
            "side": game.side_to_move().index(),
            "possible": possible.len(),
            "candidates": candidates,
            "guesses": game.guesses_made(),
            "solved": game.is_solved(),
        })
    }

    /// Guesses are typed on the page: a list of every code (5,040 in the
    /// game of the Prolog bulls-and-cows program) would be no help and a
    /// large message each move.
    fn lists_moves(&self) -> bool {
        false
    }

    /// The engine's score in guesses, as its `info string` says it: the
    /// guesses the breaker is expected to need in all.
    fn score_note(&self, score: &Score) -> Option<String> {
        score_note(self.0.guesses_made(), score)
    }
}

/// "expects 5.21 guesses in all (1 made)": the guesses made so far plus
/// the score's magnitude, which is the guesses still to come whichever
/// side searched (see docs/protocol.md, Mastermind's `go`).
fn score_note(made: usize, score: &Score) -> Option<String> {
    let ScoreValue::Centi(cp) = score.value else {
        return None;
    };
    let made_cp = i64::try_from(made).ok()?.checked_mul(100)?;
    let total = made_cp + i64::from(cp.unsigned_abs());
    Some(format!(
        "expects {}.{:02} guesses in all ({made} made)",
        total / 100,
        total % 100
    ))
}

/// A maker's answer typed as two numbers (`1 2`, `1,2`) as `1A2B`, when
/// the maker is to answer; any other turn is left as typed, for the rules
/// to judge.
#[must_use]
pub fn typed_turn(game: &Mastermind, moves: Vec<String>) -> Vec<String> {
    if game.pending_guess().is_none() {
        return moves;
    }
    match &moves[..] {
        [bulls, cows] => match (bulls.parse::<u8>(), cows.parse::<u8>()) {
            (Ok(bulls), Ok(cows)) => vec![format!("{bulls}A{cows}B")],
            _ => moves,
        },
        _ => moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_protocol::ScoreBound;
    use ply_rules::games::mastermind::MastermindRules;

    fn game(fen: &str) -> Mastermind {
        Mastermind::from_position_string(fen, MastermindRules::default()).unwrap()
    }

    #[test]
    fn rows_answers_and_the_codes_left_are_described() {
        let value = MastermindView(&game("0123:1A2B/4567 m")).json();
        assert_eq!(value["kind"], "mastermind");
        assert_eq!(value["rows"][0]["guess"], "0123");
        assert_eq!(value["rows"][0]["answer"], "1A2B");
        assert_eq!(value["rows"][0]["bulls"], 1);
        assert_eq!(value["rows"][0]["cows"], 2);
        assert_eq!(value["rows"][1], json!({ "guess": "4567", "answer": null }));
        assert_eq!(value["side"], 1);
        assert_eq!(value["guesses"], 2);
        assert_eq!(value["possible"], 216);
        assert_eq!(value["candidates"], json!([]));
        let solved = MastermindView(&game("0123:0A0B/4567:4A0B b")).json();
        assert_eq!(solved["solved"], true);
        assert_eq!(solved["possible"], 1);
        assert_eq!(solved["candidates"], json!(["4567"]));
    }

    #[test]
    fn scores_read_as_expected_guesses_in_all() {
        let score = |cp| Score {
            value: ScoreValue::Centi(cp),
            bound: None,
        };
        // The breaker to guess, 1 row: 4.21 guesses still to come.
        assert_eq!(
            score_note(1, &score(-421)).as_deref(),
            Some("expects 5.21 guesses in all (1 made)")
        );
        // The maker to answer the 2nd guess: 3.05 more after the answer.
        assert_eq!(
            score_note(2, &score(305)).as_deref(),
            Some("expects 5.05 guesses in all (2 made)")
        );
        let mate = Score {
            value: ScoreValue::Mate(3),
            bound: Some(ScoreBound::Lower),
        };
        assert_eq!(score_note(1, &mate), None);
    }

    #[test]
    fn two_numbers_are_an_answer_only_when_the_maker_answers() {
        let words = |w: &[&str]| w.iter().map(|&s| s.to_owned()).collect::<Vec<_>>();
        let answering = game("0123 m");
        assert_eq!(typed_turn(&answering, words(&["1", "2"])), ["1A2B"]);
        assert_eq!(typed_turn(&answering, words(&["1A2B"])), ["1A2B"]);
        assert_eq!(typed_turn(&answering, words(&["x", "2"])), ["x", "2"]);
        let guessing = game("- b");
        assert_eq!(typed_turn(&guessing, words(&["1", "2"])), ["1", "2"]);
    }
}
