//! `scorecheck serve`: a local web page whose checks go through the same facade as `check`.
//!
//! `GET /` answers one self-contained page (`serve.html`, inline CSS and JavaScript, built
//! into the binary); `POST /check` answers a request's JSON text with `scorecheck::run_text`'s
//! result, or `{"error": {...}}` with the field to fix.
//! The server listens on 127.0.0.1 only, refuses other `Host` headers (so a web page cannot
//! reach it by DNS rebinding), reads at most [`MAX_BODY`] bytes of a body and gives every
//! check [`TIME_LIMIT`] (a request asking for more is an error naming its `time_limit`), so
//! that no request holds it for long.
//! Checks are run for the server's own page only: `POST /check` needs `Content-Type:
//! application/json` and is refused with a foreign `Origin` or a cross-site `Sec-Fetch-Site`,
//! no CORS preflight is answered positively, and the page may not be framed.
//! The HTTP layer (`http`) bounds connections, head size and read time.

mod http;

use std::net::TcpListener;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use http::{Handler, Limits, Request, Response};
use scorecheck::RunOptions;

/// The page, with its CSS and JavaScript inline.
const PAGE: &str = include_str!("serve.html");

/// The largest request body read, in bytes; a larger one is answered 413.
const MAX_BODY: usize = 1 << 20;

/// The wall-clock budget of every check: the page's answer is "undecided" after it.
const TIME_LIMIT: Duration = Duration::from_secs(10);

/// How long a request waits for a check's slot: longer than a check's budget, so that a
/// request queued behind checks that use all of theirs gets the slot the first one frees
/// (waiting exactly [`TIME_LIMIT`], it gave up a few milliseconds before).
const SLOT_WAIT: Duration = Duration::from_secs(12);

/// Checks run at once; a request waits up to [`SLOT_WAIT`] for one to end, then gets 503.
/// Each check stays under its own memory bound, so the checks together stay under this many.
const MAX_CHECKS: usize = 2;

/// The connection budgets (see `http::Limits`): each connection holds a thread and at most
/// `max_head` + `max_body` bytes of request while it is read.
const LIMITS: Limits = Limits {
    max_connections: 256,
    max_head: 16 * 1024,
    max_headers: 100,
    max_body: MAX_BODY,
    read_timeout: Duration::from_secs(10),
    write_timeout: Duration::from_secs(10),
    patience: Duration::from_secs(1),
};

/// The page's policy: inline script and style only, fetches to this server only, and no
/// framing by any page (a framed page could be made to check a link's request unseen).
const PAGE_POLICY: &str = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// `scorecheck serve [--port 8080]`.
#[derive(Args)]
pub struct ServeArgs {
    /// The port on 127.0.0.1 (0 lets the system pick a free one; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
}

/// Serves until killed; see `http` for the connection budgets.
pub fn run(args: &ServeArgs) -> ExitCode {
    few_malloc_arenas();
    let listener = match TcpListener::bind(("127.0.0.1", args.port)) {
        Ok(listener) => listener,
        Err(e) => {
            say!(
                "scorecheck serve: cannot listen on 127.0.0.1:{}: {e}; pick another --port",
                args.port
            );
            return ExitCode::from(crate::EXIT_ERROR);
        }
    };
    let port = match listener.local_addr() {
        Ok(address) => address.port(),
        Err(_) => args.port,
    };
    // The first line of stdout is the address, so a script that asked for port 0 learns it.
    crate::emit(&format!(
        "scorecheck serve: http://127.0.0.1:{port}/ (Ctrl-C stops)\n"
    ));
    let site = Site {
        port,
        running: Mutex::new(0),
        ended: Condvar::new(),
    };
    http::serve(&listener, LIMITS, Arc::new(site));
    ExitCode::from(crate::EXIT_CONSISTENT)
}

/// The page and the check endpoint of one server.
struct Site {
    port: u16,
    /// Checks running now, at most [`MAX_CHECKS`].
    running: Mutex<usize>,
    ended: Condvar,
}

