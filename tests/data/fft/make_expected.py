#!/usr/bin/env python3
"""Writes expected.json, which tests/it/fft.rs reads: NumPy's `numpy.fft` results for every
function of the Array API's `fft` extension, over a complex and a real tensor of shape
(3, 4, 5) (odd and even sizes) and a real vector of 13 points (a prime length):

- `fft`, `ifft`, `rfft`, `irfft`, `hfft`, `ihfft` along each axis in the three normalisation
  modes, and with `n` cropping and padding;
- `fftn`, `ifftn`, `rfftn`, `irfftn` over several sets of axes (none too), with and without
  `s`;
- `fftfreq` and `rfftfreq` for n = 1..10, 16 and three spacings;
- `fftshift` and `ifftshift` over several sets of axes.

Floats are written by their IEEE-754 bit patterns (as float64); complex arrays as their real
and imaginary parts. The inputs are float64; the test also runs them in float32. Run from
anywhere: python3 tests/data/fft/make_expected.py [DIR] (default: this directory; CI writes a
fresh copy elsewhere and points the test at it with RANKED_FFT_EXPECTED).
"""
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def enc(a):
    a = np.asarray(a, dtype="f8")
    return {"dtype": "f8", "shape": list(a.shape), "values": [int(x) for x in a.ravel().view("u8")]}


def cenc(a):
    a = np.asarray(a)
    return {"re": enc(a.real), "im": enc(a.imag if np.iscomplexobj(a) else np.zeros(a.shape))}


def main():
    rng = np.random.default_rng(41)
    shape = (3, 4, 5)
    z = rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    r = rng.standard_normal(shape)
    p = rng.standard_normal(13)
    out = {"numpy": np.__version__, "z": cenc(z), "r": enc(r), "p": enc(p)}
    cases = []

    def case(fn, inp, res, **kw):
        c = {"fn": fn, "input": inp}
        c.update(kw)
        c["out"] = cenc(res)
        cases.append(c)

    # Every mode with the axis's own size; cropping and padding in the default mode.
    variants = [(None, norm) for norm in ("backward", "ortho", "forward")]
    for axis in range(3):
        m = z.shape[axis]
        for n, norm in variants + [(m - 1, "backward"), (m + 3, "backward")]:
            for name, a in (("z", z), ("r", r)):
                case("fft", name, np.fft.fft(a, n=n, axis=axis, norm=norm), axis=axis, n=n, norm=norm)
                case("ifft", name, np.fft.ifft(a, n=n, axis=axis, norm=norm), axis=axis, n=n, norm=norm)
            case("rfft", "r", np.fft.rfft(r, n=n, axis=axis, norm=norm), axis=axis, n=n, norm=norm)
            case("ihfft", "r", np.fft.ihfft(r, n=n, axis=axis, norm=norm), axis=axis, n=n, norm=norm)
        for n, norm in variants + [(2 * m - 1, "backward"), (2 * m + 2, "backward"), (3, "ortho")]:
            case("irfft", "z", np.fft.irfft(z, n=n, axis=axis, norm=norm), axis=axis, n=n, norm=norm)
            case("hfft", "z", np.fft.hfft(z, n=n, axis=axis, norm=norm), axis=axis, n=n, norm=norm)
        case("irfft", "r", np.fft.irfft(r, axis=axis), axis=axis, n=None, norm="backward")
    for n, norm in variants + [(7, "backward"), (16, "backward")]:
        case("fft", "p", np.fft.fft(p, n=n, norm=norm), axis=0, n=n, norm=norm)
        case("rfft", "p", np.fft.rfft(p, n=n, norm=norm), axis=0, n=n, norm=norm)
        case("irfft", "p", np.fft.irfft(p, n=n, norm=norm), axis=0, n=n, norm=norm)
    sets = [((0, 1, 2), None, "backward"), ((2, 0), None, "ortho"), ((1,), (4,), "backward"),
            ((0, 2), (6, 3), "forward"), ((0, 2), (2, 8), "backward"), ((), None, "backward")]
    for axes, s, norm in sets:
        kw = dict(axes=list(axes), s=None if s is None else list(s), norm=norm)
        case("fftn", "z", np.fft.fftn(z, s=s, axes=axes, norm=norm), **kw)
        case("ifftn", "z", np.fft.ifftn(z, s=s, axes=axes, norm=norm), **kw)
        case("fftn", "r", np.fft.fftn(r, s=s, axes=axes, norm=norm), **kw)
        if axes:
            case("rfftn", "r", np.fft.rfftn(r, s=s, axes=axes, norm=norm), **kw)
            case("irfftn", "z", np.fft.irfftn(z, s=s, axes=axes, norm=norm), **kw)
    freqs = []
    for n in list(range(1, 11)) + [16]:
        for d in (1.0, 0.1, 2.5):
            freqs.append({"n": n, "d": d, "fftfreq": enc(np.fft.fftfreq(n, d)), "rfftfreq": enc(np.fft.rfftfreq(n, d))})
    out["freqs"] = freqs
    shifts = []
    for axes in ((0, 1, 2), (1,), (2, 0), ()):
        shifts.append({"axes": list(axes), "fftshift": enc(np.fft.fftshift(r, axes)), "ifftshift": enc(np.fft.ifftshift(r, axes))})
    out["shifts"] = shifts
    out["cases"] = cases
    dest = sys.argv[1] if len(sys.argv) > 1 else HERE
    os.makedirs(dest, exist_ok=True)
    with open(os.path.join(dest, "expected.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"wrote {os.path.join(dest, 'expected.json')} ({len(cases)} cases)")


if __name__ == "__main__":
    main()
