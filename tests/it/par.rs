//! The `par_` operations (feature `rayon`) against their sequential namesakes, on tensors large
//! enough to be split, through permuted, flipped, stepped and broadcast layouts.
#![cfg(feature = "rayon")]

use ranked::{Axis, ErrorKind, Tensor, s};

/// 4 × 128 × 96 × 2 = 98,304 elements: above the split threshold (65,536).
fn big() -> Tensor<f64, 4> {
    Tensor::from_fn([4, 128, 96, 2], |[i, j, k, l]| {
        ((i * 7919 + j * 104_729 + k * 13 + l) % 1000) as f64 * 0.37 - 100.0
    })
}

#[test]
fn par_map_matches_map_through_views() {
    let t = big();
    let views = [
        t.view(),
        t.view().permute([2, 0, 3, 1]).unwrap(),
        t.view().flip(Axis::<1>).permute([3, 1, 2, 0]).unwrap(),
    ];
    for v in views {
        let f = |x: &f64| x * 3.0 + 1.0;
        assert_eq!(v.par_map(f), v.map(f));
        assert_eq!(v.par_to_contiguous(), v.to_contiguous());
    }
    let stepped = t.view().slice(s![.., ..;-3, .., ..]).unwrap();
    assert_eq!(stepped.par_map(|x| x + 1.0), stepped.map(|x| x + 1.0));
}

#[test]
fn par_map_inplace_writes_every_element_once() {
    let mut t: Tensor<u32, 3> = Tensor::zeros([64, 40, 50]);
    t.par_map_inplace(|x| *x += 1);
    assert!(t.iter().all(|&x| x == 1));
    // Through a permuted, flipped view: still every element exactly once.
    let mut v = t.view_mut().permute([2, 0, 1]).unwrap().flip(Axis::<0>);
    v.par_map_inplace(|x| *x += 1);
    assert!(t.iter().all(|&x| x == 2));
    // An interleaved view (every other column) leaves the rest alone.
    let mut half = t.view_mut().slice(s![.., .., ..;2]).unwrap();
    half.par_fill(9);
    assert!(
        t.indexed_iter()
            .all(|([_, _, k], &x)| x == if k % 2 == 0 { 9 } else { 2 })
    );
}

#[test]
fn par_assign_matches_assign() {
    let t = big();
    let src = t.view().permute([3, 2, 1, 0]).unwrap();
    let mut a: Tensor<f64, 4> = Tensor::zeros(*src.shape());
    let mut b = a.clone();
    a.par_assign(&src);
    b.assign(&src);
    assert_eq!(a, b);
    // Broadcast source.
    let row = Tensor::from_fn([96, 2], |[k, l]| (k * 2 + l) as f64);
    let (mut c, mut d) = (t.clone(), t.clone());
    c.par_assign(&row);
    d.assign(&row);
    assert_eq!(c, d);
    // A mismatch is an error and leaves the destination alone.
    let err = c.try_par_assign(&Tensor::<f64, 1>::zeros([3])).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BroadcastMismatch);
    assert_eq!(c, d);
}

#[test]
fn par_zip_map_matches_zip_map() {
    let t = big();
    let u = t.view().flip(Axis::<2>);
    let f = |x: &f64, y: &f64| x * 2.0 - y;
    assert_eq!(t.par_zip_map(&u, f).unwrap(), t.zip_map(&u, f).unwrap());
    let other: Tensor<f64, 4> = Tensor::zeros([4, 128, 96, 3]);
    assert_eq!(
        t.par_zip_map(&other, f).unwrap_err().kind(),
        ErrorKind::SizeMismatch
    );
}

#[test]
fn par_sum_is_exact_for_integers_and_close_for_floats() {
    let ints = Tensor::from_fn([300, 500], |[i, j]| (i * 500 + j) as u64);
    let n = 150_000u64;
    assert_eq!(ints.par_sum(), n * (n - 1) / 2);
    assert_eq!(ints.view().t().par_sum(), n * (n - 1) / 2);
    let t = big();
    let (par, seq) = (t.par_sum(), t.sum());
    let scale: f64 = t.iter().map(|x| x.abs()).sum();
    assert!((par - seq).abs() <= 1e-12 * scale, "{par} vs {seq}");
    // The same pieces every time: bit-identical results.
    assert_eq!(t.par_sum().to_bits(), par.to_bits());
}

