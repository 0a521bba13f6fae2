#!/usr/bin/env python3
"""Writes expected.json, which tests/it/standard.rs and tests/it/options.rs read: NumPy's results for the element-wise
functions that ranked spells as NumPy does where Rust differs (`round` with halves to even,
`sign`, `remainder`, `floor_divide`, `clip` with NaN and missing bounds) and for `hypot`,
`copysign`, `logaddexp`, `nextafter`, `power`, `square`, `signbit`, `isinf`, `arcsinh`,
`arccosh`, `arctanh`, `abs` of integers (wrapping at the minimum), and the integer shifts
`left_shift` and `right_shift` (in int8, int32 and
uint8, by negative amounts and past the width), over the edge cases the Array API standard spells out: signed zeros, infinities, NaN,
halves, subnormals and huge values, as `float64` and `float32`; and the creation functions
`tril`, `triu` (every diagonal offset, beyond the matrix too), `eye(N, M, k)` and
`linspace(..., endpoint=False)`; `diff` (every order, beyond the length too), `cross` with
broadcasting, `isin` with NaN and signed zeros, `all`/`any` along axes, `argmax`/`argmin`
as flat positions (NaN first), `cumulative_sum`/`cumulative_prod` with and without
`include_initial`; `var`/`std`/`nanvar`/`nanstd` with a float `ddof` (the Array API's
`correction`), and `keepdims=True` of `var`, `std`, `argmax`, `argmin` (along an axis and over all), `all`, `any`; `moveaxis` for every pair of axes and with tuples, `roll` with tuples, `unstack` along each axis,
and `meshgrid` of one to four vectors in both indexings; `broadcast_shapes` and
`broadcast_arrays` of three and four operands; `concat(axis=None)`; `sum`, `prod`, `mean`,
`max`, `min`, `var`, `std`, `all`, `any`, `count_nonzero` over tuples of axes, `repeat` without an axis (contiguous, transposed, reversed
and empty inputs), and `squeeze`, `expand_dims` and `flip` over tuples of axes; `matrix_transpose`, and the
diagonals and traces of a stack of matrices at every offset; `sort` and `argsort` with the
Array API's `descending=True`; `clip` with tensors as bounds; `diff` with `prepend` and
`append`; `cross` along an axis other than the last; `vecdot` (real and complex).

Floats are written by their IEEE-754 bit patterns (as float64; a float32 result is exact in
float64), booleans as booleans. Run from anywhere:
python3 tests/data/standard/make_expected.py [DIR] (default: this directory; CI writes a fresh
copy elsewhere and points the test at it with RANKED_STANDARD_EXPECTED).
"""
import json
import os
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def enc(a):
    a = np.asarray(a)
    if a.dtype == np.bool_:
        return {"dtype": "b1", "shape": list(a.shape), "values": [bool(x) for x in a.ravel()]}
    if a.dtype.kind in "iu":
        return {"dtype": "i8", "shape": list(a.shape), "values": [int(x) for x in a.ravel()]}
    a = a.astype("f8")
    return {"dtype": "f8", "shape": list(a.shape), "values": [int(x) for x in a.ravel().view("u8")]}


