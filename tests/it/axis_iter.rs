//! Iteration by axis, joining and splitting: unit tests of the edge cases (empty axes, negative
//! strides, broadcast operands, interleaved mutable pieces) and property tests against ndarray
//! on random strided views.

use crate::common;

use common::{Spec, spec};
use ndarray::{ArrayViewD, ArrayViewMutD, Axis as NdAxis, IxDyn, ShapeBuilder};
use proptest::prelude::*;
use ranked::{
    Axis, DynTensor, ErrorKind, Layout, Order, Tensor, TensorView, TensorViewMut, concatenate, s,
    stack, tensor,
};

// ------------------------------------------------------------------------------ unit tests

#[test]
fn outer_iter_gives_rank_minus_one_views_both_ends() {
    let t: Tensor<i32, 3> = Tensor::from_fn([3, 2, 2], |[i, j, k]| (i * 100 + j * 10 + k) as i32);
    let mut it = t.outer_iter();
    assert_eq!(it.len(), 3);
    let first: TensorView<'_, i32, 2> = it.next().unwrap();
    assert_eq!(first.to_vec(), [0, 1, 10, 11]);
    let last = it.next_back().unwrap();
    assert_eq!(last.to_vec(), [200, 201, 210, 211]);
    assert_eq!(it.len(), 1);
    assert_eq!(it.next().unwrap().to_vec(), [100, 101, 110, 111]);
    assert!(it.next().is_none() && it.next_back().is_none());
}

#[test]
fn axis_iter_on_negative_strides_and_offsets() {
    let t: Tensor<i32, 2> = Tensor::from_fn([3, 4], |[i, j]| (i * 10 + j) as i32);
    let v = t.view().flip(Axis::<0>).slice(s![.., 1..;2]).unwrap();
    let cols: Vec<Vec<i32>> = v.axis_iter(Axis::<1>).map(|c| c.to_vec()).collect();
    assert_eq!(cols, [vec![21, 11, 1], vec![23, 13, 3]]);
    let rev: Vec<Vec<i32>> = v.axis_iter(Axis::<1>).rev().map(|c| c.to_vec()).collect();
    assert_eq!(rev, [vec![23, 13, 3], vec![21, 11, 1]]);
}

#[test]
fn empty_axes() {
    let t: Tensor<f32, 3> = Tensor::zeros([0, 3, 2]);
    assert_eq!(t.outer_iter().len(), 0);
    let items: Vec<_> = t.axis_iter(Axis::<1>).collect();
    assert_eq!(items.len(), 3);
    assert!(items.iter().all(|v| v.shape() == &[0, 2] && v.is_empty()));
    assert_eq!(t.lanes(Axis::<0>).len(), 6);
    assert!(t.lanes(Axis::<0>).all(|l| l.is_empty()));
    assert_eq!(t.lanes(Axis::<1>).len(), 0);
    assert_eq!(t.axis_chunks_iter(Axis::<0>, 4).len(), 0);
    assert_eq!(t.windows([1, 1, 1]).len(), 0);

    let mut m: Tensor<f32, 3> = Tensor::zeros([2, 0, 5]);
    let mut n = 0;
    for piece in m.outer_iter_mut() {
        assert_eq!(piece.shape(), &[0, 5]);
        n += 1;
    }
    assert_eq!(n, 2);
    assert_eq!(m.axis_iter_mut(Axis::<1>).len(), 0);
    assert_eq!(m.axis_iter_mut(Axis::<2>).len(), 5);
}

#[test]
fn lanes_on_a_huge_empty_tensor_report_overflow() {
    let data: [u8; 0] = [];
    let layout = Layout::from_parts([0, 1 << 40, 1 << 40], [1, 1, 1], 0);
    let t = TensorView::from_raw_parts(&data[..], layout).unwrap();
    let err = t.try_lanes(Axis::<0>).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    assert_eq!(t.try_lanes(Axis::<1>).unwrap().len(), 0);
}

