//! Property tests of the view operations: random chains of operations applied to random strided
//! tensors (size-0 axes, negative strides, offsets), checked element by element against a
//! brute-force model that moves elements by index arithmetic, and against ndarray doing the same
//! chain wherever ndarray has the operation (permute, swap, flip, step, slice, narrow, reversed
//! axes, squeeze, unsqueeze, select, broadcast). Merge, split, diagonal with an offset and
//! unfold have no ndarray view equivalent and are checked against the model only.

use crate::common;

use common::spec;
use ndarray::{ArrayViewD, Axis as NdAxis, IxDyn, ShapeBuilder, Slice};
use proptest::prelude::*;
use ranked::{Axis, DynTensorView, ErrorKind, INFER, Layout, NewAxis, ShapeError, TensorView, s};

// ------------------------------------------------------------------ the brute-force model

/// A tensor as its shape and its elements in logical (row-major) order.
#[derive(Clone, Debug, PartialEq)]
struct Model {
    shape: Vec<usize>,
    data: Vec<i64>,
}

fn all_indices(shape: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for &dim in shape {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..dim).map(move |i| {
                    let mut v = prefix.clone();
                    v.push(i);
                    v
                })
            })
            .collect();
    }
    out
}

impl Model {
    fn at(&self, index: &[usize]) -> i64 {
        let mut lin = 0;
        for (i, d) in index.iter().zip(&self.shape) {
            assert!(i < d);
            lin = lin * d + i;
        }
        self.data[lin]
    }

    /// The model whose element at each new index is the element at `old(new)`.
    fn remap(&self, shape: Vec<usize>, old: impl Fn(&[usize]) -> Vec<usize>) -> Model {
        let data = all_indices(&shape)
            .iter()
            .map(|i| self.at(&old(i)))
            .collect();
        Model { shape, data }
    }

    fn permute(&self, perm: &[usize]) -> Model {
        let shape = perm.iter().map(|&p| self.shape[p]).collect();
        self.remap(shape, |new| {
            let mut old = vec![0; new.len()];
            for (k, &p) in perm.iter().enumerate() {
                old[p] = new[k];
            }
            old
        })
    }

    fn flip(&self, a: usize) -> Model {
        let d = self.shape[a];
        self.remap(self.shape.clone(), |new| {
            let mut old = new.to_vec();
            old[a] = d - 1 - new[a];
            old
        })
    }

    /// `start..end` of axis `a` with `step`; a negative step walks from the range's end.
    fn slice(&self, a: usize, start: usize, end: usize, step: isize) -> Model {
        let len = end - start;
        let k = step.unsigned_abs();
        let mut shape = self.shape.clone();
        shape[a] = len.div_ceil(k);
        self.remap(shape, |new| {
            let mut old = new.to_vec();
            old[a] = if step > 0 {
                start + new[a] * k
            } else {
                end - 1 - new[a] * k
            };
            old
        })
    }

    fn insert_index(&self, a: usize, i: usize) -> impl Fn(&[usize]) -> Vec<usize> {
        move |new: &[usize]| {
            let mut old = new.to_vec();
            old.insert(a, i);
            old
        }
    }

    fn select(&self, a: usize, i: usize) -> Model {
        let mut shape = self.shape.clone();
        shape.remove(a);
        self.remap(shape, self.insert_index(a, i))
    }

    fn unsqueeze(&self, a: usize) -> Model {
        let mut shape = self.shape.clone();
        shape.insert(a, 1);
        self.remap(shape, |new| {
            let mut old = new.to_vec();
            old.remove(a);
            old
        })
    }

    fn reshape(&self, shape: Vec<usize>) -> Model {
        assert_eq!(shape.iter().product::<usize>(), self.data.len());
        Model {
            shape,
            data: self.data.clone(),
        }
    }

