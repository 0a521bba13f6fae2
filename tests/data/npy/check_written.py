#!/usr/bin/env python3
"""Checks the .npy files that tests/it/npy.rs wrote with NumPy's own reader: each file's
dtype, shape and elements (floats by their bit patterns) must be what the test's manifest
says. Usage: python3 tests/data/npy/check_written.py target/tmp/npy-written
Exits 0 when all match, 1 naming the first file that does not.
"""
import json
import os
import sys

import numpy as np


def main(directory):
    with open(os.path.join(directory, "manifest.json")) as f:
        cases = json.load(f)["cases"]
    for case in cases:
        a = np.load(os.path.join(directory, case["file"]))
        flat = np.ascontiguousarray(a).ravel()
        if flat.dtype.kind == "f":
            flat = flat.view(f"u{flat.dtype.itemsize}")
        elif flat.dtype.kind == "b":
            flat = flat.astype(np.uint8)
        got = (a.dtype.str, list(a.shape), [int(x) for x in flat.tolist()])
        want = (case["descr"], case["shape"], [int(v) for v in case["values"]])
        if got != want:
            print(f"{case['file']}: NumPy read {got}, the test wrote {want}")
            return 1
    print(f"NumPy read the {len(cases)} files written by ranked to the same values")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
