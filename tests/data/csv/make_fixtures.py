#!/usr/bin/env python3
"""Writes the CSV fixtures that tests/it/csv.rs reads, with NumPy's savetxt, and manifest.json
with each table's shape and its elements in row-major order (floats by their bit patterns).

Run from anywhere: python3 tests/data/csv/make_fixtures.py
"""
import json
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    cases = []
    floats = (np.arange(12, dtype="f8").reshape(4, 3) - 5.5) / 3
    floats[0, 0], floats[1, 1], floats[2, 2] = np.nan, np.inf, -0.0
    np.savetxt(os.path.join(HERE, "floats.csv"), floats, delimiter=",")
    cases.append({"file": "floats.csv", "header": False, "delimiter": ",", "dtype": "f8",
                  "shape": list(floats.shape), "values": [int(x) for x in floats.ravel().view("u8")]})
    ints = np.arange(-6, 6, dtype="i8").reshape(3, 4) * 1000
    np.savetxt(os.path.join(HERE, "ints_header.tsv"), ints, delimiter="\t", fmt="%d",
               header="a\tb\tc\td", comments="")
    cases.append({"file": "ints_header.tsv", "header": True, "delimiter": "\t", "dtype": "i8",
                  "shape": list(ints.shape), "values": [int(x) for x in ints.ravel()]})
    with open(os.path.join(HERE, "manifest.json"), "w") as f:
        json.dump({"numpy": np.__version__, "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
