//! Russian draughts in a real browser (headless Chromium through
//! chromedriver): a move played by clicking the piece and its square, a
//! double capture clicked landing by landing with the continuations
//! highlighted, the Prolog draughts program's "you must capture", the
//! flipped board and the draw offer when only kings remain. Screenshots as
//! in `gui_browser.rs`.

mod gui_support;

use gui_support::Gui;
use gui_support::page::{
    WAIT, moves_shown, panels_beside_board, save_screenshot, text_of, use_laptop_window,
};
use gui_support::webdriver::{Browser, browser_tools};
use ply_rules::game::Game;
use ply_rules::games::russian::Russian;
use serde_json::Value;

/// Clicks the square `name` of the board.
fn click_square(browser: &Browser, name: &str) {
    let selector = format!("#board .cell[data-square='{name}']");
    browser.click_found(|b| b.find(&selector));
}

/// The squares outlined as clickable now.
fn legal_squares(browser: &Browser) -> Vec<String> {
    let value = browser.run(
        "return [...document.querySelectorAll('#board .cell.legal')].map((c) => c.dataset.square).sort();",
        &[],
    );
    value
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// The piece letter on `name` (`w`, `b`, `W`, `B`), empty if none.
fn piece_on(browser: &Browser, name: &str) -> String {
    browser
        .run(
            "const p = document.querySelector(`#board .cell[data-square='${arguments[0]}'] .piece`); \
             return p ? p.dataset.piece : '';",
            &[Value::from(name)],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Waits until the person may click again (the engine has answered).
fn wait_for_person(browser: &Browser) {
    browser.wait_for(
        "return !document.body.dataset.busy && document.getElementById('status').dataset.state === 'human' \
         && document.querySelector('#board .cell.legal') !== null;",
        "the person's turn",
        WAIT,
    );
}

/// Starts from `fen` with the page's position form; the page shows it as
/// the engine library writes it.
fn set_position(browser: &Browser, fen: &str) {
    let shown = Russian::from_position_string(fen)
        .expect("a position")
        .position_string();
    browser.type_into(&browser.find("#fen-input"), fen);
    browser.click(&browser.find("#set-position"));
    browser.wait_for(
        &format!("return document.getElementById('fen').textContent === '{shown}';"),
        "the position",
        WAIT,
    );
}

#[test]
fn draughts_moves_and_captures_are_played_by_clicks_in_chromium() {
    let (chromium, driver) = browser_tools();
    let gui = Gui::start(&["--variant", "russian", "--depth", "2"]);
    let profile =
        std::env::temp_dir().join(format!("ply-chromium-draughts-{}", std::process::id()));
    let browser = Browser::start(&chromium, &driver, profile);
    let separator = if gui.url.contains('?') { '&' } else { '?' };
    browser.open(&format!("{}{separator}speed=fast", gui.url));
    browser.wait_for(
        "return document.body.dataset.ready === 'true' && document.querySelector('#board svg.draughts') !== null;",
        "the draughts board",
        WAIT,
    );
    assert_eq!(text_of(&browser, "title"), "Russian draughts");
    // At 1280 pixels the panels stay on the right, as for the other games
    // (the position string, one long word, pushed them below the board).
    use_laptop_window(&browser);
    if let Err(why) = panels_beside_board(&browser) {
        save_screenshot(&browser, "web-russian-layout.png");
        panic!("{why}");
    }
    assert_eq!(piece_on(&browser, "c3"), "w");
    assert_eq!(piece_on(&browser, "f6"), "b");
    // The men that can move are outlined.
    assert_eq!(legal_squares(&browser), ["a3", "c3", "e3", "g3"]);

    // A quiet move: the piece, then the square.
    click_square(&browser, "c3");
    assert_eq!(legal_squares(&browser), ["b4", "d4"]);
    click_square(&browser, "d4");
    browser.wait_for(
        "return Number(document.body.dataset.moves) >= 2;",
        "the move and the engine's answer",
        WAIT,
    );
    wait_for_person(&browser);
    assert_eq!(piece_on(&browser, "d4"), "w", "the board shows the move");
    assert_eq!(piece_on(&browser, "c3"), "");
    save_screenshot(&browser, "web-russian.png");

    // A double capture, clicked landing by landing.
    set_position(&browser, "W:Wc3,a1:Bd4,f4,h8");
    wait_for_person(&browser);
    assert_eq!(
        legal_squares(&browser),
        ["c3"],
        "only the capture may be played"
    );
    // A move without capture gets the Prolog draughts program's message.
    click_square(&browser, "a1");
    browser.wait_for(
        "return document.querySelector('#board .board-note').textContent.startsWith('You must capture');",
        "the message that a capture is mandatory",
        WAIT,
    );
    click_square(&browser, "c3");
    assert_eq!(legal_squares(&browser), ["e5"]);
    click_square(&browser, "e5");
    assert_eq!(legal_squares(&browser), ["g3"], "the capture goes on");
    save_screenshot(&browser, "web-russian-capture.png");
    let before = moves_shown(&browser);
    click_square(&browser, "g3");
    browser.wait_for(
        &format!("return Number(document.body.dataset.moves) > {before};"),
        "the capture on the page",
        WAIT,
    );
    wait_for_person(&browser);
    let moves = text_of(&browser, "moves");
    assert!(moves.contains("c3:e5:g3"), "{moves}");
    assert_eq!(piece_on(&browser, "g3"), "w");
    assert_eq!(piece_on(&browser, "d4"), "", "captured");
    assert_eq!(piece_on(&browser, "f4"), "", "captured");

    // Flip: Black at the bottom.
    browser.click(&browser.find("#flip"));
    browser.wait_for(
        "return document.querySelector('#board svg').getAttribute('aria-label').includes('Black at the bottom');",
        "the flipped board",
        WAIT,
    );
    browser.click(&browser.find("#flip"));

    // Only kings: the draw offer, accepted.
    set_position(&browser, "W:WKa1:BKh2");
    browser.wait_for(
        "return !document.getElementById('draw-offer').hidden;",
        "the draw offer",
        WAIT,
    );
    assert!(
        text_of(&browser, "draw-offer-text").starts_with("Only kings remain (1 against 1)"),
        "{}",
        text_of(&browser, "draw-offer-text")
    );
    assert_eq!(piece_on(&browser, "a1"), "W", "a king");
    browser.click(&browser.find("#accept-draw"));
    browser.wait_for(
        "return document.getElementById('status').textContent === 'Game over: Draw by agreement';",
        "the agreed draw",
        WAIT,
    );
}
