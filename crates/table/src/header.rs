//! The columns of a table: what each header means, and the header rules that refuse a
//! table before its first row (a near-miss of a known name, a column given twice, a
//! confusion-matrix column, a stray result column).

use scorecheck::algebra::Score;

/// The columns added to the input's in CSV output, in order.
pub const RESULT_COLUMNS: [&str; 7] = [
    "verdict",
    "explanation",
    "witness_tp",
    "witness_tn",
    "n_valid_tptn_pairs",
    "error_field",
    "error_message",
];

/// Names of the AUC the facade accepts, besides the algebra's scores.
const AUC_NAMES: [&str; 4] = ["auc", "roc_auc", "auroc", "area_under_roc"];

/// The regression scores' spellings and their short names, as `scorecheck-regression`'s
/// `SPELLINGS` has them (the CLI does not depend on that crate; the facade reads them).
const REGRESSION_SCORES: [(&str, &str); 11] = [
    ("mae", "mae"),
    ("mean_absolute_error", "mae"),
    ("mean_average_error", "mae"),
    ("mse", "mse"),
    ("mean_squared_error", "mse"),
    ("rmse", "rmse"),
    ("root_mean_squared_error", "rmse"),
    ("r2", "r2"),
    ("r_squared", "r2"),
    ("r2_score", "r2"),
    ("coefficient_of_determination", "r2"),
];

/// Columns no table row reads: refused, with what to do instead (carried silently, a
/// bound column would leave its bound unchecked and the verdict would differ from the same
/// request in JSON).
const REFUSED: [(&str, &str); 19] = [
    ("tp", CONFUSION_MATRIX),
    ("tn", CONFUSION_MATRIX),
    ("fp", CONFUSION_MATRIX),
    ("fn", CONFUSION_MATRIX),
    ("fold_score_bounds", JSON_ONLY),
    ("dataset_score_bounds", JSON_ONLY),
    ("testset_score_bounds", JSON_ONLY),
    ("class_score_bounds", JSON_ONLY),
    ("score_bounds", JSON_ONLY),
    ("folding", JSON_ONLY),
    ("testset", JSON_ONLY),
    ("testsets", JSON_ONLY),
    ("evaluations", JSON_ONLY),
    ("datasets", JSON_ONLY),
    ("scores", JSON_ONLY),
    ("aggregation", AGGREGATION),
    ("fm", TWO_LETTERS),
    ("pt", TWO_LETTERS),
    ("ts", TWO_LETTERS),
];

const TWO_LETTERS: &str = "two letters that name a score of the reference (fm: the Fowlkes-Mallows index; pt: the prevalence threshold; ts: the threat score) and, in papers' tables, as often something else (an F-measure, a processing or training time, a test set), so the column is not read under it: name it fowlkes_mallows_index, prevalence_threshold or threat_score (or f1p for an F-measure) for it to be checked, or rename it if it is only carried";

const JSON_ONLY: &str = "it is a request field a table row cannot hold (bounds, lists and objects are read from JSON only), so nothing in it would be checked: give these rows as JSON Lines (scorecheck batch FILE.jsonl), or rename the column if it is only carried";

const AGGREGATION: &str = "a table row says how scores were aggregated by its check (1_dataset_kfold_som: score of the pooled folds; 1_dataset_known_folds_mos: mean of the folds' scores), so nothing in this column would be checked: give the check, or rename the column if it is only carried";

const CONFUSION_MATRIX: &str = "a table row gives the class counts p and n and the reported scores, not a confusion matrix: give p = tp + fn and n = tn + fp, or rename the column if it is only carried";

/// How a request field's cell is read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    /// A decimal number, kept as written.
    Number,
    /// Text, as written.
    Text,
    /// Yes or no.
    Flag,
    /// A number or `auto`.
    Eps,
    /// `all` or score names separated by commas, semicolons or spaces.
    Ranges,
}

/// What a column of the table means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Column {
    Id,
    Check,
    P,
    N,
    Dataset,
    Folds,
    Repeats,
    Strategy,
    /// The test set's size when its class counts are not known (`testset.total`).
    Total,
    /// `unknown` where the test set is an unknown split of the dataset (`testset.split`).
    Split,
    /// A top-level request field (`eps`, `time_limit`, `var`, ...).
    Field {
        key: &'static str,
        kind: Kind,
    },
    /// A reported score, under any name the facade knows.
    Score,
    /// A result column of scorecheck's own output given back as input: recomputed.
    Result,
    /// Carried through unchanged (doi, table, method, ...).
    Other,
}

/// The header names the table reads (besides scores), normalised.
const FIELDS: [(&str, Column); 34] = [
    ("id", Column::Id),
    ("check", Column::Check),
    ("p", Column::P),
    ("n", Column::N),
    ("dataset", Column::Dataset),
    ("dataset_name", Column::Dataset),
    ("folds", Column::Folds),
    ("n_folds", Column::Folds),
    ("repeats", Column::Repeats),
    ("n_repeats", Column::Repeats),
    ("strategy", Column::Strategy),
    ("total", Column::Total),
    ("split", Column::Split),
    field("max_setups", Kind::Number),
    // The multiclass checks' aggregation model; on a binary check's row, carried.
    field("model", Kind::Text),
    field("eps", Kind::Eps),
    field("rounding", Kind::Text),
    field("percent", Kind::Flag),
    field("numerical_tolerance", Kind::Number),
    field("time_limit", Kind::Number),
    // `timeout` is the request's other name for `time_limit`.
    (
        "timeout",
        Column::Field {
            key: "time_limit",
            kind: Kind::Number,
        },
    ),
    field("ranges", Kind::Ranges),
    field("power", Kind::Flag),
    field("repair", Kind::Flag),
    field("max_repairs", Kind::Number),
    field("max_witnesses", Kind::Number),
    field("explain", Kind::Flag),
    field("backend", Kind::Text),
    field("max_configurations", Kind::Number),
    field("max_nodes", Kind::Number),
    field("count_budget", Kind::Number),
    field("fold_rules", Kind::Text),
    field("var", Kind::Number),
    field("n_samples", Kind::Number),
];

const fn field(key: &'static str, kind: Kind) -> (&'static str, Column) {
    (key, Column::Field { key, kind })
}

