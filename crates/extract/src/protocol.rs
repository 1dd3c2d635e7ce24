//! The evaluation protocol a text states: k-fold cross-validation with its k, or a hold-out
//! split, with the sentence that states it.

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
fn sentences(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split("\n\n").flat_map(|paragraph| {
        let mut out = Vec::new();
        let mut current = String::new();
        let chars: Vec<char> = paragraph.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            current.push(if c == '\n' { ' ' } else { c });
            let ends = matches!(c, '.' | '!' | '?')
                && chars.get(i + 1).is_none_or(|n| n.is_whitespace())
                // "e.g." and "i.e." and decimals do not end a sentence.
                && !current.ends_with("e.g.")
                && !current.ends_with("i.e.")
                && !current.ends_with("et al.");
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

/// The protocol one sentence states.
fn in_sentence(sentence: &str) -> Option<Protocol> {
    let lower = sentence
        .to_lowercase()
        .replace(['\u{2010}', '\u{2013}', '~'], "-");
    // "5-fold", "5 fold", "five-fold", "ten fold", "10-folds"
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ';'))
        .filter(|w| !w.is_empty())
        .collect();
    let cv_context = lower.contains("cross") || lower.contains("fold") || lower.contains(" cv");
    for (i, word) in words.iter().enumerate() {
        let (count, rest) = match word.split_once('-') {
            Some((count, rest)) => (count, rest),
            None => (*word, words.get(i + 1).copied().unwrap_or("")),
        };
        if !(rest.starts_with("fold")
            || (rest == "cv" && count.bytes().all(|b| b.is_ascii_digit())))
        {
            continue;
        }
        let number = count.parse::<u64>().ok().or_else(|| {
            NUMBER_WORDS
                .iter()
                .find(|(w, _)| *w == count)
                .map(|(_, n)| *n)
        });
        if count == "k" || count == "n" {
            return Some(Protocol::KFold { folds: None });
        }
        if let Some(k) = number.filter(|k| (2..=100).contains(k)) {
            return Some(Protocol::KFold { folds: Some(k) });
        }
    }
    if cv_context && lower.contains("cross-validation") || lower.contains("cross validation") {
        return Some(Protocol::KFold { folds: None });
    }
    if lower.contains("hold-out")
        || lower.contains("holdout")
        || lower.contains("train/test split")
        || lower.contains("train-test split")
        || lower.contains("training/test split")
        || lower.contains("held-out test set")
    {
        return Some(Protocol::HoldOut);
    }
    None
}

/// The protocol `text` states: the first statement found, or none when two statements
/// disagree (then `ambiguous` quotes both).
pub fn stated(text: &str) -> Stated {
    let mut found: Vec<(Protocol, String)> = Vec::new();
    for sentence in sentences(text).take(20_000) {
        if let Some(protocol) = in_sentence(&sentence) {
            // "cross-validation" without k after a sentence that gave k adds nothing.
            let adds = match &protocol {
                Protocol::KFold { folds: None } => !found
                    .iter()
                    .any(|(p, _)| matches!(p, Protocol::KFold { .. })),
                _ => !found.iter().any(|(p, _)| *p == protocol),
            };
            if adds {
                found.retain(|(p, _)| {
                    !matches!(p, Protocol::KFold { folds: None })
                        || !matches!(protocol, Protocol::KFold { .. })
                });
                found.push((protocol, sentence));
            }
        }
    }
    match found.len() {
        0 => Stated::default(),
        1 => {
            let (protocol, sentence) = found.remove(0);
            Stated {
                protocol: Some(protocol),
                sentence,
                ambiguous: None,
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
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn two_protocols_are_ambiguous() {
        let s = stated("We ran 5-fold cross-validation. Then 10-fold cross-validation.");
        assert_eq!(s.protocol, None);
        assert!(s.ambiguous.is_some());
    }
}
