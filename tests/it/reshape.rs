//! Reshape: the exhaustive check of the no-copy planner against a brute-force decision, the
//! seed cases, the copying fallback, the explanation, and typed ↔ dynamic round trips.

use crate::common;

use common::spec;
use proptest::prelude::*;
use ranked::layout::{DynLayout, GroupKind, Verdict};
use ranked::{
    CowTensor, DynTensorView, ErrorKind, INFER, Layout, Tensor, TensorView, TensorViewMut,
};

/// Every shape of rank ≤ 4 with sizes in `sizes`.
fn shapes(sizes: std::ops::RangeInclusive<usize>) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    let mut frontier = vec![vec![]];
    for _ in 0..4 {
        let mut next = Vec::new();
        for s in &frontier {
            for d in sizes.clone() {
                let mut t: Vec<usize> = s.clone();
                t.push(d);
                next.push(t);
            }
        }
        all.extend(next.iter().cloned());
        frontier = next;
    }
    all
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n - 1);
            out.push(q);
        }
    }
    out
}

/// Does some choice of strides and offset make `target` walk exactly the memory positions
/// `logical` (the source's elements in row-major order)? Strides of axes longer than 1 are
/// forced by the unit steps, so deriving them and checking every element decides it.
fn brute_force_view_exists(logical: &[usize], target: &[usize]) -> bool {
    if logical.is_empty() {
        return true;
    }
    let origin = logical[0] as isize;
    let rank = target.len();
    let mut strides = vec![0isize; rank];
    let mut unit = 1usize;
    for axis in (0..rank).rev() {
        if target[axis] > 1 {
            strides[axis] = logical[unit] as isize - origin;
        }
        unit *= target[axis];
    }
    let mut index = vec![0usize; rank];
    for &pos in logical {
        let at = origin
            + index
                .iter()
                .zip(&strides)
                .map(|(&i, &s)| i as isize * s)
                .sum::<isize>();
        if at != pos as isize {
            return false;
        }
        for axis in (0..rank).rev() {
            index[axis] += 1;
            if index[axis] < target[axis] {
                break;
            }
            index[axis] = 0;
        }
    }
    true
}

/// For every shape of rank ≤ 4 with sizes ≤ 4, every permutation of it, each with nothing else
/// or one of a step of 2, a slice dropping the first element, or a flip on one axis, and every
/// target shape (rank ≤ 4, sizes ≤ 4, plus the flat shape) with the same element count: the
/// planner finds a view exactly when the brute-force decision says one exists, and the view's
/// elements equal the copy's.
#[test]
#[cfg_attr(miri, ignore = "exhaustive: millions of pairs; runs natively")]
fn planner_agrees_with_brute_force_exhaustively() {
    let all = shapes(0..=4);
    let mut by_count: std::collections::BTreeMap<usize, Vec<Vec<usize>>> = Default::default();
    for s in &all {
        let n: usize = s.iter().product();
        // Shapes without elements are all views of each other; a few ranks of them suffice.
        if n == 0 && s.len() > 2 {
            continue;
        }
        by_count.entry(n).or_default().push(s.clone());
    }
    for (&n, targets) in by_count.iter_mut() {
        if n > 4 && !targets.contains(&vec![n]) {
            targets.push(vec![n]);
        }
    }
    let data: Vec<usize> = (0..256).collect();
    let (mut checked, mut views, mut copies) = (0usize, 0usize, 0usize);
    for shape in &all {
        let n: usize = shape.iter().product();
        let base = DynTensorView::from_slice(&data[..n], shape).unwrap();
        for perm in permutations(shape.len()) {
            let permuted = base.permute(&perm).unwrap();
            let mut variants = vec![permuted];
            for axis in 0..shape.len() {
                variants.push(permuted.step(axis, 2).unwrap());
                let d = permuted.shape()[axis];
                if d > 0 {
                    variants.push(permuted.slice_axis(axis, 1.., 1).unwrap());
                }
                variants.push(permuted.flip(axis).unwrap());
            }
            for view in variants {
                let logical: Vec<usize> = view.iter().copied().collect();
                let Some(targets) = by_count.get(&logical.len()) else {
                    continue;
                };
                for target in targets {
                    let expected = brute_force_view_exists(&logical, target);
                    let planned = view.reshape_dyn(target);
                    checked += 1;
                    match planned {
                        Ok(r) => {
                            assert!(
                                expected,
                                "planner found a view the brute force says cannot exist: {:?} {:?} -> {:?}",
                                view.layout(),
                                logical,
                                target
                            );
                            assert_eq!(r.shape(), &target[..]);
                            assert!(r.iter().copied().eq(logical.iter().copied()));
                            views += 1;
                        }
                        Err(err) => {
                            assert!(
                                !expected,
                                "planner missed a view: {:?} -> {:?}: {err}",
                                view.layout(),
                                target
                            );
                            assert_eq!(err.kind(), ErrorKind::NotContiguous);
                            let copy = view.to_contiguous();
                            let r = copy.view().reshape_dyn(target).unwrap();
                            assert!(r.iter().copied().eq(logical.iter().copied()));
                            copies += 1;
                        }
                    }
                }
            }
        }
    }
    eprintln!("{checked} (layout, target) pairs checked: {views} views, {copies} copies");
    assert!(
        checked > 100_000 && views > 10_000 && copies > 10_000,
        "{checked} {views} {copies}"
    );
}

