//! The game and its rules as `setoption` chooses them: `UCI_Variant` and
//! the rule options, kept as they arrive, in any order, and applied as a
//! whole to the chosen game when the position is next needed.
//!
//! Match runners send options in any order (Cute Games in hash-map order:
//! `Seeds` may come before `UCI_Variant`), so no option can be checked
//! against "the game chosen so far". Each value is checked alone at once
//! (its name must be some game's rule option, its value in that option's
//! range); the whole is checked when the game starts.

use ply_rules::options::RuleError;
use ply_rules::variant::{AnyRules, Variant, check_rule_value};

/// The chosen game, each game's rules, and the options not yet applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameChoice {
    /// The game being played.
    variant: Variant,
    /// Each game's rules, by [`Variant::index`]: switching games and back
    /// keeps a game's rules.
    rules: Vec<AnyRules>,
    /// `UCI_Variant` set since the last game start.
    pending_variant: Option<Variant>,
    /// Rule options set since the last game start, in order, each name once
    /// (the last value given counts).
    pending: Vec<(&'static str, String)>,
}

impl Default for GameChoice {
    /// The first registered game with its default rules.
    fn default() -> Self {
        Self {
            variant: Variant::ALL[0],
            rules: Variant::ALL.map(AnyRules::default_for).to_vec(),
            pending_variant: None,
            pending: Vec::new(),
        }
    }
}

/// What applying the pending options did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// The rules of the game to start anew, when anything was pending and
    /// the whole could be played.
    pub restart: Option<AnyRules>,
    /// What was refused, in words: options that do not apply to the game
    /// (left out), or the whole that cannot be played (nothing changed).
    pub errors: Vec<String>,
}

impl GameChoice {
    /// The game that will be played: a pending `UCI_Variant`'s, else the
    /// game being played.
    #[must_use]
    pub fn chosen_variant(&self) -> Variant {
        self.pending_variant.unwrap_or(self.variant)
    }

    /// The game being played (not counting a pending `UCI_Variant`).
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The rules of the game being played.
    #[must_use]
    pub fn rules(&self) -> AnyRules {
        self.rules[self.variant.index()].clone()
    }

    /// `UCI_Variant`: the game to play from the next game start.
    ///
    /// Rule options given before it that the new game does not have are
    /// dropped: they were meant for the game chosen until now (a front end
    /// set up Kalah's `Seeds`, then the person picked Mastermind). Those it
    /// has are kept for it, whatever order they came in (`Seeds 3`, then
    /// `UCI_Variant oware`, is a 3-seed Oware). An option sent after it
    /// that it does not have is still reported when the game starts.
    pub fn choose(&mut self, variant: Variant) {
        self.pending.retain(|(name, _)| variant.has_option(name));
        self.pending_variant = Some(variant);
    }

    /// A rule option, kept for the next game start once its value is
    /// checked alone; returns its name as declared.
    ///
    /// # Errors
    /// [`RuleError::Unknown`] when no game has the option,
    /// [`RuleError::BadValue`] when no game that has it accepts the value.
    pub fn set_rule(&mut self, name: &str, value: &str) -> Result<&'static str, RuleError> {
        let declared = check_rule_value(name, value)?;
        self.pending.retain(|(seen, _)| *seen != declared);
        self.pending.push((declared, value.trim().to_owned()));
        Ok(declared)
    }

    /// Whether options are waiting for the next game start.
    #[must_use]
    pub fn has_pending(&self) -> bool {
        self.pending_variant.is_some() || !self.pending.is_empty()
    }

    /// Applies the pending options, as a whole, to the game chosen: the
    /// options that game does not have are left out (each an error), and
    /// rules that cannot be played are refused whole, keeping the old game
    /// and its rules. Nothing is pending afterwards.
    pub fn apply_pending(&mut self) -> Applied {
        if !self.has_pending() {
            return Applied::default();
        }
        let variant = self.pending_variant.take().unwrap_or(self.variant);
        let pending = std::mem::take(&mut self.pending);
        match self.rules[variant.index()].with_options(&pending) {
            Ok(applied) => {
                self.variant = variant;
                self.rules[variant.index()] = applied.rules.clone();
                Applied {
                    restart: Some(applied.rules),
                    errors: applied
                        .not_for_game
                        .iter()
                        .map(ToString::to_string)
                        .collect(),
                }
            }
            Err(e) => Applied {
                restart: None,
                errors: vec![e.to_string()],
            },
        }
    }
}