#[test]
fn small_tensors_take_the_sequential_path() {
    let t = Tensor::from_fn([3, 4], |[i, j]| (i * 4 + j) as i32);
    assert_eq!(t.par_sum(), 66);
    assert_eq!(t.view().t().par_map(|x| x * 2), t.view().t().map(|x| x * 2));
    let e: Tensor<i32, 2> = Tensor::zeros([0, 100_000]);
    assert_eq!(e.par_sum(), 0);
    assert_eq!(e.par_map(|x| x + 1).shape(), &[0, 100_000]);
}

#[test]
fn par_zip_map_of_extreme_sizes_returns_errors_not_panics() {
    use ranked::TensorView;
    // Valid and empty, but the other axes multiply past `usize`.
    let one = [0.0f32];
    let empty = TensorView::from_slice(&one, [1, 1, 1])
        .unwrap()
        .broadcast_to([1 << 62, 4, 0])
        .unwrap();
    let z = empty.par_zip_map(&empty, |x, y| x + y).unwrap();
    assert_eq!((z.shape(), z.len()), (&[1 << 62, 4, 0], 0));
    // Far too large to allocate: an error, as the sequential form gives.
    let long = TensorView::from_slice(&one, [1])
        .unwrap()
        .broadcast_to([1 << 62])
        .unwrap();
    let err = long.par_zip_map(&long, |x, y| x + y).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Allocation);
}

mod by_axis {
    use ranked::{Axis, ErrorKind, Tensor, Zip};
    use rayon::prelude::*;

    #[test]
    fn parallel_sub_view_iterators_match_the_sequential_ones() {
        let t: Tensor<f64, 3> =
            Tensor::from_fn([37, 64, 33], |[i, j, k]| (i * 7 + j * 3 + k) as f64);
        let seq: Vec<f64> = t.outer_iter().map(|m| m.sum()).collect();
        let par: Vec<f64> = t.par_outer_iter().map(|m| m.sum()).collect();
        assert_eq!(seq, par);
        let seq: Vec<f64> = t.lanes(Axis::<1>).map(|l| l.max()).collect();
        let par: Vec<f64> = t.par_lanes(Axis::<1>).map(|l| l.max()).collect();
        assert_eq!(seq, par);
        assert_eq!(t.par_axis_iter(Axis::<2>).len(), 33);
        let chunks: Vec<usize> = t
            .par_axis_chunks_iter(Axis::<0>, 5)
            .map(|c| c.len())
            .collect();
        assert_eq!(chunks.iter().sum::<usize>(), t.len());
        assert_eq!(t.par_windows([36, 1, 33]).count(), 2 * 64);
        // `enumerate` keeps the order (an indexed parallel iterator).
        let firsts: Vec<(usize, f64)> = t
            .par_outer_iter()
            .enumerate()
            .map(|(i, m)| (i, m[[0, 0]]))
            .collect();
        assert!(firsts.iter().all(|&(i, x)| x == (i * 7) as f64));
    }

