#!/usr/bin/env python3
"""Writes expected.json, which tests/it/ordering.rs reads: NumPy's results for sorting,
quantiles, unique, searchsorted, indexing by index tensors and masks, padding and tiling, and
the NaN-aware reductions, over inputs holding NaN, ±0.0, ±inf, ties and empty axes.

Floats are written by their IEEE-754 bit patterns (so NaN and -0.0 survive JSON); integers,
indices and booleans as numbers. Run from anywhere: python3 tests/data/ordering/make_expected.py
[DIR] (default: this directory; CI writes a fresh copy elsewhere and points the test at it
with RANKED_ORDERING_EXPECTED).
"""
import json
import os
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def enc(a):
    """An array as {dtype, shape, values}."""
    a = np.asarray(a)
    if a.dtype.kind == "f":
        a = a.astype("f8")
        return {"dtype": "f8", "shape": list(a.shape), "values": [int(x) for x in a.ravel().view("u8")]}
    if a.dtype.kind == "b":
        return {"dtype": "b1", "shape": list(a.shape), "values": [bool(x) for x in a.ravel()]}
    return {"dtype": "i8", "shape": list(a.shape), "values": [int(x) for x in a.ravel()]}


def inputs():
    rng = np.random.default_rng(38)
    f = rng.standard_normal((5, 7)).round(1)
    f[0, 1] = f[3, 4] = np.nan
    f[1, 2], f[2, 2], f[4, 0] = -0.0, 0.0, np.inf
    f[2, 5] = -np.inf
    f[:, 6] = np.nan  # an all-NaN column
    g = rng.integers(-3, 4, size=(4, 6)).astype("f8")  # many ties
    h = rng.standard_normal((3, 4, 5)).round(2)
    h[1, 2, 3] = np.nan
    row = rng.integers(-2, 3, size=6).astype("f8")
    row[4] = np.nan
    b = np.broadcast_to(row, (4, 6)).copy()  # equal rows: the tests also read it broadcast
    return {
        "f": f,
        "g": g,
        "h": h,
        "b": b,
        "e0": np.zeros((0, 3)),
        "e1": np.zeros((3, 0)),
    }


