//! NannyML's multiclass `confusion_matrix` (a metric per pair of classes) against figures of
//! NannyML 0.13.1.
//!
//! The figures were produced by NannyML 0.13.1 (numpy 2.4.6, scikit-learn 1.9.1) on the same
//! rows, with `nannyml.performance_estimation.confidence_based.cbpe.needs_calibration`
//! replaced by `lambda *a, **k: False` (no calibration, as `CalibrationRule::Never`; the rows
//! are still renormalised):
//!
//! ```python
//! C = ["a", "b", "c"]
//! def rows(lo, hi):
//!     out = []
//!     for i in range(lo, hi):
//!         w = [float((i * 7919 + k * 104729) % 997 + 1) for k in range(3)]
//!         s = w[0] + w[1] + w[2]
//!         p = [x / s for x in w]
//!         pred = max(range(3), key=lambda k: (p[k], -k))
//!         u = ((i * 7907) % 1000) / 1000.0
//!         y, acc = 2, 0.0
//!         for k in range(3):
//!             acc += p[k]
//!             if u < acc:
//!                 y = k; break
//!         out.append(p + [C[pred], C[y]])
//!     return pd.DataFrame(out, columns=["p_a", "p_b", "p_c", "y_pred", "y_true"])
//! ref, ana = rows(0, 60), rows(60, 100)
//! e = nml.CBPE(y_pred_proba={c: f"p_{c}" for c in C}, y_pred="y_pred", y_true="y_true",
//!     problem_type="classification_multiclass", metrics=["confusion_matrix"], chunk_size=20,
//!     normalize_confusion_matrix=CM)
//! e.fit(ref); df = e.estimate(ana).filter(period="analysis").to_df()
//! ```
//!
//! and the first analysis chunk's value, sampling_error, realized, lower_threshold,
//! upper_threshold, lower and upper confidence_boundary and alert of each cell printed with
//! `repr(float(...))`, for CM None, 'all', 'pred' and 'true'.

use scorecheck_cbpe::{
    CalibrationRule, CbpeOptions, Chunking, ConfusionMatrixNormalization, Metric, MulticlassCbpe,
    MulticlassSample,
};

const CLASSES: [&str; 3] = ["a", "b", "c"];

/// The rows of the Python above: probabilities row by row, predicted and true classes.
fn rows(range: std::ops::Range<u64>) -> MulticlassSample {
    let (mut probabilities, mut predictions, mut labels) = (Vec::new(), Vec::new(), Vec::new());
    for i in range {
        let w: Vec<f64> = (0..3)
            .map(|k| ((i * 7919 + k * 104_729) % 997 + 1) as f64)
            .collect();
        let s = w[0] + w[1] + w[2];
        let p: Vec<f64> = w.iter().map(|x| x / s).collect();
        // The first class of the largest probability.
        let predicted = (0..3).fold(0, |best, k| if p[k] > p[best] { k } else { best });
        let u = ((i * 7907) % 1000) as f64 / 1000.0;
        let (mut label, mut acc) = (2, 0.0);
        for (k, &pk) in p.iter().enumerate() {
            acc += pk;
            if u < acc {
                label = k;
                break;
            }
        }
        probabilities.extend(p);
        predictions.push(predicted);
        labels.push(label);
    }
    MulticlassSample::new(3, probabilities, predictions)
        .and_then(|s| s.with_labels(labels))
        .expect("valid rows")
}

/// NannyML's figures of one cell: its name; value, sampling error, realised value, lower and
/// upper threshold, lower and upper confidence boundary; alert.
type Figures = (&'static str, [f64; 7], bool);

fn check(normalization: ConfusionMatrixNormalization, expected: &[Figures; 9]) {
    let options = CbpeOptions::default()
        .with_metrics(Metric::multiclass_confusion_matrix(3))
        .with_chunking(Chunking::Size(20))
        .with_calibration(CalibrationRule::Never)
        .with_normalize_confusion_matrix(normalization);
    let cbpe = MulticlassCbpe::fit(&rows(0..60), options).expect("fits");
    let estimate = cbpe.estimate(&rows(60..100)).expect("estimates");
    assert_eq!(estimate.chunks.len(), 2);
    let metrics = &estimate.chunks[0].metrics;
    assert_eq!(metrics.len(), 9);
    for ((name, figures, alert), (m, (metric, t))) in expected
        .iter()
        .zip(metrics.iter().zip(&estimate.thresholds))
    {
        assert_eq!(m.metric.name_with_classes(&CLASSES), *name);
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
                "{normalization:?} {name} {field}: ours {o}, NannyML {n}"
            );
        }
        assert_eq!(m.alert, *alert, "{normalization:?} {name} alert");
    }
}

