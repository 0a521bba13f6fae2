//! The matrix-product backend: `C ← α·A·B + β·C` on strided operands.
//!
//! Short, narrow `f32` and `f64` products, and those up to 64 columns wide with a shared
//! dimension up to 64, go to the AVX-512 kernels of [`small`](super::small) where the
//! processor has it. Other `f32` and `f64` products go to faer's `matmul` when the
//! `faer` feature is on (its kernels use AVX-512 where the processor has it, and its
//! small-matrix kernels skip packing: 1.4× to 3.5× the speed of `matrixmultiply` from 16 × 16
//! to 1024 × 1024 on an AVX-512 Xeon, measured by B36), and otherwise to `matrixmultiply`
//! (BLIS-style packed micro-kernels, AVX/FMA chosen at run time with `std`) whenever the
//! `alloc` feature is on, since both allocate packing buffers. Their strided interfaces take
//! every layout a tensor can have — negative and zero strides included — without a copy; the
//! small kernel declines the layouts it cannot read, which go on to them. Every other element
//! type, and every type without an allocator, uses the blocked generic kernel here.

use core::ops::{Add, Mul};

use num_traits::{One, Zero};

use crate::storage::{ViewRepr, ViewReprMut};

/// A read operand: `rows × cols` elements of `data` at `offset + i·rs + j·cs`.
///
/// Invariant: that layout is valid for `data` (invariant 1 of the tensor types: it is a
/// tensor's layout, or a matrix of a batch cut from one by the product plan); every
/// constructor's caller keeps it, and the kernels read without further checks.
#[derive(Clone, Copy)]
pub(crate) struct MatRef<'a, T> {
    pub(crate) data: ViewRepr<'a, T>,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) rs: isize,
    pub(crate) cs: isize,
    pub(crate) offset: usize,
}

#[cfg(any(feature = "faer", feature = "half"))]
impl<'a, T> MatRef<'a, T> {
    /// `data` as a row-major `rows × cols` matrix (`data` holds exactly its elements).
    pub(crate) fn row_major(data: &'a [T], rows: usize, cols: usize) -> Self {
        Self {
            data: ViewRepr::from_slice(data),
            rows,
            cols,
            rs: cols as isize,
            cs: 1,
            offset: 0,
        }
    }

    /// `data` as a column-major `rows × cols` matrix (`data` holds exactly its elements).
    #[cfg(feature = "faer")]
    pub(crate) fn column_major(data: &'a [T], rows: usize, cols: usize) -> Self {
        Self {
            data: ViewRepr::from_slice(data),
            rows,
            cols,
            rs: 1,
            cs: rows as isize,
            offset: 0,
        }
    }
}

/// The written operand, laid out like [`MatRef`] and with its invariant; its positions are
/// distinct (a unique layout, invariant 2).
pub(crate) struct MatMut<'a, T> {
    pub(crate) data: ViewReprMut<'a, T>,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) rs: isize,
    pub(crate) cs: isize,
    pub(crate) offset: usize,
}

/// The storage position of `[i, j]` (wrapping, exact for in-bounds indices of a valid layout).
#[inline(always)]
fn at(offset: usize, rs: isize, cs: isize, i: usize, j: usize) -> usize {
    offset
        .wrapping_add_signed((i as isize).wrapping_mul(rs))
        .wrapping_add_signed((j as isize).wrapping_mul(cs))
}

/// From this many multiply-adds, products with a shared dimension longer than the AVX-512
/// kernel takes straight go to the general kernels (see `small::product`).
#[cfg(feature = "alloc")]
#[cfg(all(target_arch = "x86_64", feature = "std", not(miri)))]
pub(super) const PACKED_WORK: usize = 1 << 21;

/// Tile sizes of the generic kernel (rows of A, shared dimension, columns of B), sized for
/// the caches of desktop and server processors.
const TILE: (usize, usize, usize) = (32, 128, 256);

