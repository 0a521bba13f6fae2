//! Property test at extreme sizes: random views whose axes are near `isize::MAX`, whose sizes
//! multiply past `usize`, or that have zero-length axes next to huge ones (made with
//! `broadcast_to` over a small buffer), put through random chains of every view operation with
//! arguments that are small, at the edges of the axis, or huge.
//!
//! Each chain runs on the typed API (rank 3, with the rank-changing operations paired so that
//! the rank comes back to 3) and on the dynamic-rank API side by side. After every operation:
//! - both APIs agree: the same layout, or errors of the same kind;
//! - an error never comes from a panic (any panic fails the test);
//! - a result satisfies the layout invariants: `validate` accepts it for the buffer, its element
//!   count is the product of its shape and fits `usize` (the documented bound), `len()` agrees
//!   with the iterator's length, and every index probed (corners and a few inside) maps inside
//!   the buffer and reads an element; small results are iterated to the end.

use proptest::prelude::*;
use ranked::layout::{DynLayout, checked_len};
use ranked::{Axis, DynTensorView, ErrorKind, INFER, Layout, ShapeError, TensorView, s};

/// Sizes a fuzzer would pick: small, one, zero, and the edges of `u32`, `isize` and `usize`.
fn extreme_size() -> impl Strategy<Value = usize> {
    prop_oneof![
        3 => 0usize..4,
        1 => Just(1usize << 31),
        1 => Just(1usize << 32),
        1 => Just((1usize << 32) + 1),
        1 => Just(1usize << 62),
        1 => Just(isize::MAX as usize - 1),
        1 => Just(isize::MAX as usize),
        1 => Just(isize::MAX as usize + 1),
        1 => Just(usize::MAX),
    ]
}

/// An argument relative to the axis it applies to: resolved against the axis size when the
/// operation is applied, so that chains hit the edges of whatever sizes they have reached.
#[derive(Clone, Copy, Debug)]
enum Arg {
    Small(usize),
    /// `size - k` (saturating).
    BelowEnd(usize),
    /// `size + k` (saturating): past the end.
    PastEnd(usize),
    Huge(usize),
}

impl Arg {
    fn at(self, size: usize) -> usize {
        match self {
            Arg::Small(k) => k,
            Arg::BelowEnd(k) => size.saturating_sub(k),
            Arg::PastEnd(k) => size.saturating_add(k),
            Arg::Huge(v) => v,
        }
    }
}

fn arg() -> impl Strategy<Value = Arg> {
    prop_oneof![
        3 => (0usize..4).prop_map(Arg::Small),
        2 => (0usize..3).prop_map(Arg::BelowEnd),
        1 => (1usize..3).prop_map(Arg::PastEnd),
        1 => extreme_size().prop_map(Arg::Huge),
    ]
}

#[derive(Clone, Debug)]
enum Op {
    Swap(usize, usize),
    Flip(usize),
    Permute([usize; 3]),
    Reversed,
    Step(usize, Arg),
    SliceAxis(usize, Arg, Arg, isize),
    Narrow(usize, Arg, Arg),
    /// `s![a..b;step, .., i..]` on the three axes.
    Slice(Arg, Arg, isize, Arg),
    /// Squeeze axis `a`, then insert an axis at `b` (rank 3 → 2 → 3).
    SqueezeUnsqueeze(usize, usize),
    /// Select index `i` of axis `a`, then insert an axis at `b`.
    SelectUnsqueeze(usize, Arg, usize),
    /// Merge axes `a` and `a + 1`, then split the merged axis into `[x, INFER]`.
    MergeSplit(usize, Arg),
    /// The diagonal over two axes, then a new axis at `b`.
    DiagonalUnsqueeze(isize, usize, usize, usize),
    /// Windows along `a`, then select window element `i` (rank 3 → 4 → 3).
    UnfoldSelect(usize, Arg, Arg, Arg),
    /// Broadcast to sizes picked for each axis (size-1 axes may take any size).
    Broadcast([usize; 3]),
    /// `reshape_view` to `[x, y, INFER]`.
    Reshape(Arg, Arg),
}

