//! `einsum!` and `rearrange!` against the equivalent chains of view operations, products and
//! reductions, over contiguous, transposed, reversed and broadcast operands; their run-time
//! errors.

use ranked::{
    Axis, ErrorKind, Rank, Tensor, TensorView, einsum, rearrange, rearrange_plan, reduce, repeat,
    tensor,
};

fn t3(shape: [usize; 3]) -> Tensor<i64, 3> {
    Tensor::from_fn(shape, |[i, j, k]| (i * 31 + j * 7 + k * 3) as i64 % 13 - 6)
}

/// Operand layouts to try: as given, and the same values through a reversed view of a
/// reversed copy (negative strides).
fn reversed<const R: usize>(t: &Tensor<i64, R>, axis: Axis<0>) -> Tensor<i64, R>
where
    ranked::Rank<R>: ranked::HasAxis<Axis<0>>,
{
    t.view().flip(axis).to_contiguous()
}

#[test]
fn einsum_contractions_match_matmul_and_reductions() {
    let a = t3([3, 4, 5]);
    let b = t3([3, 5, 2]);
    let ab = a.matmul(&b).unwrap();
    assert_eq!(einsum!("bij,bjk->bik", a, b).unwrap(), ab);
    // Through negatively strided and transposed views of the same values.
    let ar = reversed(&a, Axis::<0>);
    let a_flipped = ar.view().flip(Axis::<0>);
    let bt = b.view().swap_axes(Axis::<1>, Axis::<2>).to_contiguous(); // b k j
    assert_eq!(einsum!("bij,bkj->bik", a_flipped, bt).unwrap(), ab);
    // Output order: the batch last.
    let expected = ab.view().permute([1, 2, 0]).unwrap().to_contiguous();
    assert_eq!(einsum!("bij,bjk->ikb", a, b).unwrap(), expected);
    // Summing the batch too: Σ_b a_b · b_b.
    assert_eq!(
        einsum!("bij,bjk->ik", a, b).unwrap(),
        ab.sum_axis(Axis::<0>)
    );
    // Broadcasting a matrix over the batch: "bij,jk->bik" is matmul with a rank-2 right side.
    let w = Tensor::from_fn([5, 6], |[i, j]| (i as i64) - (j as i64));
    assert_eq!(einsum!("bij,jk->bik", a, w).unwrap(), a.matmul(&w).unwrap());
    // Inner and outer products, matrix · vector.
    let v = tensor![1i64, -2, 3, 0, 5];
    let u = tensor![2i64, 1];
    assert_eq!(einsum!("i,i->", v, v).unwrap()[[]], v.dot(&v).unwrap());
    assert_eq!(einsum!("i,j->ij", v, u).unwrap(), v.outer(&u).unwrap());
    let m = a.view().select(Axis::<0>, 1).unwrap();
    assert_eq!(einsum!("ij,j->i", m, v).unwrap(), m.matvec(&v).unwrap());
    // Indices of one operand only are summed before the product: (Σ_j m_ij)(Σ_k u_k).
    let expected = m.sum_axis(Axis::<1>).map(|&x| x * 3);
    assert_eq!(einsum!("ij,k->i", m, u).unwrap(), expected);
    // A broadcast (stride-0) operand.
    let row = tensor![1i64, 2, 3, 4, 5];
    let rows = row.view().broadcast_to([4, 5]).unwrap();
    assert_eq!(
        einsum!("ij,jk->ik", rows, w).unwrap(),
        rows.matmul(&w).unwrap()
    );
    // Empty sizes: an empty sum is 0, an empty output has no elements.
    let e = Tensor::<i64, 2>::zeros([3, 0]);
    let f = Tensor::<i64, 2>::zeros([0, 2]);
    assert_eq!(
        einsum!("ij,jk->ik", e, f).unwrap(),
        Tensor::<i64, 2>::zeros([3, 2])
    );
    assert_eq!(
        einsum!("ij,jk->ki", f, Tensor::<i64, 2>::zeros([2, 4]))
            .unwrap()
            .shape(),
        &[4, 0]
    );
}

