//! HPTT, the C++ tensor transposition library (through the `hptt` crate), and strided-perm, the
//! Rust port of its scheme, as contenders of the transposition benchmarks. HPTT exists with the
//! `hptt` feature only (building it needs cmake); without it, [`Element::hptt`] reports that
//! HPTT is absent and no row names it.

/// Element types a transposition benchmark copies, and whether HPTT has a kernel for them.
pub trait Element: Copy + PartialEq + 'static {
    /// Writes into `out` the row-major tensor `src` of shape `shape` with its axes permuted by
    /// `perm` (NumPy's `transpose`: axis `i` of the result is axis `perm[i]` of the source), on
    /// `threads` threads. `false` when HPTT is not built or has no kernel for the type.
    fn hptt(
        perm: &[usize],
        shape: &[usize],
        src: &[Self],
        out: &mut [Self],
        threads: usize,
    ) -> bool;
}

#[cfg(feature = "hptt")]
macro_rules! with_hptt {
    ($t:ty, $transpose:ident) => {
        impl Element for $t {
            fn hptt(
                perm: &[usize],
                shape: &[usize],
                src: &[Self],
                out: &mut [Self],
                threads: usize,
            ) -> bool {
                // alpha 1 and beta 0: a plain copy that overwrites `out`.
                hptt::$transpose(
                    perm,
                    1.0,
                    src,
                    shape,
                    0.0,
                    out,
                    threads,
                    hptt::MemoryOrder::RowMajor,
                )
                .expect("HPTT rejected the benchmark's shapes");
                true
            }
        }
    };
}

#[cfg(feature = "hptt")]
with_hptt!(f32, transpose_f32);
#[cfg(feature = "hptt")]
with_hptt!(f64, transpose_f64);

macro_rules! without_hptt {
    ($($t:ty),*) => {$(
        impl Element for $t {
            fn hptt(_: &[usize], _: &[usize], _: &[Self], _: &mut [Self], _: usize) -> bool {
                false
            }
        }
    )*};
}

without_hptt!(u8, u16);
#[cfg(not(feature = "hptt"))]
without_hptt!(f32, f64);

/// Whether HPTT can copy `T`, having checked on `src` that its result equals `expected` (the
/// permuted copy `ranked` makes), so that a row never times a different transposition.
///
/// # Panics
///
/// If HPTT's result differs from `expected`.
pub fn checked<T: Element>(perm: &[usize], shape: &[usize], src: &[T], expected: &[T]) -> bool {
    let mut out = rotated(expected);
    if !T::hptt(perm, shape, src, &mut out, 1) {
        return false;
    }
    assert!(out == expected, "HPTT's result differs from ranked's");
    true
}

/// The number of threads the machine offers: HPTT's thread count in the parallel rows, as
/// rayon's global pool uses.
#[cfg(feature = "rayon")]
pub fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// strided-perm on the calling thread: a function that writes into its second argument the
/// row-major tensor of shape `shape` in its first with its axes permuted by `perm`, as
/// [`Element::hptt`] does, checked once on `src` against `expected` (the copy `ranked` makes).
///
/// # Panics
///
/// If strided-perm rejects the shapes or its result differs from `expected`.
pub fn strided_perm<T: Copy + Send + Sync + PartialEq + 'static>(
    perm: &[usize],
    shape: &[usize],
    src: &[T],
    expected: &[T],
) -> impl FnMut(&[T], &mut [T]) + use<T> {
    let strides = strided_view::row_major_strides(shape);
    let dims: Vec<usize> = perm.iter().map(|&p| shape[p]).collect();
    let out_strides = strided_view::row_major_strides(&dims);
    let (perm, shape) = (perm.to_vec(), shape.to_vec());
    let copy = move |src: &[T], out: &mut [T]| {
        let from = strided_view::StridedView::<T>::new(src, &shape, &strides, 0)
            .and_then(|v| v.permute(&perm))
            .expect("strided-perm rejected the benchmark's source");
        let mut to = strided_view::StridedViewMut::<T>::new(out, &dims, &out_strides, 0)
            .expect("strided-perm rejected the benchmark's destination");
        strided_perm::copy_into(&mut to, &from, threadteam::Exec::serial())
            .expect("strided-perm rejected the copy");
    };
    let mut out = rotated(expected);
    copy(src, &mut out);
    assert!(
        out == expected,
        "strided-perm's result differs from ranked's"
    );
    copy
}

/// `expected` rotated by one element: the destination a checked kernel starts from, so that a
/// kernel that wrote nothing would not pass.
fn rotated<T: Copy>(expected: &[T]) -> Vec<T> {
    expected
        .iter()
        .cycle()
        .skip(1)
        .take(expected.len())
        .copied()
        .collect()
}