/// `C ← α·A·B + β·C`. The shapes agree (`A: m × k`, `B: k × n`, `C: m × n`) and every
/// layout is valid for its data (callers check both); `C`'s layout is unique. With `β = 0`,
/// `C` is not read (NaN in `C` does not leak into the result), as in BLAS.
#[inline]
pub(crate) fn gemm<T>(alpha: T, a: MatRef<'_, T>, b: MatRef<'_, T>, beta: T, c: MatMut<'_, T>)
where
    T: Copy + Zero + One + Add<Output = T> + Mul<Output = T> + PartialEq,
{
    let (m, k, n) = (a.rows, a.cols, b.cols);
    debug_assert!(b.rows == k && c.rows == m && c.cols == n);
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        return scale(c, beta);
    }
    #[cfg(feature = "alloc")]
    let mut c = c;
    #[cfg(feature = "alloc")]
    if backend::packed(alpha, a, b, beta, &mut c) {
        return;
    }
    // Cache tiles, except where code size comes first (a microcontroller's data cache, where
    // it has one, holds far less than one tile).
    blocked::<{ !crate::engine::SMALL_CODE }, T>(alpha, a, b, beta, c);
}

/// `C ← β·C`, writing zeros (not reading `C`) when `β = 0`.
fn scale<T: Copy + Zero + One + Mul<Output = T> + PartialEq>(mut c: MatMut<'_, T>, beta: T) {
    for i in 0..c.rows {
        for j in 0..c.cols {
            let p = at(c.offset, c.rs, c.cs, i, j);
            // SAFETY: `[i, j]` is in bounds, so `p` is a position of C's layout (its invariant).
            let y = unsafe { c.data.get_mut(p) };
            *y = if beta == T::zero() {
                T::zero()
            } else {
                beta * *y
            };
        }
    }
}

/// The generic kernel: `C ← β·C`, then `C += (α·A[i, kk])·B[kk, j]`, the innermost loop along
/// a row of `C` and `B`; over cache tiles when `TILED`. Either way each element of C receives
/// its terms in the same order (`kk` ascending), so the results are the same to the bit.
fn blocked<const TILED: bool, T>(
    alpha: T,
    a: MatRef<'_, T>,
    b: MatRef<'_, T>,
    beta: T,
    c: MatMut<'_, T>,
) where
    T: Copy + Zero + One + Add<Output = T> + Mul<Output = T> + PartialEq,
{
    let (m, k, n) = (a.rows, a.cols, b.cols);
    let (c_offset, c_rs, c_cs) = (c.offset, c.rs, c.cs);
    let mut out = c.data;
    scale(
        MatMut {
            data: out.reborrow(),
            rows: m,
            cols: n,
            rs: c_rs,
            cs: c_cs,
            offset: c_offset,
        },
        beta,
    );
    let scaled = alpha != T::one();
    let a_scaled = |i, kk| {
        // SAFETY: callers pass `[i, kk]` in bounds of A (MatRef's invariant).
        let x = *unsafe { a.data.get(at(a.offset, a.rs, a.cs, i, kk)) };
        if scaled { alpha * x } else { x }
    };
    let c = (c_offset, c_rs, c_cs);
    if !TILED {
        return add_products(a_scaled, b, out, c, (0, m), (0, k), (0, n));
    }
    for i0 in (0..m).step_by(TILE.0) {
        for k0 in (0..k).step_by(TILE.1) {
            for j0 in (0..n).step_by(TILE.2) {
                let rows = (i0, m.min(i0 + TILE.0));
                let shared = (k0, k.min(k0 + TILE.1));
                let cols = (j0, n.min(j0 + TILE.2));
                add_products(a_scaled, b, out.reborrow(), c, rows, shared, cols);
            }
        }
    }
}