    #[test]
    fn parallel_mutable_pieces_are_disjoint() {
        let mut t: Tensor<u32, 2> = Tensor::zeros([1000, 300]);
        t.par_outer_iter_mut()
            .enumerate()
            .for_each(|(i, mut row)| row.fill(i as u32));
        assert_eq!(t.sum(), 300 * (999 * 1000 / 2));
        t.par_lanes_mut(Axis::<1>)
            .unwrap()
            .for_each(|mut lane| lane[[0]] = 0);
        assert_eq!(t.view().select(Axis::<1>, 0).unwrap().sum(), 0);
        let err = t.par_axis_iter_mut(Axis::<1>).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Interleaved);
        let mut tr = t.view_mut().t(); // its second axis is the outer one in memory
        tr.par_axis_iter_mut(Axis::<1>)
            .unwrap()
            .for_each(|mut col| col.fill(1));
        assert_eq!(t.sum(), 300_000);
        t.par_axis_chunks_iter_mut(Axis::<0>, 7)
            .unwrap()
            .for_each(|mut c| c.fill(2));
        assert_eq!(t.sum(), 600_000);
    }

    #[test]
    fn parallel_indexed_iteration_rows_and_columns() {
        let t: Tensor<i64, 3> =
            Tensor::from_fn([40, 50, 40], |[i, j, k]| (i * 10_000 + j * 100 + k) as i64);
        let v = t.view().permute([2, 0, 1]).unwrap();
        let seq: Vec<([usize; 3], i64)> = v.indexed_iter().map(|(i, &x)| (i, x)).collect();
        let par: Vec<([usize; 3], i64)> = v.par_indexed_iter().map(|(i, &x)| (i, x)).collect();
        assert_eq!(seq, par);
        let mut m: Tensor<i64, 3> = Tensor::zeros([40, 50, 40]);
        let mut flipped = m.view_mut().flip(Axis::<1>);
        flipped
            .par_indexed_iter_mut()
            .for_each(|([i, j, k], x)| *x = (i * 10_000 + j * 100 + k) as i64);
        assert_eq!(m.view().flip(Axis::<1>).to_vec(), t.to_vec());
        let mat = t.view().select(Axis::<0>, 3).unwrap();
        let rows: Vec<i64> = mat.par_rows().map(|r| r.sum()).collect();
        assert_eq!(rows, mat.rows().map(|r| r.sum()).collect::<Vec<_>>());
        let cols: Vec<i64> = mat.par_columns().map(|c| c.max()).collect();
        assert_eq!(cols, mat.columns().map(|c| c.max()).collect::<Vec<_>>());
    }

    #[test]
    fn zip_par_for_each_matches_for_each() {
        let a: Tensor<f32, 2> = Tensor::from_fn([700, 300], |[i, j]| (i + 2 * j) as f32);
        let b: Tensor<f32, 1> = Tensor::from_fn([300], |[j]| j as f32);
        let mut seq: Tensor<f32, 2> = Tensor::zeros([700, 300]);
        let mut par: Tensor<f32, 2> = Tensor::zeros([700, 300]);
        let flipped = a.view().flip(Axis::<0>);
        Zip::from_mut(&mut seq)
            .and(&flipped)
            .and(&b)
            .for_each(|o, &x, &y| *o = x * 2.0 + y)
            .unwrap();
        Zip::from_mut(&mut par)
            .and(&flipped)
            .and(&b)
            .par_for_each(|o, &x, &y| *o = x * 2.0 + y)
            .unwrap();
        assert_eq!(seq, par);
        let err = Zip::from_mut(&mut par)
            .and(&b.view().unsqueeze(Axis::<1>))
            .par_for_each(|_, _| ())
            .unwrap_err();
        assert_eq!(err.operand(), Some(1));
    }
}

#[test]
fn batched_matmul_on_several_threads_matches_item_by_item() {
    // 32 products of 24 × 24: enough work for the batch to be split across threads.
    let a: Tensor<f32, 3> =
        Tensor::from_fn([32, 24, 24], |[b, i, j]| ((b * 7 + i * 3 + j) % 11) as f32);
    let w: Tensor<f32, 2> = Tensor::from_fn([24, 24], |[i, j]| ((i + 2 * j) % 5) as f32 - 2.0);
    let y = a.matmul(&w).unwrap();
    let a64 = a.map(|&x| f64::from(x));
    let y64 = a64.matmul(&w.map(|&x| f64::from(x))).unwrap();
    for b in 0..32 {
        let ab = a.view().select(Axis::<0>, b).unwrap();
        let expected = ab.matmul(&w).unwrap();
        assert_eq!(
            y.view().select(Axis::<0>, b).unwrap().to_contiguous(),
            expected
        );
        let got64 = y64.view().select(Axis::<0>, b).unwrap().map(|&x| x as f32);
        assert_eq!(got64, expected);
    }
}