#[test]
fn axis_iter_over_a_broadcast_view() {
    let row = tensor![1, 2, 3];
    let b = row.view().broadcast_to([4, 3]).unwrap();
    let rows: Vec<Vec<i32>> = b.outer_iter().map(|r| r.to_vec()).collect();
    assert_eq!(rows, vec![vec![1, 2, 3]; 4]);
    let cols: Vec<i32> = b.columns().map(|c| c.sum()).collect();
    assert_eq!(cols, [4, 8, 12]);
}

#[test]
fn chunks_with_a_short_last_chunk_from_both_ends() {
    let t: Tensor<i32, 2> = Tensor::from_fn([2, 7], |[i, j]| (i * 10 + j) as i32);
    let mut it = t.axis_chunks_iter(Axis::<1>, 3);
    assert_eq!(it.len(), 3);
    let last = it.next_back().unwrap();
    assert_eq!((last.shape(), last.to_vec()), (&[2, 1], vec![6, 16]));
    let mid = it.next_back().unwrap();
    assert_eq!(mid.to_vec(), [3, 4, 5, 13, 14, 15]);
    assert_eq!(it.next().unwrap().to_vec(), [0, 1, 2, 10, 11, 12]);
    assert!(it.next().is_none());
    assert_eq!(t.axis_chunks_iter(Axis::<1>, 100).len(), 1);
    assert_eq!(
        t.try_axis_chunks_iter(Axis::<1>, 0).unwrap_err().kind(),
        ErrorKind::SizeMismatch
    );
}

#[test]
#[should_panic(expected = "axis_chunks_iter")]
fn chunks_of_zero_panic() {
    let t = tensor![1, 2, 3];
    let _ = t.axis_chunks_iter(Axis::<0>, 0);
}

#[test]
fn windows_in_two_dimensions() {
    let t: Tensor<i32, 2> = Tensor::from_fn([3, 4], |[i, j]| (i * 10 + j) as i32);
    let w: Vec<Vec<i32>> = t.windows([2, 3]).map(|w| w.to_vec()).collect();
    assert_eq!(w.len(), 4);
    assert_eq!(w[0], [0, 1, 2, 10, 11, 12]);
    assert_eq!(w[3], [11, 12, 13, 21, 22, 23]);
    assert_eq!(t.windows([4, 1]).len(), 0);
    assert_eq!(t.windows([3, 4]).len(), 1);
    // The same windows as `unfold` on each axis.
    let unfolded = t
        .view()
        .unfold(Axis::<0>, 2, 1)
        .unwrap()
        .unfold(Axis::<1>, 3, 1)
        .unwrap();
    let from_unfold: Vec<Vec<i32>> = unfolded
        .outer_iter()
        .flat_map(|row| row.outer_iter().map(|w| w.to_vec()).collect::<Vec<_>>())
        .collect();
    assert_eq!(w, from_unfold);
}

#[test]
fn rows_and_columns() {
    let m = tensor![[1, 2, 3], [4, 5, 6]];
    assert_eq!(
        m.rows().map(|r| r.to_vec()).collect::<Vec<_>>(),
        [[1, 2, 3], [4, 5, 6]]
    );
    assert_eq!(
        m.columns().map(|c| c.to_vec()).collect::<Vec<_>>(),
        [[1, 4], [2, 5], [3, 6]]
    );
    let mut f: Tensor<i32, 2> = Tensor::zeros_with_order([2, 3], Order::ColumnMajor);
    for (j, mut c) in f.columns_mut().enumerate() {
        c.fill(j as i32);
    }
    assert_eq!(f.to_vec(), [0, 1, 2, 0, 1, 2]);
    let mut r = m.clone();
    for mut row in r.rows_mut() {
        row.map_inplace(|x| *x = -*x);
    }
    assert_eq!(r.to_vec(), [-1, -2, -3, -4, -5, -6]);
}

