//! Resolving score names: abbreviations, full names and synonyms, case-insensitively.

use crate::error::{Error, ErrorKind};
use crate::score::Score;

/// Normalises a name for lookup: lower case, with spaces and hyphens read as underscores.
fn normalise(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| match c {
            ' ' | '-' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// Every accepted spelling of `score`, normalised.
fn spellings(score: Score) -> impl Iterator<Item = String> {
    std::iter::once(score.abbreviation())
        .chain(std::iter::once(score.name()))
        .chain(score.synonyms().iter().copied())
        .map(normalise)
}

impl Score {
    /// Resolves a score name (abbreviation, full name or synonym, any case).
    ///
    /// An unknown name is an error listing the closest known names.
    ///
    /// ```
    /// use scorecheck_algebra::Score;
    /// assert_eq!(Score::from_name("Recall").unwrap(), Score::Sens);
    /// assert_eq!(Score::from_name("phi_coefficient").unwrap(), Score::Mcc);
    /// assert!(Score::from_name("acuracy").unwrap_err().to_string().contains("acc"));
    /// ```
    ///
    /// # Errors
    ///
    /// An [`Error`] of kind `UnknownScore` when no score has that name, with the closest known
    /// names as suggestions.
    pub fn from_name(name: &str) -> Result<Score, Error> {
        Score::find(name).ok_or_else(|| {
            Error::new(ErrorKind::UnknownScore {
                name: name.to_string(),
                suggestions: closest_names(&normalise(name), 5),
            })
        })
    }

    /// The score `name` names (any spelling [`Score::from_name`] takes), without the
    /// suggestions of its error: for callers that try many texts that are mostly no score
    /// (a table reader's header cells), where the suggestions would cost most of the time.
    ///
    /// ```
    /// use scorecheck_algebra::Score;
    /// assert_eq!(Score::find("Recall"), Some(Score::Sens));
    /// assert_eq!(Score::find("acuracy"), None);
    /// ```
    pub fn find(name: &str) -> Option<Score> {
        let wanted = normalise(name);
        // Compared as normalised on the fly, without a string per spelling: the CLI resolves
        // every quick flag's name at start-up. ('1-pt' normalises to '1_pt' like its input.)
        let same = |spelling: &str| {
            let mut normalised = spelling.trim().chars().map(|c| match c {
                ' ' | '-' => '_',
                c => c.to_ascii_lowercase(),
            });
            wanted.chars().all(|w| normalised.next() == Some(w)) && normalised.next().is_none()
        };
        for &score in Score::ALL {
            let mut names = [score.abbreviation(), score.name()]
                .into_iter()
                .chain(score.synonyms().iter().copied());
            if names.any(same) {
                return Some(score);
            }
        }
        None
    }

    /// Every accepted spelling (abbreviation, full name, synonyms), for help texts.
    pub fn all_names() -> Vec<(Score, String)> {
        Score::ALL
            .iter()
            .flat_map(|&score| spellings(score).map(move |s| (score, s)))
            .collect()
    }
}

/// Up to `limit` known names closest to `wanted`, best first.
pub fn closest_names(wanted: &str, limit: usize) -> Vec<String> {
    // Known names are short: a name of more than 100 bytes is close to none, and comparing
    // it would cost time in its length.
    if wanted.len() > 100 {
        return Vec::new();
    }
    let mut scored: Vec<(f64, String)> = Score::all_names()
        .into_iter()
        .map(|(_, name)| {
            let similarity = strsim::jaro_winkler(wanted, &name);
            (similarity, name)
        })
        .filter(|(similarity, _)| *similarity > 0.7)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored
        .into_iter()
        .take(limit)
        .map(|(_, name)| name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_resolves_to_its_score() {
        for (score, name) in Score::all_names() {
            assert_eq!(Score::from_name(&name).unwrap(), score, "{name}");
            assert_eq!(
                Score::from_name(&name.to_uppercase()).unwrap(),
                score,
                "{name}"
            );
        }
    }

    #[test]
    fn spellings_are_unambiguous() {
        let names = Score::all_names();
        for (i, (a, x)) in names.iter().enumerate() {
            for (b, y) in &names[i + 1..] {
                assert!(x != y || a == b, "{x} names both {a} and {b}");
            }
        }
    }

    #[test]
    fn reference_synonyms_resolve() {
        // The synonyms documented in the reference's scores.json, plus its abbreviations.
        let table = [
            ("recall", Score::Sens),
            ("true_positive_rate", Score::Sens),
            ("tpr", Score::Sens),
            ("miss_rate", Score::Fnr),
            ("false_alarm", Score::Fpr),
            ("fall_out", Score::Fpr),
            ("selectivity", Score::Spec),
            ("true_negative_rate", Score::Spec),
            ("tnr", Score::Spec),
            ("precision", Score::Ppv),
            ("prec", Score::Ppv),
            ("rec", Score::Sens),
            ("f1", Score::F1p),
            ("p4", Score::Upm),
            ("delta_p", Score::Mk),
            ("informedness", Score::Bm),
            ("phi_coefficient", Score::Mcc),
            ("threat_score", Score::Ji),
            ("ratio_of_verification", Score::Ji),
            ("critical_success_index", Score::Ji),
            ("Tanimoto_coefficient", Score::Ji),
            ("for_", Score::For),
            ("cohens_kappa", Score::Kappa),
            ("positive_predictive_value", Score::Ppv),
            ("fowlkes_mallows_index", Score::Fm),
            ("1-pt", Score::OneMinusPt),
        ];
        for (name, score) in table {
            assert_eq!(Score::from_name(name).unwrap(), score, "{name}");
        }
    }

    #[test]
    fn unknown_names_suggest_close_ones() {
        let err = Score::from_name("sensitivty").unwrap_err();
        match err.kind() {
            ErrorKind::UnknownScore { suggestions, .. } => {
                assert_eq!(suggestions.first().map(String::as_str), Some("sensitivity"));
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}
