//! The order in which [`einsum!`](crate::einsum) contracts its operands: opt_einsum's greedy
//! algorithm over the run-time sizes, and [`EinsumPath`], which shows the order and its cost.
//!
//! Nothing here knows about tensors: the planner sees each operand as its list of indices
//! (labels), and the size of every index.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::labels::{ELLIPSIS_LABEL, Labels};
use super::spec::MAX_OPERANDS;

impl Labels {
    fn contains(&self, label: u8) -> bool {
        self.as_slice().contains(&label)
    }

    /// Appends `label` unless it is there already.
    fn insert(&mut self, label: u8) {
        if !self.contains(label)
            && let Some(slot) = self.bytes.get_mut(self.len)
        {
            *slot = label;
            self.len += 1;
        }
    }

    /// The number of elements of a tensor with one axis per distinct label, as a float (the
    /// cost model's unit; it never overflows).
    fn volume(&self, sizes: &[Option<usize>; 256]) -> f64 {
        let mut distinct = Labels::EMPTY;
        for &l in self.as_slice() {
            distinct.insert(l);
        }
        distinct
            .as_slice()
            .iter()
            .map(|&l| sizes[usize::from(l)].unwrap_or(1) as f64)
            .product()
    }
}

/// One pairwise contraction of a path.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Step {
    /// The positions, in the list of operands left before this step, of the two operands
    /// contracted (the result is appended to the list, as opt_einsum numbers it).
    pub(crate) pair: [usize; 2],
    /// The indices of the result, in its axis order.
    pub(crate) result: Labels,
    /// Multiply-adds: the product of the sizes of every index of both operands.
    pub(crate) flops: f64,
}

/// opt_einsum's greedy order for `terms` (at least two) into `output`: while more than one
/// operand is left, contract the pair whose result is smallest against its operands (the cost
/// `size(result) − size(a) − size(b)`), preferring pairs that share an index and, on ties,
/// fewer multiply-adds; the result keeps the indices that the output or another operand
/// still needs. The last step writes the output's indices in the output's order.
pub(crate) fn greedy(
    terms: &[Labels],
    output: &[u8],
    sizes: &[Option<usize>; 256],
) -> ([Step; MAX_OPERANDS], usize) {
    let mut left = [Labels::EMPTY; MAX_OPERANDS];
    let mut n = terms.len().min(MAX_OPERANDS);
    left[..n].copy_from_slice(&terms[..n]);
    let mut steps = [Step {
        pair: [0, 0],
        result: Labels::EMPTY,
        flops: 0.0,
    }; MAX_OPERANDS];
    let mut n_steps = 0;
    while n > 1 {
        // (shares no index, cost, flops, i, j, result)
        let mut best: Option<(bool, f64, f64, usize, usize, Labels)> = None;
        for i in 0..n {
            for j in i + 1..n {
                let result = if n == 2 {
                    Labels::of(output).unwrap_or(Labels::EMPTY)
                } else {
                    kept(&left[..n], i, j, output)
                };
                let mut both = left[i];
                for &l in left[j].as_slice() {
                    both.insert(l);
                }
                let flops = both.volume(sizes);
                let cost = result.volume(sizes) - left[i].volume(sizes) - left[j].volume(sizes);
                let apart = !left[i].as_slice().iter().any(|&l| left[j].contains(l));
                let better = match best {
                    None => true,
                    Some((b_apart, b_cost, b_flops, ..)) => {
                        (apart, cost, flops) < (b_apart, b_cost, b_flops)
                    }
                };
                if better {
                    best = Some((apart, cost, flops, i, j, result));
                }
            }
        }
        let Some((_, _, flops, i, j, result)) = best else {
            break;
        };
        steps[n_steps] = Step {
            pair: [i, j],
            result,
            flops,
        };
        n_steps += 1;
        // Remove `j`, then `i` (i < j), and append the result.
        left.copy_within(j + 1..n, j);
        left.copy_within(i + 1..n - 1, i);
        n -= 2;
        left[n] = result;
        n += 1;
    }
    (steps, n_steps)
}

