//! The web GUI in a real browser: headless Chromium, driven through
//! chromedriver, loads the page, sets up Kalah(6,4) with the page's own
//! form, and plays a whole game against the engine by clicking pits;
//! along the way it asks for a hint, takes a turn back and flips the
//! board, and it takes screenshots. A second test turns analysis mode on:
//! the engine's three best lines, the evaluation graph, going back to a
//! clicked move, the arrow keys, and a move that replaces the rest.
//!
//! Needs Debian's `chromium` and `chromium-driver` (scripts/test installs
//! them, unless PLY_SKIP_BROWSER_INSTALL=1); without them the test fails and says so. The screenshots go to
//! the test's temporary directory, and to docs/screenshots/ when
//! PLY_UPDATE_SCREENSHOTS=1.

mod gui_support;

use gui_support::Gui;
use gui_support::page::{
    WAIT, is_shown, moves_shown, panels_beside_board, save_screenshot, text_of, use_laptop_window,
};
use gui_support::webdriver::{BROWSER_PACKAGES, Browser, browser_tools, missing_tool_message};
use ply_rules::game::Game;
use ply_rules::games::kalah::Kalah;

/// The person's turn (a pit to click) or the end, once nothing moves.
const TURN_OR_END: &str = r"
    const status = document.getElementById('status');
    if (document.body.dataset.busy) return null;
    if (status.dataset.state === 'over') return 'over';
    if (status.dataset.state === 'human' && document.querySelector('#board .pit.legal')) return 'human';
    return null;";

/// Clicks the last legal pit and waits until the move is on the page.
fn click_a_pit(browser: &Browser) {
    let before = moves_shown(browser);
    browser.click_found(|b| b.find_all("#board .pit.legal").pop().expect("a legal pit"));
    browser.wait_for(
        &format!("return Number(document.body.dataset.moves) > {before};"),
        "the move to be shown",
        WAIT,
    );
}

#[test]
fn a_kalah_game_against_the_engine_played_by_clicking_in_chromium() {
    let (chromium, driver) = browser_tools();
    // Kalah(6,6) at the start, so the page's form has a board to change.
    let gui = Gui::start(&["--depth", "1", "--seeds", "6"]);
    let profile = std::env::temp_dir().join(format!("ply-chromium-{}", std::process::id()));
    let browser = Browser::start(&chromium, &driver, profile);
    let separator = if gui.url.contains('?') { '&' } else { '?' };
    browser.open(&format!("{}{separator}speed=fast", gui.url));
    browser.wait_for(
        "return document.body.dataset.ready === 'true' && document.getElementById('opt-Seeds') !== null;",
        "the page to load",
        WAIT,
    );
    assert_eq!(text_of(&browser, "title"), "Kalah(6,6)");
    // Two sides of one board: the evaluation bar and Flip are shown (they
    // are hidden for Mastermind only), and at 1280 pixels the panels
    // stand beside the board.
    assert!(is_shown(&browser, "evalbar"), "no evaluation bar");
    assert!(is_shown(&browser, "flip"), "no Flip button");
    use_laptop_window(&browser);
    panels_beside_board(&browser).unwrap_or_else(|why| panic!("{why}"));

    // Kalah(6,4) and a stronger North, chosen with the page's forms.
    let seeds = browser.find("#opt-Seeds");
    browser.type_into(&seeds, "4");
    let north_depth = browser.find("#limit-value-1");
    browser.type_into(&north_depth, "3");
    // South is the person; its engine depth is for hints.
    let south_depth = browser.find("#limit-value-0");
    browser.type_into(&south_depth, "8");
    browser.click(&browser.find("#new-game"));
    browser.wait_for(
        "return document.getElementById('title').textContent === 'Kalah(6,4)' \
         && document.getElementById('fen').textContent === '4,4,4,4,4,4 0 4,4,4,4,4,4 0 s';",
        "the new game",
        WAIT,
    );
    browser.wait_for(
        "return document.getElementById('limit-value-1').value === '3';",
        "North's depth",
        WAIT,
    );

    let mut turns = 0;
    loop {
        let now = browser.wait_for(TURN_OR_END, "the person's turn or the end", WAIT);
        if now == "over" {
            break;
        }
        turns += 1;
        assert!(turns < 200, "the game did not end");
        if turns == 3 {
            // Take the turn back and play on.
            let before = moves_shown(&browser);
            browser.click(&browser.find("#undo"));
            browser.wait_for(
                &format!("return Number(document.body.dataset.moves) < {before};"),
                "the take-back",
                WAIT,
            );
            browser.wait_for(TURN_OR_END, "the person's turn", WAIT);
        }
        if turns == 5 {
            // Flip the board there and back.
            browser.click(&browser.find("#flip"));
            browser.wait_for(
                "return document.querySelector('#board svg').getAttribute('aria-label').includes('North at the bottom');",
                "the flipped board",
                WAIT,
            );
            browser.click(&browser.find("#flip"));
            browser.wait_for(
                "return document.querySelector('#board svg').getAttribute('aria-label').includes('South at the bottom');",
                "the board turned back",
                WAIT,
            );
            browser.wait_for(TURN_OR_END, "the person's turn", WAIT);
        }
        if turns == 6 {
            // Ask for a hint, and keep the picture for the docs.
            browser.click(&browser.find("#hint"));
            browser.wait_for(
                "return document.getElementById('hint-text').textContent.startsWith('Hint for South');",
                "the hint",
                WAIT,
            );
            browser.wait_for(TURN_OR_END, "the person's turn", WAIT);
            assert_ne!(
                text_of(&browser, "info-pv"),
                "–",
                "the engine's line is shown"
            );
            save_screenshot(&browser, "web-kalah.png");
        }
        click_a_pit(&browser);
    }

    assert!(
        turns >= 6,
        "the game ended before the hint, flip and take-back were tried"
    );
    let status = text_of(&browser, "status");
    assert!(status.starts_with("Game over: "), "{status}");
    let fen = text_of(&browser, "fen");
    let position = Kalah::from_position_string(&fen, false).expect("the page shows a position");
    assert!(
        position.outcome().is_some(),
        "the rules agree the game is over: {fen}"
    );
    assert!(moves_shown(&browser) > 10);
    let animated = browser
        .run("return Number(document.body.dataset.animated || 0);", &[])
        .as_u64()
        .unwrap_or(0);
    assert!(animated > 10, "sowings were animated ({animated})");
    save_screenshot(&browser, "web-kalah-end.png");
}

