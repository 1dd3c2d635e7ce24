//! The evaluation protocol a text states: k-fold cross-validation with its k, repeated k-fold
//! with its number of repetitions, or a hold-out split, with the sentence that states it.
//!
//! Repetitions matter to a verdict: the pooled counts of r repetitions have r times the
//! denominators, so figures that no single k-fold run gives may come from r of them. A text
//! that says its cross-validation was repeated, without saying how often, is therefore no
//! protocol a check can take (`RepeatedKFold { repeats: None, .. }`).

/// A protocol stated in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Protocol {
    /// k-fold cross-validation (`k` when the text gives it).
    KFold {
        /// The number of folds, when stated.
        folds: Option<u64>,
    },
    /// One held-out test set (a train/test split).
    HoldOut,
    /// Leave-one-out cross-validation: one fold per sample, so the figures are those of the
    /// pooled predictions, one test set of the whole dataset's p and n (a mean of per-fold
    /// accuracies is the pooled accuracy; other per-fold scores of one sample are undefined).
    LeaveOneOut,
    /// Repeated k-fold cross-validation (`10 repeats of 5-fold`, `5-fold CV repeated 10
    /// times`, `10x5-fold`): k and the number of repetitions, each when stated.
    RepeatedKFold {
        /// The number of folds, when stated.
        folds: Option<u64>,
        /// The number of repetitions, when stated.
        repeats: Option<u64>,
    },
}

/// What the text says about the protocol.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stated {
    /// The protocol, when exactly one is stated.
    pub protocol: Option<Protocol>,
    /// The sentence that states it.
    pub sentence: String,
    /// Set when the text states more than one protocol (the note says which).
    pub ambiguous: Option<String>,
    /// Set when the text estimates by a resampling no check models (the bootstrap, medians
    /// over folds): a caption's protocol then gives no check of its figures either.
    pub resampled: bool,
}

const NUMBER_WORDS: &[(&str, u64)] = &[
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("twenty", 20),
];

/// The sentences of a text (split at `.`, `!`, `?` followed by a space, and at line breaks
/// between paragraphs), each at most 400 characters.
pub(crate) fn sentences(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split("\n\n").flat_map(|paragraph| {
        let mut out = Vec::new();
        let mut current = String::new();
        let chars: Vec<char> = paragraph.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            current.push(if c == '\n' { ' ' } else { c });
            let ends = matches!(c, '.' | '!' | '?')
                && chars.get(i + 1).is_none_or(|n| n.is_whitespace())
                // "e.g.", "i.e.", "vs." and decimals do not end a sentence.
                && ![" e.g.", " i.e.", "et al.", " vs.", " cf.", "(e.g.", "(i.e.", "(cf."]
                    .iter()
                    .any(|a| current.ends_with(a) || current == a.trim_start());
            if ends {
                out.push(std::mem::take(&mut current));
            }
        }
        out.push(current);
        out.into_iter()
            .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|s| !s.is_empty())
            .map(|s| s.chars().take(400).collect())
    })
}

/// A count written as digits or as a word (`10`, `ten`).
fn count_of(word: &str) -> Option<u64> {
    word.parse::<u64>().ok().or_else(|| {
        NUMBER_WORDS
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, n)| *n)
    })
}

/// Whether a sentence says its cross-validation was repeated, and how often when it says:
/// `None` when it does not; `Some(None)` for "repeated" without a count.
fn repetitions(lower: &str, words: &[&str]) -> Option<Option<u64>> {
    // `10x5-fold`, `10×5-fold`, `5x2 cv`: repetitions times folds.
    for word in words {
        if let Some((r, _)) = word.split_once(['x', '×']) {
            let (r_ok, rest) = (count_of(r), &word[r.len()..]);
            let rest = rest.trim_start_matches(['x', '×']);
            let folds = rest.split('-').next().unwrap_or("");
            if r_ok.is_some()
                && count_of(folds).is_some()
                && (rest.contains("fold")
                    || rest.ends_with("cv")
                    || words.contains(&"cv")
                    || lower.contains("cross"))
            {
                return Some(r_ok);
            }
        }
    }
    // `3 × 10-fold`, `5 x 2-fold`: the sign as a word of its own; `10-fold CV (×3)`.
    for (i, word) in words.iter().enumerate() {
        if matches!(*word, "x" | "×" | "*") {
            let before = i.checked_sub(1).and_then(|k| count_of(words[k]));
            let after = words.get(i + 1).is_some_and(|next| {
                next.split('-').next().and_then(count_of).is_some()
                    && (next.contains("fold") || next.ends_with("cv"))
            });
            if let (Some(r), true) = (before, after) {
                return Some(Some(r));
            }
        }
        if let Some(r) = word
            .trim_end_matches(['.', ':'])
            .strip_prefix(['×', 'x'])
            .and_then(count_of)
        {
            if r >= 2 && (lower.contains("fold") || lower.contains("cross")) {
                return Some(Some(r));
            }
        }
    }
    // `for each of the 10 random seeds`, `with 5 different seeds`: one run per seed.
    if lower.contains("seed") || lower.contains("random_state") || lower.contains("random state") {
        let seeds = words.iter().enumerate().find_map(|(i, w)| {
            let w = w.trim_end_matches(['.', ':', ',']);
            (w.starts_with("seed")
                || w.starts_with("random_state")
                || (w.starts_with("state") && i > 0 && words[i - 1] == "random"))
                .then(|| {
                    (1..=3)
                        .filter_map(|back| i.checked_sub(back))
                        .find_map(|k| count_of(words[k]))
                })?
        });
        // `random_state=42`, `with seed 42`, `seed=0` fix one run; `10 different
        // random_state values` are ten.
        let one_seed = words.iter().enumerate().any(|(i, w)| {
            let w = w.trim_end_matches(['.', ':', ',', ')']);
            let value = match w.split_once(['=', ':']) {
                Some(("seed" | "random_seed", value)) => Some(value),
                None if w == "seed" => words.get(i + 1).copied(),
                _ => None,
            };
            value.is_some_and(|v| {
                let v = v
                    .trim_start_matches(['=', ':'])
                    .trim_end_matches(['.', ':', ',', ')']);
                !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit())
            })
        }) && !words.iter().any(|w| w.starts_with("seeds"));
        if seeds.is_some() || (lower.contains("seed") && !one_seed) {
            return Some(seeds);
        }
    }
    // `not repeated`, `without repetition`: one run, said so.
    if [
        "not repeated",
        "no repeated",
        "without repeat",
        "without repetition",
        "no repetition",
        "never repeated",
    ]
    .iter()
    .any(|w| lower.contains(w))
    {
        return None;
    }
    // `was run 5 times`, `performed 10 times`: the whole cross-validation again.
    let repeated = lower.contains("repeat")
        || lower.contains("repetition")
        || ([
            " run ",
            " ran ",
            "performed",
            "executed",
            "conducted",
            "carried out",
            "tested",
            "evaluated",
            "trained",
        ]
        .iter()
        .any(|w| lower.contains(w))
            && words
                .iter()
                .any(|w| w.trim_end_matches(['.', ':']) == "times"));
    // `10 iterations of stratified 10-fold`, `over 5 shuffles of the data`, `with 5
    // different random partitions`: the cross-validation done again on other folds.
    let runs_of = lower.contains(" runs of ")
        || lower.contains(" rounds of ")
        || lower.contains(" trials of ")
        || lower.contains("independent runs")
        || lower.contains("independent trials")
        || lower.contains("independent experiments")
        || lower.contains("iteration")
        || lower.contains("shuffles")
        || lower.contains("random partitions")
        || lower.contains("different partitions")
        || words.iter().enumerate().any(|(i, w)| {
            // `five replications of`, `5 different shufflings`: counted, not `multiple`.
            AGAIN.contains(&w.trim_end_matches(['.', ':']))
                && (1..=3)
                    .filter_map(|back| i.checked_sub(back))
                    .any(|k| count_of(words[k]).is_some())
        });
    // `in triplicate`: three runs.
    if lower.contains("in triplicate") {
        return Some(Some(3));
    }
    if lower.contains("in duplicate") {
        return Some(Some(2));
    }
    // `5-fold cross-validation 5 times`, `done five times`: a count before `times`.
    let counted_times = words.iter().enumerate().any(|(i, w)| {
        w.trim_end_matches(['.', ':']) == "times"
            && i.checked_sub(1).and_then(|k| count_of(words[k])).is_some()
    });
    let repeated = repeated || counted_times;
    // `the mean of 5 runs`: runs summarised.
    let summarised = lower.contains("mean") || lower.contains("average");
    if !repeated && !runs_of && !summarised {
        return None;
    }
    // `repeats = 10`, `n_repeats=10`, `--repeats 10` (mlr3's `rsmp("repeated_cv", folds =
    // 5, repeats = 10)`): the count after the name, not a number before it.
    for (i, word) in words.iter().enumerate() {
        let (name, value) = match word.split_once(['=', ':']) {
            Some((name, value)) if !value.is_empty() => (name, Some(value)),
            Some((name, _)) => (name, words.get(i + 1).copied()),
            None => (
                *word,
                match words.get(i + 1) {
                    Some(&"=" | &":") => words.get(i + 2).copied(),
                    _ if word.starts_with("--") => words.get(i + 1).copied(),
                    _ => None,
                },
            ),
        };
        let name = name
            .trim_start_matches("--")
            .trim_start_matches("n_")
            .trim_start_matches("num_")
            .trim_start_matches("n-");
        if matches!(name, "repeats" | "repetitions") {
            let value = value.map(|v| v.trim_matches(|c: char| !c.is_ascii_alphanumeric()));
            if let Some(r) = value.and_then(count_of) {
                return Some(Some(r));
            }
        }
    }
    for (i, word) in words.iter().enumerate() {
        let w = word.trim_end_matches(['.', ':']);
        let counted = match w {
            "repeats" | "repetitions" | "repetition" => true,
            "times" => repeated,
            "runs" | "rounds" | "trials" | "experiments" => {
                words.get(i + 1) == Some(&"of")
                    || i.checked_sub(1).is_some_and(|k| words[k] == "independent")
                    || summarised
            }
            "iterations" | "shuffles" | "partitions" => true,
            _ if AGAIN.contains(&w) => true,
            _ => false,
        };
        if counted {
            // `5 runs of`, `5 independent trials`, `5 different random partitions`.
            let before = |back: usize| i.checked_sub(back).and_then(|k| count_of(words[k]));
            if let Some(r) = before(1).or_else(|| {
                (i >= 2 && words[i - 1] == "independent")
                    .then(|| before(2))
                    .flatten()
            }) {
                return Some(Some(r));
            }
            if matches!(
                w,
                "partitions" | "shuffles" | "iterations" | "runs" | "experiments"
            ) || AGAIN.contains(&w)
            {
                // `10 complete 5-fold cross-validation runs`: a few words between.
                if let Some(r) = before(2)
                    .or_else(|| before(3))
                    .or_else(|| before(4))
                    .filter(|&r| r >= 2)
                {
                    return Some(Some(r));
                }
            }
        }
    }
    // "10-times repeated", "repeated 10-times"
    for word in words {
        if let Some((r, rest)) = word.split_once('-') {
            if rest.starts_with("time") && repeated {
                if let Some(r) = count_of(r) {
                    return Some(Some(r));
                }
            }
        }
    }
    // A mean or average alone (`the mean accuracy of 10-fold cross-validation`) repeats
    // nothing.
    (repeated || runs_of).then_some(None)
}

/// Groups of the evaluated data whose figures a text may average (`averaged over the four
/// patients`, `per hospital`).
const GROUPS: &[&str] = &[
    "patient",
    "patients",
    "subject",
    "subjects",
    "participant",
    "participants",
    "hospital",
    "hospitals",
    "site",
    "sites",
    "centre",
    "centres",
    "center",
    "centers",
    "recording",
    "recordings",
    "reader",
    "readers",
];

/// Nouns for doing a whole cross-validation again (`five replications of`, `over 5 random
/// restarts`, `5 different shufflings`, `five stratified 5-fold cross-validations`).
const AGAIN: &[&str] = &[
    "draws",
    "cycles",
    "passes",
    "executions",
    "assignments",
    "replications",
    "replicates",
    "restarts",
    "reshuffles",
    "reshufflings",
    "re-partitionings",
    "repartitionings",
    "re-splits",
    "resplits",
    "shufflings",
    "initialisations",
    "initializations",
    "cross-validations",
    "crossvalidations",
];

/// How many runs a sentence without a protocol says the figures average (`run with three
/// different random seeds`, `the average of 5 independent runs`): at least two.
fn averaged_runs(sentence: &str) -> Option<u64> {
    let lower = sentence.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';'))
        .map(|w| w.trim_end_matches(['.', ':']))
        .filter(|w| !w.is_empty())
        .collect();
    let averaged = lower.contains("average") || lower.contains("mean");
    // `Each experiment was run 10 times`: the whole evaluation again.
    let run_again = [
        " run ",
        " ran ",
        "trained",
        "repeated",
        "performed",
        "executed",
        "conducted",
    ]
    .iter()
    .any(|w| lower.contains(w));
    words.iter().enumerate().find_map(|(i, w)| {
        let counted = matches!(*w, "seeds" | "random_state" | "random_states")
            || (*w == "times" && run_again)
            || (averaged
                && (matches!(*w, "runs" | "trials" | "repetitions" | "executions")
                    || AGAIN.contains(w)));
        if !counted {
            return None;
        }
        (1..=3)
            .filter_map(|back| i.checked_sub(back))
            .find_map(|k| count_of(words[k]))
            .filter(|&r| r >= 2)
    })
}

