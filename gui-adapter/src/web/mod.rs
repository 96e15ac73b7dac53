//! The web GUI (`ply-gui`): a page served on loopback, talking to the
//! server over a WebSocket; the server talks to engine processes over the
//! protocol.
//!
//! The stack is the standard library's `TcpListener`, a thread per
//! connection, `httparse` for the request head and `tungstenite` for the
//! WebSocket: no async runtime, since one person drives a page or two.
//!
//! Security model (see docs/front-ends.md):
//! - it listens on 127.0.0.1 unless told otherwise; then only loopback
//!   `Host` names are answered (no DNS rebinding);
//! - beyond loopback (or with `--require-token`) the page and the WebSocket
//!   need a random token, printed at start-up as part of the address;
//! - a WebSocket whose `Origin` is another site is refused (no cross-site
//!   WebSocket hijacking);
//! - the page may send only the messages of [`messages::ClientMessage`];
//!   moves and positions are checked with the engine library's rules and
//!   options against a per-game whitelist before anything reaches an
//!   engine, which only ever receives typed [`ply_protocol::Command`]s.

pub mod assets;
pub mod http;
pub mod messages;
pub mod session;
pub mod token;

use std::io::{self, Write};
use std::net::{IpAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::{Message, WebSocket};

use http::{DeadlineReader, Request, read_request, respond, respond_text};
use messages::{MAX_MESSAGE_BYTES, ServerMessage, parse_client_message};
use session::{PageSession, SessionConfig};

/// How long a client may take to send its whole request head (one
/// deadline, not a timeout per read).
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(10);

/// Most connections at once that are not (yet) a page's WebSocket: each
/// has a thread while its request is read and answered. Beyond it a
/// connection is answered 503 and closed at once, so idle connections
/// cannot pile up threads. Pages have their own limit
/// ([`ServerConfig::max_sessions`]).
pub const MAX_WAITING_CONNECTIONS: usize = 32;

/// How long writing an answer may block on a client that does not read.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);

/// How often a session looks at its engines between page messages.
const POLL_INTERVAL: Duration = Duration::from_millis(15);

/// How the server runs.
#[derive(Debug)]
pub struct ServerConfig {
    /// What each page's game starts from.
    pub session: Arc<SessionConfig>,
    /// The token the page and the WebSocket must carry, if any.
    pub token: Option<String>,
    /// Listening on loopback only: answer loopback host names only.
    pub loopback: bool,
    /// Most pages (WebSockets, each with its engines) at once.
    pub max_sessions: usize,
    /// Most other connections at once ([`MAX_WAITING_CONNECTIONS`]).
    pub max_waiting: usize,
    /// The deadline for a request head ([`REQUEST_DEADLINE`]).
    pub request_deadline: Duration,
}

/// Serves connections until the listener fails.
///
/// # Errors
/// When accepting connections fails for good.
pub fn serve(listener: &TcpListener, config: &Arc<ServerConfig>) -> io::Result<()> {
    let live = Arc::new(AtomicUsize::new(0));
    let waiting = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        match stream {
            Ok(mut stream) => {
                let Some(slot) = Slot::take(&waiting, config.max_waiting) else {
                    log::debug!("too many connections: one refused");
                    let _ = stream.set_write_timeout(Some(ANSWER_TIMEOUT));
                    let _ = respond_text(&mut stream, 503, "too many connections");
                    continue;
                };
                let config = Arc::clone(config);
                let live = Arc::clone(&live);
                let spawned = thread::Builder::new()
                    .name("connection".to_owned())
                    .spawn(move || handle_connection(stream, slot, &config, &live));
                if let Err(error) = spawned {
                    log::warn!("cannot start a connection thread: {error}");
                }
            }
            Err(error) => log::warn!("accepting a connection: {error}"),
        }
    }
    Ok(())
}

/// A place among the [`ServerConfig::max_waiting`] connections; given back
/// when dropped.
struct Slot(Arc<AtomicUsize>);

