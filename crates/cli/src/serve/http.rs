//! A small blocking HTTP/1.1 server over `std::net` for `scorecheck serve`, with every budget fixed.
//!
//! It reads one request per connection (head, then a body of exactly `Content-Length` bytes),
//! answers it with `Connection: close` and closes; there is no keep-alive, no chunked body and
//! no TLS (the server listens on loopback only).
//! What it bounds, so that no client can hold the server or its memory:
//! - connections at once ([`Limits::max_connections`]): each is served on its own thread, and
//!   a connection beyond the bound, or one whose thread cannot be started, gets 503 from the
//!   accept loop, which never stops. A full server first makes room by closing (with 503) the
//!   oldest connection that has spent more than [`Limits::patience`] without sending its whole
//!   request, so that clients trickling bytes cannot keep out one that sends its request at
//!   once; at most [`EVICTION_SLACK`] connections beyond the bound are served while the
//!   closed ones end;
//! - the head ([`Limits::max_head`] bytes, [`Limits::max_headers`] lines): 431 beyond either,
//!   and the buffer never grows past the bound;
//! - the body ([`Limits::max_body`] bytes): 413 before any of it is read;
//! - time: the whole request (head and body) must arrive within [`Limits::read_timeout`] of
//!   the connection's start (408 otherwise, whatever the pace of the bytes), and a response
//!   not taken within [`Limits::write_timeout`] is dropped.

use std::collections::VecDeque;
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The budgets of the server.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Connections served at once; one more is answered 503 and closed.
    pub max_connections: usize,
    /// Bytes of the request line and headers together, their blank line included.
    pub max_head: usize,
    /// Header lines.
    pub max_headers: usize,
    /// Bytes of a body.
    pub max_body: usize,
    /// Time from the connection's start until the whole request has arrived.
    pub read_timeout: Duration,
    /// Time for the client to take the response.
    pub write_timeout: Duration,
    /// Time after which a connection still sending its request may be closed to make room
    /// for a new one when the server is full.
    pub patience: Duration,
}

/// Connections served beyond [`Limits::max_connections`] while the ones closed to make room
/// for them end (each ends as soon as its thread sees the connection closed).
pub const EVICTION_SLACK: usize = 64;

/// A request that was read whole.
pub struct Request {
    /// The method as sent (`GET`, `POST`, ...).
    pub method: String,
    /// The target without its query or fragment.
    pub path: String,
    /// The headers in the order sent, names as sent.
    headers: Vec<(String, String)>,
    /// The body (`Content-Length` bytes).
    pub body: Vec<u8>,
    /// A second handle on the connection, to notice a client that left while it is answered.
    peer: Option<TcpStream>,
    /// Whether the request is HTTP/1.1, whose clients take interim (1xx) responses.
    interim_allowed: bool,
    /// Whether an interim response was sent to learn if a closed client still reads.
    probed: std::cell::Cell<bool>,
}

impl Request {
    /// Whether the client has left, waiting at most `wait` for a sign: a reset connection
    /// always; a closed one when `closed_is_gone` (a browser that aborts a fetch closes its
    /// connection). Otherwise a program may have closed only its sending half and still wait
    /// for the answer: an HTTP/1.1 client is sent one interim response (`102 Processing`,
    /// which RFC 9110 has every client read past), and a client that has closed its whole
    /// connection answers that with a reset, seen at a later call. Bytes the client sent
    /// after its request do not count as leaving.
    pub fn client_gone(&self, wait: Duration, closed_is_gone: bool) -> bool {
        let Some(peer) = &self.peer else {
            return false;
        };
        if peer
            .set_read_timeout(Some(wait.max(Duration::from_millis(1))))
            .is_err()
        {
            return false;
        }
        match peer.peek(&mut [0u8; 1]) {
            // An HTTP/1.0 client takes no interim response: its close is its leaving.
            Ok(0) if closed_is_gone || !self.interim_allowed => true,
            Ok(0) if self.interim_allowed && !self.probed.get() => {
                self.probed.set(true);
                let mut peer = peer;
                peer.write_all(b"HTTP/1.1 102 Processing\r\n\r\n").is_err()
            }
            // The reset a closed client answers the interim response with: the socket's
            // pending error (reads still end at the close).
            Ok(0) if self.probed.get() && matches!(peer.take_error(), Ok(Some(_))) => true,
            Ok(_) => {
                std::thread::sleep(wait);
                false
            }
            Err(e) => !matches!(
                e.kind(),
                ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted
            ),
        }
    }

