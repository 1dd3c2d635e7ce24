//! Sentences results carry (explanations, notes): lists and figures as a reader sees them.
//! Plain text, no JSON: the families write their sentences with it before anything is
//! rendered.

use num_rational::BigRational;
use num_traits::ToPrimitive;

/// `x` to four decimals, rounded down (or up): a range shown in a sentence is never
/// narrower than the exact one.
pub(crate) fn four_decimals(x: &BigRational, up: bool) -> String {
    let scale = BigRational::from_integer(10_000.into());
    let scaled = x * &scale;
    let rounded = if up { scaled.ceil() } else { scaled.floor() } / scale;
    format!("{:.4}", rounded.to_f64().unwrap_or(f64::NAN))
}

/// Items in a sentence: "a", "a and b", "a, b and c".
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
