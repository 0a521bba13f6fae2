#!/usr/bin/env python3
"""Checks the .npz archives tests/it/npz.rs wrote with NumPy's np.load: every archive holds the
arrays of the test's manifest, with their dtypes, shapes and elements (floats by bit pattern).
Usage: python3 tests/data/npy/check_written_npz.py target/tmp/npz-written
"""
import json
import os
import sys

import numpy as np


def main(directory):
    with open(os.path.join(directory, "manifest.json")) as f:
        manifest = json.load(f)
    for archive in manifest["archives"]:
        with np.load(os.path.join(directory, archive)) as npz:
            for t in manifest["arrays"]:
                a = npz[t["name"]]
                flat = np.ascontiguousarray(a).ravel()
                if flat.dtype.kind == "f":
                    flat = flat.view(f"u{flat.dtype.itemsize}")
                got = (a.dtype.str, list(a.shape), [int(x) for x in flat.tolist()])
                want = (t["descr"], t["shape"], [int(v) for v in t["values"]])
                if got != want:
                    print(f"{archive} {t['name']}: NumPy read {got}, the test wrote {want}")
                    return 1
    print(f"NumPy read the {len(manifest['archives'])} .npz archives ranked wrote")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
