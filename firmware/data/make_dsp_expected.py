"""Writes `firmware/src/dsp_expected.rs`: the DSP program's input signal and NumPy's results for
it (moving average, FIR filter, median filter, statistics, threshold mask, matrix · vector).

Run from the repository's root: `python3 firmware/data/make_dsp_expected.py [OUT]` (OUT, by
default the committed file, is where it writes; CI writes elsewhere and compares). Every number is
chosen so that its `f32` result is exact whatever the order of the sums (integers, and filter
taps and weights that are powers of two); the script checks that against exact fractions, so
the firmware can compare with `==`. The standard deviation is a correctly rounded square root.
"""

from fractions import Fraction
from pathlib import Path

import sys

import numpy as np

N = 32
# A slow sawtooth with two spikes, integer samples; the mean is a whole number, so the
# deviations from it and their squares are too.
signal = np.array([((7 * i) % 13) - 6 + (20 if i in (9, 22) else 0) for i in range(N)], dtype=np.float32)
signal[-1] += float(-(int(signal.sum()) % N))  # make the sum a multiple of N
TAPS = np.array([0.5, 0.25, 0.125, 0.125], dtype=np.float32)
THRESHOLD = np.float32(4.0)
WEIGHTS = np.array([[1, 0, 0, 0], [0, 0.5, 0, 0], [0.25, 0, -1, 1]], dtype=np.float32)

moving_average = np.lib.stride_tricks.sliding_window_view(signal, 4).mean(axis=1)
fir = np.convolve(signal, TAPS, mode="valid")
median = np.median(np.lib.stride_tricks.sliding_window_view(signal, 5), axis=1)
mean = signal.mean()
var = signal.var()
std = np.sqrt(var)
mask = signal > THRESHOLD
features = np.array([mean, var, signal.min(), signal.max()], dtype=np.float32)
scores = WEIGHTS @ features

# Exactness: the same results in exact arithmetic.
x = [Fraction(float(v)) for v in signal]
exact_mean = sum(x) / N
assert exact_mean.denominator == 1 and float(exact_mean) == mean
assert sum((v - exact_mean) ** 2 for v in x) / N == Fraction(float(var))
for k, v in enumerate(moving_average):
    assert sum(x[k : k + 4]) / 4 == Fraction(float(v))
taps = [Fraction(float(t)) for t in TAPS]
for k, v in enumerate(fir):
    assert sum(taps[3 - j] * x[k + j] for j in range(4)) == Fraction(float(v))
feats = [Fraction(float(f)) for f in features]
for row, v in zip(WEIGHTS, scores):
    assert sum(Fraction(float(w)) * f for w, f in zip(row, feats)) == Fraction(float(v))
for v in [*moving_average, *fir, *median, mean, var, *features, *scores]:
    assert np.float32(v) == v  # representable in f32


def array(name, values, kind="f32"):
    if kind == "bool":
        body = ", ".join("true" if v else "false" for v in values)
    else:
        body = ", ".join(repr(float(np.float32(v))) for v in values)
    return f"pub const {name}: [{kind}; {len(values)}] = [{body}];\n"


default = Path(__file__).resolve().parent.parent / "src" / "dsp_expected.rs"
out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
out.write_text(
    "//! The DSP program's input and NumPy's results for it, written by\n"
    "//! `firmware/data/make_dsp_expected.py`; not edited by hand.\n\n"
    + array("SIGNAL", signal)
    + array("TAPS", TAPS)
    + f"pub const THRESHOLD: f32 = {float(THRESHOLD)!r};\n"
    + array("WEIGHTS", WEIGHTS.ravel())
    + array("MOVING_AVERAGE", moving_average)
    + array("FIR", fir)
    + array("MEDIAN", median)
    + array("STATISTICS", [mean, var, std, signal.min(), signal.max()])
    + array("MASK", mask, "bool")
    + array("SCORES", scores)
)
print(f"written to {out}")
