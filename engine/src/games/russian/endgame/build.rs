//! The build: retrograde analysis over Ply's own move generator.
//!
//! The materials are solved in the order of [`Material::all`], a material
//! together with its mirror (a quiet move leads from one to the other).
//! Within such a pair, a man's step is irreversible and adds one to the
//! men's progress ([`men_progress`]), so the men blocks are solved from
//! the most advanced down. Within one progress (a "unit") only kings
//! move; every other move (a capture, a crowning, a man's step) leads to
//! a position already solved.
//!
//! Each unit is solved twice, with the same algorithm:
//! - **unlimited**: the value with the move limits left aside (every move
//!   out of the unit counts one ply; no limit on the plies);
//! - **proven**: the value under the rules, move limits included, as
//!   [`Limits`] counts them for the material: a move out of the unit is
//!   a conversion worth one ply (or, where a man's step keeps the count
//!   running, one ply more than the MTC of the position it leads to), and
//!   a win counts only if its conversion comes within the horizon.
//!
//! A run is a retrograde analysis with levels (plies to conversion):
//! 1. **Start.** Each position's moves are generated. No move: lost at
//!    level 0. A move out of the unit to a position lost for the opponent
//!    makes a win pending at that move's cost; one to a position won for
//!    the opponent sets the least level a loss can have; one to a
//!    position neither won nor lost notes a drawing way out. The king
//!    moves (which stay in the unit) are counted.
//! 2. **Level by level**, from 0: a pending win or loss is decided at its
//!    level if nothing decided the position before; each position decided
//!    at level `n` decides what it can of the positions a king move leads
//!    from to it (unmoves: a king of the side that just moved steps back
//!    along a free diagonal, where that side had no capture, since a quiet
//!    move was legal). If it is lost, they are won at `n + 1`; if it is
//!    won, their count of undecided king moves goes down, and at zero they
//!    are lost at `n + 1` or at their least loss level, whichever is
//!    later (or neither, when a way out draws or the loss comes past the
//!    horizon).
//! 3. **The rest** is neither won nor lost: no side can force anything
//!    (within the horizon).
//!
//! The winning side reaches its win at the lowest level it can and the
//! losing side's loss is decided only when its last move is, so a level
//! counts the plies with the winner hurrying and the loser delaying. A
//! position won by the proven run is a win with that MTC; one won only by
//! the unlimited run is a cursed win (see `entry.rs`).
//!
//! Steps 1 and 2 run on every thread: the states and counts are atomic
//! bytes, and a position is decided by one compare-and-swap from
//! undecided, so two threads never both decide it.

use std::ops::Range;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ply_rules::game::{MoveList, Player};
use ply_rules::games::russian::Board;
use ply_rules::games::russian::capture::has_capture;
use ply_rules::games::russian::movegen::generate;
use ply_rules::games::russian::squares::{Bits, Direction, NEIGHBOUR, NONE};

use super::entry::{Entry, Value, Wdl};
use super::index::{Layout, men_progress};
use super::material::{Limits, Material};
use super::run::TableRun;

/// Most pieces the build supports: eight kings have at most 8 × 13 = 104
/// king moves, which a position's count holds in 7 bits.
pub const MAX_BUILD_PIECES: u8 = 8;

/// Positions (or bucket items) a thread takes at a time.
const CHUNK: usize = 1 << 12;

/// A position's state in a run: not decided yet.
const UNDECIDED: u8 = 0;
/// Decided neither won nor lost.
const NEITHER: u8 = 1;
/// Won; the low bits hold the level, saturated at [`LEVEL`].
const WON: u8 = 0x40;
/// Lost; the low bits hold the level, saturated at [`LEVEL`].
const LOST: u8 = 0x80;
/// The level bits of a state.
const LEVEL: u8 = 0x3F;

/// The bit of a position's count that says a way out draws.
const DRAWING_WAY_OUT: u8 = 0x80;
/// The bits of a position's count that count its undecided king moves.
const KING_MOVES: u8 = 0x7F;

/// No pending win.
const NO_WIN: u8 = u8::MAX;