/// The page's count of something it sets on `document.body.dataset`.
fn body_number(browser: &Browser, key: &str) -> u64 {
    browser
        .run(
            "return Number(document.body.dataset[arguments[0]] || 0);",
            &[serde_json::Value::from(key)],
        )
        .as_u64()
        .unwrap_or(0)
}

/// Waits until the page shows the position after `ply` moves.
fn wait_for_ply(browser: &Browser, ply: usize) {
    browser.wait_for(
        &format!("return !document.body.dataset.busy && document.body.dataset.ply === '{ply}';"),
        &format!("the position after {ply} moves"),
        WAIT,
    );
}

/// The moves the analysis test plays before going back.
const MOVES: u64 = 6;

#[test]
fn analysis_mode_shows_three_lines_a_graph_and_goes_to_a_clicked_move() {
    let (chromium, driver) = browser_tools();
    let gui = Gui::start(&["--depth", "2"]);
    let profile =
        std::env::temp_dir().join(format!("ply-chromium-analysis-{}", std::process::id()));
    let browser = Browser::start(&chromium, &driver, profile);
    let separator = if gui.url.contains('?') { '&' } else { '?' };
    browser.open(&format!("{}{separator}speed=off", gui.url));
    browser.wait_for(
        "return document.body.dataset.ready === 'true';",
        "the page to load",
        WAIT,
    );
    assert_eq!(text_of(&browser, "title"), "Kalah(6,4)", "the default game");
    use_laptop_window(&browser);
    assert!(!is_shown(&browser, "analysis-panel"), "analysis starts off");

    // Analysis on: three lines, each with a score, for the start.
    browser.click(&browser.find("#analysis"));
    browser.wait_for(
        "return document.body.dataset.analysis === 'true' && Number(document.body.dataset.lines) === 3;",
        "three lines with scores",
        WAIT,
    );
    let scores = browser.run(
        "return [...document.querySelectorAll('#pv-lines li')].map((li) => \
           [li.querySelector('.pv-score').textContent, li.querySelector('.pv-moves').textContent]);",
        &[],
    );
    let scores = scores.as_array().expect("the lines");
    assert_eq!(scores.len(), 3, "{scores:?}");
    for line in scores {
        let score = line[0].as_str().unwrap_or_default();
        let moves = line[1].as_str().unwrap_or_default();
        assert!(
            score.starts_with('+')
                || score.starts_with('-')
                || score.contains("win")
                || score.contains("loss"),
            "a score in seeds: {line:?}"
        );
        assert!(moves.starts_with("S ["), "South's line: {line:?}");
    }
    assert!(status_is_analysis(&browser));
    // The person is asked in the game's own words (its page hint).
    let status = text_of(&browser, "status");
    assert!(status.contains("click a pit"), "{status}");

    // A few moves clicked (either side may be clicked): the graph gets a
    // point for each position as it is valued.
    let mut fens = vec![text_of(&browser, "fen")];
    for _ in 0..MOVES {
        click_a_pit_in_analysis(&browser);
        fens.push(text_of(&browser, "fen"));
    }
    browser.wait_for(
        &format!(
            "return Number(document.body.dataset.graphPoints) === {points} \
               && document.querySelectorAll('#evalgraph circle').length === {points};",
            points = MOVES + 1
        ),
        "a point in the graph for each position",
        WAIT,
    );
    browser.wait_for(
        "return Number(document.body.dataset.lines) >= 1;",
        "the lines of the last position",
        WAIT,
    );
    save_screenshot(&browser, "web-analysis.png");

    // A click on the first move shows the position after it, and the
    // analysis follows it; the arrow keys step through the game.
    browser.run(
        "document.querySelector(\"#moves .mv[data-ply='1']\").click(); return true;",
        &[],
    );
    wait_for_ply(&browser, 1);
    assert_eq!(text_of(&browser, "fen"), fens[1], "the board after move 1");
    let label = browser.run(
        "return document.querySelector('#board svg').getAttribute('aria-label');",
        &[],
    );
    assert!(
        label.as_str().is_some_and(|l| l.starts_with("Kalah(6,4)")),
        "{label}"
    );
    assert_eq!(moves_shown(&browser), MOVES, "going back drops nothing");
    browser.wait_for(
        "return Number(document.body.dataset.lines) >= 1 && \
           [...document.querySelectorAll('#pv-lines li')].length >= 1;",
        "the lines of the position after move 1",
        WAIT,
    );
    let key = |name: &str| {
        browser.run(
            &format!(
                "document.body.dispatchEvent(new KeyboardEvent('keydown', {{ key: '{name}', bubbles: true }})); return true;"
            ),
            &[],
        );
    };
    key("ArrowLeft");
    wait_for_ply(&browser, 0);
    assert_eq!(text_of(&browser, "fen"), fens[0]);
    key("ArrowRight");
    wait_for_ply(&browser, 1);
    assert_eq!(text_of(&browser, "fen"), fens[1]);

    // A move played after move 1 replaces the game's later moves, and the
    // page says so.
    click_a_pit_in_analysis(&browser);
    browser.wait_for(
        &format!(
            "return document.getElementById('analysis-note').textContent === \
             '{} later moves of the game were replaced by this one.';",
            MOVES - 1
        ),
        "the note that the later moves were replaced",
        WAIT,
    );
    assert_eq!(moves_shown(&browser), 2);
    assert_eq!(body_number(&browser, "ply"), 2);

    // Leaving analysis plays nothing: the engine's analysis `bestmove` is
    // dropped, and North's engine waits.
    browser.click(&browser.find("#analysis"));
    browser.wait_for(
        "return document.body.dataset.analysis === 'false';",
        "analysis off",
        WAIT,
    );
    assert!(!is_shown(&browser, "analysis-panel"));
    assert_eq!(moves_shown(&browser), 2);
}

