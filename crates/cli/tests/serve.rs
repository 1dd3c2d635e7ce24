//! `scorecheck serve`: the page, a check, a field-naming error, 404, 413 and the time limit over
//! real HTTP.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `scorecheck serve --port 0`, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_scorecheck"))
            .args(["serve", "--port", "0"])
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
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.port,
            body.len()
        );
        stream.write_all(head.as_bytes()).expect("send head");
        // The server may answer 413 and close before reading a large body.
        let _ = stream.write_all(body);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer).into_owned();
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("no status line in {answer:?}"));
        let body = answer
            .split_once("\r\n\r\n")
            .map(|(_, body)| body.to_string())
            .unwrap_or_default();
        (status, body)
    }
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
    let (status, _) = server.exchange("GET", "/nothing-here", b"");
    assert_eq!(status, 404);
    let (status, _) = server.exchange("GET", "/check", b"");
    assert_eq!(status, 405);
}

#[test]
fn a_bad_request_names_its_field() {
    let server = Server::start();
    let request = br#"{"check": "1_testset_no_kfold", "testset": {"p": 1000, "n": 6000}, "scores": {"acuracy": 0.6821}, "eps": 0.0001}"#;
    let (status, body) = server.exchange("POST", "/check", request);
    assert_eq!(status, 400, "{body}");
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
}
