//! The summation kernels: the blocked pairwise cascade behind every sum of floating-point
//! numbers (whole tensors, lanes, and slices added down an axis), and the sums of squared
//! deviations behind the variances, which run through the same kernels with a map applied to
//! each element, so that both have the error bound of
//! [accuracy of sums](crate::ops#accuracy-of-sums).

use core::mem::MaybeUninit;
use core::ops::Add;
#[cfg(feature = "alloc")]
use core::ops::{Mul, Sub};

use num_traits::Zero;

use crate::engine::{self, Run};

/// Elements summed with 8 accumulators before a chunk sum joins the pairwise cascade.
pub(crate) const SUM_CHUNK: usize = 128;

/// Pairwise summation by binary counter over chunk sums: slot `k` holds the sum of `2^k`
/// chunks. One slot per bit of `usize` (more chunks than memory holds).
///
/// Each chunk's 8 lanes are added (pairwise) before the chunk joins the cascade, which keeps
/// the slots one element wide and the code small enough for the firmware's code-size budget.
///
/// The slots start uninitialised, so that a sum costs no zeroing pass. Invariant 1: slot `k`
/// is initialised whenever bit `k` of `occupied` is set.
pub(crate) struct Pairwise<T> {
    slots: [MaybeUninit<T>; LEVELS],
    occupied: usize,
}

/// The slots of [`Pairwise`].
const LEVELS: usize = usize::BITS as usize;

impl<T: Zero + Add<Output = T> + Copy> Pairwise<T> {
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Self {
            slots: [const { MaybeUninit::uninit() }; LEVELS],
            occupied: 0,
        }
    }

    /// Adds the sum of the next chunk.
    #[inline]
    pub(crate) fn push(&mut self, mut x: T) {
        for (level, slot) in self.slots.iter_mut().enumerate() {
            let bit = 1usize << level;
            if self.occupied & bit == 0 {
                slot.write(x);
                self.occupied |= bit;
                return;
            }
            // SAFETY: bit `level` is set, so the slot is initialised (invariant 1).
            x = unsafe { slot.assume_init() } + x;
            self.occupied &= !bit;
        }
        // Every level was occupied (2^LEVELS chunks, more than memory holds): `x` is now the
        // whole sum, and goes to the top level.
        if let Some(top) = self.slots.last_mut() {
            top.write(x);
            self.occupied = 1 << (LEVELS - 1);
        }
    }

    /// The occupied slots added, smallest first: only those, found from the set bits (a
    /// walk over all 64 slots was most of the time of a whole sum of 256 elements), except
    /// where code size comes first (the walk is smaller without a count of trailing zeros).
    pub(crate) fn finish(&self) -> T {
        let mut sum = T::zero();
        if engine::SMALL_CODE {
            for (level, slot) in self.slots.iter().enumerate() {
                if self.occupied & (1 << level) != 0 {
                    // SAFETY: bit `level` is set, so the slot is initialised (invariant 1).
                    sum = sum + unsafe { slot.assume_init() };
                }
            }
            return sum;
        }
        let mut left = self.occupied;
        while left != 0 {
            let level = left.trailing_zeros() as usize;
            left &= left - 1;
            if let Some(slot) = self.slots.get(level) {
                // SAFETY: bit `level` is set, so the slot is initialised (invariant 1).
                sum = sum + unsafe { slot.assume_init() };
            }
        }
        sum
    }
}

/// The 8 lanes added pairwise.
#[inline]
pub(crate) fn horizontal<T: Add<Output = T> + Copy>(l: [T; 8]) -> T {
    ((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7]))
}

/// The sum of `f(x)` over one chunk (at most [`SUM_CHUNK`] elements) with 8 independent
/// accumulators combined pairwise.
// Always inlined on x86-64, so that `with_avx` compiles it for AVX.
#[cfg_attr(target_arch = "x86_64", inline(always))]
#[cfg_attr(not(target_arch = "x86_64"), inline)]
fn chunk_sum<T: Copy, U: Zero + Add<Output = U> + Copy>(
    run: Run<'_, T>,
    f: impl Fn(T) -> U + Copy,
) -> U {
    horizontal(chunk_lanes(run, f))
}

