//! The bundle checks answered: published experiments (retina, EHG, skin lesion) whose test
//! sets `scorecheck-request` looked up in `scorecheck-data` and planned
//! (`scorecheck_request::bundle_plans`).
//!
//! Each check of the plan is one of the general protocols, exactly as the reference's
//! `mlscorecheck.check.bundles` does:
//!
//! - one image or one test set → the exact single-matrix engine ([`crate::single`]);
//! - several images, score of means → the single-matrix engine on the pooled counts;
//! - several images, mean of scores → the mean-of-scores program with one test set per
//!   image, when every reported or bounded score is defined on every image;
//! - TPEHG → the unknown-folds protocol.
//!
//! What this layer deliberately does not do: it reads nothing (an unknown image, annotator,
//! subset or class was refused while reading, naming the field) and decides nothing beyond
//! combining its checks' conclusions: inconsistent only if inconsistent under every
//! assumption, consistent if consistent under some, undecided otherwise.

use scorecheck_experiment::{linear_form, DatasetSpec, Experiment};
use scorecheck_feasibility::{Certainty, Conclusion};
use scorecheck_request::bundle_plans::{BundleRequest, Label, Plan};
use scorecheck_request::bundles::Testset;
use scorecheck_request::figures::{Figures, MeanFigures};

use crate::mos::MeanOfScoresOutcome;
use crate::options::RunOptions;
use crate::single_matrix::SingleMatrixOutcome;
use crate::{single, Result};

/// What a bundle's checks found.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum BundleOutcome {
    /// One check.
    Check(Box<BundleCheck>),
    /// Checks under their keys (`details_<key>`), in the order they ran.
    Parts(Vec<(String, BundlePart)>),
}

/// One part of a bundle: checked, or why it was not.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum BundlePart {
    /// What the part's checks found.
    Checked(BundleOutcome),
    /// Why the part was not checked (a mean of a score undefined on some test set).
    NotChecked(String),
}

/// One check of a bundle and what the result shows beside it.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct BundleCheck {
    /// What the check found.
    pub outcome: CheckOutcome,
    /// The test set's identifier (an image), for a check of one.
    pub identifier: Option<String>,
    /// How test sets were combined: "score of means: ..." or "mean of scores: ...".
    pub aggregation: Option<&'static str>,
    /// The identifiers of the test sets combined.
    pub testsets: Option<Vec<Option<String>>>,
    /// Lists shown beside the check (`positive_images`, `target`, `against`).
    pub labels: Vec<Label>,
    /// The protocol the bundle reduces to and the dataset's (p, n) (TPEHG).
    pub reduces_to: Option<(&'static str, u64, u64)>,
}

/// The outcome of one check of a bundle, by family.
#[derive(Clone, Debug)]
#[non_exhaustive]
// One outcome per answer: its size does not matter, a box would only add a pointer.
#[allow(clippy::large_enum_variant)]
pub enum CheckOutcome {
    /// The single-matrix check of one test set or of pooled test sets.
    SingleMatrix(SingleMatrixOutcome),
    /// The mean-of-scores check of test sets.
    MeanOfScores(MeanOfScoresOutcome),
    /// The unknown-folds check of TPEHG's recordings.
    UnknownFolds(crate::unknown_folds::UnknownFoldsOutcome),
}

impl CheckOutcome {
    /// What the check concludes.
    pub fn conclusion(&self) -> Conclusion {
        match self {
            CheckOutcome::SingleMatrix(o) => o.conclusion,
            CheckOutcome::MeanOfScores(o) => o.conclusion,
            CheckOutcome::UnknownFolds(o) => o.conclusion,
        }
    }
}

