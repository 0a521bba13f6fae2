//! Accepted: every kind of operand the index notation and `where_` read, passed alike — an
//! owned tensor (borrowed by the macro, still usable after), a reference, a view, a
//! `CowTensor` and a reference to a reference.
use ranked::{ArrayTensor, Tensor, einsum, rearrange, tensor, where_};

fn main() {
    let t: Tensor<f32, 2> = tensor![[1.0, 2.0], [3.0, 4.0]];
    let fixed = ArrayTensor::<f32, 4, 2>::from_storage([1.0, 0.0, 0.0, 1.0], [2, 2]).unwrap();
    let cow = rearrange!(t, "a b -> b a").unwrap();
    let r = &t;
    let same = [
        einsum!("ij,jk->ik", t, fixed).unwrap(),
        einsum!("ij,jk->ik", &t, &fixed).unwrap(),
        einsum!("ij,jk->ik", t.view(), fixed.view()).unwrap(),
        einsum!("ij,jk->ik", &r, fixed).unwrap(),
    ];
    assert!(same.iter().all(|p| *p == t));
    let back = rearrange!(cow, "a b -> b a").unwrap();
    assert_eq!(back.view().to_contiguous(), t);
    let product: Tensor<f32, 2> = einsum!("ij,jk->ik", cow, t).unwrap();
    assert_eq!(product[[0, 0]], 10.0);
    let mask = t.gt(2.0);
    assert_eq!(where_(&mask, &cow, t.view()).unwrap().to_vec(), [1.0, 2.0, 2.0, 4.0]);
}
