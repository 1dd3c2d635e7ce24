//! `scorecheck serve`: the page, a check, a field-naming error, 404, 413 and the time limit over
//! real HTTP; the cross-site rules, the head limits, slow clients, the connection bound, a
//! failed thread start, and a load of idle and slow sockets beside legitimate requests.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `scorecheck serve --port 0`, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start() -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_scorecheck"));
        command.args(["serve", "--port", "0"]);
        Server::start_with(command)
    }

    /// The server under an address-space limit (KiB), so that starting threads fails early.
    fn start_with_address_space(kib: u64) -> Server {
        let mut command = Command::new("sh");
        command.args([
            "-c",
            &format!("ulimit -v {kib} && exec \"$0\" serve --port 0"),
            env!("CARGO_BIN_EXE_scorecheck"),
        ]);
        Server::start_with(command)
    }

    fn start_with(mut command: Command) -> Server {
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .expect("scorecheck serve starts");
        // The first line names the address the system picked.
        let mut line = String::new();
        let stdout = child.stdout.take().expect("piped stdout");
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the address line");
        let port = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Server { child, port }
    }

    /// One HTTP/1.1 exchange: (status, body).
    fn exchange(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let (status, _, body) =
            self.exchange_with(method, path, &["Content-Type: application/json"], body);
        (status, body)
    }

    /// One HTTP/1.1 exchange with these extra header lines: (status, head, body).
    fn exchange_with(
        &self,
        method: &str,
        path: &str,
        headers: &[&str],
        body: &[u8],
    ) -> (u16, String, String) {
        let mut stream = self.connect();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: {}\r\nConnection: close\r\n",
            self.port,
            body.len()
        );
        for header in headers {
            head.push_str(header);
            head.push_str("\r\n");
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).expect("send head");
        // The server may answer 413 and close before reading a large body.
        let _ = stream.write_all(body);
        answer(&mut stream)
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        stream
    }

    /// Whether the server process still runs.
    fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

/// The answer on a stream, read to its end: (status, head, body).
fn answer(stream: &mut TcpStream) -> (u16, String, String) {
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {answer:?}"));
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (status, head.to_string(), body.to_string())
}

/// The status of whatever answer comes on this stream before `deadline` (shared by many
/// streams, so that a server that never answers fails the test in bounded time), or `None`
/// when it closes or the deadline passes without one.
fn status_of(stream: &mut TcpStream, deadline: Instant) -> Option<u16> {
    let left = deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(1));
    stream.set_read_timeout(Some(left)).expect("timeout");
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer)
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[test]
fn the_papers_example_is_consistent_with_its_witness() {
    let server = Server::start();
    let request = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/paper.json"
    ))
    .expect("examples/paper.json");
    let (status, body) = server.exchange("POST", "/check", &request);
    assert_eq!(status, 200, "{body}");
    let answer = json(&body);
    assert_eq!(answer["verdict"], "consistent");
    assert_eq!(
        answer["witness"],
        serde_json::json!({"tp": 743, "tn": 4031})
    );
    assert_eq!(answer["n_valid_tptn_pairs"], 2);
}