#[test]
fn einsum_of_one_operand_matches_view_ops() {
    let a = t3([3, 4, 3]);
    // Permutations and diagonals are copies of views.
    assert_eq!(
        einsum!("ijk->kij", a).unwrap(),
        a.view().permute([2, 0, 1]).unwrap().to_contiguous()
    );
    let diag = a.view().diagonal(0, Axis::<0>, Axis::<2>); // [j, i]
    assert_eq!(einsum!("iji->ji", a).unwrap(), diag.to_contiguous());
    assert_eq!(einsum!("iji->ij", a).unwrap(), diag.t().to_contiguous());
    // Sums along axes.
    assert_eq!(einsum!("ijk->ik", a).unwrap(), a.sum_axis(Axis::<1>));
    assert_eq!(einsum!("ijk->", a).unwrap()[[]], a.sum());
    assert_eq!(einsum!("iji->j", a).unwrap(), diag.sum_axis(Axis::<1>));
    // Implicit output: the indices that appear once, sorted.
    assert_eq!(einsum!("kji", a).unwrap(), einsum!("kji->ijk", a).unwrap());
    let m = tensor![[1.5f64, 2.0], [3.0, -4.0]];
    assert_eq!(einsum!("ii", m).unwrap()[[]], -2.5);
}

#[test]
fn einsum_size_errors_name_operand_and_axis() {
    let a = t3([3, 4, 5]);
    let b = t3([2, 5, 2]);
    let err = einsum!("bij,bjk->bik", a, b).unwrap_err();
    assert_eq!(
        (
            err.kind(),
            err.operand(),
            err.axis(),
            err.expected(),
            err.found()
        ),
        (ErrorKind::SizeMismatch, Some(1), Some(0), 3, 2)
    );
    let err = einsum!("iij->j", a).unwrap_err(); // a diagonal of a 3 × 4 face
    assert_eq!(
        (err.operand(), err.axis(), err.expected(), err.found()),
        (Some(0), Some(1), 3, 4)
    );
}

#[test]
fn rearrange_matches_split_permute_merge() {
    let t = Tensor::from_fn([2, 3, 4, 6], |[b, c, h, w]| {
        (b * 1000 + c * 100 + h * 10 + w) as u32
    });
    // "b c h w -> b (h w) c" is permute then merge.
    let chain = t.view().permute([0, 2, 3, 1]).unwrap();
    let merged = chain.merge(Axis::<1>, Axis::<2>).unwrap();
    let r = rearrange!(&t, "b c h w -> b (h w) c").unwrap();
    assert!(r.is_view());
    assert_eq!(r.view(), merged);
    // Splitting back is a view too.
    let back = rearrange!(r.view(), "b (h w) c -> b c h w", w = 6).unwrap();
    assert!(back.is_view());
    assert_eq!(back.view(), t.view());
    // Split and merge across groups: a copy, equal to the chain through `reshape`.
    let r = rearrange!(&t, "b c h (w1 w2) -> (b w2) c (h w1)", w1 = 3).unwrap();
    let chain = t
        .view()
        .split(Axis::<3>, [3, 2])
        .unwrap() // b c h w1 w2
        .permute([0, 4, 1, 2, 3])
        .unwrap(); // b w2 c h w1
    let expected = chain.reshape([4, 3, 12]).unwrap();
    assert_eq!(r.view(), expected.view());
    assert!(!r.is_view());
    assert!(
        !rearrange_plan!(&t, "b c h (w1 w2) -> (b w2) c (h w1)", w1 = 3)
            .unwrap()
            .is_view()
    );
    // Axes of size 1 in and out with `()`, through a reversed view.
    let v = t.view().flip(Axis::<2>);
    let u = rearrange!(v, "b c h w -> () c (b h) w ()").unwrap();
    assert_eq!(u.view().shape(), &[1, 3, 8, 6, 1]);
    let x = rearrange!(u.view(), "() c (b h) w () -> b c h w", b = 2).unwrap();
    assert_eq!(x.view(), v);
}

