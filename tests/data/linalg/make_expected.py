#!/usr/bin/env python3
"""Writes expected.json, which tests/it/decomp.rs reads: NumPy's `linalg` results over stacks
of matrices (inv, det, slogdet, solve, matrix_power, cholesky, qr, svd, eigh, eig, lstsq, pinv,
matrix_rank, cond and the norms), with each input matrix's 2-norm condition number, from which
the test states its tolerances.

Factors that are unique only up to signs or phases (q, u, vh, eigenvectors) are not stored:
the test checks their identities (q @ r = a, orthonormal columns, a @ v = v @ diag(w)) and
compares what is unique — r with a non-negative diagonal, singular values, eigenvalues.

Floats are written by their IEEE-754 bit patterns (so NaN, inf and -0.0 survive JSON). Run from
anywhere: python3 tests/data/linalg/make_expected.py [DIR] (default: this directory; CI writes
a fresh copy elsewhere and points the test at it with RANKED_LINALG_EXPECTED).
"""
import json
import os
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def enc(a):
    a = np.asarray(a)
    if a.dtype.kind in "fc":
        if a.dtype.kind == "c":
            # Complex as a trailing axis of (re, im).
            a = np.stack([a.real, a.imag], axis=-1)
        a = a.astype("f8")
        return {"dtype": "f8", "shape": list(a.shape), "values": [int(x) for x in a.ravel().view("u8")]}
    return {"dtype": "i8", "shape": list(a.shape), "values": [int(x) for x in a.ravel()]}


def inputs():
    rng = np.random.default_rng(40)
    x = rng.standard_normal((5, 5))
    sing = np.array(
        [
            [[2.0, 1.0, 0.0, 1.0], [1.0, 3.0, 1.0, 0.0], [0.0, 1.0, 4.0, 1.0], [1.0, 0.0, 1.0, 5.0]],
            [[1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0], [0.0, 1.0, 1.0, 0.0], [2.0, 0.0, 1.0, 1.0]],
        ]
    )
    spd = rng.standard_normal((2, 5, 5))
    spd = spd @ spd.transpose(0, 2, 1) + 5 * np.eye(5)
    sym = rng.standard_normal((3, 6, 6))
    sym = sym + sym.transpose(0, 2, 1)
    deficient = rng.standard_normal((6, 3))
    deficient[:, 2] = deficient[:, 0] + deficient[:, 1]
    s4 = rng.standard_normal((3, 4, 4))  # the 4 x 4 closed forms
    return {
        "a": rng.standard_normal((2, 3, 5, 5)),  # the general LU path
        "s3": rng.standard_normal((4, 3, 3)),  # closed forms
        "s2": rng.standard_normal((3, 2, 2)),
        "s1": rng.standard_normal((2, 1, 1)) + 2.0,
        "big": rng.standard_normal((12, 12)) + 4 * np.eye(12),
        "sing": sing,
        "spd": spd,
        "sym": sym,
        "tall": rng.standard_normal((2, 6, 4)),
        "wide": rng.standard_normal((2, 3, 5)),
        "deficient": deficient,
        "empty_stack": np.zeros((0, 3, 3)),
        "empty_mats": np.zeros((2, 0, 0)),
        "x5": x,
        "s4": s4,
    }


def first_failing(f, stack):
    """The index of the first matrix of a stack on which f raises LinAlgError."""
    for i, m in enumerate(stack.reshape((-1,) + stack.shape[-2:])):
        try:
            f(m)
        except np.linalg.LinAlgError:
            return i
    raise AssertionError("no matrix fails")


