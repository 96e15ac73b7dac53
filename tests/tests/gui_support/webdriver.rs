//! A small WebDriver client: headless Chromium driven through
//! `chromedriver`'s HTTP API (W3C WebDriver), over a plain loopback TCP
//! connection (no proxy settings can get in the way).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The key W3C WebDriver names element references with.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

/// Where Debian's `chromium` and `chromium-driver` put the browser and the
/// driver (`PLY_CHROMIUM` and `PLY_CHROMEDRIVER` override them).
fn tool(variable: &str, default: &str) -> PathBuf {
    std::env::var_os(variable).map_or_else(|| PathBuf::from(default), PathBuf::from)
}

/// The Debian packages that hold the browser and its driver.
pub const BROWSER_PACKAGES: &str = "chromium chromium-driver";

/// Why a browser test cannot run: `path` is missing.
pub fn missing_tool_message(path: &Path) -> String {
    let skipped = if std::env::var_os("PLY_SKIP_BROWSER_INSTALL").is_some_and(|value| value == "1")
    {
        "PLY_SKIP_BROWSER_INSTALL=1 told scripts/test not to install them, so install them yourself: "
    } else {
        "scripts/test installs them (unless PLY_SKIP_BROWSER_INSTALL=1), or: "
    };
    format!(
        "{} is missing: the web GUI's browser tests need Chromium and chromedriver, \
         Debian's packages {BROWSER_PACKAGES}. {skipped}\
         sudo apt-get install -y {BROWSER_PACKAGES} \
         (or set PLY_CHROMIUM / PLY_CHROMEDRIVER to where they are). \
         The browser tests never pass without a browser.",
        path.display()
    )
}

/// The browser and its driver, or a failure that says how to install them.
///
/// # Panics
/// When either is missing: the end-to-end test must not pass without a
/// browser.
pub fn browser_tools() -> (PathBuf, PathBuf) {
    let chromium = tool("PLY_CHROMIUM", "/usr/bin/chromium");
    let driver = tool("PLY_CHROMEDRIVER", "/usr/bin/chromedriver");
    for path in [&chromium, &driver] {
        assert!(path.is_file(), "{}", missing_tool_message(path));
    }
    (chromium, driver)
}

/// A running `chromedriver` with one browser session.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    profile: PathBuf,
}