/// `C[i, j] += x(i, kk)·B[kk, j]` for `i`, `kk`, `j` in the three ranges (start, end), `kk`
/// ascending for each element; `c` is C's offset, row and column stride. The ranges are in
/// bounds of the operands (the caller's contract).
#[inline(always)]
fn add_products<T>(
    x: impl Fn(usize, usize) -> T,
    b: MatRef<'_, T>,
    mut out: ViewReprMut<'_, T>,
    (c_offset, c_rs, c_cs): (usize, isize, isize),
    (i0, i1): (usize, usize),
    (k0, k1): (usize, usize),
    (j0, j1): (usize, usize),
) where
    T: Copy + Add<Output = T> + Mul<Output = T>,
{
    for i in i0..i1 {
        for kk in k0..k1 {
            let x = x(i, kk);
            let mut pb = at(b.offset, b.rs, b.cs, kk, j0);
            let mut pc = at(c_offset, c_rs, c_cs, i, j0);
            if c_cs == 1 && b.cs == 1 {
                // SAFETY: columns `j0..j1` of row `i` of C and of row `kk` of B are in bounds
                // and unit-stride: runs of their layouts (the invariants).
                let (row, from) = unsafe { (out.run_mut(pc, j1 - j0), b.data.run(pb, j1 - j0)) };
                for (y, &z) in row.iter_mut().zip(from) {
                    *y = *y + x * z;
                }
            } else {
                for _ in j0..j1 {
                    // SAFETY: `[i, j]` of C and `[kk, j]` of B are in bounds (the invariants).
                    unsafe {
                        let z = *b.data.get(pb);
                        let y = out.get_mut(pc);
                        *y = *y + x * z;
                    }
                    pb = pb.wrapping_add_signed(b.cs);
                    pc = pc.wrapping_add_signed(c_cs);
                }
            }
        }
    }
}

/// Whether [`product_into_uninit`] takes `T` (`f32` and `f64`, with `alloc`, unless faer
/// serves them: faer's matrices must be initialised memory, so its products write into
/// zero-filled results instead).
#[cfg(feature = "alloc")]
pub(crate) fn writes_uninit<T>() -> bool {
    !cfg!(feature = "faer")
        && (typeid::of::<T>() == typeid::of::<f32>() || typeid::of::<T>() == typeid::of::<f64>())
}

/// `C ← A·B` into memory that need not be initialised, through `matrixmultiply` (with `β = 0`
/// it writes every element of C and reads none), for `f32` and `f64` ([`writes_uninit`]);
/// does nothing for other types.
///
/// # Safety
///
/// The shapes agree and are non-zero (`A: m × k`, `B: k × n`, `m, k, n ≥ 1`); `A`'s and `B`'s
/// layouts are valid for their data; `c` points to memory valid for writes at `c + i·rs + j·cs`
/// for every `i < m`, `j < n`, those positions being distinct, and not aliased by `A` or `B`.
#[cfg(feature = "alloc")]
pub(crate) unsafe fn product_into_uninit<T: Copy + Zero + One>(
    a: MatRef<'_, T>,
    b: MatRef<'_, T>,
    c: *mut T,
    rs: isize,
    cs: isize,
) {
    // SAFETY: the caller's contract is `backend::raw`'s, with β = 0 so that C is only written
    // (matrixmultiply's documented contract for β = 0).
    unsafe { backend::raw(T::one(), a, b, T::zero(), c, rs, cs) };
}

#[cfg(feature = "alloc")]
mod backend {
    use super::{MatMut, MatRef};

    /// Runs the product through a packed backend — faer's (with the `faer` feature: `f32`,
    /// `f64` and their complex numbers) or `matrixmultiply`'s (`f32`, `f64`) — returning
    /// `true`; `false` for any other type. The shapes are non-zero and agree.
    #[inline]
    pub(super) fn packed<T: Copy>(
        alpha: T,
        a: MatRef<'_, T>,
        b: MatRef<'_, T>,
        beta: T,
        c: &mut MatMut<'_, T>,
    ) -> bool {
        #[cfg(feature = "half")]
        if crate::linalg::half::product(alpha, a, b, beta, c) {
            return true;
        }
        let pc = c.data.as_mut_ptr().wrapping_add(c.offset);
        // SAFETY: the operands are non-empty with layouts valid for their data (the caller's
        // contract, invariant 1 of the tensors they come from), so every position of C lies
        // inside `c.data`, which is borrowed mutably for this call (so not aliased by A or B)
        // and whose layout maps no two indices to one element (invariant 2).
        unsafe { raw(alpha, a, b, beta, pc, c.rs, c.cs) }
    }