/// A bucket item names a position by its slice (bit 63), what is to be
/// done (the two bits below) and its index (the rest).
const SLICE_BIT: u64 = 1 << 63;
/// Where an item's kind starts.
const KIND_SHIFT: u32 = 61;
/// An item's index bits.
const INDEX_MASK: u64 = (1 << KIND_SHIFT) - 1;
/// The position was decided when the item was made: tell its parents.
const DECIDED: u64 = 0;
/// Decide a win at this level unless decided before, then tell its parents.
const PENDING_WIN: u64 = 1;
/// Decide a loss at this level unless decided before, then tell its parents.
const PENDING_LOSS: u64 = 2;

/// What one solved material cost and holds, for the build's report.
#[derive(Clone, Copy, Debug)]
pub struct MaterialReport {
    /// The material.
    pub material: Material,
    /// Entries of its table (some stand for no position: two men on one
    /// square).
    pub entries: u64,
    /// Positions won under the rules by the side to move.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions lost under the rules.
    pub losses: u64,
    /// Cursed wins and losses.
    pub cursed: u64,
    /// The longest MTC of a win.
    pub longest_win: u8,
    /// Time to solve it with its mirror.
    pub elapsed: Duration,
}

/// Builds the tables of every material with at most `max_pieces` pieces
/// on `threads` threads, calling `report` after each material.
///
/// # Errors
/// Fewer than 2 or more than [`MAX_BUILD_PIECES`] pieces, or tables that
/// do not fit in memory.
pub fn build(
    max_pieces: u8,
    threads: usize,
    mut report: impl FnMut(&MaterialReport),
) -> Result<TableRun, String> {
    if !(2..=MAX_BUILD_PIECES).contains(&max_pieces) {
        return Err(format!(
            "Russian draughts tables are built for 2 to {MAX_BUILD_PIECES} pieces, not {max_pieces}"
        ));
    }
    let mut tables = TableRun::new(max_pieces)?;
    let all = Material::all(max_pieces);
    let mut next = 0;
    while next < all.len() {
        let first = all[next];
        let mirror = first.mirrored();
        let pair: Vec<Material> = if mirror == first {
            vec![first]
        } else {
            vec![first, mirror]
        };
        next += pair.len();
        let started = Instant::now();
        let solved = Pair::new(&tables, &pair)?.solve(threads.max(1));
        let elapsed = started.elapsed();
        for (&material, entries) in pair.iter().zip(solved) {
            report(&material_report(material, &entries, elapsed));
            tables.push(material, &entries);
        }
    }
    Ok(tables)
}

/// Counts a solved table's values.
fn material_report(material: Material, entries: &[u8], elapsed: Duration) -> MaterialReport {
    let layout = Layout::new(material);
    let mut report = MaterialReport {
        material,
        entries: entries.len() as u64,
        wins: 0,
        draws: 0,
        losses: 0,
        cursed: 0,
        longest_win: 0,
        elapsed,
    };
    for block in 0..layout.blocks() {
        if layout.men_of_block(block).is_none() {
            continue;
        }
        let start = (block * layout.block) as usize;
        for &byte in &entries[start..start + layout.block as usize] {
            match Entry(byte).value() {
                Value::Win { mtc } => {
                    report.wins += 1;
                    report.longest_win = report.longest_win.max(mtc);
                }
                Value::Draw => report.draws += 1,
                Value::Loss { .. } => report.losses += 1,
                Value::CursedWin | Value::CursedLoss => report.cursed += 1,
            }
        }
    }
    report
}

/// Which value of a solved position a run reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// The value with the move limits aside.
    Unlimited,
    /// The value proven under the rules, with its MTC.
    Proven,
}

/// One of the two analyses of a unit (see the module docs).
#[derive(Clone, Copy, Debug)]
struct Run {
    /// What it reads of the positions a move leads out of the unit to.
    reading: Reading,
    /// The highest level it decides.
    horizon: u32,
    /// Whether a man's step costs one ply more than the MTC of where it
    /// leads, rather than one ply.
    steps_carry: bool,
}