/// An index of size 1 in one operand broadcasts against the same index of size n in another,
/// as in NumPy's `einsum` (`np.einsum("i,i", [2, 3], [4])` is 20): the result equals the one
/// with that operand broadcast explicitly, whichever operand has the size 1.
#[test]
fn einsum_broadcasts_an_index_of_size_one() {
    let a = t3([4, 3, 5]);
    let one = t3([4, 1, 5]);
    let wide = one.view().broadcast_to([4, 3, 5]).unwrap();
    assert_eq!(
        einsum!("bij,bij->bj", a, one).unwrap(),
        einsum!("bij,bij->bj", a, wide).unwrap()
    );
    assert_eq!(
        einsum!("bij,bij->bj", one, a).unwrap(),
        einsum!("bij,bij->bj", wide, a).unwrap()
    );
    // A contracted index of size 1 against size n: the single element multiplies each.
    let v = Tensor::from_vec(vec![2.0, 3.0], [2]).unwrap();
    let w = Tensor::from_vec(vec![4.0], [1]).unwrap();
    let wide = w.view().broadcast_to([2]).unwrap();
    assert_eq!(
        einsum!("i,i->", v, w).unwrap(),
        einsum!("i,i->", v, wide).unwrap()
    );
    assert_eq!(
        einsum!("i,i->", w, v).unwrap(),
        einsum!("i,i->", wide, v).unwrap()
    );
    // Within one operand (a diagonal), sizes still must agree.
    let err = einsum!("iij->j", t3([1, 3, 2])).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::SizeMismatch);
    // Sizes that are neither equal nor 1 are an error, as before.
    assert!(einsum!("bij,bij->bj", a, t3([4, 2, 5])).is_err());
}

#[test]
fn rearrange_size_errors() {
    let t: Tensor<f32, 3> = Tensor::zeros([2, 12, 3]);
    let err = rearrange!(&t, "b (h w) c -> b c h w", h = 5).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis(), err.expected(), err.found()),
        (ErrorKind::NotDivisible, Some(1), 5, 12)
    );
    let err = rearrange!(&t, "b (h w) c -> b c h w", h = 3, w = 5).unwrap_err();
    assert_eq!(
        (err.kind(), err.axis(), err.expected(), err.found()),
        (ErrorKind::SizeMismatch, Some(1), 15, 12)
    );
    let err = rearrange!(&t, "() h c -> h c").unwrap_err(); // axis 0 has size 2, not 1
    assert_eq!(
        (err.kind(), err.axis(), err.expected(), err.found()),
        (ErrorKind::SizeMismatch, Some(0), 1, 2)
    );
    // Sizes whose product overflows are an error, not a panic.
    let err = rearrange!(&t, "b (h w) c -> b c h w", h = usize::MAX, w = 2).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Overflow);
    // A size that only checks an axis.
    assert!(rearrange!(&t, "b h c -> c h b", b = 2).is_ok());
    assert!(rearrange!(&t, "b h c -> c h b", b = 3).is_err());
    let data = [0u8; 0];
    let empty = TensorView::from_slice(&data, [0, 3]).unwrap();
    let err = rearrange!(empty, "(a b) c -> a b c", b = 0).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::CannotInfer);
    assert_eq!(
        rearrange!(empty, "(a b) c -> a b c", b = 2)
            .unwrap()
            .view()
            .shape(),
        &[0, 2, 3]
    );
}

#[test]
fn einsum_f32_and_f64_write_every_element() {
    // f32 and f64 products are written into fresh memory without zeroing it first: every
    // element must be written once, whatever the output order, and an empty shared dimension
    // must still give zeros.
    let a = t3([3, 4, 5]).map(|&x| x as f32);
    let b = t3([3, 5, 2]).map(|&x| x as f32);
    let ab = a.matmul(&b).unwrap();
    assert_eq!(einsum!("bij,bjk->bik", a, b).unwrap(), ab);
    let ikb = ab.view().permute([1, 2, 0]).unwrap().to_contiguous();
    assert_eq!(einsum!("bij,bjk->ikb", a, b).unwrap(), ikb);
    let kbi = ab.view().permute([2, 0, 1]).unwrap().to_contiguous();
    assert_eq!(einsum!("bij,bjk->kbi", a, b).unwrap(), kbi);
    // Summed batch: products accumulate into a zeroed output.
    assert_eq!(
        einsum!("bij,bjk->ik", a, b).unwrap(),
        ab.sum_axis(Axis::<0>)
    );
    let a64 = a.map(|&x| f64::from(x));
    let b64 = b.map(|&x| f64::from(x));
    assert_eq!(
        einsum!("bij,bjk->bki", a64, b64).unwrap(),
        ab.view()
            .swap_axes(Axis::<1>, Axis::<2>)
            .map(|&x| f64::from(x))
    );
    let e = Tensor::<f32, 3>::zeros([3, 4, 0]);
    let f = Tensor::<f32, 3>::from_elem([3, 0, 2], f32::NAN);
    assert_eq!(
        einsum!("bij,bjk->bik", e, f).unwrap(),
        Tensor::<f32, 3>::zeros([3, 4, 2])
    );
    assert_eq!(e.matmul(&f).unwrap(), Tensor::<f32, 3>::zeros([3, 4, 2]));
    // A summed index of size 0 beside a non-empty one: an empty sum, all zeros.
    let g = Tensor::<f32, 3>::from_elem([2, 3, 0], 1.0);
    let h = Tensor::<f32, 2>::from_elem([3, 4], 1.0);
    assert_eq!(
        einsum!("ijl,jk->ik", g, h).unwrap(),
        Tensor::<f32, 2>::zeros([2, 4])
    );
}

