//! The tables against what they must be: positions worked by hand, each
//! entry against its children (move by move), and every position
//! reachable from random roots against a plain fixed point over the game
//! graph, which shares nothing with the build but the move generator.

use std::collections::HashMap;
use std::sync::OnceLock;

use ply_rules::game::{MoveList, Player};
use ply_rules::games::russian::draw::KING_MOVES_PLIES;
use ply_rules::games::russian::movegen::generate;
use ply_rules::games::russian::{Board, Russian};

use super::build;
use super::entry::{Entry, Value, Wdl};
use super::index::Layout;
use super::material::Material;
use super::reference::rules_value;
use super::run::TableRun;

/// Pieces in the tables the tests build.
const TEST_PIECES: u8 = 4;

/// The tables of up to [`TEST_PIECES`] pieces, built once.
fn tables() -> &'static TableRun {
    static TABLES: OnceLock<TableRun> = OnceLock::new();
    TABLES.get_or_init(|| {
        build(TEST_PIECES, 2, |_| {}).unwrap_or_else(|e| panic!("cannot build: {e}"))
    })
}

/// The board and side of a position string.
fn position(fen: &str) -> (Board, Player) {
    let game = Russian::from_position_string(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    (*game.board(), game.side)
}

/// The entry of a position string.
fn probe(fen: &str) -> Entry {
    let (board, side) = position(fen);
    tables()
        .probe(&board, side)
        .unwrap_or_else(|| panic!("{fen}: no table"))
}

#[test]
fn positions_worked_by_hand() {
    // White's man on a3 is stuck: b4 is taken and c5 behind it too.
    assert_eq!(probe("W:Wa3:Bb4,c5"), Entry::loss(0));
    // The same seen from Black: Black to move, stuck the same way.
    assert_eq!(probe("B:Wf4,g5:Bh6"), Entry::loss(0));
    // White takes Black's last piece.
    assert_eq!(probe("W:Wc3:Bd4"), Entry::win(1));
    // One king each in open play: nobody can force anything.
    assert_eq!(probe("W:WKa1:BKh2"), Entry::DRAW);
    // A lone king on the main road against three kings: a draw.
    assert_eq!(probe("B:WKc1,Ke1,Kg1:BKd4"), Entry::DRAW);
}

#[test]
fn a_position_and_its_mirror_read_the_same() {
    let mut rng = fastrand::Rng::with_seed(7);
    for material in Material::all(TEST_PIECES) {
        let layout = Layout::new(material);
        for _ in 0..50 {
            let Some(board) = layout.board_at(rng.u64(0..layout.entries())) else {
                continue;
            };
            let white = tables().probe(&board, Player::One);
            let black = tables().probe(&board.flipped(), Player::Two);
            assert!(white.is_some());
            assert_eq!(white, black);
            assert_eq!(board.flipped().flipped(), board);
        }
    }
}

/// What an entry must be, given its children's entries (the rules of
/// `build.rs`, read off the moves): with the move limits aside, won if a
/// move leads to a lost position, lost if every move leads to a won one;
/// under the rules, won with the least cost of a move to a proven loss,
/// lost with the greatest cost when every move leads to a proven win,
/// within the material's horizon. A king's move costs one ply more than
/// its child's MTC; any other move one ply, or where a man's step keeps
/// the count running, one more than its child's MTC.
fn entry_from_children(tables: &TableRun, board: &Board) -> Option<Entry> {
    let limits = Material::of(board).limits();
    let horizon = u32::from(limits.horizon);
    let mut moves = MoveList::new();
    generate(board, Player::One, &mut moves);
    if moves.is_empty() {
        return Some(Entry::loss(0));
    }
    let mut unlimited_win = false;
    let mut unlimited_all_won = true;
    let mut quickest_win: Option<u32> = None;
    let mut slowest_loss = 0;
    let mut all_proven_won = true;
    for &mv in &moves {
        let mut child = *board;
        child.apply(Player::One, mv);
        let child = child.flipped();
        let entry = tables.probe_white(&child)?;
        match entry.unlimited() {
            Wdl::Loss => unlimited_win = true,
            Wdl::Draw => unlimited_all_won = false,
            Wdl::Win => {}
        }
        let king_move = board.kings & (1 << mv.from) != 0 && !mv.is_capture();
        let step = board.kings & (1 << mv.from) == 0 && !mv.is_capture() && !mv.crowned;
        let child_mtc = u32::from(entry.mtc().unwrap_or(0));
        let cost = if king_move || (step && limits.steps_carry) {
            child_mtc + 1
        } else {
            1
        };
        match entry.value() {
            Value::Loss { .. } => quickest_win = Some(quickest_win.map_or(cost, |q| q.min(cost))),
            Value::Win { .. } => slowest_loss = slowest_loss.max(cost),
            _ => all_proven_won = false,
        }
    }
    Some(match quickest_win {
        Some(plies) if plies <= horizon => Entry::win(plies),
        _ if all_proven_won && slowest_loss <= horizon => Entry::loss(slowest_loss),
        _ if unlimited_win => Entry::CURSED_WIN,
        _ if unlimited_all_won => Entry::CURSED_LOSS,
        _ => Entry::DRAW,
    })
}

#[test]
fn every_entry_follows_from_its_children() {
    let tables = tables();
    let mut rng = fastrand::Rng::with_seed(11);
    let mut checked = 0;
    for (layout, _) in tables.directory().tables() {
        let Some((_, entries)) = tables.table(layout.material) else {
            panic!("{:?} was not built", layout.material);
        };
        // Every position of the small tables, a sample of the others.
        let indices: Vec<u64> = if layout.entries() <= 50_000 {
            (0..layout.entries()).collect()
        } else {
            (0..20_000).map(|_| rng.u64(0..layout.entries())).collect()
        };
        for index in indices {
            let Some(board) = layout.board_at(index) else {
                continue;
            };
            let entry = Entry(entries[index as usize]);
            let expected = entry_from_children(tables, &board);
            assert_eq!(Some(entry), expected, "{board:?}");
            checked += 1;
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// A child of a move in the plain graph: a position, or none when the
/// move took the opponent's last piece.
type Child = Option<usize>;

/// The values of every position reachable from `root` (White to move) by
/// a plain fixed point: won when a move leads to a lost position, lost
/// when every move leads to a won one, repeated until nothing changes;
/// the rest drawn. `None` when more than `cap` positions are reachable.
fn plain_values(root: Board, cap: usize) -> Option<Vec<(Board, Wdl)>> {
    // 1. The graph: every reachable position, White to move.
    let mut nodes = vec![root];
    let mut number: HashMap<Board, usize> = HashMap::from([(root, 0)]);
    let mut children: Vec<Vec<Child>> = Vec::new();
    while children.len() < nodes.len() {
        let board = nodes[children.len()];
        let mut moves = MoveList::new();
        generate(&board, Player::One, &mut moves);
        let mut kids = Vec::new();
        for &mv in &moves {
            let mut child = board;
            child.apply(Player::One, mv);
            let child = child.flipped();
            if child.pieces[0] == 0 {
                kids.push(None);
                continue;
            }
            let id = *number.entry(child).or_insert_with(|| {
                nodes.push(child);
                nodes.len() - 1
            });
            kids.push(Some(id));
        }
        children.push(kids);
        if nodes.len() > cap {
            return None;
        }
    }
    // 2. The fixed point.
    let mut value: Vec<Option<Wdl>> = vec![None; nodes.len()];
    loop {
        let mut changed = false;
        for node in 0..nodes.len() {
            if value[node].is_some() {
                continue;
            }
            let kids = &children[node];
            let is = |kid: &Child, wdl: Wdl| kid.is_none_or(|k| value[k] == Some(wdl));
            let lost_kid = |kid: &Child| kid.is_none() || is(kid, Wdl::Loss);
            if kids.iter().any(lost_kid) {
                value[node] = Some(Wdl::Win);
                changed = true;
            } else if kids.iter().all(|kid| kid.is_some() && is(kid, Wdl::Win)) {
                value[node] = Some(Wdl::Loss);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Some(
        nodes
            .into_iter()
            .zip(value)
            .map(|(board, wdl)| (board, wdl.unwrap_or(Wdl::Draw)))
            .collect(),
    )
}

#[test]
fn values_match_a_plain_fixed_point_over_the_game_graph() {
    let tables = tables();
    let mut rng = fastrand::Rng::with_seed(5);
    let mut roots = 0;
    let mut compared = 0;
    let materials = Material::all(TEST_PIECES);
    for attempt in 0..400 {
        if roots >= 40 {
            break;
        }
        let material = materials[attempt % materials.len()];
        let layout = Layout::new(material);
        let Some(root) = layout.board_at(rng.u64(0..layout.entries())) else {
            continue;
        };
        let Some(values) = plain_values(root, 60_000) else {
            continue;
        };
        roots += 1;
        for (board, wdl) in values {
            let entry = tables
                .probe_white(&board)
                .unwrap_or_else(|| panic!("{board:?}: no table"));
            assert_eq!(entry.unlimited(), wdl, "{board:?} (from {root:?})");
            compared += 1;
        }
    }
    assert!(roots >= 20, "{roots} roots");
    assert!(compared > 100_000, "{compared}");
}

#[test]
fn values_under_the_rules_match_a_plain_search_with_the_draw_counts() {
    let tables = tables();
    let mut rng = fastrand::Rng::with_seed(3);
    let mut memo = HashMap::new();
    let mut compared = 0;
    for material in Material::all(3) {
        let layout = Layout::new(material);
        let limits = material.limits();
        for _ in 0..40 {
            let Some(board) = layout.board_at(rng.u64(0..layout.entries())) else {
                continue;
            };
            let entry = tables
                .probe_white(&board)
                .unwrap_or_else(|| panic!("{board:?}: no table"));
            // At the entry to the material: the tables' value exactly.
            let expected = match entry.value() {
                Value::Win { .. } => 1,
                Value::Loss { .. } => -1,
                _ => 0,
            };
            assert_eq!(rules_value(board, 0, 0, &mut memo), expected, "{board:?}");
            compared += 1;
            // A proven result holds while its MTC fits in the plies left,
            // and not one ply less.
            if let Some(mtc) = entry.mtc().filter(|&m| m > 0 && expected != 0) {
                let spare = limits.horizon - u16::from(mtc);
                let counts = |spent: u16| {
                    if limits.steps_carry {
                        (spent.min(KING_MOVES_PLIES), spent)
                    } else {
                        (spent, 0)
                    }
                };
                let (k, b) = counts(spare);
                assert_eq!(
                    rules_value(board, k, b, &mut memo),
                    expected,
                    "{board:?} {mtc}"
                );
                let (k, b) = counts(spare + 1);
                assert_eq!(
                    rules_value(board, k, b, &mut memo),
                    0,
                    "{board:?} {mtc} + 1"
                );
            }
        }
    }
    assert!(compared > 300, "{compared}");
}
