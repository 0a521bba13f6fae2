// Written by tests/data/notation/make_expected.py --rust: the cases of its lists, as
// literals. Edit the lists there, not this file.

use super::*;

/// Every einsum case: contiguous, column-major and negatively strided operands, and into
/// a column-major output.
pub(super) fn einsum_cases() {
    // '...' over (2, 3)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(0);
        e.check(einsum!("...", o0));
        e.check(einsum!("...", c0.view().reversed_axes()));
        e.check(einsum!("...", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "...", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ji' over (2, 3)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(1);
        e.check(einsum!("ji", o0));
        e.check(einsum!("ji", c0.view().reversed_axes()));
        e.check(einsum!("ji", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ji", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij' over (2, 3)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(2);
        e.check(einsum!("ij", o0));
        e.check(einsum!("ij", c0.view().reversed_axes()));
        e.check(einsum!("ij", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ijk->jik' over (3, 4, 5)
    {
        let o0 = operand(0, [3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(3);
        e.check(einsum!("ijk->jik", o0));
        e.check(einsum!("ijk->jik", c0.view().reversed_axes()));
        e.check(einsum!("ijk->jik", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 3> = Tensor::full([5, 3, 4], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ijk->jik", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ii' over (4, 4)
    {
        let o0 = operand(0, [4, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(4);
        e.check(einsum!("ii", o0));
        e.check(einsum!("ii", c0.view().reversed_axes()));
        e.check(einsum!("ii", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ii", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ii->i' over (4, 4)
    {
        let o0 = operand(0, [4, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(5);
        e.check(einsum!("ii->i", o0));
        e.check(einsum!("ii->i", c0.view().reversed_axes()));
        e.check(einsum!("ii->i", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 1> = Tensor::full([4], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ii->i", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'iii->i' over (3, 3, 3)
    {
        let o0 = operand(0, [3, 3, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(6);
        e.check(einsum!("iii->i", o0));
        e.check(einsum!("iii->i", c0.view().reversed_axes()));
        e.check(einsum!("iii->i", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 1> = Tensor::full([3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "iii->i", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'jii->ij' over (3, 4, 4)
    {
        let o0 = operand(0, [3, 4, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(7);
        e.check(einsum!("jii->ij", o0));
        e.check(einsum!("jii->ij", c0.view().reversed_axes()));
        e.check(einsum!("jii->ij", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 4], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "jii->ij", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ii...->...i' over (3, 3, 2)
    {
        let o0 = operand(0, [3, 3, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(8);
        e.check(einsum!("ii...->...i", o0));
        e.check(einsum!("ii...->...i", c0.view().reversed_axes()));
        e.check(einsum!("ii...->...i", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ii...->...i", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ii...->i...' over (3, 3, 2)
    {
        let o0 = operand(0, [3, 3, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(9);
        e.check(einsum!("ii...->i...", o0));
        e.check(einsum!("ii...->i...", c0.view().reversed_axes()));
        e.check(einsum!("ii...->i...", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ii...->i...", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...ii->...i' over (2, 3, 3)
    {
        let o0 = operand(0, [2, 3, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(10);
        e.check(einsum!("...ii->...i", o0));
        e.check(einsum!("...ii->...i", c0.view().reversed_axes()));
        e.check(einsum!("...ii->...i", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "...ii->...i", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...ii->i...' over (2, 3, 3)
    {
        let o0 = operand(0, [2, 3, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(11);
        e.check(einsum!("...ii->i...", o0));
        e.check(einsum!("...ii->i...", c0.view().reversed_axes()));
        e.check(einsum!("...ii->i...", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "...ii->i...", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i...i->...i' over (3, 2, 3)
    {
        let o0 = operand(0, [3, 2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(12);
        e.check(einsum!("i...i->...i", o0));
        e.check(einsum!("i...i->...i", c0.view().reversed_axes()));
        e.check(einsum!("i...i->...i", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i...i->...i", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i...i->i...' over (3, 2, 3)
    {
        let o0 = operand(0, [3, 2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(13);
        e.check(einsum!("i...i->i...", o0));
        e.check(einsum!("i...i->i...", c0.view().reversed_axes()));
        e.check(einsum!("i...i->i...", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i...i->i...", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i->' over (5,)
    {
        let o0 = operand(0, [5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(14);
        e.check(einsum!("i->", o0));
        e.check(einsum!("i->", c0.view().reversed_axes()));
        e.check(einsum!("i->", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i->", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...i->...' over (2, 3, 5)
    {
        let o0 = operand(0, [2, 3, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(15);
        e.check(einsum!("...i->...", o0));
        e.check(einsum!("...i->...", c0.view().reversed_axes()));
        e.check(einsum!("...i->...", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "...i->...", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i...->...' over (5, 2, 3)
    {
        let o0 = operand(0, [5, 2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(16);
        e.check(einsum!("i...->...", o0));
        e.check(einsum!("i...->...", c0.view().reversed_axes()));
        e.check(einsum!("i...->...", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i...->...", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij->j' over (4, 5)
    {
        let o0 = operand(0, [4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(17);
        e.check(einsum!("ij->j", o0));
        e.check(einsum!("ij->j", c0.view().reversed_axes()));
        e.check(einsum!("ij->j", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 1> = Tensor::full([5], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij->j", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'aabb->ab' over (3, 3, 4, 4)
    {
        let o0 = operand(0, [3, 3, 4, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(18);
        e.check(einsum!("aabb->ab", o0));
        e.check(einsum!("aabb->ab", c0.view().reversed_axes()));
        e.check(einsum!("aabb->ab", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "aabb->ab", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'bbcdc->d' over (2, 2, 3, 4, 3)
    {
        let o0 = operand(0, [2, 2, 3, 4, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(19);
        e.check(einsum!("bbcdc->d", o0));
        e.check(einsum!("bbcdc->d", c0.view().reversed_axes()));
        e.check(einsum!("bbcdc->d", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 1> = Tensor::full([4], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "bbcdc->d", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ijij->' over (2, 3, 2, 3)
    {
        let o0 = operand(0, [2, 3, 2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einsum(20);
        e.check(einsum!("ijij->", o0));
        e.check(einsum!("ijij->", c0.view().reversed_axes()));
        e.check(einsum!("ijij->", f0.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ijij->", o0).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i,i' over (5,), (5,)
    {
        let o0 = operand(0, [5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(21);
        e.check(einsum!("i,i", o0, o1));
        e.check(einsum!(
            "i,i",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "i,i",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i,i", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i,i->i' over (5,), (5,)
    {
        let o0 = operand(0, [5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(22);
        e.check(einsum!("i,i->i", o0, o1));
        e.check(einsum!(
            "i,i->i",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "i,i->i",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([5], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i,i->i", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i, i' over (5,), (5,)
    {
        let o0 = operand(0, [5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(23);
        e.check(einsum!("i, i", o0, o1));
        e.check(einsum!(
            "i, i",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "i, i",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i, i", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i,j' over (3,), (4,)
    {
        let o0 = operand(0, [3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(24);
        e.check(einsum!("i,j", o0, o1));
        e.check(einsum!(
            "i,j",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "i,j",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i,j", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij,j' over (4, 5), (5,)
    {
        let o0 = operand(0, [4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(25);
        e.check(einsum!("ij,j", o0, o1));
        e.check(einsum!(
            "ij,j",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij,j",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([4], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij,j", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij, j' over (4, 5), (5,)
    {
        let o0 = operand(0, [4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(26);
        e.check(einsum!("ij, j", o0, o1));
        e.check(einsum!(
            "ij, j",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij, j",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([4], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij, j", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ji,j' over (5, 4), (5,)
    {
        let o0 = operand(0, [5, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(27);
        e.check(einsum!("ji,j", o0, o1));
        e.check(einsum!(
            "ji,j",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ji,j",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([4], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ji,j", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij,jk' over (3, 4), (4, 5)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(28);
        e.check(einsum!("ij,jk", o0, o1));
        e.check(einsum!(
            "ij,jk",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij,jk",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([5, 3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij,jk", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij,jk->ik' over (3, 4), (4, 5)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(29);
        e.check(einsum!("ij,jk->ik", o0, o1));
        e.check(einsum!(
            "ij,jk->ik",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij,jk->ik",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([5, 3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij,jk->ik", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij,ij->j' over (4, 5), (4, 5)
    {
        let o0 = operand(0, [4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(30);
        e.check(einsum!("ij,ij->j", o0, o1));
        e.check(einsum!(
            "ij,ij->j",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij,ij->j",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([5], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij,ij->j", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij,ij->j' over (10, 2), (1, 2)
    {
        let o0 = operand(0, [10, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [1, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(31);
        e.check(einsum!("ij,ij->j", o0, o1));
        e.check(einsum!(
            "ij,ij->j",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij,ij->j",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij,ij->j", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i,i' over (2,), (1,)
    {
        let o0 = operand(0, [2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [1]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(32);
        e.check(einsum!("i,i", o0, o1));
        e.check(einsum!(
            "i,i",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "i,i",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i,i", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ijk,jil->kl' over (3, 4, 5), (4, 3, 2)
    {
        let o0 = operand(0, [3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 3, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(33);
        e.check(einsum!("ijk,jil->kl", o0, o1));
        e.check(einsum!(
            "ijk,jil->kl",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ijk,jil->kl",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 5], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ijk,jil->kl", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ijk, jil -> kl' over (3, 4, 5), (4, 3, 2)
    {
        let o0 = operand(0, [3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 3, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(34);
        e.check(einsum!("ijk, jil -> kl", o0, o1));
        e.check(einsum!(
            "ijk, jil -> kl",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ijk, jil -> kl",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 5], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ijk, jil -> kl",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ijkl,k->ijl' over (2, 3, 4, 5), (4,)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(35);
        e.check(einsum!("ijkl,k->ijl", o0, o1));
        e.check(einsum!(
            "ijkl,k->ijl",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ijkl,k->ijl",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 3> = Tensor::full([5, 3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ijkl,k->ijl", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ijkl,k' over (2, 3, 4, 5), (4,)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(36);
        e.check(einsum!("ijkl,k", o0, o1));
        e.check(einsum!(
            "ijkl,k",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ijkl,k",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 3> = Tensor::full([5, 3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ijkl,k", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ijk,j->ijk' over (2, 3, 4), (3,)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(37);
        e.check(einsum!("ijk,j->ijk", o0, o1));
        e.check(einsum!(
            "ijk,j->ijk",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ijk,j->ijk",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 3> = Tensor::full([4, 3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ijk,j->ijk", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i,ij->' over (3,), (3, 4)
    {
        let o0 = operand(0, [3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(38);
        e.check(einsum!("i,ij->", o0, o1));
        e.check(einsum!(
            "i,ij->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "i,ij->",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i,ij->", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij,i->' over (3, 4), (3,)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(39);
        e.check(einsum!("ij,i->", o0, o1));
        e.check(einsum!(
            "ij,i->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij,i->",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij,i->", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ji,i->' over (4, 3), (3,)
    {
        let o0 = operand(0, [4, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(40);
        e.check(einsum!("ji,i->", o0, o1));
        e.check(einsum!(
            "ji,i->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ji,i->",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ji,i->", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // ',i->' over (), (5,)
    {
        let o0 = operand(0, []);
        let c0 = column_major(&o0);
        let o1 = operand(1, [5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(41);
        e.check(einsum!(",i->", o0, o1));
        e.check(einsum!(
            ",i->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(",i->", o0, f1.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), ",i->", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i,->' over (5,), ()
    {
        let o0 = operand(0, [5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, []);
        let c1 = column_major(&o1);
        let e = Expected::einsum(42);
        e.check(einsum!("i,->", o0, o1));
        e.check(einsum!(
            "i,->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!("i,->", f0.view().flip(Axis::<0>), o1));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i,->", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i,->i' over (5,), ()
    {
        let o0 = operand(0, [5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, []);
        let c1 = column_major(&o1);
        let e = Expected::einsum(43);
        e.check(einsum!("i,->i", o0, o1));
        e.check(einsum!(
            "i,->i",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!("i,->i", f0.view().flip(Axis::<0>), o1));
        let mut out: Tensor<f64, 1> = Tensor::full([5], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i,->i", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // ',i->i' over (), (5,)
    {
        let o0 = operand(0, []);
        let c0 = column_major(&o0);
        let o1 = operand(1, [5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(44);
        e.check(einsum!(",i->i", o0, o1));
        e.check(einsum!(
            ",i->i",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(",i->i", o0, f1.view().flip(Axis::<0>)));
        let mut out: Tensor<f64, 1> = Tensor::full([5], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), ",i->i", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij,jk->ik' over (3, 0), (0, 2)
    {
        let o0 = operand(0, [3, 0]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [0, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(45);
        e.check(einsum!("ij,jk->ik", o0, o1));
        e.check(einsum!(
            "ij,jk->ik",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij,jk->ik",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij,jk->ik", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...ij,...jk->...ik' over (2, 3, 4, 5), (3, 5, 2)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 5, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(46);
        e.check(einsum!("...ij,...jk->...ik", o0, o1));
        e.check(einsum!(
            "...ij,...jk->...ik",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...ij,...jk->...ik",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 4> = Tensor::full([2, 4, 3, 2], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "...ij,...jk->...ik",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...ij,...jk->...ik' over (3, 1, 4, 5), (2, 5, 2)
    {
        let o0 = operand(0, [3, 1, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [2, 5, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(47);
        e.check(einsum!("...ij,...jk->...ik", o0, o1));
        e.check(einsum!(
            "...ij,...jk->...ik",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...ij,...jk->...ik",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 4> = Tensor::full([2, 4, 2, 3], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "...ij,...jk->...ik",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...i,...i' over (2, 1, 3), (4, 3)
    {
        let o0 = operand(0, [2, 1, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(48);
        e.check(einsum!("...i,...i", o0, o1));
        e.check(einsum!(
            "...i,...i",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...i,...i",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "...i,...i", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...i, ...i' over (2, 1, 3), (4, 3)
    {
        let o0 = operand(0, [2, 1, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(49);
        e.check(einsum!("...i, ...i", o0, o1));
        e.check(einsum!(
            "...i, ...i",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...i, ...i",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "...i, ...i", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...,...' over (2, 3), (3,)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(50);
        e.check(einsum!("...,...", o0, o1));
        e.check(einsum!(
            "...,...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...,...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "...,...", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '..., ...' over (2, 3), (3,)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(51);
        e.check(einsum!("..., ...", o0, o1));
        e.check(einsum!(
            "..., ...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "..., ...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "..., ...", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i...,i...' over (3, 2), (3, 2)
    {
        let o0 = operand(0, [3, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(52);
        e.check(einsum!("i...,i...", o0, o1));
        e.check(einsum!(
            "i...,i...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "i...,i...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i...,i...", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i..., i...' over (3, 2), (3, 2)
    {
        let o0 = operand(0, [3, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(53);
        e.check(einsum!("i..., i...", o0, o1));
        e.check(einsum!(
            "i..., i...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "i..., i...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i..., i...", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij...,j...->i...' over (3, 4, 2), (4, 2)
    {
        let o0 = operand(0, [3, 4, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(54);
        e.check(einsum!("ij...,j...->i...", o0, o1));
        e.check(einsum!(
            "ij...,j...->i...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij...,j...->i...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 3], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ij...,j...->i...",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij...,j...->ij...' over (3, 4, 2), (4, 2)
    {
        let o0 = operand(0, [3, 4, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(55);
        e.check(einsum!("ij...,j...->ij...", o0, o1));
        e.check(einsum!(
            "ij...,j...->ij...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij...,j...->ij...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 3> = Tensor::full([2, 4, 3], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ij...,j...->ij...",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij...,j->ij...' over (3, 4, 2), (4,)
    {
        let o0 = operand(0, [3, 4, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(56);
        e.check(einsum!("ij...,j->ij...", o0, o1));
        e.check(einsum!(
            "ij...,j->ij...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij...,j->ij...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 3> = Tensor::full([2, 4, 3], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ij...,j->ij...",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij...,...j->ij...' over (3, 4, 2), (2, 4)
    {
        let o0 = operand(0, [3, 4, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [2, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(57);
        e.check(einsum!("ij...,...j->ij...", o0, o1));
        e.check(einsum!(
            "ij...,...j->ij...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij...,...j->ij...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 3> = Tensor::full([2, 4, 3], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ij...,...j->ij...",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ik...,k...->i...' over (2, 3, 4), (3, 4)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(58);
        e.check(einsum!("ik...,k...->i...", o0, o1));
        e.check(einsum!(
            "ik...,k...->i...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ik...,k...->i...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 2], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ik...,k...->i...",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ik...,...kj->i...j' over (2, 3), (3, 4)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(59);
        e.check(einsum!("ik...,...kj->i...j", o0, o1));
        e.check(einsum!(
            "ik...,...kj->i...j",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ik...,...kj->i...j",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 2], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ik...,...kj->i...j",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ik,k...->i...' over (2, 3), (3, 4)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(60);
        e.check(einsum!("ik,k...->i...", o0, o1));
        e.check(einsum!(
            "ik,k...->i...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ik,k...->i...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ik,k...->i...", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...k,kj' over (2, 3), (3, 4)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(61);
        e.check(einsum!("...k,kj", o0, o1));
        e.check(einsum!(
            "...k,kj",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...k,kj",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "...k,kj", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...kl,k' over (2, 3, 4), (3,)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(62);
        e.check(einsum!("...kl,k", o0, o1));
        e.check(einsum!(
            "...kl,k",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...kl,k",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "...kl,k", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...kl,k...' over (2, 3, 4), (3, 2)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(63);
        e.check(einsum!("...kl,k...", o0, o1));
        e.check(einsum!(
            "...kl,k...",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...kl,k...",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "...kl,k...", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...lmn,lmno->...o' over (2, 3, 4, 5), (3, 4, 5, 2)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 4, 5, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(64);
        e.check(einsum!("...lmn,lmno->...o", o0, o1));
        e.check(einsum!(
            "...lmn,lmno->...o",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...lmn,lmno->...o",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 2], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "...lmn,lmno->...o",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...lmn,...lmno->...o' over (2, 3, 4, 5), (2, 3, 4, 5, 2)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [2, 3, 4, 5, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(65);
        e.check(einsum!("...lmn,...lmno->...o", o0, o1));
        e.check(einsum!(
            "...lmn,...lmno->...o",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...lmn,...lmno->...o",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 2], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "...lmn,...lmno->...o",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'cl,cpx->lpx' over (3, 4), (3, 2, 5)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 2, 5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(66);
        e.check(einsum!("cl,cpx->lpx", o0, o1));
        e.check(einsum!(
            "cl,cpx->lpx",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "cl,cpx->lpx",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 3> = Tensor::full([5, 2, 4], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "cl,cpx->lpx", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'cl, cpxy->lpxy' over (3, 4), (3, 2, 5, 2)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 2, 5, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(67);
        e.check(einsum!("cl, cpxy->lpxy", o0, o1));
        e.check(einsum!(
            "cl, cpxy->lpxy",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "cl, cpxy->lpxy",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 4> = Tensor::full([2, 5, 2, 4], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "cl, cpxy->lpxy",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...ft,mf->...mt' over (2, 3, 4), (5, 3)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [5, 3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(68);
        e.check(einsum!("...ft,mf->...mt", o0, o1));
        e.check(einsum!(
            "...ft,mf->...mt",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...ft,mf->...mt",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 3> = Tensor::full([4, 5, 2], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "...ft,mf->...mt",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...ft,mf->...mt' over (3, 4), (5, 3)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [5, 3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(69);
        e.check(einsum!("...ft,mf->...mt", o0, o1));
        e.check(einsum!(
            "...ft,mf->...mt",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "...ft,mf->...mt",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([4, 5], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "...ft,mf->...mt",
            o0,
            o1
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij,jk,kl' over (2, 3), (3, 4), (4, 5)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [4, 5]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let e = Expected::einsum(70);
        e.check(einsum!("ij,jk,kl", o0, o1, o2));
        e.check(einsum!(
            "ij,jk,kl",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij,jk,kl",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([5, 2], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ij,jk,kl", o0, o1, o2).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ij,jk,kl->il' over (20, 3), (3, 20), (20, 3)
    {
        let o0 = operand(0, [20, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 20]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [20, 3]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let e = Expected::einsum(71);
        e.check(einsum!("ij,jk,kl->il", o0, o1, o2));
        e.check(einsum!(
            "ij,jk,kl->il",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes()
        ));
        e.check(einsum!(
            "ij,jk,kl->il",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([3, 20], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ij,jk,kl->il",
            o0,
            o1,
            o2
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'x,yx,zx->xzy' over (3,), (4, 3), (2, 3)
    {
        let o0 = operand(0, [3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [2, 3]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let e = Expected::einsum(72);
        e.check(einsum!("x,yx,zx->xzy", o0, o1, o2));
        e.check(einsum!(
            "x,yx,zx->xzy",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes()
        ));
        e.check(einsum!(
            "x,yx,zx->xzy",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 3> = Tensor::full([4, 2, 3], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "x,yx,zx->xzy",
            o0,
            o1,
            o2
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i,i,i->' over (5,), (5,), (5,)
    {
        let o0 = operand(0, [5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [5]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let e = Expected::einsum(73);
        e.check(einsum!("i,i,i->", o0, o1, o2));
        e.check(einsum!(
            "i,i,i->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes()
        ));
        e.check(einsum!(
            "i,i,i->",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i,i,i->", o0, o1, o2).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i,i,i->i' over (3,), (1,), (3,)
    {
        let o0 = operand(0, [3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [1]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [3]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let e = Expected::einsum(74);
        e.check(einsum!("i,i,i->i", o0, o1, o2));
        e.check(einsum!(
            "i,i,i->i",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes()
        ));
        e.check(einsum!(
            "i,i,i->i",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([3], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "i,i,i->i", o0, o1, o2).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'i,i,i,i->' over (5,), (5,), (5,), (5,)
    {
        let o0 = operand(0, [5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [5]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let o3 = operand(3, [5]);
        let c3 = column_major(&o3);
        let f3 = flipped(&o3);
        let e = Expected::einsum(75);
        e.check(einsum!("i,i,i,i->", o0, o1, o2, o3));
        e.check(einsum!(
            "i,i,i,i->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes(),
            c3.view().reversed_axes()
        ));
        e.check(einsum!(
            "i,i,i,i->",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>),
            f3.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "i,i,i,i->",
            o0,
            o1,
            o2,
            o3
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'mi,mi,mi->m' over (3, 4), (3, 4), (3, 4)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [3, 4]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let e = Expected::einsum(76);
        e.check(einsum!("mi,mi,mi->m", o0, o1, o2));
        e.check(einsum!(
            "mi,mi,mi->m",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes()
        ));
        e.check(einsum!(
            "mi,mi,mi->m",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([3], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "mi,mi,mi->m",
            o0,
            o1,
            o2
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'im,im,im->m' over (4, 3), (4, 3), (4, 3)
    {
        let o0 = operand(0, [4, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [4, 3]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let e = Expected::einsum(77);
        e.check(einsum!("im,im,im->m", o0, o1, o2));
        e.check(einsum!(
            "im,im,im->m",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes()
        ));
        e.check(einsum!(
            "im,im,im->m",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 1> = Tensor::full([3], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "im,im,im->m",
            o0,
            o1,
            o2
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'z,mz,zm->' over (3,), (4, 3), (3, 4)
    {
        let o0 = operand(0, [3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [4, 3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [3, 4]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let e = Expected::einsum(78);
        e.check(einsum!("z,mz,zm->", o0, o1, o2));
        e.check(einsum!(
            "z,mz,zm->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes()
        ));
        e.check(einsum!(
            "z,mz,zm->",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "z,mz,zm->", o0, o1, o2).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ijklm,ijn,ijn->' over (2, 3, 2, 2, 2), (2, 3, 4), (2, 3, 4)
    {
        let o0 = operand(0, [2, 3, 2, 2, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [2, 3, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [2, 3, 4]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let e = Expected::einsum(79);
        e.check(einsum!("ijklm,ijn,ijn->", o0, o1, o2));
        e.check(einsum!(
            "ijklm,ijn,ijn->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes()
        ));
        e.check(einsum!(
            "ijklm,ijn,ijn->",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ijklm,ijn,ijn->",
            o0,
            o1,
            o2
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ijklm,ijn->' over (2, 3, 2, 2, 2), (2, 3, 4)
    {
        let o0 = operand(0, [2, 3, 2, 2, 2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [2, 3, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let e = Expected::einsum(80);
        e.check(einsum!("ijklm,ijn->", o0, o1));
        e.check(einsum!(
            "ijklm,ijn->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes()
        ));
        e.check(einsum!(
            "ijklm,ijn->",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(&mut out.view_mut().reversed_axes(), "ijklm,ijn->", o0, o1).unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // '...ij,...jk,...kl->...il' over (2, 3, 4), (1, 4, 5), (5, 2)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [1, 4, 5]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [5, 2]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let e = Expected::einsum(81);
        e.check(einsum!("...ij,...jk,...kl->...il", o0, o1, o2));
        e.check(einsum!(
            "...ij,...jk,...kl->...il",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes()
        ));
        e.check(einsum!(
            "...ij,...jk,...kl->...il",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 3> = Tensor::full([2, 3, 2], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "...ij,...jk,...kl->...il",
            o0,
            o1,
            o2
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ea,fb,abcd,gc,hd->efgh' over (2, 3), (2, 4), (3, 4, 2, 3), (2, 2), (2, 3)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [2, 4]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [3, 4, 2, 3]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let o3 = operand(3, [2, 2]);
        let c3 = column_major(&o3);
        let f3 = flipped(&o3);
        let o4 = operand(4, [2, 3]);
        let c4 = column_major(&o4);
        let f4 = flipped(&o4);
        let e = Expected::einsum(82);
        e.check(einsum!("ea,fb,abcd,gc,hd->efgh", o0, o1, o2, o3, o4));
        e.check(einsum!(
            "ea,fb,abcd,gc,hd->efgh",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes(),
            c3.view().reversed_axes(),
            c4.view().reversed_axes()
        ));
        e.check(einsum!(
            "ea,fb,abcd,gc,hd->efgh",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>),
            f3.view().flip(Axis::<0>),
            f4.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 4> = Tensor::full([2, 2, 2, 2], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ea,fb,abcd,gc,hd->efgh",
            o0,
            o1,
            o2,
            o3,
            o4
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'ab,bc,cd,de,ef,fg,gh,hi->ai' over (2, 3), (3, 2), (2, 3), (3, 2), (2, 3), (3, 2), (2, 3), (3, 2)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [3, 2]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [2, 3]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let o3 = operand(3, [3, 2]);
        let c3 = column_major(&o3);
        let f3 = flipped(&o3);
        let o4 = operand(4, [2, 3]);
        let c4 = column_major(&o4);
        let f4 = flipped(&o4);
        let o5 = operand(5, [3, 2]);
        let c5 = column_major(&o5);
        let f5 = flipped(&o5);
        let o6 = operand(6, [2, 3]);
        let c6 = column_major(&o6);
        let f6 = flipped(&o6);
        let o7 = operand(7, [3, 2]);
        let c7 = column_major(&o7);
        let f7 = flipped(&o7);
        let e = Expected::einsum(83);
        e.check(einsum!(
            "ab,bc,cd,de,ef,fg,gh,hi->ai",
            o0,
            o1,
            o2,
            o3,
            o4,
            o5,
            o6,
            o7
        ));
        e.check(einsum!(
            "ab,bc,cd,de,ef,fg,gh,hi->ai",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes(),
            c3.view().reversed_axes(),
            c4.view().reversed_axes(),
            c5.view().reversed_axes(),
            c6.view().reversed_axes(),
            c7.view().reversed_axes()
        ));
        e.check(einsum!(
            "ab,bc,cd,de,ef,fg,gh,hi->ai",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>),
            f3.view().flip(Axis::<0>),
            f4.view().flip(Axis::<0>),
            f5.view().flip(Axis::<0>),
            f6.view().flip(Axis::<0>),
            f7.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 2> = Tensor::full([2, 2], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "ab,bc,cd,de,ef,fg,gh,hi->ai",
            o0,
            o1,
            o2,
            o3,
            o4,
            o5,
            o6,
            o7
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
    // 'a,ab,bc,cd,de,ef,fg,g->' over (2,), (2, 3), (3, 2), (2, 3), (3, 2), (2, 3), (3, 2), (2,)
    {
        let o0 = operand(0, [2]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let o1 = operand(1, [2, 3]);
        let c1 = column_major(&o1);
        let f1 = flipped(&o1);
        let o2 = operand(2, [3, 2]);
        let c2 = column_major(&o2);
        let f2 = flipped(&o2);
        let o3 = operand(3, [2, 3]);
        let c3 = column_major(&o3);
        let f3 = flipped(&o3);
        let o4 = operand(4, [3, 2]);
        let c4 = column_major(&o4);
        let f4 = flipped(&o4);
        let o5 = operand(5, [2, 3]);
        let c5 = column_major(&o5);
        let f5 = flipped(&o5);
        let o6 = operand(6, [3, 2]);
        let c6 = column_major(&o6);
        let f6 = flipped(&o6);
        let o7 = operand(7, [2]);
        let c7 = column_major(&o7);
        let f7 = flipped(&o7);
        let e = Expected::einsum(84);
        e.check(einsum!(
            "a,ab,bc,cd,de,ef,fg,g->",
            o0,
            o1,
            o2,
            o3,
            o4,
            o5,
            o6,
            o7
        ));
        e.check(einsum!(
            "a,ab,bc,cd,de,ef,fg,g->",
            c0.view().reversed_axes(),
            c1.view().reversed_axes(),
            c2.view().reversed_axes(),
            c3.view().reversed_axes(),
            c4.view().reversed_axes(),
            c5.view().reversed_axes(),
            c6.view().reversed_axes(),
            c7.view().reversed_axes()
        ));
        e.check(einsum!(
            "a,ab,bc,cd,de,ef,fg,g->",
            f0.view().flip(Axis::<0>),
            f1.view().flip(Axis::<0>),
            f2.view().flip(Axis::<0>),
            f3.view().flip(Axis::<0>),
            f4.view().flip(Axis::<0>),
            f5.view().flip(Axis::<0>),
            f6.view().flip(Axis::<0>),
            f7.view().flip(Axis::<0>)
        ));
        let mut out: Tensor<f64, 0> = Tensor::full([], f64::NAN);
        einsum_into!(
            &mut out.view_mut().reversed_axes(),
            "a,ab,bc,cd,de,ef,fg,g->",
            o0,
            o1,
            o2,
            o3,
            o4,
            o5,
            o6,
            o7
        )
        .unwrap();
        e.check(Ok(out.view().reversed_axes().to_contiguous()));
    }
}

/// Every einops case: contiguous, column-major and negatively strided inputs.
pub(super) fn einops_cases() {
    // rearrange 'b c h w -> b h w c' over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 0);
        e.check_cow(rearrange!(o0, "b c h w -> b h w c"));
        e.check_cow(rearrange!(c0.view().reversed_axes(), "b c h w -> b h w c"));
        e.check_cow(rearrange!(f0.view().flip(Axis::<0>), "b c h w -> b h w c"));
    }
    // rearrange 'b c h w -> b (c h w)' over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 1);
        e.check_cow(rearrange!(o0, "b c h w -> b (c h w)"));
        e.check_cow(rearrange!(
            c0.view().reversed_axes(),
            "b c h w -> b (c h w)"
        ));
        e.check_cow(rearrange!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b (c h w)"
        ));
    }
    // rearrange 'b c (h1 h2) (w1 w2) -> b (c h2 w2) h1 w1' over (2, 3, 4, 6), h2 = 2, w2 = 2
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 2);
        e.check_cow(rearrange!(
            o0,
            "b c (h1 h2) (w1 w2) -> b (c h2 w2) h1 w1",
            h2 = 2,
            w2 = 2
        ));
        e.check_cow(rearrange!(
            c0.view().reversed_axes(),
            "b c (h1 h2) (w1 w2) -> b (c h2 w2) h1 w1",
            h2 = 2,
            w2 = 2
        ));
        e.check_cow(rearrange!(
            f0.view().flip(Axis::<0>),
            "b c (h1 h2) (w1 w2) -> b (c h2 w2) h1 w1",
            h2 = 2,
            w2 = 2
        ));
    }
    // rearrange 'b c (h h1) (w w1) -> b (h1 w1 c) h w' over (2, 3, 4, 6), h1 = 2, w1 = 3
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 3);
        e.check_cow(rearrange!(
            o0,
            "b c (h h1) (w w1) -> b (h1 w1 c) h w",
            h1 = 2,
            w1 = 3
        ));
        e.check_cow(rearrange!(
            c0.view().reversed_axes(),
            "b c (h h1) (w w1) -> b (h1 w1 c) h w",
            h1 = 2,
            w1 = 3
        ));
        e.check_cow(rearrange!(
            f0.view().flip(Axis::<0>),
            "b c (h h1) (w w1) -> b (h1 w1 c) h w",
            h1 = 2,
            w1 = 3
        ));
    }
    // rearrange 'b1 sound b2 letter -> b1 b2 sound letter' over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 4);
        e.check_cow(rearrange!(o0, "b1 sound b2 letter -> b1 b2 sound letter"));
        e.check_cow(rearrange!(
            c0.view().reversed_axes(),
            "b1 sound b2 letter -> b1 b2 sound letter"
        ));
        e.check_cow(rearrange!(
            f0.view().flip(Axis::<0>),
            "b1 sound b2 letter -> b1 b2 sound letter"
        ));
    }
    // rearrange 'b h w c -> (b h) w c' over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 5);
        e.check_cow(rearrange!(o0, "b h w c -> (b h) w c"));
        e.check_cow(rearrange!(
            c0.view().reversed_axes(),
            "b h w c -> (b h) w c"
        ));
        e.check_cow(rearrange!(
            f0.view().flip(Axis::<0>),
            "b h w c -> (b h) w c"
        ));
    }
    // rearrange 'b h w c -> h (b w) c' over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 6);
        e.check_cow(rearrange!(o0, "b h w c -> h (b w) c"));
        e.check_cow(rearrange!(
            c0.view().reversed_axes(),
            "b h w c -> h (b w) c"
        ));
        e.check_cow(rearrange!(
            f0.view().flip(Axis::<0>),
            "b h w c -> h (b w) c"
        ));
    }
    // rearrange 'b h w c -> w h b c' over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 7);
        e.check_cow(rearrange!(o0, "b h w c -> w h b c"));
        e.check_cow(rearrange!(c0.view().reversed_axes(), "b h w c -> w h b c"));
        e.check_cow(rearrange!(f0.view().flip(Axis::<0>), "b h w c -> w h b c"));
    }
    // rearrange '(b1 b2) h w c -> (b1 h) (b2 w) c' over (4, 3, 4, 5), b1 = 2
    {
        let o0 = operand(0, [4, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 8);
        e.check_cow(rearrange!(o0, "(b1 b2) h w c -> (b1 h) (b2 w) c", b1 = 2));
        e.check_cow(rearrange!(
            c0.view().reversed_axes(),
            "(b1 b2) h w c -> (b1 h) (b2 w) c",
            b1 = 2
        ));
        e.check_cow(rearrange!(
            f0.view().flip(Axis::<0>),
            "(b1 b2) h w c -> (b1 h) (b2 w) c",
            b1 = 2
        ));
    }
    // rearrange 'b (h h1) (w w1) c -> b h w (c h1 w1)' over (2, 4, 6, 3), h1 = 2, w1 = 2
    {
        let o0 = operand(0, [2, 4, 6, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 9);
        e.check_cow(rearrange!(
            o0,
            "b (h h1) (w w1) c -> b h w (c h1 w1)",
            h1 = 2,
            w1 = 2
        ));
        e.check_cow(rearrange!(
            c0.view().reversed_axes(),
            "b (h h1) (w w1) c -> b h w (c h1 w1)",
            h1 = 2,
            w1 = 2
        ));
        e.check_cow(rearrange!(
            f0.view().flip(Axis::<0>),
            "b (h h1) (w w1) c -> b h w (c h1 w1)",
            h1 = 2,
            w1 = 2
        ));
    }
    // rearrange 'b h w c -> b 1 h w c' over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 10);
        e.check_cow(rearrange!(o0, "b h w c -> b 1 h w c"));
        e.check_cow(rearrange!(
            c0.view().reversed_axes(),
            "b h w c -> b 1 h w c"
        ));
        e.check_cow(rearrange!(
            f0.view().flip(Axis::<0>),
            "b h w c -> b 1 h w c"
        ));
    }
    // rearrange 'b 1 h w -> b h w' over (2, 1, 4, 5)
    {
        let o0 = operand(0, [2, 1, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 11);
        e.check_cow(rearrange!(o0, "b 1 h w -> b h w"));
        e.check_cow(rearrange!(c0.view().reversed_axes(), "b 1 h w -> b h w"));
        e.check_cow(rearrange!(f0.view().flip(Axis::<0>), "b 1 h w -> b h w"));
    }
    // rearrange '... h w -> ... w h' over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 12);
        e.check_cow(rearrange!(o0, "... h w -> ... w h"));
        e.check_cow(rearrange!(c0.view().reversed_axes(), "... h w -> ... w h"));
        e.check_cow(rearrange!(f0.view().flip(Axis::<0>), "... h w -> ... w h"));
    }
    // rearrange 'b ... c -> b c ...' over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 13);
        e.check_cow(rearrange!(o0, "b ... c -> b c ..."));
        e.check_cow(rearrange!(c0.view().reversed_axes(), "b ... c -> b c ..."));
        e.check_cow(rearrange!(f0.view().flip(Axis::<0>), "b ... c -> b c ..."));
    }
    // rearrange '... c -> (...) c' over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 14);
        e.check_cow(rearrange!(o0, "... c -> (...) c"));
        e.check_cow(rearrange!(c0.view().reversed_axes(), "... c -> (...) c"));
        e.check_cow(rearrange!(f0.view().flip(Axis::<0>), "... c -> (...) c"));
    }
    // rearrange 'a ... -> ... a' over (2, 3)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 15);
        e.check_cow(rearrange!(o0, "a ... -> ... a"));
        e.check_cow(rearrange!(c0.view().reversed_axes(), "a ... -> ... a"));
        e.check_cow(rearrange!(f0.view().flip(Axis::<0>), "a ... -> ... a"));
    }
    // rearrange '... -> (...)' over (2, 3, 4)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 16);
        e.check_cow(rearrange!(o0, "... -> (...)"));
        e.check_cow(rearrange!(c0.view().reversed_axes(), "... -> (...)"));
        e.check_cow(rearrange!(f0.view().flip(Axis::<0>), "... -> (...)"));
    }
    // rearrange '() a b -> a b ()' over (1, 3, 4)
    {
        let o0 = operand(0, [1, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("rearrange", 17);
        e.check_cow(rearrange!(o0, "() a b -> a b ()"));
        e.check_cow(rearrange!(c0.view().reversed_axes(), "() a b -> a b ()"));
        e.check_cow(rearrange!(f0.view().flip(Axis::<0>), "() a b -> a b ()"));
    }
    // reduce 'b c (h 2) (w 2) -> b c h w', sum over (2, 3, 4, 6)
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 0);
        e.check(reduce!(o0, "b c (h 2) (w 2) -> b c h w", sum));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c (h 2) (w 2) -> b c h w",
            sum
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c (h 2) (w 2) -> b c h w",
            sum
        ));
    }
    // reduce 'b c (h 2) (w 2) -> b c h w', mean over (2, 3, 4, 6)
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 1);
        e.check(reduce!(o0, "b c (h 2) (w 2) -> b c h w", mean));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c (h 2) (w 2) -> b c h w",
            mean
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c (h 2) (w 2) -> b c h w",
            mean
        ));
    }
    // reduce 'b c (h 2) (w 2) -> b c h w', max over (2, 3, 4, 6)
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 2);
        e.check(reduce!(o0, "b c (h 2) (w 2) -> b c h w", max));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c (h 2) (w 2) -> b c h w",
            max
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c (h 2) (w 2) -> b c h w",
            max
        ));
    }
    // reduce 'b c (h 2) (w 2) -> b c h w', min over (2, 3, 4, 6)
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 3);
        e.check(reduce!(o0, "b c (h 2) (w 2) -> b c h w", min));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c (h 2) (w 2) -> b c h w",
            min
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c (h 2) (w 2) -> b c h w",
            min
        ));
    }
    // reduce 'b c (h 2) (w 2) -> b c h w', prod over (2, 3, 4, 6)
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 4);
        e.check(reduce!(o0, "b c (h 2) (w 2) -> b c h w", prod));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c (h 2) (w 2) -> b c h w",
            prod
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c (h 2) (w 2) -> b c h w",
            prod
        ));
    }
    // reduce 'b c (h h2) (w w2) -> b c h w', sum over (2, 3, 4, 6), h2 = 2, w2 = 3
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 5);
        e.check(reduce!(
            o0,
            "b c (h h2) (w w2) -> b c h w",
            sum,
            h2 = 2,
            w2 = 3
        ));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c (h h2) (w w2) -> b c h w",
            sum,
            h2 = 2,
            w2 = 3
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c (h h2) (w w2) -> b c h w",
            sum,
            h2 = 2,
            w2 = 3
        ));
    }
    // reduce 'b c (h h2) (w w2) -> b c h w', mean over (2, 3, 4, 6), h2 = 2, w2 = 3
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 6);
        e.check(reduce!(
            o0,
            "b c (h h2) (w w2) -> b c h w",
            mean,
            h2 = 2,
            w2 = 3
        ));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c (h h2) (w w2) -> b c h w",
            mean,
            h2 = 2,
            w2 = 3
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c (h h2) (w w2) -> b c h w",
            mean,
            h2 = 2,
            w2 = 3
        ));
    }
    // reduce 'b c (h h2) (w w2) -> b c h w', max over (2, 3, 4, 6), h2 = 2, w2 = 3
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 7);
        e.check(reduce!(
            o0,
            "b c (h h2) (w w2) -> b c h w",
            max,
            h2 = 2,
            w2 = 3
        ));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c (h h2) (w w2) -> b c h w",
            max,
            h2 = 2,
            w2 = 3
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c (h h2) (w w2) -> b c h w",
            max,
            h2 = 2,
            w2 = 3
        ));
    }
    // reduce 'b c (h h2) (w w2) -> b c h w', min over (2, 3, 4, 6), h2 = 2, w2 = 3
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 8);
        e.check(reduce!(
            o0,
            "b c (h h2) (w w2) -> b c h w",
            min,
            h2 = 2,
            w2 = 3
        ));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c (h h2) (w w2) -> b c h w",
            min,
            h2 = 2,
            w2 = 3
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c (h h2) (w w2) -> b c h w",
            min,
            h2 = 2,
            w2 = 3
        ));
    }
    // reduce 'b c (h h2) (w w2) -> b c h w', prod over (2, 3, 4, 6), h2 = 2, w2 = 3
    {
        let o0 = operand(0, [2, 3, 4, 6]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 9);
        e.check(reduce!(
            o0,
            "b c (h h2) (w w2) -> b c h w",
            prod,
            h2 = 2,
            w2 = 3
        ));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c (h h2) (w w2) -> b c h w",
            prod,
            h2 = 2,
            w2 = 3
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c (h h2) (w w2) -> b c h w",
            prod,
            h2 = 2,
            w2 = 3
        ));
    }
    // reduce 'b c h w -> b c', sum over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 10);
        e.check(reduce!(o0, "b c h w -> b c", sum));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> b c", sum));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> b c", sum));
    }
    // reduce 'b c h w -> b c', mean over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 11);
        e.check(reduce!(o0, "b c h w -> b c", mean));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> b c", mean));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> b c", mean));
    }
    // reduce 'b c h w -> b c', max over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 12);
        e.check(reduce!(o0, "b c h w -> b c", max));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> b c", max));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> b c", max));
    }
    // reduce 'b c h w -> b c', min over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 13);
        e.check(reduce!(o0, "b c h w -> b c", min));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> b c", min));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> b c", min));
    }
    // reduce 'b c h w -> b c', prod over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 14);
        e.check(reduce!(o0, "b c h w -> b c", prod));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> b c", prod));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> b c", prod));
    }
    // reduce 'b c h w -> c', sum over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 15);
        e.check(reduce!(o0, "b c h w -> c", sum));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> c", sum));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> c", sum));
    }
    // reduce 'b c h w -> c', mean over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 16);
        e.check(reduce!(o0, "b c h w -> c", mean));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> c", mean));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> c", mean));
    }
    // reduce 'b c h w -> c', max over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 17);
        e.check(reduce!(o0, "b c h w -> c", max));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> c", max));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> c", max));
    }
    // reduce 'b c h w -> c', min over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 18);
        e.check(reduce!(o0, "b c h w -> c", min));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> c", min));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> c", min));
    }
    // reduce 'b c h w -> c', prod over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 19);
        e.check(reduce!(o0, "b c h w -> c", prod));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> c", prod));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> c", prod));
    }
    // reduce 'b c h w -> b c () ()', sum over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 20);
        e.check(reduce!(o0, "b c h w -> b c () ()", sum));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b c () ()",
            sum
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b c () ()",
            sum
        ));
    }
    // reduce 'b c h w -> b c () ()', mean over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 21);
        e.check(reduce!(o0, "b c h w -> b c () ()", mean));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b c () ()",
            mean
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b c () ()",
            mean
        ));
    }
    // reduce 'b c h w -> b c () ()', max over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 22);
        e.check(reduce!(o0, "b c h w -> b c () ()", max));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b c () ()",
            max
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b c () ()",
            max
        ));
    }
    // reduce 'b c h w -> b c () ()', min over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 23);
        e.check(reduce!(o0, "b c h w -> b c () ()", min));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b c () ()",
            min
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b c () ()",
            min
        ));
    }
    // reduce 'b c h w -> b c () ()', prod over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 24);
        e.check(reduce!(o0, "b c h w -> b c () ()", prod));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b c () ()",
            prod
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b c () ()",
            prod
        ));
    }
    // reduce 'b c h w -> b c 1 1', sum over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 25);
        e.check(reduce!(o0, "b c h w -> b c 1 1", sum));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b c 1 1",
            sum
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b c 1 1",
            sum
        ));
    }
    // reduce 'b c h w -> b c 1 1', mean over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 26);
        e.check(reduce!(o0, "b c h w -> b c 1 1", mean));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b c 1 1",
            mean
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b c 1 1",
            mean
        ));
    }
    // reduce 'b c h w -> b c 1 1', max over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 27);
        e.check(reduce!(o0, "b c h w -> b c 1 1", max));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b c 1 1",
            max
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b c 1 1",
            max
        ));
    }
    // reduce 'b c h w -> b c 1 1', min over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 28);
        e.check(reduce!(o0, "b c h w -> b c 1 1", min));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b c 1 1",
            min
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b c 1 1",
            min
        ));
    }
    // reduce 'b c h w -> b c 1 1', prod over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 29);
        e.check(reduce!(o0, "b c h w -> b c 1 1", prod));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b c 1 1",
            prod
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b c 1 1",
            prod
        ));
    }
    // reduce 'b c h w -> h w', sum over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 30);
        e.check(reduce!(o0, "b c h w -> h w", sum));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> h w", sum));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> h w", sum));
    }
    // reduce 'b c h w -> h w', mean over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 31);
        e.check(reduce!(o0, "b c h w -> h w", mean));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> h w", mean));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> h w", mean));
    }
    // reduce 'b c h w -> h w', max over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 32);
        e.check(reduce!(o0, "b c h w -> h w", max));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> h w", max));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> h w", max));
    }
    // reduce 'b c h w -> h w', min over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 33);
        e.check(reduce!(o0, "b c h w -> h w", min));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> h w", min));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> h w", min));
    }
    // reduce 'b c h w -> h w', prod over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 34);
        e.check(reduce!(o0, "b c h w -> h w", prod));
        e.check(reduce!(c0.view().reversed_axes(), "b c h w -> h w", prod));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b c h w -> h w", prod));
    }
    // reduce '(b1 b2) c -> b2 c', sum over (6, 4), b1 = 2
    {
        let o0 = operand(0, [6, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 35);
        e.check(reduce!(o0, "(b1 b2) c -> b2 c", sum, b1 = 2));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "(b1 b2) c -> b2 c",
            sum,
            b1 = 2
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "(b1 b2) c -> b2 c",
            sum,
            b1 = 2
        ));
    }
    // reduce '(b1 b2) c -> b2 c', mean over (6, 4), b1 = 2
    {
        let o0 = operand(0, [6, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 36);
        e.check(reduce!(o0, "(b1 b2) c -> b2 c", mean, b1 = 2));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "(b1 b2) c -> b2 c",
            mean,
            b1 = 2
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "(b1 b2) c -> b2 c",
            mean,
            b1 = 2
        ));
    }
    // reduce '(b1 b2) c -> b2 c', max over (6, 4), b1 = 2
    {
        let o0 = operand(0, [6, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 37);
        e.check(reduce!(o0, "(b1 b2) c -> b2 c", max, b1 = 2));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "(b1 b2) c -> b2 c",
            max,
            b1 = 2
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "(b1 b2) c -> b2 c",
            max,
            b1 = 2
        ));
    }
    // reduce '(b1 b2) c -> b2 c', min over (6, 4), b1 = 2
    {
        let o0 = operand(0, [6, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 38);
        e.check(reduce!(o0, "(b1 b2) c -> b2 c", min, b1 = 2));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "(b1 b2) c -> b2 c",
            min,
            b1 = 2
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "(b1 b2) c -> b2 c",
            min,
            b1 = 2
        ));
    }
    // reduce '(b1 b2) c -> b2 c', prod over (6, 4), b1 = 2
    {
        let o0 = operand(0, [6, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 39);
        e.check(reduce!(o0, "(b1 b2) c -> b2 c", prod, b1 = 2));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "(b1 b2) c -> b2 c",
            prod,
            b1 = 2
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "(b1 b2) c -> b2 c",
            prod,
            b1 = 2
        ));
    }
    // reduce '... (h 2) -> ... h', sum over (3, 2, 4)
    {
        let o0 = operand(0, [3, 2, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 40);
        e.check(reduce!(o0, "... (h 2) -> ... h", sum));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "... (h 2) -> ... h",
            sum
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "... (h 2) -> ... h",
            sum
        ));
    }
    // reduce '... (h 2) -> ... h', mean over (3, 2, 4)
    {
        let o0 = operand(0, [3, 2, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 41);
        e.check(reduce!(o0, "... (h 2) -> ... h", mean));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "... (h 2) -> ... h",
            mean
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "... (h 2) -> ... h",
            mean
        ));
    }
    // reduce '... (h 2) -> ... h', max over (3, 2, 4)
    {
        let o0 = operand(0, [3, 2, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 42);
        e.check(reduce!(o0, "... (h 2) -> ... h", max));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "... (h 2) -> ... h",
            max
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "... (h 2) -> ... h",
            max
        ));
    }
    // reduce '... (h 2) -> ... h', min over (3, 2, 4)
    {
        let o0 = operand(0, [3, 2, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 43);
        e.check(reduce!(o0, "... (h 2) -> ... h", min));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "... (h 2) -> ... h",
            min
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "... (h 2) -> ... h",
            min
        ));
    }
    // reduce '... (h 2) -> ... h', prod over (3, 2, 4)
    {
        let o0 = operand(0, [3, 2, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 44);
        e.check(reduce!(o0, "... (h 2) -> ... h", prod));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "... (h 2) -> ... h",
            prod
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "... (h 2) -> ... h",
            prod
        ));
    }
    // reduce 'b ... -> b', sum over (2, 3, 4)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 45);
        e.check(reduce!(o0, "b ... -> b", sum));
        e.check(reduce!(c0.view().reversed_axes(), "b ... -> b", sum));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b ... -> b", sum));
    }
    // reduce 'b ... -> b', mean over (2, 3, 4)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 46);
        e.check(reduce!(o0, "b ... -> b", mean));
        e.check(reduce!(c0.view().reversed_axes(), "b ... -> b", mean));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b ... -> b", mean));
    }
    // reduce 'b ... -> b', max over (2, 3, 4)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 47);
        e.check(reduce!(o0, "b ... -> b", max));
        e.check(reduce!(c0.view().reversed_axes(), "b ... -> b", max));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b ... -> b", max));
    }
    // reduce 'b ... -> b', min over (2, 3, 4)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 48);
        e.check(reduce!(o0, "b ... -> b", min));
        e.check(reduce!(c0.view().reversed_axes(), "b ... -> b", min));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b ... -> b", min));
    }
    // reduce 'b ... -> b', prod over (2, 3, 4)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 49);
        e.check(reduce!(o0, "b ... -> b", prod));
        e.check(reduce!(c0.view().reversed_axes(), "b ... -> b", prod));
        e.check(reduce!(f0.view().flip(Axis::<0>), "b ... -> b", prod));
    }
    // reduce 'b c h w -> b (c h) w', sum over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 50);
        e.check(reduce!(o0, "b c h w -> b (c h) w", sum));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b (c h) w",
            sum
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b (c h) w",
            sum
        ));
    }
    // reduce 'b c h w -> b (c h) w', mean over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 51);
        e.check(reduce!(o0, "b c h w -> b (c h) w", mean));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b (c h) w",
            mean
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b (c h) w",
            mean
        ));
    }
    // reduce 'b c h w -> b (c h) w', max over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 52);
        e.check(reduce!(o0, "b c h w -> b (c h) w", max));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b (c h) w",
            max
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b (c h) w",
            max
        ));
    }
    // reduce 'b c h w -> b (c h) w', min over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 53);
        e.check(reduce!(o0, "b c h w -> b (c h) w", min));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b (c h) w",
            min
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b (c h) w",
            min
        ));
    }
    // reduce 'b c h w -> b (c h) w', prod over (2, 3, 4, 5)
    {
        let o0 = operand(0, [2, 3, 4, 5]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 54);
        e.check(reduce!(o0, "b c h w -> b (c h) w", prod));
        e.check(reduce!(
            c0.view().reversed_axes(),
            "b c h w -> b (c h) w",
            prod
        ));
        e.check(reduce!(
            f0.view().flip(Axis::<0>),
            "b c h w -> b (c h) w",
            prod
        ));
    }
    // reduce 'a b -> b a', sum over (3, 4)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 55);
        e.check(reduce!(o0, "a b -> b a", sum));
        e.check(reduce!(c0.view().reversed_axes(), "a b -> b a", sum));
        e.check(reduce!(f0.view().flip(Axis::<0>), "a b -> b a", sum));
    }
    // reduce 'a b -> b a', mean over (3, 4)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 56);
        e.check(reduce!(o0, "a b -> b a", mean));
        e.check(reduce!(c0.view().reversed_axes(), "a b -> b a", mean));
        e.check(reduce!(f0.view().flip(Axis::<0>), "a b -> b a", mean));
    }
    // reduce 'a b -> b a', max over (3, 4)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 57);
        e.check(reduce!(o0, "a b -> b a", max));
        e.check(reduce!(c0.view().reversed_axes(), "a b -> b a", max));
        e.check(reduce!(f0.view().flip(Axis::<0>), "a b -> b a", max));
    }
    // reduce 'a b -> b a', min over (3, 4)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 58);
        e.check(reduce!(o0, "a b -> b a", min));
        e.check(reduce!(c0.view().reversed_axes(), "a b -> b a", min));
        e.check(reduce!(f0.view().flip(Axis::<0>), "a b -> b a", min));
    }
    // reduce 'a b -> b a', prod over (3, 4)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("reduce", 59);
        e.check(reduce!(o0, "a b -> b a", prod));
        e.check(reduce!(c0.view().reversed_axes(), "a b -> b a", prod));
        e.check(reduce!(f0.view().flip(Axis::<0>), "a b -> b a", prod));
    }
    // repeat 'h w -> h w c' over (3, 4), c = 2
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("repeat", 0);
        e.check_cow(repeat!(o0, "h w -> h w c", c = 2));
        e.check_cow(repeat!(c0.view().reversed_axes(), "h w -> h w c", c = 2));
        e.check_cow(repeat!(f0.view().flip(Axis::<0>), "h w -> h w c", c = 2));
    }
    // repeat 'h w -> h (w c)' over (3, 4), c = 2
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("repeat", 1);
        e.check_cow(repeat!(o0, "h w -> h (w c)", c = 2));
        e.check_cow(repeat!(c0.view().reversed_axes(), "h w -> h (w c)", c = 2));
        e.check_cow(repeat!(f0.view().flip(Axis::<0>), "h w -> h (w c)", c = 2));
    }
    // repeat 'h w -> (h 2) (w 2)' over (3, 4)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("repeat", 2);
        e.check_cow(repeat!(o0, "h w -> (h 2) (w 2)"));
        e.check_cow(repeat!(c0.view().reversed_axes(), "h w -> (h 2) (w 2)"));
        e.check_cow(repeat!(f0.view().flip(Axis::<0>), "h w -> (h 2) (w 2)"));
    }
    // repeat 'h w -> (repeat h) w' over (3, 4), repeat = 3
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("repeat", 3);
        e.check_cow(repeat!(o0, "h w -> (repeat h) w", repeat = 3));
        e.check_cow(repeat!(
            c0.view().reversed_axes(),
            "h w -> (repeat h) w",
            repeat = 3
        ));
        e.check_cow(repeat!(
            f0.view().flip(Axis::<0>),
            "h w -> (repeat h) w",
            repeat = 3
        ));
    }
    // repeat 'h w -> (h repeat) w' over (3, 4), repeat = 3
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("repeat", 4);
        e.check_cow(repeat!(o0, "h w -> (h repeat) w", repeat = 3));
        e.check_cow(repeat!(
            c0.view().reversed_axes(),
            "h w -> (h repeat) w",
            repeat = 3
        ));
        e.check_cow(repeat!(
            f0.view().flip(Axis::<0>),
            "h w -> (h repeat) w",
            repeat = 3
        ));
    }
    // repeat 'b h w -> b h w 1' over (2, 3, 4)
    {
        let o0 = operand(0, [2, 3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("repeat", 5);
        e.check_cow(repeat!(o0, "b h w -> b h w 1"));
        e.check_cow(repeat!(c0.view().reversed_axes(), "b h w -> b h w 1"));
        e.check_cow(repeat!(f0.view().flip(Axis::<0>), "b h w -> b h w 1"));
    }
    // repeat '... -> b ...' over (2, 3), b = 2
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("repeat", 6);
        e.check_cow(repeat!(o0, "... -> b ...", b = 2));
        e.check_cow(repeat!(c0.view().reversed_axes(), "... -> b ...", b = 2));
        e.check_cow(repeat!(f0.view().flip(Axis::<0>), "... -> b ...", b = 2));
    }
    // repeat 'h w -> w () h' over (3, 4)
    {
        let o0 = operand(0, [3, 4]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("repeat", 7);
        e.check_cow(repeat!(o0, "h w -> w () h"));
        e.check_cow(repeat!(c0.view().reversed_axes(), "h w -> w () h"));
        e.check_cow(repeat!(f0.view().flip(Axis::<0>), "h w -> w () h"));
    }
    // repeat 'a b -> 2 a b' over (2, 3)
    {
        let o0 = operand(0, [2, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("repeat", 8);
        e.check_cow(repeat!(o0, "a b -> 2 a b"));
        e.check_cow(repeat!(c0.view().reversed_axes(), "a b -> 2 a b"));
        e.check_cow(repeat!(f0.view().flip(Axis::<0>), "a b -> 2 a b"));
    }
    // repeat '(h h2) w -> h h2 (w w2)' over (4, 3), h2 = 2, w2 = 2
    {
        let o0 = operand(0, [4, 3]);
        let c0 = column_major(&o0);
        let f0 = flipped(&o0);
        let e = Expected::einops("repeat", 9);
        e.check_cow(repeat!(o0, "(h h2) w -> h h2 (w w2)", h2 = 2, w2 = 2));
        e.check_cow(repeat!(
            c0.view().reversed_axes(),
            "(h h2) w -> h h2 (w w2)",
            h2 = 2,
            w2 = 2
        ));
        e.check_cow(repeat!(
            f0.view().flip(Axis::<0>),
            "(h h2) w -> h h2 (w w2)",
            h2 = 2,
            w2 = 2
        ));
    }
}