#[test]
fn the_page_is_served_with_its_form() {
    let server = Server::start();
    let (status, body) = server.exchange("GET", "/", b"");
    assert_eq!(status, 200);
    for id in [
        "id=\"setup\"",
        "id=\"p\"",
        "id=\"n\"",
        "id=\"eps\"",
        "id=\"check\"",
        "id=\"verdict\"",
        "id=\"witness\"",
    ] {
        assert!(body.contains(id), "the page lacks {id}");
    }
    let (status, body) = server.exchange("GET", "/nothing-here", b"");
    assert_eq!(status, 404);
    assert_eq!(json(&body)["error"]["kind"], "invalid_input");
    let (status, body) = server.exchange("GET", "/check", b"");
    assert_eq!(status, 405);
    assert!(json(&body)["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("POST")));
    // A body declared in another charset is not decoded as UTF-8.
    let (status, _, body) = server.exchange_with(
        "POST",
        "/check",
        &["Content-Type: application/json; charset=latin-1"],
        PAPER,
    );
    assert_eq!(status, 415, "{body}");
    assert!(json(&body)["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("UTF-8")));
    let (status, _, _) = server.exchange_with(
        "POST",
        "/check",
        &["Content-Type: application/json; charset=\"UTF-8\""],
        PAPER,
    );
    assert_eq!(status, 200);
}

#[test]
fn a_bad_request_names_its_field() {
    let server = Server::start();
    let request = br#"{"id": "row 7", "check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000}, "scores": {"acuracy": 0.6821}, "eps": 0.0001}"#;
    let (status, body) = server.exchange("POST", "/check", request);
    assert_eq!(status, 400, "{body}");
    // The request's id comes back, as a batch record's does.
    assert_eq!(json(&body)["id"], "row 7");
    let error = &json(&body)["error"];
    assert_eq!(error["field"], "scores.acuracy");
    assert_eq!(error["kind"], "unknown_score");
    assert!(error["message"]
        .as_str()
        .is_some_and(|m| m.contains("did you mean")));
    let (status, body) = server.exchange("POST", "/check", b"{not json");
    assert_eq!(status, 400);
    assert_eq!(json(&body)["error"]["kind"], "invalid_json");
}

#[test]
fn an_oversized_body_is_refused() {
    let server = Server::start();
    let body = vec![b' '; 2 << 20];
    let (status, answer) = server.exchange("POST", "/check", &body);
    assert_eq!(status, 413, "{answer}");
    assert!(answer.contains("larger than"));
}

#[test]
fn another_host_is_refused() {
    let server = Server::start();
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).expect("connect");
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n")
        .expect("send");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 403"), "{answer}");
    assert!(answer.contains("\"invalid_input\""), "{answer}");
}

/// Host names in any case, the absolute form of a target naming this host, and `Allow` on
/// a method the path does not take (RFC 9110 and 9112).
#[test]
fn hosts_in_any_case_absolute_targets_and_allow_headers() {
    let server = Server::start();
    let send = |raw: String| {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).expect("connect");
        stream.write_all(raw.as_bytes()).expect("send");
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    };
    let port = server.port;
    let answer = send(format!(
        "GET / HTTP/1.1\r\nHost: LOCALHOST:{port}\r\nConnection: close\r\n\r\n"
    ));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let body = std::str::from_utf8(PAPER).expect("UTF-8");
    let answer = send(format!(
        "POST http://127.0.0.1:{port}/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let answer = send(format!(
        "POST http://attacker.example/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    let answer = send(format!(
        "PUT /check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    ));
    assert!(answer.starts_with("HTTP/1.1 405"), "{answer}");
    assert!(answer.contains("\r\nAllow: POST\r\n"), "{answer}");
}

#[test]
fn every_check_ends_within_the_time_limit() {
    let server = Server::start();
    // Some 1.6e11 fold configurations: without the server's 10 s this would run for hours.
    let request = br#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 500, "n": 500}, "folding": {"n_folds": 10, "n_repeats": 1}, "scores": {"acc": 0.9447, "sens": 0.9139, "spec": 0.9733}, "eps": 0.0001}"#;
    let (status, body) = server.exchange("POST", "/check", request);
    assert_eq!(status, 200, "{body}");
    let answer = json(&body);
    assert_eq!(answer["verdict"], "undecided", "{body}");
    // Stopped by the server's limit (no wall-clock assertion: the reason says which limit).
    let reason = answer["undecided"]["reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("the time limit of 10.000 s ran out"),
        "{body}"
    );
    // A request may not ask for more than the server gives.
    let request = br#"{"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10}, "scores": {"acc": 0.5}, "eps": 0.01, "time_limit": 60}"#;
    let (status, body) = server.exchange("POST", "/check", request);
    assert_eq!(status, 400, "{body}");
    assert_eq!(json(&body)["error"]["field"], "time_limit");
    // Nor by writing the number as a string, which requests also take.
    let request = br#"{"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10}, "scores": {"acc": 0.5}, "eps": 0.01, "timeout": "60"}"#;
    let (status, body) = server.exchange("POST", "/check", request);
    assert_eq!(status, 400, "{body}");
    assert_eq!(json(&body)["error"]["field"], "timeout");
    // Nor behind a byte order mark, which the check reads past.
    let mut request = "\u{feff}".as_bytes().to_vec();
    request.extend_from_slice(br#"{"check": "1_testset_no_kfold", "testset": {"p": 10, "n": 10}, "scores": {"acc": 0.5}, "eps": 0.01, "time_limit": 60}"#);
    let (status, body) = server.exchange("POST", "/check", &request);
    assert_eq!(status, 400, "{body}");
    assert_eq!(json(&body)["error"]["field"], "time_limit");
}

const PAPER: &[u8] = br#"{"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000}, "scores": {"acc": 0.6821, "npv": 0.9401, "f1p": 0.4004}, "eps": 0.0001}"#;

/// The paper's example checked over its own connection: whether the answer is right.
fn paper_is_answered(server: &Server) -> bool {
    let (status, body) = server.exchange("POST", "/check", PAPER);
    status == 200 && json(&body)["witness"] == serde_json::json!({"tp": 743, "tn": 4031})
}

#[test]
fn a_check_from_another_site_is_refused() {
    let server = Server::start();
    let port = server.port;
    // What a page's fetch(..., {mode: "no-cors"}) sends: no preflight, text/plain.
    let (status, _, body) = server.exchange_with(
        "POST",
        "/check",
        &["Content-Type: text/plain;charset=UTF-8"],
        PAPER,
    );
    assert_eq!(status, 415, "{body}");
    assert!(json(&body)["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("Content-Type: application/json")));
    let (status, _, body) = server.exchange_with("POST", "/check", &[], PAPER);
    assert_eq!(status, 415, "no Content-Type: {body}");
    for foreign in [
        &[
            "Content-Type: application/json",
            "Origin: https://evil.example",
        ][..],
        &["Content-Type: application/json", "Origin: null"],
        &[
            "Content-Type: application/json",
            "Origin: http://127.0.0.1:1",
        ],
        &[
            "Content-Type: application/json",
            "Sec-Fetch-Site: cross-site",
        ],
        &[
            "Content-Type: application/json",
            "Sec-Fetch-Site: same-site",
        ],
    ] {
        let (status, _, body) = server.exchange_with("POST", "/check", foreign, PAPER);
        assert_eq!(status, 403, "{foreign:?}: {body}");
        assert!(json(&body)["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("own page")));
    }
    // The page's own fetch.
    let own_origin = format!("Origin: http://127.0.0.1:{port}");
    let own = [
        "Content-Type: application/json",
        own_origin.as_str(),
        "Sec-Fetch-Site: same-origin",
    ];
    let (status, _, body) = server.exchange_with("POST", "/check", &own, PAPER);
    assert_eq!(status, 200, "{body}");
    assert_eq!(json(&body)["verdict"], "consistent");
    let localhost = format!("Origin: http://localhost:{port}");
    let (status, _, body) = server.exchange_with(
        "POST",
        "/check",
        &["Content-Type: application/json; charset=utf-8", &localhost],
        PAPER,
    );
    assert_eq!(status, 200, "{body}");
    // No preflight is answered positively.
    let (status, head, _) = server.exchange_with(
        "OPTIONS",
        "/check",
        &[
            "Origin: https://evil.example",
            "Access-Control-Request-Method: POST",
            "Access-Control-Request-Headers: content-type",
        ],
        b"",
    );
    assert!(!(200..300).contains(&status), "{head}");
    assert!(
        !head.to_ascii_lowercase().contains("access-control-allow"),
        "{head}"
    );
}

#[test]
fn the_page_cannot_be_framed_and_checks_a_link_at_once_only_when_opened_directly() {
    let server = Server::start();
    let (status, head, body) = server.exchange_with("GET", "/", &[], b"");
    assert_eq!(status, 200);
    let csp = head
        .lines()
        .find(|line| {
            line.to_ascii_lowercase()
                .starts_with("content-security-policy:")
        })
        .unwrap_or_else(|| panic!("no policy in {head}"));
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(head.contains("X-Frame-Options: DENY"), "{head}");
    assert!(
        body.contains("data-autorun=\"no\""),
        "without Sec-Fetch-Site"
    );
    for (site, autorun) in [
        ("none", "yes"),
        ("same-origin", "yes"),
        ("cross-site", "no"),
        ("same-site", "no"),
    ] {
        let (_, _, body) =
            server.exchange_with("GET", "/", &[&format!("Sec-Fetch-Site: {site}")], b"");
        assert!(
            body.contains(&format!("data-autorun=\"{autorun}\"")),
            "Sec-Fetch-Site: {site}"
        );
    }
    // The page's own fetch declares JSON.
    assert!(body.contains(r#"headers: {"Content-Type": "application/json"}"#));
}

#[test]
fn a_huge_head_is_refused_without_reading_it() {
    let server = Server::start();
    // One header line without an end: the server answers 431 and stops reading, so writing
    // 256 MiB fails long before its end.
    let mut stream = server.connect();
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: ")
        .expect("send");
    let chunk = vec![b'a'; 1 << 20];
    let mut sent = 0;
    while sent < 256 && stream.write_all(&chunk).is_ok() {
        sent += 1;
    }
    assert!(sent < 256, "the server read 256 MiB of one header line");
    let (status, _, body) = answer(&mut stream);
    assert_eq!(status, 431, "{body}");
    assert!(body.contains("longer than 16384 bytes"), "{body}");
    // Too many short headers.
    let many: Vec<String> = (0..200).map(|i| format!("X-Header-{i}: {i}")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    let (status, _, body) = server.exchange_with("GET", "/", &many, b"");
    assert_eq!(status, 431, "{body}");
    assert!(body.contains("more than 100 headers"), "{body}");
    assert!(paper_is_answered(&server));
}

#[test]
fn a_slow_client_is_answered_408() {
    let server = Server::start();
    // A body shorter than its Content-Length.
    let mut short = server.connect();
    let head = format!(
        "POST /check HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{{\"check\":",
        server.port
    );
    short.write_all(head.as_bytes()).expect("send");
    // A head that never ends.
    let mut partial = server.connect();
    partial
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .expect("send");
    for stream in [&mut short, &mut partial] {
        let (status, _, body) = answer(stream);
        assert_eq!(status, 408, "{body}");
        assert!(body.contains("did not arrive in time"), "{body}");
    }
}

#[test]
fn connections_beyond_the_limit_are_refused_503() {
    let mut server = Server::start();
    // 300 idle connections against a limit of 256: the extra ones are refused at once, the
    // others time out with 408; none is left hanging and the server goes on.
    let mut streams: Vec<TcpStream> = (0..300).map(|_| server.connect()).collect();
    // The server's read timeout is 10 s.
    let deadline = Instant::now() + Duration::from_secs(40);
    let statuses: Vec<Option<u16>> = streams.iter_mut().map(|s| status_of(s, deadline)).collect();
    let refused = statuses.iter().filter(|s| **s == Some(503)).count();
    let timed_out = statuses.iter().filter(|s| **s == Some(408)).count();
    assert!(refused >= 300 - 256, "{refused} refused: {statuses:?}");
    assert_eq!(refused + timed_out, 300, "{statuses:?}");
    drop(streams);
    assert!(server.alive());
    assert!(paper_is_answered(&server));
}

#[test]
fn clients_trickling_their_requests_cannot_keep_a_full_server_from_answering() {
    let mut server = Server::start();
    // The server's 256 connections taken by clients sending a byte of their head now and
    // then (a slow-loris): once they have spent a second without a whole request, each new
    // connection closes the oldest of them with 503 and is served.
    let mut held: Vec<TcpStream> = (0..256)
        .map(|_| {
            let mut stream = server.connect();
            stream.write_all(b"P").expect("send");
            stream
        })
        .collect();
    std::thread::sleep(Duration::from_millis(1500));
    for stream in &mut held {
        let _ = stream.write_all(b"O");
    }
    for _ in 0..5 {
        assert!(paper_is_answered(&server));
    }
    let (status, body) = server.exchange("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(body.contains("id=\"verdict\""));
    // At least one was closed to make room (each closed one frees its slot, so later requests
    // may need none), at most one per request; the others time out with 408.
    let deadline = Instant::now() + Duration::from_secs(40);
    let mut closed = 0;
    for stream in &mut held {
        let mut answer = String::new();
        stream
            .set_read_timeout(Some(
                deadline
                    .saturating_duration_since(Instant::now())
                    .max(Duration::from_millis(1)),
            ))
            .expect("timeout");
        let _ = stream.read_to_string(&mut answer);
        if answer.starts_with("HTTP/1.1 503") {
            assert!(
                answer.contains("had not sent its whole request"),
                "{answer}"
            );
            closed += 1;
        } else {
            assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        }
    }
    assert!((1..=6).contains(&closed), "{closed} closed");
    assert!(server.alive());
}

#[test]
fn many_connections_in_a_small_address_space_leave_the_server_alive() {
    // Under a small address space, 250 idle connections (each on its own thread) must not
    // take the server down: a connection thread reserves a small stack (checks run on
    // threads of their own), so they fit, each is answered (408 when its time is up, or 503
    // when no thread could be started), and a check is answered again afterwards. (With
    // full-size stacks, or with glibc's 64 MB malloc arena per allocating thread, this once
    // exhausted the address space and aborted the server; it now runs with two arenas.)
    let mut server = Server::start_with_address_space(ADDRESS_SPACE_KIB);
    let mut streams: Vec<TcpStream> = (0..250).map(|_| server.connect()).collect();
    assert!(paper_is_answered(&server));
    let deadline = Instant::now() + Duration::from_secs(40);
    let statuses: Vec<Option<u16>> = streams.iter_mut().map(|s| status_of(s, deadline)).collect();
    assert!(
        statuses.iter().all(|s| matches!(s, Some(408 | 503))),
        "{statuses:?}"
    );
    drop(streams);
    assert!(server.alive());
    assert!(paper_is_answered(&server));
}

#[test]
fn connections_holding_bodies_of_the_largest_size_leave_the_server_alive() {
    // 200 connections each send all but the last byte of a 1 MiB body and wait, under a 1 GB
    // address space: the bodies take about 200 MB. (Bodies grown by doubling once left
    // several megabytes on each connection's thread, 3.2 GB of address space for 250 of
    // them, and the server aborted.)
    let mut server = Server::start_with_address_space(1_000_000);
    let length = 1 << 20;
    let head = format!(
        "POST /check HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n\r\n",
        server.port
    );
    let mut message = head.into_bytes();
    message.resize(message.len() + length - 1, b' ');
    let held: Vec<TcpStream> = (0..200)
        .map(|_| {
            let mut stream = server.connect();
            stream.write_all(&message).expect("the body is sent");
            stream
        })
        .collect();
    assert!(server.alive());
    assert!(paper_is_answered(&server));
    drop(held);
    assert!(server.alive());
}

/// The address space of the server in the small-address-space test (KiB): room for the binary,
/// a check and 250 small connection stacks, not for 250 full-size ones.
const ADDRESS_SPACE_KIB: u64 = 400_000;

#[test]
fn legitimate_requests_are_answered_beside_idle_and_slow_clients() {
    let mut server = Server::start();
    // 200 idle sockets, 10 heads that stop half-way and 10 bodies shorter than promised.
    let mut held: Vec<TcpStream> = (0..200).map(|_| server.connect()).collect();
    for i in 0..20 {
        let mut stream = server.connect();
        let bytes = if i % 2 == 0 {
            "POST /check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty".to_string()
        } else {
            "POST /check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{\"check\"".to_string()
        };
        stream.write_all(bytes.as_bytes()).expect("send");
        held.push(stream);
    }
    for _ in 0..5 {
        assert!(paper_is_answered(&server));
    }
    let (status, body) = server.exchange("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(body.contains("id=\"verdict\""));
    // Every held connection is answered 408 when its 10 s are up; none hangs.
    let deadline = Instant::now() + Duration::from_secs(40);
    let statuses: Vec<Option<u16>> = held.iter_mut().map(|s| status_of(s, deadline)).collect();
    assert!(statuses.iter().all(|s| *s == Some(408)), "{statuses:?}");
    assert!(server.alive());
    assert!(paper_is_answered(&server));
}

#[test]
fn ambiguous_heads_are_refused_and_a_client_expecting_100_continue_gets_it() {
    let server = Server::start();
    let json_type = "Content-Type: application/json";
    // Two Sec-Fetch-Site headers (the first one same-origin) are no browser's.
    let (status, _, body) = server.exchange_with(
        "POST",
        "/check",
        &[
            json_type,
            "Sec-Fetch-Site: same-origin",
            "Sec-Fetch-Site: cross-site",
        ],
        PAPER,
    );
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("several Sec-Fetch-Site"), "{body}");
    // A NUL in a header value; an expectation other than 100-continue.
    let (status, _, body) =
        server.exchange_with("POST", "/check", &[json_type, "X-A: a\0b"], PAPER);
    assert_eq!(status, 400, "{body}");
    let (status, head, body) =
        server.exchange_with("POST", "/check", &[json_type, "Expect: 200-ok"], PAPER);
    assert_eq!(status, 417, "{body}");
    assert!(
        head.starts_with("HTTP/1.1 417 Expectation Failed"),
        "{head}"
    );
    // Two Content-Type headers, even alike, are said to be two.
    let (status, _, body) = server.exchange_with("POST", "/check", &[json_type, json_type], PAPER);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("several Content-Type headers"), "{body}");
    // `Sec-Fetch-Site: none` is no page's.
    let (status, _, body) = server.exchange_with(
        "POST",
        "/check",
        &[json_type, "Sec-Fetch-Site: none"],
        PAPER,
    );
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("was not sent by a page"), "{body}");
    // HTTP/1.1 without Host.
    let mut stream = server.connect();
    stream
        .write_all(b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
        .expect("send");
    let (status, _, body) = answer(&mut stream);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("Host"), "{body}");
    // Expect: 100-continue with the body held back: 100 first, then the answer.
    let mut stream = server.connect();
    let head = format!(
        "POST /check HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n{json_type}\r\nContent-Length: {}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n",
        server.port,
        PAPER.len()
    );
    stream.write_all(head.as_bytes()).expect("send head");
    let mut first = [0u8; 25];
    stream.read_exact(&mut first).expect("the interim answer");
    assert_eq!(&first, b"HTTP/1.1 100 Continue\r\n\r\n");
    stream.write_all(PAPER).expect("send body");
    let (status, _, body) = answer(&mut stream);
    assert_eq!(status, 200, "{body}");
    assert!(paper_is_answered(&server));
}

/// A page's Cancel aborts its fetch, which closes the connection: the check stops and frees
/// its slot. Five abandoned checks that would each run for the server's whole 10 s used to
/// hold both slots, and the next check was refused as busy.
#[test]
fn checks_whose_page_left_free_their_slots() {
    let server = Server::start();
    let port = server.port;
    let heavy = br#"{"check": "1_dataset_unknown_folds_mos", "dataset": {"p": 3000, "n": 30000}, "folding": {"n_folds": 10, "n_repeats": 1}, "scores": {"acc": 0.90137, "sens": 0.41513, "spec": 0.95121}, "eps": 0.000005}"#;
    for _ in 0..5 {
        let mut stream = server.connect();
        let head = format!(
            "POST /check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nOrigin: http://127.0.0.1:{port}\r\nContent-Length: {}\r\n\r\n",
            heavy.len()
        );
        stream.write_all(head.as_bytes()).expect("send head");
        stream.write_all(heavy).expect("send body");
        std::thread::sleep(Duration::from_millis(100));
        drop(stream);
    }
    assert!(paper_is_answered(&server));
}

#[test]
fn a_request_cut_short_by_a_half_close_is_answered_400_and_http_1_0_gets_no_interim() {
    let server = Server::start();
    // The body ends (the client closes its sending half) before its Content-Length.
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .write_all(
            format!(
                "POST /check HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"check\"",
                server.port
            )
            .as_bytes(),
        )
        .unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    let (status, _, body) = answer(&mut stream);
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("the body ended after 8 of its 100 bytes"),
        "{body}"
    );
    // An HTTP/1.0 client's `Expect: 100-continue` is ignored: no interim response comes
    // before its answer.
    let request = r#"{"check":"1_testset_no_kfold","testset":{"p":10,"n":10},"scores":{"acc":0.5},"eps":0.01}"#;
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .write_all(
            format!(
                "POST /check HTTP/1.0\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: {}\r\n\r\n{request}",
                server.port,
                request.len()
            )
            .as_bytes(),
        )
        .unwrap();
    let mut whole = Vec::new();
    let _ = stream.read_to_end(&mut whole);
    let whole = String::from_utf8_lossy(&whole);
    assert!(whole.starts_with("HTTP/1.1 200 OK"), "{whole}");
}
