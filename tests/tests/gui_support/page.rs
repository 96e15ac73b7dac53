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
