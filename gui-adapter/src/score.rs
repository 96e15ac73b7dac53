//! Scores for people: `cp 150` is "+1.50" (seeds), `mate 5` a win in 5.

use ply_protocol::{Score, ScoreBound, ScoreValue};
use ply_rules::game::Player;

/// The score in words, for the side that searched: `+1.50`, `-0.25`,
/// `win in 5`, `loss in 3`; a bound gets `≥`/`≤` in front.
#[must_use]
pub fn describe(score: &Score) -> String {
    let value = match score.value {
        ScoreValue::Centi(cp) => format_cp(cp),
        ScoreValue::Mate(n) if n > 0 => format!("win in {n}"),
        ScoreValue::Mate(n) => format!("loss in {}", n.unsigned_abs()),
    };
    match score.bound {
        None => value,
        Some(ScoreBound::Lower) => format!(">= {value}"),
        Some(ScoreBound::Upper) => format!("<= {value}"),
    }
}

/// Hundredths as a signed decimal: `150` is `+1.50`.
#[must_use]
pub fn format_cp(cp: i32) -> String {
    let sign = if cp < 0 { '-' } else { '+' };
    let abs = cp.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// The same score from player one's side, given who searched.
#[must_use]
pub fn for_player_one(score: &Score, searcher: Player) -> Score {
    let flip = |v: i32| if searcher == Player::One { v } else { -v };
    let value = match score.value {
        ScoreValue::Centi(cp) => ScoreValue::Centi(flip(cp)),
        ScoreValue::Mate(n) => ScoreValue::Mate(flip(n)),
    };
    let bound = match (score.bound, searcher) {
        (bound, Player::One) | (bound @ None, _) => bound,
        (Some(ScoreBound::Lower), Player::Two) => Some(ScoreBound::Upper),
        (Some(ScoreBound::Upper), Player::Two) => Some(ScoreBound::Lower),
    };
    Score { value, bound }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(value: ScoreValue) -> Score {
        Score { value, bound: None }
    }

    #[test]
    fn scores_read_as_seeds_and_wins() {
        assert_eq!(describe(&exact(ScoreValue::Centi(150))), "+1.50");
        assert_eq!(describe(&exact(ScoreValue::Centi(-5))), "-0.05");
        assert_eq!(describe(&exact(ScoreValue::Centi(0))), "+0.00");
        assert_eq!(describe(&exact(ScoreValue::Mate(5))), "win in 5");
        assert_eq!(describe(&exact(ScoreValue::Mate(-3))), "loss in 3");
        let bound = Score {
            value: ScoreValue::Centi(200),
            bound: Some(ScoreBound::Lower),
        };
        assert_eq!(describe(&bound), ">= +2.00");
    }

    #[test]
    fn player_two_scores_turn_round() {
        let s = Score {
            value: ScoreValue::Centi(200),
            bound: Some(ScoreBound::Lower),
        };
        let one = for_player_one(&s, Player::Two);
        assert_eq!(one.value, ScoreValue::Centi(-200));
        assert_eq!(one.bound, Some(ScoreBound::Upper));
        assert_eq!(for_player_one(&s, Player::One), s);
    }
}
