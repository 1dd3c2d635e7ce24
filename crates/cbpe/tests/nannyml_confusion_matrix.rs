//! The confusion-matrix and business-value metrics against figures of NannyML 0.13.1.
//!
//! The figures were produced by NannyML 0.13.1 (numpy 2.4.6, scikit-learn 1.9.1) on the same
//! rows, with `nannyml.performance_estimation.confidence_based.cbpe.needs_calibration`
//! replaced by `lambda *a, **k: False` (no calibration, as `CalibrationRule::Never`):
//!
//! ```python
//! def rows(lo, hi):
//!     p = [((i * 7919) % 1000) / 1000.0 for i in range(lo, hi)]
//!     y = [int((i * 613) % 1000 < (i * 7919) % 1000) for i in range(lo, hi)]
//!     return pd.DataFrame({"y_pred_proba": p, "y_pred": [int(v >= 0.5) for v in p], "y_true": y})
//! ref, ana = rows(0, 60), rows(60, 100)
//! e = nml.CBPE(y_pred_proba="y_pred_proba", y_pred="y_pred", y_true="y_true",
//!     problem_type="classification_binary", metrics=["confusion_matrix", "business_value"],
//!     chunk_size=20, normalize_confusion_matrix=CM, business_value_matrix=[[2, -5], [-20, 30]],
//!     normalize_business_value=BV)
//! e.fit(ref); df = e.estimate(ana).filter(period="analysis").to_df()
//! ```
//!
//! and the first analysis chunk's value, sampling_error, realized, lower_threshold,
//! upper_threshold, lower and upper confidence_boundary and alert of each metric printed
//! with `repr(float(...))`.

use scorecheck_cbpe::{
    BusinessValueMatrix, BusinessValueNormalization, CalibrationRule, Cbpe, CbpeOptions, Chunking,
    ConfusionMatrixNormalization, Metric, MetricEstimate, Sample,
};

fn rows(range: std::ops::Range<u64>) -> Sample {
    let probabilities: Vec<f64> = range
        .clone()
        .map(|i| ((i * 7919) % 1000) as f64 / 1000.0)
        .collect();
    let labels: Vec<bool> = range
        .map(|i| (i * 613) % 1000 < (i * 7919) % 1000)
        .collect();
    let predictions = probabilities.iter().map(|&p| p >= 0.5).collect();
    Sample::new(probabilities, predictions)
        .and_then(|s| s.with_labels(labels))
        .expect("valid rows")
}

/// NannyML's figures of one metric: value, sampling error, realised value, lower and upper
/// threshold, lower and upper confidence boundary, alert.
type Figures = ([f64; 7], bool);

fn first_chunk(
    cells: ConfusionMatrixNormalization,
    value: BusinessValueNormalization,
) -> (
    Vec<MetricEstimate>,
    Vec<(Metric, scorecheck_cbpe::Thresholds)>,
) {
    let mut metrics = Metric::from_names("confusion_matrix").expect("known");
    metrics.push(Metric::BusinessValue);
    let options = CbpeOptions::default()
        .with_metrics(metrics)
        .with_chunking(Chunking::Size(20))
        .with_calibration(CalibrationRule::Never)
        .with_normalize_confusion_matrix(cells)
        .with_business_value_matrix(
            BusinessValueMatrix::new([[2.0, -5.0], [-20.0, 30.0]]).expect("finite"),
        )
        .with_normalize_business_value(value);
    let cbpe = Cbpe::fit(&rows(0..60), options).expect("fits");
    let estimate = cbpe.estimate(&rows(60..100)).expect("estimates");
    (estimate.chunks[0].metrics.clone(), estimate.thresholds)
}

fn check(
    cells: ConfusionMatrixNormalization,
    value: BusinessValueNormalization,
    expected: [(&str, Figures); 5],
) {
    let (metrics, thresholds) = first_chunk(cells, value);
    assert_eq!(metrics.len(), 5);
    for ((name, (figures, alert)), (m, (metric, t))) in
        expected.iter().zip(metrics.iter().zip(&thresholds))
    {
        assert_eq!(m.metric.name(), *name);
        assert_eq!(metric, &m.metric);
        let ours = [
            m.estimated,
            m.sampling_error,
            m.realized,
            t.lower,
            t.upper,
            m.lower_confidence,
            m.upper_confidence,
        ];
        for (field, (o, n)) in ["value", "se", "realized", "lower", "upper", "lcb", "ucb"]
            .iter()
            .zip(ours.iter().zip(figures))
        {
            let o = o.unwrap_or_else(|| panic!("{name} {field}: none, NannyML {n}"));
            assert!(
                (o - n).abs() <= 1e-12 * n.abs().max(1.0),
                "{cells:?}/{value:?} {name} {field}: ours {o}, NannyML {n}"
            );
        }
        assert_eq!(m.alert, *alert, "{cells:?}/{value:?} {name} alert");
    }
}

