#!/usr/bin/env python3
"""Writes functions.txt, which tests/it/array_api.rs reads: every function of the Python Array
API standard (main namespace, `linalg` and `fft` extensions), one `namespace name` per line, as
array-api-strict (the standard's reference implementation, from PyPI) lists them in `__all__`.

Left out: array-api-strict's own flag helpers (`*_array_api_strict_flags`), which are not part
of the standard, and the inspection API, dtypes, constants and submodules (not functions).
Added: `linalg.eig` and `linalg.eigvals`, functions of v2025.12 (its changelog lists them)
that the tagged stubs left out of `linalg.__all__`.

Run from anywhere: python3 tests/data/array_api/make_functions.py [DIR] (default: this
directory; CI writes a fresh copy elsewhere and points the test at it with
RANKED_ARRAY_API_FUNCTIONS).
"""
import inspect
import os
import sys

import array_api_strict as xp

HERE = os.path.dirname(os.path.abspath(__file__))


def functions(module):
    names = []
    for name in module.__all__:
        obj = getattr(module, name)
        if name.startswith("_") or inspect.isclass(obj) or inspect.ismodule(obj) or not callable(obj):
            continue
        if name.endswith("_array_api_strict_flags"):
            continue
        names.append(name)
    return names


def main():
    assert xp.__array_api_version__ == "2025.12", xp.__array_api_version__
    rows = [("main", n) for n in functions(xp)]
    linalg = set(functions(xp.linalg)) | {"eig", "eigvals"}
    rows += [("linalg", n) for n in linalg]
    rows += [("fft", n) for n in functions(xp.fft)]
    rows.sort()
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(dest, exist_ok=True)
    path = os.path.join(dest, "functions.txt")
    with open(path, "w") as f:
        f.write(f"# Python Array API standard {xp.__array_api_version__}, from array-api-strict {xp.__version__}\n")
        for ns, n in rows:
            f.write(f"{ns} {n}\n")
    print(f"wrote {path} ({len(rows)} functions)")


if __name__ == "__main__":
    main()