/// Sizes of the small view that is broadcast first: mostly 1, so that broadcasting reaches
/// the extreme sizes.
fn start_size() -> impl Strategy<Value = usize> {
    prop_oneof![4 => Just(1usize), 1 => Just(0usize), 1 => Just(2usize)]
}

fn axis() -> impl Strategy<Value = usize> {
    0usize..3
}

fn op() -> impl Strategy<Value = Op> {
    let step = prop_oneof![-3isize..=-1, 1isize..=3, Just(isize::MIN), Just(isize::MAX)];
    prop_oneof![
        (axis(), axis()).prop_map(|(i, j)| Op::Swap(i, j)),
        axis().prop_map(Op::Flip),
        Just([0usize, 1, 2]).prop_shuffle().prop_map(Op::Permute),
        Just(Op::Reversed),
        (axis(), arg()).prop_map(|(a, k)| Op::Step(a, k)),
        (axis(), arg(), arg(), step.clone()).prop_map(|(a, p, q, st)| Op::SliceAxis(a, p, q, st)),
        (axis(), arg(), arg()).prop_map(|(a, p, q)| Op::Narrow(a, p, q)),
        (arg(), arg(), step, arg()).prop_map(|(p, q, st, i)| Op::Slice(p, q, st, i)),
        (axis(), axis()).prop_map(|(a, b)| Op::SqueezeUnsqueeze(a, b)),
        (axis(), arg(), axis()).prop_map(|(a, i, b)| Op::SelectUnsqueeze(a, i, b)),
        (0usize..2, arg()).prop_map(|(a, x)| Op::MergeSplit(a, x)),
        (-3isize..=3, axis(), axis(), axis())
            .prop_map(|(o, x, y, b)| Op::DiagonalUnsqueeze(o, x, y, b)),
        (axis(), arg(), arg(), arg()).prop_map(|(a, sz, st, i)| Op::UnfoldSelect(a, sz, st, i)),
        [extreme_size(), extreme_size(), extreme_size()].prop_map(Op::Broadcast),
        (arg(), arg()).prop_map(|(x, y)| Op::Reshape(x, y)),
    ]
}

/// Runs `$body` with `$ax` bound to `Axis::<a>` for the runtime axis `a` (0, 1 or 2).
macro_rules! ax {
    ($a:expr, |$ax:ident| $body:expr) => {
        match $a {
            0 => {
                let $ax = Axis::<0>;
                $body
            }
            1 => {
                let $ax = Axis::<1>;
                $body
            }
            _ => {
                let $ax = Axis::<2>;
                $body
            }
        }
    };
}

/// Runs `$body` with `$ax` bound to `Axis::<b>` for a position of a new axis in a rank-2
/// tensor (0, 1 or 2).
macro_rules! pos {
    ($b:expr, |$ax:ident| $body:expr) => {
        ax!($b, |$ax| $body)
    };
}

type Typed<'a> = TensorView<'a, u8, 3>;
type Dynamic<'a> = DynTensorView<'a, u8>;