impl Browser {
    /// Starts `chromedriver` and a headless Chromium with a fresh profile.
    pub fn start(chromium: &Path, driver: &Path, profile: PathBuf) -> Self {
        let port = free_port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", driver.display()));
        let mut browser = Self {
            driver: child,
            port,
            session: String::new(),
            profile,
        };
        // Wait until the driver answers.
        let deadline = Instant::now() + Duration::from_secs(20);
        while call(port, "GET", "/status", None).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = std::fs::remove_dir_all(&browser.profile);
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1280,1000",
            &format!("--user-data-dir={}", browser.profile.display()),
        ];
        let capabilities = json!({
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": {
                        "binary": chromium.to_string_lossy(),
                        "args": args,
                    }
                }
            }
        });
        let value = call(port, "POST", "/session", Some(&capabilities))
            .unwrap_or_else(|e| panic!("no browser session: {e}"));
        browser.session = value["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session id in {value}"))
            .to_owned();
        browser
    }

    fn path(&self, tail: &str) -> String {
        format!("/session/{}{tail}", self.session)
    }

    fn post(&self, tail: &str, body: &Value) -> Value {
        call(self.port, "POST", &self.path(tail), Some(body))
            .unwrap_or_else(|e| panic!("WebDriver {tail}: {e}"))
    }

    /// Loads `url`.
    pub fn open(&self, url: &str) {
        self.post("/url", &json!({ "url": url }));
    }

    /// Runs `script` (a function body; `arguments` holds `args`) in the page.
    pub fn run(&self, script: &str, args: &[Value]) -> Value {
        self.post("/execute/sync", &json!({ "script": script, "args": args }))
    }

    /// The elements matching a CSS selector.
    pub fn find_all(&self, selector: &str) -> Vec<String> {
        let value = self.post(
            "/elements",
            &json!({ "using": "css selector", "value": selector }),
        );
        value
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|e| e[ELEMENT_KEY].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The one element matching a CSS selector.
    pub fn find(&self, selector: &str) -> String {
        self.find_all(selector)
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("no element {selector}"))
    }

    /// Clicks an element as a person would (the driver moves the mouse to
    /// its middle and clicks there).
    pub fn click(&self, element: &str) {
        self.post(&format!("/element/{element}/click"), &json!({}));
    }

    /// Clicks the element `find` finds, as [`Self::click`], finding it
    /// again when the driver says it is stale: the page redraws its board
    /// whenever `ply-gui` says something new (a database note, an engine's
    /// line), so an element found may be gone by the time it is clicked.
    #[allow(dead_code)] // not every test file clicks what the page redraws
    pub fn click_found(&self, find: impl Fn(&Self) -> String) {
        for attempt in 1..=CLICK_ATTEMPTS {
            let path = self.path(&format!("/element/{}/click", find(self)));
            match call(self.port, "POST", &path, Some(&json!({}))) {
                Ok(_) => return,
                Err(e) if e.contains("stale element") && attempt < CLICK_ATTEMPTS => {}
                Err(e) => panic!("WebDriver {path}: {e}"),
            }
        }
    }

    /// Clears a text field and types `text` into it.
    pub fn type_into(&self, element: &str, text: &str) {
        self.post(&format!("/element/{element}/clear"), &json!({}));
        self.post(
            &format!("/element/{element}/value"),
            &json!({ "text": text }),
        );
    }

    /// Resizes the browser window (headless: the page's viewport).
    pub fn set_window_size(&self, width: u32, height: u32) {
        self.post("/window/rect", &json!({ "width": width, "height": height }));
    }

    /// A PNG of the window, scrolled to the top.
    pub fn screenshot(&self) -> Vec<u8> {
        self.run("window.scrollTo(0, 0); return true;", &[]);
        let value = call(self.port, "GET", &self.path("/screenshot"), None)
            .unwrap_or_else(|e| panic!("no screenshot: {e}"));
        decode_base64(value.as_str().expect("base64 text"))
    }

    /// Waits until `script` returns something other than `null`/`false`.
    pub fn wait_for(&self, script: &str, what: &str, timeout: Duration) -> Value {
        let deadline = Instant::now() + timeout;
        loop {
            let value = self.run(script, &[]);
            if !(value.is_null() || value == Value::Bool(false)) {
                return value;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(30));
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = call(self.port, "DELETE", &self.path(""), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// A port no one listens on now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// One WebDriver call: returns the answer's `value`, or the error text.
/// Tries at clicking an element the page redraws in between.
const CLICK_ATTEMPTS: usize = 5;

fn call(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| e.to_string())?;
    let (head, payload) = read_answer(&mut stream)?;
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let value: Value =
        serde_json::from_slice(&payload).map_err(|e| format!("status {status}, not JSON ({e})"))?;
    if status == 200 {
        Ok(value["value"].clone())
    } else {
        Err(format!("status {status}: {}", value["value"]))
    }
}

/// Reads one HTTP answer: the head (in lower case) and the body, by its
/// `Content-Length` or its chunks (the driver may keep the connection open,
/// so reading to the end would wait).
fn read_answer(stream: &mut TcpStream) -> Result<(String, Vec<u8>), String> {
    let mut data = Vec::new();
    let mut chunk = [0_u8; 8192];
    let mut read_more = |data: &mut Vec<u8>| -> Result<(), String> {
        let n = stream.read(&mut chunk).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("the driver closed the connection early".to_owned());
        }
        data.extend_from_slice(&chunk[..n]);
        Ok(())
    };
    let split = loop {
        if let Some(split) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break split;
        }
        read_more(&mut data)?;
    };
    let head = String::from_utf8_lossy(&data[..split]).to_ascii_lowercase();
    let mut body = data[split + 4..].to_vec();
    let length = head.lines().find_map(|line| {
        line.strip_prefix("content-length:")
            .and_then(|v| v.trim().parse::<usize>().ok())
    });
    if let Some(length) = length {
        while body.len() < length {
            read_more(&mut body)?;
        }
        body.truncate(length);
        return Ok((head, body));
    }
    if head.contains("transfer-encoding: chunked") {
        while !body.windows(5).any(|w| w == b"0\r\n\r\n") {
            read_more(&mut body)?;
        }
        return Ok((head, dechunk(&body)));
    }
    // Neither: the body ends with the connection.
    while read_more(&mut body).is_ok() {}
    Ok((head, body))
}

/// Undoes `Transfer-Encoding: chunked`.
fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size_text = String::from_utf8_lossy(&data[..end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("0").trim(), 16)
            .unwrap_or(0);
        if size == 0 || data.len() < end + 2 + size {
            break;
        }
        out.extend_from_slice(&data[end + 2..end + 2 + size]);
        data = &data[(end + 4 + size).min(data.len())..];
    }
    out
}

/// Standard base64, as WebDriver sends screenshots.
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut bits = 0_u32;
    let mut count = 0;
    for v in text.bytes().filter_map(value) {
        bits = ((bits << 6) | u32::from(v)) & 0xffff;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push(u8::try_from((bits >> count) & 0xff).unwrap_or(0));
        }
    }
    out
}

#[test]
fn base64_decodes() {
    assert_eq!(decode_base64("UGx5IQ=="), b"Ply!");
    assert_eq!(decode_base64("S2FsYWg="), b"Kalah");
}