def main():
    warnings.simplefilter("ignore")
    rng = np.random.default_rng(7)
    ins = inputs()
    cases = []

    def case(op, name, args, expected, **extra):
        c = {"op": op, "input": name, "args": args, "expected": {k: enc(v) for k, v in expected.items()}}
        c.update({k: enc(v) for k, v in extra.items()})
        cases.append(c)

    for name, a in ins.items():
        for axis in range(a.ndim):
            case("sort", name, {"axis": axis}, {"out": np.sort(a, axis=axis, kind="stable")})
            case("argsort", name, {"axis": axis}, {"out": np.argsort(a, axis=axis, kind="stable")})
            if a.shape[axis] > 0:
                case("median", name, {"axis": axis}, {"out": np.median(a, axis=axis)})
                for q in (0.0, 0.25, 0.3, 0.5, 0.7, 1.0):
                    case("quantile", name, {"axis": axis, "q": q}, {"out": np.quantile(a, q, axis=axis)})
                case("percentile", name, {"axis": axis, "q": 37.5}, {"out": np.percentile(a, 37.5, axis=axis)})
                for fn in ("nanmin", "nanmax"):
                    case(fn, name, {"axis": axis}, {"out": getattr(np, fn)(a, axis=axis)})
                all_nan = np.all(np.isnan(a), axis=axis)
                if not all_nan.any():
                    for fn in ("nanargmin", "nanargmax"):
                        case(fn, name, {"axis": axis}, {"out": getattr(np, fn)(a, axis=axis)})
            for fn in ("nansum", "nanmean"):
                case(fn, name, {"axis": axis}, {"out": getattr(np, fn)(a, axis=axis)})
            for ddof in (0, 1):
                case("nanvar", name, {"axis": axis, "ddof": ddof}, {"out": np.nanvar(a, axis=axis, ddof=ddof)})
                case("nanstd", name, {"axis": axis, "ddof": ddof}, {"out": np.nanstd(a, axis=axis, ddof=ddof)})
            n = a.shape[axis]
            # take_along_axis with random indices (and a broadcast index along the others)
            if n > 0:
                ishape = list(a.shape)
                ishape[axis] = 3
                idx = rng.integers(0, n, size=ishape)
                case("take_along_axis", name, {"axis": axis}, {"out": np.take_along_axis(a, idx, axis=axis)}, indices=idx)
                bshape = [1] * a.ndim
                bshape[axis] = 2
                bidx = rng.integers(0, n, size=bshape)
                case("take_along_axis", name, {"axis": axis}, {"out": np.take_along_axis(a, bidx, axis=axis)}, indices=bidx)
                pshape = list(a.shape)
                pshape[axis] = 1
                pidx = rng.integers(0, n, size=pshape)
                vals = rng.standard_normal(pshape).round(1)
                out = a.copy()
                np.put_along_axis(out, pidx, vals, axis=axis)
                case("put_along_axis", name, {"axis": axis}, {"out": out}, indices=pidx, values=vals)
                tk = rng.integers(0, n, size=5)
                case("take", name, {"axis": axis, "indices": tk.tolist()}, {"out": np.take(a, tk, axis=axis)})
                src_shape = list(a.shape)
                src_shape[axis] = 5
                src = rng.standard_normal(src_shape).round(1)
                out = a.copy()
                np.add.at(out, (slice(None),) * axis + (tk,), src)
                case("index_add", name, {"axis": axis, "indices": tk.tolist()}, {"out": out}, source=src)
                out = a.copy()
                np.add.at(out, tuple(
                    (idx if k == axis else np.arange(a.shape[k]).reshape([-1 if j == k else 1 for j in range(a.ndim)]))
                    for k in range(a.ndim)), 1.0)
                case("scatter_add_one", name, {"axis": axis}, {"out": out}, indices=idx)
            mask = rng.random(n) < 0.5
            case("compress", name, {"axis": axis}, {"out": np.compress(mask, a, axis=axis)}, mask=mask)
            case("roll", name, {"axis": axis, "shift": 3}, {"out": np.roll(a, 3, axis=axis)})
            case("roll", name, {"axis": axis, "shift": -9}, {"out": np.roll(a, -9, axis=axis)})
            case("repeat", name, {"axis": axis, "count": 2}, {"out": np.repeat(a, 2, axis=axis)})
            counts = rng.integers(0, 3, size=n)
            case("repeat_each", name, {"axis": axis, "counts": counts.tolist()}, {"out": np.repeat(a, counts, axis=axis)})
            if n > 0:
                case("topk_smallest", name, {"axis": axis, "k": min(n, 3)},
                     {"out": np.take(np.argsort(a, axis=axis, kind="stable"), np.arange(min(n, 3)), axis=axis)})
        # whole-tensor
        if a.size:
            case("median_all", name, {}, {"out": np.median(a)})
            case("quantile_all", name, {"q": 0.3}, {"out": np.quantile(a, 0.3)})
        case("unique", name, {}, {"out": np.unique(a)})
        u = np.unique_all(a)
        case("unique_all", name, {}, {"values": u.values, "indices": u.indices,
                                     "inverse": u.inverse_indices.reshape(a.shape), "counts": u.counts})
        mask = rng.random(a.shape) < 0.5
        case("masked_select", name, {}, {"out": a[mask]}, mask=mask)
        case("argwhere", name, {}, {"out": np.argwhere(mask).reshape(-1, a.ndim)}, mask=mask)
        for axis in range(a.ndim):
            case("count_nonzero", name, {"axis": axis}, {"out": np.count_nonzero(mask, axis=axis)}, mask=mask)
        case("nansum_all", name, {}, {"out": np.nansum(a)})
        case("nanmean_all", name, {}, {"out": np.nanmean(a)})
        case("nanvar_all", name, {"ddof": 1}, {"out": np.nanvar(a, ddof=1)})
        if a.size:
            case("nanmin_all", name, {}, {"out": np.nanmin(a)})
            case("nanmax_all", name, {}, {"out": np.nanmax(a)})
        widths = [[1, 2], [3, 0], [2, 2]][: a.ndim]
        for mode in ("constant", "edge", "reflect", "symmetric", "wrap"):
            if mode != "constant" and 0 in a.shape:
                continue
            kw = {"constant_values": 7.5} if mode == "constant" else {}
            case("pad", name, {"widths": widths, "mode": mode}, {"out": np.pad(a, widths, mode=mode, **kw)})
        if 0 not in a.shape:
            big = [[8, 9], [0, 11], [5, 0]][: a.ndim]
            for mode in ("reflect", "symmetric", "wrap"):
                case("pad", name, {"widths": big, "mode": mode}, {"out": np.pad(a, big, mode=mode)})
        reps = [2, 3, 1][: a.ndim]
        case("tile", name, {"reps": reps}, {"out": np.tile(a, reps)})

    # searchsorted: NaN last, ties, both sides
    edges = np.array([-np.inf, -1.0, 0.0, 0.0, 2.5, 2.5, 2.5, 9.0, np.nan])
    values = np.array([[-np.inf, -2.0, -0.0, 0.0], [2.5, 3.0, np.inf, np.nan]])
    for side in ("left", "right"):
        case("searchsorted", "edges", {"side": side}, {"out": np.searchsorted(edges, values, side=side)},
             sorted=edges, values=values)

    # logical operators with broadcasting
    a = rng.random((3, 4)) < 0.5
    b = rng.random((4,)) < 0.5
    for fn in ("logical_and", "logical_or", "logical_xor"):
        case(fn, "masks", {}, {"out": getattr(np, fn)(a, b)}, a=a, b=b)
    case("logical_not", "masks", {}, {"out": np.logical_not(a)}, a=a)

    out_dir = sys.argv[1] if len(sys.argv) > 1 else HERE
    with open(os.path.join(out_dir, "expected.json"), "w") as f:
        json.dump({"numpy": np.__version__, "inputs": {k: enc(v) for k, v in ins.items()}, "cases": cases}, f)
        f.write("\n")


if __name__ == "__main__":
    main()
