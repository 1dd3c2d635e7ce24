//! Every bundle's totals against figures computed by the reference mlscorecheck 1.0.3 (tests/pins.json, from tools/pin.py).

use scorecheck_data::*;
use serde_json::Value;

fn pins() -> Value {
    serde_json::from_str(include_str!("pins.json")).expect("tests/pins.json parses")
}

fn u(value: &Value) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("not a count: {value}"))
}

fn totals(images: &[ImageStats]) -> (u64, u64) {
    (
        images.iter().map(|i| i.p).sum(),
        images.iter().map(|i| i.n).sum(),
    )
}

fn assert_totals(label: &str, images: &[ImageStats], pin: &Value) {
    assert_eq!(
        images.len() as u64,
        u(&pin["count"]),
        "{label}: image count"
    );
    assert_eq!(
        totals(images),
        (u(&pin["p"]), u(&pin["n"])),
        "{label}: totals"
    );
    assert_eq!(
        images.first().map(|i| i.identifier),
        pin["first"].as_str(),
        "{label}: first image"
    );
}

fn subset(name: &str) -> Subset {
    name.parse().unwrap()
}

fn confidence(text: &str) -> (u64, u64) {
    let (num, den) = text.split_once('/').unwrap();
    (num.parse().unwrap(), den.parse().unwrap())
}

#[test]
fn registry_matches_reference_entry_by_entry() {
    let pins = pins();
    let reference = pins["datasets"].as_array().unwrap();
    assert_eq!(reference.len(), 120);
    assert_eq!(DATASET_COUNT, 120);
    let ours: Vec<NamedDataset> = datasets().collect();
    for (entry, ours) in reference.iter().zip(&ours) {
        let expected = NamedDataset {
            name: ours.name,
            p: u(&entry[1]),
            n: u(&entry[2]),
        };
        assert_eq!(entry[0].as_str(), Some(ours.name), "registry order");
        assert_eq!(*ours, expected);
        assert_eq!(dataset(ours.name).unwrap(), expected);
    }
}

#[test]
fn drive_totals_match_reference() {
    for (key, pin) in pins()["drive"].as_object().unwrap() {
        let parts: Vec<&str> = key.split('|').collect();
        let (annotator, assumption, sub) = (
            parts[0].parse().unwrap(),
            parts[1].parse().unwrap(),
            subset(parts[2]),
        );
        match drive_images(sub, annotator, assumption) {
            Ok(images) => assert_totals(key, &images, pin),
            // The reference publishes no images here; we say so instead of an empty list.
            Err(err) => {
                assert_eq!(u(&pin["count"]), 0, "{key}: {err}");
                assert_eq!(err.kind(), &LookupErrorKind::Unavailable);
            }
        }
    }
}

#[test]
fn stare_chasedb1_hrf_totals_match_reference() {
    let pins = pins();
    for (annotator, pin) in pins["stare"].as_object().unwrap() {
        assert_totals(annotator, &stare_images(annotator).unwrap(), pin);
    }
    for (annotator, pin) in pins["chase_db1"].as_object().unwrap() {
        assert_totals(annotator, &chasedb1_images(annotator).unwrap(), pin);
    }
    for (assumption, pin) in pins["hrf"].as_object().unwrap() {
        assert_totals(
            assumption,
            &hrf_images(assumption.parse().unwrap()).unwrap(),
            pin,
        );
    }
}

#[test]
fn diaretdb0_batches_match_reference() {
    let pins = pins();
    let table = pins["diaretdb0"].as_object().unwrap();
    assert_eq!(table.len(), 2 * 9 * 5);
    for (key, pin) in table {
        let parts: Vec<&str> = key.split('|').collect();
        let set = diaretdb0_batch_counts(subset(parts[0]), parts[1], &[parts[2]]).unwrap();
        assert_eq!((set.p, set.n), (u(&pin[0]), u(&pin[1])), "{key}");
    }
}

fn diaretdb1_case(key: &str, pin: &Value) {
    let parts: Vec<&str> = key.split('|').collect();
    let classes: Vec<&str> = parts[1].split('+').collect();
    let assumption: Assumption = parts[2].parse().unwrap();
    let (num, den) = confidence(parts[3]);
    let images = diaretdb1_images(subset(parts[0])).unwrap();
    let pixel = diaretdb1_pixel_level(&images, &classes, assumption, num, den).unwrap();
    assert_eq!(
        totals(&pixel),
        (u(&pin["p"]), u(&pin["n"])),
        "{key}: pixel level"
    );
    if assumption == Assumption::All {
        let image = diaretdb1_image_level(subset(parts[0]), &classes, num, den).unwrap();
        assert_eq!(
            (image.p, image.n),
            (u(&pin["image_p"]), u(&pin["image_n"])),
            "{key}: image level"
        );
    }
}

#[test]
fn diaretdb1_fov_matches_reference_as_shipped() {
    for (key, pin) in pins()["diaretdb1_shipped"].as_object().unwrap() {
        if key.contains("|fov|") {
            diaretdb1_case(key, pin);
        }
    }
}

#[test]
fn diaretdb1_matches_reference_code_on_intact_histograms() {
    let pins = pins();
    let intact = pins["diaretdb1_intact"].as_object().unwrap();
    for (key, pin) in intact {
        diaretdb1_case(key, pin);
    }
    // The shipped "all" figures differ from the intact ones (the defect), but the
    // image-level labels, which only ask whether any pixel passes, do not.
    let shipped = &pins["diaretdb1_shipped"];
    let mut differing = 0;
    for (key, pin) in intact.iter().filter(|(key, _)| key.contains("|all|")) {
        if shipped[key]["n"] != pin["n"] {
            differing += 1;
        }
        assert_eq!(shipped[key]["image_p"], pin["image_p"], "{key}");
    }
    assert!(differing > 0);
}

#[test]
fn drishti_gs_matches_reference() {
    for (key, pin) in pins()["drishti_gs"].as_object().unwrap() {
        let parts: Vec<&str> = key.split('|').collect();
        let (num, den) = confidence(parts[2]);
        let images = drishti_gs_images(subset(parts[0])).unwrap();
        assert_eq!(images.len() as u64, u(&pin[0]), "{key}");
        let (mut p, mut n) = (0, 0);
        for image in images {
            let set = drishti_gs_histogram(image, parts[1])
                .unwrap()
                .split_at_confidence(num, den)
                .unwrap();
            p += set.p;
            n += set.n;
        }
        assert_eq!((p, n), (u(&pin[1]), u(&pin[2])), "{key}");
    }
}

#[test]
fn single_test_sets_match_reference() {
    let pins = pins();
    assert_eq!(
        tpehg(),
        TestSet {
            p: u(&pins["tpehg"][0]),
            n: u(&pins["tpehg"][1])
        }
    );
    assert_eq!(
        isic2016(),
        TestSet {
            p: u(&pins["isic2016"][0]),
            n: u(&pins["isic2016"][1])
        }
    );
    let codes = |text: &str| -> Vec<Isic2017Class> {
        text.split('+').map(|c| c.parse().unwrap()).collect()
    };
    for (key, pin) in pins["isic2017"].as_object().unwrap() {
        let (target, against) = key.split_once('|').unwrap();
        let against = (against != "-").then(|| codes(against));
        let set = isic2017(&codes(target), against.as_deref());
        assert_eq!((set.p, set.n), (u(&pin[0]), u(&pin[1])), "{key}");
    }
}
