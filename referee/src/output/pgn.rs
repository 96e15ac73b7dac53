//! PGN-style game records, appended per game: the usual seven tags, the
//! game's own names for the sides (`South`/`North` in Kalah, beside
//! `White` = player 1 and `Black` = player 2), `Variant`, `FEN`,
//! `Termination`, `TimeControl`; then the moves in the game's notation,
//! numbered by turn (`1.` player 1's turn, `1...` player 2's), with
//! `{score/depth time}` comments. Draughts games are written as PDN (see
//! [`super::pdn`]): a `GameType` tag, and `FEN` only for a game that does
//! not start from the start position.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

use ply_rules::game::Player;
use ply_rules::pgn::{braced, escape_tag, wrap_movetext};
use ply_rules::variant::{AnyGame, AnyRules, Variant};

use super::Output;
use super::pdn;
use crate::game::{GameRecord, GameResult, MoveDetail};

/// Appends a record of each finished game to a file.
#[derive(Debug)]
pub struct PgnWriter {
    file: File,
    options: AnyRules,
    event: String,
    site: String,
}

impl PgnWriter {
    /// Opens (or creates) the file for appending; `options` are the match's
    /// rules, to replay the games.
    ///
    /// # Errors
    /// When the file cannot be opened.
    pub fn open(path: &Path, options: AnyRules, event: &str, site: &str) -> io::Result<Self> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(Self {
            file,
            options,
            event: event.to_owned(),
            site: site.to_owned(),
        })
    }
}

/// `+1.50/12 0.123s`: the score in units (seeds) for the side that moved,
/// or `+M5`/`-M5` for mates, the depth and the time.
fn comment(detail: &MoveDetail) -> String {
    let score = match (detail.cp, detail.mate) {
        (_, Some(mate)) if mate < 0 => format!("-M{}", mate.unsigned_abs()),
        (_, Some(mate)) => format!("+M{mate}"),
        (Some(cp), None) => format!("{:+.2}", f64::from(cp) / 100.0),
        (None, None) => String::new(),
    };
    let depth = detail.depth.map_or(String::new(), |d| format!("/{d}"));
    let time = format!("{:.3}s", detail.time_ms as f64 / 1000.0);
    if score.is_empty() && depth.is_empty() {
        time
    } else {
        format!("{score}{depth} {time}")
    }
}

/// The record as PGN text.
#[must_use]
pub fn format_game(record: &GameRecord, options: &AnyRules, event: &str, site: &str) -> String {
    let variant = Variant::from_name(&record.variant);
    let date = record
        .started
        .get(..10)
        .map_or_else(|| "????.??.??".to_owned(), |d| d.replace('-', "."));
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), event.into()),
        ("Site".into(), site.into()),
        ("Date".into(), date),
        ("Round".into(), record.round.to_string()),
        ("White".into(), record.p1.clone()),
        ("Black".into(), record.p2.clone()),
    ];
    if let Some(variant) = variant {
        for (player, name) in [(Player::One, &record.p1), (Player::Two, &record.p2)] {
            let side = variant.side_name(player);
            // Draughts' sides are White and Black already.
            if side != "White" && side != "Black" {
                tags.push((side.into(), name.clone()));
            }
        }
    }
    tags.push(("Result".into(), record.score.clone()));
    let game_type = variant.and_then(pdn::game_type);
    if let Some(game_type) = game_type {
        tags.push(("GameType".into(), game_type.into()));
    }
    tags.push(("Variant".into(), record.variant.clone()));
    if game_type.is_none() || !pdn::is_start(options, &record.opening.fen) {
        tags.push(("FEN".into(), record.opening.fen.clone()));
        tags.push(("SetUp".into(), "1".into()));
    }
    tags.push(("Termination".into(), record.termination.clone()));
    if record.limits.p1 == record.limits.p2 {
        tags.push(("TimeControl".into(), record.limits.p1.clone()));
    } else {
        tags.push(("WhiteTimeControl".into(), record.limits.p1.clone()));
        tags.push(("BlackTimeControl".into(), record.limits.p2.clone()));
    }
    tags.push(("PlyCount".into(), record.plies.to_string()));
    tags.push(("GameNumber".into(), record.game.to_string()));

    let mut text = String::new();
    for (name, value) in &tags {
        text.push_str(&format!("[{name} \"{}\"]\n", escape_tag(value)));
    }
    text.push('\n');

    let mut tokens = move_tokens(record, options);
    tokens.push(braced(&record.reason));
    tokens.push(record.score.clone());
    text.push_str(&wrap_movetext(tokens));
    text.push_str("\n\n");
    text
}

