//! Kalah in the engine: the rules are [`ply_rules::games::kalah`]; here
//! are its static evaluation (`eval`), the [`SearchGame`](crate::search::SearchGame)
//! impl (`search`), and the exact knowledge that stands apart from the
//! rules: the solver (`solve`, whose `command.rs` runs the protocol's `solve`), the endgame
//! databases (`endgame`) and the packed sowing both share (`packed`).

pub mod endgame;
mod eval;
mod network;
mod packed;
mod search;
pub mod solve;
mod tuning;

use crate::engine_game::judging::{Judging, Thresholds};
use crate::engine_game::tuning::{Tuning, TuningHooks};
use crate::engine_game::{BookSection, DatabaseHooks, EngineGame, Hooks};
use crate::search_thread::go::GoJob;
use crate::search_thread::memory::SearchMemory;
use crate::search_thread::running::RunningSearch;
use crate::search_thread::solve::SolveJob;

/// The book section of Irving's capture rule, which a position string
/// does not show.
const EMPTY_CAPTURE_SECTION: &str = "empty-capture";

/// Kalah thinks with the alpha-beta search, and has the exact solver and
/// endgame databases.
impl EngineGame for Kalah {
    const HAS_SOLVER: bool = true;
    const DATABASE: Option<&'static dyn DatabaseHooks<Self>> = Some(&Hooks::<KalahDb>::NEW);
    const TUNING: Option<&'static dyn TuningHooks<Self>> = Some(&Tuning::<Self>::NEW);
    const JUDGING: Judging = Judging::Margin(Thresholds::SEEDS);
    const BOOK_SECTIONS: &'static [BookSection] =
        &[(EMPTY_CAPTURE_SECTION, &[("EmptyCapture", "true")])];
    /// The usual starts of three to six seeds, middle games from the
    /// Prolog Kalah transcripts, and the twelve-pit start.
    const BENCH_POSITIONS: &'static [&'static str] = &[
        "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s",
        "6,6,6,6,6,6 0 6,6,6,6,6,6 0 s",
        "3,3,3,3,3,3 0 3,3,3,3,3,3 0 s",
        "5,5,5,5,5,5 0 5,5,5,5,5,5 0 s",
        "4,4,0,5,5,0 2 5,5,5,5,4,4 0 n",
        "0,5,1,1,0,0 7 0,0,10,9,7,7 1 n",
        "1,8,8,7,0,8 2 7,7,0,8,8,7 1 s",
        "4,4,4,4,4,4,4,4,4,4,4,4 0 4,4,4,4,4,4,4,4,4,4,4,4 0 s",
    ];

    fn book_section(&self) -> String {
        if self.empty_capture() {
            format!("kalah {EMPTY_CAPTURE_SECTION}")
        } else {
            "kalah".to_owned()
        }
    }

    /// With an endgame database loaded, a timed `go` proves first and
    /// plays a proven-best move (`solve::perfect`).
    fn go(self, job: GoJob) -> Result<RunningSearch, String> {
        solve::perfect::start(self, job)
    }

    fn prepare_memory(&self, memory: &mut SearchMemory) {
        solve::perfect::prepare_memory(self, memory);
    }

    fn solve(self, job: SolveJob) -> Result<RunningSearch, String> {
        solve::command::start(self, job)
    }
}

pub use endgame::KalahDb;
pub use eval::{EXTRA_TURN_WEIGHT, KalahEvaluation, SEED_VALUE};
use ply_rules::games::kalah::Kalah;
pub use search::{CAPTURE_PRIORITY, EXTRA_TURN_PRIORITY};