/// A program's loop or list over seeds or runs in a code block (`for s in $(seq 0 9)`,
/// `seed=0,1,...,9`, `[... random_state=s) for s in range(10)]`, `matrix: seed: [0, 1, 2]`,
/// `for r = 1:10`): the line, else [`runs_said_anywhere`] of the code.
pub(crate) fn runs_in_code(code: &str) -> Option<String> {
    let lower = code.to_lowercase();
    // A loop over numbers in a program that seeds (`for s in $(seq 0 9)` ... `--seed "$s"`).
    let seeds = ["seed", "random_state", "rng(", "set.seed"]
        .iter()
        .any(|w| lower.contains(w));
    // Two loops over ranges in a program that cross-validates: repetitions around the folds
    // (`for r = 1:10` ... `for k = 1:5`).
    let ranged = |line: &str| {
        line.trim_start().starts_with("for ")
            && [" 1:", "=1:", "range(", "$(seq", "seq("]
                .iter()
                .any(|w| line.contains(w))
    };
    if lower.lines().take(200_000).filter(|l| ranged(l)).count() >= 2
        && ["fold", "cvpartition", "cross"]
            .iter()
            .any(|w| lower.contains(w))
    {
        return Some("nested loops around the cross-validation".to_string());
    }
    for line in lower.lines().take(200_000) {
        let looping = line.trim_start().starts_with("for ") && seeds;
        let seeded = looping
            || ["seed", "random_state", "rep", "run", "iter"]
                .iter()
                .any(|w| line.contains(w));
        let many = [
            "range(", "$(seq", "seq(", " 1:", "=1:", "= 1:", ",...,", ", ...,", "0,1,", "0, 1,",
            "[0,", "[1,", "{0,", "{1,",
        ]
        .iter()
        .any(|w| line.contains(w));
        if seeded && many && !line.contains("range(len(") {
            return Some(line.trim().chars().take(160).collect());
        }
    }
    runs_said_anywhere(code)
}

/// Where a text (its prose or its code) says, however it says it, that an experiment ran more
/// than once: a program's flag or setting (`--repeats 10`, `n_repeats: 10`,
/// `RepeatedStratifiedKFold`, `for seed in range(10)`), a set of seeds (`seeds 0–9`,
/// `random_state ∈ {0, …, 9}`), a count of runs under another name (`ten realisations of the
/// fold partition`, `10 independent batches`, `ran it 10×`). Figures may then be means over
/// the runs, whatever the protocol's own sentence says: the phrase, else `None`.
///
/// Wider than [`averaged_over_runs`] on purpose: it only withholds findings.
pub(crate) fn runs_said_anywhere(text: &str) -> Option<String> {
    const SETTINGS: &[&str] = &[
        // What the Markdown reader writes for a code block that runs more than once.
        "the code may run the experiment more than once",
        "--repeats",
        "--n-repeats",
        "n_repeats",
        "num_repeats",
        "nrepeats",
        "repeats:",
        "repeats =",
        "repeats=",
        "--runs",
        "--n-runs",
        "n_runs",
        "num_runs",
        "runs:",
        "runs =",
        "runs=",
        "--seeds",
        "n_seeds",
        "num_seeds",
        "seeds:",
        "seeds :=",
        "seeds ?=",
        "seeds =",
        "seeds=",
        "repetitions:",
        "repeatedstratifiedkfold",
        "repeatedkfold",
        "for seed in",
        "for run in",
        "for rep in",
        "for repeat in",
        "for repetition in",
        "for trial in",
        "random_state in",
        "random_state ∈",
        "seed ∈",
        "seeds ∈",
        "seeds 0",
        "seeds 1 ",
        "seeds {",
        "seeds [",
        "seeds (",
        "iterated",
        "rerandomi",
        "re-randomi",
        "reshuffl",
        "re-shuffl",
    ];
    const RUNS: &[&str] = &[
        "partitionings",
        "re-partitionings",
        "repartitionings",
        "re-partitions",
        "repartitions",
        "re-splits",
        "resplits",
        "re-splittings",
        "realisations",
        "realizations",
        "replicates",
        "replications",
        "replicas",
        "rounds",
        "draws",
        "batches",
        "shuffles",
        "shufflings",
        "permutations",
        "procedures",
        "reruns",
        "re-runs",
        "restarts",
        "initialisations",
        "initializations",
        "runs",
        "seeds",
        "repeats",
        "repetitions",
        "trials",
        "times",
        "x",
        "×",
        "reps",
        "iter",
        "iters",
        "instantiations",
    ];
    let lower = text.to_lowercase();
    let line_at = |at: usize| {
        let start = lower[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = lower[at..].find('\n').map_or(lower.len(), |i| at + i);
        &lower[start..end]
    };
    for setting in SETTINGS {
        for (at, _) in lower.match_indices(setting) {
            // `--repeats 1`, `n_repeats: 1`: one run, said so.
            let value = lower[at + setting.len()..]
                .trim_start_matches([' ', '=', ':', '\t'])
                .split(|c: char| !c.is_ascii_alphanumeric())
                .next()
                .unwrap_or_default();
            if matches!(value, "1" | "one" | "none" | "false") {
                continue;
            }
            return Some(line_at(at).trim().chars().take(160).collect());
        }
    }
    sentences(text).take(20_000).find(|sentence| {
        let lower = sentence.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '(' | ')'))
            .map(|w| w.trim_matches(|c: char| matches!(c, '.' | '"' | '\'' | '`')))
            .filter(|w| !w.is_empty())
            .collect();
        // `10× faster`, a `runs test`: no runs of the experiment.
        if [
            "faster",
            "slower",
            "speed",
            "fewer",
            "smaller",
            "larger",
            "less",
            "cheaper",
            "runs test",
            "run test",
        ]
        .iter()
        .any(|w| lower.contains(w))
        {
            return false;
        }
        // `a 10-run protocol`, `ten-seed average`: a count joined to its runs.
        let joined = words.iter().any(|w| {
            w.split_once('-').is_some_and(|(count, what)| {
                count_of(count).is_some_and(|n| n >= 2)
                    && matches!(
                        what,
                        "run"
                            | "runs"
                            | "seed"
                            | "seeds"
                            | "repeat"
                            | "repetition"
                            | "trial"
                            | "rep"
                    )
            })
        });
        // `10×`, `×10`, `x10`, `10x` as a word of their own: a count of runs.
        let times = joined
            || words.iter().any(|w| {
                let bare = w
                    .trim_start_matches(['x', '×'])
                    .trim_end_matches(['x', '×']);
                bare != *w
                    && w.chars().filter(|c| matches!(c, 'x' | '×')).count() == 1
                    && count_of(bare).is_some_and(|n| n >= 2)
            });
        // `a ten-times-repeated procedure`: repeated, unless said not to be.
        let repeated = (lower.contains("repeated") || lower.contains("repetition"))
            && ![
                "not repeated",
                "no repeated",
                "without repeat",
                "never repeated",
                "no repetition",
                "without repetition",
            ]
            .iter()
            .any(|n| lower.contains(n));
        // `ten different random splits into five folds`: splits of the whole data, counted.
        let splits_into = words.windows(2).enumerate().any(|(i, pair)| {
            matches!(
                pair[0],
                "splits" | "partitions" | "divisions" | "splittings"
            ) && pair[1] == "into"
                && (1..=3)
                    .filter_map(|back| i.checked_sub(back))
                    .any(|k| count_of(words[k]).is_some_and(|n| n >= 2))
        });
        times
            || repeated
            || splits_into
            || words.iter().enumerate().any(|(i, w)| {
                // Boosting rounds, training batches, permutation importances: no runs.
                let other = match *w {
                    "rounds" => lower.contains("boost"),
                    "batches" => lower.contains("epoch") || lower.contains("batch size"),
                    "permutations" => lower.contains("importance"),
                    _ => false,
                };
                RUNS.contains(w)
                    && !other
                    && (1..=3)
                        .filter_map(|back| i.checked_sub(back))
                        .any(|k| count_of(words[k]).is_some_and(|n| n >= 2))
            })
    })
}

/// The first sentence of `text` saying figures are summarised over runs, seeds, trials,
/// repetitions, folds or splits (`the mean over ten runs`, `averaged over five seeds`,
/// `Across 10 runs:`, `Aggregated over the 5 cross-validation splits`): a table's own
/// counts (a confusion matrix, a report's supports) may then be means, not one test set's.
pub(crate) fn averaged_over_runs(text: &str) -> Option<String> {
    const RUNS: &[&str] = &[
        "run",
        "runs",
        "seed",
        "seeds",
        "trial",
        "trials",
        "repetition",
        "repetitions",
        "repeat",
        "repeats",
        "iteration",
        "iterations",
        "execution",
        "executions",
        "experiment",
        "experiments",
    ];
    const SPLITS: &[&str] = &[
        "fold",
        "folds",
        "per-fold",
        "split",
        "splits",
        "partition",
        "partitions",
        // Spanish, Portuguese, French: `pliegues`, `partições`, `plis`.
        "pliegues",
        "particiones",
        "partições",
        "plis",
    ];
    sentences(text).take(20_000).find(|sentence| {
        let lower = sentence.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_alphanumeric() && c != '-')
            .filter(|w| !w.is_empty())
            .collect();
        let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
        let summarised = has(&[
            "mean",
            "means",
            "average",
            "averages",
            "averaged",
            "averaging",
            "aggregated",
            "aggregates",
            "across",
            "median",
            // German, Spanish, Portuguese, Italian, French.
            "gemittelt",
            "mittelwert",
            "durchschnitt",
            "promedio",
            "promediado",
            "promediados",
            "média",
            "media",
            "moyenne",
            "moyennés",
            "moyennées",
        ]);
        // Chinese: `五折的平均值` (the mean of five folds).
        let chinese = lower.contains('平') && lower.contains('均') && lower.contains('折');
        // `over five seeds`, `5 runs`: runs alone say little; a count or a summary word more.
        let counted = words.iter().enumerate().any(|(i, w)| {
            // `trained five times`: counted runs too.
            (RUNS.contains(w) || *w == "times")
                && (1..=3)
                    .filter_map(|back| i.checked_sub(back))
                    .any(|k| count_of(words[k]).is_some_and(|n| n >= 2))
        });
        // `averaged over the four patients`, `per hospital and then averaged`: figures of
        // groups averaged, beside counts summed over them.
        let over_groups = words.iter().enumerate().any(|(i, w)| {
            GROUPS.contains(w)
                && (1..=3)
                    .filter_map(|back| i.checked_sub(back))
                    .any(|k| matches!(words[k], "over" | "across" | "per" | "each" | "every"))
        });
        (summarised && (has(RUNS) || has(SPLITS) || has(AGAIN) || over_groups))
            || (counted && (summarised || words.contains(&"over")))
            || chinese
    })
}

/// The first sentence saying a table's counts are of another split than its test set
/// (`The confusion-matrix columns are counted on the validation set`, `TP and FP on the
/// training data`): a row's own counts may then not be its figures' matrix. Read clause by
/// clause, so that `the matrices are the test set's; we tuned on the validation set` is not.
pub(crate) fn counts_of_another_split(text: &str) -> Option<String> {
    const COUNTS: &[&str] = &[
        "confusion",
        "tp",
        "fp",
        "fn",
        "tn",
        "count",
        "counts",
        "counted",
        "positives",
        "negatives",
    ];
    const SPLITS: &[&str] = &[
        "validation",
        "training",
        "train",
        "development",
        "dev",
        "tuning",
        "in-sample",
        "resubstitution",
        "apparent",
        "derivation",
    ];
    // Figures a competition scored on its hidden test data (`the Kaggle leaderboard gave our
    // submission`) beside counts of one's own split; counts of one unit beside figures of
    // another (`counts are per lesion, sensitivity per patient`).
    let scored_elsewhere = sentences(text).take(20_000).find(|sentence| {
        let lower = sentence.to_lowercase();
        let unit = |words: &[&str]| words.iter().any(|w| lower.contains(w));
        ["leaderboard", "public score", "private score"]
            .iter()
            .any(|w| lower.contains(w))
            || [
                &["lesion"][..],
                &[
                    "per patient",
                    "patient level",
                    "patient-level",
                    "per-patient",
                ][..],
                &["per image", "image level", "image-level", "per-image"][..],
                &["per reader", "per read", "reads", "per-reader"][..],
            ]
            .iter()
            .filter(|words| unit(words))
            .count()
                >= 2
    });
    if scored_elsewhere.is_some() {
        return scored_elsewhere;
    }
    if let Some(sentence) = sentences(text).take(20_000).find(|s| {
        imagined_population(s)
            || weighted_figures(s)
            || counts_on_another_basis(s)
            || scores_of_another_unit(s)
    }) {
        return Some(sentence);
    }
    sentences(text).take(20_000).find(|sentence| {
        let lower = sentence.to_lowercase();
        lower
            .split([';', ',', ':'])
            .flat_map(|clause| clause.split(" while "))
            .flat_map(|clause| clause.split(" whereas "))
            .flat_map(|clause| clause.split(" but "))
            .any(|clause| {
                // `cross-validation` is no validation split.
                let words: Vec<&str> = clause
                    .split(|c: char| !c.is_alphanumeric() && c != '-')
                    .filter(|w| !w.is_empty())
                    .collect();
                let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
                let split = words
                    .iter()
                    .enumerate()
                    .any(|(i, w)| SPLITS.contains(w) && (i == 0 || words[i - 1] != "cross"));
                has(COUNTS) && split && !words.iter().any(|w| w.starts_with("test"))
            })
    })
}