/// The moves with turn numbers and comments. The game is replayed with
/// the rules to know who made each move (a Kalah turn may be several
/// moves); should that fail, the moves are listed unnumbered.
fn move_tokens(record: &GameRecord, options: &AnyRules) -> Vec<String> {
    let book = record.opening.moves.len();
    let mut tokens = Vec::new();
    let mut game = AnyGame::from_position_string(options, &record.opening.fen).ok();
    let mut turn = 1;
    let mut last: Option<Player> = None;
    for (i, mv) in record.moves.iter().enumerate() {
        if let Some(position) = &game {
            let mover = position.side_to_move();
            if last != Some(mover) {
                if last == Some(Player::Two) && mover == Player::One {
                    turn += 1;
                }
                tokens.push(match mover {
                    Player::One => format!("{turn}."),
                    Player::Two => format!("{turn}..."),
                });
                last = Some(mover);
            }
            game = position.with_moves(&[mv.as_str()]).ok();
        }
        tokens.push(mv.clone());
        if i < book {
            tokens.push("{book}".to_owned());
        } else if let Some(detail) = record.details.get(i - book) {
            tokens.push(braced(&comment(detail)));
        }
    }
    tokens
}

impl Output for PgnWriter {
    fn on_game_finished(&mut self, record: &GameRecord) -> io::Result<()> {
        if record.result == GameResult::None {
            return Ok(());
        }
        let text = format_game(record, &self.options, &self.event, &self.site);
        self.file.write_all(text.as_bytes())?;
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{OpeningRecord, PerSide};

    #[test]
    fn turns_are_numbered_by_side_and_tags_are_complete() {
        let options = AnyRules::build(Variant::Kalah, &[("Seeds", "4")]).unwrap();
        let detail = |mv: &str, side: &str, cp: i32| MoveDetail {
            mv: mv.to_owned(),
            side: side.to_owned(),
            cp: Some(cp),
            mate: None,
            depth: Some(4),
            time_ms: 12,
        };
        let record = GameRecord {
            game: 7,
            round: 2,
            pair: 4,
            match_games: None,
            engines: ["A".into(), "B".into()],
            p1: "A".into(),
            p2: "B".into(),
            variant: "kalah".into(),
            opening: OpeningRecord {
                index: 1,
                line: 3,
                fen: "4,4,4,4,4,4 0 4,4,4,4,4,4 0 s".into(),
                moves: vec!["3".into()],
            },
            result: GameResult::P1Win,
            score: "1-0".into(),
            termination: "time forfeit".into(),
            adjudication: None,
            reason: "North loses on time".into(),
            fault: Some("B".into()),
            moves: vec!["3".into(), "6".into(), "2".into()],
            plies: 3,
            details: vec![detail("6", "p1", 150), detail("2", "p2", -50)],
            final_fen: String::new(),
            time_ms: PerSide { p1: 12, p2: 12 },
            limits: PerSide {
                p1: "tc=10+0.1".into(),
                p2: "tc=10+0.1".into(),
            },
            started: "2025-11-21T10:00:00Z".into(),
            duration_ms: 30,
            guesses: None,
            solved: None,
        };
        let text = format_game(&record, &options, "E", "S");
        for tag in [
            "[Event \"E\"]",
            "[Site \"S\"]",
            "[Date \"2025.11.21\"]",
            "[Round \"2\"]",
            "[White \"A\"]",
            "[Black \"B\"]",
            "[South \"A\"]",
            "[North \"B\"]",
            "[Result \"1-0\"]",
            "[Variant \"kalah\"]",
            "[FEN \"4,4,4,4,4,4 0 4,4,4,4,4,4 0 s\"]",
            "[SetUp \"1\"]",
            "[Termination \"time forfeit\"]",
            "[TimeControl \"tc=10+0.1\"]",
        ] {
            assert!(text.contains(tag), "{tag} missing in\n{text}");
        }
        assert!(
            text.replace('\n', " ").contains(
                "1. 3 {book} 6 {+1.50/4 0.012s} 1... 2 {-0.50/4 0.012s} {North loses on time} 1-0"
            ),
            "{text}"
        );
    }

    #[test]
    fn draughts_games_are_pdn() {
        let options = AnyRules::default_for(Variant::Russian);
        let start = AnyGame::start(&options).unwrap().position_string();
        let moves: Vec<String> = ["c3-d4", "f6-e5", "d4:f6", "g7:e5"]
            .map(String::from)
            .into();
        let details = moves
            .iter()
            .enumerate()
            .map(|(i, mv)| MoveDetail {
                mv: mv.clone(),
                side: if i % 2 == 0 { "p1" } else { "p2" }.to_owned(),
                cp: Some(0),
                mate: None,
                depth: Some(3),
                time_ms: 5,
            })
            .collect();
        let mut record = GameRecord {
            game: 1,
            round: 1,
            pair: 1,
            match_games: None,
            engines: ["A".into(), "B".into()],
            p1: "A".into(),
            p2: "B".into(),
            variant: "russian".into(),
            opening: OpeningRecord {
                index: 0,
                line: 0,
                fen: start,
                moves: Vec::new(),
            },
            result: GameResult::Draw,
            score: "1/2-1/2".into(),
            termination: "normal".into(),
            adjudication: None,
            reason: "Draw by the rules: threefold repetition".into(),
            fault: None,
            moves,
            plies: 4,
            guesses: None,
            solved: None,
            details,
            final_fen: String::new(),
            time_ms: PerSide { p1: 10, p2: 10 },
            limits: PerSide {
                p1: "depth=3".into(),
                p2: "depth=3".into(),
            },
            started: "2025-11-21T10:00:00Z".into(),
            duration_ms: 30,
        };
        let text = format_game(&record, &options, "E", "S");
        for tag in [
            "[White \"A\"]",
            "[Black \"B\"]",
            "[Result \"1/2-1/2\"]",
            "[GameType \"25\"]",
            "[Termination \"normal\"]",
        ] {
            assert!(text.contains(tag), "{tag} missing in\n{text}");
        }
        assert_eq!(text.matches("[White ").count(), 1, "{text}");
        assert!(!text.contains("[FEN "), "the start needs no FEN: {text}");
        assert!(
            text.replace('\n', " ").contains(
                "1. c3-d4 {+0.00/3 0.005s} 1... f6-e5 {+0.00/3 0.005s} \
                 2. d4:f6 {+0.00/3 0.005s} 2... g7:e5 {+0.00/3 0.005s} \
                 {Draw by the rules: threefold repetition} 1/2-1/2"
            ),
            "{text}"
        );

        // From another position: FEN and SetUp.
        record.opening.fen = "W:WKa1:BKh8".into();
        record.moves.clear();
        record.details.clear();
        let text = format_game(&record, &options, "E", "S");
        assert!(text.contains("[FEN \"W:WKa1:BKh8\"]"), "{text}");
        assert!(text.contains("[SetUp \"1\"]"), "{text}");
    }
}
