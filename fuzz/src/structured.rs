//! A small request model with `Arbitrary`, serialised to JSON: requests that get past parsing far more often than random bytes.

use arbitrary::Arbitrary;
use scorecheck_algebra::Score;
use serde_json::{json, Map, Value};

/// A count as a request may give it: small, medium, huge, zero or malformed.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub enum Count {
    /// 0..=255.
    Small(u8),
    /// 0..=65535.
    Medium(u16),
    /// 10⁹ and above, up to about 10¹².
    Huge(u32),
    /// 0.
    Zero,
    /// A negative count.
    Negative(i8),
    /// A count that does not fit in u64.
    Overflow,
    /// A non-integer count.
    Fraction(u8),
    /// A count given as a string.
    Text(u8),
}

impl Count {
    fn to_json(self) -> Value {
        match self {
            Count::Small(x) => json!(x),
            Count::Medium(x) => json!(x),
            Count::Huge(x) => json!(1_000_000_000u64 + u64::from(x) * 232),
            Count::Zero => json!(0),
            Count::Negative(x) => json!(-i64::from(x.unsigned_abs()) - 1),
            Count::Overflow => number("18446744073709551616"),
            Count::Fraction(x) => number(&format!("{x}.5")),
            Count::Text(x) => json!(x.to_string()),
        }
    }
}

/// A figure (score, eps, tolerance): decimals in [0, 1], 0, negatives, ≥ 1, NaN and junk.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub enum Figure {
    /// 0.dddd with four decimals.
    Decimal(u16),
    /// 0.
    Zero,
    /// 1.
    One,
    /// A negative decimal.
    Negative(u16),
    /// A value above 1.
    AboveOne(u16),
    /// Exponent notation, 10^-k.
    Tiny(u8),
    /// The string "NaN".
    NanString,
    /// A decimal given as a string.
    Text(u16),
    /// null.
    Null,
    /// true.
    Bool,
    /// A long decimal (precision beyond f64).
    Long(u64),
}

fn number(text: &str) -> Value {
    // With serde_json's arbitrary_precision any numeric text is a Number.
    serde_json::from_str(text).unwrap_or(Value::Null)
}

impl Figure {
    fn to_json(self) -> Value {
        match self {
            Figure::Decimal(x) => number(&format!("0.{:04}", x % 10_000)),
            Figure::Zero => json!(0),
            Figure::One => json!(1),
            Figure::Negative(x) => number(&format!("-0.{:04}", x % 10_000)),
            Figure::AboveOne(x) => number(&format!("{}.{:02}", 1 + x / 100, x % 100)),
            Figure::Tiny(k) => number(&format!("1e-{}", k % 40)),
            Figure::NanString => json!("NaN"),
            Figure::Text(x) => json!(format!("0.{:04}", x % 10_000)),
            Figure::Null => Value::Null,
            Figure::Bool => json!(true),
            Figure::Long(x) => number(&format!("0.{x:020}")),
        }
    }
}

/// A score's name: an abbreviation from the catalogue, a misspelling, or a regression score.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub enum ScoreName {
    /// `Score::ALL[i]`'s abbreviation.
    Known(u8),
    /// Its full name.
    Full(u8),
    /// An abbreviation with one character dropped.
    Misspelt(u8, u8),
    /// A regression or beta key.
    Other(u8),
}

impl ScoreName {
    fn text(self) -> String {
        let pick = |i: u8| Score::ALL[usize::from(i) % Score::ALL.len()];
        match self {
            ScoreName::Known(i) => pick(i).abbreviation().to_string(),
            ScoreName::Full(i) => pick(i).name().to_string(),
            ScoreName::Misspelt(i, at) => {
                let mut name: Vec<char> = pick(i).abbreviation().chars().collect();
                if !name.is_empty() {
                    name.remove(usize::from(at) % name.len());
                }
                name.into_iter().collect()
            }
            ScoreName::Other(i) => {
                const OTHERS: [&str; 9] = [
                    "mae",
                    "rmse",
                    "mse",
                    "r2",
                    "beta_positive",
                    "beta_negative",
                    "f1",
                    "",
                    "ACC",
                ];
                OTHERS[usize::from(i) % OTHERS.len()].to_string()
            }
        }
    }
}