impl BundleOutcome {
    /// What the bundle concludes: a check's conclusion, or for parts, inconsistent when
    /// every part checked is (as certain as the least certain), consistent when some part
    /// is, undecided otherwise.
    pub fn conclusion(&self) -> Conclusion {
        match self {
            BundleOutcome::Check(check) => check.outcome.conclusion(),
            BundleOutcome::Parts(_) => {
                let leaves = self.leaves();
                if leaves.contains(&Conclusion::Consistent) {
                    Conclusion::Consistent
                } else if !leaves.is_empty()
                    && leaves
                        .iter()
                        .all(|c| matches!(c, Conclusion::Inconsistent { .. }))
                {
                    let exact = leaves.iter().all(|c| {
                        *c == Conclusion::Inconsistent {
                            certainty: Certainty::Exact,
                        }
                    });
                    Conclusion::Inconsistent {
                        certainty: if exact {
                            Certainty::Exact
                        } else {
                            Certainty::Solver
                        },
                    }
                } else {
                    Conclusion::Undecided
                }
            }
        }
    }

    /// The reported scores that no consistent check of the parts used (a mean of scores
    /// reads acc, sens, spec and bacc only): the bundle's "consistent" says nothing of them.
    /// Empty for one check (its own `ignored_scores` say it) and for a bundle not consistent.
    pub fn unchecked_scores(&self) -> Vec<String> {
        let BundleOutcome::Parts(_) = self else {
            return Vec::new();
        };
        let mut consistent = Vec::new();
        self.consistent_checks(&mut consistent);
        let Some((first, rest)) = consistent.split_first() else {
            return Vec::new();
        };
        first
            .iter()
            .filter(|score| rest.iter().all(|other| other.contains(score)))
            .cloned()
            .collect()
    }

    /// The scores each consistent check left out, one list per check.
    fn consistent_checks(&self, out: &mut Vec<Vec<String>>) {
        match self {
            BundleOutcome::Check(check) if check.outcome.conclusion() == Conclusion::Consistent => {
                out.push(match &check.outcome {
                    CheckOutcome::MeanOfScores(o) => o.ignored_scores.clone(),
                    CheckOutcome::UnknownFolds(o) => o.ignored_scores.clone(),
                    CheckOutcome::SingleMatrix(_) => Vec::new(),
                });
            }
            BundleOutcome::Check(_) => {}
            BundleOutcome::Parts(parts) => {
                for (_, part) in parts {
                    if let BundlePart::Checked(outcome) = part {
                        outcome.consistent_checks(out);
                    }
                }
            }
        }
    }

    /// The conclusions of every check, in order.
    fn leaves(&self) -> Vec<Conclusion> {
        match self {
            BundleOutcome::Check(check) => vec![check.outcome.conclusion()],
            BundleOutcome::Parts(parts) => parts
                .iter()
                .flat_map(|(_, part)| match part {
                    BundlePart::Checked(outcome) => outcome.leaves(),
                    BundlePart::NotChecked(_) => Vec::new(),
                })
                .collect(),
        }
    }
}

/// Answers a bundle request: every check of its plan.
pub(crate) fn answer(request: &BundleRequest, options: &RunOptions) -> Result<BundleOutcome> {
    answer_plan(&request.plan, request, options)
}

fn answer_plan(
    plan: &Plan,
    request: &BundleRequest,
    options: &RunOptions,
) -> Result<BundleOutcome> {
    let check = |outcome: CheckOutcome| BundleCheck {
        outcome,
        identifier: None,
        aggregation: None,
        testsets: None,
        labels: Vec::new(),
        reduces_to: None,
    };
    let identifiers =
        |testsets: &[Testset]| Some(testsets.iter().map(|t| t.identifier.clone()).collect());
    let found = match plan {
        Plan::Single(testset, labels) => {
            let mut found = check(single_check(request, testset.p, testset.n, options)?);
            found.identifier = testset.identifier.clone();
            found.labels = labels.clone();
            found
        }
        Plan::ScoreOfMeans(testsets) => {
            // The reader refused pooled counts past 2^64.
            let p = testsets.iter().map(|t| t.p).sum();
            let n = testsets.iter().map(|t| t.n).sum();
            let mut found = check(single_check(request, p, n, options)?);
            found.aggregation = Some("score of means: the scores of the pooled matrix");
            found.testsets = identifiers(testsets);
            found
        }
        Plan::MeanOfScores(testsets) => {
            let mut found = check(mos_check(request, testsets, options)?);
            found.aggregation = Some("mean of scores: the mean of the per-image scores");
            found.testsets = identifiers(testsets);
            found
        }
        Plan::SomAndMos(testsets) => {
            let som = answer_plan(&Plan::ScoreOfMeans(testsets.clone()), request, options)?;
            let mos = match mos_undefined(request, testsets)? {
                None => BundlePart::Checked(answer_plan(
                    &Plan::MeanOfScores(testsets.clone()),
                    request,
                    options,
                )?),
                Some(reason) => BundlePart::NotChecked(reason),
            };
            return Ok(BundleOutcome::Parts(vec![
                ("som".into(), BundlePart::Checked(som)),
                ("mos".into(), mos),
            ]));
        }
        Plan::Parts(parts) => {
            return parts
                .iter()
                .map(|(key, part)| {
                    Ok((
                        key.clone(),
                        BundlePart::Checked(answer_plan(part, request, options)?),
                    ))
                })
                .collect::<Result<_>>()
                .map(BundleOutcome::Parts)
        }
        Plan::UnknownFolds(read) => {
            let value = CheckOutcome::UnknownFolds(crate::unknown_folds::answer(read, options)?);
            let set = scorecheck_data::tpehg();
            let mut found = check(value);
            found.reduces_to = Some(("1_dataset_unknown_folds_mos", set.p, set.n));
            found
        }
        // A plan of a kind this facade does not know: nothing is claimed.
        _ => {
            return Err(crate::Error::unsupported(
                "check",
                "this bundle's plan is not answered by this version",
            ))
        }
    };
    Ok(BundleOutcome::Check(Box::new(found)))
}

