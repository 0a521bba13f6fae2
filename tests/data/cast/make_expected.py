#!/usr/bin/env python3
"""Writes expected.json, which tests/it/cast.rs reads: NumPy's `astype` between the primitive
number types, for the conversions NumPy defines — integer to integer (wrapping), integer to
float and float to float (rounding to nearest), float to integer for values in the target's
range (truncating toward zero). Out-of-range float-to-integer casts are undefined in NumPy, so
the test checks them against the documented rule (saturation) by itself.

Integers are written as numbers, floats by their IEEE-754 bit patterns. Run from anywhere:
python3 tests/data/cast/make_expected.py [DIR] (default: this directory; CI writes a fresh
copy elsewhere and points the test at it with RANKED_CAST_EXPECTED).
"""
import json
import os
import sys
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# The Rust names and NumPy's.
TYPES = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64"]
NP = {"i8": "i1", "i16": "i2", "i32": "i4", "i64": "i8", "u8": "u1", "u16": "u2", "u32": "u4", "u64": "u8", "f32": "f4", "f64": "f8"}


def enc(a):
    if a.dtype.kind == "f":
        bits = a.astype("f8").view("u8")
        return [int(x) for x in bits]
    return [int(x) for x in a]


def main():
    warnings.simplefilter("ignore")
    ints = [0, 1, -1, 127, -128, 255, 256, -129, 32767, -32768, 65535, 65536, 2**31 - 1, -(2**31), 2**32 - 1, 2**32, 2**53 + 1, 2**63 - 1, -(2**63)]
    floats = [0.0, -0.0, 0.4, 0.5, 0.6, 1.5, 2.5, -0.5, -1.5, -2.7, 100.9, 127.99, -128.99, 255.5, 65535.9, 3.4e38, 1e-45, 16777217.0, 0.1, np.nan, np.inf, -np.inf]
    cases = []
    for src in TYPES:
        info = np.iinfo(NP[src]) if src[0] in "iu" else None
        if info is not None:
            values = np.array([v for v in ints if info.min <= v <= info.max], dtype=NP[src])
        else:
            values = np.array(floats, dtype=NP[src])
        for dst in TYPES:
            x = values
            if src[0] == "f" and dst[0] in "iu":
                # Defined only in range (after truncation); NaN and infinities are not.
                d = np.iinfo(NP[dst])
                keep = np.isfinite(x) & (np.trunc(x.astype("f8")) >= d.min) & (np.trunc(x.astype("f8")) <= d.max)
                # Beyond 2**53 the f8 comparison above is inexact: keep clear of the bounds.
                keep &= np.abs(np.trunc(x.astype("f8"))) < 2.0**52
                x = x[keep]
            cases.append({"from": src, "to": dst, "input": enc(x), "expected": enc(x.astype(NP[dst]))})
    out = {"numpy": np.__version__, "cases": cases}
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "expected.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"wrote {len(cases)} cases to {os.path.join(dest, 'expected.json')}")


if __name__ == "__main__":
    main()