    fn diagonal(&self, offset: isize, d1: usize, d2: usize) -> Model {
        let k = offset.unsigned_abs();
        let (s1, s2) = (self.shape[d1], self.shape[d2]);
        let size = if offset >= 0 {
            s1.min(s2.saturating_sub(k))
        } else {
            s1.saturating_sub(k).min(s2)
        };
        let mut shape: Vec<usize> = (0..self.shape.len())
            .filter(|&x| x != d1 && x != d2)
            .map(|x| self.shape[x])
            .collect();
        shape.push(size);
        let rank = self.shape.len();
        self.remap(shape, |new| {
            let i = *new.last().unwrap();
            let mut rest = new[..new.len() - 1].iter();
            (0..rank)
                .map(|x| {
                    if x == d1 {
                        if offset >= 0 { i } else { i + k }
                    } else if x == d2 {
                        if offset >= 0 { i + k } else { i }
                    } else {
                        *rest.next().unwrap()
                    }
                })
                .collect()
        })
    }

    fn unfold(&self, a: usize, size: usize, step: usize) -> Model {
        let mut shape = self.shape.clone();
        shape[a] = (self.shape[a] - size) / step + 1;
        shape.push(size);
        self.remap(shape, |new| {
            let j = *new.last().unwrap();
            let mut old = new[..new.len() - 1].to_vec();
            old[a] = old[a] * step + j;
            old
        })
    }

    fn broadcast(&self, target: &[usize]) -> Model {
        let lead = target.len() - self.shape.len();
        self.remap(target.to_vec(), |new| {
            (0..self.shape.len())
                .map(|x| if self.shape[x] == 1 { 0 } else { new[x + lead] })
                .collect()
        })
    }
}

// ------------------------------------------------------------------ the operations

#[derive(Clone, Debug)]
enum Op {
    Permute(u64),
    Swap(usize, usize),
    Flip(usize),
    Step(usize, usize),
    SliceAxis(usize, usize, usize, isize),
    Narrow(usize, usize, usize),
    Reversed,
    Squeeze(usize),
    Unsqueeze(usize),
    Select(usize, usize),
    Merge(usize),
    Split(usize, usize),
    Diagonal(isize, usize, usize),
    Unfold(usize, usize, usize),
    Broadcast,
}

fn op() -> impl Strategy<Value = Op> {
    let a = 0usize..8;
    prop_oneof![
        any::<u64>().prop_map(Op::Permute),
        (a.clone(), a.clone()).prop_map(|(i, j)| Op::Swap(i, j)),
        a.clone().prop_map(Op::Flip),
        (a.clone(), 1usize..4).prop_map(|(x, k)| Op::Step(x, k)),
        (
            a.clone(),
            0usize..8,
            0usize..8,
            prop_oneof![-3isize..=-1, 1isize..=3]
        )
            .prop_map(|(x, p, q, st)| Op::SliceAxis(x, p, q, st)),
        (a.clone(), 0usize..8, 0usize..8).prop_map(|(x, p, q)| Op::Narrow(x, p, q)),
        Just(Op::Reversed),
        a.clone().prop_map(Op::Squeeze),
        a.clone().prop_map(Op::Unsqueeze),
        (a.clone(), 0usize..8).prop_map(|(x, i)| Op::Select(x, i)),
        a.clone().prop_map(Op::Merge),
        (a.clone(), 0usize..8).prop_map(|(x, d)| Op::Split(x, d)),
        (-3isize..=3, a.clone(), a.clone()).prop_map(|(o, x, y)| Op::Diagonal(o, x, y)),
        (a.clone(), 0usize..8, 1usize..3).prop_map(|(x, sz, st)| Op::Unfold(x, sz, st)),
        Just(Op::Broadcast),
    ]
}