/// One operation on both APIs.
fn apply<'a>(
    t: Typed<'a>,
    d: Dynamic<'a>,
    op: &Op,
) -> (
    Result<Typed<'a>, ShapeError>,
    Result<Dynamic<'a>, ShapeError>,
) {
    let size = |a: usize| t.shape()[a];
    match *op {
        Op::Swap(i, j) => (
            Ok(ax!(i, |ai| ax!(j, |aj| t.swap_axes(ai, aj)))),
            d.swap_axes(i, j),
        ),
        Op::Flip(a) => (Ok(ax!(a, |x| t.flip(x))), d.flip(a)),
        Op::Permute(p) => (t.permute(p), d.permute(&p)),
        Op::Reversed => (Ok(t.reversed_axes()), Ok(d.reversed_axes())),
        Op::Step(a, k) => {
            let k = k.at(size(a));
            (ax!(a, |x| t.step(x, k)), d.step(a, k))
        }
        Op::SliceAxis(a, p, q, st) => {
            let (p, q) = (p.at(size(a)), q.at(size(a)));
            (
                ax!(a, |x| t.slice_axis(x, p..q, st)),
                d.slice_axis(a, p..q, st),
            )
        }
        Op::Narrow(a, p, q) => {
            let (p, q) = (p.at(size(a)), q.at(size(a)));
            (ax!(a, |x| t.narrow(x, p, q)), d.narrow(a, p, q))
        }
        Op::Slice(p, q, st, i) => {
            let (p, q, i) = (p.at(size(0)), q.at(size(0)), i.at(size(2)));
            (t.slice(s![p..q;st, .., i..]), d.slice(s![p..q;st, .., i..]))
        }
        Op::SqueezeUnsqueeze(a, b) => (
            ax!(a, |x| t.squeeze(x)).map(|m| pos!(b, |y| m.unsqueeze(y))),
            d.squeeze(a).and_then(|m| m.unsqueeze(b)),
        ),
        Op::SelectUnsqueeze(a, i, b) => {
            let i = i.at(size(a));
            (
                ax!(a, |x| t.select(x, i)).map(|m| pos!(b, |y| m.unsqueeze(y))),
                d.select(a, i).and_then(|m| m.unsqueeze(b)),
            )
        }
        Op::MergeSplit(a, x) => {
            let merged = if a == 0 {
                t.merge(Axis::<0>, Axis::<1>)
            } else {
                t.merge(Axis::<1>, Axis::<2>)
            };
            let x = x.at(merged.as_ref().map_or(0, |m| m.shape()[a]));
            let typed = merged.and_then(|m| {
                if a == 0 {
                    m.split(Axis::<0>, [x, INFER])
                } else {
                    m.split(Axis::<1>, [x, INFER])
                }
            });
            (
                typed,
                d.merge(a, a + 1).and_then(|m| m.split(a, &[x, INFER])),
            )
        }
        Op::DiagonalUnsqueeze(o, x, y, b) => {
            if x == y {
                // Rejected at compile time in the typed API; an error in the dynamic one.
                let err = d.diagonal(o, x, y).unwrap_err();
                assert_eq!(err.kind(), ErrorKind::RepeatedAxis);
                return (Err(err), Err(err));
            }
            let typed = ax!(x, |ax1| ax!(y, |ax2| {
                if x == y {
                    unreachable!()
                }
                diagonal_typed(t, o, ax1, ax2)
            }));
            (
                Ok(pos!(b, |p| typed.unsqueeze(p))),
                d.diagonal(o, x, y).and_then(|m| m.unsqueeze(b)),
            )
        }
        Op::UnfoldSelect(a, sz, st, i) => {
            let (sz, st) = (sz.at(size(a)), st.at(size(a)));
            let i = i.at(sz);
            (
                ax!(a, |x| t.unfold(x, sz, st)).and_then(|w| w.select(Axis::<3>, i)),
                d.unfold(a, sz, st).and_then(|w| w.select(3, i)),
            )
        }
        Op::Broadcast(sizes) => {
            let target: [usize; 3] = core::array::from_fn(|a| {
                if t.shape()[a] == 1 {
                    sizes[a]
                } else {
                    t.shape()[a]
                }
            });
            (t.broadcast_to(target), d.broadcast_to(&target))
        }
        Op::Reshape(x, y) => {
            let (x, y) = (x.at(size(0)), y.at(size(1)));
            (t.reshape_view([x, y, INFER]), d.reshape_dyn(&[x, y, INFER]))
        }
    }
}

/// The typed diagonal for two different axes (the typed API does not compile for equal ones).
fn diagonal_typed<'a, const D1: usize, const D2: usize>(
    t: Typed<'a>,
    offset: isize,
    _: Axis<D1>,
    _: Axis<D2>,
) -> TensorView<'a, u8, 2> {
    // The caller has checked D1 != D2; each pair is spelled out for the compiler.
    match (D1, D2) {
        (0, 1) => t.diagonal(offset, Axis::<0>, Axis::<1>),
        (1, 0) => t.diagonal(offset, Axis::<1>, Axis::<0>),
        (0, 2) => t.diagonal(offset, Axis::<0>, Axis::<2>),
        (2, 0) => t.diagonal(offset, Axis::<2>, Axis::<0>),
        (1, 2) => t.diagonal(offset, Axis::<1>, Axis::<2>),
        _ => t.diagonal(offset, Axis::<2>, Axis::<1>),
    }
}