impl Slot {
    /// A place, if fewer than `max` are taken.
    fn take(count: &Arc<AtomicUsize>, max: usize) -> Option<Self> {
        if count.fetch_add(1, Ordering::SeqCst) >= max {
            count.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Self(Arc::clone(count)))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// One connection: a file of the page, or the WebSocket. It holds `slot`
/// until it is answered or becomes a page's WebSocket.
fn handle_connection(mut stream: TcpStream, slot: Slot, config: &ServerConfig, live: &AtomicUsize) {
    let _ = stream.set_write_timeout(Some(ANSWER_TIMEOUT));
    let read = read_request(&mut DeadlineReader::new(&stream, config.request_deadline));
    let (request, rest) = match read {
        Ok(read) => read,
        Err(error) if error.is_timeout() => {
            log::debug!("request too slow: {error}");
            let _ = respond_text(&mut stream, 408, "the request took too long");
            return;
        }
        Err(error) => {
            log::debug!("bad request: {error}");
            let _ = respond_text(&mut stream, 400, &error.to_string());
            return;
        }
    };
    log::debug!("{} {}", request.method, request.path);
    let host = match check_host(&request, config.loopback) {
        Ok(host) => host,
        Err(reason) => {
            let _ = respond_text(&mut stream, 403, &reason);
            return;
        }
    };
    if request.method != "GET" {
        let _ = respond_text(&mut stream, 405, "only GET is served");
        return;
    }
    let token_ok = config
        .token
        .as_deref()
        .is_none_or(|t| token::matches(t, request.param("token")));
    if request.path == "/ws" {
        if !token_ok {
            let _ = respond_text(&mut stream, 403, "the WebSocket needs the token");
            return;
        }
        drop(slot);
        websocket(stream, &request, rest, &host, config, live);
        return;
    }
    let Some(asset) = assets::find(&request.path) else {
        let _ = respond_text(&mut stream, 404, "no such page");
        return;
    };
    if asset.page && !token_ok {
        let _ = respond_text(
            &mut stream,
            403,
            "This ply-gui needs its token: open the address it printed at start-up, \
             which ends in ?token=...",
        );
        return;
    }
    let headers: Vec<(&str, String)> = if asset.page {
        vec![("Content-Security-Policy", content_security_policy(&host))]
    } else {
        Vec::new()
    };
    let _ = respond(
        &mut stream,
        200,
        asset.content_type,
        &headers,
        asset.body.as_bytes(),
    );
}

/// The page may load only its own files and talk only to its own server.
fn content_security_policy(host: &str) -> String {
    format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self' ws://{host}; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'none'"
    )
}

/// The `Host` header, if it may be answered: on loopback only loopback
/// names, so a web page cannot reach the server by pointing a name of its
/// own at 127.0.0.1 (DNS rebinding).
fn check_host(request: &Request, loopback: bool) -> Result<String, String> {
    let host = request
        .header("host")
        .ok_or("the request has no Host header")?;
    if host.is_empty() || !host.chars().all(|c| c.is_ascii_graphic()) {
        return Err("a bad Host header".to_owned());
    }
    if loopback && !is_loopback_host(host) {
        return Err(format!(
            "ply-gui answers only to 127.0.0.1, localhost or [::1], not '{host}'"
        ));
    }
    Ok(host.to_owned())
}

/// `127.0.0.1:8080`, `localhost`, `[::1]:8080`, …
fn is_loopback_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or_default()
    } else {
        host.rsplit_once(':').map_or(host, |(name, _port)| name)
    };
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<IpAddr>()
            .is_ok_and(|address| address.is_loopback())
}

/// A WebSocket's `Origin`, when a browser sends one, must be the page's
/// own: another site's script may not drive the engine.
fn check_origin(request: &Request, host: &str) -> Result<(), String> {
    match request.header("origin") {
        None => Ok(()),
        Some(origin) if origin.eq_ignore_ascii_case(&format!("http://{host}")) => Ok(()),
        Some(origin) => Err(format!("WebSocket from another origin ({origin}) refused")),
    }
}

/// Counts a live session; the count drops with it.
struct LiveSession<'a>(&'a AtomicUsize);