/// NannyML's first analysis chunk with `normalize_confusion_matrix=None`.
#[rustfmt::skip]
const COUNTS: [Figures; 9] = [
    ("true_a_pred_a", [0.8845470692717584, 0.9746794344808961, 1.0, 1.0, 1.0, 0.0, 3.8085853727144467], true),
    ("true_a_pred_b", [0.4810450819672131, 0.5725188012439223, 1.0, 0.0, 1.7475468957064282, 0.0, 2.1986014856989797], false),
    ("true_a_pred_c", [5.274525667404241, 1.8424018140580634, 7.0, 2.919119770960238, 5.747546895706428, 0.0, 10.80173110957843], false),
    ("true_b_pred_a", [0.03818827708703375, 0.0, 0.0, 0.0, 0.0, 0.03818827708703375, 0.03818827708703375], true),
    ("true_b_pred_b", [0.5035860655737705, 0.9746794344808961, 0.0, 1.0, 1.0, 0.0, 3.427624369016459], true),
    ("true_b_pred_c", [5.999999999999998, 2.1081851067789197, 2.0, 5.252453104293572, 8.080880229039762, 0.0, 12.324555320336756], false),
    ("true_c_pred_a", [0.07726465364120781, 0.0, 0.0, 0.0, 0.0, 0.07726465364120781, 0.07726465364120781], true),
    ("true_c_pred_b", [0.015368852459016393, 0.0, 0.0, 0.0, 0.0, 0.015368852459016393, 0.015368852459016393], true),
    ("true_c_pred_c", [6.72547433259576, 2.1081851067789197, 9.0, 5.252453104293572, 8.080880229039762, 0.40091901225900095, 13.050029652932519], false),
];

/// NannyML's first analysis chunk with `normalize_confusion_matrix='all'`.
#[rustfmt::skip]
const ALL: [Figures; 9] = [
    ("true_a_pred_a", [0.04422735346358793, 0.048733971724044804, 0.05, 0.04999999999999999, 0.05000000000000003, 0.0, 0.19042926863572235], true),
    ("true_a_pred_b", [0.02405225409836066, 0.028625940062196115, 0.05, 0.0, 0.08737734478532143, 0.0, 0.10993007428494901], false),
    ("true_a_pred_c", [0.2637262833702121, 0.09212009070290317, 0.35, 0.14595598854801195, 0.2873773447853214, 0.0, 0.5400865554789216], false),
    ("true_b_pred_a", [0.0019094138543516877, 0.0, 0.0, 0.0, 0.0, 0.0019094138543516877, 0.0019094138543516877], true),
    ("true_b_pred_b", [0.025179303278688527, 0.048733971724044804, 0.0, 0.04999999999999999, 0.05000000000000003, 0.0, 0.17138121845082294], true),
    ("true_b_pred_c", [0.3, 0.10540925533894599, 0.1, 0.2626226552146786, 0.40404401145198804, 0.0, 0.616227766016838], false),
    ("true_c_pred_a", [0.003863232682060391, 0.0, 0.0, 0.0, 0.0, 0.003863232682060391, 0.003863232682060391], true),
    ("true_c_pred_b", [0.0007684426229508198, 0.0, 0.0, 0.0, 0.0, 0.0007684426229508198, 0.0007684426229508198], true),
    ("true_c_pred_c", [0.33627371662978806, 0.10540925533894599, 0.45, 0.2626226552146786, 0.40404401145198804, 0.02004595061295006, 0.652501482646626], false),
];