impl Run {
    /// The move limits aside.
    const UNLIMITED: Self = Self {
        reading: Reading::Unlimited,
        horizon: u32::MAX,
        steps_carry: false,
    };

    /// Under the rules, with a material's limits.
    fn proven(limits: Limits) -> Self {
        Self {
            reading: Reading::Proven,
            horizon: u32::from(limits.horizon),
            steps_carry: limits.steps_carry,
        }
    }

    /// What a solved position's `entry` is to this run, for its own side
    /// to move: won, lost or neither (as [`WON`], [`LOST`], [`NEITHER`]),
    /// and its MTC when proven.
    fn read(self, entry: Entry) -> (u8, u32) {
        match self.reading {
            Reading::Unlimited => match entry.unlimited() {
                Wdl::Win => (WON, 0),
                Wdl::Loss => (LOST, 0),
                Wdl::Draw => (NEITHER, 0),
            },
            Reading::Proven => match entry.value() {
                Value::Win { mtc } => (WON, u32::from(mtc)),
                Value::Loss { mtc } => (LOST, u32::from(mtc)),
                _ => (NEITHER, 0),
            },
        }
    }
}

/// Positions to visit by level: `items[level]`.
#[derive(Default)]
struct Buckets {
    /// The items of each level.
    items: Vec<Vec<u64>>,
}

impl Buckets {
    /// Adds `item` at `level`.
    fn push(&mut self, level: u32, item: u64) {
        let level = level as usize;
        if self.items.len() <= level {
            self.items.resize_with(level + 1, Vec::new);
        }
        self.items[level].push(item);
    }

    /// Adds every item of `other`.
    fn absorb(&mut self, other: Buckets) {
        for (level, items) in other.items.into_iter().enumerate() {
            if items.is_empty() {
                continue;
            }
            if self.items.len() <= level {
                self.items.resize_with(level + 1, Vec::new);
            }
            self.items[level].extend(items);
        }
    }
}

/// The bucket item for `kind` on position `index` of `slice`.
fn item(kind: u64, slice: usize, index: usize) -> u64 {
    (slice as u64 * SLICE_BIT) | (kind << KIND_SHIFT) | index as u64
}

/// A state byte for a win or loss at `level`.
fn decided(won_or_lost: u8, level: u32) -> u8 {
    won_or_lost | level.min(u32::from(LEVEL)) as u8
}

/// A material and its mirror, being solved.
struct Pair<'a> {
    /// The materials solved before.
    solved: &'a TableRun,
    /// The layouts of the one or two slices (a material that is its own
    /// mirror has one).
    layouts: Vec<Layout>,
    /// How the move limits bear on the pair (the same for both: the rules
    /// treat the sides alike).
    limits: Limits,
    /// Each slice's entries: final once its unit is solved.
    entries: Vec<Vec<AtomicU8>>,
    /// Each slice's states in the current run.
    state: Vec<Vec<AtomicU8>>,
    /// Each slice's counts of undecided king moves, with the drawing bit.
    counts: Vec<Vec<AtomicU8>>,
    /// Each slice's pending win levels ([`NO_WIN`]: none).
    win_at: Vec<Vec<AtomicU8>>,
    /// Each slice's least loss levels.
    loss_at: Vec<Vec<AtomicU8>>,
}

impl<'a> Pair<'a> {
    /// Room for the pair of `materials` (one or two).
    fn new(solved: &'a TableRun, materials: &[Material]) -> Result<Self, String> {
        let layouts: Vec<Layout> = materials.iter().map(|&m| Layout::new(m)).collect();
        let bytes = || -> Result<Vec<Vec<AtomicU8>>, String> {
            layouts
                .iter()
                .map(|layout| {
                    let len = usize::try_from(layout.entries())
                        .ok()
                        .filter(|&len| (len as u64) <= INDEX_MASK)
                        .ok_or_else(|| {
                            format!("the table of {} is too big", layout.material.describe())
                        })?;
                    atomic_bytes(len)
                })
                .collect()
        };
        Ok(Self {
            solved,
            limits: materials[0].limits(),
            entries: bytes()?,
            state: bytes()?,
            counts: bytes()?,
            win_at: bytes()?,
            loss_at: bytes()?,
            layouts,
        })
    }