    /// The value of the first header with this name (names compare without case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// How many headers have this name.
    pub fn header_count(&self, name: &str) -> usize {
        self.headers
            .iter()
            .filter(|(n, _)| n.eq_ignore_ascii_case(name))
            .count()
    }
}

/// A response: status, headers (`Content-Length` and `Connection` are added) and body.
pub struct Response {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// A response with one `Content-Type`.
    pub fn new(status: u16, content_type: &str, body: Vec<u8>) -> Response {
        Response {
            status,
            headers: vec![("Content-Type", content_type.to_string())],
            body,
        }
    }

    /// The same response with one more header.
    pub fn with_header(mut self, name: &'static str, value: &str) -> Response {
        self.headers.push((name, value.to_string()));
        self
    }
}

/// Why no request was read: a status to answer, or nothing to answer (the client left).
enum Unread {
    Answer(u16, String),
    Gone,
}

/// What answers a request read whole, and what renders the server's own refusals
/// (status and a sentence saying what to change).
pub trait Handler: Send + Sync + 'static {
    fn answer(&self, request: &Request) -> Response;
    fn refusal(&self, status: u16, message: &str) -> Response;
}

/// The stack of a connection's thread: it reads a head of at most 16 KiB and a body, and
/// writes an answer (checks run on threads of their own), so 256 connections reserve a few
/// tens of megabytes of address space instead of half a gigabyte.
const CONNECTION_STACK: usize = 128 << 10;

/// Accepts connections for ever (a failed accept is waited out); never panics on a client.
pub fn serve(listener: &TcpListener, limits: Limits, handler: Arc<dyn Handler>) {
    let open = Arc::new(AtomicUsize::new(0));
    let reading = Arc::new(Reading::default());
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(stream) => stream,
            // Out of file descriptors or a connection reset before accept: wait a little
            // (so that a full descriptor table does not spin the loop) and go on.
            Err(_) => {
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
        };
        let slot = Slot::take(&open);
        if slot.count > limits.max_connections
            && (slot.count > limits.max_connections + EVICTION_SLACK
                || !reading.close_oldest(limits.patience, handler.as_ref()))
        {
            refuse(
                &stream,
                handler.as_ref(),
                &format!(
                    "the server has {} connections open, its limit; try again in a few seconds",
                    limits.max_connections
                ),
            );
            continue;
        }
        // A copy of the descriptor answers 503 when no thread can be started for it.
        let spare = stream.try_clone().ok();
        let ticket = reading.add(&stream);
        let worker = Arc::clone(&handler);
        let readers = Arc::clone(&reading);
        let spawned = std::thread::Builder::new()
            .name("scorecheck-serve".into())
            .stack_size(CONNECTION_STACK)
            .spawn(move || {
                connection(stream, &limits, worker.as_ref(), || readers.remove(ticket));
                drop(slot);
            });
        if spawned.is_err() {
            reading.remove(ticket);
            if let Some(spare) = spare {
                refuse(
                    &spare,
                    handler.as_ref(),
                    "the server cannot start another thread now; try again in a few seconds",
                );
            }
        }
    }
}

/// The connections still sending their request, oldest first, each with a second handle to
/// close it by.
#[derive(Default)]
struct Reading {
    inner: Mutex<ReadingList>,
}

#[derive(Default)]
struct ReadingList {
    next: u64,
    connections: VecDeque<(u64, Instant, TcpStream)>,
}