/// Whether the status says analysis mode.
fn status_is_analysis(browser: &Browser) -> bool {
    text_of(browser, "status").starts_with("Analysis: ")
}

/// Clicks the last legal pit in analysis mode, where the move count may
/// stay the same (a move from an earlier position replaces the rest):
/// waits for the position after it instead.
///
/// The click is the page's own click event on the pit, found and clicked
/// in one script: the engine's analysis sends states (the graph's values)
/// that redraw the board at any time, so an element found by one WebDriver
/// call may be gone by the next.
fn click_a_pit_in_analysis(browser: &Browser) {
    let ply = body_number(browser, "ply");
    let clicked = browser.run(
        "const pits = document.querySelectorAll('#board .pit.legal'); \
         const pit = pits[pits.length - 1]; \
         if (!pit) return false; \
         pit.dispatchEvent(new MouseEvent('click', { bubbles: true })); \
         return true;",
        &[],
    );
    assert_eq!(clicked, serde_json::Value::Bool(true), "a legal pit");
    wait_for_ply(browser, usize::try_from(ply + 1).expect("a ply"));
}

/// Issue 17 in the page: Kalah(4,3) without a database, the offer to
/// build one (the 16-seed database, in a cache of the test's own), built
/// from the page and then loaded, and with the exact-value view on, every
/// legal pit labelled with its proven value (the same as the list beside);
/// the screenshot of docs/front-ends.md.
#[test]
fn a_database_is_built_from_the_page_and_every_move_gets_its_exact_value() {
    let (chromium, driver) = browser_tools();
    let cache = std::env::temp_dir().join(format!("ply-chromium-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    std::fs::create_dir_all(&cache).expect("a cache of the test's own");
    let gui = Gui::start_with_cache(&["--pits", "4", "--seeds", "3", "--depth", "2"], &cache);
    let profile = std::env::temp_dir().join(format!("ply-chromium-exact-{}", std::process::id()));
    let browser = Browser::start(&chromium, &driver, profile);
    let separator = if gui.url.contains('?') { '&' } else { '?' };
    browser.open(&format!("{}{separator}speed=off", gui.url));
    browser.wait_for(
        "return document.body.dataset.ready === 'true' \
           && document.getElementById('database-panel').dataset.loaded === 'false' \
           && !document.getElementById('db-offer').hidden;",
        "the offer to build a database",
        WAIT,
    );
    use_laptop_window(&browser);
    let offered = text_of(&browser, "db-size");
    assert!(
        offered.starts_with("16 seeds on the board: 736 kB, ~2 s"),
        "{offered}"
    );
    browser.click(&browser.find("#db-build"));
    browser.wait_for(
        "return document.getElementById('database-panel').dataset.loaded === 'true';",
        "the database built and loaded",
        WAIT,
    );
    assert!(
        text_of(&browser, "db-status").contains("kalah-4-standard-16.db (found by auto)"),
        "{}",
        text_of(&browser, "db-status")
    );
    // The 16-seed database is the smallest offered: the offer now starts at 20.
    assert!(
        text_of(&browser, "db-size").starts_with("20 seeds on the board"),
        "{}",
        text_of(&browser, "db-size")
    );
    browser.click(&browser.find("#exact-on"));
    // One move of South's and North's reply, then the values of that position.
    browser.wait_for(
        "return document.getElementById('exact-status').dataset.status === 'proven';",
        "the exact values of the start",
        WAIT,
    );
    click_a_pit(&browser);
    browser.wait_for(TURN_OR_END, "the person's turn", WAIT);
    let labels = browser.wait_for(
        "if (document.getElementById('exact-status').dataset.status !== 'proven') return null; \
         const legal = document.querySelectorAll('#board .pit.legal').length; \
         const labels = [...document.querySelectorAll('#board .exact-value')]; \
         if (labels.length !== legal) return null; \
         return labels.map((l) => [l.dataset.move, l.textContent]);",
        "a proven value beside every legal pit",
        WAIT,
    );
    let listed = browser.run(
        "return [...document.querySelectorAll('#exact-values li')].map((li) => \
           [li.dataset.move, (Number(li.dataset.value) > 0 ? '+' : '') + li.dataset.value]);",
        &[],
    );
    let (mut labels, mut listed) = (
        labels.as_array().cloned().unwrap_or_default(),
        listed.as_array().cloned().unwrap_or_default(),
    );
    let by_move =
        |a: &serde_json::Value, b: &serde_json::Value| a[0].to_string().cmp(&b[0].to_string());
    labels.sort_by(by_move);
    listed.sort_by(by_move);
    assert!(!labels.is_empty());
    assert_eq!(labels, listed);
    save_screenshot(&browser, "web-exact-values.png");

    // North's strength "perfect": no number to give; back to depth, the
    // number box returns with a usual value.
    let choose = |kind: &str| {
        browser.run(
            "const k = document.getElementById('limit-kind-1'); k.value = arguments[0]; \
             k.dispatchEvent(new Event('change')); return true;",
            &[serde_json::Value::from(kind)],
        );
    };
    choose("perfect");
    browser.wait_for(
        "return document.getElementById('limit-value-1').hidden;",
        "no number for the perfect strength",
        WAIT,
    );
    browser.run(
        "document.getElementById('limit-value-1').value = ''; return true;",
        &[],
    );
    choose("depth");
    browser.wait_for(
        "const v = document.getElementById('limit-value-1'); return !v.hidden && v.value === '8';",
        "the depth box back",
        WAIT,
    );
    assert_eq!(text_of(&browser, "error"), "", "nothing was refused");
    let _ = std::fs::remove_dir_all(&cache);
}

#[test]
fn a_missing_browser_fails_with_the_packages_to_install() {
    let message = missing_tool_message(std::path::Path::new("/nowhere/chromium"));
    assert!(
        message.starts_with("/nowhere/chromium is missing"),
        "{message}"
    );
    assert!(
        message.contains(&format!("apt-get install -y {BROWSER_PACKAGES}")),
        "{message}"
    );
    assert!(message.contains("PLY_SKIP_BROWSER_INSTALL=1"), "{message}");
    assert!(message.contains("PLY_CHROMIUM"), "{message}");
}
