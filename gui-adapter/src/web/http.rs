//! Just enough HTTP/1.1 for `ply-gui`: read one request head (with
//! `httparse`), answer it, close. The page is a handful of fixed files and
//! a WebSocket, so there are no bodies, no keep-alive and no chunking.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use percent_encoding::percent_decode_str;

use thiserror::Error;

/// The longest request head read, in bytes.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;

/// The most headers read.
const MAX_HEADERS: usize = 64;

/// A request that could not be read.
#[derive(Debug, Error)]
pub enum HttpError {
    /// The connection failed or timed out.
    #[error("reading the request: {0}")]
    Io(#[from] io::Error),
    /// The bytes are no HTTP request.
    #[error("malformed request: {0}")]
    Malformed(String),
    /// The head is longer than [`MAX_HEAD_BYTES`].
    #[error("request head too large")]
    TooLarge,
}

impl HttpError {
    /// Whether the client was too slow (the deadline passed), rather than
    /// wrong.
    #[must_use]
    pub fn is_timeout(&self) -> bool {
        matches!(self, Self::Io(error)
            if matches!(error.kind(), io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock))
    }
}

/// A connection read against one deadline for the whole request head: the
/// socket's read timeout is set to the time left before each read, so a
/// client sending a byte now and then cannot keep the connection (and its
/// thread) for ever, as it could when each byte restarted the timeout.
#[derive(Debug)]
pub struct DeadlineReader<'a> {
    stream: &'a TcpStream,
    deadline: Instant,
}

impl<'a> DeadlineReader<'a> {
    /// Reads `stream` until `budget` from now.
    #[must_use]
    pub fn new(stream: &'a TcpStream, budget: Duration) -> Self {
        Self {
            stream,
            deadline: Instant::now() + budget,
        }
    }
}

impl Read for DeadlineReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the request head took too long",
            ));
        }
        self.stream.set_read_timeout(Some(left))?;
        let mut stream = self.stream;
        stream.read(buf)
    }
}

/// A request head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET`, …
    pub method: String,
    /// The path without the query.
    pub path: String,
    /// The query's `name=value` pairs, decoded as a form's.
    pub query: Vec<(String, String)>,
    /// Headers, names in lower case.
    pub headers: Vec<(String, String)>,
}

impl Request {
    /// The first header with this (lower-case) name.
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The first query parameter with this name.
    #[must_use]
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether a header holds `token` in its comma-separated list (any case).
    #[must_use]
    pub fn header_has(&self, name: &str, token: &str) -> bool {
        self.header(name).is_some_and(|value| {
            value
                .split(',')
                .any(|part| part.trim().eq_ignore_ascii_case(token))
        })
    }
}

/// Reads a request head; returns it and any bytes read past it.
///
/// # Errors
/// [`HttpError`] for a broken connection or bytes that are no request.
pub fn read_request(stream: &mut impl Read) -> Result<(Request, Vec<u8>), HttpError> {
    let mut buffer = Vec::with_capacity(1024);
    let mut chunk = [0_u8; 1024];
    loop {
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Err(HttpError::Malformed("the connection closed early".into()));
        }
        buffer.extend_from_slice(&chunk[..n]);
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut parsed = httparse::Request::new(&mut headers);
        match parsed.parse(&buffer) {
            Ok(httparse::Status::Complete(length)) => {
                let request = to_request(&parsed)?;
                return Ok((request, buffer[length..].to_vec()));
            }
            Ok(httparse::Status::Partial) if buffer.len() < MAX_HEAD_BYTES => {}
            Ok(httparse::Status::Partial) => return Err(HttpError::TooLarge),
            Err(error) => return Err(HttpError::Malformed(error.to_string())),
        }
    }
}

fn to_request(parsed: &httparse::Request<'_, '_>) -> Result<Request, HttpError> {
    let method = parsed.method.unwrap_or_default().to_owned();
    let target = parsed.path.unwrap_or("/");
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    // The query is form-encoded (`+` is a space); the path only %-escaped.
    let query = form_urlencoded::parse(query.as_bytes())
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect();
    let mut headers = Vec::new();
    for header in parsed.headers.iter() {
        let value = std::str::from_utf8(header.value)
            .map_err(|_| HttpError::Malformed(format!("header {} is not text", header.name)))?;
        headers.push((header.name.to_ascii_lowercase(), value.trim().to_owned()));
    }
    Ok(Request {
        method,
        path: percent_decode_str(path).decode_utf8_lossy().into_owned(),
        query,
        headers,
    })
}

/// Headers sent with every answer: nothing is cached (a token may be in
/// the address), nothing is framed, no address leaks through a referrer.
const COMMON_HEADERS: &str = "Cache-Control: no-store\r\n\
    X-Content-Type-Options: nosniff\r\n\
    X-Frame-Options: DENY\r\n\
    Referrer-Policy: no-referrer\r\n\
    Connection: close\r\n";

/// Writes a whole response and flushes it.
///
/// # Errors
/// When the connection is broken.
pub fn respond(
    stream: &mut impl Write,
    status: u16,
    content_type: &str,
    extra_headers: &[(&str, String)],
    body: &[u8],
) -> io::Result<()> {
    let reason = match status {
        200 => "OK",
        101 => "Switching Protocols",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        426 => "Upgrade Required",
        503 => "Service Unavailable",
        _ => "Error",
    };
    let mut head = format!(
        "HTTP/1.1 {status} {reason}\r\n{COMMON_HEADERS}Content-Type: {content_type}\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in extra_headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}

/// A short plain-text answer.
///
/// # Errors
/// When the connection is broken.
pub fn respond_text(stream: &mut impl Write, status: u16, text: &str) -> io::Result<()> {
    respond(
        stream,
        status,
        "text/plain; charset=utf-8",
        &[],
        format!("{text}\n").as_bytes(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_head_is_read_with_its_query() {
        let text = b"GET /ws?token=ab%20c&x HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\n\r\nrest";
        let (request, rest) = read_request(&mut &text[..]).unwrap();
        assert_eq!(request.method, "GET");
        assert_eq!(request.path, "/ws");
        assert_eq!(request.param("token"), Some("ab c"));
        assert_eq!(request.param("x"), Some(""));
        assert_eq!(request.header("host"), Some("127.0.0.1:8080"));
        assert!(request.header_has("connection", "upgrade"));
        assert_eq!(rest, b"rest");
    }

    #[test]
    fn garbage_and_huge_heads_are_refused() {
        assert!(matches!(
            read_request(&mut &b"\x00\x01\x02 nonsense\r\n\r\n"[..]),
            Err(HttpError::Malformed(_))
        ));
        let huge = format!("GET / HTTP/1.1\r\nX: {}\r\n", "a".repeat(MAX_HEAD_BYTES));
        assert!(matches!(
            read_request(&mut huge.as_bytes()),
            Err(HttpError::TooLarge)
        ));
    }

    #[test]
    fn percent_escapes_decode_and_bad_ones_stay() {
        let head = b"GET /a%41b/100%/%zz/a+b?x=a%41+b&flag&y=100%25 HTTP/1.1\r\n\r\n";
        let (request, _) = read_request(&mut &head[..]).unwrap();
        assert_eq!(request.path, "/aAb/100%/%zz/a+b");
        assert_eq!(
            request.query,
            [
                ("x".to_owned(), "aA b".to_owned()),
                ("flag".to_owned(), String::new()),
                ("y".to_owned(), "100%".to_owned())
            ]
        );
    }
}
