#!/usr/bin/env python3
"""Writes expected.json, which tests/it/complex.rs reads: NumPy's `real`, `imag`, `conj`,
`abs` and `angle` of complex numbers holding ±0.0, infinities, NaN and huge and tiny parts,
complex `matmul` and `einsum` results, and `linalg` of complex stacks: `inv`, `det`,
`solve`, `matrix_power`, `slogdet`, `cholesky`, `qr` (R with a real non-negative diagonal, the
unique form), `svd` values, `eigvalsh`, `eigvals` (sorted), `pinv`, `matrix_rank`, the matrix
and vector norms, `cond` and `lstsq`.

Complex arrays are written as a trailing axis of (re, im), floats by their IEEE-754 bit
patterns. Run from anywhere: python3 tests/data/complex/make_expected.py [DIR] (default: this
directory; CI writes a fresh copy elsewhere and points the test at it with
RANKED_COMPLEX_EXPECTED).
"""
import json
import os
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def enc(a):
    a = np.asarray(a)
    if a.dtype.kind == "c":
        a = np.stack([a.real, a.imag], axis=-1)
    a = a.astype("f8")
    return {"shape": list(a.shape), "values": [int(x) for x in a.ravel().view("u8")]}


def main():
    warnings.simplefilter("ignore")
    rng = np.random.default_rng(42)
    parts = [0.0, -0.0, 1.0, -2.5, 3e300, -3e300, 1e-310, np.inf, -np.inf, np.nan]
    z = np.array([complex(r, i) for r in parts for i in parts]).reshape(10, 10)
    a = rng.standard_normal((2, 3, 4)) + 1j * rng.standard_normal((2, 3, 4))
    b = rng.standard_normal((2, 4, 5)) + 1j * rng.standard_normal((2, 4, 5))
    out = {
        "numpy": np.__version__,
        "z": enc(z),
        "real": enc(z.real),
        "imag": enc(z.imag),
        "conj": enc(np.conj(z)),
        "abs": enc(np.abs(z)),
        "angle": enc(np.angle(z)),
        "a": enc(a),
        "b": enc(b),
        "matmul": enc(a @ b),
        "einsum": enc(np.einsum("bij,bjk->ik", a, b)),
    }
    # linalg of complex stacks: the closed forms (3 × 3) and the LU path (5 × 5).
    for n in (3, 5):
        m = rng.standard_normal((2, n, n)) + 1j * rng.standard_normal((2, n, n)) + 2 * np.eye(n)
        rhs = rng.standard_normal((2, n, 2)) + 1j * rng.standard_normal((2, n, 2))
        out[f"m{n}"] = enc(m)
        out[f"rhs{n}"] = enc(rhs)
        out[f"inv{n}"] = enc(np.linalg.inv(m))
        out[f"det{n}"] = enc(np.linalg.det(m))
        out[f"solve{n}"] = enc(np.linalg.solve(m, rhs))
        out[f"power{n}"] = enc(np.linalg.matrix_power(m, -2))
    # The decompositions of complex stacks.
    def cn(*shape):
        return rng.standard_normal(shape) + 1j * rng.standard_normal(shape)

    g = cn(2, 4, 4)
    tall = cn(2, 6, 4)
    h = cn(2, 5, 5)
    herm = h + np.conj(np.swapaxes(h, -1, -2))
    hpd = h @ np.conj(np.swapaxes(h, -1, -2)) + 5 * np.eye(5)
    deficient = cn(2, 5, 3)
    deficient[..., 2] = deficient[..., 0] - 1j * deficient[..., 1]
    out.update({"g": enc(g), "tall": enc(tall), "herm": enc(herm), "hpd": enc(hpd), "deficient": enc(deficient)})
    sign, logabs = np.linalg.slogdet(g)
    out["slogdet_sign"] = enc(sign)
    out["slogdet_log"] = enc(logabs)
    out["cholesky"] = enc(np.linalg.cholesky(hpd))
    out["eigvalsh"] = enc(np.linalg.eigvalsh(herm))
    out["eigvals"] = enc(np.sort_complex(np.linalg.eigvals(g)))
    out["rank_deficient"] = enc(np.linalg.matrix_rank(deficient))
    out["cond_g"] = enc(np.linalg.cond(g))
    out["cond_g_fro"] = enc(np.linalg.cond(g, "fro"))
    for name, a in (("g", g), ("tall", tall)):
        r = np.linalg.qr(a, mode="r")
        d = np.diagonal(r, axis1=-2, axis2=-1)
        out[f"qr_r_{name}"] = enc(r * (np.conj(d) / np.abs(d))[..., :, None])
        out[f"svdvals_{name}"] = enc(np.linalg.svd(a, compute_uv=False))
        out[f"pinv_{name}"] = enc(np.linalg.pinv(a))
        for ordname, o in (("fro", "fro"), ("nuc", "nuc"), ("1", 1), ("-1", -1), ("2", 2), ("-2", -2), ("inf", np.inf), ("-inf", -np.inf)):
            out[f"norm_{name}_{ordname}"] = enc(np.linalg.norm(a, o, axis=(-2, -1)))
    for ordname, o in (("2", 2.0), ("1", 1.0), ("inf", np.inf), ("0", 0.0), ("3", 3.0)):
        out[f"vector_norm_{ordname}"] = enc(np.linalg.vector_norm(g, ord=o))
        out[f"vector_norm_axis_{ordname}"] = enc(np.linalg.vector_norm(g, ord=o, axis=1))
    for k, b in (("v", cn(6)), ("m", cn(6, 2))):
        x, res, rank, sv = np.linalg.lstsq(tall[0], b, rcond=None)
        out[f"lstsq_{k}_b"] = enc(b)
        out[f"lstsq_{k}_x"] = enc(x)
        out[f"lstsq_{k}_res"] = enc(res)
        out[f"lstsq_{k}_rank"] = enc(rank)
        out[f"lstsq_{k}_s"] = enc(sv)
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "expected.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"wrote {os.path.join(dest, 'expected.json')}")


if __name__ == "__main__":
    main()