#[test]
fn kept_leading_axes_are_groups_of_their_own_and_keep_their_strides() {
    // Each group as (old axes, new axes, kind).
    let groups = |from: &[usize], to: &[usize]| -> Vec<_> {
        let plan = DynLayout::row_major(from)
            .unwrap()
            .plan_reshape(to)
            .unwrap();
        plan.groups()
            .iter()
            .map(|g| (g.old, g.new, g.kind))
            .collect()
    };
    assert_eq!(
        groups(&[2, 3, 20], &[2, 3, 4, 5]),
        [
            ((0, 1), (0, 1), GroupKind::Keep),
            ((1, 2), (1, 2), GroupKind::Keep),
            ((2, 3), (2, 4), GroupKind::Split),
        ]
    );
    // A size-1 axis kept on both sides; after the kept axes, a size-1 axis on one side only
    // merges with the next.
    assert_eq!(
        groups(&[1, 6, 1, 4], &[1, 6, 4]),
        [
            ((0, 1), (0, 1), GroupKind::Keep),
            ((1, 2), (1, 2), GroupKind::Keep),
            ((2, 4), (2, 3), GroupKind::Merge),
        ]
    );
    // Strided views: the kept axes keep their strides (negative, stepped), the rest is planned.
    let m = Tensor::from_fn([2, 6, 20], |[i, j, k]| 1000 * i + 100 * j + k);
    let flipped = m.view().flip(ranked::Axis::<0>);
    let r = flipped.reshape_view([2, 6, 4, 5]).unwrap();
    assert_eq!(r.strides(), &[-120, 20, 5, 1]);
    assert_eq!(r.to_vec(), flipped.to_vec());
    let stepped = m.view().slice(ranked::s![.., ..;2, ..]).unwrap();
    let r = stepped.reshape_view([2, 3, 2, INFER]).unwrap();
    assert_eq!(
        (r.shape(), r.strides()),
        (&[2, 3, 2, 10], &[120, 40, 10, 1])
    );
    assert_eq!(r.to_vec(), stepped.to_vec());
    // A kept prefix does not hide a later axis that cannot merge.
    let err = stepped.reshape_view([2, 60]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotContiguous);
}

