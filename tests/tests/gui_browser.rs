//! The web GUI in a real browser: headless Chromium, driven through
//! chromedriver, loads the page, sets up Kalah(6,4) with the page's own
//! form, and plays a whole game against the engine by clicking pits;
//! along the way it asks for a hint, takes a turn back and flips the
//! board, and it takes screenshots.
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
use ply_engine::game::Game;
use ply_engine::games::kalah::Kalah;

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
    let pits = browser.find_all("#board .pit.legal");
    let pit = pits.last().expect("a legal pit");
    browser.click(pit);
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