/// Whether a sentence says counts are of a population imagined to show what the measured
/// rates mean (`Expected outcomes per 1,000 screened patients (prevalence 10%)`, `natural
/// frequencies`, `1,000 hypothetical patients`): such counts are the rates applied to a
/// round number, rounded to whole people, and no matrix the figures were measured on.
/// A round number alone (`a test set of 1,000 images`) is no such population: it must be a
/// thousand or more and come with `per`, `for every`, an expectation or a prevalence.
/// (`per 100` is as often a percentage.)
fn imagined_population(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    let any = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    // `Outcomes per 100 patients of each class`, `rates per 100 patients of the respective
    // class`: each class scaled to 100.
    if lower.contains("per 100 ")
        && [
            "each class",
            "respective class",
            "of each group",
            "each group",
        ]
        .iter()
        .any(|w| lower.contains(w))
    {
        return true;
    }
    if any(&[
        "hypothetical",
        "natural frequenc",
        "imaginary",
        "notional",
        "simulated population",
        "simulated cohort",
        "standardised population",
        "standardized population",
    ]) {
        return true;
    }
    // A power of ten from 100 on, written with or without thousands separators.
    let digits: String = lower
        .chars()
        .map(|c| {
            if c == ',' || c == '\u{202f}' || c == '\u{a0}' {
                ' '
            } else {
                c
            }
        })
        .collect();
    let round = digits
        .split(|c: char| !c.is_ascii_digit() && c != ' ')
        .map(|run| run.split_whitespace().collect::<Vec<_>>())
        .any(|groups| {
            let joined: String = match groups.as_slice() {
                // `1 000` and `1,000`: groups of three after the first.
                [first, rest @ ..] if rest.iter().all(|g| g.len() == 3) => std::iter::once(*first)
                    .chain(rest.iter().copied())
                    .collect(),
                _ => return false,
            };
            joined.len() >= 4
                && joined.len() <= 7
                && joined.starts_with('1')
                && joined[1..].bytes().all(|b| b == b'0')
        });
    round
        && any(&[
            "per 1",
            "for every",
            "expected",
            "would be",
            "would have",
            "prevalence",
            "consequences",
        ])
}

/// Words of a sentence naming a confusion matrix's counts, and words naming scores.
const COUNT_WORDS: &[&str] = &[
    "tp",
    "fp",
    "fn",
    "tn",
    "count",
    "counts",
    "confusion",
    "cells",
    "matrix",
    "matrices",
];
const SCORE_WORDS: &[&str] = &[
    "sensitivity",
    "specificity",
    "accuracy",
    "ppv",
    "npv",
    "precision",
    "recall",
    "f1",
    "auc",
    "scores",
    "figures",
    "rates",
];

/// Whether a sentence says the counts are of another basis than the scores beside them, in
/// two clauses, one on the scores, one on the counts saying what they are of or at
/// (`sensitivity and specificity were read at the cut-off that maximised their sum; the
/// confusion counts refer to the default cut-off`, `the counts are those of the 5-model
/// ensemble; sensitivity and specificity are the averages of the five single models`, `...;
/// TP, FP, FN and TN are per scan`): the row's counts are then not its scores' matrix.
fn counts_on_another_basis(sentence: &str) -> bool {
    const BASIS: &[&str] = &[
        "refer to",
        "refers to",
        "are those of",
        "is that of",
        "are at",
        "is at",
        " at ",
        "are per",
        "is per",
        " count ",
        " use ",
        " uses ",
        " include ",
        " includes ",
        " exclude ",
        "default",
        " mode",
        "are for",
        "correspond to",
        "are from",
        "computed at",
        "computed on",
        "computed over",
        "of reader",
        "ensemble",
    ];
    let lower = sentence.to_lowercase();
    let clauses: Vec<&str> = lower
        .split([';', ':'])
        .flat_map(|c| c.split(" while "))
        .flat_map(|c| c.split(" whereas "))
        .flat_map(|c| c.split(" but "))
        .collect();
    if clauses.len() < 2 {
        return false;
    }
    let words = |clause: &str| -> Vec<String> {
        clause
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let has =
        |clause: &str, list: &[&str]| words(clause).iter().any(|w| list.contains(&w.as_str()));
    let counts_clause = clauses.iter().any(|c| {
        let padded = format!(" {c} ");
        has(c, COUNT_WORDS) && !has(c, SCORE_WORDS) && BASIS.iter().any(|b| padded.contains(b))
    });
    let scores_clause = clauses
        .iter()
        .any(|c| has(c, SCORE_WORDS) && !has(c, COUNT_WORDS));
    counts_clause && scores_clause
}

/// Units a diagnostic study may count in, by family (singular forms).
const UNITS: &[&[&str]] = &[
    &[
        "patient",
        "case",
        "subject",
        "participant",
        "person",
        "individual",
        "woman",
        "man",
        "child",
    ],
    &[
        "image",
        "slide",
        "tile",
        "patch",
        "frame",
        "photo",
        "photograph",
    ],
    &[
        "lesion", "nodule", "polyp", "fracture", "tumour", "tumor", "finding",
    ],
    &[
        "scan",
        "study",
        "exam",
        "examination",
        "colonoscopy",
        "video",
    ],
    &["record", "recording"],
    &["window", "segment", "epoch", "beat"],
    &["eye"],
    &["visit", "encounter", "admission"],
    &["reader", "read"],
];

/// Whether a sentence on scores or counts names scores per one unit and another unit
/// (`Sensitivity is lesion-based (131 lesions in the 103 positive patients)`, `*Per lesion
/// (131 lesions in the 103 positive patients)`, `specificity per eye, counts per
/// participant`): the row's counts may be of the other unit.
fn scores_of_another_unit(sentence: &str) -> bool {
    let lower = sentence.to_lowercase().replace(['-', '_'], " ");
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let family = |word: &str| {
        let singular = word
            .strip_suffix("es")
            .filter(|s| s.ends_with('x') || s.ends_with("ch") || s.ends_with("ss"))
            .or_else(|| word.strip_suffix('s'))
            .unwrap_or(word);
        let singular = if word == "children" {
            "child"
        } else if word == "women" {
            "woman"
        } else {
            singular
        };
        UNITS
            .iter()
            .position(|f| f.contains(&word) || f.contains(&singular))
    };
    // Units a figure is taken per (`per lesion`, `lesion level`, `lesion based`, `over images`).
    let per: Vec<usize> = words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| {
            let f = family(w)?;
            let before = i.checked_sub(1).map(|k| words[k]);
            let after = words.get(i + 1).copied();
            (matches!(before, Some("per" | "over" | "each"))
                || matches!(after, Some("level" | "based" | "wise")))
            .then_some(f)
        })
        .collect();
    if per.is_empty() {
        return false;
    }
    let named: Vec<usize> = words.iter().filter_map(|w| family(w)).collect();
    let about_figures = words
        .iter()
        .any(|w| SCORE_WORDS.contains(w) || COUNT_WORDS.contains(w))
        || sentence.trim_start().starts_with(['*', '†', '‡', 'ᵃ']);
    about_figures
        && named
            .iter()
            .any(|f| !per.contains(f) || per.iter().any(|p| p != f))
}

/// Whether a sentence says the figures are weighted per sample (`survey-weighted estimates`,
/// `inverse-probability-weighted to correct for verification bias`, `sample_weight`): they
/// are then no function of a table's unweighted counts. A weighted average over classes
/// (`weighted F1`) or a weighted kappa is not such a weighting.
fn weighted_figures(sentence: &str) -> bool {
    let lower = sentence.to_lowercase().replace('-', " ");
    [
        "survey weight",
        "sampling weight",
        "design weight",
        "examination weight",
        "population weight",
        "inverse probability",
        "inverse propensity",
        "propensity weight",
        "ipw",
        "ipcw",
        "reweight",
        "re weight",
        "sample weight",
        "sample_weight",
        "weighted estimate",
        "weighted to the population",
        "weighted to correct",
        "weighted to reflect",
        // Estimates that are no ratio of the printed counts either.
        "continuity correction",
        "continuity corrected",
        "0.5 was added",
        "added 0.5",
        "adding 0.5",
        "haldane",
        "posterior mean",
        "posterior median",
        "begg and greenes",
        "begg greenes",
        "partial verification",
        "verification bias",
        "latent class",
        "generalized estimating",
        "generalised estimating",
        "gee",
        "mixed effects",
        "mixed effect model",
        "random effects",
        "bivariate model",
        "agresti",
        "age standardi",
        "age adjusted",
        "standardised to",
        "standardized to",
        "midpoint",
        "wilson centre",
        "wilson center",
    ]
    .iter()
    .any(|w| {
        lower.match_indices(w).any(|(at, _)| {
            // A whole word at its start (`ipw`, not `slipway`).
            at == 0 || !lower.as_bytes()[at - 1].is_ascii_alphanumeric()
        })
    })
}

/// Whether a sentence speaks of other papers' work (`et al.`, a numbered citation `[7]`,
/// `previous studies`, `reported by`): a protocol it states is theirs.
fn cites_others(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    let numbered = lower.match_indices('[').any(|(at, _)| {
        lower[at + 1..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    });
    numbered
        || lower.contains(crate::model::CITED)
        || [
            "et al",
            "previous stud",
            "earlier stud",
            "prior stud",
            "previous work",
            "prior work",
            "earlier work",
            "related work",
            "reported by",
            "in the literature",
        ]
        .iter()
        .any(|phrase| lower.contains(phrase))
}

/// The first sentence saying a confusion matrix is given in percent (`the cells are
/// percentages of the 230 test patients`, `confusion matrix (%)`).
pub(crate) fn matrix_in_percent(text: &str) -> Option<String> {
    sentences(text).take(20_000).find(|sentence| {
        let lower = sentence.to_lowercase();
        (lower.contains("percent") || lower.contains('%'))
            && [
                "confusion",
                "matrix",
                "matrices",
                "cells",
                "tp",
                "true positives",
            ]
            .iter()
            .any(|w| {
                lower
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|part| part == *w)
                    || (w.len() > 3 && lower.contains(w))
            })
    })
}

/// The tool a text names for making its folds whose folds no mean-of-scores check here forms:
/// R's caret (`caret`, `createFolds`, `trainControl`) stratifies each class on its own, its
/// spare items falling in random folds, so fold sizes may differ by more than one.
pub(crate) fn folds_made_by(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    let words = lower.split(|c: char| !c.is_alphanumeric());
    (lower.contains("createfolds")
        || lower.contains("traincontrol")
        || words.clone().any(|w| w == "caret"))
    .then_some("caret")
}

/// The first sentence giving a confusion matrix per 1,000 (`natural frequencies`, `true
/// and false positives per 1,000 women screened`): cells adding up to 1,000 are then no
/// counts.
pub(crate) fn matrix_per_thousand(text: &str) -> Option<String> {
    sentences(text).take(20_000).find(|sentence| {
        let lower = sentence
            .to_lowercase()
            .replace([',', '\u{202f}', '\u{a0}'], "");
        (lower.contains("per 1000") || lower.contains("natural frequenc"))
            && [
                "positives",
                "negatives",
                "confusion",
                "matrix",
                "cells",
                "natural frequenc",
            ]
            .iter()
            .any(|w| lower.contains(w))
    })
}

