use std::time::Duration;

use ply_rules::games::kalah::KalahRules;
use ply_rules::games::mastermind::MastermindRules;
use ply_rules::games::oware::OwareRules;
use ply_rules::variant::AnyRules;

use super::*;

/// The rules after applying what is pending, and the errors in words.
fn apply(o: &mut EngineOptions) -> (AnyRules, Vec<String>) {
    let applied = o.game.apply_pending();
    (o.game.rules(), applied.errors)
}

#[test]
fn uci_lists_every_option_once_in_order() {
    let names: Vec<String> = EngineOptions::declarations()
        .into_iter()
        .map(|d| d.name)
        .collect();
    assert_eq!(
        names,
        [
            "UCI_Variant",
            "Pits",
            "Seeds",
            "EmptyCapture",
            "Length",
            "Symbols",
            "Repeats",
            "MaxGuesses",
            "Hash",
            "Threads",
            "MultiPV",
            "Clear Hash",
            "Move Overhead",
            "EndgameDB",
            "EvalFile",
            "OwnBook",
            "BookFile"
        ]
    );
}

#[test]
fn names_are_case_insensitive_and_may_contain_spaces() {
    let mut o = EngineOptions::default();
    assert_eq!(o.set("pits", Some("4")), Ok(OptionEffect::NewRules));
    assert_eq!(
        o.set("EMPTYCAPTURE", Some("True")),
        Ok(OptionEffect::NewRules)
    );
    let (rules, errors) = apply(&mut o);
    assert!(errors.is_empty(), "{errors:?}");
    let AnyRules::Kalah(kalah) = rules else {
        panic!("{rules:?}")
    };
    assert_eq!(kalah.pits, 4);
    assert!(kalah.empty_capture);
    assert_eq!(o.set("move overhead", Some("50")), Ok(OptionEffect::None));
    assert_eq!(o.move_overhead, Duration::from_millis(50));
    assert_eq!(o.set("clear hash", None), Ok(OptionEffect::ClearHash));
    assert_eq!(o.set("Hash", Some("64")), Ok(OptionEffect::ResizeHash));
    assert_eq!(o.hash_mb, 64);
}

#[test]
fn bad_values_change_nothing() {
    let mut o = EngineOptions::default();
    let before = o.clone();
    assert!(matches!(
        o.set("Pits", Some("13")),
        Err(OptionError::Rule(RuleError::BadValue { .. }))
    ));
    assert!(matches!(
        o.set("Seeds", Some("x")),
        Err(OptionError::Rule(RuleError::BadValue { .. }))
    ));
    assert!(matches!(
        o.set("Hash", None),
        Err(OptionError::MissingValue(_))
    ));
    assert!(matches!(
        o.set("EmptyCapture", Some("yes")),
        Err(OptionError::Rule(RuleError::BadValue { .. }))
    ));
    assert!(matches!(
        o.set("UCI_Variant", Some("chess")),
        Err(OptionError::BadValue { .. })
    ));
    assert!(matches!(
        o.set("Nonsense", Some("1")),
        Err(OptionError::Unknown(_))
    ));
    assert_eq!(o, before);
}

#[test]
fn a_missing_value_names_the_option_as_declared() {
    let mut o = EngineOptions::default();
    assert_eq!(
        o.set("seeds", None),
        Err(OptionError::MissingValue("Seeds".to_owned()))
    );
    assert_eq!(
        o.set("hash", None),
        Err(OptionError::MissingValue("Hash".to_owned()))
    );
}

#[test]
fn a_name_no_game_declares_is_refused_at_once() {
    let mut o = EngineOptions::default();
    assert_eq!(
        o.set("Houses", Some("4")).map_err(|e| e.to_string()),
        Err("no option named 'Houses' (send 'uci' to list them)".to_owned())
    );
    assert!(!o.game.has_pending());
}

#[test]
fn an_unplayable_whole_is_refused_and_the_old_game_kept() {
    let mut o = EngineOptions::default();
    // 6 pits x 22 seeds x 2 = 264 > 255: fine alone, unplayable together.
    assert!(o.set("Seeds", Some("22")).is_ok());
    let (rules, errors) = apply(&mut o);
    assert_eq!(rules, AnyRules::Kalah(KalahRules::default()));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].starts_with("option 'Seeds': "), "{errors:?}");
    assert!(errors[0].contains("264"), "{errors:?}");
    // A game switch with rules it cannot play keeps the old game too.
    assert!(o.set("UCI_Variant", Some("oware")).is_ok());
    assert!(o.set("Pits", Some("12")).is_ok());
    assert!(o.set("Seeds", Some("11")).is_ok());
    let (rules, errors) = apply(&mut o);
    assert_eq!(rules, AnyRules::Kalah(KalahRules::default()));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(!o.game.has_pending());
}

#[test]
fn rule_options_may_come_before_the_game_they_belong_to() {
    // Cute Games sends options in hash-map order.
    let mut o = EngineOptions::default();
    assert!(o.set("Seeds", Some("3")).is_ok());
    assert!(o.set("UCI_Variant", Some("oware")).is_ok());
    let (rules, errors) = apply(&mut o);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        rules,
        AnyRules::Oware(OwareRules {
            houses: 6,
            seeds: 3
        })
    );

    let mut o = EngineOptions::default();
    assert!(o.set("Symbols", Some("6")).is_ok());
    assert!(o.set("Length", Some("6")).is_ok());
    assert!(o.set("Repeats", Some("true")).is_ok());
    assert!(o.set("UCI_Variant", Some("mastermind")).is_ok());
    let (rules, errors) = apply(&mut o);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(
        rules,
        AnyRules::Mastermind(MastermindRules {
            length: 6,
            symbols: 6,
            repeats: true,
            max_guesses: 10
        })
    );
}

