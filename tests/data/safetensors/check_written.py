#!/usr/bin/env python3
"""Checks the safetensors file tests/it/safetensors.rs wrote with the Python safetensors
package: each listed tensor's dtype, shape and elements (floats by bit pattern) must be what the
test's manifest says.
Usage: python3 tests/data/safetensors/check_written.py target/tmp/safetensors-written
"""
import json
import os
import sys

import numpy as np
from safetensors.numpy import load_file


def main(directory):
    with open(os.path.join(directory, "manifest.json")) as f:
        expected = json.load(f)["tensors"]
    loaded = load_file(os.path.join(directory, "written.safetensors"))
    for t in expected:
        a = loaded[t["name"]]
        flat = a.ravel()
        if flat.dtype.kind == "f":
            flat = flat.view(f"u{flat.dtype.itemsize}")
        elif flat.dtype.kind == "b":
            flat = flat.astype(np.uint8)
        got = (str(a.dtype), list(a.shape), [int(x) for x in flat.tolist()])
        want = (t["dtype"], t["shape"], [int(v) for v in t["values"]])
        if got != want:
            print(f"{t['name']}: safetensors read {got}, the test wrote {want}")
            return 1
    print(f"the Python safetensors package read the {len(expected)} tensors ranked wrote")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
