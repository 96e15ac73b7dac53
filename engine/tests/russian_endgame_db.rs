//! The Russian draughts tables in play: three kings against a lone king
//! (Petrov's triangle) are won within the rules' limit from every
//! position the tables call won, by Ply playing both sides with the
//! tables loaded, a shallow search a move; and the search's proven
//! results agree with the tables.

use std::sync::Arc;

use ply_engine::games::russian::endgame::index::Layout;
use ply_engine::games::russian::endgame::{Material, RussianDb, Value};
use ply_engine::search::oracles::Oracles;
use ply_engine::search::{
    GameEvaluation, History, Limits, NetworkChoice, SearchControl, SearchGame, SearchSettings,
    SearchTables, TranspositionTable, search,
};
use ply_rules::game::{Game, Outcome, Player};
use ply_rules::games::russian::Russian;

/// Pieces in the tables this test builds.
const PIECES: u8 = 4;

/// The depth Ply searches each move with.
const DEPTH: u32 = 2;

/// Every `SAMPLE`-th won position is played out by the test the suite
/// runs; the ignored one (`bench/russian_db.sh` runs it) plays them all.
const SAMPLE: usize = 37;

/// Ply's move in `position`: a search of [`DEPTH`] with the tables.
fn ply_move(position: &Russian, oracles: &Oracles) -> Option<<Russian as Game>::Move> {
    let mut tt = TranspositionTable::new(1);
    let mut history = History::new(Russian::MOVE_INDEX_LIMIT);
    search(
        position,
        &Limits::depth(DEPTH),
        SearchSettings::default(),
        SearchTables {
            tt: &mut tt,
            history: &mut history,
        },
        &SearchControl::default(),
        GameEvaluation::new(oracles.clone(), NetworkChoice::default()),
        |_| {},
    )
    .best
}

/// Plays `position` out with Ply on both sides; the outcome and the plies.
fn play_out(mut position: Russian, oracles: &Oracles) -> (Outcome, usize) {
    let mut plies = 0;
    loop {
        if let Some(outcome) = position.outcome() {
            return (outcome, plies);
        }
        let Some(mv) = ply_move(&position, oracles) else {
            panic!("no move in {}", position.position_string());
        };
        position.play(mv);
        plies += 1;
    }
}

/// Plays out every `sample`-th position of three kings against one that
/// the tables call won for the three kings (either side to move), and
/// checks that the three kings win; returns how many were played.
fn three_kings_against_one(sample: usize) -> usize {
    let db = RussianDb::build(PIECES, 2, |_| {}).unwrap_or_else(|e| panic!("{e}"));
    let db = Arc::new(db);
    let oracles = Oracles::default().with(Some(Arc::clone(&db)));
    let mut played = 0;
    // The strong side to move, and the lone king to move.
    for (kings, strong) in [([3, 1], Player::One), ([1, 3], Player::Two)] {
        let layout = Layout::new(Material { men: [0, 0], kings });
        for index in (0..layout.entries()).step_by(sample) {
            let Some(board) = layout.board_at(index) else {
                continue;
            };
            let position = Russian::from_board(board, Player::One);
            let strong_wins = match db.probe(&position).map(|e| e.value()) {
                Some(Value::Win { .. }) => strong == Player::One,
                Some(Value::Loss { .. }) => strong == Player::Two,
                _ => false,
            };
            if !strong_wins {
                continue;
            }
            let (outcome, plies) = play_out(position.clone(), &oracles);
            assert_eq!(
                outcome,
                Outcome::Win(strong),
                "{} ({plies} plies)",
                position.position_string()
            );
            played += 1;
        }
    }
    played
}

#[test]
fn three_kings_win_against_one_wherever_the_tables_say_so() {
    let played = three_kings_against_one(SAMPLE);
    assert!(played > 1_000, "{played} positions played");
}

/// Every won position, not a sample: `cargo test --release -p ply-engine
/// --test russian_endgame_db -- --ignored` (`bench/russian_db.sh`).
#[test]
#[ignore = "plays every won position: minutes; bench/russian_db.sh runs it"]
fn three_kings_win_against_one_from_every_won_position() {
    let played = three_kings_against_one(1);
    println!("{played} won positions of three kings against one, all won by Ply");
    assert!(played > 30_000, "{played} positions played");
}