#[test]
fn board_options_set_the_chosen_games_board() {
    let mut o = EngineOptions::default();
    assert_eq!(
        o.set("UCI_Variant", Some("Oware")),
        Ok(OptionEffect::NewRules)
    );
    let (rules, _) = apply(&mut o);
    // Oware's own defaults: Abapa.
    assert_eq!(
        rules,
        AnyRules::Oware(OwareRules {
            houses: 6,
            seeds: 4
        })
    );
    assert_eq!(o.set("Seeds", Some("5")), Ok(OptionEffect::NewRules));
    assert_eq!(o.set("Pits", Some("4")), Ok(OptionEffect::NewRules));
    assert_eq!(
        o.set("EmptyCapture", Some("true")),
        Ok(OptionEffect::NewRules)
    );
    let (rules, errors) = apply(&mut o);
    assert_eq!(
        rules,
        AnyRules::Oware(OwareRules {
            houses: 4,
            seeds: 5
        })
    );
    assert_eq!(
        errors,
        ["option 'EmptyCapture' does not apply to oware; choose its game with UCI_Variant first"]
    );
    // Kalah's board is its own.
    assert!(o.set("UCI_Variant", Some("kalah")).is_ok());
    assert_eq!(apply(&mut o).0, AnyRules::Kalah(KalahRules::default()));
    assert!(o.set("uci_variant", Some("tictactoe")).is_ok());
    assert!(o.set("Seeds", Some("4")).is_ok());
    let (rules, errors) = apply(&mut o);
    assert_eq!(rules.variant(), Variant::TicTacToe);
    assert_eq!(
        errors,
        ["option 'Seeds' does not apply to tictactoe; choose its game with UCI_Variant first"]
    );
    assert!(matches!(
        o.set("Pits", Some("x")),
        Err(OptionError::Rule(RuleError::BadValue { .. }))
    ));
}

#[test]
fn every_declared_option_can_be_set_to_its_default() {
    for decl in EngineOptions::declarations() {
        let value = match decl.kind {
            OptionKind::Check { default } => Some(default.to_string()),
            OptionKind::Spin { default, .. } => Some(default.to_string()),
            OptionKind::Combo { default, .. } | OptionKind::String { default } => Some(default),
            OptionKind::Button => None,
        };
        let mut o = EngineOptions::default();
        assert!(o.set(&decl.name, value.as_deref()).is_ok(), "{}", decl.name);
    }
}

#[test]
fn mastermind_options_make_codes_the_engine_can_play() {
    let mut o = EngineOptions::default();
    assert!(o.set("Length", Some("5")).is_ok());
    assert_eq!(
        apply(&mut o).1,
        ["option 'Length' does not apply to kalah; choose its game with UCI_Variant first"]
    );
    assert!(o.set("UCI_Variant", Some("mastermind")).is_ok());
    assert_eq!(
        apply(&mut o).0,
        AnyRules::Mastermind(MastermindRules::default())
    );
    // Classic Mastermind.
    assert!(o.set("Symbols", Some("6")).is_ok());
    assert!(o.set("repeats", Some("true")).is_ok());
    assert_eq!(
        apply(&mut o).0,
        AnyRules::Mastermind(MastermindRules::CLASSIC)
    );
    assert_eq!(
        o.set("Symbols", Some("11")).map_err(|e| e.to_string()),
        Err("option 'Symbols' cannot be '11': expected a whole number from 1 to 10: the symbols are the digits 0-9".to_owned())
    );
    // Seven positions are never allowed.
    assert!(matches!(
        o.set("Length", Some("7")),
        Err(OptionError::Rule(RuleError::BadValue { .. }))
    ));
    // Ten symbols of six without repeats make too many codes: refused whole.
    assert!(o.set("Symbols", Some("10")).is_ok());
    assert!(o.set("Repeats", Some("true")).is_ok());
    assert!(o.set("Length", Some("6")).is_ok());
    let (rules, errors) = apply(&mut o);
    assert_eq!(rules, AnyRules::Mastermind(MastermindRules::CLASSIC));
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(o.set("Pits", Some("6")).is_ok());
    assert!(apply(&mut o).1[0].contains("does not apply to mastermind"));
}

#[test]
fn endgame_db_is_auto_by_default_and_reads_none_and_files() {
    let mut o = EngineOptions::default();
    assert_eq!(o.endgame_db, FileChoice::Auto);
    let declared = EngineOptions::declarations()
        .into_iter()
        .find(|d| d.name == "EndgameDB")
        .map(|d| d.kind);
    assert_eq!(
        declared,
        Some(OptionKind::String {
            default: "auto".to_owned()
        })
    );
    for (value, choice) in [
        ("none", FileChoice::None),
        ("<empty>", FileChoice::None),
        ("AUTO", FileChoice::Auto),
        ("NONE", FileChoice::None),
        ("./auto", FileChoice::File("./auto".into())),
        ("k.db", FileChoice::File("k.db".into())),
    ] {
        assert_eq!(
            o.set("EndgameDB", Some(value)),
            Ok(OptionEffect::LoadEndgameDb)
        );
        assert_eq!(o.endgame_db, choice, "{value}");
    }
}