/// The first sentence saying that some printed figures are of another kind than their
/// column's name says, in words that do not say which columns (a footnote under marked
/// headers, `*At the optimal threshold determined by Youden's index`, `*Balanced accuracy.`,
/// `*For the benign class.`): figures at another operating point than the rest of the row
/// (a fixed sensitivity or specificity, or an optimal threshold beside a default one), a
/// sentence that is only a score's name, or one class named alone. Scan makes no finding
/// of such a document's rows, whose figures may mix operating points, scores or classes.
pub(crate) fn qualifying_footnote(text: &str) -> Option<String> {
    let lower_text = text.to_lowercase();
    let default_threshold = [
        "default threshold",
        "default cut",
        "threshold of 0.5",
        "threshold 0.5",
        "0.5 threshold",
        "cut-off of 0.5",
        "cutoff of 0.5",
        "threshold = 0.5",
        "threshold=0.5",
    ]
    .iter()
    .any(|w| lower_text.contains(w));
    sentences(text).take(20_000).find(|sentence| {
        let lower = sentence
            .to_lowercase()
            .replace(['\u{2010}', '\u{2013}'], "-");
        let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
        let rate = |after: &str| {
            let mut after = after.trim_start();
            while let Some(rest) = ["of ", "the ", "a "]
                .iter()
                .find_map(|w| after.strip_prefix(w))
            {
                after = rest.trim_start();
            }
            [
                "specificity",
                "sensitivity",
                "recall",
                "precision",
                "false positive",
                "fpr",
                "tpr",
            ]
            .iter()
            .any(|w| after.starts_with(w))
        };
        // `at 95% specificity`, `at the operating point with 95 % specificity`, `at a
        // fixed specificity`.
        let fixed_rate = lower.match_indices('%').any(|(at, _)| {
            let before: String = lower[..at]
                .chars()
                .rev()
                .take(30)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let said_at = before.starts_with("at ")
                || before.contains(" at ")
                || before.contains("operating point");
            said_at && rate(&lower[at + 1..])
        }) || has(&[
            "fixed specificity",
            "fixed sensitivity",
            "fixed recall",
            "fixed false",
            "at a specificity of",
            "at a sensitivity of",
            "at specificity of",
            "at sensitivity of",
        ]);
        let other_point = has(&[
            "youden",
            "optimal threshold",
            "optimal cut",
            "optimised threshold",
            "optimized threshold",
            "operating point",
        ]) && default_threshold;
        // `*Balanced accuracy.`, `*For the benign class.`: a footnote (a mark first, as
        // Markdown keeps it) that is only a score's name or names one class.
        const MARKS: [char; 7] = ['*', '†', '‡', '§', '¶', '#', ' '];
        let marked = sentence.trim_start().starts_with(&MARKS[..6]);
        let bare = sentence
            .trim()
            .trim_start_matches(MARKS)
            .trim_end_matches(['.', ' ']);
        let only_a_score = marked
            && bare.split_whitespace().count() <= 4
            && crate::names::score_of_header(bare).is_some();
        let bare_lower = bare.to_lowercase();
        let one_class = marked
            && bare.split_whitespace().count() <= 8
            && (bare_lower.starts_with("for the ") || bare_lower.starts_with("of the "))
            && crate::names::one_class(bare, true).is_some();
        fixed_rate || other_point || only_a_score || one_class
    })
}

/// The first sentence naming class `0` the positive one (`Label 0 denotes the disease (the
/// positive class)`): columns labelled by class (`Precision (0)`) are read with 1 as the
/// positive class, so such a document's figures may be the other class's.
pub(crate) fn zero_named_positive(text: &str) -> Option<String> {
    sentences(text).take(20_000).find(|sentence| {
        let lower = sentence.to_lowercase();
        lower.split([';', ',']).any(|clause| {
            let words: Vec<&str> = clause
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            let zero = words.iter().position(|w| *w == "0");
            let positive = words.iter().position(|w| *w == "positive");
            let one = words.contains(&"1");
            matches!((zero, positive), (Some(z), Some(p)) if z < p && p - z <= 8) && !one
        })
    })
}

/// Scores the text defines as other quantities than the ones of a confusion matrix, each
/// with the first sentence that does: `auc` where an AUC is the precision-recall curve's
/// (`AUC denotes the area under the precision-recall curve`, `AUPRC`), `ppv` and `npv`
/// where they are computed for a prevalence rather than from the counts (`PPV ... for the
/// 10% prevalence`, with Bayes' theorem, adjusted or assumed), `gm` where the G-mean is of
/// precision and recall, `f1p` where the F-measure has a β other than 1.
pub(crate) fn redefined_scores(text: &str) -> Vec<(&'static str, String)> {
    let mut found: Vec<(&'static str, String)> = Vec::new();
    for sentence in sentences(text).take(20_000) {
        let lower = sentence
            .to_lowercase()
            .replace(['\u{2010}', '\u{2013}'], "-")
            .replace("--", "-");
        let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
        // A bare AUC (not `PR-AUC`, `ROC-AUC`, `AUPRC`) defined as the precision-recall
        // curve's area.
        let bare = [
            "pr-auc", "pr auc", "auc-pr", "auc pr", "auprc", "aupr", "roc-auc", "roc auc",
            "auc-roc", "auroc",
        ]
        .iter()
        .fold(lower.clone(), |text, compound| text.replace(compound, " "));
        // `AUPRC: Area under the precision-recall curve` defines the compound, not the AUC.
        let compound = bare != lower;
        // (`Average Precision (AP): Area under the precision-recall curve` defines the AP.)
        let defines_ap = has(&["average precision", "(ap)"]) && !bare.contains("auc");
        let pr_auc = (bare.contains("auc")
            || (!compound && !defines_ap && bare.contains("area under")))
            && has(&[
                "precision-recall",
                "precision recall curve",
                "pr curve",
                "pr-curve",
                "average precision",
            ]);
        // `ROC-AUC and PR-AUC`: both named, the bare AUC not defined; `not the ROC curve`.
        let roc = has(&["roc", "receiver operating"])
            && !has(&[
                "not the roc",
                "not roc",
                "not the receiver",
                "rather than the roc",
                "instead of the roc",
            ]);
        if pr_auc && !roc && !found.iter().any(|(s, _)| *s == "auc") {
            found.push(("auc", sentence.clone()));
        }
        // `the G-mean, the geometric mean of precision and recall`: not of the class rates.
        let gm_of_precision = lower.match_indices("geometric mean of").any(|(at, _)| {
            lower[at..]
                .char_indices()
                .nth(60)
                .map_or(&lower[at..], |(end, _)| &lower[at..at + end])
                .contains("precision")
        });
        if gm_of_precision && !found.iter().any(|(s, _)| *s == "gm") {
            found.push(("gm", sentence.clone()));
        }
        // `the F-measure ... (β = 2)`: an F-beta, not F1.
        let squeezed: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
        let f_beta = has(&[
            "f-measure",
            "f measure",
            "f-score",
            "f score",
            "fβ",
            "f-beta",
            "f beta",
        ]) && (squeezed.contains("β=") || squeezed.contains("beta="))
            && !["β=1)", "β=1,", "β=1.", "beta=1)", "beta=1,", "beta=1."]
                .iter()
                .any(|w| squeezed.contains(w) || squeezed.ends_with(&w[..w.len() - 1]));
        if f_beta && !found.iter().any(|(s, _)| *s == "f1p") {
            found.push(("f1p", sentence.clone()));
        }
        // `SE is the standard error`: a column `SE` is a spread, not the sensitivity.
        let words: Vec<&str> = sentence
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        if lower.contains("standard error")
            && words.contains(&"SE")
            && !found.iter().any(|(s, _)| *s == "sens")
        {
            found.push(("sens", sentence.clone()));
        }
        // Dice and IoU said of a segmentation (lesion masks, pixels, overlap): not the
        // classification's F1 and Jaccard index.
        // (`overlap` only beside Dice or IoU: a Jaccard index of feature sets' overlap
        // across folds is no segmentation's.)
        // (Short names as words: `behaviour` holds no IoU.)
        let word = |names: &[&str]| {
            lower
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| names.contains(&w))
        };
        let overlap_named =
            word(&["dice", "iou", "dsc"]) || has(&["intersection over union", "jaccard"]);
        let of_segmentation = has(&["segment", "mask", "pixel", "voxel"])
            || (lower.contains("overlap")
                && (word(&["dice", "iou", "dsc"]) || has(&["intersection over union"])));
        if overlap_named && of_segmentation {
            for score in ["f1p", "ji"] {
                if !found.iter().any(|(s, _)| *s == score) {
                    found.push((score, sentence.clone()));
                }
            }
        }
        // `Specificity = TN/(TN+FN)`: a score the text computes as another rate (or as
        // none of them) is not the score its name says.
        for (named, computed) in crate::names::defined_by_formula(&sentence) {
            if computed != Some(named) && !found.iter().any(|(s, _)| *s == named) {
                found.push((named, sentence.clone()));
            }
        }
        // A kappa the text names as another agreement statistic (Fleiss', Scott's pi, the
        // prevalence- and bias-adjusted PABAK, Krippendorff's alpha, a weighted kappa): not
        // Cohen's, which the score is.
        let other_kappa = has(&["kappa", "κ"])
            && has(&[
                "fleiss",
                "scott",
                "pabak",
                "prevalence-adjusted",
                "prevalence adjusted",
                "bias-adjusted",
                "krippendorff",
                "weighted kappa",
                "quadratic",
                "linear weights",
                "gwet",
                "brennan",
                "randolph",
                "free-marginal",
                "free marginal",
                "byrt",
                "adjusted for prevalence",
                "adjusted for bias",
                "prevalence and bias",
            ]);
        if other_kappa && !found.iter().any(|(s, _)| *s == "kappa") {
            found.push(("kappa", sentence.clone()));
        }
        // (A footnote says it without naming them: `*Adjusted to the population prevalence
        // of 5%.` under `PPV*`; predictive values are what a prevalence is put into.)
        // (Without naming them, only in so many words: `adjusted to`, `estimated for`.)
        let put_for = [
            "bayes",
            "adjusted",
            "computed for",
            "calculated for",
            "estimated for",
            "reported for",
            "at a prevalence",
            "for a prevalence",
            "for the prevalence",
            "population prevalence",
            "disease prevalence of",
        ];
        let named = has(&["ppv", "npv", "predictive value"]);
        let short = sentence.split_whitespace().count() <= 20;
        let for_prevalence = lower.contains("prevalence")
            && ((named
                && (has(&put_for)
                    || has(&["assum", "expected", "given for", "rescal", "scaled to"])))
                || (short && has(&put_for)));
        if for_prevalence && !found.iter().any(|(s, _)| *s == "ppv") {
            found.push(("ppv", sentence.clone()));
            found.push(("npv", sentence.clone()));
        }
        // An accuracy put to a prevalence or a case mix (`Accuracy was adjusted to the
        // population prevalence of 10%`, `prevalence-weighted accuracy`, `the accuracy
        // expected at the 10% prevalence`, `class weights that reflect a 1:9 case mix`):
        // sens and spec weighted by it, not a ratio of the test counts.
        let accuracy_named = lower
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| matches!(w, "accuracy" | "acc"));
        let weighted_to = has(&put_for)
            || has(&[
                "weight",
                "expected",
                "standardi",
                "standardis",
                "assum",
                "rescal",
                "scaled to",
            ]);
        let for_case_mix = has(&["case mix", "case-mix", "class weights"]);
        if accuracy_named
            && ((lower.contains("prevalence") && weighted_to) || for_case_mix)
            && !found.iter().any(|(s, _)| *s == "acc")
        {
            found.push(("acc", sentence));
        }
    }
    found
}

/// The first sentence defining the accuracy as the balanced one (`Acc. denotes balanced
/// accuracy`, `accuracy, i.e. (Sens + Spec)/2`, `average accuracy, the mean of the class
/// accuracies`).
pub(crate) fn accuracy_is_balanced(text: &str) -> Option<String> {
    const FORMULAS: &[&str] = &[
        "(sens+spec)/2",
        "(sensitivity+specificity)/2",
        "(spec+sens)/2",
        "(specificity+sensitivity)/2",
        "(tpr+tnr)/2",
        "(tnr+tpr)/2",
        "meanofsensitivityandspecificity",
        "averageofsensitivityandspecificity",
        "meanofthesensitivityandspecificity",
        "averageofthesensitivityandspecificity",
        "meanoftheclassaccuracies",
        "averageoftheclassaccuracies",
        "meanoftheper-classaccuracies",
        "averageoftheper-classaccuracies",
        "meanofper-classaccuracies",
        "averageofper-classaccuracies",
        "meanofthetwoclassaccuracies",
        "averageofthetwoclassaccuracies",
        "meanofthetwoper-classaccuracies",
        "averageofthetwoper-classaccuracies",
        "meanper-classaccuracy",
        "averageper-classaccuracy",
    ];
    sentences(text).take(20_000).find(|sentence| {
        let lower = sentence.to_lowercase();
        let squeezed: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
        FORMULAS.iter().any(|f| squeezed.contains(f))
            || (lower.contains("balanced accuracy")
                && [
                    "denote",
                    "refers to",
                    "stands for",
                    "i.e.",
                    "means the",
                    "is the balanced",
                ]
                .iter()
                .any(|w| lower.contains(w)))
    })
}

/// The protocol one sentence states, repetitions included.
fn in_sentence(sentence: &str) -> Option<Protocol> {
    let lower = sentence
        .to_lowercase()
        .replace(['\u{2010}', '\u{2013}', '~'], "-")
        .replace("\\%", "%");
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';'))
        .filter(|w| !w.is_empty())
        .collect();
    let base = in_sentence_once(&lower, &words);
    let repeats = match &base {
        Some(Protocol::HoldOut | Protocol::LeaveOneOut) => None,
        _ => repetitions(&lower, &words),
    };
    // `10x5-fold` names its folds after the x.
    let x_folds = || {
        words.iter().find_map(|w| {
            let (r, rest) = w.split_once(['x', '×'])?;
            count_of(r)?;
            count_of(rest.trim_start_matches(['x', '×']).split('-').next()?)
        })
    };
    match (base, repeats) {
        (Some(Protocol::KFold { folds }), Some(repeats)) => Some(Protocol::RepeatedKFold {
            folds: folds.or_else(x_folds),
            repeats,
        }),
        (None, Some(repeats)) => {
            let cv = lower.contains("cross") || lower.contains("fold") || words.contains(&"cv");
            cv.then(|| Protocol::RepeatedKFold {
                folds: x_folds(),
                repeats,
            })
        }
        (base, _) => base,
    }
}

