//! Choosing the game and its rule options: what the page may set (only a
//! game's declared options, checked as a whole as the engine checks them),
//! what the engines are sent, and the games offered in the page's menu.

use std::collections::BTreeMap;

use ply_rules::options::RuleKind;
use ply_rules::variant::{AnyRules, Variant};
use serde_json::Value;

use super::{MAX_TEXT, PageSession, SessionConfig, clip};
use crate::games;
use crate::record::PlayedGame;
use crate::strength::Strength;
use crate::web::messages::{OptionInfo, OptionValue, VariantInfo};

impl PageSession {
    /// `UCI_Variant` and the rule options, as sent to the engines (which
    /// apply them as a whole, in any order, at the next game start).
    pub(super) fn rules_pairs(&self) -> Vec<(String, String)> {
        let variant = self.record.options().variant();
        std::iter::once(("UCI_Variant".to_owned(), variant.name().to_owned()))
            .chain(
                pairs_of(&self.option_values)
                    .map(|(name, value)| (name.to_owned(), value.to_owned())),
            )
            .collect()
    }

    /// The page's "new game": `variant` (the current game if `None`) with
    /// the `given` options over its current (or starting) ones. Nothing
    /// changes unless the whole makes a playable game.
    pub(super) fn new_game(
        &mut self,
        variant: Option<String>,
        given: &BTreeMap<String, OptionValue>,
    ) -> Result<(), String> {
        let current = self.record.options().variant();
        let variant = match variant {
            Some(name) => variant_named(&name)?,
            None => current,
        };
        let mut values = if variant == current {
            self.option_values.clone()
        } else {
            initial_values(&self.config, variant)
        };
        set_given(variant, &mut values, given)?;
        let options = options_for(variant, &values)?;
        let record = PlayedGame::new(&options)?;
        self.cancel_search();
        // The values as the engine library read them ("4", not the page's
        // "4\n", which would write a line of its own to the engine).
        self.option_values = values_of(&options);
        self.reset(record);
        // Perfect strength needs a database of exact values: a game without
        // one (Oware's databases hold bounds) plays at the default strength.
        if !self.plays_perfectly() {
            for strength in &mut self.strength {
                if *strength == Strength::Perfect {
                    *strength = Strength::default();
                }
            }
        }
        Ok(())
    }

    /// The page's position string: a new game of the same rules from there.
    pub(super) fn set_position(&mut self, fen: &str) -> Result<(), String> {
        if fen.len() > MAX_TEXT {
            return Err("the position string is too long".to_owned());
        }
        let record =
            PlayedGame::from_position(self.record.options(), fen).map_err(|e| e.to_string())?;
        self.cancel_search();
        self.reset(record);
        Ok(())
    }
}

/// The game the page names, or which games there are.
fn variant_named(name: &str) -> Result<Variant, String> {
    Variant::from_name(name).ok_or_else(|| {
        format!(
            "no game named '{}': the engine plays {}",
            clip(name),
            Variant::names().join(", ")
        )
    })
}

/// Puts the page's `given` options into `values`, under the names
/// `variant` declares (matched without regard to case); a name it does not
/// declare, or a value too long, is refused with the names it takes.
fn set_given(
    variant: Variant,
    values: &mut BTreeMap<String, String>,
    given: &BTreeMap<String, OptionValue>,
) -> Result<(), String> {
    let allowed = variant.option_names();
    for (name, value) in given {
        let declared = allowed
            .iter()
            .find(|declared| declared.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                format!(
                    "the page may not set option '{}'; {} takes {}",
                    clip(name),
                    variant.name(),
                    if allowed.is_empty() {
                        "none".to_owned()
                    } else {
                        allowed.join(", ")
                    }
                )
            })?;
        let text = value.as_text();
        if text.len() > MAX_TEXT {
            return Err(format!("the value of '{declared}' is too long"));
        }
        values.insert((*declared).to_owned(), text);
    }
    Ok(())
}

/// The rule options a session starts `variant` with: the command line's
/// for its own game, the game's defaults for the others.
pub(super) fn initial_values(config: &SessionConfig, variant: Variant) -> BTreeMap<String, String> {
    if variant == config.options.variant() {
        values_of(&config.options)
    } else {
        values_of(&AnyRules::default_for(variant))
    }
}

/// The game's rule options in `rules`, by name.
fn values_of(rules: &AnyRules) -> BTreeMap<String, String> {
    rules
        .values()
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value))
        .collect()
}

/// The rules of `variant` with `values`, checked as a whole (as the
/// engine checks them), so only rules that cannot be played are refused.
fn options_for(variant: Variant, values: &BTreeMap<String, String>) -> Result<AnyRules, String> {
    let pairs: Vec<(&str, &str)> = pairs_of(values).collect();
    AnyRules::build(variant, &pairs).map_err(|e| e.to_string())
}

/// The options as name and value.
fn pairs_of(values: &BTreeMap<String, String>) -> impl Iterator<Item = (&str, &str)> {
    values
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
}

/// A game for the page's menu: its rule options with the game's own
/// defaults and ranges (Kalah's and Oware's boards differ).
pub(super) fn variant_info(variant: Variant) -> VariantInfo {
    let ui = games::ui(variant);
    let options = variant
        .rule_options()
        .into_iter()
        .map(|decl| {
            let (kind, default, min, max) = match decl.kind {
                RuleKind::Check => ("check", Value::from(decl.default != 0), None, None),
                RuleKind::Spin { min, max, .. } => {
                    ("spin", Value::from(decl.default), Some(min), Some(max))
                }
            };
            OptionInfo {
                name: decl.name.to_owned(),
                kind,
                default,
                min,
                max,
                vars: Vec::new(),
            }
        })
        .collect();
    VariantInfo {
        name: variant.name(),
        side_names: variant.sides(),
        options,
        unit: ui.unit,
        page_hint: ui.page_hint,
        two_sided: ui.two_sided,
    }
}