/// A tensor whose rank is only known at run time: the typed API needs a type per rank.
#[derive(Clone, Copy, Debug)]
enum Cur<'a> {
    R1(TensorView<'a, i64, 1>),
    R2(TensorView<'a, i64, 2>),
    R3(TensorView<'a, i64, 3>),
    R4(TensorView<'a, i64, 4>),
    R5(TensorView<'a, i64, 5>),
}

macro_rules! each {
    ($cur:expr, $t:ident => $body:expr) => {
        match $cur {
            Cur::R1($t) => $body,
            Cur::R2($t) => $body,
            Cur::R3($t) => $body,
            Cur::R4($t) => $body,
            Cur::R5($t) => $body,
        }
    };
}

/// Binds `$ax` to `Axis::<k>` for the runtime axis `$a`, for each `k` in the list.
macro_rules! with_axis {
    ($a:expr, [$($k:literal)*], |$ax:ident| $body:expr) => {
        match $a {
            $($k => {
                let $ax = Axis::<$k>;
                $body
            })*
            _ => unreachable!("axis out of range"),
        }
    };
}

/// An operation whose result rank would leave 1..=5 is not generated.
macro_rules! to_variant {
    ((), $e:expr) => {
        None
    };
    (($V:ident), $e:expr) => {
        Some($e.map(Cur::$V))
    };
}

/// Typed operations called with runtime axes, one impl per rank.
trait Ops<'a> {
    fn permute_to(self, perm: &[usize]) -> Cur<'a>;
    fn swap(self, i: usize, j: usize) -> Cur<'a>;
    fn flip_at(self, a: usize) -> Cur<'a>;
    fn step_at(self, a: usize, k: usize) -> Cur<'a>;
    fn slice_at(self, a: usize, start: usize, end: usize, step: isize) -> Cur<'a>;
    fn narrow_at(self, a: usize, start: usize, len: usize) -> Cur<'a>;
    fn reversed(self) -> Cur<'a>;
    fn squeeze_at(self, a: usize) -> Option<Result<Cur<'a>, ShapeError>>;
    fn select_at(self, a: usize, i: usize) -> Option<Result<Cur<'a>, ShapeError>>;
    fn merge_at(self, a: usize) -> Option<Result<Cur<'a>, ShapeError>>;
    fn to_merged_at(self, a: usize) -> Vec<i64>;
    fn diagonal_at(
        self,
        offset: isize,
        d1: usize,
        d2: usize,
    ) -> Option<Result<Cur<'a>, ShapeError>>;
    fn unsqueeze_at(self, a: usize) -> Option<Result<Cur<'a>, ShapeError>>;
    fn split_sizes(self, a: usize, sizes: [usize; 2]) -> Option<Result<Cur<'a>, ShapeError>>;
    fn unfold_at(self, a: usize, size: usize, step: usize) -> Option<Result<Cur<'a>, ShapeError>>;
    fn broadcast_up(self, target: &[usize]) -> Option<Result<Cur<'a>, ShapeError>>;
}

macro_rules! rank_ops {
    (
        $R:literal, $V:ident, axes $axes:tt, axes_and_end $ins:tt, lower $lo:tt, higher $hi:tt,
        merges [$(($m:literal $n:literal))*], diagonals [$(($x:literal $y:literal))*]
    ) => {
        // At ranks 1 and 5 some operations are not generated, leaving their arguments unused.
        #[allow(unused_variables)]
        impl<'a> Ops<'a> for TensorView<'a, i64, $R> {
            fn permute_to(self, perm: &[usize]) -> Cur<'a> {
                Cur::$V(self.permute(perm.try_into().unwrap()).unwrap())
            }
            fn swap(self, i: usize, j: usize) -> Cur<'a> {
                Cur::$V(with_axis!(i, $axes, |ai| with_axis!(j, $axes, |aj| self.swap_axes(ai, aj))))
            }
            fn flip_at(self, a: usize) -> Cur<'a> {
                Cur::$V(with_axis!(a, $axes, |ax| self.flip(ax)))
            }
            fn step_at(self, a: usize, k: usize) -> Cur<'a> {
                Cur::$V(with_axis!(a, $axes, |ax| self.step(ax, k).unwrap()))
            }
            fn slice_at(self, a: usize, start: usize, end: usize, step: isize) -> Cur<'a> {
                Cur::$V(with_axis!(a, $axes, |ax| self.slice_axis(ax, start..end, step).unwrap()))
            }
            fn narrow_at(self, a: usize, start: usize, len: usize) -> Cur<'a> {
                Cur::$V(with_axis!(a, $axes, |ax| self.narrow(ax, start, len).unwrap()))
            }
            fn reversed(self) -> Cur<'a> {
                Cur::$V(self.reversed_axes())
            }
            fn squeeze_at(self, a: usize) -> Option<Result<Cur<'a>, ShapeError>> {
                to_variant!($lo, with_axis!(a, $axes, |ax| self.squeeze(ax)))
            }
            fn select_at(self, a: usize, i: usize) -> Option<Result<Cur<'a>, ShapeError>> {
                to_variant!($lo, with_axis!(a, $axes, |ax| self.select(ax, i)))
            }
            fn merge_at(self, a: usize) -> Option<Result<Cur<'a>, ShapeError>> {
                // Axes a and a + 1.
                to_variant!($lo, match a {
                    $($m => self.merge(Axis::<$m>, Axis::<$n>),)*
                    _ => unreachable!(),
                })
            }
            fn to_merged_at(self, a: usize) -> Vec<i64> {
                match a {
                    $($m => self.to_merged(Axis::<$m>, Axis::<$n>).to_vec(),)*
                    _ => unreachable!(),
                }
            }
            fn diagonal_at(self, offset: isize, d1: usize, d2: usize) -> Option<Result<Cur<'a>, ShapeError>> {
                to_variant!($lo, match (d1, d2) {
                    $(($x, $y) => Ok::<_, ShapeError>(self.diagonal(offset, Axis::<$x>, Axis::<$y>)),)*
                    _ => unreachable!(),
                })
            }
            fn unsqueeze_at(self, a: usize) -> Option<Result<Cur<'a>, ShapeError>> {
                to_variant!($hi, with_axis!(a, $ins, |ax| Ok::<_, ShapeError>(self.unsqueeze(ax))))
            }
            fn split_sizes(self, a: usize, sizes: [usize; 2]) -> Option<Result<Cur<'a>, ShapeError>> {
                to_variant!($hi, with_axis!(a, $axes, |ax| self.split(ax, sizes)))
            }
            fn unfold_at(self, a: usize, size: usize, step: usize) -> Option<Result<Cur<'a>, ShapeError>> {
                to_variant!($hi, with_axis!(a, $axes, |ax| self.unfold(ax, size, step)))
            }
            fn broadcast_up(self, target: &[usize]) -> Option<Result<Cur<'a>, ShapeError>> {
                to_variant!($hi, self.broadcast_to(target.try_into().unwrap()))
            }
        }
    };
}