    /// Solves the pair: its slices' entries.
    fn solve(self, threads: usize) -> Vec<Vec<u8>> {
        for unit in self.units().into_iter().rev() {
            self.run(&unit, Run::UNLIMITED, threads);
            // The limits only turn wins into draws: a unit without a win
            // or a loss has none under them either.
            if self.record(&unit, Run::UNLIMITED, threads) > 0 {
                let proven = Run::proven(self.limits);
                self.run(&unit, proven, threads);
                self.record(&unit, proven, threads);
            }
        }
        self.entries
            .into_iter()
            .map(|slice| slice.into_iter().map(AtomicU8::into_inner).collect())
            .collect()
    }

    /// The men blocks that stand for positions, by progress (most advanced
    /// last).
    fn units(&self) -> Vec<Vec<(usize, u64)>> {
        let mut units: Vec<Vec<(usize, u64)>> = Vec::new();
        for (slice, layout) in self.layouts.iter().enumerate() {
            for block in 0..layout.blocks() {
                let Some(men) = layout.men_of_block(block) else {
                    continue;
                };
                let progress = men_progress(men) as usize;
                if units.len() <= progress {
                    units.resize_with(progress + 1, Vec::new);
                }
                units[progress].push((slice, block));
            }
        }
        units
    }

    /// The slice a quiet move from `slice` leads to.
    fn mirror_of(&self, slice: usize) -> usize {
        (slice + 1) % self.layouts.len()
    }

    /// Positions in a men block (the same in both slices).
    fn block_len(&self) -> usize {
        self.layouts[0].block as usize
    }

    /// The slice and index of the `at`-th position of `unit`.
    fn position_of(&self, unit: &[(usize, u64)], at: usize) -> (usize, usize) {
        let block = self.block_len();
        let (slice, men_block) = unit[at / block];
        (slice, men_block as usize * block + at % block)
    }

    /// Steps 1 to 3 of the module docs for one unit and one run: leaves
    /// the states of the unit's positions.
    fn run(&self, unit: &[(usize, u64)], run: Run, threads: usize) {
        let positions = unit.len() * self.block_len();
        // 1. Start.
        let mut buckets = Buckets::default();
        for part in in_parallel(threads, positions, |range, out: &mut Buckets| {
            self.start_positions(unit, range, run, out);
        }) {
            buckets.absorb(part);
        }
        // 2. Level by level.
        let mut level = 0;
        while level < buckets.items.len() && level as u32 <= run.horizon {
            let items = std::mem::take(&mut buckets.items[level]);
            for part in in_parallel(threads, items.len(), |range, out: &mut Buckets| {
                for &item in &items[range] {
                    self.settle(item, level as u32, run, out);
                }
            }) {
                buckets.absorb(part);
            }
            level += 1;
        }
        // 3. The rest: the states still undecided read as neither.
    }

    /// Writes what `run` found into the unit's entries: the unlimited run
    /// writes cursed wins and losses and draws, the proven run then
    /// overwrites its wins and losses. Returns the positions won or lost.
    fn record(&self, unit: &[(usize, u64)], run: Run, threads: usize) -> u64 {
        let positions = unit.len() * self.block_len();
        let counted = in_parallel(threads, positions, |range, decided: &mut u64| {
            for at in range {
                let (slice, index) = self.position_of(unit, at);
                let state = self.state[slice][index].load(Ordering::Relaxed);
                let level = u32::from(state & LEVEL);
                let entry = match (run.reading, state & (WON | LOST)) {
                    (Reading::Unlimited, WON) => Entry::CURSED_WIN,
                    (Reading::Unlimited, LOST) => Entry::CURSED_LOSS,
                    (Reading::Unlimited, _) => Entry::DRAW,
                    (Reading::Proven, WON) => Entry::win(level),
                    (Reading::Proven, LOST) => Entry::loss(level),
                    (Reading::Proven, _) => continue,
                };
                *decided += u64::from(entry != Entry::DRAW);
                self.entries[slice][index].store(entry.0, Ordering::Relaxed);
            }
        });
        counted.into_iter().sum()
    }

