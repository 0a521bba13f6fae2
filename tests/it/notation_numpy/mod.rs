//! `einsum!` against NumPy's `einsum` and the einops macros against einops,
//! over the cases of their own test suites: `tests/data/notation/expected.json`, written by
//! `make_expected.py` beside it, which also writes the calls in `cases.rs`. Every operand is
//! read contiguous, column-major and with a negative stride, and every result is also written
//! into a column-major output. `RANKED_NOTATION_EXPECTED` names another results file (CI
//! points it at one NumPy has just written).

use std::sync::OnceLock;

use ranked::{Axis, CowTensor, ShapeError, Tensor, einsum, einsum_into, rearrange, reduce, repeat};
use serde_json::Value;

mod cases;

fn expected() -> &'static Value {
    static DATA: OnceLock<Value> = OnceLock::new();
    DATA.get_or_init(|| {
        let path = std::env::var("RANKED_NOTATION_EXPECTED").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/notation/expected.json"
            )
            .to_string()
        });
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
}

/// Operand `k` of a case: element `n` (row-major) holds ((7 n + 5 k) mod 11) − 5, as the
/// script fills it.
fn operand<const R: usize>(k: usize, shape: [usize; R]) -> Tensor<f64, R> {
    let len: usize = shape.iter().product();
    let values: Vec<f64> = (0..len)
        .map(|n| ((7 * n + 5 * k) % 11) as f64 - 5.0)
        .collect();
    Tensor::from_vec(values, shape).unwrap()
}

/// The same values stored column-major: read through `.view().reversed_axes()`.
fn column_major<const R: usize>(t: &Tensor<f64, R>) -> Tensor<f64, R> {
    t.view().reversed_axes().to_contiguous()
}

/// The same values stored with the first axis reversed: read through
/// `.view().flip(Axis::<0>)`, a negative stride.
fn flipped<const R: usize>(t: &Tensor<f64, R>) -> Tensor<f64, R>
where
    ranked::Rank<R>: ranked::HasAxis<Axis<0>>,
{
    t.view().flip(Axis::<0>).to_contiguous()
}

/// One case's expected result.
struct Expected {
    what: String,
    shape: Vec<usize>,
    values: Vec<f64>,
}

impl Expected {
    /// The result of a case of the file, described as `what`.
    fn of(case: &Value, what: String) -> Expected {
        Expected {
            what,
            shape: case["shape"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_u64().unwrap() as usize)
                .collect(),
            values: case["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap())
                .collect(),
        }
    }

    fn einsum(index: usize) -> Expected {
        let case = &expected()["einsum"][index];
        Self::of(
            case,
            format!("einsum {} over {}", case["spec"], case["shapes"]),
        )
    }

    fn einops(op: &str, index: usize) -> Expected {
        let case = &expected()[op][index];
        let what = format!(
            "{op} {} {} over {}",
            case["spec"], case["op"], case["shape_in"]
        );
        Self::of(case, what)
    }

    fn check_cow<const R: usize>(&self, got: Result<CowTensor<'_, f64, R>, ShapeError>) {
        self.check(got.map(|c| c.view().to_contiguous()));
    }

    fn check<const R: usize>(&self, got: Result<Tensor<f64, R>, ShapeError>) {
        let got = got.unwrap_or_else(|e| panic!("{}: {e}", self.what));
        assert_eq!(got.shape(), &self.shape[..], "{}", self.what);
        assert_eq!(got.to_vec(), self.values, "{}", self.what);
    }
}

#[test]
fn einsum_agrees_with_numpy() {
    assert_eq!(expected()["einsum"].as_array().unwrap().len(), 85);
    cases::einsum_cases();
}

#[test]
fn einops_macros_agree_with_einops() {
    let count = |op: &str| expected()[op].as_array().unwrap().len();
    if count("rearrange") == 0 {
        // The file was written without einops installed (CI says so when it happens).
        eprintln!("SKIPPED: no einops cases in the expected results");
        return;
    }
    assert_eq!(
        (count("rearrange"), count("reduce"), count("repeat")),
        (18, 60, 10)
    );
    cases::einops_cases();
}
