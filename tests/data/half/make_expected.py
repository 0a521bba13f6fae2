#!/usr/bin/env python3
"""Writes expected.json, which tests/it/half.rs reads: NumPy's `float16` results for products
(`matmul`, batched and with a transposed operand), whole sums and means (NumPy accumulates
half-precision reductions in `float32`), and `exp`/`sqrt` (computed in `float32` and rounded).

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
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "expected.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"wrote {os.path.join(dest, 'expected.json')}")


if __name__ == "__main__":
    main()
