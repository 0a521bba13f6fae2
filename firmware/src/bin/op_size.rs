//! One operation of the never-panic table alone, to measure what it adds to a program's `.text`.
//!
//! `RANKED_SIZE_OP=<operation>` at build time (read by `build.rs`, which sets the `size_op`
//! cfg) picks the operation; `op_sizes.sh` builds this program once per operation of the table
//! and writes the firmware guide's table of sizes from the differences:
//!
//! - without `RANKED_SIZE_OP`, the reference: the same inputs read and kept, without `ranked`;
//! - `TensorView::from_slice` and `TensorViewMut::from_slice_mut`: one view, against the
//!   reference;
//! - `views`: the views every other probe works on (an input `a` of shape `[2, 3, 4]`, a
//!   matrix `m` of `[4, 3]`, and caller storage: `o` of `[2, 3, 4]`, `s` of `[2, 3]`, `p` of
//!   `[2, 3, 3]` and a `bool` mask of `[2, 3, 4]`), built with `from_slice` and `from_slice_mut`;
//! - every other operation: `views` and one call, against `views`.
//!
//! Shapes, indices and data are read through `read_volatile`, so that each call keeps its
//! checks and its error paths as in a real program, and every result is written out through
//! `write_volatile`. The panic handler is the proof's (a call to a function defined nowhere),
//! so each probe also proves that its operation alone links without a panic path.
#![no_std]
#![no_main]

#[path = "../board.rs"]
mod board;

use core::ptr::{read_volatile, write_volatile};

// Each probe uses some of these.
#[cfg(op_probe)]
#[allow(unused_imports)]
use ranked::{
    ArrayTensor, Axis, INFER, ShapeError, TensorView, TensorViewMut, einsum_into, s, tensor_view,
};

/// 0, 1, …, 23.
static DATA: [f32; 24] = {
    let mut d = [0.0; 24];
    let mut i = 0;
    while i < 24 {
        d[i] = i as f32;
        i += 1;
    }
    d
};

/// Sizes 2, 3, 4 and indices 1, 0, unknown to the optimiser.
static NUMBERS: [usize; 5] = [2, 3, 4, 1, 0];

/// Where layouts and results go, so that no call is optimised away.
static mut SINK: usize = 0;

#[cfg(op_probe)]
#[allow(dead_code)]
static WEIGHTS: [f32; 6] = [1.0, 0.5, 0.0, -1.0, 2.0, 1.0];
#[cfg(op_probe)]
#[allow(dead_code)]
static W: TensorView<'static, f32, 2> = TensorView::from_array(&WEIGHTS, [2, 3]);

board::panic_fails_link!();

board::entry!(b"op_size: ok\n\0", b"op_size: failed\n\0", checked);

/// Hands `value` to the outside world.
fn keep(value: usize) {
    // SAFETY: the only access to `SINK`, from the one thread of this program.
    unsafe { write_volatile(&raw mut SINK, value) };
}

/// Hands a view's shape, strides and offset to the outside world.
#[cfg(op_probe)]
macro_rules! keep_view {
    ($v:expr) => {{
        let v = &$v;
        for (&size, &stride) in v.shape().iter().zip(v.strides()) {
            keep(size);
            keep(stride as usize);
        }
        keep(v.offset());
    }};
}

/// The element of `data` at `i`, or zero.
#[cfg(op_probe)]
#[cfg_attr(size_op = "TensorView::from_slice", allow(dead_code))]
fn at(data: &[f32], i: usize) -> f32 {
    data.get(i).copied().unwrap_or(0.0)
}

/// Runs the probe and keeps its result; `true` when it returned `Ok`.
#[inline(never)]
fn checked() -> bool {
    // SAFETY: valid, aligned references to initialised statics.
    let (d, n) = unsafe { (read_volatile(&DATA), read_volatile(&NUMBERS)) };
    match probe(&d, n) {
        Some(x) => {
            keep(x.to_bits() as usize);
            true
        }
        None => false,
    }
}

/// The reference: the inputs read and kept, without `ranked`.
#[cfg(not(op_probe))]
fn probe(d: &[f32; 24], n: [usize; 5]) -> Option<f32> {
    d.get(n[3]).copied()
}

/// One view over the input.
#[cfg(size_op = "TensorView::from_slice")]
fn probe(d: &[f32; 24], n: [usize; 5]) -> Option<f32> {
    let [two, three, four, ..] = n;
    let a = TensorView::from_slice(d, [two, three, four]).ok()?;
    keep_view!(a);
    Some(0.0)
}

/// One view over caller storage.
#[cfg(size_op = "TensorViewMut::from_slice_mut")]
fn probe(d: &[f32; 24], n: [usize; 5]) -> Option<f32> {
    let [two, three, four, one, _] = n;
    let mut b = *d;
    let o = TensorViewMut::from_slice_mut(&mut b, [two, three, four]).ok()?;
    keep_view!(o);
    Some(at(&b, one))
}