/// The functions the macros expand to are public; called directly with an operand whose rank is
/// not its term's, they return an error instead of reading out of bounds.
#[test]
fn the_helpers_behind_the_macros_check_ranks_themselves() {
    use ranked::notation::{EinopsKind, EinopsSpec, EinsumOperand, EinsumSpec};
    let a = Tensor::<f32, 2>::ones([2, 3]);
    let v = a.view();
    let spec = EinsumSpec::scan("ijk->kji");
    let err = ranked::notation::einsum(Rank::<3>, &spec, [EinsumOperand::of(&v)]).unwrap_err();
    assert_eq!(
        (err.kind(), err.operand(), err.expected(), err.found()),
        (ErrorKind::RankMismatch, Some(0), 3, 2)
    );
    let spec = EinsumSpec::scan("ij,jk->ik");
    let u = a.view().unsqueeze(Axis::<0>);
    let ops = [EinsumOperand::of(&v), EinsumOperand::of(&u)];
    let err = ranked::notation::einsum(Rank::<2>, &spec, ops).unwrap_err();
    assert_eq!(
        (err.kind(), err.operand(), err.expected(), err.found()),
        (ErrorKind::RankMismatch, Some(1), 2, 3)
    );
    // An output rank that is not the spec's, a `...` with no room in the output, and an
    // operand count that is not the spec's.
    let err = ranked::notation::einsum(Rank::<1>, &spec, ops).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RankMismatch);
    let spec = EinsumSpec::scan("...j->j");
    let err = ranked::notation::einsum(Rank::<1>, &spec, [EinsumOperand::of(&v)]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RankMismatch);
    let spec = EinsumSpec::scan("ij,jk,kl->il");
    let err = ranked::notation::einsum(Rank::<2>, &spec, ops).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RankMismatch);
    let spec = EinopsSpec::scan("a b c -> c b a", EinopsKind::Rearrange);
    let err = ranked::notation::einops_rearrange(Rank::<3>, &spec, &[], a.view()).unwrap_err();
    assert_eq!(
        (err.kind(), err.expected(), err.found()),
        (ErrorKind::RankMismatch, 3, 2)
    );
    let err = ranked::notation::einops_rearrange_plan(Rank::<3>, &spec, &[], a.view()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RankMismatch);
    // An output rank that is not the spec's, and a size for a name the spec does not have.
    let spec = EinopsSpec::scan("a b -> b a", EinopsKind::Rearrange);
    let err = ranked::notation::einops_rearrange(Rank::<3>, &spec, &[], a.view()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RankMismatch);
    let err =
        ranked::notation::einops_rearrange(Rank::<2>, &spec, &[("c", 2)], a.view()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidAxis);
    let spec = EinopsSpec::scan("a b -> a", EinopsKind::Reduce);
    let err =
        ranked::notation::einops_reduce(Rank::<2>, &spec, &[], a.view(), ranked::notation::Sum)
            .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::RankMismatch);
}

