//! `EvalFile`: the network the engine plays.

use std::path::Path;

use ply_protocol::Response;
use ply_rules::variant::Variant;
use ply_rules::with_variant;

use super::Session;
use crate::options::FileChoice;
use crate::search::{NetworkChoice, SearchGame};

impl Session {
    /// `setoption name EvalFile`: `auto` plays the game's own network,
    /// `none` none (the game's evaluation without one), and a file is read at
    /// once and kept when it is a sound network (refused, keeping the
    /// network played before, when it is not). Whether it is the game's is
    /// said at once and again when a game starts: options arrive in any
    /// order, so a `UCI_Variant` may still come; a game it is not for plays
    /// its own evaluation.
    ///
    /// # Errors
    /// Why the file is not a sound network, in words.
    pub(super) fn choose_network(&mut self, choice: &FileChoice) -> Result<(), String> {
        let network = NetworkChoice::load(choice).map_err(|e| match choice {
            FileChoice::File(path) => format!("EvalFile {}: {e}", path.display()),
            _ => format!("EvalFile: {e}"),
        })?;
        let mut memory = self.lock_memory();
        memory.network = network;
        // Scores of the old evaluation have no place in the new search.
        memory.clear_all();
        drop(memory);
        if let FileChoice::File(path) = choice {
            self.say_network(path, self.options.game.chosen_variant());
        }
        Ok(())
    }

    /// When a game starts with a network file chosen: says whether the
    /// file is the game's.
    pub(super) fn say_network_at_start(&self) {
        if let FileChoice::File(path) = &self.options.eval_file {
            self.say_network(path, self.options.game.variant());
        }
    }

    /// Says which network `variant` will play from the file at `path`
    /// (the one in the search memory): its name, or why not (an error).
    fn say_network(&self, path: &Path, variant: Variant) {
        let NetworkChoice::File(file) = self.lock_memory().network.clone() else {
            return;
        };
        let own = with_variant!(variant, G => <G as SearchGame>::network());
        let fit = match own {
            None => Err(format!(
                "{} plays no network (expected auto or none)",
                variant.name()
            )),
            Some(own) => file
                .check(&own.shape())
                .map_err(|e| format!("{e}; {} plays its own", variant.name())),
        };
        match fit {
            Ok(()) => self.out.send(&Response::InfoString(format!(
                "EvalFile {}: network {}",
                path.display(),
                file.name
            ))),
            Err(why) => self
                .out
                .error(&format!("EvalFile {}: {why}", path.display())),
        }
    }
}
