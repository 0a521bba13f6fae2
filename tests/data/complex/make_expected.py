#!/usr/bin/env python3
"""Writes expected.json, which tests/it/complex.rs reads: NumPy's `real`, `imag`, `conj`,
`abs` and `angle` of complex numbers holding ±0.0, infinities, NaN and huge and tiny parts,
complex `matmul` and `einsum` results, and `linalg`'s `inv`, `det`, `solve` and `matrix_power`
of complex stacks.

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
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "expected.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"wrote {os.path.join(dest, 'expected.json')}")


if __name__ == "__main__":
    main()
