//! Requests whose sizes the fuzzer picks (classes, folds, repeats, digits, exponents): the
//! caps must answer them with an error or a verdict, quickly, whatever the sizes.

use arbitrary::Arbitrary;

/// One request shape with fuzzer-chosen sizes.
#[derive(Arbitrary, Debug)]
pub enum Sized {
    /// A multiclass testset with this many classes (micro or macro).
    Classes { classes: u16, macro_avg: bool, each: u8 },
    /// Multiclass stratified folds: classes × n_folds.
    StratifiedFolds { classes: u16, n_folds: u32, n_repeats: u16 },
    /// Explicit binary folds in a mean-of-scores check.
    ExplicitFolds { folds: u32 },
    /// Unknown folds with many repeats.
    UnknownFolds { p: u16, n: u16, k: u16, repeats: u16 },
    /// A score with this many digits and this exponent.
    Digits { digits: u32, fraction: bool, exponent: i64 },
    /// Many witnesses at huge counts.
    Witnesses { max_witnesses: u32, exponent: u8 },
}

/// Keeps the text of one input to a few megabytes so that the fuzzer stays fast; the caps
/// themselves sit far below these sizes.
fn clamp(v: u64, max: u64) -> u64 {
    v % (max + 1)
}

impl Sized {
    /// The request as JSON text, always with a short `time_limit`.
    pub fn to_json(&self) -> String {
        match *self {
            Sized::Classes { classes, macro_avg, each } => {
                let classes = clamp(u64::from(classes), 12_000).max(2);
                let body: Vec<String> =
                    (0..classes).map(|i| format!("\"c{i}\": {}", u64::from(each) + 1)).collect();
                let check = if macro_avg { "1_testset_no_kfold_macro" } else { "1_testset_no_kfold_micro" };
                format!("{{\"check\": \"{check}\", \"testset\": {{{}}}, \"scores\": {{\"acc\": 0.5, \"sens\": 0.5}}, \"eps\": 0.01, \"time_limit\": 0.5}}", body.join(", "))
            }
            Sized::StratifiedFolds { classes, n_folds, n_repeats } => {
                let classes = clamp(u64::from(classes), 3_000).max(2);
                let body: Vec<String> = (0..classes).map(|i| format!("\"c{i}\": 1000000")).collect();
                format!("{{\"check\": \"1_dataset_known_folds_mos_macro\", \"dataset\": {{{}}}, \"folding\": {{\"n_folds\": {}, \"n_repeats\": {}, \"strategy\": \"stratified_sklearn\"}}, \"scores\": {{\"acc\": 0.5}}, \"eps\": 0.01, \"time_limit\": 0.5}}", body.join(", "), u64::from(n_folds).max(1), u64::from(n_repeats).max(1))
            }
            Sized::ExplicitFolds { folds } => {
                let folds = clamp(u64::from(folds), 150_000).max(1);
                let body = vec!["{\"p\": 1, \"n\": 1}"; folds as usize].join(", ");
                format!("{{\"check\": \"1_dataset_known_folds_mos\", \"dataset\": {{\"p\": {folds}, \"n\": {folds}}}, \"folding\": {{\"folds\": [{body}]}}, \"scores\": {{\"acc\": 0.5}}, \"eps\": 0.01, \"time_limit\": 0.5}}")
            }
            Sized::UnknownFolds { p, n, k, repeats } => format!(
                "{{\"check\": \"1_dataset_unknown_folds_mos\", \"dataset\": {{\"p\": {}, \"n\": {}}}, \"folding\": {{\"n_folds\": {}, \"n_repeats\": {}}}, \"scores\": {{\"acc\": 0.9, \"sens\": 0.9}}, \"eps\": 0.001, \"time_limit\": 0.5}}",
                u64::from(p) + 1,
                u64::from(n) + 1,
                u64::from(k).max(1),
                u64::from(repeats).max(1)
            ),
            Sized::Digits { digits, fraction, exponent } => {
                let digits = clamp(u64::from(digits), 2_000_000).max(1) as usize;
                let mantissa = if fraction { format!("0.{}", "3".repeat(digits)) } else { "3".repeat(digits) };
                format!("{{\"check\": \"1_testset_no_kfold\", \"testset\": {{\"p\": 100, \"n\": 200}}, \"scores\": {{\"acc\": {mantissa}e{exponent}}}, \"eps\": 0.01, \"time_limit\": 0.5}}")
            }
            Sized::Witnesses { max_witnesses, exponent } => {
                let size = 10u128.pow(u32::from(exponent % 19).max(1));
                format!("{{\"check\": \"1_testset_no_kfold\", \"testset\": {{\"p\": {size}, \"n\": {size}}}, \"scores\": {{\"acc\": 0.5}}, \"eps\": 0.1, \"max_witnesses\": {}, \"time_limit\": 0.5}}", u64::from(max_witnesses).max(1))
            }
        }
    }
}