/// `par_to_contiguous` and `try_par_assign` write what their sequential namesakes write, bit
/// for bit, on every permutation of a rank-4 shape of odd sizes (the pieces cut along the
/// source's contiguous axis among them) and on odd-sized transposes.
#[test]
fn parallel_copies_equal_sequential_ones_on_every_permutation() {
    let t = Tensor::<f32, 4>::from_fn([13, 17, 33, 21], |[a, b, c, d]| {
        (a * 100_003 + b * 1009 + c * 31 + d) as f32
    });
    let mut perms = Vec::new();
    for p in 0..256usize {
        let perm = [p & 3, (p >> 2) & 3, (p >> 4) & 3, (p >> 6) & 3];
        let mut sorted = perm;
        sorted.sort_unstable();
        if sorted == [0, 1, 2, 3] {
            perms.push(perm);
        }
    }
    assert_eq!(perms.len(), 24);
    for perm in perms {
        let v = t.view().permute(perm).unwrap();
        let want = v.to_contiguous();
        assert_eq!(v.par_to_contiguous(), want, "{perm:?}");
        let mut out = Tensor::<f32, 4>::zeros(*want.shape());
        out.try_par_assign(&v).unwrap();
        assert_eq!(out, want, "assign {perm:?}");
    }
    for [rows, cols] in [[301, 299], [1000, 67]] {
        let m = Tensor::<f64, 2>::from_fn([rows, cols], |[i, j]| (i * 7 + j * 3) as f64);
        let v = m.view().t();
        assert_eq!(v.par_to_contiguous(), v.to_contiguous(), "{rows} x {cols}");
    }
}

/// Copies of 8 MiB or more of `f64` whose result rows are 33 to 64 elements long, which stream
/// in tiles half as tall that carry the rows' partial lines from piece to piece of the walk:
/// four permutations of a rank-4 tensor of 10 MiB, into a new tensor and into an existing one,
/// bit for bit as the sequential copies.
#[test]
fn large_parallel_copies_of_rows_up_to_512_bytes_equal_sequential_ones() {
    let t = Tensor::<f64, 4>::from_fn([34, 20, 48, 40], |[a, b, c, d]| {
        (a * 1_000_003 + b * 10_007 + c * 101 + d) as f64
    });
    for perm in [[3, 1, 0, 2], [3, 1, 2, 0], [1, 3, 2, 0], [3, 2, 1, 0]] {
        let v = t.view().permute(perm).unwrap();
        let want = v.to_contiguous();
        assert_eq!(v.par_to_contiguous(), want, "{perm:?}");
        let mut out = Tensor::<f64, 4>::zeros(*want.shape());
        out.par_assign(&v);
        assert_eq!(out, want, "assign {perm:?}");
        let logical: Vec<f64> = v.iter().copied().collect();
        assert_eq!(want.to_vec(), logical, "{perm:?}");
    }
}

/// Copies of 8 MiB or more, whose pieces stream their stores as the whole copy would: every
/// permutation of a rank-3 `f32` tensor of 2.1 M elements with rows off the cache lines, into
/// a new tensor and into an existing one, bit for bit as the sequential copies.
#[test]
fn large_parallel_copies_equal_sequential_ones() {
    let t = Tensor::<f32, 3>::from_fn([16, 130, 1031], |[a, b, c]| {
        (a * 1_000_003 + b * 1031 + c) as f32
    });
    for perm in [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ] {
        let v = t.view().permute(perm).unwrap();
        let want = v.to_contiguous();
        assert_eq!(v.par_to_contiguous(), want, "{perm:?}");
        let mut out = Tensor::<f32, 3>::zeros(*want.shape());
        out.par_assign(&v);
        assert_eq!(out, want, "assign {perm:?}");
    }
}