/// The 8 accumulators of `f(x)` over one chunk (at most [`SUM_CHUNK`] elements): element `k` goes
/// to lane `k mod 8`. Unit-stride chunks run as fixed-width slice loops that the compiler vectorises
/// (except where [`SMALL_CODE`](engine::SMALL_CODE) asks for one loop).
// Always inlined on x86-64, so that `with_avx` compiles it for AVX.
#[cfg_attr(target_arch = "x86_64", inline(always))]
#[cfg_attr(not(target_arch = "x86_64"), inline)]
fn chunk_lanes<T: Copy, U: Zero + Add<Output = U> + Copy>(
    run: Run<'_, T>,
    f: impl Fn(T) -> U + Copy,
) -> [U; 8] {
    if let (false, Some(xs)) = (engine::SMALL_CODE, run.to_slice()) {
        let mut lanes = [U::zero(); 8];
        let (groups, rest) = xs.as_chunks::<8>();
        for g in groups {
            for j in 0..8 {
                lanes[j] = lanes[j] + f(g[j]);
            }
        }
        for (lane, &x) in lanes.iter_mut().zip(rest) {
            *lane = *lane + f(x);
        }
        return lanes;
    }
    // The first 8 elements start the lanes (`x` rather than `0 + x`: the same sum, and no
    // zeroing pass, which on firmware is a call to `memset`).
    let mut xs = run.iter();
    let mut lanes = core::array::from_fn(|_| xs.next().map_or_else(U::zero, |&x| f(x)));
    'run: loop {
        for lane in &mut lanes {
            let Some(&x) = xs.next() else {
                break 'run;
            };
            *lane = *lane + f(x);
        }
    }
    lanes
}

/// Adds `f(x)` over a run to `acc` chunk by chunk (runs longer than a chunk with AVX where the
/// CPU has it: see [`with_avx`](engine::with_avx)).
pub(crate) fn sum_run<T: Copy, U: Zero + Add<Output = U> + Copy>(
    acc: &mut Pairwise<U>,
    run: Run<'_, T>,
    f: impl Fn(T) -> U + Copy,
) {
    // Runs of one chunk or less stay inline on x86-64: the call into the AVX copy would cost
    // them more than it gains. (Elsewhere there is no such copy, and one loop is less code.)
    if cfg!(target_arch = "x86_64") && run.len() <= SUM_CHUNK {
        return acc.push(chunk_sum(run, f));
    }
    engine::with_avx(
        acc,
        run,
        #[inline(always)]
        |acc, run| {
            let mut rest = run;
            while rest.len() > 0 {
                let (chunk, after) = rest.split_at(SUM_CHUNK);
                acc.push(chunk_sum(chunk, f));
                rest = after;
            }
        },
    );
}

/// The blocked pairwise sum of one lane.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn lane_sum<T: Zero + Add<Output = T> + Copy>(run: Run<'_, T>) -> T {
    lane_sum_of(run, |x| x)
}

/// The blocked pairwise sum of `f(x)` over one lane, in the type of `f(x)` (wider than the
/// elements' for half precision).
#[inline]
pub(crate) fn lane_sum_of<T: Copy, U: Zero + Add<Output = U> + Copy>(
    run: Run<'_, T>,
    f: impl Fn(T) -> U + Copy,
) -> U {
    if run.len() <= SUM_CHUNK {
        chunk_sum(run, f)
    } else {
        long_lane_sum(run, f)
    }
}

/// What a block sum adds for element `x` at position `i` of the accumulator: `x` itself
/// ([`Plain`]) or its squared deviation from a value per position ([`SquaresAbout`]).
#[cfg(feature = "alloc")]
pub(crate) trait Term<T>: Copy {
    /// The same term over the first `n` positions (at most as many as it has).
    fn first(self, n: usize) -> Self;
    /// The term of `x` at position `i` (below the `n` of [`first`](Term::first)).
    fn at(self, x: T, i: usize) -> T;
}

/// The elements themselves: plain sums.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy)]
pub(crate) struct Plain;

