//! The Mastermind breaker against every secret, for the default game (bulls
//! and cows) and classic Mastermind: mean and worst guesses, their
//! distribution, and the time per decision. `bench/mastermind.sh` runs it.
//!
//! Usage: `cargo run --release --example mastermind_strategy [classic|bulls] [w1,w2,…]`
//! (the optional widths replace the default search profile).

use std::time::Duration;

use ply_engine::games::mastermind::strategy::{DEFAULT_PROFILE, best_guess, play::play_all};
use ply_rules::games::mastermind::{Mastermind, MastermindRules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let profile: Vec<usize> = args
        .get(1)
        .map(|s| s.split(',').filter_map(|w| w.parse().ok()).collect())
        .unwrap_or_else(|| DEFAULT_PROFILE.to_vec());
    // The profile of the second guess (the book's), when given apart.
    let second: Vec<usize> = args
        .get(2)
        .map(|s| s.split(',').filter_map(|w| w.parse().ok()).collect())
        .unwrap_or_else(|| profile.clone());
    let games: Vec<(&str, MastermindRules)> = match args.first().map(String::as_str) {
        Some("classic") => vec![(
            "classic Mastermind (4 of 6, repeats)",
            MastermindRules::CLASSIC,
        )],
        Some("bulls") => vec![(
            "bulls and cows (4 of 10, no repeats)",
            MastermindRules::default(),
        )],
        _ => vec![
            (
                "bulls and cows (4 of 10, no repeats)",
                MastermindRules::default(),
            ),
            (
                "classic Mastermind (4 of 6, repeats)",
                MastermindRules::CLASSIC,
            ),
        ],
    };
    for (name, rules) in games {
        let Ok(start) = Mastermind::start(rules) else {
            eprintln!("{name}: unplayable rules");
            continue;
        };
        let tally = play_all(&start, |position| {
            let profile = if (1..=2).contains(&position.rows().len()) {
                &second
            } else {
                &profile
            };
            best_guess(position, profile, &|_| false, |_| {}).map(|d| d.guess)
        });
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!("{name}, search profile {profile:?}");
        println!(
            "  secrets {}  mean {:.4} ({} / {})  worst {}  unsolved {}",
            tally.secrets(),
            tally.mean(),
            tally.total_guesses(),
            tally.secrets(),
            tally.worst(),
            tally.unsolved
        );
        let distribution: Vec<String> = tally
            .solved_in
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, n)| format!("{k}:{n}"))
            .collect();
        println!(
            "  distribution (guesses:secrets) {}",
            distribution.join(" ")
        );
        for (k, timing) in tally.decisions.iter().enumerate() {
            println!(
                "  guess {}: {} decisions, {:.1} ms mean, {:.1} ms slowest",
                k + 1,
                timing.count,
                ms(timing.mean()),
                ms(timing.slowest)
            );
        }
    }
}
