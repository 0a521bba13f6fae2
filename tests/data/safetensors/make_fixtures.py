#!/usr/bin/env python3
"""Writes model.safetensors with the Python safetensors package (its NumPy API), and
manifest.json: for each tensor its dtype, shape and elements in C order (floats by their bit
patterns, bools as 0 and 1).

Run from anywhere: python3 tests/data/safetensors/make_fixtures.py [DIR]
"""
import json
import os
import sys

import numpy as np
import safetensors
from safetensors.numpy import save_file

HERE = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))


def bits(a):
    flat = a.ravel()
    if flat.dtype.kind == "f":
        flat = flat.view(f"u{flat.dtype.itemsize}")
    elif flat.dtype.kind == "b":
        flat = flat.astype(np.uint8)
    return [int(x) for x in flat.tolist()]


def main():
    tensors = {
        "embed.weight": ((np.arange(24, dtype="f4").reshape(4, 6) - 7) / 3),
        "layer.0.bias": np.array([0.5, -0.25, np.inf], dtype="f8"),
        "layer.0.scale": np.array(2.5, dtype="f4"),
        "mask": (np.arange(12).reshape(3, 4) % 3 == 0),
        "tokens": np.arange(-5, 5, dtype="int64").reshape(2, 5),
        "counts": np.arange(6, dtype="uint16").reshape(1, 2, 3) * 1000,
        "bytes": np.arange(7, dtype="uint8"),
        "small": np.array([-3, 4], dtype="int8"),
        "empty": np.zeros((0, 3), dtype="f4"),
    }
    save_file(tensors, os.path.join(HERE, "model.safetensors"))
    manifest = [
        {"name": k, "dtype": str(v.dtype), "shape": list(v.shape), "values": bits(v)}
        for k, v in sorted(tensors.items())
    ]
    with open(os.path.join(HERE, "manifest.json"), "w") as f:
        json.dump({"safetensors": safetensors.__version__, "numpy": np.__version__,
                   "tensors": manifest}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