#[test]
fn interleaved_pieces_one_at_a_time() {
    let mut m: Tensor<i32, 2> = Tensor::from_fn([3, 4], |[i, j]| (i * 4 + j) as i32);
    m.for_each_axis_mut(Axis::<1>, |j, mut col| {
        col.map_inplace(|x| *x += 100 * j as i32)
    });
    assert_eq!(
        m.to_vec(),
        [0, 101, 202, 303, 4, 105, 206, 307, 8, 109, 210, 311]
    );
    let mut e: Tensor<i32, 3> = Tensor::zeros([2, 0, 3]);
    let mut calls = 0;
    e.for_each_axis_mut(Axis::<2>, |_, v| {
        assert!(v.is_empty());
        calls += 1;
    });
    e.for_each_lane_mut(Axis::<0>, |_| calls += 100).unwrap();
    assert_eq!(calls, 3);
}

#[test]
#[should_panic(expected = "interleave in memory")]
fn columns_mut_of_a_row_major_matrix_panics() {
    let mut m = tensor![[1, 2], [3, 4]];
    let _ = m.columns_mut();
}

#[test]
fn mutable_pieces_are_disjoint_and_live_together() {
    let mut t: Tensor<i32, 3> = Tensor::zeros([3, 2, 2]);
    let mut pieces: Vec<TensorViewMut<'_, i32, 2>> = t.outer_iter_mut().collect();
    let (a, b) = pieces.split_at_mut(1);
    // Both views alive at once, written in interleaved order.
    let x = a[0].get_mut([1, 1]).unwrap();
    b[1].fill(7);
    *x = 5;
    b[0][[0, 0]] = 1;
    assert_eq!(t.to_vec(), [0, 0, 0, 5, 1, 0, 0, 0, 7, 7, 7, 7]);
}

#[test]
fn mutable_iteration_of_a_permuted_view() {
    // The second axis of a transposed view is the first in memory: its pieces are separable.
    let mut t: Tensor<i32, 2> = Tensor::from_fn([2, 3], |[i, j]| (i * 10 + j) as i32);
    let mut tr = t.view_mut().reversed_axes(); // shape [3, 2], strides [1, 3]
    assert_eq!(
        tr.try_outer_iter_mut().unwrap_err().kind(),
        ErrorKind::Interleaved
    );
    for (i, mut col) in tr.axis_iter_mut(Axis::<1>).enumerate() {
        col.map_inplace(|x| *x += 100 * (i as i32 + 1));
    }
    assert_eq!(t.to_vec(), [100, 101, 102, 210, 211, 212]);
}

#[test]
fn lanes_mut_along_the_innermost_axis_of_a_stepped_view() {
    let mut t: Tensor<i32, 2> = Tensor::zeros([4, 3]);
    let mut every_other = t.view_mut().step(Axis::<0>, 2).unwrap();
    for (k, mut lane) in every_other.lanes_mut(Axis::<1>).enumerate() {
        lane.fill(k as i32 + 1);
    }
    assert_eq!(t.to_vec(), [1, 1, 1, 0, 0, 0, 2, 2, 2, 0, 0, 0]);
    let err = t.try_lanes_mut(Axis::<0>).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Interleaved, Some(0)));
}

#[test]
fn chunks_mut_and_array_tensors() {
    let mut a = ranked::inline_tensor![[1, 2, 3, 4], [5, 6, 7, 8]];
    for (k, mut c) in a.axis_chunks_iter_mut(Axis::<0>, 1).enumerate() {
        c.map_inplace(|x| *x *= k as i32 + 1);
    }
    assert_eq!(
        a.iter().copied().collect::<Vec<_>>(),
        [1, 2, 3, 4, 10, 12, 14, 16]
    );
    let sums: Vec<i32> = a.outer_iter().map(|r| r.sum()).collect();
    assert_eq!(sums, [10, 52]);
}

#[test]
fn shared_tensors_iterate() {
    let t = tensor![[1, 2], [3, 4]].into_shared();
    assert_eq!(t.outer_iter().map(|r| r.sum()).collect::<Vec<_>>(), [3, 7]);
}