rank_ops!(
    1, R1, axes [0], axes_and_end [0 1], lower (), higher (R2),
    merges [], diagonals []
);
rank_ops!(
    2, R2, axes [0 1], axes_and_end [0 1 2], lower (R1), higher (R3),
    merges [(0 1)], diagonals [(0 1) (1 0)]
);
rank_ops!(
    3, R3, axes [0 1 2], axes_and_end [0 1 2 3], lower (R2), higher (R4),
    merges [(0 1) (1 2)], diagonals [(0 1) (0 2) (1 0) (1 2) (2 0) (2 1)]
);
rank_ops!(
    4, R4, axes [0 1 2 3], axes_and_end [0 1 2 3 4], lower (R3), higher (R5),
    merges [(0 1) (1 2) (2 3)], diagonals [(0 1) (0 2) (0 3) (1 0) (1 2) (1 3) (2 0) (2 1) (2 3) (3 0) (3 1) (3 2)]
);
rank_ops!(
    5, R5, axes [0 1 2 3 4], axes_and_end [0 1 2 3 4 5], lower (R4), higher (),
    merges [(0 1) (1 2) (2 3) (3 4)], diagonals [(0 1) (0 2) (0 3) (0 4) (1 0) (1 2) (1 3) (1 4) (2 0) (2 1) (2 3) (2 4) (3 0) (3 1) (3 2) (3 4) (4 0) (4 1) (4 2) (4 3)]
);

impl Cur<'_> {
    fn rank(&self) -> usize {
        each!(self, t => t.rank())
    }
    fn shape(&self) -> Vec<usize> {
        each!(self, t => t.shape().to_vec())
    }
    fn strides(&self) -> Vec<isize> {
        each!(self, t => t.strides().to_vec())
    }
    fn values(&self) -> Vec<i64> {
        each!(self, t => t.to_vec())
    }
}

