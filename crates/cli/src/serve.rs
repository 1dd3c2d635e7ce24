//! `scorecheck serve`: a local web page whose checks go through the same facade as `check`.
//!
//! `GET /` answers one self-contained page (`serve.html`, inline CSS and JavaScript, built
//! into the binary); `POST /check` answers a request's JSON text with `scorecheck::run_text`'s
//! result, or `{"error": {...}}` with the field to fix.
//! The server listens on 127.0.0.1 only, refuses other `Host` headers (so a web page cannot
//! reach it by DNS rebinding), reads at most [`MAX_BODY`] bytes of a body and gives every
//! check [`TIME_LIMIT`] (a request asking for more is an error naming its `time_limit`), so
//! that no request holds it for long.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use scorecheck::RunOptions;
use tiny_http::{Header, Method, Request, Response, Server, StatusCode};

/// The page, with its CSS and JavaScript inline.
const PAGE: &str = include_str!("serve.html");

/// The largest request body read, in bytes; a larger one is answered 413.
const MAX_BODY: usize = 1 << 20;

/// The wall-clock budget of every check: the page's answer is "undecided" after it.
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// `scorecheck serve [--port 8080]`.
#[derive(Args)]
pub struct ServeArgs {
    /// The port on 127.0.0.1 (0 lets the system pick a free one; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
}

/// Serves until killed; each request is answered on its own thread.
pub fn run(args: &ServeArgs) -> ExitCode {
    let server = match Server::http(("127.0.0.1", args.port)) {
        Ok(server) => server,
        Err(e) => {
            eprintln!(
                "scorecheck serve: cannot listen on 127.0.0.1:{}: {e}; pick another --port",
                args.port
            );
            return ExitCode::from(crate::EXIT_ERROR);
        }
    };
    let port = match server.server_addr().to_ip() {
        Some(address) => address.port(),
        None => args.port,
    };
    // The first line of stdout is the address, so a script that asked for port 0 learns it.
    crate::emit(&format!(
        "scorecheck serve: http://127.0.0.1:{port}/ (Ctrl-C stops)\n"
    ));
    for request in server.incoming_requests() {
        // A slow client holds only its own thread; a check ends within TIME_LIMIT.
        std::thread::spawn(move || answer(request, port));
    }
    ExitCode::from(crate::EXIT_CONSISTENT)
}

/// Routes one request and sends its response; a client that went away is not an error.
fn answer(mut request: Request, port: u16) {
    let response = if !host_allowed(&request, port) {
        text(
            403,
            "this server answers only http://127.0.0.1 and http://localhost\n",
        )
    } else {
        let path = request.url().split(['?', '#']).next().unwrap_or("");
        match (request.method(), path) {
            (Method::Get | Method::Head, "/") => Response::from_string(PAGE)
                .with_header(header("Content-Type", "text/html; charset=utf-8"))
                .with_header(header(
                    "Content-Security-Policy",
                    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:",
                )),
            (Method::Post, "/check") => check(&mut request),
            (_, "/" | "/check") => text(405, "method not allowed\n"),
            _ => text(404, "not found; the page is at /\n"),
        }
    };
    let response = response
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    let _ = request.respond(response);
}

/// `POST /check`: the body is one request's JSON text.
fn check(request: &mut Request) -> Response<std::io::Cursor<Vec<u8>>> {
    if request
        .body_length()
        .is_some_and(|length| length > MAX_BODY)
    {
        return too_large();
    }
    let mut body = Vec::new();
    let limit = u64::try_from(MAX_BODY).unwrap_or(u64::MAX) + 1;
    if let Err(e) = request.as_reader().take(limit).read_to_end(&mut body) {
        return error(
            400,
            "invalid_json",
            &format!("the body could not be read ({e})"),
        );
    }
    if body.len() > MAX_BODY {
        return too_large();
    }
    let Ok(text) = String::from_utf8(body) else {
        return error(
            400,
            "invalid_json",
            "the request is not valid UTF-8; send UTF-8 JSON",
        );
    };
    if let Some(key) = longer_time_limit(&text) {
        let error = scorecheck::Error::new(
            scorecheck::ErrorKind::InvalidValue,
            Some(key),
            format!(
                "scorecheck serve gives every check at most {} s; ask for no more here, or run scorecheck check for a longer search",
                TIME_LIMIT.as_secs()
            ),
        );
        return json(
            400,
            &serde_json::json!({ "error": error.to_json() }).to_string(),
        );
    }
    let mut options = RunOptions::default().with_time_limit(TIME_LIMIT);
    // A deadline set here wins over the request's own time_limit, so none outlasts it.
    options.deadline = Instant::now().checked_add(TIME_LIMIT);
    match scorecheck::run_text(&text, &options) {
        Ok(value) => json(200, &value.to_string()),
        Err(e) => json(
            400,
            &serde_json::json!({ "error": e.to_json() }).to_string(),
        ),
    }
}

/// The request's `time_limit` or `timeout` key when it asks for more than [`TIME_LIMIT`]:
/// the server's deadline would cut it short while the answer blamed the request's limit.
fn longer_time_limit(text: &str) -> Option<&'static str> {
    let request: serde_json::Value = serde_json::from_str(text).ok()?;
    ["time_limit", "timeout"].into_iter().find(|key| {
        request
            .get(key)
            .and_then(serde_json::Value::as_f64)
            .is_some_and(|seconds| seconds > TIME_LIMIT.as_secs_f64())
    })
}

/// Whether the `Host` header names this server (browsers always send one).
fn host_allowed(request: &Request, port: u16) -> bool {
    let Some(host) = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .map(|h| h.value.as_str())
    else {
        // HTTP/1.0 clients may omit it; they are not browsers.
        return true;
    };
    let allowed = |name: &str| host == name || host == format!("{name}:{port}");
    allowed("127.0.0.1") || allowed("localhost")
}

/// A 413 answer in the error shape of the facade.
fn too_large() -> Response<std::io::Cursor<Vec<u8>>> {
    error(
        413,
        "invalid_input",
        &format!("the request is larger than {MAX_BODY} bytes; send a smaller one"),
    )
}

/// `{"error": {"kind", "message", "field": null}}` with a status.
fn error(status: u16, kind: &str, message: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    let record = serde_json::json!({"error": {"kind": kind, "message": message, "field": null}});
    json(status, &record.to_string())
}

/// A JSON answer.
fn json(status: u16, body: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    let mut bytes = body.as_bytes().to_vec();
    let _ = bytes.write_all(b"\n");
    Response::from_data(bytes)
        .with_status_code(StatusCode(status))
        .with_header(header("Content-Type", "application/json"))
}

/// A plain-text answer.
fn text(status: u16, body: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    Response::from_string(body)
        .with_status_code(StatusCode(status))
        .with_header(header("Content-Type", "text/plain; charset=utf-8"))
}

/// A header from two ASCII literals.
fn header(name: &str, value: &str) -> Header {
    // Both parts are constants of this file and ASCII, so this cannot fail.
    Header::from_bytes(name.as_bytes(), value.as_bytes())
        .unwrap_or_else(|()| unreachable!("header {name} is ASCII"))
}
