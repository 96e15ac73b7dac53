//! Mastermind in the web GUI, in headless Chromium: the person breaks a
//! code (symbol buttons and keys), the engine answers and its row
//! appears; then the roles swap and the person answers the engine's
//! guesses, with a secret kept in the page, and a contradictory answer is
//! refused with the engine library's message.
//!
//! Needs Debian's `chromium` and `chromium-driver`, as gui_browser.rs.

mod gui_support;

use std::time::Duration;

use gui_support::page::{is_shown, save_screenshot};
use gui_support::webdriver::{Browser, browser_tools};
use gui_support::{Gui, message};
use ply_rules::games::mastermind::{Answer, Mastermind, MastermindRules};
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(30);

fn text_of(browser: &Browser, id: &str) -> String {
    browser
        .run(
            "return document.getElementById(arguments[0]).textContent;",
            &[Value::from(id)],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Waits until the person may enter a move of `role` (`breaker`, `maker`).
fn wait_for_role(browser: &Browser, role: &str) {
    browser.wait_for(
        &format!(
            "return !document.body.dataset.busy \
             && document.getElementById('status').dataset.state === 'human' \
             && document.querySelector('#board .mm-input[data-role=\"{role}\"]') !== null;"
        ),
        &format!("the person's turn as {role}"),
        WAIT,
    );
}

fn answered_rows(browser: &Browser) -> u64 {
    browser
        .run(
            "return document.querySelectorAll('#board .mm-row[data-answer]').length;",
            &[],
        )
        .as_u64()
        .unwrap_or(0)
}

/// Chooses `player` (`human`/`engine`) for a side with the page's form.
fn set_player(browser: &Browser, side: usize, player: &str) {
    browser.run(
        "const select = document.getElementById(`player-${arguments[0]}`); \
         select.value = arguments[1]; \
         select.dispatchEvent(new Event('change')); return true;",
        &[Value::from(side), Value::from(player)],
    );
}

/// Clicks the bulls and cows buttons of `answer`.
fn choose_answer(browser: &Browser, answer: Answer) {
    for (count, value) in [("bulls", answer.bulls), ("cows", answer.cows)] {
        let selector =
            format!("#board .mm-count[data-count=\"{count}\"] button[data-value=\"{value}\"]");
        browser.click_found(|b| b.find(&selector));
    }
}

#[test]
fn mastermind_as_breaker_and_as_maker_in_chromium() {
    let (chromium, driver) = browser_tools();
    let gui = Gui::start(&["--variant", "mastermind", "--movetime", "300"]);
    let profile = std::env::temp_dir().join(format!("ply-chromium-mm-{}", std::process::id()));
    let browser = Browser::start(&chromium, &driver, profile);
    let separator = if gui.url.contains('?') { '&' } else { '?' };
    browser.open(&format!("{}{separator}speed=fast", gui.url));
    browser.wait_for(
        "return document.body.dataset.ready === 'true' && document.getElementById('opt-MaxGuesses') !== null;",
        "the page with Mastermind's options",
        WAIT,
    );
    assert_eq!(text_of(&browser, "title"), "Bulls and cows (4 of 0-9)");
    wait_for_role(&browser, "breaker");
    assert!(
        text_of(&browser, "board").contains("Codes still possible: 5040"),
        "{}",
        text_of(&browser, "board")
    );

    // The breaker's guess 0123: three symbol buttons, then the keyboard.
    for symbol in ["0", "1", "2"] {
        let selector = format!("#board .mm-key[data-symbol=\"{symbol}\"]");
        browser.click_found(|b| b.find(&selector));
    }
    browser.run(
        "for (const key of ['3', 'Enter']) \
           document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })); \
         return true;",
        &[],
    );
    browser.wait_for(
        "return document.querySelector('#board .mm-row[data-answer]') !== null;",
        "the engine's answer row",
        WAIT,
    );
    wait_for_role(&browser, "breaker");
    let row = browser.run(
        "const row = document.querySelector('#board .mm-row[data-answer]'); \
         return [row.dataset.guess, row.dataset.answer, row.querySelectorAll('.mm-peg.bull').length, \
                 row.querySelectorAll('.mm-peg.cow').length];",
        &[],
    );
    assert_eq!(row[0], "0123", "{row}");
    // The move list: who, a space, the move (it showed "Breaker[0123]").
    let moves = text_of(&browser, "moves");
    assert!(moves.contains("Breaker [0123]"), "{moves}");
    assert!(moves.contains("Maker ["), "{moves}");
    // No evaluation bar and no Flip: a score here is guesses still
    // expected, and there is no board to turn round.
    assert!(
        !is_shown(&browser, "evalbar"),
        "the evaluation bar is shown"
    );
    assert!(!is_shown(&browser, "flip"), "the Flip button is shown");
    // No analysis mode either (docs/front-ends.md, "Analysis mode").
    assert!(
        !is_shown(&browser, "analysis"),
        "the Analysis button is shown"
    );
    assert!(!is_shown(&browser, "analysis-lines-field"));
    assert!(is_shown(&browser, "undo"), "the other buttons stay");
    let answer = Answer::read(row[1].as_str().unwrap_or_default()).expect("an answer 1A2B");
    assert_eq!(row[2], u64::from(answer.bulls), "bull pegs: {row}");
    assert_eq!(row[3], u64::from(answer.cows), "cow pegs: {row}");
    let fen = text_of(&browser, "fen");
    assert_eq!(fen, format!("0123:{answer} b"));
    let game = Mastermind::from_position_string(&fen, MastermindRules::default())
        .expect("the page shows a position");
    let possible = browser
        .run(
            "return Number(document.querySelector('#board .mm-possible').dataset.possible);",
            &[],
        )
        .as_u64()
        .unwrap_or(0);
    assert_eq!(possible, game.consistent_codes().len() as u64);
    assert!(
        text_of(&browser, "info-score").contains("guesses in all"),
        "the engine's expectation is shown: {}",
        text_of(&browser, "info-score")
    );
    save_screenshot(&browser, "web-mastermind.png");

    // The roles swapped: a new game, the engine breaks, the person makes.
    set_player(&browser, 0, "engine");
    set_player(&browser, 1, "human");
    browser.click(&browser.find("#new-game"));
    // The engine's first guess of the new game (not the old game's next).
    browser.wait_for(
        "return /^[0-9]{4} m$/.test(document.getElementById('fen').textContent);",
        "the engine's first guess",
        WAIT,
    );
    wait_for_role(&browser, "maker");
    let secret = browser.find("#mm-secret");
    browser.type_into(&secret, "9876");
    browser.wait_for(
        "const note = document.querySelector('#board .mm-secret-note'); \
         return note && note.textContent.startsWith('Your secret answers');",
        "the answer the secret gives",
        WAIT,
    );
    browser.click(&browser.find("#mm-answer"));
    browser.wait_for(
        "return document.querySelectorAll('#board .mm-row[data-answer]').length === 1;",
        "the answer on the board",
        WAIT,
    );
    wait_for_role(&browser, "maker");

    // An answer that contradicts the first one is refused.
    let fen = text_of(&browser, "fen");
    let game = Mastermind::from_position_string(&fen, MastermindRules::default())
        .expect("the page shows a position");
    let guess = game.pending_guess().expect("the engine's second guess");
    let contradiction = Answer::all_possible(4)
        .into_iter()
        .find(|a| !game.possible_answers(guess).contains(a) && !a.is_win(4))
        .expect("some answer contradicts the first");
    choose_answer(&browser, contradiction);
    browser.click(&browser.find("#mm-answer"));
    browser.wait_for(
        "return document.getElementById('error').textContent.includes('contradicts') \
             || document.getElementById('error').textContent.includes('no code answers');",
        "the refusal",
        WAIT,
    );
    assert_eq!(
        answered_rows(&browser),
        1,
        "the refused answer is not played"
    );
    assert_eq!(text_of(&browser, "fen"), fen);
    save_screenshot(&browser, "web-mastermind-maker.png");
}

#[test]
fn mastermind_options_come_from_the_page_and_guesses_are_typed_not_listed() {
    let gui = Gui::start(&["--depth", "1"]);
    let mut page = gui.connect();
    let options = json!({ "Length": 3, "Symbols": 6, "Repeats": true, "MaxGuesses": 8 });
    let state = page.request(&message(
        "new_game",
        json!({ "variant": "mastermind", "options": options }),
    ));
    assert_eq!(state["title"], "Mastermind (3 of 0-5, repeats)", "{state}");
    assert_eq!(state["board"]["possible"], 216);
    assert_eq!(state["board"]["max_guesses"], 8);
    assert_eq!(state["legal"], json!([]), "no list of every code");
    // Only the game's own options.
    let refused = page.request(&message(
        "new_game",
        json!({ "variant": "mastermind", "options": { "Hash": 64 } }),
    ));
    assert_eq!(refused["type"], "error");
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Length, Symbols, Repeats, MaxGuesses"),
        "{refused}"
    );
    // A guess of the wrong length gets the engine library's reason.
    let refused = page.request(&message("move", json!({ "move": "0123" })));
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("a guess has 3 digits"),
        "{refused}"
    );
    page.request(&message("move", json!({ "move": "001" })));
    let state = page.until_person_or_end();
    let rows = state["board"]["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 1, "{state}");
    assert_eq!(rows[0]["guess"], "001");
    assert!(
        rows[0]["answer"].is_string(),
        "the engine answered: {state}"
    );
}

/// Plays the guess `guess` and returns the state once the engine, as the
/// maker, has answered it: the engine took the game's rules.
fn engine_answers(page: &mut gui_support::Page, guess: &str) -> Value {
    let sent = page.request(&message("move", json!({ "move": guess })));
    assert_ne!(sent["type"], "error", "{sent}");
    let state = page.until_person_or_end();
    let rows = state["board"]["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 1, "{state}");
    assert_eq!(rows[0]["guess"], guess);
    assert!(
        rows[0]["answer"].is_string(),
        "the engine answered: {state}"
    );
    state
}

/// The engine library checks the whole rule set after each option; set in
/// the options' alphabetical order (`Length`, `MaxGuesses`, `Repeats`,
/// `Symbols`) playable rules were refused: `Length` 6 for a moment's
/// 151,200 codes before `Repeats` made them 46,656, `Repeats` false while
/// a code of 5 still had the start's 3 symbols, and, in an engine that
/// kept a small game's 2 symbols, `Length` 4.
#[test]
fn mastermind_options_are_set_in_an_order_that_any_playable_rules_allow() {
    let gui = Gui::start(&[
        "--depth",
        "1",
        "--variant",
        "mastermind",
        "--option",
        "Symbols=3",
        "--option",
        "Repeats=true",
        "--option",
        "Length=3",
    ]);
    let mut page = gui.connect();
    // Too many codes for the engine to answer a guess quickly in a debug
    // build; the page's check of the rules is what is tested here.
    let state = page.request(&message(
        "new_game",
        json!({ "options": { "Length": 6, "Symbols": 6, "Repeats": true } }),
    ));
    assert_eq!(state["title"], "Mastermind (6 of 0-5, repeats)", "{state}");
    assert_eq!(state["board"]["possible"], 46_656);

    // From the start's 3 symbols with repeats, in the page and the engine.
    let state = page.request(&message(
        "new_game",
        json!({ "options": { "Length": 5, "Symbols": 6, "Repeats": false } }),
    ));
    assert_eq!(state["title"], "Bulls and cows (5 of 0-5)", "{state}");
    assert_eq!(state["board"]["possible"], 720);
    engine_answers(&mut page, "01234");

    // A small game the engine plays, then a bigger one.
    let state = page.request(&message(
        "new_game",
        json!({ "options": { "Length": 2, "Symbols": 2 } }),
    ));
    assert_eq!(state["board"]["possible"], 2, "{state}");
    engine_answers(&mut page, "01");
    let state = page.request(&message(
        "new_game",
        json!({ "options": { "Length": 4, "Symbols": 10 } }),
    ));
    assert_eq!(state["title"], "Bulls and cows (4 of 0-9)", "{state}");
    engine_answers(&mut page, "0123");

    // Rules that cannot be played are still refused, saying why.
    let refused = page.request(&message(
        "new_game",
        json!({ "options": { "Length": 6, "Symbols": 10 } }),
    ));
    assert_eq!(refused["type"], "error", "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("151200 codes"),
        "{refused}"
    );
}

/// A value is checked as the engine library reads it (trimmed) and kept
/// and sent that way: the page's `"4\n"` would have written a line of its
/// own to the engine.
#[test]
fn option_values_are_kept_and_sent_as_the_engine_library_reads_them() {
    let gui = Gui::start(&["--depth", "1"]);
    let mut page = gui.connect();
    let state = page.request(&message(
        "new_game",
        json!({ "variant": "mastermind", "options": { "Length": "3\n", "Repeats": " TRUE " } }),
    ));
    assert_eq!(state["options"]["Length"], "3", "{state}");
    assert_eq!(state["options"]["Repeats"], "true", "{state}");
    let state = engine_answers(&mut page, "012");
    assert!(state["outcome"].is_null(), "{state}");
}

/// Replaces the maker's secret, as typing it over would.
fn set_secret(browser: &Browser, secret: &str) {
    browser.run(
        "const input = document.getElementById('mm-secret'); \
         input.value = arguments[0]; \
         input.dispatchEvent(new Event('input')); return true;",
        &[Value::from(secret)],
    );
}

/// The answer button's text, e.g. `Answer 1A2B`.
fn answer_button(browser: &Browser) -> String {
    browser
        .run(
            "return document.getElementById('mm-answer').textContent;",
            &[],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// The answer the secret suggests follows the secret as it is edited (it
/// was computed once, while no answer was chosen, and went stale), until
/// the person chooses bulls or cows by hand.
#[test]
fn the_secrets_suggested_answer_follows_the_secret_until_chosen_by_hand() {
    let (chromium, driver) = browser_tools();
    let gui = Gui::start(&[
        "--variant",
        "mastermind",
        "--first",
        "engine",
        "--movetime",
        "100",
    ]);
    let profile =
        std::env::temp_dir().join(format!("ply-chromium-mm-secret-{}", std::process::id()));
    let browser = Browser::start(&chromium, &driver, profile);
    let separator = if gui.url.contains('?') { '&' } else { '?' };
    browser.open(&format!("{}{separator}speed=fast", gui.url));
    wait_for_role(&browser, "maker");
    let fen = text_of(&browser, "fen");
    let game = Mastermind::from_position_string(&fen, MastermindRules::default())
        .expect("the page shows a position");
    let guess = game.pending_guess().expect("the engine's first guess");
    let guess = guess.text(4);
    // The guess itself answers 4A0B, the digits not in it 0A0B.
    let other: String = ('0'..='9')
        .filter(|d| !guess.contains(*d))
        .take(4)
        .collect();

    set_secret(&browser, &guess);
    assert_eq!(answer_button(&browser), "Answer 4A0B");
    set_secret(&browser, &other);
    assert_eq!(answer_button(&browser), "Answer 0A0B", "follows the edit");
    set_secret(&browser, "12");
    assert_eq!(
        answer_button(&browser),
        "Answer",
        "no answer while the secret is no code"
    );
    set_secret(&browser, &guess);
    assert_eq!(answer_button(&browser), "Answer 4A0B");
    // Chosen by hand: the secret no longer overrides it.
    browser.click(&browser.find("#board .mm-count[data-count=\"bulls\"] button[data-value=\"1\"]"));
    assert_eq!(answer_button(&browser), "Answer 1A0B");
    set_secret(&browser, &other);
    assert_eq!(
        answer_button(&browser),
        "Answer 1A0B",
        "the person's choice stays"
    );
}
