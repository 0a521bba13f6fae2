//! View operations never allocate: the B9 chain of the benchmarks in `benches/` (permute, slice,
//! reshape_view, unsqueeze, broadcast) and the rest of the view operations run under a
//! counting allocator that must see zero allocations.

#[path = "../benches/kernels.rs"]
#[allow(missing_docs)]
mod kernels;

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;

use ranked::{Axis, INFER, NewAxis, Tensor, s};

/// Counts allocations made by this test binary, per thread (the tests run in parallel).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator unchanged; only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        // A thread being torn down has no counter any more; its allocations are not counted.
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        // SAFETY: the caller's contract for `dealloc` is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations this thread makes while running `f`.
fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn view_operations_do_not_allocate() {
    let t: Tensor<f32, 4> = Tensor::zeros([16, 16, 16, 16]);
    let mut n = 0;
    assert_eq!(allocations_during(|| n = kernels::view_chain(&t)), 0);
    assert_eq!(n, 3 * 15 * 8 * 16 * 16);
    let count = allocations_during(|| {
        let v = t.view();
        let a = v.squeeze(Axis::<0>).err();
        let b = v.merge(Axis::<1>, Axis::<2>).unwrap();
        let c = b.split(Axis::<1>, [INFER, 8]).unwrap();
        let d = c.diagonal(1, Axis::<0>, Axis::<2>);
        let e = v.unfold(Axis::<3>, 4, 2).unwrap();
        let f = v.slice(s![.., -1, NewAxis, ..;3, 2..]).unwrap();
        let g = v
            .select(Axis::<2>, 5)
            .unwrap()
            .flip(Axis::<0>)
            .step(Axis::<1>, 3)
            .unwrap();
        let h = v.reshape_view([256, 16, INFER]).unwrap();
        let i = v
            .into_dyn()
            .permute(&[3, 2, 1, 0])
            .unwrap()
            .reshape_dyn(&[16, 4096])
            .err();
        let plan = v.plan_reshape(&[4, 4, 4096]).unwrap();
        std::hint::black_box((
            a,
            d.len(),
            e.len(),
            f.len(),
            g.len(),
            h.len(),
            i,
            plan.is_view(),
        ));
    });
    assert_eq!(count, 0);
    // Sums over all elements and in-place arithmetic do not allocate either.
    let mut m: Tensor<f32, 2> = Tensor::ones([64, 64]);
    let row: Tensor<f32, 1> = Tensor::ones([64]);
    let count = allocations_during(|| {
        m += &row;
        m *= 2.0;
        std::hint::black_box((m.sum(), m.view().t().sum(), m.try_max().ok()));
    });
    assert_eq!(count, 0);
}

/// `einsum_into!` of one or two operands allocates nothing (integers run on the generic kernel,
/// which packs nothing), and neither do `rearrange_plan!` and `parse_shape!`.
#[test]
fn einsum_into_of_two_operands_does_not_allocate() {
    let a = Tensor::from_fn([4, 5], |[i, j]| (i * 5 + j) as i64);
    let b = Tensor::from_fn([5, 3], |[i, j]| (i + j) as i64);
    let mut out: Tensor<i64, 2> = Tensor::zeros([4, 3]);
    let mut diag: Tensor<i64, 1> = Tensor::zeros([4]);
    let square = Tensor::from_fn([4, 4], |[i, j]| (i * 4 + j) as i64);
    let n = allocations_during(|| {
        ranked::einsum_into!(&mut out, "ij,jk->ik", a, b).unwrap();
        ranked::einsum_into!(&mut out.view_mut().t(), "ij,jk->ki", a, b).unwrap();
        ranked::einsum_into!(&mut diag, "ii->i", square).unwrap();
        ranked::einsum_into!(&mut diag, "ij->i", square).unwrap();
        let _ = ranked::rearrange_plan!(&a, "i j -> (j i)").unwrap();
        let _ = ranked::parse_shape!(a, "i _").unwrap();
    });
    assert_eq!(n, 0);
    assert_eq!(out, a.matmul(&b).unwrap());
    assert_eq!(diag, square.sum_axis(Axis::<1>));
}