/// NannyML's first analysis chunk with `normalize_confusion_matrix='pred'`.
#[rustfmt::skip]
const PRED: [Figures; 9] = [
    ("true_a_pred_a", [0.8845470692717585, 0.0, 1.0, 1.0, 1.0, 0.8845470692717585, 0.8845470692717585], true),
    ("true_a_pred_b", [0.48104508196721313, 0.375, 1.0, 0.0, 0.8737734478532141, 0.0, 1.0], false),
    ("true_a_pred_c", [0.29302920374468006, 0.10236429383453555, 0.3888888888888889, 0.17394921223177368, 0.31624686619959885, 0.0, 0.6001220852482867], false),
    ("true_b_pred_a", [0.038188277087033755, 0.0, 0.0, 0.0, 0.0, 0.038188277087033755, 0.038188277087033755], true),
    ("true_b_pred_b", [0.5035860655737705, 0.375, 0.0, 0.1262265521467859, 1.0, 0.0, 1.0], false),
    ("true_b_pred_c", [0.3333333333333333, 0.11532375923126885, 0.1111111111111111, 0.32606857564454017, 0.4277440605210372, 0.0, 0.6793046110271399], false),
    ("true_c_pred_a", [0.07726465364120783, 0.0, 0.0, 0.0, 0.0, 0.07726465364120783, 0.07726465364120783], true),
    ("true_c_pred_b", [0.015368852459016395, 0.0, 0.0, 0.0, 0.0, 0.015368852459016395, 0.015368852459016395], true),
    ("true_c_pred_c", [0.3736374629219867, 0.11532375923126885, 0.5, 0.2791968423235448, 0.47679444307950525, 0.02766618522818015, 0.7196087406157932], false),
];

/// NannyML's first analysis chunk with `normalize_confusion_matrix='true'`.
#[rustfmt::skip]
const TRUE: [Figures; 9] = [
    ("true_a_pred_a", [0.1332125563778776, 0.16014444934818178, 0.1111111111111111, 0.1306373256986746, 0.22491822985688098, 0.0, 0.613645904422423], false),
    ("true_a_pred_b", [0.07244526303683961, 0.09884330004903599, 0.1111111111111111, 0.0, 0.29125781595107136, 0.0, 0.36897516318394763], false),
    ("true_a_pred_c", [0.7943421805852828, 0.17819229328143574, 0.7777777777777778, 0.5506419767197379, 0.9826913566135953, 0.2597653007409756, 1.0], false),
    ("true_b_pred_a", [0.005837602321131279, 0.0, 0.0, 0.0, 0.0, 0.005837602321131279, 0.005837602321131279], true),
    ("true_b_pred_b", [0.07698004229368477, 0.12163106194438873, 0.0, 0.1056985673385757, 0.15620619456618623, 0.0, 0.441873228126851], true),
    ("true_b_pred_c", [0.9171823553851839, 0.12163106194438873, 1.0, 0.8437938054338138, 0.8943014326614244, 0.5522891695520177, 1.0], true),
    ("true_c_pred_a", [0.011332272159541742, 0.0, 0.0, 0.0, 0.0, 0.011332272159541742, 0.011332272159541742], true),
    ("true_c_pred_b", [0.0022541228186199833, 0.0, 0.0, 0.0, 0.0, 0.0022541228186199833, 0.0022541228186199833], true),
    ("true_c_pred_c", [0.9864136050218384, 0.0, 1.0, 1.0, 1.0, 0.9864136050218384, 0.9864136050218384], true),
];

#[test]
fn counts_agree_with_nannyml() {
    check(ConfusionMatrixNormalization::Counts, &COUNTS);
}

#[test]
fn shares_of_all_rows_agree_with_nannyml() {
    check(ConfusionMatrixNormalization::All, &ALL);
}

#[test]
fn shares_of_the_predicted_class_agree_with_nannyml() {
    check(ConfusionMatrixNormalization::Pred, &PRED);
}

#[test]
fn shares_of_the_true_class_agree_with_nannyml() {
    check(ConfusionMatrixNormalization::True, &TRUE);
}