#[test]
fn indexed_iter_mut_visits_in_logical_order() {
    let mut t: Tensor<i32, 2> = Tensor::zeros([2, 3]);
    let mut v = t.view_mut().flip(Axis::<1>);
    let mut seen = vec![];
    for (idx, x) in v.indexed_iter_mut() {
        seen.push(idx);
        *x = (idx[0] * 10 + idx[1]) as i32;
    }
    assert_eq!(seen[1], [0, 1]);
    assert_eq!(t.to_vec(), [2, 1, 0, 12, 11, 10]);
}

#[test]
fn dynamic_rank_axis_iteration() {
    let t = DynTensor::from_vec((0..24).collect(), &[2, 3, 4]).unwrap();
    let planes: Vec<_> = t.axis_iter(1).unwrap().collect();
    assert_eq!(planes.len(), 3);
    assert_eq!(planes[2].shape(), &[2, 4]);
    assert_eq!(planes[2].to_vec(), [8, 9, 10, 11, 20, 21, 22, 23]);
    assert_eq!(t.axis_iter(3).unwrap_err().kind(), ErrorKind::InvalidAxis);
    assert_eq!(t.axis_chunks_iter(2, 3).unwrap().len(), 2);
    let mut m = t.clone();
    for (i, mut p) in m.axis_iter_mut(0).unwrap().enumerate() {
        p.iter_mut().for_each(|x| *x = i as i32);
    }
    assert_eq!(m.iter().filter(|&&x| x == 1).count(), 12);
    assert_eq!(
        m.axis_iter_mut(2).unwrap_err().kind(),
        ErrorKind::Interleaved
    );
}

#[test]
fn concatenate_and_stack() {
    let a = tensor![[1, 2], [3, 4]];
    let b = tensor![[5], [6]];
    let c = concatenate(Axis::<1>, &[a.view(), b.view()]).unwrap();
    assert_eq!(c, tensor![[1, 2, 5], [3, 4, 6]]);
    // Transposed and flipped operands.
    let d = concatenate(Axis::<0>, &[a.view().t(), a.view().flip(Axis::<0>)]).unwrap();
    assert_eq!(d, tensor![[1, 3], [2, 4], [3, 4], [1, 2]]);
    // Broadcast operand.
    let row = tensor![9, 8];
    let e = concatenate(
        Axis::<0>,
        &[row.view().broadcast_to([2, 2]).unwrap(), a.view()],
    )
    .unwrap();
    assert_eq!(e.to_vec(), [9, 8, 9, 8, 1, 2, 3, 4]);
    // Empty operands.
    let z: Tensor<i32, 2> = Tensor::zeros([0, 2]);
    assert_eq!(
        concatenate(Axis::<0>, &[z.view(), a.view(), z.view()]).unwrap(),
        a
    );
    let err = concatenate::<i32, _, 2>(Axis::<0>, &[]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NoOperands);

    let s = stack(Axis::<2>, &[a.view(), a.view().t()]).unwrap();
    assert_eq!(s.shape(), &[2, 2, 2]);
    assert_eq!(s.to_vec(), [1, 1, 2, 3, 3, 2, 4, 4]);
    let err = stack(Axis::<0>, &[a.view(), b.view()]).unwrap_err();
    assert_eq!(
        (err.kind(), err.operand(), err.axis()),
        (ErrorKind::SizeMismatch, Some(1), Some(1))
    );
    assert_eq!(
        err.to_string(),
        "operand 1: axis 1 has size 1 where size 2 is needed"
    );
}

#[test]
fn concatenate_overflowing_sizes_is_an_error() {
    let data: [u8; 0] = [];
    let huge = TensorView::from_raw_parts(
        &data[..],
        Layout::from_parts([usize::MAX / 2 + 1, 0], [0, 0], 0),
    )
    .unwrap();
    let err = concatenate(Axis::<0>, &[huge, huge]).unwrap_err();
    assert_eq!((err.kind(), err.operand()), (ErrorKind::Overflow, Some(1)));
}