impl Drop for LiveSession<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The WebSocket handshake, then the session until the page goes away.
fn websocket(
    mut stream: TcpStream,
    request: &Request,
    rest: Vec<u8>,
    host: &str,
    config: &ServerConfig,
    live: &AtomicUsize,
) {
    if let Err(reason) = check_origin(request, host) {
        let _ = respond_text(&mut stream, 403, &reason);
        return;
    }
    let upgrade = request
        .header("upgrade")
        .is_some_and(|u| u.eq_ignore_ascii_case("websocket"))
        && request.header_has("connection", "upgrade");
    if !upgrade || request.header("sec-websocket-version") != Some("13") {
        let _ = respond(
            &mut stream,
            426,
            "text/plain; charset=utf-8",
            &[("Sec-WebSocket-Version", "13".to_owned())],
            b"this address is the page's WebSocket\n",
        );
        return;
    }
    let Some(key) = request.header("sec-websocket-key") else {
        let _ = respond_text(&mut stream, 400, "no Sec-WebSocket-Key");
        return;
    };
    if live.fetch_add(1, Ordering::SeqCst) >= config.max_sessions {
        live.fetch_sub(1, Ordering::SeqCst);
        let _ = respond_text(&mut stream, 503, "too many pages are open");
        return;
    }
    let _live = LiveSession(live);
    let accept = tungstenite::handshake::derive_accept_key(key.as_bytes());
    let head = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Accept: {accept}\r\n\r\n"
    );
    if stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.flush())
        .is_err()
    {
        return;
    }
    let limits = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES * 2))
        .max_frame_size(Some(MAX_MESSAGE_BYTES * 2));
    let mut ws = WebSocket::from_partially_read(stream, rest, Role::Server, Some(limits));
    run_session(&mut ws, config);
}

/// Passes the page's messages to its session and the session's messages
/// back, polling the engines in between.
fn run_session(ws: &mut WebSocket<TcpStream>, config: &ServerConfig) {
    let mut session = match PageSession::new(Arc::clone(&config.session)) {
        Ok(session) => session,
        Err(message) => {
            let _ = send(ws, &ServerMessage::Error { message });
            return;
        }
    };
    if ws.get_mut().set_read_timeout(Some(POLL_INTERVAL)).is_err() {
        return;
    }
    for message in session.greeting() {
        if send(ws, &message).is_err() {
            return;
        }
    }
    loop {
        let replies = match ws.read() {
            Ok(Message::Text(text)) => match parse_client_message(text.as_str()) {
                Ok(message) => session.handle(message),
                Err(message) => session.refuse(message),
            },
            Ok(Message::Binary(_)) => session.refuse("only text messages are read".to_owned()),
            Ok(Message::Close(_)) => {
                let _ = ws.flush();
                return;
            }
            Ok(_) => Vec::new(),
            Err(tungstenite::Error::Io(error))
                if matches!(
                    error.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                Vec::new()
            }
            Err(error) => {
                log::debug!("page gone: {error}");
                return;
            }
        };
        for message in replies.iter().chain(session.poll(Instant::now()).iter()) {
            if send(ws, message).is_err() {
                return;
            }
        }
    }
}

fn send(ws: &mut WebSocket<TcpStream>, message: &ServerMessage) -> Result<(), ()> {
    let text = serde_json::to_string(message).map_err(|_| ())?;
    ws.send(Message::text(text)).map_err(|error| {
        log::debug!("cannot write to the page: {error}");
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(headers: &[(&str, &str)]) -> Request {
        Request {
            method: "GET".into(),
            path: "/ws".into(),
            query: Vec::new(),
            headers: headers
                .iter()
                .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
                .collect(),
        }
    }

    #[test]
    fn only_loopback_names_are_answered_on_loopback() {
        for host in [
            "127.0.0.1:8080",
            "localhost:1",
            "[::1]:80",
            "127.0.0.1",
            "LOCALHOST",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in [
            "evil.example:8080",
            "10.0.0.1:8080",
            "[::2]:80",
            "localhost.evil",
        ] {
            assert!(!is_loopback_host(host), "{host}");
        }
        assert!(check_host(&request(&[("host", "evil.example")]), true).is_err());
        assert!(check_host(&request(&[("host", "evil.example")]), false).is_ok());
        assert!(check_host(&request(&[]), false).is_err());
    }

    #[test]
    fn websockets_from_other_sites_are_refused() {
        let host = "127.0.0.1:8080";
        assert!(check_origin(&request(&[]), host).is_ok());
        assert!(check_origin(&request(&[("origin", "http://127.0.0.1:8080")]), host).is_ok());
        assert!(check_origin(&request(&[("origin", "http://evil.example")]), host).is_err());
        assert!(check_origin(&request(&[("origin", "null")]), host).is_err());
    }
}