/// The protocol one sentence states (lowercased, dashes made `-`, split into `words`),
/// repetitions aside.
fn in_sentence_once(lower: &str, words: &[&str]) -> Option<Protocol> {
    let k_fold = k_fold_named(words);
    let cv_context = lower.contains("cross") || lower.contains("fold") || lower.contains(" cv");
    if leaves_one_out(lower, words) {
        // `10-fold and leave-one-out cross-validation`, `a 20% hold-out and leave-one-out`:
        // which gave the figures is not said.
        let held_out = lower.contains("hold-out")
            || lower.contains("holdout")
            || lower.contains("held-out")
            || lower.contains("held out")
            || lower.contains("split-half")
            || lower.contains("split half")
            || splits_off_a_test_set(lower, words);
        return (k_fold.is_none() && !held_out).then_some(Protocol::LeaveOneOut);
    }
    if k_fold.is_some() {
        return k_fold;
    }
    if let Some(parts) = parts_each_tested(lower, words) {
        return Some(Protocol::KFold { folds: parts });
    }
    // A split without a k ("Cross-validation: stratified train-test split (70-30)") is one
    // held-out test set, whatever the sentence calls it.
    if lower.contains("hold-out")
        || lower.contains("holdout")
        || lower.contains("train/test split")
        || lower.contains("train-test split")
        || lower.contains("training/test split")
        || lower.contains("held-out test set")
        || splits_off_a_test_set(lower, words)
        || (!cv_context && reports_on_a_test_set(lower))
        || (!cv_context && states_a_test_fraction(lower))
    {
        return Some(Protocol::HoldOut);
    }
    if cv_context && lower.contains("cross-validation") || lower.contains("cross validation") {
        return Some(Protocol::KFold { folds: None });
    }
    None
}

/// The k-fold cross-validation a sentence's words name: `5-fold`, `5 fold`, `five-fold`,
/// `ten fold`, `10-folds`, `10 cv`, `k-fold`.
fn k_fold_named(words: &[&str]) -> Option<Protocol> {
    k_folds_named(words).next()
}

/// Every k-fold cross-validation a sentence's words name, in order.
fn k_folds_named<'a>(words: &'a [&'a str]) -> impl Iterator<Item = Protocol> + 'a {
    (0..words.len()).filter_map(move |i| k_fold_at(words, i))
}

/// Words that may describe folds between their count and `folds` (`five consecutive
/// folds`): they leave the protocol k-fold.
const FOLD_ADJECTIVES: &[&str] = &[
    "consecutive",
    "contiguous",
    "stratified",
    "disjoint",
    "non-overlapping",
    "nonoverlapping",
    "equal",
    "equally",
    "sized",
    "equally-sized",
    "equal-sized",
    "equal-size",
    "random",
    "randomly",
    "chosen",
    "separate",
    "distinct",
    "mutually",
    "exclusive",
];

/// The k-fold cross-validation the words at `i` name, if any.
fn k_fold_at(words: &[&str], i: usize) -> Option<Protocol> {
    let word = words[i];
    // `tenfold cross-validation`, `5fold CV`: the count and `fold` in one word, before the
    // validation it names (alone, `repeated tenfold` says how often).
    let validates = words[i + 1..]
        .iter()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
        .filter(|w| !FOLD_ADJECTIVES.contains(w))
        .take(2)
        .any(|w| w.starts_with("cross") || w == "cv" || w.starts_with("validation"));
    let glued = ["folds", "fold"].iter().find_map(|fold| {
        let count = word.strip_suffix(fold)?;
        (validates && count_of(count).is_some()).then_some((count, *fold))
    });
    let (count, rest) = match glued.or_else(|| word.split_once('-')) {
        Some((count, rest)) => (count, rest),
        None => {
            // `five consecutive folds`, `10 stratified, disjoint folds`: words that only
            // describe the folds may stand between the count and `folds`.
            let next = words[i + 1..]
                .iter()
                .take(3)
                .map(|w| w.trim_end_matches(','))
                .find(|w| !FOLD_ADJECTIVES.contains(w));
            match next {
                Some(next) if names_folds(next) => (word, next),
                _ => (word, words.get(i + 1).copied().unwrap_or("")),
            }
        }
    };
    if !(names_folds(rest) || (rest == "cv" && count.bytes().all(|b| b.is_ascii_digit()))) {
        return None;
    }
    // `a tenfold increase`, `10-fold higher`, `five fold change`: a ratio, no folds.
    let ratio = words[i + 1..].iter().take(2).any(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        [
            "increase",
            "increased",
            "increases",
            "decrease",
            "decreased",
            "decreases",
            "improvement",
            "reduction",
            "reduced",
            "higher",
            "lower",
            "more",
            "less",
            "greater",
            "larger",
            "smaller",
            "faster",
            "slower",
            "speedup",
            "speed-up",
            "rise",
            "drop",
            "gain",
            "change",
            "changes",
            "difference",
            "enrichment",
            "expansion",
            "growth",
            "excess",
            "times",
        ]
        .contains(&w)
    });
    if ratio {
        return None;
    }
    if count == "k" || count == "n" {
        return Some(Protocol::KFold { folds: None });
    }
    let number = count.parse::<u64>().ok().or_else(|| {
        NUMBER_WORDS
            .iter()
            .find(|(w, _)| *w == count)
            .map(|(_, n)| *n)
    });
    number
        .filter(|k| (2..=100).contains(k))
        .map(|k| Protocol::KFold { folds: Some(k) })
}

/// A k-fold cross-validation described without the word (`cut into two stratified halves,
/// each half serves once as the test set`, `five parts, each used in turn for testing`):
/// `Some(k)` (`Some(None)` when the parts are not counted), `None` when the sentence says
/// no such thing.
fn parts_each_tested(lower: &str, words: &[&str]) -> Option<Option<u64>> {
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    // `each half`, `each of the parts`: every part is tested, not one of them.
    let each_part = words.windows(2).any(|w| {
        w[0] == "each"
            && [
                "half",
                "third",
                "quarter",
                "part",
                "subset",
                "partition",
                "chunk",
                "block",
                "portion",
                "segment",
                "piece",
                "of",
            ]
            .contains(&bare(w[1]).as_str())
    });
    // The parts are the data's, cut in the sentence (`three test subsets, each evaluated
    // once` are three test sets).
    let cut = [
        "split",
        "cut",
        "divid",
        "partition",
        "separated",
        "broken",
        "dealt",
    ]
    .iter()
    .any(|w| lower.contains(w));
    let in_turn = cut
        && (each_part || lower.contains("in turn"))
        && (lower.contains("once") || lower.contains("in turn"))
        && ["test", "evaluat", "validat", "held out", "held-out"]
            .iter()
            .any(|w| lower.contains(w));
    if !in_turn {
        return None;
    }
    let mut seen_part = false;
    for (i, word) in words.iter().enumerate() {
        let word = bare(word);
        if let Some(k) = [("halves", 2), ("thirds", 3), ("quarters", 4)]
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, k)| *k)
        {
            return Some(Some(k));
        }
        let part = [
            "parts",
            "subsets",
            "partitions",
            "chunks",
            "blocks",
            "portions",
            "segments",
            "pieces",
        ]
        .contains(&word.as_str());
        if part {
            // The count before the noun, past words that describe the parts (`five
            // disjoint, stratified parts`).
            let count = words[..i]
                .iter()
                .rev()
                .take(3)
                .map(|w| bare(w))
                .find(|w| !FOLD_ADJECTIVES.contains(&w.as_str()))
                .and_then(|w| count_of(&w));
            if let Some(k) = count.filter(|k| (2..=100).contains(k)) {
                return Some(Some(k));
            }
            seen_part = true;
        }
    }
    seen_part.then_some(None)
}

/// Whether a sentence stating a cross-validation makes its folds of groups: scikit-learn's
/// `GroupKFold`/`StratifiedGroupKFold`, `grouped by site`, `hospital-wise`, `patient-wise`,
/// `each test fold holds the patients of one hospital`.
fn folds_by_groups(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    let squeezed: String = lower.chars().filter(|c| c.is_alphanumeric()).collect();
    if !(lower.contains("fold") || lower.contains("cross")) {
        return false;
    }
    squeezed.contains("groupkfold")
        || squeezed.contains("groupshufflesplit")
        || [
            "subject-independent",
            "subject independent",
            "cross-subject",
            "speaker-independent",
            "patient-independent",
            "at the patient level",
            "patient-level",
        ]
        .iter()
        .any(|w| lower.contains(w))
        // `All recordings of one subject were always kept in the same fold`, `no patient
        // contributes to both`.
        || (["subject", "patient", "speaker", "participant", "site", "hospital", "individual"]
            .iter()
            .any(|g| lower.contains(g))
            && ["same fold", "to both", "in both"]
                .iter()
                .any(|w| lower.contains(w)))
        || ["grouped by", "group-wise", "groupwise", "by group"]
            .iter()
            .any(|w| lower.contains(w))
        || [
            "site",
            "hospital",
            "patient",
            "subject",
            "centre",
            "center",
            "participant",
        ]
        .iter()
        .any(|g| {
            lower.contains(&format!("{g}-wise"))
                || lower.contains(&format!("{g}wise"))
                || lower.contains(&format!("by {g}"))
                || lower.contains(&format!("one {g}"))
                || lower.contains(&format!("{g}-level split"))
                || lower.contains(&format!("{g}-level fold"))
        })
}

/// Whether a word is `fold` or `folds` (`fold,`, `fold-cv`), not `folder` or `folded`.
fn names_folds(word: &str) -> bool {
    word.strip_prefix("fold").is_some_and(|rest| {
        let rest = rest.strip_prefix('s').unwrap_or(rest);
        !rest.starts_with(char::is_alphabetic)
    })
}

/// Whether one sentence names k-fold cross-validations of different k (`10-fold; 5-fold for
/// adult`, `we compare 5-fold and 10-fold CV`): which gave a row's figures is not said.
fn names_several_k(sentence: &str) -> bool {
    let lower = sentence
        .to_lowercase()
        .replace(['\u{2010}', '\u{2013}', '~'], "-");
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut ks = k_folds_named(&words).filter_map(|p| match p {
        Protocol::KFold { folds } => folds,
        _ => None,
    });
    let first = ks.next();
    ks.any(|k| Some(k) != first)
}

/// Whether a sentence evaluates by leave-one-out (`leave-one-out cross-validation`, `LOOCV`,
/// `the leave one out (LOO) protocol`), one sample per fold; not a leave-one-subject-out or
/// leave-one-site-out split (groups of unknown sizes), nor a leave-one-out encoding.
fn leaves_one_out(lower: &str, words: &[&str]) -> bool {
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let loocv = words
        .iter()
        .any(|w| matches!(bare(w).as_str(), "loocv" | "loo_cv" | "loo-cv"));
    let named = lower.contains("leave-one-out")
        || lower.contains("leave one out")
        || lower.contains("leave-1-out")
        || words.iter().any(|w| bare(w) == "loo");
    let evaluates = [
        "cross",
        "validat",
        "evaluat",
        "tested",
        "testing",
        "protocol",
        "scheme",
        "procedure",
        "strategy",
    ]
    .iter()
    .any(|w| lower.contains(w));
    // Leave-one-out within a part of the data (`on the validation set`, `the development
    // split`, `the training set`) is no evaluation of the whole dataset.
    let within_a_part = [
        "validation set",
        "validation split",
        "validation data",
        "validation fold",
        "development set",
        "development split",
        "development data",
        "dev set",
        "dev split",
        "training set",
        "training data",
        "training split",
        "train set",
        "training portion",
        "subset",
    ]
    .iter()
    .any(|w| lower.contains(w));
    (loocv || (named && evaluates))
        && !within_a_part
        && !lower.contains("encod")
        && !per_group(words)
}

/// Whether a sentence takes figures per person, session or site (`the mean per-subject
/// accuracy`, `accuracies are computed per subject and then averaged`, `each subject is
/// left out once`): a leave-one-out it names leaves out groups of unknown sizes, and a mean
/// over them is no pooled figure.
fn per_group(words: &[&str]) -> bool {
    const GROUPS: &[&str] = &[
        "subject",
        "participant",
        "patient",
        "person",
        "individual",
        "speaker",
        "user",
        "session",
        "site",
        "centre",
        "center",
        "hospital",
        "day",
        "animal",
        "mouse",
        "mice",
        "rat",
        "recording",
        "volunteer",
    ];
    let bare: Vec<String> = words
        .iter()
        .flat_map(|w| w.split('-'))
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .trim_end_matches('s')
                .to_string()
        })
        .collect();
    bare.iter().enumerate().any(|(i, w)| {
        let group = GROUPS.iter().any(|g| w == g.trim_end_matches('s'));
        let before = i.checked_sub(1).map(|k| bare[k].as_str());
        let after = bare.get(i + 1).map(String::as_str);
        group
            && (matches!(before, Some("per" | "each" | "every"))
                || matches!(after, Some("wise" | "level" | "based")))
    })
}

