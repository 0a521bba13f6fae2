//! Constructors and conversions: ranges, grids, identity and diagonal matrices, `From` nested
//! arrays and iterators, by-value iteration of owned tensors (elements moved, each dropped once),
//! and column-major reshapes against ndarray.

use std::rc::Rc;

use ndarray::{Array, IxDyn};
use ranked::{ArrayTensor, Axis, ErrorKind, INFER, Order, Tensor, s, tensor};

#[test]
fn arange_like_numpy() {
    assert_eq!(Tensor::arange(0u8, 4, 1).to_vec(), [0, 1, 2, 3]);
    assert_eq!(Tensor::arange(-3i64, 3, 2).to_vec(), [-3, -1, 1]);
    assert_eq!(
        Tensor::arange(0.0, 1.0, 0.3).to_vec(),
        [0.0, 0.3, 0.6, 0.8999999999999999]
    );
    assert!(Tensor::arange(3, 3, 1).is_empty());
    assert_eq!(
        Tensor::try_arange(0, 5, 0).unwrap_err().kind(),
        ErrorKind::ZeroStep
    );
    assert_eq!(
        Tensor::try_arange(0.0, f64::NAN, 1.0).unwrap_err().kind(),
        ErrorKind::Overflow
    );
    // Integer ranges up to the type's limit are exact.
    assert_eq!(
        Tensor::try_arange(250u8, 255, 1).unwrap().to_vec(),
        [250, 251, 252, 253, 254]
    );
    assert!(Tensor::try_arange(0.0f64, 1e300, 1e-300).is_err());
}

#[test]
fn linspace_logspace_eye_diag_elem() {
    let l = Tensor::linspace(-1.0f32, 1.0, 3);
    assert_eq!(l.to_vec(), [-1.0, 0.0, 1.0]);
    let l = Tensor::linspace(0.0, 0.3, 4);
    assert_eq!(l[[3]], 0.3);
    // `powf` may round differently across platforms (and under Miri): close, not bit-equal.
    let l = Tensor::logspace(2.0, 0.0, 3.0, 4);
    assert!(
        l.allclose(&tensor![1.0, 2.0, 4.0, 8.0], 1e-12, 0.0)
            .unwrap()
    );
    let i: Tensor<u8, 2> = Tensor::eye(3);
    assert_eq!(i.sum(), 3);
    assert_eq!(
        i.view().diagonal(0, Axis::<0>, Axis::<1>).to_vec(),
        [1, 1, 1]
    );
    assert_eq!(Tensor::<f32, 2>::eye(0).shape(), &[0, 0]);
    let d = Tensor::from_diag(&tensor![1, 2, 3].view().flip(Axis::<0>));
    assert_eq!(
        d.view().diagonal(0, Axis::<0>, Axis::<1>).to_vec(),
        [3, 2, 1]
    );
    assert_eq!(d.sum(), 6);
    assert_eq!(Tensor::from_elem([2, 0, 3], 1.5).shape(), &[2, 0, 3]);
}

#[test]
fn conversions_from_vecs_arrays_and_iterators() {
    let v: Tensor<i32, 1> = vec![1, 2, 3].into();
    assert_eq!(v.shape(), &[3]);
    let a: Tensor<i32, 1> = [4, 5].into();
    assert_eq!(a.to_vec(), [4, 5]);
    let fixed: ArrayTensor<i32, 2, 1> = [4, 5].into();
    assert_eq!(fixed[[1]], 5);
    let m = Tensor::from([[1, 2], [3, 4], [5, 6]]);
    assert_eq!((m.shape(), m[[2, 1]]), (&[3, 2], 6));
    let e: Tensor<i32, 2> = Tensor::from([[0i32; 0]; 3]);
    assert_eq!(e.shape(), &[3, 0]);
    let c: Tensor<u8, 3> = Tensor::from([[[1], [2]], [[3], [4]]]);
    assert_eq!(c.shape(), &[2, 2, 1]);
    let collected: Tensor<char, 1> = "abc".chars().collect();
    assert_eq!(collected.to_vec(), ['a', 'b', 'c']);
    let empty: Tensor<u8, 1> = std::iter::empty().collect();
    assert!(empty.is_empty());
}