/// `reduce!`, `repeat!` and `rearrange!` with `...` against the same operations written with
/// view operations, the two-axis reductions and `broadcast_to`, over contiguous, reversed and
/// strided inputs.
#[test]
fn einops_macros_match_chains_of_view_ops() {
    // Smaller under Miri, which checks every access of the strided loops.
    let [nb, nc, nh, nw] = if cfg!(miri) {
        [2, 2, 4, 4]
    } else {
        [3, 2, 8, 12]
    };
    let base = Tensor::from_fn([nb, nc, nh, nw], |[b, c, h, w]| {
        ((b * 37 + c * 11 + h * 5 + w * 3) % 17) as f64 - 8.0
    });
    let reversed = base.view().flip(Axis::<3>).to_contiguous();
    let wide = Tensor::from_fn([nb, nc, nh, 2 * nw], |[b, c, h, w]| base[[b, c, h, w / 2]]);
    let inputs: [TensorView<'_, f64, 4>; 3] = [
        base.view(),
        reversed.view().flip(Axis::<3>),
        wide.view().step(Axis::<3>, 2).unwrap(),
    ];
    for x in inputs {
        assert_eq!(x.to_contiguous(), base);
        // A 2×2 max-pool and mean-pool: split both axes, reduce the inner halves.
        let split = x
            .split(Axis::<2>, [nh / 2, 2])
            .unwrap()
            .split(Axis::<4>, [nw / 2, 2])
            .unwrap();
        assert_eq!(
            reduce!(x, "b c (h 2) (w 2) -> b c h w", max).unwrap(),
            split.max_axes((Axis::<3>, Axis::<5>))
        );
        assert_eq!(
            reduce!(x, "b c (h 2) (w 2) -> b c h w", mean).unwrap(),
            split.mean_axes((Axis::<3>, Axis::<5>))
        );
        assert_eq!(
            reduce!(x, "... (h 2) (w 2) -> ... h w", min).unwrap(),
            split.min_axes((Axis::<3>, Axis::<5>))
        );
        // `...` reduced away, and kept.
        assert_eq!(
            reduce!(x, "b ... -> b", sum).unwrap(),
            x.sum_axes((Axis::<2>, Axis::<3>)).sum_axis(Axis::<1>)
        );
        assert_eq!(
            reduce!(x, "... h w -> ...", sum).unwrap(),
            x.sum_axes((Axis::<2>, Axis::<3>))
        );
        // A function of two elements: the same as `max`.
        assert_eq!(
            reduce!(x, "b c h w -> c w", |a: f64, b: f64| a.max(b)).unwrap(),
            x.max_axes((Axis::<0>, Axis::<2>))
        );
        // Permutations and merges with `...`.
        assert_eq!(
            rearrange!(x, "... h w -> ... w h")
                .unwrap()
                .view()
                .to_contiguous(),
            x.swap_axes(Axis::<2>, Axis::<3>).to_contiguous()
        );
        assert_eq!(
            rearrange!(x, "b ... -> b (...)")
                .unwrap()
                .view()
                .to_contiguous(),
            x.to_contiguous()
                .reshape([nb, nc * nh * nw])
                .unwrap()
                .view()
                .to_contiguous()
        );
        // New axes: broadcast (a view), and repeated into a merge (a copy).
        let rgb = repeat!(x, "b c h w -> b c h w k", k = 3).unwrap();
        assert_eq!(
            rgb.view().to_contiguous(),
            x.unsqueeze(Axis::<4>)
                .broadcast_to([nb, nc, nh, nw, 3])
                .unwrap()
                .to_contiguous()
        );
        assert!(rgb.is_view());
        let up = repeat!(x, "... h w -> ... h (w 2)").unwrap();
        assert_eq!(
            up.view().to_contiguous(),
            x.unsqueeze(Axis::<4>)
                .broadcast_to([nb, nc, nh, nw, 2])
                .unwrap()
                .to_contiguous()
                .reshape([nb, nc, nh, 2 * nw])
                .unwrap()
                .view()
                .to_contiguous()
        );
    }
    // Empty blocks: `sum` gives 0, `mean` NaN, `max` an error.
    let empty = Tensor::<f64, 2>::zeros([3, 0]);
    assert_eq!(reduce!(empty, "a b -> a", sum).unwrap().to_vec(), [0.0; 3]);
    assert!(reduce!(empty, "a b -> a", mean).unwrap().to_vec()[0].is_nan());
    assert_eq!(
        reduce!(empty, "a b -> a", max).unwrap_err().kind(),
        ErrorKind::Empty
    );
    // NaN propagates through `max`, as in NumPy.
    let nan = tensor![[1.0, f64::NAN, 3.0], [4.0, 5.0, 6.0]];
    let m = reduce!(nan, "a b -> a", max).unwrap();
    assert!(m[[0]].is_nan() && m[[1]] == 6.0);
    // A large block (more than 64 elements) takes the pass-per-element path.
    let big = Tensor::from_fn([3, 65], |[i, j]| (i * 100 + j) as f64);
    assert_eq!(
        reduce!(big.view().t(), "b a -> a", max).unwrap().to_vec(),
        [64.0, 164.0, 264.0]
    );
    assert_eq!(
        reduce!(big.view().t(), "b a -> a", sum).unwrap(),
        big.sum_axis(Axis::<1>)
    );
}