/// A name as the lookups see it: trimmed, lower case, spaces and hyphens as underscores.
pub(super) fn normalised(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| match c {
            ' ' | '-' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The score a score header names, as one key per score (`acc` for `accuracy`); a header of
/// two names of one score (`Sensitivity/recall`, `PPV / precision`) names it.
fn score_key(name: &str) -> Option<String> {
    if let Some((first, second)) = name.split_once('/') {
        let part = |p: &str| score_key(p.trim_matches(|c: char| c == '_' || c.is_whitespace()));
        let first = part(first)?;
        return (part(second)? == first).then_some(first);
    }
    let name = normalised(name);
    if AUC_NAMES.contains(&name.as_str()) {
        return Some("auc".to_string());
    }
    // The betas of fbp and fbn go with the scores, as in a request's `scores`.
    if name == "beta_positive" || name == "beta_negative" {
        return Some(name);
    }
    if let Some((_, short)) = REGRESSION_SCORES.iter().find(|(s, _)| *s == name) {
        return Some((*short).to_string());
    }
    // Without the suggestions of an unknown name's error: most texts tried are no score.
    Score::find(&name).map(|score| score.abbreviation().to_string())
}

/// Whether a score column gives the AUC, under any of its names (`ROC AUC`, `roc-auc`).
pub(super) fn is_auc(name: &str) -> bool {
    AUC_NAMES.contains(&normalised(name).as_str())
}

/// Whether a header names an F-beta score with its beta in the name (`F2`, `F0.5`,
/// `f_beta`, `fbeta_score`), which a table reads as no score.
fn names_f_beta(name: &str) -> bool {
    let name = normalised(name).replace('_', "");
    let name = name.strip_suffix("score").unwrap_or(&name);
    if matches!(name, "fbeta" | "fβ") {
        return true;
    }
    name.strip_prefix('f').is_some_and(|beta| {
        !beta.is_empty()
            && beta.chars().all(|c| c.is_ascii_digit() || c == '.')
            && beta.parse::<f64>().is_ok_and(|b| b != 1.0)
    })
}

/// What the column named `header` means, before the header rules.
fn classify(header: &str) -> Column {
    let name = normalised(header);
    if let Some((_, column)) = FIELDS.iter().find(|(n, _)| *n == name) {
        return *column;
    }
    if score_key(&name).is_some() {
        return Column::Score;
    }
    Column::Other
}

/// The header row, read: each column's name (trimmed) and meaning.
pub(super) struct Header {
    /// The names, as written (trimmed).
    pub names: Vec<String>,
    /// What each column means.
    pub kinds: Vec<Column>,
}

impl Header {
    /// The first column of `kind`, by name.
    pub(super) fn name_of(&self, kind: Column) -> Option<&str> {
        self.kinds
            .iter()
            .position(|k| *k == kind)
            .map(|i| self.names[i].as_str())
    }

    /// The column that gives the AUC (`ROC AUC`, `auroc`), if any.
    pub(super) fn name_of_auc(&self) -> Option<&str> {
        self.names
            .iter()
            .zip(&self.kinds)
            .find(|(name, kind)| **kind == Column::Score && is_auc(name))
            .map(|(name, _)| name.as_str())
    }

    /// The column of the top-level request field `key`, by name.
    pub(super) fn name_of_field(&self, key: &str) -> Option<&str> {
        self.kinds
            .iter()
            .position(|k| matches!(k, Column::Field { key: k, .. } if *k == key))
            .map(|i| self.names[i].as_str())
    }
}

/// `"name" (column 3)`: how messages name a column.
fn named(names: &[String], index: usize) -> String {
    format!("{:?} (column {})", names[index], index + 1)
}

/// The most words the column names of a header may hold together.
const MAX_HEADER_WORDS: usize = 20_000;

/// The longest column name, in characters.
const MAX_NAME_CHARS: usize = 1_000;

/// Reads the header row and applies the header rules.
///
/// # Errors
///
/// A message naming the column (and its number) when the row is empty, a column is a
/// near-miss of a score or field name (with the suggestion), two columns give the same
/// score or field (or share a name, or a name is `column N` of an unnamed column N), a column is `tp`, `tn`, `fp` or `fn`, or a result
/// column of scorecheck's output appears other than as the last seven columns of its own
/// output, and when the names hold more than 20,000 words or one more than 1,000
/// characters.
pub(super) fn read(names: Vec<String>) -> Result<Header, String> {
    let names: Vec<String> = names.into_iter().map(|n| n.trim().to_string()).collect();
    if names.iter().all(String::is_empty) {
        return Err(
            "the table has no header row; the first row names the columns (id, p, n, acc, ...)"
                .to_string(),
        );
    }
    // Each name's words are read against the known names: a header of more words than any
    // table of papers uses is refused before that work (1 MiB of words took seconds).
    let words: usize = names.iter().map(|n| n.split_whitespace().count()).sum();
    if words > MAX_HEADER_WORDS {
        return Err(format!(
            "the header row names its {} columns in {words} words, more than the {MAX_HEADER_WORDS} a table of papers needs; give each column a short name (id, p, n, acc, ...)",
            names.len()
        ));
    }
    if let Some(index) = names
        .iter()
        .position(|n| n.chars().count() > MAX_NAME_CHARS)
    {
        return Err(format!(
            "column {} has a name of {} characters, more than {MAX_NAME_CHARS}; give it a short name",
            index + 1,
            names[index].chars().count()
        ));
    }
    let mut kinds: Vec<Column> = names.iter().map(|n| classify(n)).collect();
    mark_result_columns(&names, &mut kinds)?;
    for (index, name) in names.iter().enumerate() {
        let wanted = normalised(name);
        if let Some((_, why)) = REFUSED.iter().find(|(n, _)| *n == wanted) {
            return Err(format!("column {}: {why}", named(&names, index)));
        }
        if kinds[index] == Column::Other && !wanted.is_empty() {
            if names_f_beta(name) {
                return Err(format!(
                    "column {} is an F-beta score with its beta in the name, which a table does not read, so nothing in it would be checked: name it fbp (of the positive class; fbn of the negative) and give its beta in a beta_positive (beta_negative) column, or rename it if it is only carried",
                    named(&names, index)
                ));
            }
            let words = header_words(name, false);
            if words.iter().any(|w| w == "hter" || w == "acer")
                || words.join("_").contains("half_total_error")
            {
                return Err(format!(
                    "column {} is the half total error rate (HTER, or ACER of attack detection), 1 - bacc, which a table does not read, so nothing in it would be checked: give bacc = 1 - HTER in a bacc column (with as many digits), or rename the column if it is only carried",
                    named(&names, index)
                ));
            }
            if let Some((_, field)) = FIELD_LOOKALIKES.iter().find(|(n, _)| *n == wanted) {
                return Err(format!(
                    "column {} looks like the table's column {field:?} under another name: if it gives {field}, name it {field:?} (under this name it would be carried, unread, and the row checked without it); if it is only carried information, rename it so that it cannot be taken for {field}",
                    named(&names, index)
                ));
            }
            if let Some(averaged) = averaged_over_classes(name) {
                return Err(format!(
                    "column {} is a {averaged} average over the classes, which a table row does not read as such, so nothing in it would be checked: for two classes macro recall is bacc and a micro average is acc (name it so); other averages need the classes' counts (give the row as a JSON request with a multiclass check, 1_testset_no_kfold_macro ...), or rename the column if it is only carried",
                    named(&names, index)
                ));
            }
            let several = scores_named(name);
            if several.len() > 1 {
                return Err(format!(
                    "column {} names several scores ({}), so its cells could not be read as one: give each score its own column",
                    named(&names, index),
                    several.join(", ")
                ));
            }
            if names_pr_area(name) && wanted != "auprc" {
                return Err(format!(
                    "column {} gives the area under the precision-recall curve (or the average precision), which no check reads (an auc column is read as the ROC AUC): rename it auprc to carry it, unchecked",
                    named(&names, index)
                ));
            }
            if let Some(score) = decorated_score(name) {
                return Err(format!(
                    "column {} is not a score column as named, but it names the score {score:?} (among other words or units, run together, in another language, by another name, or with invisible characters); name it {score:?} for it to be checked (values in percent need the percent column), or rename it so that it names no score: nothing in it would be checked",
                    named(&names, index)
                ));
            }
            if let Some((_, score)) = OTHER_NAMES.iter().find(|(n, _)| *n == wanted) {
                return Err(format!(
                    "column {} names the score {score:?} by a name the table does not read (short and field-specific names are ambiguous elsewhere); name it {score:?} for it to be checked, or rename it so that it names no score: nothing in it would be checked",
                    named(&names, index)
                ));
            }
            if let Some(field) = field_among_words(name) {
                return Err(format!(
                    "column {} names the table's field {field:?} among other words: if it gives {field}, name it {field:?} (under this name it would be carried, unread, and the row checked without it); if it is only carried information, rename it so that it cannot be taken for {field}",
                    named(&names, index)
                ));
            }
            if let Some(suggestion) = near_miss(&wanted) {
                return Err(format!(
                    "column {} is not a score or a field the table reads, but it is close to {suggestion:?}; correct its name (or, if it is carried information and not {suggestion:?}, rename it so that it cannot be taken for it: nothing in it would be checked)",
                    named(&names, index)
                ));
            }
        }
    }
    duplicates(&names, &kinds)?;
    Ok(Header { names, kinds })
}

/// Marks scorecheck's own result columns when they are the last seven, in order (its
/// output given back to be checked again: they are recomputed); any other use of their
/// names is an error.
fn mark_result_columns(names: &[String], kinds: &mut [Column]) -> Result<(), String> {
    let is_result = |name: &String| RESULT_COLUMNS.contains(&normalised(name).as_str());
    let start = names.len().saturating_sub(RESULT_COLUMNS.len());
    let own_output = names.len() > RESULT_COLUMNS.len()
        && names[start..]
            .iter()
            .zip(RESULT_COLUMNS)
            .all(|(name, result)| normalised(name) == result);
    let stray_end = if own_output { start } else { names.len() };
    if let Some(index) = names[..stray_end].iter().position(is_result) {
        return Err(format!(
            "column {} is one of the columns scorecheck adds to its output ({}); rename it, or give scorecheck's own output unchanged, its result columns last, to have them computed again",
            named(names, index),
            RESULT_COLUMNS.join(", ")
        ));
    }
    if own_output {
        for kind in &mut kinds[start..] {
            *kind = Column::Result;
        }
    }
    Ok(())
}

/// Names of the table's fields under other names (normalised), with the column to use: a
/// column so named would be carried while the row is checked with the field's default
/// (`rounding_mode: ceil` checked as rounded to nearest, `runs: 3` as one run). Names as
/// often something else in a table of papers (`k` of k-NN, `cv` a coefficient of variation,
/// `iterations` of training, `size`, `protocol` in words) are not listed: a carried cell
/// that is a check's name is refused by its row instead.
const FIELD_LOOKALIKES: &[(&str, &str)] = &[
    ("rounding_mode", "rounding"),
    ("rounding_method", "rounding"),
    ("rounded", "rounding"),
    ("rundung", "rounding"),
    ("trunc", "rounding"),
    ("rnd", "rounding"),
    ("repetitions", "repeats"),
    ("repetition", "repeats"),
    ("n_repetitions", "repeats"),
    ("reps", "repeats"),
    ("rep", "repeats"),
    ("n_rep", "repeats"),
    ("nrep", "repeats"),
    ("n_reps", "repeats"),
    ("trials", "repeats"),
    ("n_trials", "repeats"),
    ("wiederholungen", "repeats"),
    ("répétitions", "repeats"),
    ("repeticiones", "repeats"),
    ("重复次数", "repeats"),
    ("runs", "repeats"),
    ("n_runs", "repeats"),
    ("num_runs", "repeats"),
    ("num_repeats", "repeats"),
    ("seeds", "repeats"),
    ("n_seeds", "repeats"),
    ("k_fold", "folds"),
    ("kfold", "folds"),
    ("n_splits", "folds"),
    ("splits", "folds"),
    ("cv_folds", "folds"),
    ("num_folds", "folds"),
    ("nfolds", "folds"),
    ("fold_count", "folds"),
    ("percentage", "percent"),
    ("pct", "percent"),
    ("%", "percent"),
    ("percent_scale", "percent"),
    ("in_%", "percent"),
    ("in_percent", "percent"),
    ("is_percent", "percent"),
    ("tolerance", "eps"),
    ("epsilon", "eps"),
    ("ε", "eps"),
    ("ϵ", "eps"),
    ("decimals", "eps"),
    ("digits", "eps"),
    ("uncertainty", "eps"),
    ("positives", "p"),
    ("pos", "p"),
    ("#pos", "p"),
    ("n_pos", "p"),
    ("npos", "p"),
    ("num_pos", "p"),
    ("n_positive", "p"),
    ("n_positives", "p"),
    ("num_positives", "p"),
    ("n_cases", "p"),
    ("negatives", "n"),
    ("neg", "n"),
    ("#neg", "n"),
    ("n_neg", "n"),
    ("nneg", "n"),
    ("num_neg", "n"),
    ("n_negative", "n"),
    ("n_negatives", "n"),
    ("num_negatives", "n"),
    ("n_controls", "n"),
    ("support", "total"),
    ("total_samples", "total"),
    ("n_test", "total"),
    ("test_size", "total"),
];

/// Score names in other languages, and other names in English, each a whole word of the
/// header (normalised), with the score to name the column by.
const OTHER_LANGUAGES: &[(&str, &str)] = &[
    ("genauigkeit", "acc or ppv"),
    ("treffergenauigkeit", "acc or ppv"),
    ("exactitude", "acc"),
    ("exactitud", "acc"),
    ("acurácia", "acc"),
    ("acuracia", "acc"),
    ("accuratezza", "acc"),
    ("precisión", "acc or ppv"),
    ("precisao", "acc or ppv"),
    ("precisão", "acc or ppv"),
    ("precisione", "acc or ppv"),
    ("précision", "acc or ppv"),
    ("präzision", "acc or ppv"),
    ("准确率", "acc"),
    ("正确率", "acc"),
    ("準確率", "acc"),
    ("正解率", "acc"),
    ("精度", "acc or ppv"),
    ("정확도", "acc"),
    ("точность", "acc or ppv"),
    ("sensibilité", "sens"),
    ("sensibilite", "sens"),
    ("sensibilidad", "sens"),
    ("sensibilidade", "sens"),
    ("sensibilità", "sens"),
    ("sensitivität", "sens"),
    ("sensitivitat", "sens"),
    ("rappel", "sens"),
    ("trefferquote", "sens"),
    ("灵敏度", "sens"),
    ("召回率", "sens"),
    ("感度", "sens"),
    ("再現率", "sens"),
    ("민감도", "sens"),
    ("재현율", "sens"),
    ("чувствительность", "sens"),
    ("полнота", "sens"),
    ("spezifität", "spec"),
    ("spezifitat", "spec"),
    ("spécificité", "spec"),
    ("specificite", "spec"),
    ("especificidad", "spec"),
    ("especificidade", "spec"),
    ("specificità", "spec"),
    ("特异度", "spec"),
    ("特異度", "spec"),
    ("특이도", "spec"),
    ("специфичность", "spec"),
    ("精确率", "ppv"),
    ("精確率", "ppv"),
    ("适合率", "ppv"),
    ("適合率", "ppv"),
    ("정밀도", "ppv"),
    ("oa", "acc"),
    ("ccr", "acc"),
    ("testacc", "acc"),
    ("valacc", "acc"),
    ("trainacc", "acc"),
    ("meanacc", "acc"),
    ("avgacc", "acc"),
    ("balacc", "bacc"),
    ("uar", "bacc"),
    ("tprate", "sens"),
    ("fprate", "fpr"),
    ("tnrate", "spec"),
    ("fnrate", "fnr"),
    (
        "far",
        "fpr (false acceptances among impostors) or fnr, by which class is positive",
    ),
    (
        "frr",
        "fnr (false rejections among genuine attempts) or fpr, by which class is positive",
    ),
    ("apcer", "fnr (attacks as positives) or fpr"),
    ("matthews", "mcc"),
    ("concordance", "auc"),
    ("tpf", "sens"),
    ("fpf", "fpr"),
    ("tnf", "spec"),
    ("fnf", "fnr"),
    ("ppa", "sens"),
    ("npa", "spec"),
    ("opa", "acc"),
    ("war", "acc"),
    ("fehlerrate", "err"),
    ("treffsicherheit", "acc or ppv"),
    ("revocação", "sens"),
    ("revocacao", "sens"),
    ("richiamo", "sens"),
    ("exhaustividad", "sens"),
    ("bpcer", "fpr (attacks as positives) or fnr"),
];

/// Other names in English of more than one word (normalised, a run of the header's words).
const OTHER_PHRASES: &[(&str, &str)] = &[
    ("area_under_the_roc_curve", "auc"),
    ("area_under_roc_curve", "auc"),
    ("area_under_the_curve", "auc"),
    ("area_under_curve", "auc"),
    ("roc_curve_area", "auc"),
    ("correct_classification_rate", "acc"),
    ("classification_rate", "acc"),
    ("recognition_rate", "acc"),
    ("success_rate", "acc"),
    ("correct_rate", "acc"),
    ("overall_accuracy", "acc"),
    ("zero_one_loss", "err"),
    ("0_1_loss", "err"),
    ("hamming_loss", "err"),
    ("matthews_corrcoef", "mcc"),
    ("matthews_correlation", "mcc"),
    ("matthews_correlation_coefficient", "mcc"),
    ("unweighted_average_recall", "bacc"),
    ("acc_bal", "bacc"),
    ("j_statistic", "bm"),
    ("youden_j", "bm"),
    ("concordance_index", "auc"),
    ("concordance_statistic", "auc"),
    ("true_positive_fraction", "sens"),
    ("false_positive_fraction", "fpr"),
    ("true_negative_fraction", "spec"),
    ("false_negative_fraction", "fnr"),
    ("positive_percent_agreement", "sens"),
    ("negative_percent_agreement", "spec"),
    ("overall_percent_agreement", "acc"),
    ("percent_agreement", "acc"),
    ("weighted_average_recall", "acc"),
    ("richtig_positiv_rate", "sens"),
    ("taux_d_erreur", "err"),
    (
        "false_acceptance_rate",
        "fpr (false acceptances among impostors) or fnr, by which class is positive",
    ),
    (
        "false_rejection_rate",
        "fnr (false rejections among genuine attempts) or fpr, by which class is positive",
    ),
];

/// Names papers give scores that the table does not read as such (normalised, as
/// `normalised` writes them), with the score each names: a column so named would be
/// carried unchecked, so it is refused with the name to use.
const OTHER_NAMES: &[(&str, &str)] = &[
    ("se", "sens"),
    ("sn", "sens"),
    ("sp", "spec"),
    ("dice", "f1p"),
    ("dsc", "f1p"),
    ("dice_score", "f1p"),
    ("dice_coefficient", "f1p"),
    ("f_measure", "f1p"),
    ("fmeasure", "f1p"),
    ("fscore", "f1p"),
    ("f_score", "f1p"),
    ("iou", "ji"),
    ("ba", "bacc"),
    ("youden", "bm"),
    ("youden_index", "bm"),
    ("youdens_j", "bm"),
    ("misclassification", "err"),
    ("misclassification_rate", "err"),
    ("sen", "sens"),
    ("spe", "spec"),
    ("f₁", "f1p"),
    ("κ", "kappa"),
    ("Κ", "kappa"),
    ("top1", "acc"),
    ("top_1", "acc"),
];

/// Other names of scores, read only as a whole header or among other words
/// (`TP Rate`, `Cohen κ`, `ROC Area`, `c-statistic`), with the score each names (as
/// `score_key` writes it). Short names that are also ordinary words or abbreviations
/// (`se`, `sp`, `ba`, `rec`, `pre`) count only as the whole header: see `WHOLE_ONLY`.
const NAMES_AMONG_WORDS: &[(&str, &str)] = &[
    ("tp_rate", "sens"),
    ("tn_rate", "spec"),
    ("fp_rate", "fpr"),
    ("fn_rate", "fnr"),
    (
        "detection_rate",
        "sens (if it is the true positive rate; caret's Detection Rate, TP/N, no check reads)",
    ),
    ("roc_area", "auc"),
    ("auc_roc", "auc"),
    ("area_under_the_roc", "auc"),
    ("c_statistic", "auc"),
    ("c_stat", "auc"),
    ("c_index", "auc"),
    ("balanced_acc", "bacc"),
    ("bal_acc", "bacc"),
    ("cohen_kappa", "kappa"),
    ("cohens_kappa", "kappa"),
    ("cohen_κ", "kappa"),
    ("f1_measure", "f1p"),
];

/// Words that make a header naming a score something else than the score's column.
const NOT_A_SCORE: &[&str] = &[
    "analysis",
    "analyses",
    "type",
    "types",
    "medicine",
    "period",
    "ci",
    "interval",
    "intervals",
    "definition",
    "definitions",
    "formula",
    "source",
    "sources",
    "note",
    "notes",
    "comment",
    "comments",
    "threshold",
    "thresholds",
    "cutoff",
    "method",
    "methods",
    "rank",
    "ranking",
];

/// The field a header names among other words or units (`Repeats (x)`, `no. of repeats`,
/// `Rounding (mode)`, `fold rules (pruning)`, `Eps (tol)`): carried under such a name, the
/// row would be checked with the field's default.
fn field_among_words(header: &str) -> Option<&'static str> {
    let words = header_words(header, false);
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    let whole = words.join("_");
    // (A lone `k` or `cv` is carried: a k-NN's k, a yes/no.)
    if whole == "k_folds" {
        return Some("folds");
    }
    if has(&[
        "repeats",
        "repeat",
        "repeated",
        "repetitions",
        "repetition",
        "reps",
    ]) {
        Some("repeats")
    } else if has(&[
        "rounding",
        "rounded",
        "round",
        "truncation",
        "truncated",
        "truncate",
    ]) {
        Some("rounding")
    } else if has(&["pruning"]) || (has(&["fold", "folds"]) && has(&["rule", "rules"])) {
        Some("fold_rules")
    } else if has(&["folds"]) {
        Some("folds")
    } else if has(&["numerical"]) || (has(&["num"]) && has(&["tol", "tolerance"])) {
        Some("numerical_tolerance")
    } else if has(&["eps", "epsilon", "tolerance", "tol"]) {
        Some("eps")
    } else if has(&["stratification", "strategy"]) {
        Some("strategy")
    } else {
        None
    }
}

/// Short names that name a score only as the whole header (`Rec.`, `Pre.`): among other
/// words they are mostly something else (`Pre-processing`).
const WHOLE_ONLY: &[(&str, &str)] = &[("rec", "sens"), ("pre", "ppv"), ("recl", "sens")];

/// A header's words, lower case: invisible characters dropped, full-width letters read as
/// ASCII, split at anything not a letter or digit; with `fine`, also where a lower-case
/// letter meets an upper-case one (`ValAcc`) and where letters meet digits (`sens1`).
fn header_words(header: &str, fine: bool) -> Vec<String> {
    let plain: Vec<char> = header
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}'
            )
        })
        .map(|c| match c {
            // Full-width forms of ASCII.
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            // Mathematical letters and digits (`𝐒𝐞𝐧𝐬`, from LaTeX or MathML as text): thirteen
            // alphabets of A-Z then a-z, and five of 0-9.
            '\u{1D400}'..='\u{1D6A3}' => {
                let at = (c as u32 - 0x1D400) % 52;
                let base = if at < 26 { u32::from(b'A') } else { u32::from(b'a') - 26 };
                char::from_u32(base + at).unwrap_or(c)
            }
            '\u{1D7CE}'..='\u{1D7FF}' => {
                char::from_u32(u32::from(b'0') + (c as u32 - 0x1D7CE) % 10).unwrap_or(c)
            }
            '\u{3000}' => ' ',
            c => c,
        })
        .collect();
    let mut words = Vec::new();
    let mut word = String::new();
    for (i, &c) in plain.iter().enumerate() {
        if !c.is_alphanumeric() {
            words.extend((!word.is_empty()).then(|| std::mem::take(&mut word)));
            continue;
        }
        if fine && i > 0 {
            let before = plain[i - 1];
            let boundary = (before.is_lowercase() && c.is_uppercase())
                || (before.is_alphabetic() && c.is_numeric())
                || (before.is_numeric() && c.is_alphabetic());
            if boundary && !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
        }
        word.extend(c.to_lowercase());
    }
    words.extend((!word.is_empty()).then_some(word));
    words
}