/// A fold or test set: class counts.
#[derive(Arbitrary, Debug, Clone, Copy)]
pub struct Set {
    /// Positives (class 0 in multiclass requests).
    pub p: Count,
    /// Negatives (class 1).
    pub n: Count,
    /// Class 2, for multiclass requests.
    pub third: Option<Count>,
}

impl Set {
    fn binary(&self) -> Value {
        json!({"p": self.p.to_json(), "n": self.n.to_json()})
    }

    fn multiclass(&self) -> Value {
        let mut map = Map::new();
        map.insert("0".into(), self.p.to_json());
        map.insert("1".into(), self.n.to_json());
        if let Some(third) = self.third {
            map.insert("2".into(), third.to_json());
        }
        Value::Object(map)
    }
}

/// One generated request.
#[derive(Arbitrary, Debug, Clone)]
pub struct Request {
    /// Index into `scorecheck::check_names()`.
    pub check: u8,
    /// Misspell the protocol name (drop a character).
    pub misspell: bool,
    /// The test set or dataset.
    pub set: Set,
    /// How folds are given: 0 n_folds/n_repeats, 1 stratified, 2 a list of folds, else omitted.
    pub folding_style: u8,
    /// n_folds.
    pub folds: Count,
    /// n_repeats.
    pub repeats: Count,
    /// Explicit folds, test sets or evaluations (at most 4 used).
    pub sets: Vec<Set>,
    /// The reported scores (at most 5 used).
    pub scores: Vec<(ScoreName, Figure)>,
    /// eps, one figure for all or one per score.
    pub eps: Figure,
    /// Give eps per score.
    pub eps_per_score: bool,
    /// numerical_tolerance.
    pub tolerance: Option<Figure>,
    /// Extra fields of the bundles and regression protocols (image_identifier, ...).
    pub extra: u8,
    /// A field to delete from the finished request (beyond the object's length: none).
    pub drop: u8,
    /// The reviewer's extras, one bit each: `ranges: "all"`, `repair`, `eps: "auto"`,
    /// `percent`, an `auc` with the first figure, `power`; two bits for `rounding`.
    pub features: u8,
}

fn classes(multiclass: bool, set: &Set) -> Value {
    if multiclass {
        set.multiclass()
    } else {
        set.binary()
    }
}

