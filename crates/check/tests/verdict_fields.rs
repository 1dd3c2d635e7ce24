//! Every result states its verdict the same way: `inconsistency`, `verdict` and `certainty`,
//! with a certainty exactly when the verdict is "inconsistent" (every conformance case of
//! every family, the bundles' combined results included).

use scorecheck::json::Json;
use scorecheck::{run_json, RunOptions};
use serde_json::Value;

#[test]
fn every_result_states_verdict_and_certainty() {
    let options = RunOptions::default().with_explain(false);
    let dir = format!("{}/../../testdata", env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    let mut inconsistent = 0;
    for entry in std::fs::read_dir(&dir).expect("testdata") {
        let path = entry.expect("an entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("jsonl")
            || path.file_name().and_then(|n| n.to_str()) == Some("hostile.jsonl")
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        for (i, line) in text.lines().enumerate() {
            let Some(request) = Json::parse(line)
                .ok()
                .and_then(|c| c.get("request").cloned())
            else {
                continue;
            };
            let Ok(result) = run_json(&request, &options) else {
                continue;
            };
            let at = format!("{}:{}", path.display(), i + 1);
            let verdict = result["verdict"]
                .as_str()
                .unwrap_or_else(|| panic!("{at}: no verdict"));
            let certainty = result
                .get("certainty")
                .unwrap_or_else(|| panic!("{at}: no certainty"));
            assert!(
                result.get("inconsistency").is_some(),
                "{at}: no inconsistency"
            );
            match verdict {
                "inconsistent" => {
                    inconsistent += 1;
                    assert!(
                        matches!(certainty.as_str(), Some("exact" | "solver")),
                        "{at}: {certainty}"
                    );
                }
                "consistent" | "undecided" => assert_eq!(certainty, &Value::Null, "{at}"),
                other => panic!("{at}: verdict {other}"),
            }
            checked += 1;
        }
    }
    assert!(
        checked > 120 && inconsistent > 50,
        "{checked} checked, {inconsistent} inconsistent"
    );
}