/// `macro`, `micro` or `weighted` when a header names such an average of a score
/// (`macro_f1`, `F1 (weighted)`, `recall_macro`).
fn averaged_over_classes(header: &str) -> Option<&'static str> {
    let words = header_words(header, true);
    let averaged = ["macro", "micro", "weighted"]
        .into_iter()
        .find(|a| words.iter().any(|w| w == a))?;
    decorated_score(header).map(|_| averaged)
}

/// The distinct scores a header's single words name (`Sens/Spec`: sens and spec).
fn scores_named(header: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    // `Se/Sp`, `TPR/FPR`: parts that are each a score's name, short ones included.
    if header.contains('/') {
        for part in header.split('/') {
            let wanted = normalised(part);
            let score = score_key(&wanted).or_else(|| {
                OTHER_NAMES
                    .iter()
                    .find(|(n, _)| *n == wanted)
                    .map(|(_, s)| (*s).to_string())
            });
            if let Some(score) = score.filter(|s| !found.contains(s)) {
                found.push(score);
            }
        }
        if found.len() > 1 {
            return found;
        }
        found.clear();
    }
    for word in header_words(header, false) {
        if let Some(score) = score_key(&word) {
            if !found.contains(&score) {
                found.push(score);
            }
        }
    }
    found
}