#[test]
fn seed_cases() {
    // Pure grouping.
    let t: Tensor<u8, 4> = Tensor::zeros([2, 3, 4, 5]);
    let r = t.view().reshape_view([6, 20]).unwrap();
    assert_eq!((r.shape(), r.strides()), (&[6, 20], &[20, 1]));
    let plan = t.plan_reshape(&[6, 20]).unwrap();
    assert_eq!(plan.groups().len(), 2);
    assert!(plan.groups().iter().all(|g| g.kind == GroupKind::Merge));
    assert_eq!(plan.groups()[0].old, (0, 2));

    // Pure ungrouping.
    let t: Tensor<u8, 2> = Tensor::zeros([6, 20]);
    let r = t.view().reshape_view([2, 3, 4, 5]).unwrap();
    assert_eq!(r.strides(), &[60, 20, 5, 1]);
    let plan = t.plan_reshape(&[2, 3, 4, 5]).unwrap();
    assert!(plan.groups().iter().all(|g| g.kind == GroupKind::Split));

    // The seed's "[6, 8] → [2, 36]" has 48 elements on one side and 72 on the other: an error
    // naming both counts. Its intended split-then-merge is [6, 8] → [2, 24].
    let t: Tensor<u8, 2> = Tensor::zeros([6, 8]);
    let err = t.view().reshape_view([2, 36]).unwrap_err();
    assert_eq!(
        (err.kind(), err.expected(), err.found()),
        (ErrorKind::CountMismatch, 48, 72)
    );
    assert_eq!(
        err.to_string(),
        "cannot reshape 48 elements into a shape of 72 elements"
    );
    let plan = t.plan_reshape(&[2, 24]).unwrap();
    assert_eq!(plan.groups()[0].kind, GroupKind::SplitThenMerge);
    assert!(t.view().reshape_view([2, 24]).is_ok());

    // Merge-then-split: no common refinement of [6, 8] and [4, 12].
    let plan = t.plan_reshape(&[4, 12]).unwrap();
    assert_eq!(plan.groups()[0].kind, GroupKind::MergeThenSplit);
    assert_eq!(plan.verdict(), Verdict::View);
    assert_eq!(t.view().reshape_view([4, 12]).unwrap().strides(), &[12, 1]);

    // A transposed [6, 8] flattened must copy (or fail in `reshape_view`).
    let m = Tensor::from_fn([6, 8], |[i, j]| 8 * i + j);
    let transposed = m.view().t();
    let err = transposed.reshape_view([48]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotContiguous);
    assert_eq!((err.axis(), err.second_axis()), (Some(0), Some(1)));
    assert_eq!((err.expected(), err.found()), (48, 1));
    match transposed.reshape([48]).unwrap() {
        CowTensor::Owned(copy) => assert_eq!(copy.to_vec(), transposed.to_vec()),
        CowTensor::View(_) => panic!("a transposed matrix cannot be flattened without a copy"),
    }
    let plan = transposed.plan_reshape(&[48]).unwrap();
    assert!(!plan.is_view());
    assert!(
        plan.to_string()
            .starts_with("[8, 6] -> [48]: needs a copy: axes 0 and 1")
    );
}

#[test]
fn inferred_sizes_and_errors() {
    let t: Tensor<u8, 2> = Tensor::zeros([6, 8]);
    assert_eq!(
        t.view().reshape_view([INFER, 12]).unwrap().shape(),
        &[4, 12]
    );
    assert_eq!(t.reshape([2, INFER, 4]).unwrap().view().shape(), &[2, 6, 4]);
    let err = t.view().reshape_view([INFER, 5]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::CountMismatch);
    assert_eq!((err.expected(), err.found()), (48, 5));
    assert_eq!(
        t.view().reshape_view([INFER, INFER]).unwrap_err().kind(),
        ErrorKind::MultipleInferred
    );
    let overflow = t.view().reshape_view([usize::MAX - 1, 2]).unwrap_err();
    assert_eq!(overflow.kind(), ErrorKind::Overflow);
    assert_eq!(overflow.axis(), Some(1));
    // Empty tensors reshape to any shape with no elements.
    let e: Tensor<u8, 2> = Tensor::zeros([0, 3]);
    assert_eq!(
        e.view().reshape_view([3, 0, 7]).unwrap().shape(),
        &[3, 0, 7]
    );
    assert_eq!(
        e.view().reshape_view([INFER, 0]).unwrap_err().kind(),
        ErrorKind::CannotInfer
    );
    // Size-1 axes never break a group, whatever their stride.
    let l = Layout::from_parts([2, 1, 3], [3, 77, 1], 0);
    assert_eq!(l.reshape_view([6, 1]).unwrap().strides()[0], 1);
}

#[test]
fn reshape_of_owned_and_mutable_tensors() {
    let t = Tensor::from_fn([2, 3], |[i, j]| 3 * i + j);
    let r: Tensor<usize, 3> = t.clone().reshape_view([3, 1, 2]).unwrap();
    assert_eq!(r.into_vec(), [0, 1, 2, 3, 4, 5]);
    let mut data = [0u8; 6];
    let mut w = TensorViewMut::from_slice_mut(&mut data, [2, 3])
        .unwrap()
        .reshape_view([6])
        .unwrap();
    w[[5]] = 9;
    assert_eq!(data[5], 9);
}