/// The state of one chain: our typed tensor, the same chain on a dynamic-rank tensor (runtime
/// axes), the model, and ndarray while it can follow.
struct State<'a> {
    ours: Cur<'a>,
    dynamic: DynTensorView<'a, i64>,
    model: Model,
    nd: Option<ArrayViewD<'a, i64>>,
}

impl<'a> State<'a> {
    fn check(&self, after: &Op) -> Result<(), TestCaseError> {
        prop_assert_eq!(
            self.ours.shape(),
            self.model.shape.clone(),
            "shape after {:?}",
            after
        );
        prop_assert_eq!(
            self.ours.values(),
            self.model.data.clone(),
            "values after {:?}",
            after
        );
        prop_assert_eq!(
            self.dynamic.shape(),
            &self.model.shape[..],
            "dyn shape after {:?}",
            after
        );
        prop_assert_eq!(
            self.dynamic.to_vec(),
            self.model.data.clone(),
            "dyn values after {:?}",
            after
        );
        if let Some(nd) = &self.nd {
            prop_assert_eq!(
                nd.shape(),
                &self.model.shape[..],
                "ndarray shape after {:?}",
                after
            );
            let theirs: Vec<i64> = nd.iter().copied().collect();
            prop_assert_eq!(
                theirs,
                self.model.data.clone(),
                "ndarray values after {:?}",
                after
            );
        }
        Ok(())
    }