impl Reading {
    /// Registers a connection whose request is being read: its ticket (none when the
    /// descriptor cannot be copied, and then the connection cannot be closed to make room).
    fn add(&self, stream: &TcpStream) -> Option<u64> {
        let copy = stream.try_clone().ok()?;
        let mut list = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        let ticket = list.next;
        list.next += 1;
        list.connections.push_back((ticket, Instant::now(), copy));
        Some(ticket)
    }

    /// The connection's request was read (or refused, or the client left): it is no longer
    /// one to close.
    fn remove(&self, ticket: Option<u64>) {
        let Some(ticket) = ticket else { return };
        let mut list = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = list.connections.iter().position(|(t, _, _)| *t == ticket) {
            list.connections.remove(at);
        }
    }

    /// Closes with 503 the oldest connection that has been sending its request for longer
    /// than `patience`; whether there was one.
    fn close_oldest(&self, patience: Duration, handler: &dyn Handler) -> bool {
        let stream = {
            let mut list = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
            match list.connections.front() {
                Some((_, started, _)) if started.elapsed() >= patience => {
                    list.connections.pop_front().map(|(_, _, stream)| stream)
                }
                _ => None,
            }
        };
        let Some(stream) = stream else { return false };
        refuse(
            &stream,
            handler,
            &format!(
                "the server was full and this connection had not sent its whole request after {} s; send the whole request at once",
                patience.as_secs_f64()
            ),
        );
        true
    }
}

/// One connection counted in `open` while it lives (also when its thread never started).
struct Slot {
    open: Arc<AtomicUsize>,
    count: usize,
}