/// The reported figures every check but TPEHG's reads.
fn figures(request: &BundleRequest) -> Result<Figures> {
    request.figures.clone().ok_or_else(|| {
        crate::Error::missing(
            "scores",
            "this bundle's checks need the reported scores; give them in \"scores\"",
        )
    })
}

/// The exact single-matrix check of a (p, n) (`check_1_testset_no_kfold`).
fn single_check(
    request: &BundleRequest,
    p: u64,
    n: u64,
    options: &RunOptions,
) -> Result<CheckOutcome> {
    let Figures {
        reported, windows, ..
    } = figures(request)?;
    let problem = single::Problem::new(p, n, windows).with_params(reported.params.clone());
    let engine = single::check(&problem, &crate::backend::single_options(options));
    Ok(CheckOutcome::SingleMatrix(SingleMatrixOutcome::new(
        problem, &reported, engine,
    )))
}

/// Why the mean of a reported or bounded score cannot be formed over these test sets, if so.
fn mos_undefined(request: &BundleRequest, testsets: &[Testset]) -> Result<Option<String>> {
    let windows = MeanFigures::of(figures(request)?, None).windows;
    for score in windows
        .iter()
        .map(|w| w.score)
        .chain(request.bounds.iter().map(|b| b.score))
    {
        if let Some(t) = testsets
            .iter()
            .find(|t| linear_form(score, t.p, t.n).is_none())
        {
            return Ok(Some(format!(
                "{score} is undefined on test set {} (p={}, n={}), so the mean of scores is undefined and was not checked",
                t.identifier.as_deref().unwrap_or("?"),
                t.p,
                t.n
            )));
        }
    }
    Ok(None)
}

/// The mean-of-scores check of several test sets, one dataset per test set, `score_bounds`
/// bounding every test set's own scores (`check_n_testsets_mos_no_kfold`).
fn mos_check(
    request: &BundleRequest,
    testsets: &[Testset],
    options: &RunOptions,
) -> Result<CheckOutcome> {
    let MeanFigures {
        windows,
        ignored,
        out_of_range,
        ..
    } = MeanFigures::of(figures(request)?, None);
    let datasets = testsets
        .iter()
        .map(|t| DatasetSpec::single_fold(t.p, t.n, request.bounds.clone()))
        .collect();
    let experiment = Experiment::new(datasets, windows);
    let settled =
        crate::program::settled(experiment.is_constrained(), &ignored, out_of_range.as_ref());
    let verdict = match settled {
        Some(verdict) => verdict,
        None => crate::mos::verdict(&experiment, options)?,
    };
    Ok(CheckOutcome::MeanOfScores(crate::mos::outcome_of(
        &experiment,
        &verdict,
        &ignored,
        options,
    )))
}
