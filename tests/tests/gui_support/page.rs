//! What the browser tests read from the page, and their screenshots.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::Value;

use super::webdriver::Browser;

/// How long the page may take to show something.
pub const WAIT: Duration = Duration::from_secs(30);

/// The number of moves the page shows.
pub fn moves_shown(browser: &Browser) -> u64 {
    browser
        .run("return Number(document.body.dataset.moves || 0);", &[])
        .as_u64()
        .unwrap_or(0)
}

/// The text of the element with this id.
pub fn text_of(browser: &Browser, id: &str) -> String {
    browser
        .run(
            "return document.getElementById(arguments[0]).textContent;",
            &[Value::from(id)],
        )
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// A common laptop window, where the panels must fit beside the board.
pub const LAPTOP_WINDOW: (u32, u32) = (1280, 800);

/// Resizes the browser to [`LAPTOP_WINDOW`] and waits until the page has
/// the new width.
pub fn use_laptop_window(browser: &Browser) {
    let (width, height) = LAPTOP_WINDOW;
    browser.set_window_size(width, height);
    browser.wait_for(
        &format!("return window.innerWidth <= {width};"),
        "the window's new size",
        WAIT,
    );
}

/// Whether the element with this id takes any room on the page (not
/// hidden, nor inside something hidden).
pub fn is_shown(browser: &Browser, id: &str) -> bool {
    browser
        .run(
            "return document.getElementById(arguments[0]).getClientRects().length > 0;",
            &[Value::from(id)],
        )
        .as_bool()
        .unwrap_or(false)
}

/// Whether the side panels (players, game, position) stand to the right
/// of the board, beside it rather than below it; the message gives both
/// boxes.
pub fn panels_beside_board(browser: &Browser) -> Result<(), String> {
    let boxes = browser.run(
        "const box = (e) => { const r = e.getBoundingClientRect(); \
           return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; }; \
         return { board: box(document.getElementById('board')), \
                  panels: box(document.querySelector('aside')), \
                  width: window.innerWidth };",
        &[],
    );
    let number = |path: &[&str]| {
        path.iter()
            .fold(&boxes, |value, key| &value[*key])
            .as_f64()
            .unwrap_or(f64::NAN)
    };
    let beside = number(&["panels", "left"]) >= number(&["board", "right"])
        && number(&["panels", "top"]) < number(&["board", "bottom"]);
    if beside {
        Ok(())
    } else {
        Err(format!("the panels are not beside the board: {boxes}"))
    }
}

/// Saves a screenshot in the test's directory, and in docs/screenshots/
/// when asked to.
pub fn save_screenshot(browser: &Browser, name: &str) {
    let png = browser.screenshot();
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let mut places = vec![PathBuf::from(env!("CARGO_TARGET_TMPDIR"))];
    if std::env::var_os("PLY_UPDATE_SCREENSHOTS").is_some_and(|v| v == "1") {
        places.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots"));
    }
    for dir in places {
        std::fs::create_dir_all(&dir).expect("screenshot directory");
        std::fs::write(dir.join(name), &png).expect("screenshot written");
    }
}