/// Whether a header names the area under the precision-recall curve or the average
/// precision (`PR-AUC`, `AUC (PR)`, `AUPRC`, `Average Precision`), which no check reads:
/// its `auc` is not the ROC AUC and its `precision` is not a precision.
fn names_pr_area(header: &str) -> bool {
    let words = header_words(header, true);
    let has = |w: &str| words.iter().any(|x| x == w);
    let joined = words.concat();
    (has("pr") || has("prc") || (has("precision") && has("recall")))
        && (has("auc") || has("area") || has("curve"))
        || ["auprc", "aupr", "prauc", "aucpr", "auprg"].contains(&joined.as_str())
        || (words.len() == 2 && has("average") && has("precision"))
        || joined == "ap"
        || joined == "map"
}

/// The score a header names among other words (`Test Accuracy`, `acc_std`, `TP Rate`),
/// units (`Accuracy (%)`, `Acc.`), run together (`ValAcc`, `TestAccuracy`, `sens1`), by
/// another name (`Cohen κ`, `c-statistic`, `Rec.`), in full-width letters (`ａｃｃ`) or with
/// invisible characters (`acc` and a zero-width space): read as it is, such a column would
/// be carried, unchecked.
fn decorated_score(header: &str) -> Option<String> {
    let coarse = header_words(header, false);
    // A score's name beside a word that makes the column something else (`Sensitivity
    // analysis`, `Error type`, `AUC CI`, `Precision medicine`), or a ranking score
    // (`Recall@1`, `Precision@10`): carried information, no score of the row.
    if coarse.iter().any(|w| NOT_A_SCORE.contains(&w.as_str())) || header.contains('@') {
        return None;
    }
    if coarse.len() == 1 {
        if let Some((_, score)) = WHOLE_ONLY.iter().find(|(n, _)| *n == coarse[0]) {
            return Some((*score).to_string());
        }
    }
    let named = |run: &str| {
        score_key(run).or_else(|| {
            NAMES_AMONG_WORDS
                .iter()
                .chain(OTHER_PHRASES)
                .chain(OTHER_LANGUAGES)
                .chain(
                    OTHER_NAMES
                        .iter()
                        .filter(|(n, _)| n.chars().count() >= 3 || !n.is_ascii()),
                )
                .find(|(n, _)| *n == run)
                .map(|(_, score)| (*score).to_string())
        })
    };
    // A score's name broken by a space or an invisible mark (`se ns`, `ac c`, `se` and `ns`
    // either side of a no-break space).
    let squeezed = (coarse.len() > 1)
        .then(|| score_key(&coarse.concat()))
        .flatten();
    squeezed.or_else(|| {
        [coarse, header_words(header, true)]
            .iter()
            .find_map(|words| {
                (1..=5.min(words.len()))
                    .rev()
                    .find_map(|width| words.windows(width).find_map(|run| named(&run.join("_"))))
            })
    })
}

