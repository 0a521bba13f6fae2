//! The loop engine: every element-wise operation, copy and reduction walks its operands through
//! these functions.
//!
//! Operands share one shape and each has its own strides and offset (a broadcast operand has
//! stride 0 on its stretched axes). The walk is in row-major logical order; the innermost axis
//! is a plain counted loop with one pointer bump per operand, and the outer axes recurse, so
//! there is no index vector and nothing is allocated.
//!
//! Positions are computed with wrapping arithmetic, which is exact for layouts valid for their
//! storage (invariant 1 of the tensor types); callers index their storage with these positions.
//!
//! Two kinds of walk:
//!
//! - **logical** (`walk1`, `walk2`, `fold_runs1`): row-major order, for what the user can observe
//!   in order (`fold`, `for_each`, iterators);
//! - **order-free** ([`LoopPlan`]): for element-wise writes, copies and sums, whose result does
//!   not depend on the visiting order. Axes of size 1 are dropped, axes are reversed where the
//!   leading operand's stride is negative, sorted so the leading operand's smallest stride is
//!   innermost, and adjacent axes contiguous with each other in every operand are coalesced
//!   (NumPy's nditer and PyTorch's TensorIterator do the same). The innermost run is then a plain
//!   loop: a slice loop the compiler vectorises when the strides are 1. A copy whose source is
//!   unit-stride along another axis than the destination (a transposition) is tiled over those
//!   two axes so both stay in cache (HPTT's scheme): 32 × 64 tiles, cut into 8 × 8 blocks
//!   that a [`Kernel`] transposes at once — in SIMD registers for primitive numbers of 1, 2, 4
//!   and 8 bytes on x86-64 (SSE2, or AVX where the CPU has it) and on aarch64 (NEON), fully
//!   unrolled otherwise (see the `kernel` module). A bit copy into a destination of 8 MiB or
//!   more is streamed instead (on x86-64): its tiles are transposed into a buffer in L1 and
//!   written out row by row, whole cache lines with non-temporal stores (no read of each line
//!   before it is written), the loops ordered by the source's strides so that it is read front
//!   to back; where the destination's rows are a whole number of lines apart, each line-wide
//!   column is one band over the whole transposed axis, which reads only the source rows one
//!   line needs (see [`LoopPlan::stream_plan`]). A three-operand
//!   loop with a transposed operand (`out = permuted + b`) transposes that operand's blocks the
//!   same way, into a register buffer, and runs the rest as unit-stride rows.
//!
//! The order-free entry points take `N`, the number of axes their plan has room for: callers
//! pass the tensor's rank `R` (so a rank-2 plan is a few words, not 16 axes' worth to zero and
//! copy), or [`MAX_DYN_RANK`] for shapes cut at run time. A shape with more axes than `N` takes
//! the logical walk.
//!
//! What is done to each element is a [`Kernel`]: any closure `FnMut(&mut T, &U)`, or one of the
//! copy kernels ([`CloneTo`] for assignment, `CloneInto` for filling new memory) whose block
//! form may copy bits.

// Loops here walk the per-operand arrays in step; indexing by operand reads better than zips.
#![allow(clippy::needless_range_loop)]

use crate::storage::{ViewRepr, ViewReprMut};

pub(crate) use crate::layout::SMALL_CODE;

use crate::layout::MAX_DYN_RANK;

// The walks, the plan and the loops over it, by kind of loop.
mod plan;
mod stream;
mod tile;
mod walk;
mod zip3;
// The kernels: what is done to each element or block, per instruction set.
mod kernel;
// The lanes along one axis: their walk and their in-place sort.
mod lanes;
// Lanes mapped through contiguous buffers, a block at a time (the Fourier transforms; built
// with `alloc` so that the engine's unit tests, and Miri, run it without the `fft` feature).
#[cfg(feature = "alloc")]
mod through;
// Copies that pick their source elements by index.
mod gather;
// Reductions over any set of axes into a new buffer.
#[cfg(feature = "alloc")]
mod fold_axes;
// New memory: buffers, huge pages, collection in logical order.
#[cfg(feature = "alloc")]
mod collect;
#[cfg(feature = "alloc")]
mod pages;
// Splitting work across threads.
#[cfg(feature = "rayon")]
pub(crate) mod par;
#[cfg(test)]
mod tests;

#[cfg(feature = "alloc")]
pub(crate) use collect::*;
#[cfg(feature = "alloc")]
pub(crate) use fold_axes::*;
pub(crate) use gather::*;
#[cfg(feature = "alloc")]
pub(crate) use kernel::CloneInto;
use kernel::MICRO;
#[cfg(target_arch = "x86_64")]
pub(crate) use kernel::has_avx;
pub(crate) use kernel::with_avx;
pub(crate) use kernel::{CloneTo, Kernel};
#[cfg(feature = "half")]
pub(crate) use kernel::{narrow_f16, widen_f16};
pub(crate) use lanes::*;
pub(crate) use plan::*;
use stream::*;
#[cfg(feature = "fft")]
pub(crate) use through::*;
pub(crate) use tile::*;
pub(crate) use walk::*;
pub(crate) use zip3::*;
