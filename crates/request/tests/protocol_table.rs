//! The protocol table's declared families are the families its readers return, on every
//! request of the conformance data.

use std::collections::BTreeSet;

use scorecheck_request::json::Json;
use scorecheck_request::protocols::{protocol_table, FamilyKind};

#[test]
fn every_declared_family_is_the_one_its_reader_returns() {
    let testdata = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata");
    let mut seen = BTreeSet::new();
    let table = protocol_table();
    for entry in std::fs::read_dir(testdata).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("jsonl") {
            continue;
        }
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let Ok(case) = Json::parse(line) else {
                continue;
            };
            let request = &case["request"];
            let Ok(read) = scorecheck_request::read(request, &["pure", "highs", "goodlp"]) else {
                continue;
            };
            let declared = table.iter().find(|p| p.name == read.check).unwrap();
            let kind = read.family.kind();
            assert!(
                kind == declared.family
                    || (declared.family == FamilyKind::SingleMatrix && kind == FamilyKind::Splits),
                "{}: declared {:?}, read {:?} ({})",
                read.check,
                declared.family,
                kind,
                path.display()
            );
            seen.insert(read.check);
        }
    }
    // The check covers every family but the bundle-less ones the data lacks.
    let families: BTreeSet<_> = table
        .iter()
        .filter(|p| seen.contains(p.name))
        .map(|p| format!("{:?}", p.family))
        .collect();
    assert!(families.len() >= 6, "families exercised: {families:?}");
    assert!(seen.len() >= 20, "protocols exercised: {seen:?}");
}

#[test]
fn the_table_lists_every_check_name_once() {
    let names: Vec<_> = protocol_table().iter().map(|p| p.name).collect();
    assert_eq!(names, scorecheck_request::check_names());
    assert!(protocol_table().iter().all(|p| !p.takes.is_empty()));
}
