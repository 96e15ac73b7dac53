//! The options a translated protocol may set: Ply's settings alone.
//!
//! Each translated protocol plays one game on the board its programs
//! know, so the game (`UCI_Variant`) and its rule options are not theirs
//! to set; Ply's settings (`Hash`, `Threads`, …) are. One rule for every
//! protocol: the settings its lines can carry, as its [`Framing`] declares
//! ([`Framing::SPACED_NAMES`], [`Framing::BUTTONS`]) — so Hub, whose
//! names are unquoted words and which has no buttons, offers neither
//! `Move Overhead` nor `Clear Hash`, and Aalina's dialect, which is UCI,
//! offers both.

use ply_protocol::{OptionDecl, OptionKind};

use super::framing::Framing;
use crate::options::EngineOptions;

/// Ply's settings that protocol `F` can carry, as declared to it.
#[must_use]
pub fn offered<F: Framing>() -> Vec<OptionDecl> {
    EngineOptions::setting_declarations()
        .into_iter()
        .filter(|decl| F::SPACED_NAMES || !decl.name.contains(char::is_whitespace))
        .filter(|decl| F::BUTTONS || decl.kind != OptionKind::Button)
        .collect()
}

/// The names of `settings`.
#[must_use]
pub fn names(settings: &[OptionDecl]) -> Vec<String> {
    settings.iter().map(|decl| decl.name.clone()).collect()
}

/// Whether `name` is one of `settings` (in any case, as `setoption` reads
/// names).
#[must_use]
pub fn is_offered(settings: &[OptionDecl], name: &str) -> bool {
    settings
        .iter()
        .any(|decl| decl.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::super::aalina::Aalina;
    use super::super::hub::Hub;
    use super::*;

    #[test]
    fn each_protocol_offers_the_settings_its_lines_can_carry() {
        let all = names(&EngineOptions::setting_declarations());
        assert_eq!(names(&offered::<Aalina>()), all, "UCI carries every one");
        let hub = names(&offered::<Hub>());
        assert!(hub.iter().all(|name| !name.contains(' ')), "{hub:?}");
        assert!(hub.contains(&"Hash".to_owned()), "{hub:?}");
        assert!(!hub.contains(&"Clear Hash".to_owned()), "a button: {hub:?}");
        assert!(!hub.contains(&"Move Overhead".to_owned()), "{hub:?}");
        assert!(is_offered(&offered::<Hub>(), "hash"), "in any case");
    }
}
