#!/usr/bin/env python3
"""Writes expected.json, which tests/it/half.rs reads: NumPy's `float16` results for products
(`matmul`, batched and with a transposed operand), whole sums and means (NumPy accumulates
half-precision reductions in `float32`), and `exp`/`sqrt` (computed in `float32` and rounded).

Reductions along axes, variances and standard deviations are computed in `float32` and rounded
once to `float16` (PyTorch's rule, and ranked's): NumPy's own `float16` reductions down a
strided axis add in half precision, so they are not the reference.

Values are written as the integers of their `float16` bit patterns. Run from anywhere:
python3 tests/data/half/make_expected.py [DIR] (default: this directory; CI writes a fresh copy
elsewhere and points the test at it with RANKED_HALF_EXPECTED).
"""
import json
import os
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def enc(a):
    a = np.asarray(a, dtype=np.float16)
    return {"shape": list(a.shape), "bits": [int(x) for x in a.ravel().view(np.uint16)]}


def main():
    warnings.simplefilter("ignore")
    rng = np.random.default_rng(16)
    a = rng.standard_normal((2, 5, 7)).astype(np.float16)
    b = rng.standard_normal((7, 3)).astype(np.float16)
    x = (rng.standard_normal(3000) * 10).astype(np.float16)
    ones = np.ones(100_000, dtype=np.float16)
    y = rng.uniform(0.0, 4.0, 50).astype(np.float16)
    out = {
        "numpy": np.__version__,
        "a": enc(a),
        "b": enc(b),
        "matmul": enc(a @ b),
        "matmul_t": enc(np.swapaxes(a, 1, 2).copy().swapaxes(1, 2) @ b),
        "x": enc(x),
        "sum_x": enc(x.sum()),
        "mean_x": enc(x.mean()),
        "sum_ones": enc(ones.sum()),
        "mean_ones": enc(ones.mean()),
        "y": enc(y),
        "exp_y": enc(np.exp(y)),
        "sqrt_y": enc(np.sqrt(y)),
    }
    # Reductions along axes, in float32, rounded once.
    z = (rng.standard_normal((40, 300)) * 10 + 3).astype(np.float16)
    z32 = z.astype(np.float32)
    out["z"] = enc(z)
    for k in (0, 1):
        out[f"sum_axis{k}"] = enc(z32.sum(axis=k))
        out[f"mean_axis{k}"] = enc(z32.mean(axis=k))
        out[f"var_axis{k}"] = enc(z32.var(axis=k, ddof=1))
        out[f"std_axis{k}"] = enc(z32.std(axis=k))
    out["var_z"] = enc(z32.var(ddof=1))
    out["std_z"] = enc(z32.std())
    out["mean_axes"] = enc(z32.mean())
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "expected.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"wrote {os.path.join(dest, 'expected.json')}")


if __name__ == "__main__":
    main()
