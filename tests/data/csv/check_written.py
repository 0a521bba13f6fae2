#!/usr/bin/env python3
"""Checks the CSV tables tests/it/csv.rs wrote with NumPy's loadtxt: each table's shape and
elements (by bit pattern) must be what the test's manifest says.
Usage: python3 tests/data/csv/check_written.py target/tmp/csv-written
"""
import json
import os
import sys

import numpy as np


def main(directory):
    with open(os.path.join(directory, "manifest.json")) as f:
        cases = json.load(f)["cases"]
    for case in cases:
        a = np.loadtxt(os.path.join(directory, case["file"]), delimiter=",", ndmin=2)
        got = (list(a.shape), [int(x) for x in a.ravel().view("u8")])
        want = (case["shape"], [int(v) for v in case["values"]])
        if got != want:
            print(f"{case['file']}: NumPy read {got}, the test wrote {want}")
            return 1
    print(f"NumPy read the {len(cases)} CSV tables written by ranked to the same values")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
