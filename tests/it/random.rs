//! Random tensors: a seeded generator reproduces a tensor exactly, elements are drawn in
//! row-major order whatever the layout, the shorthands draw from the distributions they name,
//! and permutations and shuffles move whole sub-views.

#![cfg(feature = "rand")]

use ranked::rand::distr::{Distribution, StandardUniform, Uniform};
use ranked::rand::{RngExt, SeedableRng, rngs::Xoshiro256PlusPlus};
use ranked::rand_distr::StandardNormal;
use ranked::{ArrayTensor, Axis, ErrorKind, Tensor};

fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

#[test]
fn elements_are_drawn_in_row_major_order_and_reproduced_by_the_seed() {
    let t: Tensor<f64, 3> = Tensor::random_using([2, 3, 4], StandardNormal, &mut rng(1));
    let mut direct = rng(1);
    let drawn: Vec<f64> = (0..24)
        .map(|_| StandardNormal.sample(&mut direct))
        .collect();
    assert_eq!(t.to_vec(), drawn);
    assert_eq!(
        Tensor::<f64, 3>::random_using([2, 3, 4], StandardNormal, &mut rng(1)),
        t
    );
    assert_ne!(
        Tensor::<f64, 3>::random_using([2, 3, 4], StandardNormal, &mut rng(2)),
        t
    );

    // Filling a transposed view draws in the view's own row-major order.
    let mut m = Tensor::<u32, 2>::zeros([3, 2]);
    m.view_mut().t().fill_random(StandardUniform, &mut rng(3));
    let mut direct = rng(3);
    let drawn: Vec<u32> = (0..6).map(|_| direct.random()).collect();
    assert_eq!(m.view().t().to_contiguous().to_vec(), drawn);

    // Without an allocator, into fixed storage.
    let mut fixed = ArrayTensor::<i8, 4, 2>::zeros([2, 2]).unwrap();
    fixed.fill_random(Uniform::new(-3, 3).unwrap(), &mut rng(4));
    assert!(fixed.iter().all(|x| (-3..3).contains(x)));
}

#[test]
fn the_shorthands_draw_from_the_distributions_they_name() {
    let n = 200_000;
    let x = Tensor::<f64, 1>::random_normal([n], -3.0, 0.5, &mut rng(5));
    let mean = x.mean();
    let std = x.std(1).unwrap();
    assert!((mean + 3.0).abs() < 0.01, "mean {mean}");
    assert!((std - 0.5).abs() < 0.01, "std {std}");
    let u = Tensor::<f32, 2>::random_uniform([400, 500], 2.0..4.0, &mut rng(6));
    assert!(u.iter().all(|v| (2.0..4.0).contains(v)));
    assert!((u.mean() - 3.0).abs() < 0.01);
    let dice = Tensor::<u8, 1>::random_uniform([6000], 1..=6, &mut rng(7));
    for face in 1..=6u8 {
        let count = dice.iter().filter(|&&d| d == face).count();
        assert!((800..1200).contains(&count), "face {face}: {count}");
    }
    let err = Tensor::<u8, 2>::try_random_using([usize::MAX, 2], StandardUniform, &mut rng(8));
    assert_eq!(err.unwrap_err().kind(), ErrorKind::Overflow);
}

#[test]
#[should_panic(expected = "random_uniform: the range is empty")]
fn an_empty_range_is_refused() {
    let _ = Tensor::<f64, 1>::random_uniform([3], 1.0..1.0, &mut rng(9));
}

#[test]
fn permutations_and_shuffles_move_whole_sub_views() {
    for n in [0, 1, 2, 10, 1000] {
        let p = Tensor::random_permutation(n, &mut rng(10));
        let mut sorted = p.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..n).collect::<Vec<_>>(), "n = {n}");
    }
    let t = Tensor::from_fn([4, 5, 3], |[i, j, k]| 100 * i + 10 * j + k);
    let p = Tensor::random_permutation(5, &mut rng(11));
    let shuffled = t.shuffled_along(Axis::<1>, &mut rng(11));
    for (k, &from) in p.iter().enumerate() {
        let got = shuffled.view().select(Axis::<1>, k).unwrap();
        assert_eq!(
            got,
            t.view().select(Axis::<1>, from).unwrap(),
            "position {k}"
        );
    }
    // A transposed source shuffles the same.
    let tt = t.view().permute([2, 1, 0]).unwrap();
    let rows = tt.shuffled_along(Axis::<2>, &mut rng(12));
    let p = Tensor::random_permutation(4, &mut rng(12));
    for (k, &from) in p.iter().enumerate() {
        assert_eq!(
            rows.view().select(Axis::<2>, k).unwrap(),
            tt.select(Axis::<2>, from).unwrap()
        );
    }
    let empty = Tensor::<f32, 2>::zeros([0, 3]);
    assert_eq!(
        empty.shuffled_along(Axis::<0>, &mut rng(13)).shape(),
        &[0, 3]
    );
}