    /// `C ← α·A·B + β·C` through faer (with the `faer` feature, for `β` 0 or 1 and C
    /// initialised) or `sgemm`/`dgemm` when `T` is `f32`/`f64` (returning `true`); `false`,
    /// touching nothing, for any other type.
    ///
    /// # Safety
    ///
    /// The shapes agree and are non-zero; `A`'s and `B`'s layouts are valid for their data;
    /// `c + i·rs + j·cs` is valid for writes (and for reads unless β = 0) for every `i < m`,
    /// `j < n`, those positions being distinct and not aliased by `A` or `B`; they are
    /// initialised unless [`writes_uninit`](super::writes_uninit) is true for `T`.
    #[inline]
    pub(super) unsafe fn raw<T: Copy>(
        alpha: T,
        a: MatRef<'_, T>,
        b: MatRef<'_, T>,
        beta: T,
        c: *mut T,
        rs: isize,
        cs: isize,
    ) -> bool {
        // SAFETY: the caller's contract is `small::product`'s (C is read only when β ≠ 0).
        if unsafe { crate::linalg::small::product(alpha, a, b, beta, c, rs, cs) } {
            return true;
        }
        #[cfg(feature = "faer")]
        // SAFETY: the caller's contract, with C initialised: `writes_uninit` is false with the
        // `faer` feature.
        if unsafe { super::faer_backend::product(alpha, a, b, beta, c, rs, cs) } {
            return true;
        }
        let (m, k, n) = (a.rows, a.cols, b.cols);
        let pa = a.data.as_ptr().wrapping_add(a.offset);
        let pb = b.data.as_ptr().wrapping_add(b.offset);
        if typeid::of::<T>() == typeid::of::<f32>() {
            // SAFETY: `T` is `f32` (same type id), so the casts are identities. A's and B's
            // positions `offset + i·rs + j·cs` lie inside `a.data` / `b.data` (valid layouts),
            // and C's positions are valid, distinct and unaliased (the caller's contract), as
            // `sgemm` requires.
            unsafe {
                matrixmultiply::sgemm(
                    m,
                    k,
                    n,
                    core::mem::transmute_copy(&alpha),
                    pa.cast(),
                    a.rs,
                    a.cs,
                    pb.cast(),
                    b.rs,
                    b.cs,
                    core::mem::transmute_copy(&beta),
                    c.cast(),
                    rs,
                    cs,
                );
            }
            return true;
        }
        if typeid::of::<T>() == typeid::of::<f64>() {
            // SAFETY: as for `f32` above, with `T` = `f64`.
            unsafe {
                matrixmultiply::dgemm(
                    m,
                    k,
                    n,
                    core::mem::transmute_copy(&alpha),
                    pa.cast(),
                    a.rs,
                    a.cs,
                    pb.cast(),
                    b.rs,
                    b.cs,
                    core::mem::transmute_copy(&beta),
                    c.cast(),
                    rs,
                    cs,
                );
            }
            return true;
        }
        false
    }
}

/// The threads faer's product kernels take for an `m × k · k × n` product of `U`: the rule
/// every faer product of the crate follows (`matmul` and `linalg`'s own products).
#[cfg(feature = "linalg")]
pub(super) use faer_backend::par as faer_par;

/// f32, f64 and complex products on faer's `matmul`.
#[cfg(feature = "faer")]
mod faer_backend {
    use alloc::vec::Vec;

    use faer::{Accum, MatMut, MatRef, Par};

    use super::MatRef as Operand;
    use crate::layout::Layout;
    use crate::tensor::{TensorBase, TensorView};