#[test]
fn dynamic_tensor_iterates_formats_and_converts() {
    let data: Vec<i32> = (0..12).collect();
    let d = DynTensorView::from_slice(&data, &[3, 4])
        .unwrap()
        .reversed_axes();
    assert_eq!(d.to_vec(), [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]);
    assert_eq!(d.iter().len(), 12);
    assert_eq!(
        format!("{d}"),
        "[[ 0  4  8]\n [ 1  5  9]\n [ 2  6 10]\n [ 3  7 11]]"
    );
    assert!(
        format!("{d:?}").starts_with(
            "Tensor { shape: [4, 3], strides: [1, 4], offset: 0, layout: F-contiguous"
        )
    );
    let owned = d.to_contiguous();
    assert_eq!(owned.as_slice().unwrap(), &d.to_vec()[..]);
    assert_eq!(owned.into_vec(), d.to_vec());
    assert_eq!(d[&[3, 2][..]], 11);
    assert_eq!(d.get(&[4, 0]), None);
    assert_eq!(d.get(&[0]), None);
    let (last_index, last) = d.indexed_iter().last().unwrap();
    assert_eq!((&*last_index, *last), (&[3, 2][..], 11));
    let scalar = DynTensorView::from_slice(&data[..1], &[]).unwrap();
    assert_eq!((scalar.rank(), format!("{scalar}")), (0, "0".to_string()));
    let err = DynTensorView::from_slice(&data, &[1; 17]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::TooManyAxes);
    let deep = DynLayout::row_major(&[1; 16]).unwrap();
    assert_eq!(
        deep.unsqueeze(0).unwrap_err().kind(),
        ErrorKind::TooManyAxes
    );
}

#[test]
#[should_panic(expected = "index [0, 9] is out of bounds for a tensor of shape [3, 4]")]
fn dynamic_index_panics_with_index_and_shape() {
    let data = [0; 12];
    let d = DynTensorView::from_slice(&data, &[3, 4]).unwrap();
    let _ = d[&[0, 9][..]];
}

#[test]
#[should_panic(expected = "cannot convert to a rank-3 tensor: expected rank 3, found rank 2")]
fn into_rank_panics_naming_both_ranks() {
    let data = [0; 12];
    let _ = DynTensorView::from_slice(&data, &[3, 4])
        .unwrap()
        .into_rank::<3>();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 300 }))]

    /// Typed → dynamic → typed keeps shape, strides and offset (and the elements).
    #[test]
    fn typed_dynamic_round_trips(s in spec(3)) {
        let data: Vec<i64> = (0..s.len as i64).collect();
        let shape: [usize; 3] = s.shape.clone().try_into().unwrap();
        let strides: [isize; 3] = s.strides().try_into().unwrap();
        let layout = Layout::from_parts(shape, strides, s.offset);
        let t = TensorView::from_raw_parts(&data[..], layout).unwrap();
        let d = t.into_dyn();
        prop_assert_eq!(d.shape(), &shape[..]);
        prop_assert_eq!(d.strides(), &strides[..]);
        prop_assert_eq!(d.offset(), s.offset);
        prop_assert_eq!(d.to_vec(), t.to_vec());
        prop_assert_eq!(format!("{d}"), format!("{t}"));
        let back: TensorView<'_, i64, 3> = d.try_into_rank().unwrap();
        prop_assert_eq!(back.layout(), &layout);
        prop_assert_eq!(d.try_into_rank::<2>().unwrap_err().kind(), ErrorKind::RankMismatch);
        // The dynamic layout's arithmetic agrees with the typed one's.
        let dl = DynLayout::from_layout(&layout).unwrap();
        prop_assert_eq!(dl.to_layout::<3>().unwrap(), layout);
        for axis in 0..3 {
            let typed = layout.flip(axis);
            prop_assert_eq!(dl.flip(axis).unwrap().to_layout::<3>().unwrap(), typed);
        }
        prop_assert_eq!(dl.permute(&[2, 0, 1]).unwrap().to_layout::<3>().unwrap(), layout.permute([2, 0, 1]).unwrap());
        prop_assert_eq!(dl.merge(0, 1).map(|m| m.to_layout::<2>().unwrap()), layout.merge::<2>(0, 1));
    }
}