#[test]
fn by_value_iteration_moves_each_element_once() {
    let marker = Rc::new(());
    let t: Tensor<Rc<()>, 2> = Tensor::from_fn([3, 4], |_| Rc::clone(&marker));
    assert_eq!(Rc::strong_count(&marker), 13);
    // A strided owned tensor: only 4 of the 12 elements are in the layout.
    let cut = t
        .slice(s![1..;1, ..;2])
        .unwrap()
        .slice(s![..;2, ..])
        .unwrap();
    assert_eq!(cut.shape(), &[1, 2]);
    let moved: Vec<Rc<()>> = cut.into_iter().collect();
    assert_eq!(moved.len(), 2);
    // The other 10 were dropped, the 2 moved ones are alive.
    assert_eq!(Rc::strong_count(&marker), 3);
    drop(moved);
    assert_eq!(Rc::strong_count(&marker), 1);
    let words: Tensor<String, 2> = Tensor::from_fn([2, 3], |[i, j]| format!("{i}{j}"));
    let by_column: Vec<String> = words.t().into_iter().collect();
    assert_eq!(by_column, ["00", "10", "01", "11", "02", "12"]);
    let t = tensor![[1, 2], [3, 4]];
    let doubled: Vec<i32> = t.view().into_iter().map(|x| x * 2).collect();
    assert_eq!(doubled, [2, 4, 6, 8]);
}

#[test]
fn reshape_in_column_major_order_matches_ndarray() {
    for shape in [[2usize, 3, 4], [4, 3, 2], [1, 6, 4], [0, 3, 2]] {
        let n: usize = shape.iter().product();
        let t = Tensor::from_vec((0..n as i32).collect(), shape).unwrap();
        let nd = Array::from_shape_vec(IxDyn(&shape), (0..n as i32).collect()).unwrap();
        for target in [[n, 1], [2, INFER], [INFER, 4]] {
            let Ok(mine) = t.reshape_with_order(target, Order::ColumnMajor) else {
                continue;
            };
            let resolved = mine.view().shape().to_vec();
            let theirs = nd
                .to_shape((IxDyn(&resolved), ndarray::Order::ColumnMajor))
                .unwrap();
            assert_eq!(
                mine.view().to_vec(),
                theirs.iter().copied().collect::<Vec<_>>(),
                "{shape:?} -> {target:?}"
            );
        }
        // Transposed sources: the copying path.
        let tv = t.view().permute([2, 0, 1]).unwrap();
        let mine = tv.reshape_with_order([INFER], Order::ColumnMajor).unwrap();
        let theirs = nd.view().permuted_axes(IxDyn(&[2, 0, 1]));
        let flat: Vec<i32> = theirs.t().iter().copied().collect();
        assert_eq!(mine.view().to_vec(), flat);
    }
    // A column-major tensor reshapes in column-major order without a copy.
    let f: Tensor<u8, 2> = Tensor::zeros_with_order([3, 4], Order::ColumnMajor);
    assert!(
        f.reshape_with_order([12], Order::ColumnMajor)
            .unwrap()
            .is_view()
    );
    assert!(!f.reshape([12]).unwrap().is_view());
}

#[test]
fn a_temporary_view_reshapes() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 3, 4]);
    let r = t
        .view()
        .slice(s![.., 1.., ..])
        .unwrap()
        .reshape([INFER, 4])
        .unwrap();
    assert_eq!(r.view().shape(), &[4, 4]);
    let flat = t
        .view()
        .permute([2, 1, 0])
        .unwrap()
        .reshape([INFER])
        .unwrap();
    assert!(!flat.is_view());
}