/// Names the probes: after the names it gives the data, the numbers and the views, each
/// `"name" => expression` (several names when one call stands for them), an `f32` computed from
/// them, where `?` returns early on an error.
#[cfg(op_probe)]
macro_rules! probes {
    (
        |$d:ident, [$two:ident, $three:ident, $four:ident, $one:ident, $zero:ident],
         $a:ident, $m:ident, $o:ident, $s:ident, $p:ident, $mask:ident|
        $($($name:literal)|+ => $body:expr;)*
    ) => {
        /// The views every probe works on, and the one call its name picks.
        #[cfg(not(any(
            size_op = "TensorView::from_slice",
            size_op = "TensorViewMut::from_slice_mut"
        )))]
        #[allow(unused_mut, unused_variables)]
        fn probe($d: &[f32; 24], n: [usize; 5]) -> Option<f32> {
            let [$two, $three, $four, $one, $zero] = n;
            let (mut b, mut sb, mut pb, mut mb) = (*$d, [0.0f32; 6], [0.0f32; 18], [false; 24]);
            let result: Result<f32, ShapeError> = (|| {
                let $a = TensorView::from_slice($d, [$two, $three, $four])?;
                let $m = TensorView::from_slice(&$d[..12], [$four, $three])?;
                let mut $o = TensorViewMut::from_slice_mut(&mut b, [$two, $three, $four])?;
                let mut $s = TensorViewMut::from_slice_mut(&mut sb, [$two, $three])?;
                let mut $p = TensorViewMut::from_slice_mut(&mut pb, [$two, $three, $three])?;
                let mut $mask = TensorViewMut::from_slice_mut(&mut mb, [$two, $three, $four])?;
                keep_view!($a);
                keep_view!($m);
                keep_view!($o);
                keep_view!($s);
                keep_view!($p);
                keep_view!($mask);
                #[cfg(size_op = "views")]
                let x = 0.0;
                $(
                    #[cfg(any($(size_op = $name),+))]
                    let x = $body;
                )*
                Ok(x)
            })();
            keep(mb.get($one).is_some_and(|&m| m) as usize);
            result.ok().map(|x| x + at(&b, $one) + at(&sb, $one) + at(&pb, $one))
        }

        #[cfg(not(any(
            size_op = "views",
            size_op = "TensorView::from_slice",
            size_op = "TensorViewMut::from_slice_mut",
            $($(size_op = $name),+),*
        )))]
        compile_error!("RANKED_SIZE_OP names no probe of firmware/src/bin/op_size.rs");
    };
}