def main():
    warnings.simplefilter("ignore")
    rng = np.random.default_rng(41)
    ins = inputs()
    cases = []

    def case(op, name, args, expected, **operands):
        c = {"op": op, "input": name, "args": args, "expected": {k: enc(v) for k, v in expected.items()}}
        c.update({k: enc(v) for k, v in operands.items()})
        cases.append(c)

    square = ["a", "s4", "s3", "s2", "s1", "big", "spd", "sym", "x5"]
    for name in square:
        a = ins[name]
        case("inv", name, {}, {"out": np.linalg.inv(a)})
        case("det", name, {}, {"out": np.linalg.det(a)})
        sign, logdet = np.linalg.slogdet(a)
        case("slogdet", name, {}, {"sign": sign, "logabsdet": logdet})
        n = a.shape[-1]
        bm = rng.standard_normal(a.shape[:-2] + (n, 2))
        case("solve", name, {}, {"out": np.linalg.solve(a, bm)}, b=bm)
        bv = rng.standard_normal(n)
        case("solve", name, {}, {"out": np.linalg.solve(a, bv)}, b=bv)
        for p in (0, 1, 3, -2):
            case("matrix_power", name, {"n": p}, {"out": np.linalg.matrix_power(a, p)})
        case("eigvals", name, {}, {"out": np.sort_complex(np.linalg.eigvals(a).reshape(-1, n)).reshape(a.shape[:-1])})
    # A broadcast right-hand side: one stack of b against each batch item of a.
    bb = rng.standard_normal((3, 5, 1))
    case("solve", "a", {}, {"out": np.linalg.solve(ins["a"], bb)}, b=bb)
    # Singular matrices: det 0 or nearly, slogdet, and inv's error at index 1.
    case("det", "sing", {}, {"out": np.linalg.det(ins["sing"])})
    case("slogdet", "sing", {}, dict(zip(("sign", "logabsdet"), np.linalg.slogdet(ins["sing"]))))
    case("singular", "sing", {"index": first_failing(np.linalg.inv, ins["sing"])}, {})
    for name in ("spd",):
        case("cholesky", name, {}, {"out": np.linalg.cholesky(ins[name]), "upper": np.linalg.cholesky(ins[name], upper=True)})
    case("not_positive_definite", "sym", {"index": first_failing(np.linalg.cholesky, ins["sym"])}, {})
    for name in ("sym", "spd"):
        case("eigvalsh", name, {}, {"out": np.linalg.eigvalsh(ins[name])})
    for name in ("a", "tall", "wide", "s3", "sym", "x5"):
        a = ins[name]
        r = np.linalg.qr(a, mode="r")
        k = min(a.shape[-2:])
        d = np.sign(np.diagonal(r[..., :k, :], axis1=-2, axis2=-1))
        d[d == 0] = 1
        case("qr_r", name, {}, {"out": r * d[..., :, None]})
        case("svdvals", name, {}, {"out": np.linalg.svd(a, compute_uv=False)})
        case("pinv", name, {}, {"out": np.linalg.pinv(a)})
        case("matrix_rank", name, {}, {"out": np.linalg.matrix_rank(a)})
        for ordname, o in (("fro", "fro"), ("nuc", "nuc"), ("1", 1), ("-1", -1), ("2", 2), ("-2", -2), ("inf", np.inf), ("-inf", -np.inf)):
            case("matrix_norm", name, {"ord": ordname}, {"out": np.linalg.norm(a, o, axis=(-2, -1))})
        case("cond", name, {"ord": "none"}, {"out": np.linalg.cond(a)})
        case("cond", name, {"ord": "-2"}, {"out": np.linalg.cond(a, -2)})
        if a.shape[-1] == a.shape[-2]:
            for ordname, o in (("fro", "fro"), ("1", 1), ("inf", np.inf), ("nuc", "nuc")):
                case("cond", name, {"ord": ordname}, {"out": np.linalg.cond(a, o)})
    case("cond", "sing", {"ord": "1"}, {"out": np.linalg.cond(ins["sing"], 1)})
    case("matrix_rank", "sing", {}, {"out": np.linalg.matrix_rank(ins["sing"])})
    for name in ("tall", "x5", "deficient", "wide"):
        a = ins[name] if ins[name].ndim == 2 else ins[name][0]
        m = a.shape[0]
        for b in (rng.standard_normal(m), rng.standard_normal((m, 3))):
            x, res, rank, s = np.linalg.lstsq(a, b, rcond=None)
            case("lstsq", name, {}, {"x": x, "residuals": res, "rank": np.array(rank), "s": s}, b=b, a=a)
    for name in ("x5", "tall", "sing"):
        a = ins[name]
        for o in (2.0, 1.0, np.inf, -np.inf, 0.0, 3.0, 0.5, -1.0):
            o_json = o if np.isfinite(o) else str(o)
            case("vector_norm", name, {"ord": o_json, "axis": -1}, {"out": np.linalg.vector_norm(a, ord=o)})
            case("vector_norm", name, {"ord": o_json, "axis": 1}, {"out": np.linalg.vector_norm(a, ord=o, axis=1)})
            case("vector_norm", name, {"ord": o_json, "axis": [0, 1]}, {"out": np.linalg.vector_norm(a, ord=o, axis=(0, 1))})
    # tensordot (no faer needed, but its NumPy cases live here): pairs of axes in any order.
    t3 = rng.standard_normal((3, 4, 5))
    t4 = rng.standard_normal((5, 4, 2, 3))
    for axes in (([1, 2], [1, 0]), ([2], [0]), ([0, 1, 2], [3, 1, 0]), ([], [])):
        case("tensordot", "x5", {"axes": [list(axes[0]), list(axes[1])]},
             {"out": np.tensordot(t3, t4, axes=axes)}, t3=t3, t4=t4)
    for name in ("empty_stack", "empty_mats"):
        a = ins[name]
        case("inv", name, {}, {"out": np.linalg.inv(a)})
        case("det", name, {}, {"out": np.linalg.det(a)})

    conds = {}
    for name, a in ins.items():
        if a.size:
            conds[name] = enc(np.linalg.cond(a))
    out = {
        "numpy": np.__version__,
        "inputs": {k: enc(v) for k, v in ins.items()},
        "cond": conds,
        "cases": cases,
    }
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "expected.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"wrote {len(cases)} cases to {os.path.join(dest, 'expected.json')}")


if __name__ == "__main__":
    main()