    /// `C ← α·A·B + β·C` when `T` is `f32`, `f64`, `Complex<f32>` or `Complex<f64>` and `β`
    /// is 0 or 1 (faer's `Replace` and `Add`), returning `true`; `false`, touching nothing,
    /// otherwise.
    ///
    /// # Safety
    ///
    /// As [`super::backend::raw`], with C initialised.
    #[inline]
    pub(super) unsafe fn product<T: Copy>(
        alpha: T,
        a: Operand<'_, T>,
        b: Operand<'_, T>,
        beta: T,
        c: *mut T,
        rs: isize,
        cs: isize,
    ) -> bool {
        type C32 = num_complex::Complex<f32>;
        type C64 = num_complex::Complex<f64>;
        let id = typeid::of::<T>();
        let served = [
            typeid::of::<f32>(),
            typeid::of::<f64>(),
            typeid::of::<C32>(),
            typeid::of::<C64>(),
        ];
        if !served.contains(&id) {
            return false;
        }
        // faer's kernels run at full speed when, C read column by column (rows contiguous:
        // transposed, `Cᵀ = Bᵀ·Aᵀ`), the right operand is read so too, and at about half
        // speed otherwise from 1024 × 1024 (measured over the eight row/column-major
        // combinations; up to 512 the difference is under 20 %). Large products first copy
        // that operand into the order the kernels want, with the engine's transposition:
        // O(m·k) or O(k·n) against O(m·k·n).
        let (m, k, n) = (a.rows, a.cols, b.cols);
        let fast = if cs == 1 { a.cs == 1 } else { b.rs == 1 };
        let large = m.saturating_mul(k).saturating_mul(n) >= REORDER_WORK;
        let held;
        let (a, b) = match (fast || !large, cs == 1) {
            (true, _) => (a, b),
            (false, true) => {
                // A, row-major.
                held = reordered(a, false);
                (Operand::row_major(&held, m, k), b)
            }
            (false, false) => {
                // B, column-major: the rows of Bᵀ.
                held = reordered(b, true);
                (a, Operand::column_major(&held, k, n))
            }
        };
        if typeid::of::<T>() == typeid::of::<f32>() {
            // SAFETY: `T` is `f32` (same type id): the casts are identities; the rest is the
            // caller's contract (a reordered operand is a new buffer, read only).
            return unsafe {
                typed::<f32>(
                    core::mem::transmute_copy(&alpha),
                    cast(a),
                    cast(b),
                    core::mem::transmute_copy(&beta),
                    c.cast(),
                    rs,
                    cs,
                )
            };
        }
        if id == typeid::of::<C32>() {
            // SAFETY: as above, with `T` = `Complex<f32>`.
            return unsafe {
                typed::<C32>(
                    core::mem::transmute_copy(&alpha),
                    cast(a),
                    cast(b),
                    core::mem::transmute_copy(&beta),
                    c.cast(),
                    rs,
                    cs,
                )
            };
        }
        if id == typeid::of::<C64>() {
            // SAFETY: as above, with `T` = `Complex<f64>`.
            return unsafe {
                typed::<C64>(
                    core::mem::transmute_copy(&alpha),
                    cast(a),
                    cast(b),
                    core::mem::transmute_copy(&beta),
                    c.cast(),
                    rs,
                    cs,
                )
            };
        }
        if typeid::of::<T>() == typeid::of::<f64>() {
            // SAFETY: as above, with `T` = `f64`.
            return unsafe {
                typed::<f64>(
                    core::mem::transmute_copy(&alpha),
                    cast(a),
                    cast(b),
                    core::mem::transmute_copy(&beta),
                    c.cast(),
                    rs,
                    cs,
                )
            };
        }
        false
    }

    /// `a` as an operand of `U`.
    ///
    /// # Safety
    ///
    /// `T` is `U`.
    unsafe fn cast<T, U>(a: Operand<'_, T>) -> (*const U, usize, usize, isize, isize) {
        (
            a.data.as_ptr().wrapping_add(a.offset).cast(),
            a.rows,
            a.cols,
            a.rs,
            a.cs,
        )
    }