    /// Step 1 for the positions `range` of `unit`.
    fn start_positions(
        &self,
        unit: &[(usize, u64)],
        range: Range<usize>,
        run: Run,
        out: &mut Buckets,
    ) {
        let block = self.block_len();
        let mut men = None;
        let mut men_block = usize::MAX;
        for at in range {
            let (slice, men_index) = unit[at / block];
            if at / block != men_block {
                men_block = at / block;
                men = self.layouts[slice].men_of_block(men_index);
            }
            let Some(men) = men else {
                continue;
            };
            let board = self.layouts[slice].board_in_block(men, (at % block) as u64);
            let index = men_index as usize * block + at % block;
            let start = self.start(slice, &board, run);
            self.state[slice][index].store(start.state, Ordering::Relaxed);
            self.counts[slice][index].store(start.count, Ordering::Relaxed);
            self.win_at[slice][index].store(start.win_at, Ordering::Relaxed);
            self.loss_at[slice][index].store(start.loss_at, Ordering::Relaxed);
            if start.state & LOST != 0 {
                out.push(0, item(DECIDED, slice, index));
            } else if start.win_at != NO_WIN {
                out.push(u32::from(start.win_at), item(PENDING_WIN, slice, index));
            } else if start.state == UNDECIDED && start.count & KING_MOVES == 0 {
                out.push(u32::from(start.loss_at), item(PENDING_LOSS, slice, index));
            }
        }
    }

    /// Step 1 for one position of `slice` (White to move).
    fn start(&self, slice: usize, board: &Board, run: Run) -> Start {
        let mut moves = MoveList::new();
        generate(board, Player::One, &mut moves);
        if moves.is_empty() {
            return Start {
                state: decided(LOST, 0),
                count: 0,
                win_at: NO_WIN,
                loss_at: 0,
            };
        }
        let mut king_moves = 0u8;
        let mut drawing = false;
        let mut win_at: Option<u32> = None;
        let mut loss_at = 0;
        for &mv in &moves {
            let king = board.kings & (1 << mv.from) != 0;
            if king && !mv.is_capture() {
                king_moves += 1;
                continue;
            }
            let mut child = *board;
            child.apply(Player::One, mv);
            let child = child.flipped();
            let step = !mv.is_capture() && !mv.crowned;
            let entry = if step {
                // A man's step: the same pieces, the mirror slice, a block
                // of more progress, solved.
                let mirror = self.mirror_of(slice);
                let index = self.layouts[mirror].index(&child) as usize;
                Entry(self.entries[mirror][index].load(Ordering::Relaxed))
            } else {
                self.solved.probe_white(&child).unwrap_or_else(|| {
                    unreachable!("a capture or crowning leads to a material solved before")
                })
            };
            let (class, mtc) = run.read(entry);
            let cost = if run.steps_carry && step { 1 + mtc } else { 1 };
            match class {
                LOST => win_at = Some(win_at.map_or(cost, |w| w.min(cost))),
                WON => loss_at = loss_at.max(cost),
                _ => drawing = true,
            }
        }
        let win_at = win_at
            .filter(|&w| w <= run.horizon)
            .map_or(NO_WIN, |w| w.min(u32::from(NO_WIN) - 1) as u8);
        let state = if king_moves == 0 && win_at == NO_WIN && (drawing || loss_at > run.horizon) {
            NEITHER
        } else {
            UNDECIDED
        };
        Start {
            state,
            count: king_moves | if drawing { DRAWING_WAY_OUT } else { 0 },
            win_at,
            loss_at: loss_at.min(u32::from(u8::MAX)) as u8,
        }
    }

