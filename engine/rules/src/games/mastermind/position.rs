//! A Mastermind position and its rules.

use super::answer::Answer;
use super::code::{Code, MastermindRules, RulesError};
use crate::game::{Game, NotationError, Outcome, Player};

/// The breaker: [`Player::One`], who guesses first.
pub const BREAKER: Player = Player::One;
/// The maker: [`Player::Two`], who answers.
pub const MAKER: Player = Player::Two;

/// A move: the breaker's guess or the maker's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MastermindMove {
    /// The breaker asks about a code.
    Guess(Code),
    /// The maker answers the pending guess.
    Answer(Answer),
}

/// One answered guess: a row of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    /// The code asked about.
    pub guess: Code,
    /// The maker's answer to it.
    pub answer: Answer,
}

/// A game of Mastermind: the rules, the answered guesses and the guess
/// waiting for its answer.
///
/// The maker never commits to a secret: any answer is legal as long as some
/// code gives every answer so far, so the maker may be an adversary that
/// keeps its options open. The breaker wins by getting the all-bulls answer
/// within [`MastermindRules::max_guesses`] guesses; the maker wins when the
/// board's rows run out first. There is no draw.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mastermind {
    pub rules: MastermindRules,
    pub rows: Vec<Row>,
    pub pending: Option<Code>,
}

impl Mastermind {
    /// The empty board of these rules, the breaker to guess.
    ///
    /// # Errors
    /// [`RulesError`] when the rules cannot be played.
    pub fn start(rules: MastermindRules) -> Result<Self, RulesError> {
        rules.validate()?;
        Ok(Self {
            rules,
            rows: Vec::new(),
            pending: None,
        })
    }

    /// The rules of this game.
    #[must_use]
    pub fn rules(&self) -> MastermindRules {
        self.rules
    }

    /// The answered guesses, oldest first.
    #[must_use]
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The guess waiting for the maker's answer.
    #[must_use]
    pub fn pending_guess(&self) -> Option<Code> {
        self.pending
    }

    /// Guesses made so far, the pending one included: the breaker's score
    /// once the game is over (fewer is better).
    #[must_use]
    pub fn guesses_made(&self) -> usize {
        self.rows.len() + usize::from(self.pending.is_some())
    }

    /// Whether the last answer was all bulls.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.rows
            .last()
            .is_some_and(|row| row.answer.is_win(self.rules.length))
    }

    /// Whether the game is over: solved, or every row used.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.is_solved()
            || (self.pending.is_none() && self.rows.len() >= usize::from(self.rules.max_guesses))
    }

    /// Whether `code` gives every answer on the board.
    #[must_use]
    pub fn is_consistent(&self, code: Code) -> bool {
        self.rows
            .iter()
            .all(|row| Answer::score(row.guess, code, self.rules.length) == row.answer)
    }

    /// The codes that give every answer so far: what the secret can still be.
    #[must_use]
    pub fn consistent_codes(&self) -> Vec<Code> {
        self.rules
            .all_codes()
            .into_iter()
            .filter(|&code| self.is_consistent(code))
            .collect()
    }

    /// The answers the maker may give to `guess`: those of the codes still
    /// consistent, fewest bulls first, each once.
    #[must_use]
    pub fn possible_answers(&self, guess: Code) -> Vec<Answer> {
        let length = self.rules.length;
        let mut seen = vec![false; Answer::slots(length)];
        for code in self.consistent_codes() {
            seen[Answer::score(guess, code, length).index(length)] = true;
        }
        seen.iter()
            .enumerate()
            .filter(|&(_, &s)| s)
            .map(|(i, _)| Answer::from_index(i, length))
            .collect()
    }
}

impl Game for Mastermind {
    type Move = MastermindMove;
    /// The breaker may ask any of thousands of codes.
    type Moves = Vec<MastermindMove>;

    fn side_to_move(&self) -> Player {
        if self.pending.is_some() {
            MAKER
        } else {
            BREAKER
        }
    }

    /// Every code for the breaker (asking a code again is legal, if
    /// useless); for the maker, every answer some consistent code gives.
    fn legal_moves(&self, moves: &mut Vec<MastermindMove>) {
        if self.is_over() {
            return;
        }
        match self.pending {
            None => moves.extend(
                self.rules
                    .all_codes()
                    .into_iter()
                    .map(MastermindMove::Guess),
            ),
            Some(guess) => moves.extend(
                self.possible_answers(guess)
                    .into_iter()
                    .map(MastermindMove::Answer),
            ),
        }
    }

    fn play(&mut self, mv: MastermindMove) {
        match (mv, self.pending.take()) {
            (MastermindMove::Guess(code), _) => self.pending = Some(code),
            (MastermindMove::Answer(answer), Some(guess)) => {
                self.rows.push(Row { guess, answer });
            }
            // Not a legal move (an answer with no guess): ignored.
            (MastermindMove::Answer(_), None) => {}
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.is_solved() {
            Some(Outcome::Win(BREAKER))
        } else if self.is_over() {
            Some(Outcome::Win(MAKER))
        } else {
            None
        }
    }

    fn parse_move(&self, text: &str) -> Result<MastermindMove, NotationError> {
        self.read_move(text)
    }

    fn format_move(&self, mv: MastermindMove) -> String {
        match mv {
            MastermindMove::Guess(code) => code.text(self.rules.length),
            MastermindMove::Answer(answer) => answer.to_string(),
        }
    }

    fn position_string(&self) -> String {
        self.write_position()
    }
}