impl Handler for Site {
    fn answer(&self, request: &Request) -> Response {
        let response = if !self.host_allowed(request) {
            error(
                403,
                "invalid_input",
                "this server answers only http://127.0.0.1 and http://localhost",
            )
        } else {
            match (request.method.as_str(), request.path.as_str()) {
                ("GET" | "HEAD", "/") => page(request),
                ("POST", "/check") => match self.cross_site(request) {
                    Some(refusal) => refusal,
                    None => self.check(request),
                },
                // No preflight is answered positively: no Access-Control-Allow-* header is ever sent.
                (_, "/") => error(405, "invalid_input", "the page is read with GET")
                    .with_header("Allow", "GET, HEAD"),
                (_, "/check") => error(
                    405,
                    "invalid_input",
                    "checks are sent with POST (the request's JSON as the body)",
                )
                .with_header("Allow", "POST"),
                _ => error(404, "invalid_input", "not found; the page is at /"),
            }
        };
        common_headers(response)
    }

    fn refusal(&self, status: u16, message: &str) -> Response {
        let kind = if status == 503 {
            "busy"
        } else {
            "invalid_input"
        };
        common_headers(error(status, kind, message))
    }
}

/// Headers every answer carries.
fn common_headers(response: Response) -> Response {
    response
        .with_header("Cache-Control", "no-store")
        .with_header("X-Content-Type-Options", "nosniff")
        .with_header("Cross-Origin-Resource-Policy", "same-origin")
}

/// `GET /`: the page. It checks a shared link's request at once only when the browser says the
/// page was opened directly (address bar, bookmark, another program) or from itself; opened from
/// another site, it fills in the request and waits for the user to press Check.
fn page(request: &Request) -> Response {
    let direct = matches!(
        request.header("Sec-Fetch-Site"),
        Some("none" | "same-origin")
    );
    let body = if direct {
        PAGE.replacen("data-autorun=\"no\"", "data-autorun=\"yes\"", 1)
    } else {
        PAGE.to_string()
    };
    Response::new(200, "text/html; charset=utf-8", body.into_bytes())
        .with_header("Content-Security-Policy", PAGE_POLICY)
        .with_header("X-Frame-Options", "DENY")
}

impl Site {
    /// Whether the `Host` header names this server (browsers always send one).
    fn host_allowed(&self, request: &Request) -> bool {
        let Some(host) = request.header("Host") else {
            // HTTP/1.0 clients may omit it; they are not browsers.
            return true;
        };
        let port = self.port;
        // Host names are not case-sensitive (`LOCALHOST`).
        let host = host.to_ascii_lowercase();
        let allowed = |name: &str| host == name || host == format!("{name}:{port}");
        request.header_count("Host") == 1 && (allowed("127.0.0.1") || allowed("localhost"))
    }

    /// The refusal of a check that another site's page may have sent: a body that is not
    /// declared JSON (a cross-site page can send text/plain without asking first), an `Origin`
    /// other than this server's, or a browser's `Sec-Fetch-Site` other than same-origin.
    fn cross_site(&self, request: &Request) -> Option<Response> {
        let port = self.port;
        if let Some(origin) = request.header("Origin") {
            let own = [
                format!("http://127.0.0.1:{port}"),
                format!("http://localhost:{port}"),
            ];
            if request.header_count("Origin") != 1 {
                return Some(error(
                    403,
                    "invalid_input",
                    "the request sends several Origin headers; a browser sends one",
                ));
            }
            if !own.iter().any(|o| o == origin) {
                return Some(error(
                    403,
                    "invalid_input",
                    &format!("checks are run for this server's own page only (Origin http://127.0.0.1:{port} or http://localhost:{port}), not for {origin:?}"),
                ));
            }
        }
        if let Some(site) = request.header("Sec-Fetch-Site") {
            if request.header_count("Sec-Fetch-Site") != 1 {
                return Some(error(
                    403,
                    "invalid_input",
                    "the request sends several Sec-Fetch-Site headers; a browser sends one",
                ));
            }
            if site != "same-origin" {
                // `none`: typed in the address bar or opened from a bookmark, no page's.
                let whence = if site.eq_ignore_ascii_case("none") {
                    "was not sent by a page (Sec-Fetch-Site: none)".to_string()
                } else {
                    format!("came from a {site} page")
                };
                return Some(error(
                    403,
                    "invalid_input",
                    &format!("checks are run for this server's own page only; the browser says this request {whence}"),
                ));
            }
        }
        let declared_json = request.header("Content-Type").is_some_and(|value| {
            value
                .split(';')
                .next()
                .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"))
        });
        // The body is read as UTF-8 (JSON's own encoding): another declared charset is
        // refused, not decoded as if it were UTF-8.
        let other_charset = request.header("Content-Type").and_then(|value| {
            value.split(';').skip(1).find_map(|parameter| {
                let (name, charset) = parameter.split_once('=')?;
                let charset = charset.trim().trim_matches('"');
                (name.trim().eq_ignore_ascii_case("charset")
                    && !charset.eq_ignore_ascii_case("utf-8")
                    && !charset.eq_ignore_ascii_case("utf8"))
                .then(|| charset.to_string())
            })
        });
        if let Some(charset) = other_charset {
            return Some(error(
                415,
                "invalid_input",
                &format!("the body is read as UTF-8, not {charset:?}: send UTF-8 JSON (Content-Type: application/json, or with charset=utf-8)"),
            ));
        }
        if request.header_count("Content-Type") > 1 {
            return Some(error(
                400,
                "invalid_input",
                "the request sends several Content-Type headers; send one: Content-Type: application/json",
            ));
        }
        if !declared_json {
            return Some(error(
                415,
                "invalid_input",
                "send the request as JSON with the header Content-Type: application/json (with curl: -H 'Content-Type: application/json')",
            ));
        }
        None
    }

