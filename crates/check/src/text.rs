//! Sentences results carry (explanations, notes): lists and figures as a reader sees them.
//! Plain text, no JSON: the families write their sentences with it before anything is
//! rendered.

/// Items in a sentence: "a", "a and b", "a, b and c".
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