    /// # Safety
    ///
    /// As [`product`], with `T` = `U`.
    unsafe fn typed<
        U: faer::traits::ComplexField + Copy + PartialEq + num_traits::Zero + num_traits::One,
    >(
        alpha: U,
        (pa, m, k, ars, acs): (*const U, usize, usize, isize, isize),
        (pb, _, n, brs, bcs): (*const U, usize, usize, isize, isize),
        beta: U,
        c: *mut U,
        rs: isize,
        cs: isize,
    ) -> bool {
        let accum = if beta == U::zero() {
            Accum::Replace
        } else if beta == U::one() {
            Accum::Add
        } else {
            return false;
        };
        // SAFETY: faer's preconditions for `from_raw_parts` and `from_raw_parts_mut`: (1) each
        // matrix's positions lie in one allocation — A's and B's in their tensors' storage
        // (valid layouts), C's in memory the caller vouches for; (2) the pointers are non-null
        // and aligned: they point at elements of non-empty matrices (the shapes are non-zero);
        // (3) the elements are initialised (A and B are tensors; C by the caller's contract);
        // (4) no aliasing: C's positions are distinct and not reached by A or B, and nothing
        // else reads or writes them during the call (the caller's contract), while A and B are
        // only read (a stride 0 among them is allowed for read-only matrices).
        let (a, b, c) = unsafe {
            (
                MatRef::from_raw_parts(pa, m, k, ars, acs),
                MatRef::from_raw_parts(pb, k, n, brs, bcs),
                MatMut::from_raw_parts_mut(c, m, n, rs, cs),
            )
        };
        faer::linalg::matmul::matmul(c, accum, a, b, alpha, par::<U>(m, k, n));
        true
    }

    /// The elements of `m` in row-major order, or of its transpose when `transpose`: a copy
    /// by the engine.
    fn reordered<T: Copy>(m: Operand<'_, T>, transpose: bool) -> Vec<T> {
        let (shape, strides) = if transpose {
            ([m.cols, m.rows], [m.cs, m.rs])
        } else {
            ([m.rows, m.cols], [m.rs, m.cs])
        };
        let layout = Layout::from_parts(shape, strides, m.offset);
        // SAFETY: the same positions as `m`'s layout, valid for `m.data` (its invariant); a
        // read-only view has no invariant 2.
        let view: TensorView<'_, T, 2> =
            unsafe { TensorBase::from_parts_unchecked(m.data, layout) };
        view.to_vec()
    }

    /// From this many multiply-adds, an operand in the order faer's kernels read slowly is
    /// copied first (512³: below it the copy costs more than it saves).
    const REORDER_WORK: usize = 1 << 27;