#[test]
fn split_at_read_only_and_mutable() {
    let t: Tensor<i32, 2> = Tensor::from_fn([3, 4], |[i, j]| (i * 10 + j) as i32);
    let (l, r) = t.view().split_at(Axis::<1>, 4).unwrap();
    assert_eq!((l.shape(), r.shape()), (&[3, 4], &[3, 0]));
    let err = t.view().split_at(Axis::<1>, 5).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::IndexOutOfBounds);

    let mut m = t.clone();
    {
        let flipped = m.view_mut().flip(Axis::<0>);
        let (mut top, mut rest) = flipped.split_at(Axis::<0>, 1).unwrap();
        top.fill(-1); // the last row of `m`
        rest[[0, 0]] = 99; // row 1 of `m`
        let (mut none, mut all) = rest.split_at(Axis::<0>, 0).unwrap();
        assert!(none.is_empty());
        none.fill(5);
        all[[1, 3]] = 77; // row 0 of `m`
    }
    assert_eq!(m.to_vec(), [0, 1, 2, 77, 99, 11, 12, 13, -1, -1, -1, -1]);
    let err = m.view_mut().split_at(Axis::<1>, 2).unwrap_err();
    assert_eq!((err.kind(), err.axis()), (ErrorKind::Interleaved, Some(1)));
    // A single row splits along its columns.
    let row = m.view_mut().select(Axis::<0>, 0).unwrap();
    let (a, b) = row.split_at(Axis::<0>, 2).unwrap();
    assert_eq!((a.to_vec(), b.to_vec()), (vec![0, 1], vec![2, 77]));
}

// --------------------------------------------------------------------- against ndarray

fn ours<'a>(s: &Spec, data: &'a [i64]) -> TensorView<'a, i64, 3> {
    let shape: [usize; 3] = s.shape.clone().try_into().unwrap();
    let strides: [isize; 3] = s.strides().try_into().unwrap();
    TensorView::from_raw_parts(data, Layout::from_parts(shape, strides, s.offset)).unwrap()
}

fn theirs<'a>(s: &Spec, data: &'a [i64]) -> ArrayViewD<'a, i64> {
    let mut nd =
        ArrayViewD::from_shape(IxDyn(&s.shape).strides(IxDyn(&s.mags)), &data[s.base..]).unwrap();
    for (axis, &neg) in s.negative.iter().enumerate() {
        if neg {
            nd.invert_axis(NdAxis(axis));
        }
    }
    nd
}

fn theirs_mut<'a>(s: &Spec, data: &'a mut [i64]) -> ArrayViewMutD<'a, i64> {
    let mut nd =
        ArrayViewMutD::from_shape(IxDyn(&s.shape).strides(IxDyn(&s.mags)), &mut data[s.base..])
            .unwrap();
    for (axis, &neg) in s.negative.iter().enumerate() {
        if neg {
            nd.invert_axis(NdAxis(axis));
        }
    }
    nd
}

fn items<'a, I, V>(it: I) -> Vec<Vec<i64>>
where
    I: Iterator<Item = V>,
    V: IntoIterator<Item = &'a i64>,
{
    it.map(|v| v.into_iter().copied().collect()).collect()
}

/// Two random strided layouts whose shapes agree except along axis `a`.
fn joinable() -> impl Strategy<Value = (Spec, usize, Spec)> {
    (spec(3), 0usize..3, 0usize..=4).prop_flat_map(|(s, a, d)| {
        let mut shape = s.shape.clone();
        shape[a] = d;
        (Just(s), Just(a), common::spec_for(shape))
    })
}