/// The layout invariants of a view over a buffer of `len` elements.
fn check_invariants(t: &Typed<'_>, d: &Dynamic<'_>, len: usize) -> Result<(), TestCaseError> {
    let layout: Layout<3> = *t.layout();
    prop_assert!(
        layout.validate(len).is_ok(),
        "{layout:?} not valid for {len}"
    );
    let dl: DynLayout = *d.layout();
    prop_assert_eq!(dl.shape(), t.shape());
    prop_assert_eq!(dl.strides(), t.strides());
    prop_assert_eq!(dl.offset(), t.offset());
    prop_assert!(dl.validate(len).is_ok());
    // The element count is the product of the shape and fits `usize`.
    let count = checked_len(t.shape());
    prop_assert_eq!(count, Ok(t.len()), "shape {:?}", t.shape());
    prop_assert_eq!(d.len(), t.len());
    prop_assert_eq!(t.iter().len(), t.len());
    // `is_empty` is its own check (a zero in the shape), not a reading of `len`.
    #[allow(clippy::len_zero)]
    let no_elements = t.len() == 0;
    prop_assert_eq!(t.is_empty(), no_elements);
    if t.is_empty() {
        prop_assert_eq!(t.iter().next(), None);
        return Ok(());
    }
    // Corners and a few indices inside: each maps into the buffer and reads an element.
    let shape = *t.shape();
    let probes = [
        [0, 0, 0],
        shape.map(|d| d - 1),
        shape.map(|d| d / 2),
        [shape[0] - 1, 0, shape[2] / 3],
        [0, shape[1] - 1, shape[2] - 1],
    ];
    for index in probes {
        let offset = layout.try_offset_of(index);
        prop_assert!(matches!(offset, Ok(o) if o < len), "{index:?} → {offset:?}");
        prop_assert!(t.get(index).is_some());
        prop_assert_eq!(d.get(&index), t.get(index));
    }
    if t.len() <= 512 {
        prop_assert_eq!(t.iter().count(), t.len());
        prop_assert_eq!(d.iter().count(), t.len());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 3 } else { 2000 }))]

    /// Random chains of up to ten operations from a small buffer broadcast to extreme sizes.
    #[test]
    fn view_chains_at_extreme_sizes_keep_the_layout_invariants(
        start in [start_size(), start_size(), start_size()],
        first in [extreme_size(), extreme_size(), extreme_size()],
        ops in proptest::collection::vec(op(), 1..10),
    ) {
        let buffer: Vec<u8> = (0..64).map(|x| x as u8).collect();
        // A small strided view (sizes 0..3, row-major over part of the buffer), then broadcast:
        // its size-1 axes take the extreme sizes.
        let t = TensorView::from_slice(&buffer[..start.iter().product::<usize>()], start).unwrap();
        let d = DynTensorView::from_slice(&buffer[..start.iter().product::<usize>()], &start).unwrap();
        let len = t.layout().try_len().unwrap();
        let (mut t, mut d) = match apply(t, d, &Op::Broadcast(first)) {
            (Ok(t), Ok(d)) => (t, d),
            (Err(a), Err(b)) => {
                prop_assert_eq!(a.kind(), b.kind());
                (t, d)
            }
            (a, b) => return Err(TestCaseError::fail(format!("APIs disagree: {a:?} vs {b:?}"))),
        };
        check_invariants(&t, &d, len)?;
        for op in &ops {
            match apply(t, d, op) {
                (Ok(nt), Ok(nd)) => {
                    check_invariants(&nt, &nd, len)?;
                    (t, d) = (nt, nd);
                }
                (Err(a), Err(b)) => prop_assert_eq!(a.kind(), b.kind(), "{:?}", op),
                (a, b) => {
                    return Err(TestCaseError::fail(format!(
                        "APIs disagree on {op:?}: {a:?} vs {b:?}"
                    )));
                }
            }
        }
    }
}