    /// One thread, or rayon's pool (with `rayon`) for products of at least
    /// [`parallel_work`] multiply-adds of `U`.
    #[cfg_attr(
        not(feature = "rayon"),
        expect(
            clippy::extra_unused_type_parameters,
            reason = "one thread whatever the type without rayon"
        )
    )]
    pub(in crate::linalg) fn par<U>(m: usize, k: usize, n: usize) -> Par {
        #[cfg(feature = "rayon")]
        if m.saturating_mul(k).saturating_mul(n) >= parallel_work::<U>() {
            return Par::rayon(0);
        }
        let _ = (m, k, n);
        Par::Seq
    }

    /// The multiply-adds of `U` from which products run on rayon's pool: 2²⁴ multiply-adds
    /// of `f32`, and as many `f32` lanes' worth of the wider types (an `f64` multiply-add
    /// takes two lanes, a complex `f32` one four real ones, a complex `f64` one eight lanes).
    /// Measured on the 2-vCPU AVX-512 EPYC, square products on row-major memory, faer's
    /// parallel time over its sequential one, in the hours the second vCPU ran and in those
    /// it was taken by other guests: at 128³ `f32` 4.5 (both), at 256³ 0.70–0.83 and
    /// 1.12–1.26, at 512³ 0.62–0.64; `f64` 0.79 and 1.6–2.0 at 128³, 0.59–0.83 and 1.0 at
    /// 192³, 0.67–0.69 and 0.88–1.19 at 224³, 0.8 at 256³; `Complex<f32>` 1.5 at 128³ and
    /// 0.8 at 160³; `Complex<f64>` 0.95 at 128³. Starting a parallel product costs tens of
    /// microseconds, which the smaller products never make up.
    #[cfg(feature = "rayon")]
    fn parallel_work<U>() -> usize {
        let id = typeid::of::<U>();
        if id == typeid::of::<f32>() {
            1 << 24
        } else if id == typeid::of::<f64>() {
            1 << 23
        } else if id == typeid::of::<num_complex::Complex<f32>>() {
            1 << 22
        } else {
            1 << 21
        }
    }

    /// Square products below each type's threshold stay on one thread, those past it take
    /// rayon's pool (at 128³ `f32`, two threads took 4.5× the time of one).
    #[cfg(all(test, feature = "rayon"))]
    #[test]
    fn products_take_threads_only_from_their_threshold() {
        use num_complex::Complex;
        fn seq<U>(n: usize) -> bool {
            matches!(par::<U>(n, n, n), Par::Seq)
        }
        assert!(seq::<f32>(128) && seq::<f32>(255) && !seq::<f32>(256));
        assert!(seq::<f64>(128) && seq::<f64>(192) && !seq::<f64>(224));
        assert!(seq::<Complex<f32>>(128) && !seq::<Complex<f32>>(192));
        assert!(seq::<Complex<f64>>(96) && !seq::<Complex<f64>>(128));
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;

    /// Deterministic values in `[-1, 1)` with no pattern a wrong index could reproduce.
    fn values(n: usize, seed: u64) -> Vec<f32> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((x >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
            })
            .collect()
    }

    /// `C ← α·A·B + β·C` by the tiled and the untiled kernel, for sizes across every tile
    /// boundary, B and C row-major (the slice loop) or column-major (the strided loop): the
    /// two agree to the bit, and both with a product in `f64`.
    #[test]
    #[cfg_attr(
        miri,
        ignore = "1.8 million multiply-adds per layout: too slow under Miri"
    )]
    fn tiled_and_untiled_kernels_agree_to_the_bit() {
        let (m, k, n) = (TILE.0 + 3, TILE.1 + 5, TILE.2 + 7);
        let (a, b, c0) = (values(m * k, 1), values(k * n, 2), values(m * n, 3));
        let (alpha, beta) = (0.75f32, -0.5f32);
        for column_major in [false, true] {
            // Row or column strides of B (k × n) and C (m × n).
            let (b_rs, b_cs) = if column_major {
                (1, k as isize)
            } else {
                (n as isize, 1)
            };
            let (c_rs, c_cs) = if column_major {
                (1, m as isize)
            } else {
                (n as isize, 1)
            };
            let run = |tiled: bool| {
                let mut c = c0.clone();
                let a = MatRef {
                    data: ViewRepr::from_slice(&a),
                    rows: m,
                    cols: k,
                    rs: k as isize,
                    cs: 1,
                    offset: 0,
                };
                let b = MatRef {
                    data: ViewRepr::from_slice(&b),
                    rows: k,
                    cols: n,
                    rs: b_rs,
                    cs: b_cs,
                    offset: 0,
                };
                let out = MatMut {
                    data: ViewReprMut::from_slice(&mut c),
                    rows: m,
                    cols: n,
                    rs: c_rs,
                    cs: c_cs,
                    offset: 0,
                };
                if tiled {
                    blocked::<true, f32>(alpha, a, b, beta, out);
                } else {
                    blocked::<false, f32>(alpha, a, b, beta, out);
                }
                c
            };
            let (tiled, untiled) = (run(true), run(false));
            assert!(
                tiled
                    .iter()
                    .zip(&untiled)
                    .all(|(x, y)| x.to_bits() == y.to_bits()),
                "column-major {column_major}"
            );
            for i in 0..m {
                for j in 0..n {
                    let at = |rs: isize, cs: isize, i: usize, j: usize| {
                        (i as isize * rs + j as isize * cs) as usize
                    };
                    let dot: f64 = (0..k)
                        .map(|kk| f64::from(a[i * k + kk]) * f64::from(b[at(b_rs, b_cs, kk, j)]))
                        .sum();
                    let p = at(c_rs, c_cs, i, j);
                    let want = f64::from(alpha) * dot + f64::from(beta) * f64::from(c0[p]);
                    assert!((f64::from(tiled[p]) - want).abs() < 1e-4, "[{i}, {j}]");
                }
            }
        }
    }
}
