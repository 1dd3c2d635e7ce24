//! The reader's contract, through its public API: numbers keep their text, objects their
//! order; malformed text, deep nesting and keys given twice are errors with their paths.

use scorecheck_json::{first_duplicate_key, Json, JsonMap, Number, ParseError, MAX_DEPTH};

#[test]
fn numbers_keep_their_text_and_objects_their_order() {
    let json = Json::parse(
        r#" {"z": 0.950, "a": [1e-4, -0, 12], "s": "\u00e9\ud83d\ude00\n", "t": true, "n": null} "#,
    )
    .unwrap();
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["z", "a", "s", "t", "n"]);
    assert_eq!(json["z"], Json::Number(Number::parse("0.950").unwrap()));
    assert_eq!(json["a"][0].to_string(), "1e-4");
    assert_eq!(json["a"][2].as_u64(), Some(12));
    assert_eq!(json["s"].as_str(), Some("é😀\n"));
    assert_eq!(json["t"].as_bool(), Some(true));
    assert!(json["n"].is_null());
    assert!(json["missing"].is_null());
    assert_eq!(
        json.to_string(),
        r#"{"z":0.950,"a":[1e-4,-0,12],"s":"é😀\n","t":true,"n":null}"#
    );
}

#[test]
fn the_text_round_trips_through_serde_json_for_every_value_it_accepts() {
    for text in [
        "[]",
        "{}",
        r#"[{"a": {"b": [[], {}, "x\"y\\z"]}}]"#,
        "123456789012345678901234567890.5e-3",
        r#""\b\f\t\r\n\/""#,
    ] {
        let ours = Json::parse(text).unwrap();
        let theirs: serde_json::Value = serde_json::from_str(text).unwrap();
        let again: serde_json::Value = serde_json::from_str(&ours.to_string()).unwrap();
        assert_eq!(again, theirs, "{text}");
    }
}

#[test]
fn malformed_text_is_an_error_not_a_panic() {
    for text in [
        "",
        "{",
        "[1,",
        r#"{"a" 1}"#,
        "01",
        "1.",
        "1e",
        "-",
        r#""\u12""#,
        r#""\x""#,
        "[1]]",
        "nul",
        "\"abc",
    ] {
        assert!(Json::parse(text).is_err(), "{text:?}");
    }
}

#[test]
fn nesting_is_refused_past_the_limit_with_its_path() {
    let nested = |depth: usize| "[".repeat(depth) + &"]".repeat(depth);
    assert!(Json::parse(&nested(MAX_DEPTH)).is_ok());
    let path = "[0]".repeat(MAX_DEPTH);
    assert_eq!(
        Json::parse(&nested(MAX_DEPTH + 1)),
        Err(ParseError::TooDeep(path))
    );
    // Refused before the rest is read: the tail need not even be JSON.
    let text = format!(r#"{{"a": {{"b": [1, {}"#, "[".repeat(1_000_000));
    let expected = format!("a.b[1]{}", "[0]".repeat(MAX_DEPTH - 3));
    assert_eq!(Json::parse(&text), Err(ParseError::TooDeep(expected)));
}

#[test]
fn a_key_given_twice_is_refused_with_its_path() {
    for (text, expected) in [
        (r#"{"a": 1, "a": 2}"#, "a"),
        (r#"{"s": {"acc": 0.9, "acc": 0.8}}"#, "s.acc"),
        (r#"{"f": [{"p": 1}, {"p": 2, "p": 3}]}"#, "f[1].p"),
        // The second key is refused where it stands, before its value.
        (r#"{"a": 1, "a": {"x": 1, "x": 2}}"#, "a"),
    ] {
        assert_eq!(
            Json::parse(text),
            Err(ParseError::DuplicateKey(expected.into())),
            "{text}"
        );
    }
    let many: Vec<String> = (0..1000).map(|i| format!(r#""k{i}": {i}"#)).collect();
    let text = format!("{{{}, \"k500\": 0}}", many.join(", "));
    assert_eq!(
        Json::parse(&text),
        Err(ParseError::DuplicateKey("k500".into()))
    );
}

#[test]
fn large_objects_find_insert_and_remove_like_small_ones() {
    let mut map = JsonMap::new();
    for i in 0..100 {
        map.insert(format!("k{i}"), Json::from(i as u64));
    }
    map.insert("k3", Json::from("three"));
    assert_eq!(map.len(), 100);
    assert_eq!(map.get("k3").and_then(Json::as_str), Some("three"));
    assert_eq!(map.remove("k10").and_then(|v| v.as_u64()), Some(10));
    assert_eq!(map.get("k10"), None);
    assert_eq!(map.get("k99").and_then(Json::as_u64), Some(99));
    assert_eq!(map.get("k11").and_then(Json::as_u64), Some(11));
    map.insert("k10", Json::Null);
    assert_eq!(map.keys().last().map(String::as_str), Some("k10"));
    assert_eq!(map.get("k10"), Some(&Json::Null));
    let keys: Vec<&String> = map.keys().collect();
    assert_eq!(keys.len(), 100);
    // Equality ignores the index: the same members compare equal however built.
    let rebuilt: JsonMap = map.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    assert_eq!(rebuilt, map);
}

#[test]
fn duplicates_are_found_with_their_path() {
    for (text, expected) in [
        (r#"{"a": 1, "b": 2}"#, None),
        (r#"{"a": 1, "a": 2}"#, Some("a")),
        (r#"{"s": {"acc": 0.9, "acc": 0.8}}"#, Some("s.acc")),
        (r#"{"s": {"acc": 0.9}, "t": {"acc": 0.8}}"#, None),
        (r#"{"f": [{"p": 1}, {"p": 2, "p": 3}]}"#, Some("f[1].p")),
        (r#"{"a\u0062": 1, "ab": 2}"#, Some("ab")),
        (
            r#"{"k": "a,\"b\"", "a": {"k": 1}, "k2": [1, {"x": [], "x": 1}]}"#,
            Some("k2[1].x"),
        ),
        (r#"[{"a": 1}, {"a": 1}]"#, None),
        (
            r#"{"a": {}, "b": {"a": 1}, "c": "{\"a\": 1, \"a\": 2}"}"#,
            None,
        ),
    ] {
        assert_eq!(first_duplicate_key(text).as_deref(), expected, "{text}");
    }
}

#[test]
fn a_lone_surrogate_escape_is_refused_and_a_pair_is_one_character() {
    assert!(Json::parse(r#"{"id": "a\ud800b"}"#).is_err());
    assert!(Json::parse(r#"{"id": "\udc00"}"#).is_err());
    let pair = Json::parse(r#"{"id": "\ud83d\ude00"}"#).unwrap();
    assert_eq!(pair.get("id").and_then(Json::as_str), Some("\u{1F600}"));
}

#[test]
fn a_written_figure_may_carry_a_plus_sign_and_nothing_else_extra() {
    let written = |text: &str| Number::parse_written(text).map(|n| n.as_str().to_string());
    assert_eq!(written("+0.954").as_deref(), Some("0.954"));
    assert_eq!(written("0.954").as_deref(), Some("0.954"));
    assert_eq!(written("-0.5").as_deref(), Some("-0.5"));
    for refused in ["+", "++1", "+-1", "+.5", " 1", "1 ", "+e5", "0,954"] {
        assert_eq!(written(refused), None, "{refused:?}");
        assert_eq!(Number::parse(refused), None, "{refused:?}");
    }
    assert_eq!(Number::parse("+1"), None);
}