    /// Step 2 for one bucket item at `level`: decides a pending position,
    /// then tells the positions a king move leads from to it.
    fn settle(&self, item: u64, level: u32, run: Run, out: &mut Buckets) {
        let slice = (item / SLICE_BIT) as usize;
        let kind = (item >> KIND_SHIFT) & 0b11;
        let index = (item & INDEX_MASK) as usize;
        let cell = &self.state[slice][index];
        let decide = |state: u8| {
            cell.compare_exchange(UNDECIDED, state, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        };
        let now = match kind {
            PENDING_WIN => decide(decided(WON, level)),
            PENDING_LOSS => decide(decided(LOST, level)),
            _ => true,
        };
        if !now {
            return;
        }
        let lost = cell.load(Ordering::Relaxed) & LOST != 0;
        let Some(board) = self.layouts[slice].board_at(index as u64) else {
            return;
        };
        // The side that just moved is White on the flipped board.
        let before = board.flipped();
        let from_slice = self.mirror_of(slice);
        let empty = before.empty();
        for king in Bits(before.kings_of(Player::One)) {
            for dir in Direction::ALL {
                let mut at = NEIGHBOUR[dir.index()][usize::from(king)];
                while at != NONE && empty & (1 << at) != 0 {
                    let moved = (1u32 << king) | (1u32 << at);
                    let mut parent = before;
                    parent.pieces[0] ^= moved;
                    parent.kings ^= moved;
                    if !has_capture(&parent, Player::One) {
                        let parent_index = self.layouts[from_slice].index(&parent) as usize;
                        self.tell_parent(from_slice, parent_index, lost, level, run, out);
                    }
                    at = NEIGHBOUR[dir.index()][usize::from(at)];
                }
            }
        }
    }

    /// What a child decided at `level`, lost (or won), tells its parent
    /// `index` of `slice`.
    fn tell_parent(
        &self,
        slice: usize,
        index: usize,
        child_lost: bool,
        level: u32,
        run: Run,
        out: &mut Buckets,
    ) {
        let cell = &self.state[slice][index];
        if cell.load(Ordering::Relaxed) != UNDECIDED {
            return;
        }
        let decide = |state: u8| {
            cell.compare_exchange(UNDECIDED, state, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        };
        let next = level + 1;
        let win_at = u32::from(self.win_at[slice][index].load(Ordering::Relaxed));
        if child_lost {
            // A pending win at this level or the next decides the
            // position itself: an item of this level may not be settled
            // yet, and must not be overtaken by a win one ply longer.
            if next <= run.horizon && win_at > next && decide(decided(WON, next)) {
                out.push(next, item(DECIDED, slice, index));
            }
            return;
        }
        let before = self.counts[slice][index].fetch_sub(1, Ordering::Relaxed);
        if before & KING_MOVES != 1 || win_at != u32::from(NO_WIN) {
            // King moves left, or a winning way out decides it.
            return;
        }
        let loss_at = next.max(u32::from(
            self.loss_at[slice][index].load(Ordering::Relaxed),
        ));
        if before & DRAWING_WAY_OUT != 0 || loss_at > run.horizon {
            decide(NEITHER);
        } else {
            out.push(loss_at, item(PENDING_LOSS, slice, index));
        }
    }
}

/// What step 1 found for one position.
struct Start {
    /// Its state: lost at level 0, neither, or undecided.
    state: u8,
    /// Its king moves, with the drawing bit.
    count: u8,
    /// The level of its winning way out, or [`NO_WIN`].
    win_at: u8,
    /// The least level of its loss.
    loss_at: u8,
}

/// `len` atomic bytes holding zero.
fn atomic_bytes(len: usize) -> Result<Vec<AtomicU8>, String> {
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(len)
        .map_err(|_| format!("{len} bytes do not fit in memory"))?;
    bytes.extend((0..len).map(|_| AtomicU8::new(0)));
    Ok(bytes)
}

/// Runs `work` over `0..len` in chunks of [`CHUNK`] on `threads` threads,
/// each with its own output; the outputs, one a thread.
fn in_parallel<T, F>(threads: usize, len: usize, work: F) -> Vec<T>
where
    T: Default + Send,
    F: Fn(Range<usize>, &mut T) + Sync,
{
    if threads <= 1 || len <= CHUNK {
        let mut out = T::default();
        if len > 0 {
            work(0..len, &mut out);
        }
        return vec![out];
    }
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = T::default();
                    loop {
                        let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if start >= len {
                            break;
                        }
                        work(start..(start + CHUNK).min(len), &mut out);
                    }
                    out
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}
