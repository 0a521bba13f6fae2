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