/// Whether a sentence gives the share of a test set as scikit-learn's `train_test_split`
/// takes it: `test_size=0.2`, `**Test Size:** 0.1`.
fn states_a_test_fraction(lower: &str) -> bool {
    let plain: String = lower.chars().filter(|c| !matches!(c, '*' | '`')).collect();
    ["test_size", "test size"].iter().any(|name| {
        plain.match_indices(name).any(|(at, _)| {
            let rest = plain[at + name.len()..].trim_start();
            let Some(rest) = rest.strip_prefix([':', '=']) else {
                return false;
            };
            let number: String = rest
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            number
                .parse::<f64>()
                .is_ok_and(|share| share > 0.0 && share < 1.0)
        })
    })
}

/// Whether a sentence splits the data into training and test parts by proportions (`80% for
/// training and 20% for testing`, `a 70/30 split into training and test sets`, `we hold out
/// 30% of the data for testing`).
fn splits_off_a_test_set(lower: &str, words: &[&str]) -> bool {
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '%')
            .to_string()
    };
    let percentage = words.iter().enumerate().any(|(i, w)| {
        let w = bare(w);
        let number = |t: &str| !t.is_empty() && t.parse::<f64>().is_ok();
        w.strip_suffix('%').is_some_and(number)
            || (number(&w)
                && words
                    .get(i + 1)
                    .is_some_and(|next| matches!(bare(next).as_str(), "%" | "percent")))
    });
    // `70/30`, `70-30`, `80:20`, `70/15/15`: shares of 100.
    let shares = words.iter().any(|w| {
        let w = bare(w);
        let parts: Vec<&str> = w.split(['/', '-', ':']).map(str::trim).collect();
        parts.len() >= 2
            && parts
                .iter()
                .all(|p| p.parse::<u8>().is_ok_and(|v| v <= 100))
            && parts
                .iter()
                .filter_map(|p| p.parse::<u8>().ok())
                .map(u32::from)
                .sum::<u32>()
                == 100
    });
    // `test`, `tested`, and the last part of `train/validation/test`.
    let test = words.iter().any(|w| {
        bare(w)
            .split(['/', '-'])
            .any(|part| part.starts_with("test"))
    });
    let split = [
        "split",
        "divided",
        "divide ",
        "partition",
        "hold out",
        "held out",
        "reserved",
        "set aside",
        "allocated",
        "for testing",
        "for test",
        "as test",
        "as a test",
        "as the test",
        "used as test",
    ]
    .iter()
    .any(|w| lower.contains(w));
    (percentage || shares) && test && split
}