/// The known name a misspelt header is close to: within an edit distance of a tenth of
/// the two names' lengths together (one edit between names of 5 and 6 letters, two
/// between 9 and 11), so that short names (`doi` and `dor`, `mean` and `gmean`) are never
/// taken for each other.
fn near_miss(wanted: &str) -> Option<String> {
    // The known names, made once.
    static CANDIDATES: std::sync::OnceLock<Vec<(String, usize)>> = std::sync::OnceLock::new();
    let candidates = CANDIDATES.get_or_init(|| {
        let mut names: Vec<String> = FIELDS.iter().map(|(n, _)| (*n).to_string()).collect();
        names.extend(Score::all_names().into_iter().map(|(_, name)| name));
        names.extend(AUC_NAMES.iter().map(|n| (*n).to_string()));
        names.extend(REGRESSION_SCORES.iter().map(|(n, _)| (*n).to_string()));
        names.extend(RESULT_COLUMNS.iter().map(|n| (*n).to_string()));
        names
            .into_iter()
            .map(|name| {
                let length = name.chars().count();
                (name, length)
            })
            .collect()
    });
    let length = wanted.chars().count();
    candidates
        .iter()
        // Names whose lengths differ by more than a tenth of their sum are never close (the
        // length difference bounds the distance from below): not compared.
        .filter(|(_, other)| length.abs_diff(*other) <= (length + other) / 10)
        .filter_map(|(candidate, other)| {
            let distance = edit_distance(wanted, candidate);
            (distance > 0 && distance <= (length + other) / 10).then_some((distance, candidate))
        })
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate.clone())
}

