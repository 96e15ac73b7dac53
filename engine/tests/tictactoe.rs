//! Tic-tac-toe: the engine never loses and takes a win when there is one.
//!
//! Every position reachable from the empty board is walked; in each that
//! is not over, the engine's real search (`go depth 9`: the library's
//! search with the game's own evaluation) picks a move, and that move must
//! keep the game-theoretic value found by a plain minimax written here on
//! a board of its own, sharing no code with the engine.

use std::collections::HashMap;

use ply_engine::search::SearchGame;
use ply_engine::search::{
    GameEvaluation, History, Limits, SearchControl, SearchSettings, SearchTables,
    TranspositionTable, search,
};
use ply_rules::game::{Game, NotationError, Player};
use ply_rules::games::tictactoe::TicTacToe;

/// Positions reachable from the empty board, the empty board and finished
/// games included (a well-known count).
const REACHABLE: usize = 5_478;

/// A board of its own: cells from a3 (top left) row by row to c1, 'x',
/// 'o' or '.', and the mark to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Plain {
    cells: [u8; 9],
    to_move: u8,
}

/// Rows, columns and diagonals as cell indices.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Plain {
    fn empty() -> Self {
        Self {
            cells: [b'.'; 9],
            to_move: b'x',
        }
    }

    fn winner(&self) -> Option<u8> {
        LINES.iter().find_map(|line| {
            let first = self.cells[line[0]];
            (first != b'.' && line.iter().all(|&i| self.cells[i] == first)).then_some(first)
        })
    }

    fn over(&self) -> bool {
        self.winner().is_some() || !self.cells.contains(&b'.')
    }

    fn children(&self) -> Vec<Self> {
        if self.over() {
            return Vec::new();
        }
        (0..9)
            .filter(|&i| self.cells[i] == b'.')
            .map(|i| {
                let mut child = *self;
                child.cells[i] = self.to_move;
                child.to_move = if self.to_move == b'x' { b'o' } else { b'x' };
                child
            })
            .collect()
    }

    /// The position string, written here: ranks from the top.
    fn text(&self) -> String {
        let rank = |r: usize| String::from_utf8_lossy(&self.cells[3 * r..3 * r + 3]).into_owned();
        format!(
            "{}/{}/{} {}",
            rank(0),
            rank(1),
            rank(2),
            char::from(self.to_move)
        )
    }

    /// +1 if the side to move wins with perfect play, 0 draw, -1 loss:
    /// plain minimax, memoised.
    fn value(&self, memo: &mut HashMap<Self, i32>) -> i32 {
        if let Some(&v) = memo.get(self) {
            return v;
        }
        let v = match self.winner() {
            // The last mover made the line: the side to move has lost.
            Some(_) => -1,
            None if self.over() => 0,
            None => self
                .children()
                .iter()
                .map(|c| -c.value(memo))
                .max()
                .unwrap_or(0),
        };
        memo.insert(*self, v);
        v
    }
}

/// Every position reachable from the empty board.
fn reachable() -> Vec<Plain> {
    let mut seen = HashMap::new();
    let mut stack = vec![Plain::empty()];
    while let Some(p) = stack.pop() {
        if seen.insert(p, ()).is_none() {
            stack.extend(p.children());
        }
    }
    seen.into_keys().collect()
}

/// The engine's move in `position`, as `go depth 9` finds it.
fn engine_move(position: &TicTacToe, tt: &mut TranspositionTable, history: &mut History) -> u8 {
    tt.clear();
    history.clear();
    let result = search(
        position,
        &Limits::depth(9),
        SearchSettings::default(),
        SearchTables { tt, history },
        &SearchControl::default(),
        GameEvaluation::default(),
        |_| {},
    );
    result.best.expect("a move in a position that is not over")
}

#[test]
fn the_engine_keeps_the_value_of_every_reachable_position() {
    let positions = reachable();
    assert_eq!(positions.len(), REACHABLE);
    let mut memo = HashMap::new();
    let mut tt = TranspositionTable::new(1);
    let mut history = History::new(TicTacToe::MOVE_INDEX_LIMIT);
    let mut checked = 0;
    let mut wins_taken = 0;
    for plain in &positions {
        let position = TicTacToe::from_position_string(&plain.text())
            .unwrap_or_else(|e| panic!("a reachable position reads: {e}"));
        assert_eq!(position.position_string(), plain.text());
        assert_eq!(position.outcome().is_some(), plain.over());
        if plain.over() {
            continue;
        }
        let value = plain.value(&mut memo);
        let mv = engine_move(&position, &mut tt, &mut history);
        let mut after = position;
        after.play(mv);
        let child = plain
            .children()
            .into_iter()
            .find(|c| c.text() == after.position_string())
            .expect("the engine's move is legal");
        assert_eq!(
            -child.value(&mut memo),
            value,
            "{} played {} at {}",
            plain.text(),
            position.format_move(mv),
            plain.text()
        );
        checked += 1;
        if value == 1 {
            wins_taken += 1;
        }
    }
    // 4,520 positions are not over; many of them are won for the mover.
    assert_eq!(checked, 4_520);
    assert!(wins_taken > 1_000, "{wins_taken}");
}

#[test]
fn the_engine_wins_at_once_when_it_can() {
    let mut tt = TranspositionTable::new(1);
    let mut history = History::new(TicTacToe::MOVE_INDEX_LIMIT);
    // x can win on c3, and must not only block c1.
    let position = TicTacToe::from_position_string("xx./.../oo. x").unwrap();
    let mv = engine_move(&position, &mut tt, &mut history);
    assert_eq!(position.format_move(mv), "c3");
}

#[test]
fn exactly_the_reachable_positions_are_accepted() {
    // Every board of x, o and . with either side to move: the position
    // string accepts those play can reach, and no other.
    let reachable: std::collections::HashSet<String> =
        reachable().iter().map(Plain::text).collect();
    let mut accepted = 0;
    for code in 0..3u32.pow(9) {
        let mut cells = [b'.'; 9];
        let mut rest = code;
        for cell in &mut cells {
            *cell = [b'.', b'x', b'o'][usize::try_from(rest % 3).unwrap()];
            rest /= 3;
        }
        for to_move in [b'x', b'o'] {
            let text = Plain { cells, to_move }.text();
            match TicTacToe::from_position_string(&text) {
                Ok(position) => {
                    accepted += 1;
                    assert!(reachable.contains(&text), "{text} is not reachable");
                    let side = if to_move == b'x' {
                        Player::One
                    } else {
                        Player::Two
                    };
                    assert_eq!(position.side_to_move(), side);
                }
                Err(NotationError::BadPosition { .. }) => {
                    assert!(!reachable.contains(&text), "{text} is reachable");
                }
                Err(other) => panic!("{other}"),
            }
        }
    }
    assert_eq!(accepted, REACHABLE);
}
