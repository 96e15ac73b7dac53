//! The page: plain HTML, CSS and JavaScript, compiled into the binary. No
//! build step, nothing fetched from anywhere else.
//!
//! Each game's board drawing is one script under `assets/games/`; a game
//! without one is shown by `generic.js` (the text drawing and a button per
//! legal move). Adding a drawing: the file, a line here, and a `<script>`
//! line in `index.html`.

/// One file the server hands out.
#[derive(Debug)]
pub struct Asset {
    /// The address path.
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// The file.
    pub body: &'static str,
    /// Whether it is the page itself (which needs the token, when there is
    /// one, and gets the content security policy).
    pub page: bool,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// Every file of the page.
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: HTML,
        body: include_str!("assets/index.html"),
        page: true,
    },
    Asset {
        path: "/index.html",
        content_type: HTML,
        body: include_str!("assets/index.html"),
        page: true,
    },
    Asset {
        path: "/style.css",
        content_type: CSS,
        body: include_str!("assets/style.css"),
        page: false,
    },
    Asset {
        path: "/app.js",
        content_type: JS,
        body: include_str!("assets/app.js"),
        page: false,
    },
    Asset {
        path: "/analysis.js",
        content_type: JS,
        body: include_str!("assets/analysis.js"),
        page: false,
    },
    Asset {
        path: "/database.js",
        content_type: JS,
        body: include_str!("assets/database.js"),
        page: false,
    },
    Asset {
        path: "/games/generic.js",
        content_type: JS,
        body: include_str!("assets/games/generic.js"),
        page: false,
    },
    Asset {
        path: "/games/mancala.js",
        content_type: JS,
        body: include_str!("assets/games/mancala.js"),
        page: false,
    },
    Asset {
        path: "/games/tictactoe.js",
        content_type: JS,
        body: include_str!("assets/games/tictactoe.js"),
        page: false,
    },
    Asset {
        path: "/games/draughts.js",
        content_type: JS,
        body: include_str!("assets/games/draughts.js"),
        page: false,
    },
    Asset {
        path: "/games/mastermind.js",
        content_type: JS,
        body: include_str!("assets/games/mastermind.js"),
        page: false,
    },
    Asset {
        path: "/games/mastermind.css",
        content_type: CSS,
        body: include_str!("assets/games/mastermind.css"),
        page: false,
    },
];

/// The file at `path`.
#[must_use]
pub fn find(path: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|asset| asset.path == path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_loads_every_game_script_and_nothing_from_elsewhere() {
        let page = find("/").unwrap().body;
        for asset in ASSETS.iter().filter(|a| a.path.ends_with(".js")) {
            assert!(
                page.contains(&format!("src=\"{}\"", asset.path)),
                "{} is not loaded",
                asset.path
            );
        }
        // The SVG namespace is a name, not an address that is fetched.
        for asset in ASSETS {
            let body = asset.body.replace("http://www.w3.org/2000/svg", "");
            assert!(!body.contains("http://"), "{}", asset.path);
            assert!(!body.contains("https://"), "{}", asset.path);
        }
    }
}