/// The optimal string alignment distance: insertions, deletions, substitutions and
/// transpositions of adjacent characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// Two columns giving one score or field (`acc` and `accuracy`, `p` and `P`), or two
/// carried columns of one name (unnamed columns excepted).
fn duplicates(names: &[String], kinds: &[Column]) -> Result<(), String> {
    let key = |index: usize| -> String {
        match kinds[index] {
            Column::Score => format!(
                "score {}",
                score_key(&names[index]).unwrap_or_else(|| normalised(&names[index]))
            ),
            Column::Field { key, .. } => format!("field {key}"),
            Column::Other | Column::Result => format!("name {}", normalised(&names[index])),
            other => format!("field {other:?}"),
        }
    };
    let keys: Vec<String> = (0..names.len()).map(key).collect();
    for later in 1..keys.len() {
        // Unnamed columns (a spreadsheet's trailing `,,`) are carried under their number.
        if names[later].is_empty() {
            continue;
        }
        if let Some(first) = keys[..later].iter().position(|k| *k == keys[later]) {
            let what = match kinds[later] {
                Column::Other | Column::Result => "have the same name; rename one (the JSON Lines output names each cell by its column)".to_string(),
                Column::Score => format!(
                    "both give the score {}; keep one",
                    keys[later].trim_start_matches("score ")
                ),
                _ => "both give the same field; keep one".to_string(),
            };
            return Err(format!(
                "columns {} and {} {what}",
                named(names, first),
                named(names, later)
            ));
        }
    }
    // The JSON Lines output carries an unnamed column's cells under `column N`: a column
    // named so would lose one of the two.
    for (index, name) in names.iter().enumerate() {
        if let Some(number) = name
            .trim()
            .strip_prefix("column ")
            .and_then(|n| n.parse::<usize>().ok())
        {
            if names
                .get(number.wrapping_sub(1))
                .is_some_and(String::is_empty)
            {
                return Err(format!(
                    "column {} has the name the JSON Lines output gives the unnamed column {number}; rename one of them",
                    named(names, index)
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_named_as_an_unnamed_ones_output_key_is_refused() {
        let names = |list: &[&str]| list.iter().map(|n| (*n).to_string()).collect();
        let error = read(names(&["id", "", "column 2", "p", "n", "acc"]))
            .err()
            .expect("refused");
        assert!(error.contains("\"column 2\" (column 3)"), "{error}");
        // Without an unnamed second column the name is only a name.
        assert!(read(names(&["id", "x", "column 2", "p", "n", "acc"])).is_ok());
    }

    #[test]
    fn headers_of_too_many_words_or_too_long_names_are_refused_before_they_are_read() {
        let base = |extra: String| -> Vec<String> {
            ["id", "p", "n", "acc"]
                .iter()
                .map(|n| (*n).to_string())
                .chain([extra])
                .collect()
        };
        let error = read(base(vec!["ab"; 20_001].join(" "))).err().unwrap();
        assert!(error.contains("20005 words"), "{error}");
        let error = read(base("x".repeat(1_001))).err().unwrap();
        assert!(
            error.starts_with("column 5 has a name of 1001 characters"),
            "{error}"
        );
        assert!(read(base("x".repeat(1_000))).is_ok());
    }

    #[test]
    fn f_betas_with_their_beta_in_the_name_are_refused() {
        let names = |list: &[&str]| list.iter().map(|n| (*n).to_string()).collect();
        for header in ["F2", "f2", "F0.5", "fbeta", "F-beta", "F2 score", "f_0.5"] {
            let error = read(names(&["id", "p", "n", "acc", header]))
                .err()
                .unwrap_or_else(|| panic!("{header} refused"));
            assert!(error.contains("name it fbp"), "{error}");
        }
        for header in ["F1", "f1_score", "fold", "F1.0"] {
            assert!(!names_f_beta(header), "{header}");
        }
        assert!(is_auc("ROC AUC") && is_auc("roc-auc") && !is_auc("ROC"));
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("sesitivity", "sensitivity"), 1);
        assert_eq!(edit_distance("sesn", "sens"), 1);
        assert_eq!(edit_distance("doi", "dor"), 1);
        assert_eq!(edit_distance("", "acc"), 3);
    }

    #[test]
    fn scores_among_other_words_units_or_invisible_characters() {
        for (header, score) in [
            ("Acc.", "acc"),
            ("Accuracy (%)", "acc"),
            ("acc\u{200B}", "acc"),
            ("Test Accuracy", "acc"),
            ("test_acc", "acc"),
            ("ａｃｃ", "acc"),
            ("Balanced accuracy [%]", "bacc"),
            ("Sensitivity (%)", "sens"),
            ("TP Rate", "sens"),
            ("FP Rate", "fpr"),
            ("ROC Area", "auc"),
            ("Rec.", "sens"),
            ("Pre.", "ppv"),
            ("sens1", "sens"),
            ("acc1", "acc"),
            ("ValAcc", "acc"),
            ("TestAccuracy", "acc"),
            ("Cohen κ", "kappa"),
            ("Cohen's kappa", "kappa"),
            (
                "Detection rate",
                "sens (if it is the true positive rate; caret's Detection Rate, TP/N, no check reads)",
            ),
            ("c-statistic", "auc"),
            ("Balanced Acc", "bacc"),
            ("F1Score", "f1p"),
            ("Test F1", "f1p"),
            ("G-Mean (%)", "gm"),
        ] {
            assert_eq!(decorated_score(header).as_deref(), Some(score), "{header}");
            let error = read(vec!["p".into(), "n".into(), header.into()])
                .err()
                .unwrap_or_default();
            assert!(
                error.contains(&format!("names the score {score:?}")),
                "{header}: {error}"
            );
        }
        for carried in [
            "model",
            "method",
            "source",
            "caption",
            "dataset_text",
            "protocol_text",
            "registry_name",
            "note",
            "table",
            "Pre-processing",
            "Reference",
            "Record",
            "Preprint",
            "auprc",
            "nFolds",
            "McNemar p",
            "DeLong",
            "Year",
            "Venue",
            "Epochs",
            "Batch size",
            "Learning rate",
            "Params",
        ] {
            assert_eq!(decorated_score(carried), None, "{carried}");
            assert!(!names_pr_area(carried) || carried == "auprc", "{carried}");
        }
    }

    #[test]
    fn fields_and_scores_under_other_names_or_languages_are_refused() {
        let refused = |header: &str| {
            read(vec!["p".into(), "n".into(), "acc".into(), header.into()])
                .err()
                .unwrap_or_else(|| panic!("{header} refused"))
        };
        for (header, field) in [
            ("rounding_mode", "rounding"),
            ("Rounding method", "rounding"),
            ("repetitions", "repeats"),
            ("Runs", "repeats"),
            ("n_splits", "folds"),
            ("percentage", "percent"),
            ("positives", "p"),
            ("#neg", "n"),
            ("Support", "total"),
            ("Total_samples", "total"),
            ("n_rep", "repeats"),
            ("Trials", "repeats"),
            ("Wiederholungen", "repeats"),
            ("trunc", "rounding"),
            ("rnd", "rounding"),
            ("ε", "eps"),
            ("%", "percent"),
            ("percent_scale", "percent"),
        ] {
            let error = refused(header);
            assert!(
                error.contains(&format!("looks like the table's column {field:?}")),
                "{header}: {error}"
            );
        }
        for (header, score) in [
            ("Genauigkeit", "acc or ppv"),
            ("Sensibilidad", "sens"),
            ("Spécificité", "spec"),
            ("准确率", "acc"),
            ("민감도", "sens"),
            ("Rappel", "sens"),
            ("matthews_corrcoef", "mcc"),
            ("Area under the ROC curve", "auc"),
            ("OA", "acc"),
            ("Correct classification rate", "acc"),
            ("zero_one_loss", "err"),
            ("testacc", "acc"),
            ("Acc_bal", "bacc"),
            ("unweighted average recall", "bacc"),
            ("UAR", "bacc"),
        ] {
            let error = refused(header);
            assert!(
                error.contains(&format!("names the score {score:?}")),
                "{header}: {error}"
            );
        }
        for header in ["macro_f1", "f1_weighted", "recall_macro", "F1 (micro)"] {
            assert!(
                refused(header).contains("average over the classes"),
                "{header}"
            );
        }
        for (header, score) in [
            ("Matthews", "mcc"),
            ("J statistic", "bm"),
            ("Concordance index", "auc"),
            ("TPF", "sens"),
            ("Positive percent agreement", "sens"),
            ("NPA", "spec"),
            ("Fehlerrate", "err"),
            ("Richiamo", "sens"),
        ] {
            let error = refused(header);
            assert!(
                error.contains(&format!("names the score {score:?}")),
                "{header}: {error}"
            );
        }
        for header in ["TPR/FPR", "Sens/Spec", "Accuracy and F1", "Se/Sp"] {
            assert!(refused(header).contains("names several scores"), "{header}");
        }
        for header in ["ACER", "HTER"] {
            assert!(refused(header).contains("bacc = 1 - HTER"), "{header}");
        }
        // Carried as before.
        for carried in [
            "EER",
            "method",
            "doi",
            "year",
            "notes",
            "auprc",
            "Training time",
            "protocol",
            "validation",
            "k",
            "cv",
            "size",
            "iterations",
            "cases",
            "Sensitivity analysis",
            "Error type",
            "AUC CI",
            "Precision medicine",
            "Recall period",
            "Recall@1",
            "Precision@10",
        ] {
            assert!(
                read(vec!["p".into(), "n".into(), "acc".into(), carried.into()]).is_ok(),
                "{carried}"
            );
        }
    }

    #[test]
    fn scores_no_check_reads_are_refused_with_what_to_do() {
        for header in [
            "PR-AUC",
            "AUC (PR)",
            "AUPR",
            "Average Precision",
            "PR AUC",
            "AUC-PR",
        ] {
            let error = read(vec!["p".into(), "n".into(), header.into()])
                .err()
                .unwrap_or_default();
            assert!(error.contains("rename it auprc"), "{header}: {error}");
        }
        assert!(read(vec!["p".into(), "n".into(), "auprc".into()]).is_ok());
        for header in ["HTER", "HTER (%)"] {
            let error = read(vec!["p".into(), "n".into(), header.into()])
                .err()
                .unwrap_or_default();
            assert!(error.contains("bacc = 1 - HTER"), "{header}: {error}");
        }
    }

    #[test]
    fn other_names_of_scores_are_refused_with_the_name_to_use() {
        for (header, score) in [
            ("Se", "sens"),
            ("Sp", "spec"),
            ("Dice", "f1p"),
            ("DSC", "f1p"),
            ("IoU", "ji"),
            ("F-measure", "f1p"),
            ("Fscore", "f1p"),
            ("BA", "bacc"),
            ("Youden", "bm"),
            ("Misclassification", "err"),
            ("spe", "spec"),
            ("Sen", "sens"),
            ("F₁", "f1p"),
            ("κ", "kappa"),
            ("top1", "acc"),
        ] {
            let error = read(vec!["p".into(), "n".into(), header.into()])
                .err()
                .unwrap_or_default();
            assert!(
                error.contains(&format!("names the score {score:?}")),
                "{header}: {error}"
            );
        }
    }

    #[test]
    fn near_misses_and_ordinary_names() {
        assert_eq!(near_miss("sesitivity").as_deref(), Some("sensitivity"));
        assert_eq!(near_miss("specifity").as_deref(), Some("specificity"));
        assert_eq!(near_miss("acuracy").as_deref(), Some("accuracy"));
        assert_eq!(near_miss("recal").as_deref(), Some("recall"));
        assert_eq!(near_miss("repeat").as_deref(), Some("repeats"));
        assert_eq!(
            near_miss("numerical_tolerence").as_deref(),
            Some("numerical_tolerance")
        );
        for ordinary in [
            "doi",
            "table",
            "method",
            "model",
            "title",
            "year",
            "authors",
            "venue",
            "url",
            "note",
            "notes",
            "comment",
            "source",
            "task",
            "split",
            "seed",
            "type",
            "label",
            "rank",
            "baseline",
            "name",
            "ref",
            "metric",
            "value",
            "std",
            "sd",
            "dataset_id",
            "classifier",
            "algorithm",
            "approach",
            "samples",
            "paper",
            "journal",
            "status",
        ] {
            assert_eq!(near_miss(ordinary), None, "{ordinary}");
        }
    }
}