impl Slot {
    fn take(open: &Arc<AtomicUsize>) -> Slot {
        let count = open.fetch_add(1, Ordering::SeqCst) + 1;
        Slot {
            open: Arc::clone(open),
            count,
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Answers 503 from the accept loop without waiting on the client, and closes.
fn refuse(stream: &TcpStream, handler: &dyn Handler, message: &str) {
    let response = handler.refusal(503, message);
    // A short answer fits in the socket's buffer; a client that does not read it loses it.
    if stream.set_nonblocking(true).is_ok() {
        let _ = (&*stream).write_all(&encode(&response, false));
    }
    let _ = stream.shutdown(Shutdown::Both);
}

/// Reads one request (then calls `read`), answers it and closes.
fn connection(mut stream: TcpStream, limits: &Limits, handler: &dyn Handler, read: impl FnOnce()) {
    let deadline = Instant::now() + limits.read_timeout;
    let request = read_request(&mut stream, limits, deadline);
    read();
    let (response, head_only) = match request {
        Ok(request) => (handler.answer(&request), request.method == "HEAD"),
        Err(Unread::Answer(status, message)) => (handler.refusal(status, &message), false),
        Err(Unread::Gone) => return,
    };
    if write_before(
        &mut stream,
        &encode(&response, head_only),
        Instant::now() + limits.write_timeout,
    )
    .is_err()
    {
        return;
    }
    linger(&mut stream);
}

/// Closes after the response: stop sending, then read and drop what the client still sends
/// (a body that was refused unread) for a bounded time, so that closing with unread bytes does
/// not reset the connection before the client has read the response.
fn linger(stream: &mut TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let deadline = Instant::now() + Duration::from_secs(2);
    let mut left: usize = 4 << 20;
    let mut chunk = [0u8; 16 * 1024];
    while left > 0 {
        let Some(remaining) = deadline.checked_duration_since(Instant::now()) else {
            break;
        };
        if remaining.is_zero() || stream.set_read_timeout(Some(remaining)).is_err() {
            break;
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => left = left.saturating_sub(n),
        }
    }
}

/// Writes all of `bytes` before `deadline`: the whole answer, not each write, has the write
/// timeout (a client reading a kilobyte every few seconds once held its connection for
/// minutes).
fn write_before(stream: &mut TcpStream, bytes: &[u8], deadline: Instant) -> Result<(), ()> {
    let mut written = 0;
    while written < bytes.len() {
        let remaining = deadline
            .checked_duration_since(Instant::now())
            .filter(|d| !d.is_zero())
            .ok_or(())?;
        stream.set_write_timeout(Some(remaining)).map_err(|_| ())?;
        match stream.write(&bytes[written..]) {
            Ok(0) => return Err(()),
            Ok(n) => written += n,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return Err(()),
        }
    }
    stream.flush().map_err(|_| ())
}

/// Reads into `chunk` before `deadline`: the number of bytes (0 when the client closed).
fn read_before(
    stream: &mut TcpStream,
    chunk: &mut [u8],
    deadline: Instant,
) -> Result<usize, Unread> {
    let timeout = || {
        Unread::Answer(
            408,
            "the request did not arrive in time; send the whole request at once".to_string(),
        )
    };
    loop {
        let remaining = deadline
            .checked_duration_since(Instant::now())
            .filter(|d| !d.is_zero())
            .ok_or_else(timeout)?;
        stream
            .set_read_timeout(Some(remaining))
            .map_err(|_| Unread::Gone)?;
        match stream.read(chunk) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(timeout())
            }
            Err(_) => return Err(Unread::Gone),
        }
    }
}

/// Reads the head and the body of one request within the limits.
fn read_request(
    stream: &mut TcpStream,
    limits: &Limits,
    deadline: Instant,
) -> Result<Request, Unread> {
    let mut buffer: Vec<u8> = Vec::with_capacity(4096);
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        // The chunk never takes the buffer past the limit (plus the end being searched).
        let room = (limits.max_head + 1).saturating_sub(buffer.len());
        let n = read_before(stream, &mut chunk[..room.min(4096)], deadline)?;
        if n == 0 && buffer.is_empty() {
            return Err(Unread::Gone);
        }
        // The client closed its sending half within the head: it may still read.
        if n == 0 {
            return Err(bad(
                "the connection's sending half closed before the head's end (an empty line)",
            ));
        }
        let from = buffer.len().saturating_sub(3);
        buffer.extend_from_slice(&chunk[..n]);
        if let Some(at) = find(&buffer[from..], b"\r\n\r\n") {
            break from + at;
        }
        // A head whose lines end in a bare LF would otherwise wait for a CRLF until the
        // time is up.
        if find(&buffer[from.saturating_sub(1)..], b"\n\n").is_some() {
            return Err(bad(
                "the head's lines end in a bare LF (\\n); end each with CRLF (\\r\\n)",
            ));
        }
        if buffer.len() > limits.max_head {
            return Err(Unread::Answer(
                431,
                format!(
                    "the request line and headers are longer than {} bytes; send a shorter head",
                    limits.max_head
                ),
            ));
        }
    };
    let head =
        std::str::from_utf8(&buffer[..head_end]).map_err(|_| bad("the head is not UTF-8"))?;
    // One line ended by a bare LF would swallow the next header into it.
    if head.split("\r\n").any(|line| line.contains('\n')) {
        return Err(bad(
            "a line of the head ends in a bare LF (\\n); end each with CRLF (\\r\\n)",
        ));
    }
    let mut lines = head.split("\r\n");
    let request_line = lines.next().unwrap_or_default();
    let mut parts = request_line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad("the request line is not \"METHOD /path HTTP/1.1\""));
    };
    if version != "HTTP/1.1" && version != "HTTP/1.0" {
        return Err(Unread::Answer(
            505,
            format!("HTTP version {version:?} is not served; use HTTP/1.1"),
        ));
    }
    let mut headers = Vec::new();
    for line in lines {
        if headers.len() == limits.max_headers {
            return Err(Unread::Answer(
                431,
                format!(
                    "the request has more than {} headers; send fewer",
                    limits.max_headers
                ),
            ));
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(bad("a header line has no colon"));
        };
        if name.is_empty() || name.bytes().any(|b| b.is_ascii_whitespace()) {
            return Err(bad("a header name is empty or holds white space"));
        }
        // RFC 9110: a field value holds no NUL, CR or LF (a bare CR could split it).
        if value.bytes().any(|b| matches!(b, 0 | b'\r')) {
            return Err(bad(&format!(
                "the value of header {name:?} holds a NUL or a bare CR; send printable text"
            )));
        }
        headers.push((name.to_string(), value.trim().to_string()));
    }
    // RFC 9112: an HTTP/1.1 request names its host, once.
    let hosts = headers
        .iter()
        .filter(|(n, _)| n.eq_ignore_ascii_case("Host"))
        .count();
    if version == "HTTP/1.1" && hosts != 1 {
        return Err(bad("an HTTP/1.1 request sends one Host header"));
    }
    // The absolute form (`POST http://127.0.0.1:8765/check`, RFC 9112 3.2.2) names its
    // host in the target: it must be the Host header's, and the path follows it.
    let lowered = target.to_ascii_lowercase();
    let target = match lowered.strip_prefix("http://") {
        Some(rest) => {
            let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
            let authority = &rest[..end];
            let host = headers
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case("Host"))
                .map(|(_, v)| v.to_ascii_lowercase());
            if host.is_some_and(|h| h != authority) {
                return Err(bad("the target's host and the Host header differ"));
            }
            let path = &target["http://".len() + end..];
            if path.starts_with('/') {
                path
            } else {
                "/"
            }
        }
        None => target,
    };
    let path = target
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .to_string();
    let mut request = Request {
        method: method.to_string(),
        path,
        headers,
        body: Vec::new(),
        peer: stream.try_clone().ok(),
        interim_allowed: version == "HTTP/1.1",
        probed: std::cell::Cell::new(false),
    };
    // A client that waits for `100 Continue` before its body gets it below; any other
    // expectation is refused.
    if request
        .header("Expect")
        .is_some_and(|e| !e.eq_ignore_ascii_case("100-continue") || request.method != "POST")
        || request.header_count("Expect") > 1
    {
        return Err(Unread::Answer(
            417,
            "only \"Expect: 100-continue\" on a POST is understood; drop the Expect header".into(),
        ));
    }
    if request.header("Transfer-Encoding").is_some() {
        return Err(Unread::Answer(
            501,
            "a body in chunks (Transfer-Encoding) is not read; send it with Content-Length".into(),
        ));
    }
    let length = match request.header("Content-Length") {
        None if request.method == "POST" => {
            return Err(Unread::Answer(
                411,
                "a POST needs a Content-Length header".into(),
            ))
        }
        None => 0,
        Some(text) => {
            let length = text
                .parse::<u64>()
                .ok()
                .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
                .filter(|_| request.header_count("Content-Length") == 1)
                .ok_or_else(|| bad("send one Content-Length header holding a number"))?;
            usize::try_from(length).unwrap_or(usize::MAX)
        }
    };
    if length > limits.max_body {
        return Err(Unread::Answer(
            413,
            format!(
                "the request is larger than {} bytes; send a smaller one",
                limits.max_body
            ),
        ));
    }
    // One allocation of the announced length (at most `max_body`, already checked): pages
    // become resident only as the bytes arrive, whereas growing by doubling left each
    // connection's thread several megabytes of freed buffers (6 MB resident for a 300 KB
    // body, 1.5 GB for 200 held connections).
    let mut body = Vec::with_capacity(length);
    let after_head = buffer.get(head_end + 4..).unwrap_or_default();
    body.extend_from_slice(&after_head[..after_head.len().min(length)]);
    // An HTTP/1.0 client's expectation is ignored (RFC 9110): it gets no interim response.
    if body.len() < length && request.header("Expect").is_some() && request.interim_allowed {
        write_before(stream, b"HTTP/1.1 100 Continue\r\n\r\n", deadline)
            .map_err(|()| Unread::Gone)?;
    }
    drop(buffer);
    let mut chunk = [0u8; 16 * 1024];
    while body.len() < length {
        let want = (length - body.len()).min(chunk.len());
        let n = read_before(stream, &mut chunk[..want], deadline)?;
        if n == 0 {
            return Err(Unread::Answer(
                400,
                format!(
                    "the body ended after {} of its {length} bytes (Content-Length): the connection's sending half closed; send the whole body",
                    body.len()
                ),
            ));
        }
        body.extend_from_slice(&chunk[..n]);
    }
    request.body = body;
    Ok(request)
}