#[cfg(feature = "alloc")]
impl<T> Term<T> for Plain {
    #[inline(always)]
    fn first(self, _: usize) -> Self {
        self
    }
    #[inline(always)]
    fn at(self, x: T, _: usize) -> T {
        x
    }
}

/// `(x − about[i])²`: the squared deviations from a mean per position.
#[cfg(feature = "alloc")]
#[derive(Clone, Copy)]
pub(crate) struct SquaresAbout<'a, T>(pub(crate) &'a [T]);

#[cfg(feature = "alloc")]
impl<T: Sub<Output = T> + Mul<Output = T> + Copy> Term<T> for SquaresAbout<'_, T> {
    #[inline(always)]
    fn first(self, n: usize) -> Self {
        // Cut once per call, so that `at` reads within a slice of known length.
        Self(&self.0[..n])
    }
    #[inline(always)]
    fn at(self, x: T, i: usize) -> T {
        let d = x - self.0[i];
        d * d
    }
}

/// `acc[i] += ((t₀ + t₁) + (t₂ + t₃)) + ((t₄ + t₅) + (t₆ + t₇))` for every `i`, where
/// `tⱼ = term.at(xⱼ[i], i)` (each slice at least as long as `acc`). Out of line on purpose: as
/// a `&mut` argument `acc` is known not to alias the slices, so the loop vectorises (inlined
/// into the block walk it did not, and sums over short blocks ran at half speed). With AVX
/// where the CPU has it (see [`with_avx`](engine::with_avx)).
#[cfg(feature = "alloc")]
#[inline(never)]
pub(crate) fn add8<T: Add<Output = T> + Copy>(acc: &mut [T], x: [&[T]; 8], term: impl Term<T>) {
    engine::with_avx(
        acc,
        x,
        #[inline(always)]
        |acc, x| {
            let n = acc.len();
            let x = x.map(|s| &s[..n]);
            let t = term.first(n);
            for i in 0..n {
                let low =
                    (t.at(x[0][i], i) + t.at(x[1][i], i)) + (t.at(x[2][i], i) + t.at(x[3][i], i));
                let high =
                    (t.at(x[4][i], i) + t.at(x[5][i], i)) + (t.at(x[6][i], i) + t.at(x[7][i], i));
                acc[i] = acc[i] + (low + high);
            }
        },
    );
}

/// `acc[i] += (t₀ + t₁) + (t₂ + t₃)` for every `i` (see [`add8`]).
#[cfg(feature = "alloc")]
#[inline(never)]
pub(crate) fn add4<T: Add<Output = T> + Copy>(acc: &mut [T], x: [&[T]; 4], term: impl Term<T>) {
    engine::with_avx(
        acc,
        x,
        #[inline(always)]
        |acc, x| {
            let n = acc.len();
            let x = x.map(|s| &s[..n]);
            let t = term.first(n);
            for i in 0..n {
                acc[i] = acc[i]
                    + ((t.at(x[0][i], i) + t.at(x[1][i], i))
                        + (t.at(x[2][i], i) + t.at(x[3][i], i)));
            }
        },
    );
}

/// `acc[i] += t[i]` for every `i` (see [`add8`]).
#[cfg(feature = "alloc")]
#[inline(never)]
pub(crate) fn add1<T: Add<Output = T> + Copy>(acc: &mut [T], x: &[T], term: impl Term<T>) {
    let t = term.first(acc.len().min(x.len()));
    for (i, (a, &x)) in acc.iter_mut().zip(x).enumerate() {
        *a = *a + t.at(x, i);
    }
}

/// The pairwise sum of `f(x)` over a lane longer than one chunk. Kept out of line: its
/// 64-slot accumulator would otherwise weigh on every short lane's stack frame.
#[inline(never)]
fn long_lane_sum<T: Copy, U: Zero + Add<Output = U> + Copy>(
    run: Run<'_, T>,
    f: impl Fn(T) -> U + Copy,
) -> U {
    let mut acc = Pairwise::new();
    sum_run(&mut acc, run, f);
    acc.finish()
}