/// The indices of the contraction of operands `i` and `j` of `left` that the output or
/// another operand needs, in the order they first appear in `i`, then `j`.
fn kept(left: &[Labels], i: usize, j: usize, output: &[u8]) -> Labels {
    let needed = |l: u8| {
        output.contains(&l)
            || left
                .iter()
                .enumerate()
                .any(|(k, t)| k != i && k != j && t.contains(l))
    };
    let mut result = Labels::EMPTY;
    for &l in left[i].as_slice().iter().chain(left[j].as_slice()) {
        if needed(l) {
            result.insert(l);
        }
    }
    result
}

/// The order in which [`einsum!`](crate::einsum) contracts its operands, and its cost: what
/// [`einsum_path!`](crate::einsum_path) returns, as `np.einsum_path` and opt_einsum's
/// `contract_path` do.
///
/// Operands are contracted two at a time, each pair as one batched matrix product. The pair
/// is chosen greedily (opt_einsum's default for more than a few operands): the one whose
/// result is smallest against its two operands, preferring pairs that share an index; the
/// result is appended to the list of operands left. Its `Display` lists the steps with the
/// spec of each and its multiply-adds. Axes that `...` stands for are written `α`, `β`, ….
///
/// # Examples
///
/// ```
/// use ranked::{Tensor, einsum_path};
///
/// let a: Tensor<f64, 2> = Tensor::ones([1000, 10]);
/// let b: Tensor<f64, 2> = Tensor::ones([10, 1000]);
/// let c: Tensor<f64, 2> = Tensor::ones([1000, 10]);
/// let path = einsum_path!("ij,jk,kl->il", a, b, c).unwrap();
/// // `b · c` first: a 10×10 intermediate instead of 1000×1000.
/// assert_eq!(path.steps()[0].operands(), [1, 2]);
/// assert_eq!(path.steps()[0].spec(), "jk,kl->jl");
/// assert_eq!(path.steps()[1].spec(), "ij,jl->il");
/// assert_eq!(path.flops(), 200_000.0);
/// assert_eq!(path.naive_flops(), 2e8); // i·j·k·l, two multiply-adds each
/// println!("{path}");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct EinsumPath {
    spec: String,
    steps: Vec<EinsumStep>,
    naive: f64,
}

/// One contraction of an [`EinsumPath`].
#[derive(Clone, Debug, PartialEq)]
pub struct EinsumStep {
    operands: [usize; 2],
    spec: String,
    flops: f64,
}

impl EinsumStep {
    /// The positions of the two operands contracted, in the list of operands left before
    /// this step (the inputs in order, then the results of the earlier steps).
    #[must_use]
    pub fn operands(&self) -> [usize; 2] {
        self.operands
    }

    /// The step as an einsum spec of two operands.
    #[must_use]
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// Its multiply-adds: the product of the sizes of every index of both operands.
    #[must_use]
    pub fn flops(&self) -> f64 {
        self.flops
    }
}

impl EinsumPath {
    /// The path of `steps` over `terms`, with `naive` the multiply-adds of one loop over every
    /// index.
    pub(crate) fn new(
        spec: &str,
        terms: &[Labels],
        steps: &[Step],
        sizes: &[Option<usize>; 256],
    ) -> EinsumPath {
        let mut left: Vec<Labels> = terms.to_vec();
        let mut all = Labels::EMPTY;
        for t in terms {
            for &l in t.as_slice() {
                all.insert(l);
            }
        }
        let naive = all.volume(sizes) * (terms.len().max(2) - 1) as f64;
        let mut out = Vec::with_capacity(steps.len());
        for step in steps {
            let [i, j] = step.pair;
            let (Some(a), Some(b)) = (left.get(i).copied(), left.get(j).copied()) else {
                break;
            };
            let mut text = String::new();
            push_labels(&mut text, a.as_slice());
            text.push(',');
            push_labels(&mut text, b.as_slice());
            text.push_str("->");
            push_labels(&mut text, step.result.as_slice());
            out.push(EinsumStep {
                operands: step.pair,
                spec: text,
                flops: step.flops,
            });
            left.remove(j);
            left.remove(i);
            left.push(step.result);
        }
        EinsumPath {
            spec: String::from(spec),
            steps: out,
            naive,
        }
    }