/// Whether a sentence speaks of figures on one test set (`the following metrics on the test
/// set`, `test-set accuracy`): a held-out test set, unless the sentence names folds.
fn reports_on_a_test_set(lower: &str) -> bool {
    [
        "on the test set",
        "on the testing set",
        "on the test data",
        "on the testing data",
        "on the held-out",
        "on a held-out",
        "on the holdout",
        "on the hold-out",
        "on the independent test",
        "on an independent test",
        "test set performance",
        "test-set performance",
        "test set results",
        "test-set results",
        // A heading's or caption's mark: `Operating points (test set)`.
        "(test set)",
        "(test data)",
        "(test split)",
        "(held-out test set)",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Whether a sentence that states a protocol says it served tuning or selection
/// (hyperparameters, features, models, early stopping), not the reported figures.
/// Whether a sentence estimates performance by a resampling the checks do not model: the
/// bootstrap (out-of-bag, .632), Monte Carlo cross-validation, repeated random splits. Not
/// bagging (`bootstrap aggregating`) nor a bootstrap confidence interval of the figures.
fn estimates_otherwise(sentence: &str) -> bool {
    let lower = sentence.to_lowercase().replace(['-', '_'], " ");
    let any = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    // A median over the folds: no check here forms it.
    // (`Data are median (IQR)` under a cross-validated table: medians over its folds.)
    if lower.contains("median")
        && any(&[
            "fold",
            "split",
            "run",
            "repetition",
            "data are median",
            "values are median",
            "results are median",
            "figures are median",
            "presented as median",
            "expressed as median",
            "reported as median",
            "shown as median",
            "given as median",
        ])
    {
        return true;
    }
    if any(&[
        "out of bag",
        "oob estimate",
        "oob error",
        "oob score",
        "monte carlo cross",
        "monte carlo cv",
        "repeated random sub",
        "random subsampling",
        "random sub sampling",
        "shufflesplit",
        "shuffle split",
    ]) {
        return true;
    }
    lower.contains("bootstrap")
        && !any(&[
            "aggregat",
            "bagging",
            "confidence interval",
            " ci ",
            " cis ",
        ])
        && any(&[
            "resampl",
            "bootstrap samples",
            "bootstrap sample ",
            "bootstrapped",
            "bootstrap validation",
            "bootstrap estimat",
            "bootstrap evaluation",
            "bootstrap replicat",
            "bootstrap iterations",
            "bootstrap runs",
            "bootstrap rounds",
            "bootstrap repetitions",
            ".632",
        ])
}

fn tunes(sentence: &str) -> bool {
    let lower = sentence.to_lowercase().replace('-', " ");
    [
        "hyperparameter",
        "hyper parameter",
        "parameter selection",
        "parameter tuning",
        "parameters were tuned",
        "parameters were selected",
        "parameters were chosen",
        "tuning",
        "tune ",
        "tuned",
        "grid search",
        "random search",
        "model selection",
        "feature selection",
        "select the best",
        "choose the best",
        "identified the best",
        "identify the best",
        "identified by",
        "identified with",
        "identified using",
        "optimal",
        "optimis",
        "optimiz",
        "calibrat",
        "to pick",
        "to decide",
        "decide how",
        "the choice of",
        "guided the choice",
        "to select",
        "to choose",
        "early stopping",
        "each candidate",
        "chosen by",
        "chosen with",
        "chosen using",
        "selected by",
        "selected with",
        "selected using",
        "to compare models",
        "to compare the models",
        "compare candidate",
        "candidate model",
        "inner loop",
        "inner fold",
        "inner cross",
        "inner cv",
        "nested",
        "on the training set",
        "on the training data",
        "on the training portion",
        "on the train set",
        "on the training split",
        "within the training",
        "using the training",
        "used the training",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Whether a sentence speaks of what was not done (`bootstrapping would better quantify
/// uncertainty`, `in future work`): no statement of the protocol used.
fn hypothetical(sentence: &str) -> bool {
    let lower = sentence.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words
        .iter()
        .any(|w| matches!(*w, "would" | "could" | "might" | "future"))
        || lower.contains("plan to")
        || lower.contains("left for")
}

/// Whether a sentence is a list of abbreviations and what they stand for (`ROC: receiver
/// operating characteristic; LOO-CV: leave-one-out cross-validation.`): it defines terms, it
/// states no protocol.
fn glossary(sentence: &str) -> bool {
    let parts: Vec<&str> = sentence
        .trim_end_matches('.')
        .split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let defines = |part: &&str| {
        part.split_once([':', '=']).is_some_and(|(short, long)| {
            let short = short.trim();
            !short.is_empty()
                && short.chars().count() <= 12
                && !short.contains(' ')
                && short.chars().filter(char::is_ascii_uppercase).count() >= 2
                && long.split_whitespace().count() <= 8
        })
    };
    parts.len() >= 2 && parts.iter().all(defines)
}

/// The protocol `text` states: the first statement found, or none when two statements
/// disagree (then `ambiguous` quotes both). Statements of one cross-validation complete each
/// other ("5-fold cross-validation." then "It was repeated 10 times."); "cross-validation"
/// without k after a sentence that gave k adds nothing.
pub fn stated(text: &str) -> Stated {
    /// One cross-validation as the sentences so far describe it.
    struct Cv {
        folds: Option<u64>,
        repeated: bool,
        repeats: Option<u64>,
        sentences: Vec<String>,
    }
    let mut cv: Option<Cv> = None;
    let mut others: Vec<(Protocol, String)> = Vec::new();
    let mut conflicts: Vec<String> = Vec::new();
    let mut tuning: Option<String> = None;
    // A cross-validation whose folds are groups (sites, hospitals, patients).
    let mut grouped: Option<String> = None;
    let mut other_estimate: Option<String> = None;
    // Runs averaged, said apart from the cross-validation (`run with three random seeds`).
    let mut runs: Option<(u64, String)> = None;
    for sentence in sentences(text).take(20_000) {
        // What was not done (`bootstrapping would better quantify uncertainty`, `future
        // work could use 5-fold cross-validation`) states no protocol.
        if hypothetical(&sentence) {
            continue;
        }
        if estimates_otherwise(&sentence) {
            other_estimate.get_or_insert(sentence);
            continue;
        }
        // `names_several_k`, or one protocol set against another (`Rather than 10-fold
        // cross-validation, we use a 70/30 split`): which gave the figures is not read.
        let lower = sentence.to_lowercase();
        let contrasted = ["rather than", "instead of", "as opposed to", "in place of"]
            .iter()
            .filter_map(|w| lower.find(w).map(|at| &lower[at + w.len()..]))
            .any(|after| {
                // The words set aside, up to the clause's end, state a protocol.
                let clause = after.split([',', ';', '.']).next().unwrap_or("");
                in_sentence(clause).is_some()
            });
        if names_several_k(&sentence) || contrasted {
            conflicts.push(sentence);
            continue;
        }
        // `Lee et al. [7] reached 75.8% with 10-fold cross-validation`: another paper's
        // protocol, not this one's.
        if cites_others(&sentence) || glossary(&sentence) {
            continue;
        }
        let Some(protocol) = in_sentence(&sentence) else {
            // Folds of groups said in a sentence of its own.
            if grouped.is_none() && folds_by_groups(&sentence) {
                grouped = Some(sentence);
                continue;
            }
            if runs.is_none() {
                runs = averaged_runs(&sentence).map(|r| (r, sentence));
            }
            continue;
        };
        if folds_by_groups(&sentence) {
            grouped.get_or_insert(sentence);
            continue;
        }
        if tunes(&sentence) {
            // A cross-validation that chose parameters or features says nothing of how the
            // reported figures were obtained (often a held-out test set).
            tuning.get_or_insert(sentence);
            continue;
        }
        let (folds, repeated, repeats) = match protocol {
            Protocol::KFold { folds } => (folds, false, None),
            Protocol::RepeatedKFold { folds, repeats } => (folds, true, repeats),
            Protocol::HoldOut | Protocol::LeaveOneOut => {
                if !others.iter().any(|(p, _)| *p == protocol) {
                    others.push((protocol, sentence));
                }
                continue;
            }
        };
        match cv.as_mut() {
            None => {
                cv = Some(Cv {
                    folds,
                    repeated,
                    repeats,
                    sentences: vec![sentence],
                })
            }
            Some(known) => {
                let clash =
                    |a: Option<u64>, b: Option<u64>| matches!((a, b), (Some(x), Some(y)) if x != y);
                if clash(known.folds, folds) || clash(known.repeats, repeats) {
                    if conflicts.is_empty() {
                        conflicts.extend(known.sentences.iter().cloned());
                    }
                    conflicts.push(sentence);
                    continue;
                }
                let adds = (known.folds.is_none() && folds.is_some())
                    || (!known.repeated && repeated)
                    || (known.repeats.is_none() && repeats.is_some());
                known.folds = known.folds.or(folds);
                known.repeated |= repeated;
                known.repeats = known.repeats.or(repeats);
                if adds {
                    known.sentences.push(sentence);
                }
            }
        }
    }
    let cv = cv.map(|mut c| {
        // A cross-validation run several times (seeds, averaged runs) reaches what one run
        // reaches and more: checked with its runs, never as one.
        if let Some((r, sentence)) = runs.filter(|_| !c.repeated) {
            c.repeated = true;
            c.repeats = Some(r);
            c.sentences.push(sentence);
        }
        let protocol = if c.repeated {
            Protocol::RepeatedKFold {
                folds: c.folds,
                repeats: c.repeats,
            }
        } else {
            Protocol::KFold { folds: c.folds }
        };
        (protocol, c.sentences.join(" "))
    });
    let mut found: Vec<(Protocol, String)> = cv.into_iter().chain(others).collect();
    if let Some(sentence) = other_estimate {
        // A bootstrap or repeated random split gives figures no check here models; beside
        // it, a k-fold or hold-out sentence may speak of other figures.
        return Stated {
            protocol: None,
            sentence: String::new(),
            ambiguous: Some(format!(
                "the text estimates by resampling that no check models ({sentence:?}): the protocol of the reported figures is not known"
            )),
            resampled: true,
        };
    }
    if let Some(sentence) = grouped {
        // Folds of whole sites or patients have sizes and class counts of their own, which
        // neither the stratified folds nor the configurations of folds within one item of
        // each other include.
        return Stated {
            protocol: None,
            sentence: String::new(),
            ambiguous: Some(format!(
                "the text makes its folds of groups ({sentence:?}): their sizes are not known, so no k-fold check applies"
            )),
            resampled: false,
        };
    }
    if let Some(sentence) = tuning {
        // The evaluation's own protocol may be stated too, but which figures it gave and
        // which the tuning did is not known: no protocol.
        return Stated {
            protocol: None,
            sentence: String::new(),
            ambiguous: Some(format!(
                "the text uses a cross-validation to tune or select ({sentence:?}): the protocol of the reported figures is not known"
            )),
            resampled: false,
        };
    }
    if !conflicts.is_empty() {
        return Stated {
            protocol: None,
            sentence: String::new(),
            ambiguous: Some(format!(
                "the text states several protocols: {}",
                conflicts
                    .iter()
                    .map(|s| format!("{s:?}"))
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
            resampled: false,
        };
    }
    match found.len() {
        0 => Stated::default(),
        1 => {
            let (protocol, sentence) = found.remove(0);
            Stated {
                protocol: Some(protocol),
                sentence,
                ambiguous: None,
                resampled: false,
            }
        }
        _ => Stated {
            protocol: None,
            sentence: String::new(),
            ambiguous: Some(format!(
                "the text states several protocols: {}",
                found
                    .iter()
                    .map(|(_, s)| format!("{s:?}"))
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
            resampled: false,
        },
    }
}

/// The sentence that divides the items a table of class counts counts into other items
/// (`Table 1: Number of slides per class.` beside `Every slide is divided into four
/// patches`, `Each of the recordings yields 30-s epochs`): the figures may be of the
/// smaller items, whose counts the table does not give. The counted item is read from the
/// table's caption or heading (`number of W`, `no. of W`, `W per class`), any word.
pub(crate) fn divides_counted_items(label: &str, text: &str) -> Option<String> {
    let lower = label.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut items: Vec<&str> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let after_of = i >= 2 && words[i - 1] == "of" && matches!(words[i - 2], "number" | "no");
        let before_per_class =
            words.get(i + 1) == Some(&"per") && words.get(i + 2) == Some(&"class");
        if (after_of || before_per_class) && w.len() >= 3 && w.chars().all(char::is_alphabetic) {
            items.push(w);
        }
    }
    if items.is_empty() {
        return None;
    }
    // Singular and plural forms of each counted item.
    let forms: Vec<String> = items
        .iter()
        .flat_map(|w| {
            let singular = w
                .strip_suffix("ies")
                .map(|s| format!("{s}y"))
                .or_else(|| w.strip_suffix('s').map(str::to_string))
                .unwrap_or_else(|| w.to_string());
            [w.to_string(), singular]
        })
        .collect();
    const DIVIDE: &[&str] = &[
        "divided into",
        "split into",
        "cut into",
        "segmented into",
        "partitioned into",
        "tiled into",
        "broken into",
        "broken down into",
        "sliced into",
        "cropped into",
        "yields",
        "yielded",
        "yield ",
        "gives rise to",
    ];
    // What the items are divided into when it is no smaller item: the data's parts.
    const PARTS: &[&str] = &[
        "fold",
        "set",
        "subset",
        "split",
        "train",
        "test",
        "valid",
        "group",
        "part",
        "cohort",
        "class",
        "categor",
        "batch",
        "portion",
        "half",
        "halves",
        "chunk of the data",
    ];
    sentences(text).take(20_000).find(|sentence| {
        let s = sentence.to_lowercase();
        let tokens: Vec<(usize, &str)> = s
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| (w.as_ptr() as usize - s.as_ptr() as usize, w))
            .collect();
        let Some(item_at) = tokens
            .iter()
            .find(|(_, w)| forms.iter().any(|f| f == w))
            .map(|(at, _)| *at)
        else {
            return false;
        };
        let divided = DIVIDE.iter().any(|d| {
            s[item_at..].find(d).is_some_and(|k| {
                let rest = &s[item_at + k + d.len()..];
                let next: String = rest
                    .split_whitespace()
                    .take(4)
                    .collect::<Vec<_>>()
                    .join(" ");
                !next.is_empty() && !PARTS.iter().any(|p| next.contains(p))
            })
        });
        divided || several_per_item(&tokens, &forms)
    })
}

/// Whether `each` or `every` item (`each of the W`) is followed in the sentence by a number
/// of other things (`Each patient attended four visits`, `every scan holds 30 slices`),
/// neither times nor parts of the data.
fn several_per_item(tokens: &[(usize, &str)], forms: &[String]) -> bool {
    const NUMBERS: &[&str] = &[
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "twelve",
        "twenty",
        "several",
        "multiple",
        "many",
        "dozens",
        "hundreds",
        "thousands",
    ];
    const NOT_ITEMS: &[&str] = &[
        "times",
        "time",
        "year",
        "month",
        "week",
        "day",
        "hour",
        "minute",
        "second",
        "fold",
        "set",
        "subset",
        "split",
        "part",
        "group",
        "class",
        "categor",
        "run",
        "repeat",
        "round",
        "epoch of training",
        "iteration",
        "feature",
        "variable",
        "attribute",
        "label",
        "annotator",
        "reader",
        "rater",
        "pathologist",
        "radiologist",
        "expert",
        "author",
    ];
    let words: Vec<&str> = tokens.iter().map(|(_, w)| *w).collect();
    let Some(start) = words.iter().enumerate().position(|(i, w)| {
        matches!(*w, "each" | "every")
            && words[i + 1..]
                .iter()
                .take(3)
                .any(|next| forms.iter().any(|f| f == next))
    }) else {
        return false;
    };
    words[start..].windows(2).any(|pair| {
        let number = NUMBERS.contains(&pair[0])
            || pair[0]
                .parse::<u64>()
                .is_ok_and(|n| (2..=100_000).contains(&n));
        number
            && pair[1].len() >= 3
            && pair[1].chars().all(char::is_alphabetic)
            && !forms.iter().any(|f| f == pair[1])
            && !NOT_ITEMS.iter().any(|w| pair[1].starts_with(w))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_divided_into_smaller_ones_are_said() {
        let caption = "Table 1: Number of slides per class.";
        for text in [
            "Every slide is divided into four patches, and the model classifies the patches.",
            "Each of the slides yields four tiles; accuracy is computed over tiles.",
            "Each slide holds 30 patches.",
        ] {
            assert!(divides_counted_items(caption, text).is_some(), "{text}");
        }
        assert!(
            divides_counted_items("Patients per class", "Each patient attended four visits.")
                .is_some()
        );
        for text in [
            "The slides were divided into training and test sets.",
            "The slides were split into 10 folds.",
            "Each slide was scanned twice.",
            "Each slide was reviewed by two pathologists.",
            "Every patient was followed for five years.",
            "We classify the slides.",
        ] {
            assert!(divides_counted_items(caption, text).is_none(), "{text}");
        }
        // No counted item in the caption: nothing to divide.
        assert!(divides_counted_items(
            "Table 1: Datasets.",
            "Every slide is divided into patches."
        )
        .is_none());
    }

    #[test]
    fn runs_said_in_other_words_code_and_settings() {
        for text in [
            "python evaluate.py --folds 5 --repeats 10",
            "cv:\n  n_splits: 5\n  n_repeats: 10",
            "The pipeline is run with seeds 0\u{2013}9.",
            "We averaged over 10 random partitionings.",
            "Ten realisations of the fold partition were made.",
            "The experiment was performed 10 x and averaged.",
            "We ran it 10\u{d7}.",
            "Reported values are the mean of a ten-times-repeated procedure.",
            "We used ten different random splits into five folds.",
            "random_state \u{2208} {0, ..., 9}",
            "a 10-run protocol",
            "SEEDS := 0 1 2 3 4 5 6 7 8 9",
        ] {
            assert!(runs_said_anywhere(text).is_some(), "{text}");
        }
        for code in [
            "for s in $(seq 0 9); do\n  python cv.py --seed \"$s\"\ndone",
            "scores = [cross_validate(m, X, y, cv=StratifiedKFold(5, random_state=s)) for s in range(10)]",
            "for r = 1:10\n  c = cvpartition(y, 'KFold', 5);\n  for k = 1:5\n  end\nend",
        ] {
            assert!(runs_in_code(code).is_some(), "{code}");
        }
        for text in [
            "python evaluate.py --folds 5 --repeats 1",
            "Our model trains 10\u{d7} faster.",
            "A Wald-Wolfowitz runs test gave 12 runs.",
            "for i in range(len(X)):",
        ] {
            assert!(runs_in_code(text).is_none(), "{text}");
        }
        for text in [
            "Models are evaluated with stratified 5-fold cross-validation.",
            "XGBoost with 100 boosting rounds.",
            "The experiment was not repeated.",
            "We use 5 folds and a random seed of 42.",
        ] {
            assert!(runs_said_anywhere(text).is_none(), "{text}");
        }
    }

    #[test]
    fn words_describing_the_folds_keep_their_count() {
        for (text, k) in [
            (
                "We used cross-validation, dividing the data into five consecutive folds.",
                5,
            ),
            (
                "The data were split into 10 stratified, disjoint folds for cross-validation.",
                10,
            ),
            ("Cross-validation over four equally sized folds.", 4),
        ] {
            assert_eq!(
                stated(text).protocol,
                Some(Protocol::KFold { folds: Some(k) }),
                "{text}"
            );
        }
    }

    #[test]
    fn parts_each_tested_once_are_folds() {
        for (text, k) in [
            (
                "The data are cut into two stratified halves, each half serves once as the test set.",
                Some(2),
            ),
            (
                "We split the records into five disjoint parts; each part was held out once for testing.",
                Some(5),
            ),
            (
                "The data are partitioned; each of the subsets is used in turn for evaluation.",
                None,
            ),
        ] {
            assert_eq!(
                stated(text).protocol,
                Some(Protocol::KFold { folds: k }),
                "{text}"
            );
        }
        // A half held out once is one test set, not two folds.
        for text in [
            "The data were split into halves: one for training, one for testing.",
            "Each model was tested once on the held-out half.",
            "Each of the three test subsets was evaluated once.",
        ] {
            assert_ne!(
                stated(text).protocol,
                Some(Protocol::KFold { folds: Some(2) }),
                "{text}"
            );
        }
    }

    #[test]
    fn leave_one_out_is_its_own_protocol() {
        for text in [
            "We used leave-one-out cross-validation.",
            "Models were evaluated by LOOCV.",
            "The leave one out (LOO) protocol was followed.",
        ] {
            assert_eq!(stated(text).protocol, Some(Protocol::LeaveOneOut), "{text}");
        }
        // Groups of unknown sizes, an encoding, and a sentence naming k-fold too.
        assert_eq!(
            stated("We used leave-one-subject-out cross-validation.").protocol,
            Some(Protocol::KFold { folds: None })
        );
        assert_eq!(
            stated("Categories use a leave-one-out encoding. We use 10-fold CV.").protocol,
            Some(Protocol::KFold { folds: Some(10) })
        );
        assert_eq!(
            stated("We compare 10-fold and leave-one-out cross-validation.").protocol,
            None
        );
        // Different k in one sentence: which gave a row's figures is not said.
        let s = stated("All figures use 10-fold cross-validation (5-fold for adult).");
        assert_eq!(s.protocol, None);
        assert!(s.ambiguous.is_some());
        // A repetition said not to have happened.
        assert_eq!(
            stated("A single 10-fold cross-validation run, not repeated cross-validation.")
                .protocol,
            Some(Protocol::KFold { folds: Some(10) })
        );
        // Within a part of the data, beside a hold-out, or to choose a model: none taken.
        for text in [
            "We ran LOOCV on the development split of the hepatitis dataset.",
            "We report a 20% hold-out test set and leave-one-out cross-validation (LOOCV).",
            "The best classifier was identified by leave-one-out cross-validation.",
            "Leave-one-out cross-validation was used to pick the kernel.",
            // Groups left out, figures averaged over them.
            "We use LOOCV and report the mean per-subject accuracy.",
            "We use leave-one-out cross-validation; accuracies are computed per subject and then averaged.",
            "We use leave-one-out cross-validation in which each subject is left out once.",
            "Leave-one-out cross-validation at the patient level.",
        ] {
            assert_ne!(stated(text).protocol, Some(Protocol::LeaveOneOut), "{text}");
        }
        // Beside a k-fold sentence: two protocols, none taken.
        let s = stated("We use 10-fold CV. A leave-one-out validation is also reported.");
        assert_eq!(s.protocol, None);
        assert!(s.ambiguous.is_some());
    }

    #[test]
    fn protocols_from_sentences() {
        let s = stated(
            "We use the KEEL data. Results are averaged over 5-fold cross-validation. Done.",
        );
        assert_eq!(s.protocol, Some(Protocol::KFold { folds: Some(5) }));
        assert_eq!(
            s.sentence,
            "Results are averaged over 5-fold cross-validation."
        );
        assert_eq!(
            stated("a ten-fold CV was run").protocol,
            Some(Protocol::KFold { folds: Some(10) })
        );
        assert_eq!(
            stated("10-fold CV").protocol,
            Some(Protocol::KFold { folds: Some(10) })
        );
        assert_eq!(
            stated("a hold-out test set").protocol,
            Some(Protocol::HoldOut)
        );
        assert_eq!(stated("we report accuracy").protocol, None);
    }

    #[test]
    fn a_split_by_proportions_is_a_held_out_test_set() {
        for text in [
            "The dataset was divided into 80% for training and 20% for testing.",
            "The data were split into 70% training and 30% testing sets.",
            "We hold out 30% of the data for testing.",
            "Cross-validation: Stratified train-test split (70-30).",
            "A 70/30 split into training and test sets was used.",
            "We used 25 % of the samples as the test set, split at random.",
            "The dataset was partitioned by 70\\% (training phase) / 30\\% (testing phase).",
            // Figures on the test set: one held-out test set.
            "It reaches 95% accuracy on the test set.",
            "The best model, with the following metrics on the test set: Accuracy: 0.7273",
        ] {
            assert_eq!(stated(text).protocol, Some(Protocol::HoldOut), "{text}");
        }
        for text in [
            "A 4000000000/4000000000 split of the test data.",
            "The accuracy on the test set of each fold.",
            "10-fold cross-validation, each fold holding out 10% for testing.",
        ] {
            assert_ne!(stated(text).protocol, Some(Protocol::HoldOut), "{text}");
        }
        // A split beside a cross-validation: which one gave the figures is not known.
        let both = stated(
            "The dataset was divided into 80% for training and 20% for testing. The models were trained with 3-fold cross-validation.",
        );
        assert_eq!(both.protocol, None);
        assert!(both.ambiguous.is_some());
        // A cross-validation of one score beside figures on the test set: not known which
        // gave the table (a README's `5-fold cross-validation F1 scores: ...`).
        let both = stated(
            "The best model had these metrics on the test set: Accuracy: 0.7273. Stratified 5-fold cross-validation F1 scores: 0.4932, 0.6053",
        );
        assert_eq!(both.protocol, None);
        assert!(both.ambiguous.is_some());
        // A cross-validation that chose the model; one run per seed.
        assert_eq!(
            stated("The best model, chosen by stratified 5-fold cross-validation, was evaluated on the test set.").protocol,
            None
        );
        assert_eq!(
            stated("We used stratified 5-fold cross-validation for each of the 10 random seeds.")
                .protocol,
            Some(Protocol::RepeatedKFold {
                folds: Some(5),
                repeats: Some(10)
            })
        );
        assert_eq!(
            stated("5-fold cross-validation with different random seeds.").protocol,
            Some(Protocol::RepeatedKFold {
                folds: Some(5),
                repeats: None
            })
        );
        // A cross-validation inside a pipeline's candidates selects models.
        assert_eq!(
            stated("Each candidate undergoes: 5-fold StratifiedKFold CV, isotonic calibration.")
                .protocol,
            None
        );
        // A cross-validation on the training part tunes; the test split gives the figures.
        assert_eq!(
            stated("We ran 5-fold cross-validation on the training set.").protocol,
            None
        );
        for text in [
            "A five-fold cross-validation was applied using the training split.",
            "We split the data 80/20; we then used the training dataset and 5-fold cross-validation to determine the maximum depth.",
        ] {
            assert_eq!(stated(text).protocol, None, "{text}");
        }
    }

    #[test]
    fn a_compound_name_defined_or_an_overlap_of_feature_sets_redefines_no_score() {
        let scores = |text: &str| -> Vec<&str> {
            super::redefined_scores(text)
                .into_iter()
                .map(|(s, _)| s)
                .collect()
        };
        assert!(scores("AUPRC: Area under the precision-recall curve.").is_empty());
        assert_eq!(
            scores("AUC: area under the precision-recall curve."),
            ["auc"]
        );
        assert!(
            scores("Hard-set overlap across folds was modest (mean pairwise Jaccard 0.190).")
                .is_empty()
        );
        assert_eq!(
            scores("Dice overlap of the predicted lesions."),
            ["f1p", "ji"]
        );
        assert_eq!(
            scores("The Jaccard index of the predicted masks."),
            ["f1p", "ji"]
        );
        // `behaviour` holds the letters of IoU, `segmentation` of customers is no image's.
        assert!(
            scores("Static segmentation fails to anticipate individual customer behaviour.")
                .is_empty()
        );
        assert_eq!(scores("IoU of the segmented lesions."), ["f1p", "ji"]);
    }

    #[test]
    fn an_abbreviation_ends_no_sentence() {
        let found: Vec<String> = super::sentences(
            "Comparison of Normal-Only vs. All-Data OC-SVM on the test set. Results (cf. Table 2) follow.",
        )
        .collect();
        assert_eq!(
            found,
            [
                "Comparison of Normal-Only vs. All-Data OC-SVM on the test set.",
                "Results (cf. Table 2) follow."
            ]
        );
    }

    #[test]
    fn another_papers_protocol_is_not_this_ones() {
        let text = "Lee et al. [7] reached 75.8% with stratified 10-fold cross-validation. \
                    Earlier studies used 5-fold cross-validation.";
        assert_eq!(stated(text).protocol, None);
        let text = "Lee et al. [7] reached 75.8% with 10-fold cross-validation. We use a 70/30 hold-out split.";
        assert_eq!(stated(text).protocol, Some(Protocol::HoldOut));
    }

    #[test]
    fn repeated_cross_validation_and_its_count() {
        let repeated = |folds, repeats| Some(Protocol::RepeatedKFold { folds, repeats });
        for (text, expected) in [
            (
                "10 repeats of stratified 5-fold cross-validation",
                repeated(Some(5), Some(10)),
            ),
            (
                "5-fold cross-validation repeated 10 times",
                repeated(Some(5), Some(10)),
            ),
            (
                "ten-fold CV, repeated five times",
                repeated(Some(10), Some(5)),
            ),
            (
                "we use 10x5-fold cross-validation",
                repeated(Some(5), Some(10)),
            ),
            ("a 5×2 cv test", repeated(Some(2), Some(5))),
            (
                "10 runs of 10-fold cross-validation",
                repeated(Some(10), Some(10)),
            ),
            (
                "repeated stratified 10-fold cross-validation",
                repeated(Some(10), None),
            ),
            ("three repetitions of 4-fold CV", repeated(Some(4), Some(3))),
            ("a 10-times repeated 5-fold CV", repeated(Some(5), Some(10))),
            (
                "10 iterations of stratified 10-fold cross-validation",
                repeated(Some(10), Some(10)),
            ),
            (
                "we use 3 × 10-fold cross-validation",
                repeated(Some(10), Some(3)),
            ),
            ("results of 5 x 2-fold CV", repeated(Some(2), Some(5))),
            ("we report 10-fold CV (×3)", repeated(Some(10), Some(3))),
            (
                "10-fold cross-validation over 5 shuffles of the data",
                repeated(Some(10), Some(5)),
            ),
            (
                "10-fold cross-validation with 5 different random partitions",
                repeated(Some(10), Some(5)),
            ),
            (
                "models were trained and tested ten times with 10-fold cross-validation",
                repeated(Some(10), Some(10)),
            ),
            (
                "5-fold cross-validation",
                Some(Protocol::KFold { folds: Some(5) }),
            ),
            (
                "maximum accuracy with 5-fold CV",
                Some(Protocol::KFold { folds: Some(5) }),
            ),
        ] {
            assert_eq!(stated(text).protocol, expected, "{text}");
        }
        // Two sentences of one cross-validation complete each other.
        let s =
            stated("We use 5-fold cross-validation. The cross-validation was repeated 10 times.");
        assert_eq!(s.protocol, repeated(Some(5), Some(10)));
        assert_eq!(
            s.sentence,
            "We use 5-fold cross-validation. The cross-validation was repeated 10 times."
        );
        // Counts that disagree are two protocols.
        let s = stated("5-fold CV repeated 10 times. Then 5-fold CV repeated 3 times.");
        assert_eq!(s.protocol, None);
        assert!(s.ambiguous.is_some());
    }

    #[test]
    fn a_cross_validation_for_tuning_states_no_protocol_of_the_figures() {
        for text in [
            "We use the same 3-fold stratified cross validation for feature and parameter selection. Results are on the test set.",
            "Hyperparameters were tuned by 5-fold cross-validation.",
            "A grid search with 10-fold CV chose C and gamma.",
            "We evaluate with nested 5-fold cross-validation.",
        ] {
            let s = stated(text);
            assert_eq!(s.protocol, None, "{text}");
            assert!(s.ambiguous.is_some_and(|a| a.contains("tune or select")), "{text}");
        }
    }

    #[test]
    fn a_bootstrap_estimate_leaves_the_protocol_unknown() {
        for text in [
            "Performance was estimated with 200 bootstrap resamples (out-of-bag evaluation). For comparison we also ran stratified 10-fold cross-validation.",
            "We use 10-fold cross-validation. Scores are averaged over 100 bootstrap iterations.",
            "We report the mean over 50 Monte Carlo cross-validation splits of 80/20.",
            "Accuracy is the out-of-bag estimate of the forest.",
        ] {
            let s = stated(text);
            assert_eq!(s.protocol, None, "{text}");
            assert!(s.ambiguous.is_some_and(|a| a.contains("resampling")), "{text}");
        }
        // Bagging and bootstrap intervals are no estimation protocol.
        for text in [
            "We use 10-fold cross-validation with bagging (bootstrap aggregating) of 50 trees.",
            "We use 10-fold cross-validation; 95% confidence intervals come from 1000 bootstrap resamples.",
        ] {
            assert_eq!(stated(text).protocol, Some(Protocol::KFold { folds: Some(10) }), "{text}");
        }
    }

    #[test]
    fn a_three_way_split_by_shares_is_a_hold_out() {
        let s = stated("The setup uses 64/16/20 train/validation/test partitions and 15 seeds.");
        assert_eq!(s.protocol, Some(Protocol::HoldOut));
    }

    #[test]
    fn a_cross_validation_run_several_times_is_repeated() {
        for (text, r) in [
            (
                "Stratified 10-fold CV was run 5 times with different shuffles.",
                5,
            ),
            (
                "We ran 5 independent trials of stratified 10-fold cross-validation.",
                5,
            ),
            ("10-fold cross-validation was performed 3 times.", 3),
        ] {
            assert_eq!(
                stated(text).protocol,
                Some(Protocol::RepeatedKFold {
                    folds: Some(10),
                    repeats: Some(r)
                }),
                "{text}"
            );
        }
    }

    #[test]
    fn runs_averaged_in_another_sentence_repeat_the_cross_validation() {
        let s = stated("Each model was evaluated with stratified 5-fold cross-validation. The whole procedure was run with three different random seeds, and the table gives the average of the three runs.");
        assert_eq!(
            s.protocol,
            Some(Protocol::RepeatedKFold {
                folds: Some(5),
                repeats: Some(3)
            })
        );
        let s =
            stated("We use 10-fold cross-validation. Figures are the mean of 5 independent runs.");
        assert_eq!(
            s.protocol,
            Some(Protocol::RepeatedKFold {
                folds: Some(10),
                repeats: Some(5)
            })
        );
        // One seed fixed is no repetition.
        let s = stated("We use 10-fold cross-validation. The random seed is 42.");
        assert_eq!(s.protocol, Some(Protocol::KFold { folds: Some(10) }));
    }

    #[test]
    fn two_protocols_are_ambiguous() {
        let s = stated("We ran 5-fold cross-validation. Then 10-fold cross-validation.");
        assert_eq!(s.protocol, None);
        assert!(s.ambiguous.is_some());
    }

    #[test]
    fn counts_of_an_imagined_population_or_beside_weighted_figures_are_another_set() {
        for said in [
            "Table 3: Expected outcomes per 1,000 screened patients (prevalence 10%).",
            "The counts below apply them to 1,000 hypothetical screened patients.",
            "Natural frequencies: consequences of testing 10,000 people at a prevalence of 2%.",
            "Diagnostic accuracy and the outcomes expected in 1 000 screened women.",
            "Sensitivity and specificity are survey-weighted estimates.",
            "They are inverse-probability-weighted to correct for verification bias.",
            "Because some cells were zero, 0.5 was added to every cell of each 2×2 table.",
            "Sensitivity and specificity are posterior means under uniform Beta(1,1) priors.",
            "Sensitivity and specificity were estimated with a latent class model.",
            "Table 2. Outcomes per 100 patients of each class.",
            "Sensitivity and specificity were read at the cut-off that maximised their sum; the confusion counts refer to the default cut-off.",
            "The counts are those of the 5-model ensemble; sensitivity and specificity are the averages of the five single models.",
            "Sensitivity and specificity are averaged over the 8 test-time augmentations; the counts use the averaged prediction.",
            "Sensitivity and specificity are per nodule; TP, FP, FN and TN are per scan.",
            "Each patient contributed four images; sensitivity and specificity are computed over images, while TP, FP, FN and TN count patients.",
            "*Per lesion (131 lesions in the 103 positive patients).",
        ] {
            assert!(counts_of_another_split(said).is_some(), "{said}");
        }
        for not in [
            "The test set of 1,000 images was held out.",
            "We report the weighted F1 and Cohen's weighted kappa.",
            "Prevalence was 12% in 2019.",
            "The slipway data set has 1000 rows.",
            "We report accuracy, sensitivity and specificity; the confusion matrix is in Table 3.",
            "Sensitivity is TP/(TP+FN); specificity is TN/(TN+FP).",
            "The split was made at the patient level so that no patient's images are in both sets.",
            "Hyper-parameters were tuned with Bayesian optimisation.",
            "Accuracy was 0.91 per 100 runs.",
        ] {
            assert_eq!(counts_of_another_split(not), None, "{not}");
        }
    }
}
