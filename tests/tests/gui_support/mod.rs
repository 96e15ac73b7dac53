//! Runs `ply-gui` for the web GUI tests and speaks to it as the page does.

#![allow(dead_code)]

pub mod page;
pub mod webdriver;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long `ply-gui` may take to answer.
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// A running `ply-gui` on a free loopback port.
pub struct Gui {
    child: Child,
    /// `http://127.0.0.1:PORT/` with `?token=…` when there is one.
    pub url: String,
    /// `127.0.0.1:PORT`.
    pub host: String,
    /// The token, if `ply-gui` asks for one.
    pub token: Option<String>,
    _lines: Receiver<String>,
}

impl Gui {
    /// Starts `ply-gui --port 0` against the workspace's engine with `args`.
    /// Its engines find no cached database (`XDG_CACHE_HOME` is a
    /// directory that does not exist), so a user's databases never change
    /// what a test sees.
    pub fn start(args: &[&str]) -> Self {
        let nowhere = std::env::temp_dir().join("ply-gui-tests-no-cache");
        Self::start_with_cache(args, &nowhere)
    }

    /// [`Gui::start`] with `XDG_CACHE_HOME` set to `cache` (its engines
    /// and database builds use `cache/ply`, never the user's cache).
    pub fn start_with_cache(args: &[&str], cache: &std::path::Path) -> Self {
        let mut child = Command::new(ply_tests::binary("ply-gui"))
            .env("XDG_CACHE_HOME", cache)
            .args(["--port", "0", "--engine"])
            .arg(ply_tests::binary("ply-engine"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("ply-gui starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let line = lines
            .recv_timeout(TIMEOUT)
            .expect("ply-gui prints its address");
        let url = line
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        let host = url
            .trim_start_matches("http://")
            .split('/')
            .next()
            .expect("a host")
            .to_owned();
        let token = url.split_once("?token=").map(|(_, t)| t.to_owned());
        Self {
            child,
            url,
            host,
            token,
            _lines: lines,
        }
    }

    /// The WebSocket address, with the token.
    pub fn ws_url(&self) -> String {
        match &self.token {
            Some(token) => format!("ws://{}/ws?token={token}", self.host),
            None => format!("ws://{}/ws", self.host),
        }
    }

    /// Opens the page's WebSocket.
    pub fn connect(&self) -> Page {
        Page::connect(&self.ws_url(), &[])
    }

    /// A raw HTTP GET with these extra header lines; returns the status
    /// code and the body.
    pub fn get(&self, path: &str, headers: &[(&str, &str)]) -> (u16, String) {
        self.try_get(path, headers)
            .expect("ply-gui answers the request")
    }

    /// [`Self::get`], or the I/O error: a server refusing a connection it
    /// has no room for (503) closes it without reading the request, which
    /// the client may see as a reset instead of the answer.
    pub fn try_get(&self, path: &str, headers: &[(&str, &str)]) -> std::io::Result<(u16, String)> {
        let mut stream = TcpStream::connect(&self.host)?;
        let mut request = format!("GET {path} HTTP/1.1\r\nConnection: close\r\n");
        if !headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("host")) {
            request.push_str(&format!("Host: {}\r\n", self.host));
        }
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        stream.write_all(request.as_bytes())?;
        let mut answer = String::new();
        stream.read_to_string(&mut answer)?;
        let status = answer
            .split_whitespace()
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or(0);
        let body = answer
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_owned())
            .unwrap_or_default();
        Ok((status, body))
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The page's side of the WebSocket.
pub struct Page {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    /// The last `state` received.
    pub state: Value,
    /// Every message received, in order.
    pub received: Vec<Value>,
    /// Messages sent.
    sent: u64,
}

impl Page {
    /// Connects with extra handshake headers; panics if refused.
    pub fn connect(url: &str, headers: &[(&str, &str)]) -> Self {
        let ws = Self::try_connect(url, headers).expect("the WebSocket opens");
        let mut page = Self {
            ws,
            state: Value::Null,
            received: Vec::new(),
            sent: 0,
        };
        let hello = page.next();
        assert_eq!(hello["type"], "hello", "{hello}");
        page.until(|m| m["type"] == "state");
        page
    }

    /// Connects with extra handshake headers, or the HTTP status refusing it.
    pub fn try_connect(
        url: &str,
        headers: &[(&str, &str)],
    ) -> Result<WebSocket<MaybeTlsStream<TcpStream>>, u16> {
        let mut request = url.into_client_request().expect("a WebSocket address");
        for (name, value) in headers {
            request.headers_mut().insert(
                tungstenite::http::HeaderName::from_bytes(name.as_bytes()).expect("header name"),
                value.parse().expect("header value"),
            );
        }
        match tungstenite::connect(request) {
            Ok((ws, _)) => {
                if let MaybeTlsStream::Plain(stream) = ws.get_ref() {
                    stream.set_read_timeout(Some(TIMEOUT)).expect("timeout set");
                }
                Ok(ws)
            }
            Err(tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
            Err(error) => panic!("cannot connect: {error}"),
        }
    }

    /// Sends a message (JSON) as the page would.
    pub fn send(&mut self, message: &Value) {
        self.send_text(&message.to_string());
    }

    /// Sends any text.
    pub fn send_text(&mut self, text: &str) {
        self.sent += 1;
        self.ws
            .send(Message::text(text.to_owned()))
            .expect("ply-gui reads");
    }

    /// The next message.
    pub fn next(&mut self) -> Value {
        loop {
            match self.ws.read().expect("ply-gui answers in time") {
                Message::Text(text) => {
                    let value: Value = serde_json::from_str(text.as_str()).expect("JSON");
                    if value["type"] == "state" {
                        self.state = value.clone();
                    }
                    self.received.push(value.clone());
                    return value;
                }
                Message::Close(_) => panic!("ply-gui closed the WebSocket"),
                _ => {}
            }
        }
    }

    /// Reads messages until one satisfies `done`; returns it.
    pub fn until(&mut self, mut done: impl FnMut(&Value) -> bool) -> Value {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            assert!(Instant::now() < deadline, "waited too long");
            let message = self.next();
            if done(&message) {
                return message;
            }
        }
    }

    /// Sends `message` and returns the answer: the `error` refusing it,
    /// or the `state` after it.
    pub fn request(&mut self, message: &Value) -> Value {
        self.send(message);
        self.answer()
    }

    /// Sends any text and returns the answer, as [`Page::request`].
    pub fn request_text(&mut self, text: &str) -> Value {
        self.send_text(text);
        self.answer()
    }

    /// Reads up to the state that acknowledges the last message sent;
    /// returns the error before it, if any, else that state.
    fn answer(&mut self) -> Value {
        let sent = self.sent;
        let mut error = None;
        let state = self.until(|m| {
            if m["type"] == "error" {
                error = Some(m.clone());
            }
            m["type"] == "state" && m["ack"] == sent
        });
        error.unwrap_or(state)
    }

    /// Reads states until the person may move (legal moves shown, or a
    /// person's side to move in a game whose moves are typed, such as
    /// Mastermind's guesses) or the game is over; returns that state.
    pub fn until_person_or_end(&mut self) -> Value {
        let ready = |s: &Value| {
            let mover = s["side_to_move"].as_u64().unwrap_or(0) as usize;
            s["type"] == "state"
                && (!s["outcome"].is_null()
                    || (s["thinking"].is_null()
                        && (s["legal"].as_array().is_some_and(|l| !l.is_empty())
                            || s["players"][mover] == "human")))
        };
        if ready(&self.state) {
            return self.state.clone();
        }
        self.until(ready)
    }
}

/// `{"type": …}` with more fields.
pub fn message(kind: &str, fields: Value) -> Value {
    let mut value = json!({ "type": kind });
    if let (Some(object), Some(extra)) = (value.as_object_mut(), fields.as_object()) {
        object.extend(extra.clone());
    }
    value
}