    /// Applies `op` with its parameters folded into range. Operations whose result rank would
    /// leave 1..=5 are skipped; operations that must fail are checked to fail correctly.
    fn apply(&mut self, op: &Op) -> Result<(), TestCaseError> {
        let cur = self.ours;
        let r = cur.rank();
        let shape = cur.shape();
        let nd = self.nd.take();
        let mut keep_nd = None;
        let d = self.dynamic;
        match *op {
            Op::Permute(seed) => {
                let mut perm: Vec<usize> = (0..r).collect();
                let mut x = seed;
                for i in (1..r).rev() {
                    perm.swap(i, (x % (i as u64 + 1)) as usize);
                    x /= i as u64 + 1;
                }
                self.ours = each!(cur, t => t.permute_to(&perm));
                self.dynamic = d.permute(&perm).unwrap();
                self.model = self.model.permute(&perm);
                keep_nd = nd.map(|v| v.permuted_axes(IxDyn(&perm)));
            }
            Op::Swap(i, j) => {
                let (i, j) = (i % r, j % r);
                let mut perm: Vec<usize> = (0..r).collect();
                perm.swap(i, j);
                self.ours = each!(cur, t => t.swap(i, j));
                self.dynamic = d.swap_axes(i, j).unwrap();
                self.model = self.model.permute(&perm);
                keep_nd = nd.map(|mut v| {
                    v.swap_axes(i, j);
                    v
                });
            }
            Op::Flip(a) => {
                let a = a % r;
                self.ours = each!(cur, t => t.flip_at(a));
                self.dynamic = d.flip(a).unwrap();
                self.model = self.model.flip(a);
                keep_nd = nd.map(|mut v| {
                    v.invert_axis(NdAxis(a));
                    v
                });
            }
            Op::Step(a, k) => {
                let a = a % r;
                self.ours = each!(cur, t => t.step_at(a, k));
                self.dynamic = d.step(a, k).unwrap();
                self.model = self.model.slice(a, 0, shape[a], k as isize);
                keep_nd = nd.map(|v| v.slice_axis_move(NdAxis(a), Slice::new(0, None, k as isize)));
            }
            Op::SliceAxis(a, p, q, st) => {
                let a = a % r;
                let dim = shape[a];
                let (p, q) = (p % (dim + 1), q % (dim + 1));
                let (start, end) = (p.min(q), p.max(q));
                self.ours = each!(cur, t => t.slice_at(a, start, end, st));
                self.dynamic = d.slice_axis(a, start..end, st).unwrap();
                self.model = self.model.slice(a, start, end, st);
                keep_nd = nd.map(|v| {
                    v.slice_axis_move(
                        NdAxis(a),
                        Slice::new(start as isize, Some(end as isize), st),
                    )
                });
            }
            Op::Narrow(a, p, q) => {
                let a = a % r;
                let dim = shape[a];
                let start = p % (dim + 1);
                let len = q % (dim - start + 1);
                // One element too many is refused, never clamped.
                let err =
                    each!(cur, t => t.layout().narrow(a, start, dim - start + 1).unwrap_err());
                prop_assert_eq!(err.kind(), ErrorKind::RangeOutOfBounds);
                self.ours = each!(cur, t => t.narrow_at(a, start, len));
                self.dynamic = d.narrow(a, start, len).unwrap();
                self.model = self.model.slice(a, start, start + len, 1);
                keep_nd = nd.map(|v| {
                    let end = Some((start + len) as isize);
                    v.slice_axis_move(NdAxis(a), Slice::new(start as isize, end, 1))
                });
            }
            Op::Reversed => {
                let perm: Vec<usize> = (0..r).rev().collect();
                self.ours = each!(cur, t => t.reversed());
                self.dynamic = d.reversed_axes();
                self.model = self.model.permute(&perm);
                keep_nd = nd.map(|v| v.reversed_axes());
            }
            Op::Squeeze(a) => {
                let a = a % r;
                if let Some(result) = each!(cur, t => t.squeeze_at(a)) {
                    if shape[a] == 1 {
                        self.ours = result.unwrap();
                        self.dynamic = d.squeeze(a).unwrap();
                        self.model = self.model.select(a, 0);
                        keep_nd = nd.map(|v| v.index_axis_move(NdAxis(a), 0));
                    } else {
                        let expected =
                            ShapeError::new(ErrorKind::SizeMismatch, Some(a), 1, shape[a] as i128);
                        prop_assert_eq!(result.unwrap_err(), expected);
                        prop_assert_eq!(d.squeeze(a).unwrap_err(), expected);
                        keep_nd = nd;
                    }
                } else {
                    keep_nd = nd;
                }
            }
            Op::Unsqueeze(a) => {
                let a = a % (r + 1);
                if let Some(result) = each!(cur, t => t.unsqueeze_at(a)) {
                    self.ours = result.unwrap();
                    self.dynamic = d.unsqueeze(a).unwrap();
                    self.model = self.model.unsqueeze(a);
                    keep_nd = nd.map(|v| v.insert_axis(NdAxis(a)));
                } else {
                    keep_nd = nd;
                }
            }
            Op::Select(a, i) => {
                let a = a % r;
                let dim = shape[a];
                let i = if dim == 0 { i } else { i % dim };
                if let Some(result) = each!(cur, t => t.select_at(a, i)) {
                    if dim > 0 {
                        self.ours = result.unwrap();
                        self.dynamic = d.select(a, i).unwrap();
                        self.model = self.model.select(a, i);
                        keep_nd = nd.map(|v| v.index_axis_move(NdAxis(a), i));
                    } else {
                        prop_assert_eq!(result.unwrap_err().kind(), ErrorKind::IndexOutOfBounds);
                        keep_nd = nd;
                    }
                } else {
                    keep_nd = nd;
                }
            }
            Op::Merge(a) => {
                if r >= 2 {
                    let a = a % (r - 1);
                    let strides = cur.strides();
                    let mut new_shape = shape.clone();
                    let inner = new_shape.remove(a + 1);
                    new_shape[a] *= inner;
                    let merged_model = self.model.reshape(new_shape);
                    match each!(cur, t => t.merge_at(a)).unwrap() {
                        Ok(next) => {
                            self.ours = next;
                            self.dynamic = d.merge(a, a + 1).unwrap();
                            self.model = merged_model;
                        }
                        Err(err) => {
                            // The named pair really is not contiguous, and the copy works.
                            prop_assert_eq!(err.kind(), ErrorKind::NotContiguous);
                            prop_assert_eq!(
                                (err.axis(), err.second_axis()),
                                (Some(a), Some(a + 1))
                            );
                            let needed = strides[a + 1] * shape[a + 1] as isize;
                            prop_assert!(
                                shape[a] > 1 && shape[a + 1] > 1 && shape.iter().all(|&d| d > 0)
                            );
                            prop_assert_ne!(strides[a], needed);
                            prop_assert_eq!(
                                (err.expected(), err.found()),
                                (needed as i128, strides[a] as i128)
                            );
                            prop_assert_eq!(each!(cur, t => t.to_merged_at(a)), merged_model.data);
                            prop_assert_eq!(d.merge(a, a + 1).unwrap_err(), err);
                            keep_nd = nd;
                        }
                    }
                } else {
                    keep_nd = nd;
                }
            }
            Op::Split(a, p) => {
                let a = a % r;
                let dim = shape[a];
                let (sizes, parts) = if dim == 0 {
                    ([0, 2], [0, 2])
                } else {
                    let divisors: Vec<usize> =
                        (1..=dim).filter(|x| dim.is_multiple_of(*x)).collect();
                    let x = divisors[p % divisors.len()];
                    ([x, INFER], [x, dim / x])
                };
                if let (true, Some(bad)) =
                    (dim > 1, each!(cur, t => t.split_sizes(a, [dim + 1, INFER])))
                {
                    prop_assert_eq!(bad.unwrap_err().kind(), ErrorKind::NotDivisible);
                }
                if let (true, Some(ambiguous)) =
                    (dim == 0, each!(cur, t => t.split_sizes(a, [0, INFER])))
                {
                    prop_assert_eq!(ambiguous.unwrap_err().kind(), ErrorKind::CannotInfer);
                }
                if let Some(result) = each!(cur, t => t.split_sizes(a, sizes)) {
                    let mut new_shape = shape.clone();
                    new_shape.splice(a..=a, parts);
                    self.ours = result.unwrap();
                    self.dynamic = d.split(a, &sizes).unwrap();
                    self.model = self.model.reshape(new_shape);
                } else {
                    keep_nd = nd;
                }
            }
            Op::Diagonal(offset, x, y) => {
                if r >= 2 {
                    let d1 = x % r;
                    let d2 = (d1 + 1 + y % (r - 1)) % r;
                    self.ours = each!(cur, t => t.diagonal_at(offset, d1, d2))
                        .unwrap()
                        .unwrap();
                    self.dynamic = d.diagonal(offset, d1, d2).unwrap();
                    self.model = self.model.diagonal(offset, d1, d2);
                } else {
                    keep_nd = nd;
                }
            }
            Op::Unfold(a, size, step) => {
                let a = a % r;
                let dim = shape[a];
                let size = size % (dim + 1);
                if let Some(too_big) = each!(cur, t => t.unfold_at(a, dim + 1, step)) {
                    prop_assert_eq!(too_big.unwrap_err().kind(), ErrorKind::RangeOutOfBounds);
                }
                if let Some(result) = each!(cur, t => t.unfold_at(a, size, step)) {
                    self.ours = result.unwrap();
                    self.dynamic = d.unfold(a, size, step).unwrap();
                    self.model = self.model.unfold(a, size, step);
                } else {
                    keep_nd = nd;
                }
            }
            Op::Broadcast => {
                let mut target = vec![2];
                target.extend(shape.iter().map(|&x| if x == 1 { 3 } else { x }));
                if let Some(result) = each!(cur, t => t.broadcast_up(&target)) {
                    let model = self.model.broadcast(&target);
                    if let Some(v) = &nd {
                        let b = v.broadcast(IxDyn(&target)).expect("ndarray broadcasts too");
                        prop_assert_eq!(b.iter().copied().collect::<Vec<_>>(), model.data.clone());
                    }
                    self.ours = result.unwrap();
                    self.dynamic = d.broadcast_to(&target).unwrap();
                    self.model = model;
                } else {
                    keep_nd = nd;
                }
            }
        }
        self.nd = keep_nd;
        self.check(op)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 1000 }))]

    /// Random chains of up to eight operations on random strided rank-3 tensors.
    #[test]
    fn chains_agree_with_the_model_and_ndarray(
        s in spec(3),
        ops in proptest::collection::vec(op(), 1..8),
    ) {
        let data: Vec<i64> = (0..s.len as i64).collect();
        let shape: [usize; 3] = s.shape.clone().try_into().unwrap();
        let strides: [isize; 3] = s.strides().try_into().unwrap();
        let t = TensorView::from_raw_parts(&data[..], Layout::from_parts(shape, strides, s.offset)).unwrap();
        let model = Model { shape: s.shape.clone(), data: t.to_vec() };
        let nd = (!t.is_empty()).then(|| {
            let mut nd = ArrayViewD::from_shape(IxDyn(&s.shape).strides(IxDyn(&s.mags)), &data[s.base..]).unwrap();
            for (axis, &neg) in s.negative.iter().enumerate() {
                if neg {
                    nd.invert_axis(NdAxis(axis));
                }
            }
            nd
        });
        let mut state = State { ours: Cur::R3(t), dynamic: t.into_dyn(), model, nd };
        state.check(&Op::Reversed)?;
        for op in &ops {
            state.apply(op)?;
        }
    }

    /// `s![]` against the model: a range with a step (either sign), an integer (either sign) and
    /// a new axis on a random strided rank-3 tensor.
    #[test]
    fn s_macro_agrees_with_the_model(
        s in spec(3),
        (p, q, st, i, neg) in (0usize..6, 0usize..6, prop_oneof![-3isize..=-1, 1isize..=3], 0usize..6, any::<bool>()),
    ) {
        prop_assume!(s.shape[1] > 0);
        let data: Vec<i64> = (0..s.len as i64).collect();
        let shape: [usize; 3] = s.shape.clone().try_into().unwrap();
        let strides: [isize; 3] = s.strides().try_into().unwrap();
        let t = TensorView::from_raw_parts(&data[..], Layout::from_parts(shape, strides, s.offset)).unwrap();
        let model = Model { shape: s.shape.clone(), data: t.to_vec() };
        let d0 = s.shape[0];
        let (p, q) = (p % (d0 + 1), q % (d0 + 1));
        let (start, end) = (p.min(q), p.max(q));
        let index = i % s.shape[1];
        let signed = if neg { index as isize - s.shape[1] as isize } else { index as isize };
        let v = t.slice(s![start..end;st, signed, NewAxis, ..]).unwrap();
        let expected = model.slice(0, start, end, st).select(1, index).unsqueeze(1);
        prop_assert_eq!(v.shape().to_vec(), expected.shape);
        prop_assert_eq!(v.to_vec(), expected.data);
        // `...` stands for the axes the other items leave (none, one or all), typed and
        // dynamic-rank alike.
        prop_assert_eq!(t.slice(s![start..end;st, signed, ..., NewAxis, ..]).unwrap(), v);
        prop_assert_eq!(t.slice(s![start..end;st, signed, NewAxis, ...]).unwrap(), v);
        prop_assert_eq!(t.slice(s![..., start..end;st, signed, NewAxis, ..]).unwrap(), v);
        prop_assert_eq!(t.slice(s![...]).unwrap(), t);
        prop_assert_eq!(t.slice(s![.., ..., ..]).unwrap(), t);
        prop_assert_eq!(t.slice(s![..., signed, ..]).unwrap(), t.slice(s![.., signed, ..]).unwrap());
        let last = t.slice(s![..., ..;st]).unwrap();
        prop_assert_eq!(last, t.slice(s![.., .., ..;st]).unwrap());
        let d = t.into_dyn().slice(s![start..end;st, ..., NewAxis, ..]).unwrap();
        let e = t.slice(s![start..end;st, .., NewAxis, ..]).unwrap();
        prop_assert_eq!((d.shape().to_vec(), d.to_vec()), (e.shape().to_vec(), e.to_vec()));
        prop_assert_eq!(
            t.into_dyn().slice(s![..., 0, ...]).unwrap_err().kind(),
            ErrorKind::RepeatedEllipsis
        );
        prop_assert_eq!(
            t.into_dyn().slice(s![0, 0, 0, 0, ...]).unwrap_err().kind(),
            ErrorKind::RankMismatch
        );
        // Out of range is an error, not a clamp.
        let too_far = s.shape[1] as isize;
        prop_assert_eq!(
            t.slice(s![.., too_far, ..]).unwrap_err().kind(),
            ErrorKind::IndexOutOfBounds
        );
        prop_assert_eq!(
            t.slice(s![..d0 + 1, 0, ..]).unwrap_err().kind(),
            ErrorKind::RangeOutOfBounds
        );
    }
}
