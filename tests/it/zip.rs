//! The n-ary `Zip` and `azip!`: one to six operands of mixed ranks and storages, broadcasting,
//! written operands, negative strides, empty shapes, and errors naming the operand and axis.

use ranked::{Axis, ErrorKind, Tensor, TensorView, Zip, azip, inline_tensor, tensor};

#[test]
fn six_operands_of_mixed_ranks() {
    let a = tensor![[1, 2, 3], [4, 5, 6]];
    let b = tensor![10, 20, 30];
    let c = tensor![[100], [200]];
    let d = inline_tensor![[[1000, 1000, 1000], [2000, 2000, 2000]]];
    let e_data = [0, 0, 0, 0, 0, 0];
    let e = TensorView::from_slice(&e_data, [2, 3]).unwrap();
    let mut out: Tensor<i32, 3> = Tensor::zeros([1, 2, 3]);
    Zip::from(&a)
        .and(&b)
        .and(&c)
        .and(&d)
        .and(&e)
        .and_mut(&mut out)
        .for_each(|&a, &b, &c, &d, &e, o| *o = a + b + c + d + e)
        .unwrap();
    assert_eq!(out.to_vec(), [1111, 1122, 1133, 2214, 2225, 2236]);
    let z = Zip::from(&a).and(&b).and(&c).and(&d).and(&e);
    assert_eq!(z.shape(), &[1, 2, 3]);
    let collected = z
        .map_collect(|&a, &b, &c, &d, &e| a + b + c + d + e)
        .unwrap();
    assert_eq!(collected, out);
}

#[test]
fn negative_strides_and_transposes() {
    let a: Tensor<i32, 2> = Tensor::from_fn([3, 4], |[i, j]| (i * 4 + j) as i32);
    let flipped = a.view().flip(Axis::<1>);
    let t = a.view().t().t();
    let mut out: Tensor<i32, 2> = Tensor::zeros([3, 4]);
    Zip::from_mut(&mut out)
        .and(&flipped)
        .and(&t)
        .for_each(|o, &x, &y| *o = x * 100 + y)
        .unwrap();
    assert_eq!(out[[0, 0]], 300);
    assert_eq!(out[[2, 1]], 10 * 100 + 9);
    let mut written = a.clone();
    Zip::from_mut(&mut written.view_mut().flip(Axis::<0>))
        .and(&a)
        .for_each(|w, &x| *w = x)
        .unwrap();
    assert_eq!(written.view().flip(Axis::<0>).to_vec(), a.to_vec());
}

#[test]
fn errors_name_the_operand_and_visit_nothing() {
    let a = tensor![[1, 2, 3], [4, 5, 6]];
    let b = tensor![1, 2];
    let mut visited = 0;
    let err = Zip::from(&a)
        .and(&a)
        .and(&b)
        .for_each(|_, _, _| visited += 1)
        .unwrap_err();
    assert_eq!(visited, 0);
    assert_eq!(
        (err.kind(), err.operand(), err.axis()),
        (ErrorKind::BroadcastMismatch, Some(2), Some(1))
    );
    assert!(err.to_string().starts_with("operand 2: "));
    // A written operand that would be broadcast (of a lower rank, it does not compile:
    // ui-tests/fail/zip_and_mut_of_lower_rank.rs).
    let mut row = tensor![[0, 0, 0]];
    let err = Zip::from(&a)
        .and_mut(&mut row)
        .for_each(|_, _| ())
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.operand(), err.axis()),
        (ErrorKind::SizeMismatch, Some(1), Some(0))
    );
    assert_eq!(row.to_vec(), [0, 0, 0]);
    // The first error wins.
    let err = Zip::from(&a)
        .and(&b)
        .and(&tensor![1, 2, 3, 4])
        .fold(0, |s, _, _, _| s)
        .unwrap_err();
    assert_eq!(err.operand(), Some(1));
}

#[test]
fn empty_and_scalar_shapes() {
    let e: Tensor<f32, 2> = Tensor::zeros([0, 3]);
    let r = tensor![1.0, 2.0, 3.0];
    assert_eq!(Zip::from(&e).and(&r).fold(0, |n, _, _| n + 1).unwrap(), 0);
    assert_eq!(
        Zip::from(&e)
            .and(&r)
            .map_collect(|&x, &y| x + y)
            .unwrap()
            .shape(),
        &[0, 3]
    );
    let s: Tensor<f32, 0> = Tensor::full([], 2.0);
    let m = Zip::from(&s).and(&r).map_collect(|&x, &y| x * y).unwrap();
    assert_eq!(m.to_vec(), [2.0, 4.0, 6.0]);
}

#[test]
fn map_collect_of_owned_values_and_fold() {
    let names = tensor!["a", "b"];
    let counts = tensor![[1], [3]];
    let t = Zip::from(&names)
        .and(&counts)
        .map_collect(|n, &c| n.repeat(c))
        .unwrap();
    assert_eq!(t.to_vec(), ["a", "b", "aaa", "bbb"]);
    let x = tensor![1.0, 2.0, 3.0];
    let y = tensor![4.0, 5.0, 6.0];
    let w = tensor![0.5];
    let dot = Zip::from(&x)
        .and(&y)
        .and(&w)
        .fold(0.0, |s, &a, &b, &c| s + a * b * c)
        .unwrap();
    assert_eq!(dot, 16.0);
}

#[test]
fn azip_reads_and_writes() {
    let a = tensor![[1, 2], [3, 4]];
    let b = tensor![10, 20];
    let mut out: Tensor<i32, 2> = Tensor::zeros([2, 2]);
    let mut total = 0;
    azip!((o in &mut out, &x in &a, &y in &b) {
        *o = x + y;
        total += *o;
    });
    assert_eq!(out.to_vec(), [11, 22, 13, 24]);
    assert_eq!(total, 70);
    azip!((x in &mut out) *x = -*x);
    assert_eq!(out.to_vec(), [-11, -22, -13, -24]);
}

#[test]
#[should_panic(expected = "azip!: operand 1")]
fn azip_panics_on_mismatch() {
    let a = tensor![1, 2, 3];
    let b = tensor![1, 2];
    azip!((&x in &a, &y in &b) {
        let _ = x + y;
    });
}