    /// The contractions, in order; empty for one operand.
    #[must_use]
    pub fn steps(&self) -> &[EinsumStep] {
        &self.steps
    }

    /// The multiply-adds of the path: the sum over its steps.
    #[must_use]
    pub fn flops(&self) -> f64 {
        self.steps.iter().map(|s| s.flops).sum()
    }

    /// The multiply-adds of contracting every operand in one loop over every index (each
    /// iteration multiplies all operands: one multiply-add per operand after the first).
    #[must_use]
    pub fn naive_flops(&self) -> f64 {
        self.naive
    }
}

/// Writes labels as letters, and the axes of `...` as Greek letters.
fn push_labels(text: &mut String, labels: &[u8]) {
    for &l in labels {
        if l >= ELLIPSIS_LABEL {
            let greek = char::from_u32(u32::from('α') + u32::from(l - ELLIPSIS_LABEL));
            text.push(greek.unwrap_or('?'));
        } else {
            text.push(char::from(l));
        }
    }
}

impl fmt::Display for EinsumPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "einsum \"{}\": {} contraction{}, {:.3e} multiply-adds (one loop over every index: {:.3e})",
            self.spec,
            self.steps.len(),
            if self.steps.len() == 1 { "" } else { "s" },
            self.flops(),
            self.naive
        )?;
        for (k, s) in self.steps.iter().enumerate() {
            writeln!(
                f,
                "  {}. operands {:?}: {}  ({:.3e} multiply-adds)",
                k + 1,
                s.operands,
                s.spec,
                s.flops
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(pairs: &[(u8, usize)]) -> [Option<usize>; 256] {
        let mut s = [None; 256];
        for &(l, n) in pairs {
            s[usize::from(l)] = Some(n);
        }
        s
    }

    #[test]
    fn greedy_takes_the_small_intermediate_first() {
        let terms = [b"ij", b"jk", b"kl"].map(|t| Labels::of(t).unwrap());
        let s = sizes(&[(b'i', 1000), (b'j', 10), (b'k', 1000), (b'l', 10)]);
        let (steps, n) = greedy(&terms, b"il", &s);
        assert_eq!(n, 2);
        assert_eq!(steps[0].pair, [1, 2]);
        assert_eq!(steps[0].result.as_slice(), b"jl");
        assert_eq!(steps[1].pair, [0, 1]);
        assert_eq!(steps[1].result.as_slice(), b"il");
        // Sizes the other way round: `a · b` first.
        let s = sizes(&[(b'i', 10), (b'j', 1000), (b'k', 10), (b'l', 1000)]);
        let (steps, _) = greedy(&terms, b"il", &s);
        assert_eq!(steps[0].pair, [0, 1]);
    }

    #[test]
    fn pairs_that_share_an_index_come_before_outer_products() {
        let terms = [&b"i"[..], b"j", b"ij"].map(|t| Labels::of(t).unwrap());
        let s = sizes(&[(b'i', 3), (b'j', 4)]);
        let (steps, n) = greedy(&terms, b"", &s);
        assert_eq!(n, 2);
        // `j · ij` leaves 3 elements of 16, `i · ij` 4 of 15.
        assert_eq!(steps[0].pair, [1, 2]);
        assert_eq!(steps[0].result.as_slice(), b"i");
    }
}
