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