fn cases() -> u32 {
    if cfg!(miri) { 4 } else { 256 }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// `axis_iter`, `lanes` and `axis_chunks_iter` along every axis of random strided views
    /// (gaps, negative strides, size-0 axes), forwards and backwards, against ndarray.
    #[test]
    fn axis_iteration_agrees_with_ndarray(s in spec(3) , chunk in 1usize..4) {
        prop_assume!(!s.shape.contains(&0));
        let data: Vec<i64> = (0..s.len as i64).collect();
        let (t, nd) = (ours(&s, &data), theirs(&s, &data));
        for a in 0..3 {
            let (mine, back, lanes, chunks) = match a {
                0 => (items(t.axis_iter(Axis::<0>)), items(t.axis_iter(Axis::<0>).rev()), items(t.lanes(Axis::<0>)), items(t.axis_chunks_iter(Axis::<0>, chunk))),
                1 => (items(t.axis_iter(Axis::<1>)), items(t.axis_iter(Axis::<1>).rev()), items(t.lanes(Axis::<1>)), items(t.axis_chunks_iter(Axis::<1>, chunk))),
                _ => (items(t.axis_iter(Axis::<2>)), items(t.axis_iter(Axis::<2>).rev()), items(t.lanes(Axis::<2>)), items(t.axis_chunks_iter(Axis::<2>, chunk))),
            };
            let expected: Vec<Vec<i64>> = nd.axis_iter(NdAxis(a)).map(|v| v.iter().copied().collect()).collect();
            prop_assert_eq!(&mine, &expected);
            let mut reversed = expected.clone();
            reversed.reverse();
            prop_assert_eq!(back, reversed);
            let expected_lanes: Vec<Vec<i64>> = nd.lanes(NdAxis(a)).into_iter().map(|v| v.iter().copied().collect()).collect();
            prop_assert_eq!(lanes, expected_lanes);
            let expected_chunks: Vec<Vec<i64>> = nd.axis_chunks_iter(NdAxis(a), chunk).map(|v| v.iter().copied().collect()).collect();
            prop_assert_eq!(chunks, expected_chunks);
        }
        let w = [1 + chunk % 2, 1, 2];
        let windows = items(t.windows(w));
        let expected: Vec<Vec<i64>> = nd.windows(IxDyn(&w)).into_iter().map(|v| v.iter().copied().collect()).collect();
        prop_assert_eq!(windows, expected);
    }

    /// Mutable axis iteration writes what ndarray's does wherever the pieces own disjoint
    /// memory, and reports `Interleaved` only when ndarray's pieces do share a memory band.
    #[test]
    fn mutable_axis_iteration_agrees_with_ndarray(s in spec(3)) {
        prop_assume!(!s.shape.contains(&0));
        for a in 0..3 {
            let mut mine: Vec<i64> = vec![0; s.len];
            let mut expected: Vec<i64> = vec![0; s.len];
            let shape: [usize; 3] = s.shape.clone().try_into().unwrap();
            let strides: [isize; 3] = s.strides().try_into().unwrap();
            let mut t = TensorViewMut::from_raw_parts(&mut mine[..], Layout::from_parts(shape, strides, s.offset)).unwrap();
            let result = match a {
                0 => t.try_axis_iter_mut(Axis::<0>).map(|it| it.enumerate().for_each(|(k, mut v)| v.fill(k as i64 + 1))),
                1 => t.try_axis_iter_mut(Axis::<1>).map(|it| it.enumerate().for_each(|(k, mut v)| v.fill(k as i64 + 1))),
                _ => t.try_axis_iter_mut(Axis::<2>).map(|it| it.enumerate().for_each(|(k, mut v)| v.fill(k as i64 + 1))),
            };
            let mut nd = theirs_mut(&s, &mut expected);
            let bands: Vec<(usize, usize)> = nd.axis_iter(NdAxis(a)).filter(|v| !v.is_empty()).map(|v| {
                let ptrs: Vec<usize> = v.iter().map(|x| x as *const i64 as usize).collect();
                (*ptrs.iter().min().unwrap(), *ptrs.iter().max().unwrap())
            }).collect();
            for (k, mut v) in nd.axis_iter_mut(NdAxis(a)).enumerate() {
                v.fill(k as i64 + 1);
            }
            let overlap = bands.iter().enumerate().any(|(i, x)| bands[i + 1..].iter().any(|y| x.0 <= y.1 && y.0 <= x.1));
            match result {
                Ok(()) => {
                    prop_assert!(!overlap);
                    prop_assert_eq!(&mine, &expected);
                }
                Err(err) => {
                    prop_assert_eq!(err.kind(), ErrorKind::Interleaved);
                    prop_assert!(overlap, "refused although the bands are disjoint");
                }
            }
            // The callback form works along every axis, interleaved or not.
            let mut again: Vec<i64> = vec![0; s.len];
            let mut t = TensorViewMut::from_raw_parts(&mut again[..], Layout::from_parts(shape, strides, s.offset)).unwrap();
            let fill = |k: usize, mut v: TensorViewMut<'_, i64, 2>| v.fill(k as i64 + 1);
            match a {
                0 => t.for_each_axis_mut(Axis::<0>, fill),
                1 => t.for_each_axis_mut(Axis::<1>, fill),
                _ => t.for_each_axis_mut(Axis::<2>, fill),
            }
            prop_assert_eq!(&again, &expected);
            // And lanes one at a time: write each lane's running index.
            let mut lanes: Vec<i64> = vec![0; s.len];
            let mut t = TensorViewMut::from_raw_parts(&mut lanes[..], Layout::from_parts(shape, strides, s.offset)).unwrap();
            let mut count = 0;
            let number = |mut l: TensorViewMut<'_, i64, 1>| {
                count += 1;
                l.fill(count);
            };
            match a {
                0 => t.for_each_lane_mut(Axis::<0>, number).unwrap(),
                1 => t.for_each_lane_mut(Axis::<1>, number).unwrap(),
                _ => t.for_each_lane_mut(Axis::<2>, number).unwrap(),
            }
            let mut expected_lanes: Vec<i64> = vec![0; s.len];
            let mut nd = theirs_mut(&s, &mut expected_lanes);
            for (k, mut l) in nd.lanes_mut(NdAxis(a)).into_iter().enumerate() {
                l.fill(k as i64 + 1);
            }
            prop_assert_eq!(&lanes, &expected_lanes);
        }
    }

    /// `concatenate` and `stack` of random strided views against ndarray's.
    #[test]
    fn joins_agree_with_ndarray((s, a, s2) in joinable()) {
        let (d1, d2): (Vec<i64>, Vec<i64>) = ((0..s.len as i64).collect(), (1000..1000 + s2.len as i64).collect());
        let (x, y) = (ours(&s, &d1), ours(&s2, &d2));
        let nd_x = ndarray::ArrayD::from_shape_vec(IxDyn(x.shape()), x.to_vec()).unwrap();
        let nd_y = ndarray::ArrayD::from_shape_vec(IxDyn(y.shape()), y.to_vec()).unwrap();
        let mine = match a {
            0 => concatenate(Axis::<0>, &[x, y, x]).unwrap(),
            1 => concatenate(Axis::<1>, &[x, y, x]).unwrap(),
            _ => concatenate(Axis::<2>, &[x, y, x]).unwrap(),
        };
        let expected = ndarray::concatenate(NdAxis(a), &[nd_x.view(), nd_y.view(), nd_x.view()]).unwrap();
        prop_assert_eq!(mine.shape(), expected.shape());
        prop_assert_eq!(mine.to_vec(), expected.iter().copied().collect::<Vec<_>>());
        let stacked = match a {
            0 => stack(Axis::<0>, &[x, x.flip(Axis::<1>)]).unwrap(),
            1 => stack(Axis::<1>, &[x, x.flip(Axis::<1>)]).unwrap(),
            _ => stack(Axis::<3>, &[x, x.flip(Axis::<1>)]).unwrap(),
        };
        let nd_flipped = { let mut f = nd_x.clone(); f.invert_axis(NdAxis(1)); f };
        let axis = if a == 2 { 3 } else { a };
        let expected = ndarray::stack(NdAxis(axis), &[nd_x.view(), nd_flipped.view()]).unwrap();
        prop_assert_eq!(stacked.shape(), expected.shape());
        prop_assert_eq!(stacked.to_vec(), expected.iter().copied().collect::<Vec<_>>());
    }
}