    /// Waits up to [`SLOT_WAIT`] for one of the [`MAX_CHECKS`] slots; `None` when none freed.
    fn start_check(&self) -> Option<CheckSlot<'_>> {
        let waited_until = Instant::now() + SLOT_WAIT;
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        while *running >= MAX_CHECKS {
            let left = waited_until.checked_duration_since(Instant::now())?;
            running = self
                .ended
                .wait_timeout(running, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        *running += 1;
        Some(CheckSlot { site: self })
    }

    /// `POST /check`: the body is one request's JSON text.
    fn check(&self, request: &Request) -> Response {
        let Some(_slot) = self.start_check() else {
            return error(
                503,
                "busy",
                &format!("the server is running {MAX_CHECKS} checks already; try again when one has ended (each ends within {} s)", TIME_LIMIT.as_secs()),
            );
        };
        // The check runs on a thread of its own with a full-size stack (the engines may
        // recurse); the connection threads keep small stacks, so that 256 of them reserve
        // little address space. A thread that cannot start refuses the check.
        // A client that closes its connection meanwhile (the page's Cancel aborts its fetch)
        // cancels the check, so that its slot is free again at the search's next step.
        // Browsers (which send `Origin` with a POST) never close only their sending half.
        let body = &request.body;
        let browser = request.header("Origin").is_some();
        let cancel = Arc::new(AtomicBool::new(false));
        std::thread::scope(|scope| {
            let running = std::thread::Builder::new()
                .name("scorecheck-check".into())
                .stack_size(CHECK_STACK)
                .spawn_scoped(scope, || on_own_pool(|| check(body, &cancel)));
            let joined = running.map(|thread| {
                while !thread.is_finished() {
                    if !cancel.load(Ordering::Relaxed) && request.client_gone(CLIENT_POLL, browser)
                    {
                        cancel.store(true, Ordering::Relaxed);
                    } else if cancel.load(Ordering::Relaxed) {
                        std::thread::sleep(CLIENT_POLL);
                    }
                }
                thread.join()
            });
            match joined {
                Ok(Ok(response)) => response,
                Ok(Err(_)) => error(
                    500,
                    "internal",
                    "internal error while answering this request (a bug: please report the request)",
                ),
                Err(_) => error(
                    503,
                    "busy",
                    "the server cannot start a thread for this check now; try again in a few seconds",
                ),
            }
        })
    }
}

/// Runs the server with at most two malloc arenas (glibc's `MALLOC_ARENA_MAX`), by
/// replacing this process with itself under that setting (same process id, so supervisors
/// and signals are unaffected) unless the variable is set already.
///
/// glibc gives each new thread that allocates an arena of its own, reserving 64 MB of address
/// space each, up to 8 per core: with one thread per connection that reservation, not the
/// memory used, exhausted an address-space limit (`ulimit -v 1048576` with 250 idle
/// connections) and the next small allocation aborted the process. Two arenas keep the
/// reservation small; the server's work (a few checks at once) needs no more.
fn few_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::os::unix::process::CommandExt;
        if std::env::var_os("MALLOC_ARENA_MAX").is_some() {
            return;
        }
        let Ok(exe) = std::env::current_exe() else {
            return;
        };
        // `exec` returns only when it failed; the server then runs with glibc's default.
        let _ = std::process::Command::new(exe)
            .args(std::env::args_os().skip(1))
            .env("MALLOC_ARENA_MAX", "2")
            .exec();
    }
}