#[test]
fn counts_and_total_value_agree_with_nannyml() {
    check(
        ConfusionMatrixNormalization::Counts,
        BusinessValueNormalization::Total,
        [
            (
                "true_positive",
                (
                    [
                        8.468,
                        2.1081851067789197,
                        8.0,
                        2.925009279892726,
                        10.408324053440609,
                        2.143444679663241,
                        14.79255532033676,
                    ],
                    false,
                ),
            ),
            (
                "true_negative",
                (
                    [
                        7.057999999999999,
                        2.1081851067789197,
                        7.0,
                        5.252453104293572,
                        8.080880229039762,
                        0.7334446796632399,
                        13.382555320336758,
                    ],
                    false,
                ),
            ),
            (
                "false_positive",
                (
                    [
                        2.5320000000000005,
                        1.666666666666667,
                        3.0,
                        1.9191197709602386,
                        4.747546895706428,
                        0.0,
                        7.532000000000002,
                    ],
                    false,
                ),
            ),
            (
                "false_negative",
                (
                    [
                        1.9419999999999997,
                        1.6666666666666665,
                        2.0,
                        0.0,
                        7.074990720107275,
                        0.0,
                        6.942,
                    ],
                    false,
                ),
            ),
            (
                "business_value",
                (
                    [
                        216.656,
                        81.23012577445226,
                        199.0,
                        -49.71644332113854,
                        309.7164433211385,
                        -27.03437732335678,
                        460.3463773233568,
                    ],
                    false,
                ),
            ),
        ],
    );
}

#[test]
fn shares_of_the_true_class_and_value_per_prediction_agree_with_nannyml() {
    check(
        ConfusionMatrixNormalization::True,
        BusinessValueNormalization::PerPrediction,
        [
            (
                "true_positive",
                (
                    [
                        0.8134486071085496,
                        0.14907119849998599,
                        0.8,
                        0.2925009279892724,
                        1.0,
                        0.3662350116085916,
                        1.0,
                    ],
                    false,
                ),
            ),
            (
                "true_negative",
                (
                    [
                        0.7359749739311782,
                        0.14907119849998599,
                        0.7,
                        0.5252453104293572,
                        0.8080880229039761,
                        0.2887613784312202,
                        1.0,
                    ],
                    false,
                ),
            ),
            (
                "false_positive",
                (
                    [
                        0.2640250260688217,
                        0.14907119849998596,
                        0.3,
                        0.19191197709602376,
                        0.4747546895706429,
                        0.0,
                        0.7112386215687796,
                    ],
                    false,
                ),
            ),
            (
                "false_negative",
                (
                    [
                        0.18655139289145053,
                        0.14907119849998596,
                        0.2,
                        0.0,
                        0.7074990720107275,
                        0.0,
                        0.6337649883914084,
                    ],
                    false,
                ),
            ),
            (
                "business_value",
                (
                    [
                        19.19652525252525,
                        4.061506288722613,
                        17.565656565656568,
                        5.851780342375445,
                        20.442664102068996,
                        7.012006386357411,
                        31.38104411869309,
                    ],
                    false,
                ),
            ),
        ],
    );
}

#[test]
fn shares_of_the_predicted_class_agree_with_nannyml_alerts_included() {
    check(
        ConfusionMatrixNormalization::Pred,
        BusinessValueNormalization::Total,
        [
            (
                "true_positive",
                (
                    [
                        0.7698181818181817,
                        0.14907119849998599,
                        0.7272727272727273,
                        0.5718442137456617,
                        0.755933564032116,
                        0.32260458631822375,
                        1.0,
                    ],
                    true,
                ),
            ),
            (
                "true_negative",
                (
                    [
                        0.7842222222222222,
                        0.14907119849998599,
                        0.7777777777777778,
                        0.46828102627816887,
                        0.8872745292773865,
                        0.33700862672226417,
                        1.0,
                    ],
                    false,
                ),
            ),
            (
                "false_positive",
                (
                    [
                        0.2301818181818182,
                        0.14907119849998596,
                        0.2727272727272727,
                        0.24406643596788388,
                        0.42815578625433826,
                        0.0,
                        0.6773954136817761,
                    ],
                    true,
                ),
            ),
            (
                "false_negative",
                (
                    [
                        0.21577777777777776,
                        0.14907119849998596,
                        0.2222222222222222,
                        0.1127254707226133,
                        0.5317189737218312,
                        0.0,
                        0.6629913732777356,
                    ],
                    false,
                ),
            ),
            (
                "business_value",
                (
                    [
                        216.656,
                        81.23012577445226,
                        199.0,
                        -49.71644332113854,
                        309.7164433211385,
                        -27.03437732335678,
                        460.3463773233568,
                    ],
                    false,
                ),
            ),
        ],
    );
}

#[test]
fn shares_of_all_rows_agree_with_nannyml() {
    let (metrics, _) = first_chunk(
        ConfusionMatrixNormalization::All,
        BusinessValueNormalization::Total,
    );
    // NannyML's value and sampling error of each cell.
    let expected = [
        (0.4234, 0.10540925533894598),
        (0.35289999999999994, 0.10540925533894598),
        (0.12660000000000002, 0.08333333333333334),
        (0.09709999999999999, 0.08333333333333333),
    ];
    for (m, (value, se)) in metrics.iter().zip(expected) {
        let (e, s) = (
            m.estimated.expect("estimate"),
            m.sampling_error.expect("SE"),
        );
        assert!((e - value).abs() < 1e-12, "{}: {e} vs {value}", m.metric);
        assert!((s - se).abs() < 1e-12, "{}: {s} vs {se}", m.metric);
    }
}

#[test]
fn business_value_without_a_matrix_is_an_error() {
    let options = CbpeOptions::default().with_metrics(vec![Metric::BusinessValue]);
    let error = Cbpe::fit(&rows(0..60), options).expect_err("needs a matrix");
    assert!(
        error.to_string().contains("business value matrix"),
        "{error}"
    );
}