impl Request {
    /// The request as JSON text.
    pub fn to_json(&self) -> String {
        let names = scorecheck::check_names();
        let name = names[usize::from(self.check) % names.len()];
        let multiclass = name.contains("micro") || name.contains("macro");
        let mut map = Map::new();
        let shown_name = if self.misspell {
            let mut chars: Vec<char> = name.chars().collect();
            chars.remove(usize::from(self.check) % chars.len());
            chars.into_iter().collect()
        } else {
            name.to_string()
        };
        map.insert("check".into(), json!(shown_name));
        let sets: Vec<&Set> = self.sets.iter().take(4).collect();
        let folding = match self.folding_style % 4 {
            0 => {
                Some(json!({"n_folds": self.folds.to_json(), "n_repeats": self.repeats.to_json()}))
            }
            1 => Some(
                json!({"n_folds": self.folds.to_json(), "n_repeats": self.repeats.to_json(), "strategy": "stratified_sklearn"}),
            ),
            2 => Some(
                json!({"folds": sets.iter().map(|s| classes(multiclass, s)).collect::<Vec<_>>()}),
            ),
            _ => None,
        };
        if name.starts_with("1_testset") {
            map.insert("testset".into(), classes(multiclass, &self.set));
        } else if name.starts_with("1_dataset") {
            map.insert("dataset".into(), classes(multiclass, &self.set));
            if let Some(folding) = folding {
                map.insert("folding".into(), folding);
            }
        } else if name.starts_with("n_testsets") {
            map.insert(
                "testsets".into(),
                json!(sets.iter().map(|s| s.binary()).collect::<Vec<_>>()),
            );
        } else if name.starts_with("n_datasets") {
            let evaluations: Vec<Value> = sets
                .iter()
                .map(|s| json!({"dataset": s.binary(), "folding": {"n_folds": self.folds.to_json(), "n_repeats": self.repeats.to_json()}}))
                .collect();
            map.insert("evaluations".into(), json!(evaluations));
        } else if name.starts_with("regression") {
            map.insert("var".into(), self.eps.to_json());
            map.insert("n_samples".into(), self.set.p.to_json());
        }
        let extra = self.extra % 8;
        if extra & 1 != 0 {
            map.insert(
                "image_identifier".into(),
                json!(["01", "02", "im0077"][usize::from(self.extra / 8) % 3]),
            );
        }
        if extra & 2 != 0 {
            map.insert("annotator".into(), json!(1 + self.extra / 64));
        }
        if extra & 4 != 0 {
            map.insert(
                "imageset".into(),
                json!(["test", "train", "all"][usize::from(self.extra / 8) % 3]),
            );
        }
        let mut scores = Map::new();
        let mut eps = Map::new();
        for (score, figure) in self.scores.iter().take(5) {
            scores.insert(score.text(), figure.to_json());
            eps.insert(score.text(), self.eps.to_json());
        }
        map.insert("scores".into(), Value::Object(scores));
        map.insert(
            "eps".into(),
            if self.eps_per_score {
                Value::Object(eps)
            } else {
                self.eps.to_json()
            },
        );
        if let Some(tolerance) = self.tolerance {
            map.insert("numerical_tolerance".into(), tolerance.to_json());
        }
        let f = self.features;
        if f & 1 != 0 {
            map.insert("ranges".into(), json!("all"));
        }
        if f & 2 != 0 {
            map.insert("repair".into(), json!(true));
        }
        if f & 4 != 0 {
            map.insert("eps".into(), json!("auto"));
        }
        if f & 8 != 0 {
            map.insert("percent".into(), json!(true));
        }
        if f & 16 != 0 {
            if let (Some((_, figure)), Some(Value::Object(scores))) =
                (self.scores.first(), map.get_mut("scores"))
            {
                scores.insert("auc".into(), figure.to_json());
            }
        }
        if f & 32 != 0 {
            map.insert("power".into(), json!(true));
        }
        match f >> 6 {
            1 => {
                map.insert("rounding".into(), json!("floor"));
            }
            2 => {
                map.insert("rounding".into(), json!("ceil"));
            }
            3 => {
                map.insert("rounding".into(), json!("any"));
            }
            _ => {}
        }
        // Keep every input short: searches that are legitimately long stop at these budgets.
        map.insert("time_limit".into(), json!(0.2));
        map.insert("max_configurations".into(), json!(20));
        map.insert("max_witnesses".into(), json!(2));
        let drop = usize::from(self.drop);
        if drop < map.len() {
            let key = map.keys().nth(drop).cloned().unwrap_or_default();
            map.remove(&key);
        }
        Value::Object(map).to_string()
    }
}

thread_local! {
    static CURRENT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Remembers the request being run, and (once) installs a panic hook that prints it before
/// libFuzzer's own hook aborts, so a crash report carries the JSON to replay.
/// With `SCORECHECK_FUZZ_SHOW` set, every request is printed (to replay a slow unit).
pub fn remember(text: &str) {
    if std::env::var_os("SCORECHECK_FUZZ_SHOW").is_some() {
        eprintln!("request_structured JSON: {text}");
    }
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            CURRENT.with(|current| eprintln!("request_structured JSON: {}", current.borrow()));
            previous(info);
        }));
    });
    CURRENT.with(|current| {
        let mut current = current.borrow_mut();
        current.clear();
        current.push_str(text);
    });
}