/// The stack of a check's thread (the main thread's usual size: the engines may recurse).
const CHECK_STACK: usize = 8 << 20;

/// A running check; its slot is given back when it is dropped.
struct CheckSlot<'a> {
    site: &'a Site,
}

impl Drop for CheckSlot<'_> {
    fn drop(&mut self) {
        let mut running = self.site.running.lock().unwrap_or_else(|e| e.into_inner());
        *running = running.saturating_sub(1);
        self.site.ended.notify_one();
    }
}

/// Runs `work` on a rayon pool of its own, so that one check's parallel search does not
/// hold the threads another check's parallel work waits for (with one shared pool, a quick
/// check asking for ranges waited up to 10 s behind a heavy unknown-folds search); where no
/// pool can be built, on the global one.
fn on_own_pool<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("scorecheck-check-{i}"))
        .build()
    {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// How often a running check looks whether its client has left.
const CLIENT_POLL: Duration = Duration::from_millis(50);

/// The answer to one request's JSON text (the body, at most [`MAX_BODY`] bytes); the check
/// stops early once `cancel` is set (its answer then goes nowhere).
fn check(body: &[u8], cancel: &Arc<AtomicBool>) -> Response {
    let Ok(text) = std::str::from_utf8(body) else {
        return error(
            400,
            "invalid_json",
            "the request is not valid UTF-8; send UTF-8 JSON",
        );
    };
    if let Some(key) = longer_time_limit(text) {
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
    let mut options = RunOptions::default()
        .with_time_limit(TIME_LIMIT)
        .with_cancel(Arc::clone(cancel));
    // A deadline set here wins over the request's own time_limit, so none outlasts it; a
    // shorter time_limit of the request is kept (the CLI keeps it too).
    let limit = requested_time_limit(text)
        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
        .map_or(TIME_LIMIT, |asked| asked.min(TIME_LIMIT));
    options.deadline = Instant::now().checked_add(limit);
    // The result carries the request's `id`, as a batch line's record does.
    let (id, answer) = scorecheck::run_text_with_id(text, &options);
    let (status, mut record) = match answer {
        Ok(value) => (200, value),
        Err(e) => (400, serde_json::json!({ "error": e.to_json() })),
    };
    if let (Some(id), serde_json::Value::Object(map)) = (id, &mut record) {
        map.insert("id".into(), id);
    }
    json(status, &scorecheck::record_text(text, record))
}

/// The request's `time_limit` or `timeout` key when it asks for more than [`TIME_LIMIT`]:
/// the server's deadline would cut it short while the answer blamed the request's limit.
fn longer_time_limit(text: &str) -> Option<&'static str> {
    // A byte order mark before the request, which the check reads past, is read past here.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let request: serde_json::Value = serde_json::from_str(text).ok()?;
    ["time_limit", "timeout"].into_iter().find(|key| {
        seconds_of(request.get(key)).is_some_and(|seconds| seconds > TIME_LIMIT.as_secs_f64())
    })
}

/// The request's `time_limit` (or `timeout`) in seconds, when it gives a positive one.
fn requested_time_limit(text: &str) -> Option<f64> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let request: serde_json::Value = serde_json::from_str(text).ok()?;
    ["time_limit", "timeout"]
        .into_iter()
        .find_map(|key| seconds_of(request.get(key)))
        .filter(|seconds| *seconds > 0.0)
}

/// A number, or a number written as a string (which requests also take).
fn seconds_of(value: Option<&serde_json::Value>) -> Option<f64> {
    let value = value?;
    value
        .as_f64()
        .or_else(|| value.as_str().and_then(|text| text.trim().parse().ok()))
}

/// `{"error": {"kind", "message", "field": null}}` with a status.
fn error(status: u16, kind: &str, message: &str) -> Response {
    let record = serde_json::json!({"error": {"kind": kind, "message": message, "field": null}});
    json(status, &record.to_string())
}

/// A JSON answer.
fn json(status: u16, body: &str) -> Response {
    let mut bytes = body.as_bytes().to_vec();
    bytes.push(b'\n');
    Response::new(status, "application/json", bytes)
}
