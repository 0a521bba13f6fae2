#!/usr/bin/env python3
"""Writes the .npy fixtures that tests/it/npy.rs reads, with NumPy's own writer, and
manifest.json, which says for each file what NumPy put in it: the dtype, the shape, the order,
the version and every element in C order. Floats are given by their bit patterns (as unsigned
integers), so NaN payloads and -0.0 compare exactly; bools as 0 and 1.

Run from anywhere: python3 tests/data/npy/make_fixtures.py [DIR] (DIR defaults to this
script's folder; CI writes a fresh set elsewhere and points the test at it with
RANKED_NPY_FIXTURES, so the reader is also checked against the NumPy installed there).
"""
import json
import os
import sys

import numpy as np

HERE = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))


def bits(a):
    """The elements of `a` in C order, floats as their bit patterns."""
    flat = np.ascontiguousarray(a).ravel(order="C")
    if flat.dtype.kind == "f":
        width = flat.dtype.itemsize * 8
        flat = flat.astype(flat.dtype.newbyteorder("=")).view(f"u{flat.dtype.itemsize}")
        assert flat.dtype.itemsize * 8 == width
    elif flat.dtype.kind == "b":
        flat = flat.astype(np.uint8)
    return [int(x) for x in flat.tolist()]


def main():
    cases = []

    def save(name, a, version=None):
        path = os.path.join(HERE, name + ".npy")
        if version is None:
            np.save(path, a)
        else:
            with open(path, "wb") as f:
                np.lib.format.write_array(f, a, version=version)
        with open(path, "rb") as f:
            major, minor = f.read(8)[6:8]
        cases.append(
            {
                "file": name + ".npy",
                "descr": a.dtype.str,
                "shape": list(a.shape),
                "fortran_order": bool(a.flags.f_contiguous and not a.flags.c_contiguous),
                "version": [major, minor],
                "values": bits(a),
            }
        )

    base = np.arange(24).reshape(2, 3, 4)
    signs = np.where(base % 2 == 0, 1, -1)
    for t in ["i1", "i2", "i4", "i8"]:
        info = np.iinfo(t)
        a = (base * signs * 5).astype(t)
        a.flat[0], a.flat[-1] = info.min, info.max
        save(f"c_{t}", a)
    for t in ["u1", "u2", "u4", "u8"]:
        a = (base * 7).astype(t)
        a.flat[-1] = np.iinfo(t).max
        save(f"c_{t}", a)
    for t in ["f4", "f8"]:
        a = (base.astype(t) - 11.5) / 3
        specials = [np.nan, np.inf, -np.inf, -0.0, np.finfo(t).smallest_subnormal, np.finfo(t).max]
        a.flat[: len(specials)] = specials
        save(f"c_{t}", a)
    save("c_b1", base % 3 == 0)
    save("fortran_f8", np.asfortranarray((np.arange(60).reshape(3, 4, 5) / 7).astype("f8")))
    save("fortran_i2", np.asfortranarray(np.arange(6, dtype="i2").reshape(2, 3)))
    save("big_i4", (base * signs * 1000).astype(">i4"))
    save("big_f8", ((base - 5) / 4).astype(">f8"))
    save("big_u2", (base * 2000).astype(">u2"))
    save("rank0_f8", np.array(3.25))
    save("rank0_b1", np.array(True))
    save("empty_f4", np.zeros((0, 3), "f4"))
    save("empty_i2", np.zeros((2, 0, 5), "i2"))
    save("long_f4", (np.arange(1000, dtype="f4") * 0.5).reshape(1000))
    save("v2_u1", np.arange(12, dtype="u1").reshape(3, 4), version=(2, 0))
    save("v3_i8", np.arange(6, dtype="i8").reshape(6, 1), version=(3, 0))
    # .npz archives: np.savez (stored) and np.savez_compressed (deflated) of the same arrays.
    arrays = {
        "weights": (np.arange(12, dtype="f4").reshape(3, 4) - 6) / 4,
        "steps": np.arange(5, dtype="u2") * 300,
        "flags": np.array([[True, False], [False, True]]),
        "empty": np.zeros((0,), "i8"),
    }
    npz = []
    for name, save in [("arrays.npz", np.savez), ("arrays_compressed.npz", np.savez_compressed)]:
        save(os.path.join(HERE, name), **arrays)
        npz.append(
            {
                "file": name,
                "arrays": [
                    {"name": k, "descr": v.dtype.str, "shape": list(v.shape), "values": bits(v)}
                    for k, v in sorted(arrays.items())
                ],
            }
        )
    with open(os.path.join(HERE, "manifest.json"), "w") as f:
        json.dump({"numpy": np.__version__, "cases": cases, "npz": npz}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