def main():
    warnings.simplefilter("ignore")
    unary = np.array(
        [
            -2.5, -1.5, -0.5, -0.0, 0.0, 0.5, 1.5, 2.5, 3.5, 2.675, -3.7, 0.49999999999999994,
            4503599627370495.5, 1e300, -1e-310, 5e-324, np.inf, -np.inf, np.nan, 1.0, 0.9, -0.9,
            1.0000001, 7.25, -1.0, 2.0, 1e-8, -1e10,
        ]
    ).reshape(4, 7)
    lefts = [-7.0, 7.0, -0.0, 0.0, 5.5, -5.5, 1e300, -1e-310, np.inf, -np.inf, np.nan, 2.0]
    rights = [3.0, -3.0, 0.0, -0.0, 2.5, -0.5, np.inf, -np.inf, np.nan, 1e-300, 0.5, 3.0]
    a = np.array(lefts).reshape(12, 1) * np.ones((1, 12))
    b = np.ones((12, 1)) * np.array(rights).reshape(1, 12)
    bounds = [(0.0, 1.0), (1.0, 0.0), (np.nan, 1.0), (0.0, np.nan), (None, 0.5), (-0.5, None), (-np.inf, np.inf)]
    out = {"numpy": np.__version__}
    for name, dt in (("f64", np.float64), ("f32", np.float32)):
        x = unary.astype(dt)
        aa, bb = a.astype(dt), b.astype(dt)
        res = {
            "x": x,
            "round": np.round(x),
            "sign": np.sign(x),
            "square": np.square(x),
            "signbit": np.signbit(x),
            "isinf": np.isinf(x),
            "asinh": np.arcsinh(x),
            "acosh": np.arccosh(x),
            "atanh": np.arctanh(x),
            "a": aa,
            "b": bb,
            "remainder": np.remainder(aa, bb),
            "floor_divide": np.floor_divide(aa, bb),
            "hypot": np.hypot(aa, bb),
            "copysign": np.copysign(aa, bb),
            "logaddexp": np.logaddexp(aa, bb),
            "pow": np.power(aa, bb),
            "nextafter": np.nextafter(aa, bb),
        }
        for i, (lo, hi) in enumerate(bounds):
            lo_v = None if lo is None else dt(lo)
            hi_v = None if hi is None else dt(hi)
            res[f"clip{i}"] = np.clip(x, lo_v, hi_v)
        out[name] = {k: enc(v) for k, v in res.items()}
    shifts = {}
    for name, dt in (("i8", np.int8), ("i32", np.int32), ("u8", np.uint8)):
        info = np.iinfo(dt)
        width = info.bits
        xs = np.array(sorted({info.min, info.min + 1, -5 if info.min < 0 else 5, -1 if info.min < 0 else 1, 0, 1, 5, 64, info.max}), dtype=dt)
        ns = np.array(sorted({0, 1, 3, width - 1, width, width + 1, min(100, info.max)} | ({-1, -8} if info.min < 0 else set())), dtype=dt)
        x = xs.reshape(-1, 1) * np.ones((1, ns.size), dtype=dt)
        n = np.ones((xs.size, 1), dtype=dt) * ns.reshape(1, -1)
        shifts[name] = {"x": enc(x), "n": enc(n), "left": enc(np.left_shift(x, n)), "right": enc(np.right_shift(x, n)), "abs": enc(np.abs(x))}
    out["shifts"] = shifts
    # diff, cross, isin, all/any along axes, argmax/argmin as flat positions.
    rng = np.random.default_rng(41)
    m = np.round(rng.standard_normal((4, 5)) * 10, 1)
    more = {"m": enc(m)}
    for axis in (0, 1):
        for n in (0, 1, 2, 4, 7):
            more[f"diff{axis}_{n}"] = enc(np.diff(m, n=n, axis=axis))
    u = rng.standard_normal((2, 1, 3))
    v = rng.standard_normal((4, 3))
    more.update({"u": enc(u), "v": enc(v), "cross": enc(np.cross(u, v))})
    members = np.array([[1.0, np.nan, -0.0, 3.5], [2.0, 7.0, np.inf, 1.0]])
    pool = np.array([np.inf, 0.0, 1.0, np.nan, 9.0])
    more.update({"members": enc(members), "pool": enc(pool), "isin": enc(np.isin(members, pool))})
    flags = rng.standard_normal((3, 4)) > 0.3
    flags[1] = True
    flags[2] = False
    more["flags"] = enc(flags)
    for axis in (0, 1):
        more[f"all{axis}"] = enc(np.all(flags, axis=axis))
        more[f"any{axis}"] = enc(np.any(flags, axis=axis))
    nan_m = m.copy()
    nan_m[2, 3] = np.nan
    nan_m[3, 1] = np.nan
    for name, a in (("m", m), ("nan_m", nan_m)):
        more[f"{name}_arr"] = enc(a)
        more[f"{name}_argmax"] = enc(np.array(np.argmax(a)))
        more[f"{name}_argmin"] = enc(np.array(np.argmin(a)))
    ints = np.array([[1, 2, 3, 4], [-2, 5, 0, 1], [3, 3, -1, 2]], dtype=np.int64)
    more["ints"] = enc(ints)
    for axis in (0, 1):
        for init in (False, True):
            more[f"cumulative_sum{axis}_{init}"] = enc(np.cumulative_sum(ints, axis=axis, include_initial=init))
            more[f"cumulative_prod{axis}_{init}"] = enc(np.cumulative_prod(ints, axis=axis, include_initial=init))
    more["cumulative_sum_empty"] = enc(np.cumulative_sum(np.zeros((0, 3)), axis=0, include_initial=True))
    # var and std with a float correction (the Array API's `correction`, NumPy's float ddof),
    # whole, along each axis and without NaN.
    sx = np.array([[1.0, 2.5, -3.0, 4.0], [0.5, 7.0, 2.0, -1.0], [3.0, 3.0, 9.0, 0.25]])
    stats = {"x": enc(sx)}
    for c in (0.0, 0.5, 1.0, 1.5, 2.75):
        stats[f"var_{c}"] = enc(np.var(sx, ddof=c))
        stats[f"std_{c}"] = enc(np.std(sx, ddof=c))
        for axis in (0, 1):
            stats[f"var{axis}_{c}"] = enc(np.var(sx, axis=axis, ddof=c))
            stats[f"std{axis}_{c}"] = enc(np.std(sx, axis=axis, ddof=c))
    nx = sx.copy()
    nx[0, 1] = np.nan
    stats["nx"] = enc(nx)
    stats["nanvar1_0.5"] = enc(np.nanvar(nx, axis=1, ddof=0.5))
    stats["nanstd_1.5"] = enc(np.nanstd(nx, ddof=1.5))
    # keepdims=True of the reductions that keep a rank-R result.
    stats["var1_keep"] = enc(np.var(sx, axis=1, ddof=0.5, keepdims=True))
    stats["std0_keep"] = enc(np.std(sx, axis=0, ddof=1, keepdims=True))
    stats["argmax1_keep"] = enc(np.argmax(sx, axis=1, keepdims=True))
    stats["argmin0_keep"] = enc(np.argmin(sx, axis=0, keepdims=True))
    stats["argmax_keep"] = enc(np.argmax(sx, keepdims=True))
    stats["argmin_keep"] = enc(np.argmin(sx.T, keepdims=True))
    stats["all0_keep"] = enc(np.all(sx > 0, axis=0, keepdims=True))
    stats["any1_keep"] = enc(np.any(sx > 5, axis=1, keepdims=True))
    out["float_ddof"] = stats
    out["more"] = more
    # moveaxis, unstack and meshgrid.
    t = np.arange(24.0).reshape(2, 3, 4)
    grids = {"t": enc(t)}
    for src in range(3):
        for dst in range(3):
            grids[f"moveaxis{src}{dst}"] = enc(np.moveaxis(t, src, dst))
    t4 = np.arange(120.0).reshape(2, 3, 4, 5)
    grids["t4"] = enc(t4)
    for src, dst in (((0, 1), (3, 2)), ((3, 0), (0, 3)), ((1, 2, 3), (0, 1, 2)), ((2,), (0,)), ((0, 1, 2, 3), (3, 1, 0, 2))):
        name = "".join(map(str, src)) + "_" + "".join(map(str, dst))
        grids[f"moveaxes{name}"] = enc(np.moveaxis(t4, src, dst))
    grids["roll03"] = enc(np.roll(t4, (1, -2), axis=(0, 3)))
    grids["roll213"] = enc(np.roll(t4, (5, 7, -1), axis=(2, 1, 3)))
    grids["roll_t_12"] = enc(np.roll(t4.transpose(3, 2, 1, 0), (-3, 2), axis=(1, 2)))
    grids["roll_flat7"] = enc(np.roll(t4, 7))
    grids["roll_flat_t"] = enc(np.roll(t4.transpose(3, 2, 1, 0), -133))
    for axis in range(3):
        parts = np.unstack(t, axis=axis) if hasattr(np, "unstack") else [np.take(t, i, axis=axis) for i in range(t.shape[axis])]
        grids[f"unstack{axis}"] = enc(np.stack(parts))
    gx, gy, gz = np.array([1.0, 2.0, 3.0]), np.array([10.0, 20.0]), np.array([-1.0, -2.0, -3.0, -4.0])
    gw = np.array([7.0, 8.0])
    grids.update({"gx": enc(gx), "gy": enc(gy), "gz": enc(gz), "gw": enc(gw)})
    for ind in ("xy", "ij"):
        a, b = np.meshgrid(gx, gy, indexing=ind)
        grids[f"mesh2_{ind}"] = enc(np.stack([a, b]))
        a, b, c = np.meshgrid(gx, gy, gz, indexing=ind)
        grids[f"mesh3_{ind}"] = enc(np.stack([a, b, c]))
        grids[f"mesh4_{ind}"] = enc(np.stack(np.meshgrid(gx, gy, gz, gw, indexing=ind)))
        grids[f"mesh1_{ind}"] = enc(np.stack(np.meshgrid(gz, indexing=ind)))
    # broadcast_shapes and broadcast_arrays of three operands.
    grids["broadcast_shape"] = enc(np.array(np.broadcast_shapes((8, 1, 1), (7, 1), (1, 5), (1, 1, 1))))
    bx, by, bz = gx, np.array([[10.0], [20.0]]), np.array([[[0.5]], [[1.5]]])
    grids["broadcast_arrays"] = enc(np.stack(np.broadcast_arrays(bx, by, bz)))
    # concat with axis=None: the operands flattened in row-major order, one transposed and
    # one reversed.
    ca = np.arange(6.0).reshape(2, 3)
    cb = np.arange(10.0, 18.0).reshape(4, 2)
    grids["concat_flat"] = enc(np.concat([ca, cb, ca.T, cb[::-1, ::-1]], axis=None) if hasattr(np, "concat") else np.concatenate([ca, cb, ca.T, cb[::-1, ::-1]], axis=None))
    out["grids"] = grids
    # Reductions over tuples of axes (NumPy's axis=(a, b, ...)), over a contiguous, a
    # transposed and a reversed input, and empty axes; squeeze, expand_dims and flip of tuples.
    ax = 0.5 + ((np.arange(120) * 37) % 101) / 100.0
    ax = ax.reshape(2, 3, 4, 5)
    sets = {"ax": enc(ax)}
    inputs = {"c": ax, "t": ax.transpose(3, 1, 0, 2), "r": ax[::-1, :, ::-1]}
    for key, axes in (("c", (0, 2)), ("c", (3, 1, 0)), ("c", (0, 1, 2, 3)), ("c", (1,)), ("t", (0, 2)), ("r", (1, 3))):
        v = inputs[key]
        name = key + "".join(map(str, axes))
        sets[f"sum_{name}"] = enc(v.sum(axis=axes))
        sets[f"prod_{name}"] = enc(v.prod(axis=axes))
        sets[f"mean_{name}"] = enc(v.mean(axis=axes))
        sets[f"max_{name}"] = enc(v.max(axis=axes))
        sets[f"min_{name}"] = enc(v.min(axis=axes))
        sets[f"var_{name}"] = enc(v.var(axis=axes, ddof=1))
        sets[f"std_{name}"] = enc(v.std(axis=axes, ddof=0.5))
        sets[f"all_{name}"] = enc((v > 0.7).all(axis=axes))
        sets[f"any_{name}"] = enc((v > 1.45).any(axis=axes))
    sets["sum_c02_keep"] = enc(ax.sum(axis=(0, 2), keepdims=True))
    sets["count_nonzero_c13"] = enc(np.count_nonzero(ax > 1.2, axis=(1, 3)))
    sets["count_nonzero_c3210"] = enc(np.count_nonzero(ax > 1.2, axis=(3, 2, 1, 0)))
    small = np.arange(6).reshape(2, 3)
    sets["repeat_flat"] = enc(np.repeat(small.T, 2))
    sets["repeat_each_flat"] = enc(np.repeat(small.T, [0, 1, 2, 3, 0, 1]))
    empty = np.zeros((2, 0, 3))
    sets["sum_empty01"] = enc(empty.sum(axis=(0, 1)))
    sets["prod_empty01"] = enc(empty.prod(axis=(0, 1)))
    sets["all_empty01"] = enc((empty > 0).all(axis=(0, 1)))
    sets["any_empty01"] = enc((empty > 0).any(axis=(0, 1)))
    sets["sum_empty02"] = enc(empty.sum(axis=(0, 2)))
    # The means and variances of no elements: NaN (NumPy warns).
    sets["mean_empty01"] = enc(empty.mean(axis=(0, 1)))
    sets["mean_empty1"] = enc(empty.mean(axis=1))
    sets["mean_empty"] = enc(np.array(empty.mean()))
    sets["var_empty01"] = enc(empty.var(axis=(0, 1)))
    sets["std_empty1"] = enc(empty.std(axis=1, ddof=1))
    sq = np.arange(12.0).reshape(1, 3, 1, 4, 1)
    sets["squeeze_04"] = enc(np.squeeze(sq, axis=(0, 4)))
    sets["squeeze_420"] = enc(np.squeeze(sq, axis=(4, 2, 0)))
    sets["expand_03"] = enc(np.expand_dims(np.arange(12.0).reshape(3, 4), axis=(0, 3)))
    sets["expand_31"] = enc(np.expand_dims(np.arange(12.0).reshape(3, 4), axis=(3, 1)))
    sets["flip_02"] = enc(np.flip(ax, axis=(0, 2)))
    sets["flip_3102"] = enc(np.flip(ax, axis=(3, 1, 0, 2)))
    out["axis_sets"] = sets
    # matrix_transpose, linalg.diagonal and linalg.trace of a stack, every offset.
    st = np.arange(24.0).reshape(2, 3, 4) * 1.5 - 7.0
    stacks = {"st": enc(st), "mT": enc(np.swapaxes(st, -1, -2))}
    for k in (-4, -3, -1, 0, 1, 3, 4, 9):
        stacks[f"diag{k}"] = enc(np.diagonal(st, offset=k, axis1=-2, axis2=-1))
        stacks[f"trace{k}"] = enc(np.trace(st, offset=k, axis1=-2, axis2=-1))
    out["stacks"] = stacks
    # sort and argsort with descending=True, stable, as array-api-strict computes them from
    # NumPy: flip, stable sort, flip (NaN first, equal elements in their order).
    sd = np.array([[3.0, np.nan, 1.0, 0.0, -0.0, 3.0], [2.0, 2.0, -1.0, np.nan, 5.0, -0.0], [0.0, 7.0, 7.0, -3.0, 0.0, 1.0]])
    desc = {"x": enc(sd)}
    for axis in (0, 1):
        desc[f"sort{axis}"] = enc(np.flip(np.sort(np.flip(sd, axis), axis=axis, kind="stable"), axis))
        rev = np.flip(np.argsort(np.flip(sd, axis), axis=axis, kind="stable"), axis)
        desc[f"argsort{axis}"] = enc(sd.shape[axis] - 1 - rev)
    out["descending"] = desc
    # diff with prepend and append (a scalar, and arrays).
    dm = np.array([[1.0, 4.0, 9.0, 16.0], [2.0, -3.0, 0.5, 7.0], [0.0, 1.0, 0.0, 1.0]])
    ca0 = np.arange(24.0).reshape(3, 4, 2) * 0.5 - 3.0
    cb0 = np.array([[[1.0, -2.0]], [[0.5, 4.0]], [[-3.0, 2.5]]])
    out["cross_axis"] = {"a": enc(ca0), "b": enc(cb0), "axis0": enc(np.cross(ca0, cb0, axis=0)),
                         "axis1": enc(np.cross(ca0.reshape(4, 3, 2), ca0[::-1].reshape(4, 3, 2), axis=1))}
    va = np.arange(12.0).reshape(3, 4) * 0.5 - 2.0
    vb = np.array([[1.0, -1.0, 2.0, 0.5]])
    za = va + 1j * (va[::-1] * 0.25)
    zb = vb - 1j * vb[:, ::-1]
    zv = np.vecdot(za, zb, axis=1) if hasattr(np, "vecdot") else np.sum(np.conj(za) * zb, axis=1)
    out["vecdot"] = {"a": enc(va), "b": enc(vb), "axis1": enc(np.vecdot(va, vb, axis=1) if hasattr(np, "vecdot") else np.sum(va * vb, axis=1)),
                     "axis0": enc(np.sum(va * va, axis=0)), "complex_re": enc(zv.real), "complex_im": enc(zv.imag)}
    out["diff_with"] = {
        "x": enc(dm),
        "pre_scalar_1": enc(np.diff(dm, n=2, axis=1, prepend=-1.5)),
        "pre_app_0": enc(np.diff(dm, n=1, axis=0, prepend=dm[2:], append=dm[:1] * 2.0)),
        "app_1": enc(np.diff(dm, n=3, axis=1, append=dm[:, :2])),
    }
    # clip with tensors as bounds, broadcast (NaN, infinities and low > high among them).
    hi = np.array([[1.0], [np.nan], [10.0]])
    out["clip_tensors"] = {"x": enc(np.array(lefts)), "low": enc(np.array(rights)), "high": enc(hi),
                           "out": enc(np.clip(np.array(lefts), np.array(rights), hi))}
    stack = np.arange(1.0, 25.0).reshape(2, 3, 4)
    creation = {"stack": enc(stack)}
    for k in (-5, -2, -1, 0, 1, 3, 10):
        creation[f"tril{k}"] = enc(np.tril(stack, k))
        creation[f"triu{k}"] = enc(np.triu(stack, k))
    for n, m, k in ((3, 3, 0), (2, 4, 1), (4, 2, -1), (3, 5, -4), (0, 3, 0), (3, 2, 7)):
        creation[f"eye{n}_{m}_{k}"] = enc(np.eye(n, m, k))
    for start, stop, num in ((0.0, 1.0, 4), (-3.0, 7.0, 7), (1.0, 1.0, 3), (0.0, 1.0, 1), (0.0, 1.0, 0), (2.5, -1.5, 9), (0.0, 1e-320, 5)):
        creation[f"linspace{start}_{stop}_{num}"] = enc(np.linspace(start, stop, num, endpoint=False))
    out["creation"] = creation
    out["clip_bounds"] = [[None if v is None else (str(v) if not np.isfinite(v) else v) for v in pair] for pair in bounds]
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "expected.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"wrote {os.path.join(dest, 'expected.json')}")


if __name__ == "__main__":
    main()