/// A 400 refusal.
fn bad(message: &str) -> Unread {
    Unread::Answer(
        400,
        format!("{message}; send a well-formed HTTP/1.1 request"),
    )
}

/// Where `needle` starts in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The bytes of a response; a `HEAD` gets the head only.
fn encode(response: &Response, head_only: bool) -> Vec<u8> {
    let mut out = format!(
        "HTTP/1.1 {} {}\r\n",
        response.status,
        reason(response.status)
    );
    for (name, value) in &response.headers {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
        response.body.len()
    ));
    let mut bytes = out.into_bytes();
    if !head_only {
        bytes.extend_from_slice(&response.body);
    }
    bytes
}

/// The reason phrase of the statuses this server sends.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        417 => "Expectation Failed",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Status",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_response_is_encoded_with_its_length_and_close() {
        let response = Response::new(200, "text/plain", b"hi".to_vec()).with_header("X-A", "b");
        let bytes = encode(&response, false);
        assert_eq!(
            String::from_utf8_lossy(&bytes),
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-A: b\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi"
        );
        assert!(String::from_utf8_lossy(&encode(&response, true)).ends_with("\r\n\r\n"));
    }

    #[test]
    fn the_end_of_the_head_is_found_across_chunks() {
        assert_eq!(find(b"GET / HTTP/1.1\r\n\r\nbody", b"\r\n\r\n"), Some(14));
        assert_eq!(find(b"GET / HTTP/1.1\r\n", b"\r\n\r\n"), None);
    }

    /// A request as read from the server's end of a fresh loopback connection, and the
    /// client's end.
    fn connected() -> (Request, TcpStream) {
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (server, _) = listener.accept().unwrap();
        let request = Request {
            method: "POST".into(),
            path: "/check".into(),
            headers: Vec::new(),
            body: Vec::new(),
            peer: Some(server),
            interim_allowed: true,
            probed: std::cell::Cell::new(false),
        };
        (request, client)
    }

    /// Asks up to 200 times (the close may take a moment to arrive).
    fn gone_soon(request: &Request, closed_is_gone: bool) -> bool {
        (0..200).any(|_| request.client_gone(Duration::from_millis(10), closed_is_gone))
    }

    #[test]
    fn a_client_that_closes_has_left_when_closing_counts() {
        let (request, client) = connected();
        assert!(!request.client_gone(Duration::from_millis(10), true));
        drop(client);
        assert!(gone_soon(&request, true));
    }

    #[test]
    fn a_client_that_closes_only_its_sending_half_may_still_wait() {
        let (request, mut client) = connected();
        client.shutdown(Shutdown::Write).unwrap();
        assert!(!gone_soon(&request, false));
        // It was told once that its request is being answered, and can read on.
        let mut told = Vec::new();
        client
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let _ = client.read_to_end(&mut told);
        assert_eq!(told, b"HTTP/1.1 102 Processing\r\n\r\n");
    }

    #[test]
    fn a_program_that_closes_its_whole_connection_has_left() {
        let (request, client) = connected();
        drop(client);
        assert!(gone_soon(&request, false));
    }

    #[test]
    fn bytes_after_the_request_are_not_leaving() {
        let (request, mut client) = connected();
        client.write_all(b"more").unwrap();
        assert!(!request.client_gone(Duration::from_millis(10), true));
    }
}