// One probe per operation of the never-panic table, in the table's order.
#[cfg(op_probe)]
probes! {
    |d, [two, three, four, one, zero], a, m, o, s, p, mask|
    "tensor_view!" => {
        keep_view!(tensor_view!(d, [4, 6]));
        0.0
    };
    "TensorView::from_array" => {
        keep_view!(W);
        0.0
    };
    "ArrayTensor::zeros" => {
        let t = ArrayTensor::<f32, 6, 2>::zeros([two, three])?;
        t.as_slice().map_or(0.0, |t| at(t, one))
    };
    "ArrayTensor::full" => {
        let t = ArrayTensor::<f32, 6, 2>::full([two, three], at(d, one))?;
        t.as_slice().map_or(0.0, |t| at(t, one))
    };
    "ArrayTensor::from_fn" => {
        let t = ArrayTensor::<f32, 6, 2>::from_fn([two, three], |[i, j]| (i * 3 + j) as f32)?;
        t.as_slice().map_or(0.0, |t| at(t, one))
    };
    "get" => a.get([one, two, three]).copied().unwrap_or(0.0);
    "get_mut" => {
        if let Some(x) = o.get_mut([one, two, three]) {
            *x = 1.0;
        }
        0.0
    };
    "iter" => a.iter().fold(0.0, |sum, &x| sum + x);
    "iter_mut" => {
        for x in o.iter_mut() {
            *x += 1.0;
        }
        0.0
    };
    "permute" => {
        keep_view!(a.permute([two, zero, one])?);
        0.0
    };
    "t" => {
        keep_view!(m.t());
        0.0
    };
    "reversed_axes" => {
        keep_view!(a.reversed_axes());
        0.0
    };
    "swap_axes" => {
        keep_view!(a.swap_axes(Axis::<0>, Axis::<2>));
        0.0
    };
    "flip" => {
        keep_view!(a.flip(Axis::<1>));
        0.0
    };
    "unsqueeze" => {
        keep_view!(a.unsqueeze(Axis::<0>));
        0.0
    };
    "squeeze" => {
        keep_view!(a.squeeze(Axis::<0>)?);
        0.0
    };
    "select" => {
        keep_view!(a.select(Axis::<1>, two)?);
        0.0
    };
    "narrow" => {
        keep_view!(a.narrow(Axis::<2>, one, two)?);
        0.0
    };
    "diagonal" => {
        keep_view!(a.diagonal(one as isize, Axis::<1>, Axis::<2>));
        0.0
    };
    "slice" | "s!" => {
        keep_view!(a.slice(s![.., one.., ..;2])?);
        0.0
    };
    "reshape_view" => {
        keep_view!(a.reshape_view([three * two, INFER])?);
        0.0
    };
    "broadcast_to" => {
        keep_view!(a.broadcast_to([two, two, three, four])?);
        0.0
    };
    "split_at" => {
        let (x, y) = a.split_at(Axis::<0>, one)?;
        keep_view!(x);
        keep_view!(y);
        0.0
    };
    "unfold" => {
        keep_view!(a.unfold(Axis::<2>, three, one)?);
        0.0
    };
    "fill" => {
        o.fill(at(d, one));
        0.0
    };
    "copy_from" => {
        o.copy_from(&a)?;
        0.0
    };
    "try_assign" => {
        o.try_assign(&m)?;
        0.0
    };
    "try_assign_zip" => {
        mask.try_assign_zip(&a, &o, |&x, &y| x > y)?;
        0.0
    };
    "copy_where" => {
        o.copy_where(&a, &mask)?;
        0.0
    };
    "map_inplace" => {
        o.map_inplace(|x| *x *= 2.0);
        0.0
    };
    "mapv_inplace" => {
        o.mapv_inplace(|x| x + 1.0);
        0.0
    };
    "clamp_inplace" => {
        o.clamp_inplace(at(d, two), at(d, four));
        0.0
    };
    "clip_inplace" => {
        o.clip_inplace(Some(at(d, two)), Some(at(d, four)));
        0.0
    };
    "+=" => {
        o += at(d, one);
        0.0
    };
    "-=" => {
        o -= at(d, one);
        0.0
    };
    "*=" => {
        o *= at(d, one);
        0.0
    };
    "/=" => {
        o /= at(d, one);
        0.0
    };
    "sum" => a.sum();
    "product" => a.product();
    "fold" => a.fold(0.0, |m: f32, &x| m.max(x));
    "try_min" => a.try_min()?;
    "try_max" => a.try_max()?;
    "try_mean" => a.try_mean()?;
    "try_argmin" => a.try_argmin()?[0] as f32;
    "try_argmax" => a.try_argmax()?[0] as f32;
    "var" => a.var(zero)?;
    "std" => a.std(one)?;
    "sum_axis_into" => {
        a.sum_axis_into(Axis::<2>, &mut s)?;
        0.0
    };
    "prod_axis_into" => {
        a.prod_axis_into(Axis::<2>, &mut s)?;
        0.0
    };
    "mean_axis_into" => {
        a.mean_axis_into(Axis::<2>, &mut s)?;
        0.0
    };
    "min_axis_into" => {
        a.min_axis_into(Axis::<2>, &mut s)?;
        0.0
    };
    "max_axis_into" => {
        a.max_axis_into(Axis::<2>, &mut s)?;
        0.0
    };
    "fold_axis_into" => {
        a.fold_axis_into(Axis::<2>, 0.0, |m, &x| m.max(x), &mut s)?;
        0.0
    };
    "var_axis_into" => {
        a.var_axis_into(Axis::<2>, zero, &mut s)?;
        0.0
    };
    "std_axis_into" => {
        a.std_axis_into(Axis::<2>, one, &mut s)?;
        0.0
    };
    "sort_unstable_axis_inplace" => {
        o.sort_unstable_axis_inplace(Axis::<0>);
        0.0
    };
    "median_inplace" => o.median_inplace()?;
    "matmul_into" => {
        a.matmul_into(&m, &mut p)?;
        0.0
    };
    "einsum_into!" => {
        einsum_into!(&mut p, "bij,jk->bik", a, m)?;
        0.0
    };
    "outer_iter" => {
        for v in a.outer_iter() {
            keep_view!(v);
        }
        0.0
    };
    "axis_iter" => {
        for v in a.axis_iter(Axis::<2>) {
            keep_view!(v);
        }
        0.0
    };
    "try_lanes" => {
        for v in a.try_lanes(Axis::<2>)? {
            keep_view!(v);
        }
        0.0
    };
    "try_outer_iter_mut" => {
        for v in o.try_outer_iter_mut()? {
            keep_view!(v);
        }
        0.0
    };
    "try_axis_iter_mut" => {
        for v in o.try_axis_iter_mut(Axis::<2>)? {
            keep_view!(v);
        }
        0.0
    };
}