/// `parse_shape!` reads sizes by name; `_` and `...` skip axes.
#[test]
fn parse_shape_reads_sizes_by_name() {
    let t = Tensor::<u8, 4>::zeros([2, 3, 4, 5]);
    let s = ranked::parse_shape!(t, "b _ h w").unwrap();
    assert_eq!(s.iter().collect::<Vec<_>>(), [("b", 2), ("h", 4), ("w", 5)]);
    let s = ranked::parse_shape!(t, "... w").unwrap();
    assert_eq!((s.get("w"), s.get("b")), (Some(5), None));
}

/// The results of the notation go on into every product, on either side, and back into the
/// notation, without `.view()`; products of any storage keep working in storage-generic code.
#[test]
fn notation_results_chain_into_products() {
    let x = Tensor::from_fn([2, 3, 4], |[b, h, w]| (b * 12 + h * 4 + w) as f64);
    let w = Tensor::from_fn([12, 5], |[i, j]| (i as f64) - (j as f64));
    let flat = rearrange!(x, "b h w -> b (h w)").unwrap();
    let expected = x.reshape([2, 12]).unwrap().view().matmul(&w).unwrap();
    assert_eq!(flat.matmul(&w).unwrap(), expected);
    let wt = rearrange!(w, "i j -> j i").unwrap();
    assert_eq!(
        wt.matmul(&flat.view().t()).unwrap(),
        expected.view().t().to_contiguous()
    );
    assert_eq!(
        flat.view()
            .matmul(&rearrange!(wt, "j i -> i j").unwrap())
            .unwrap(),
        expected
    );
    let mut out: Tensor<f64, 2> = Tensor::zeros([2, 5]);
    flat.matmul_into(&w, &mut out).unwrap();
    assert_eq!(out, expected);
    // `dot` with a `CowTensor` on either side; `matvec` and `outer` of one.
    let (sq, diag, col) = (
        tensor![[1.0, 2.0], [3.0, 4.0]],
        tensor![[1.0, 0.0], [0.0, 2.0]],
        tensor![[3.0], [4.0]],
    );
    let v = rearrange!(sq, "a b -> (a b)").unwrap();
    assert_eq!(v.dot(&v).unwrap(), 30.0);
    assert_eq!(tensor![1.0, 1.0, 1.0, 1.0].dot(&v).unwrap(), 10.0);
    let m = rearrange!(diag, "i j -> j i").unwrap();
    assert_eq!(m.matvec(&tensor![1.0, 1.0]).unwrap(), tensor![1.0, 2.0]);
    let c = rearrange!(col, "a b -> (a b)").unwrap();
    assert_eq!(tensor![[1.0, 1.0]].matmul(&c).unwrap(), tensor![7.0]);
    assert_eq!(v.outer(&tensor![1.0, -1.0]).unwrap().shape(), &[4, 2]);
    assert_eq!(m.dot(&m).unwrap(), tensor![[1.0, 0.0], [0.0, 4.0]]);
    // A product's result goes back into the notation.
    let y = reduce!(flat.matmul(&w).unwrap(), "b j -> j", sum).unwrap();
    assert_eq!(y, expected.sum_axis(Axis::<0>));

    fn storage_generic<S: ranked::storage::Storage<Elem = f64>>(
        a: &ranked::TensorBase<S, 2>,
        b: &ranked::TensorBase<S, 2>,
    ) -> Tensor<f64, 2> {
        a.matmul(b).unwrap()
    }
    assert_eq!(
        storage_generic(&w.view().t(), &w.view()),
        w.view().t().matmul(&w).unwrap()
    );
}
