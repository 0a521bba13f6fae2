#!/usr/bin/env python3
"""Writes expected.json, which tests/it/notation_numpy.rs reads: NumPy's `einsum` and einops'
`rearrange`, `reduce` and `repeat` over the cases below, ported from their own test suites
(the provenance of each group is in a comment).

Every operand is filled by one rule, which the Rust test repeats: operand k, element n in
row-major order, holds ((7 n + 5 k) mod 11) - 5, an integer-valued float, so that every sum
is exact and the results compare for equality.

Run from anywhere: python3 tests/data/notation/make_expected.py [DIR] (default: this
directory; CI writes a fresh copy elsewhere and points the test at it with
RANKED_NOTATION_EXPECTED). With --rust FILE, it writes instead the Rust calls of the cases
(tests/it/notation_numpy/cases.rs): the specs and shapes as literals, which the macros need;
the expected values stay in the JSON. Without einops installed, the einops cases are left out and the
script says so; the committed file has them.
"""
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def operand(k, shape):
    n = int(np.prod(shape, dtype=np.int64))
    return (((np.arange(n) * 7 + 5 * k) % 11) - 5).astype("f8").reshape(shape)


# numpy/_core/tests/test_einsum.py: test_einsum_views, test_einsum_sums_*,
# test_einsum_misc, test_einsum_broadcast, test_small_boolean_arrays, test_output_order,
# test_einsum_fixed_collapsingbug, test_einsum_all_contig_non_contig_output and the
# optimize tests (with the shapes below; NumPy's own shapes are mostly larger).
EINSUM = [
    # one operand: views, diagonals, sums
    ("...", [(2, 3)]),
    ("ji", [(2, 3)]),
    ("ij", [(2, 3)]),
    ("ijk->jik", [(3, 4, 5)]),
    ("ii", [(4, 4)]),
    ("ii->i", [(4, 4)]),
    ("iii->i", [(3, 3, 3)]),
    ("jii->ij", [(3, 4, 4)]),
    ("ii...->...i", [(3, 3, 2)]),
    ("ii...->i...", [(3, 3, 2)]),
    ("...ii->...i", [(2, 3, 3)]),
    ("...ii->i...", [(2, 3, 3)]),
    ("i...i->...i", [(3, 2, 3)]),
    ("i...i->i...", [(3, 2, 3)]),
    ("i->", [(5,)]),
    ("...i->...", [(2, 3, 5)]),
    ("i...->...", [(5, 2, 3)]),
    ("ij->j", [(4, 5)]),
    ("aabb->ab", [(3, 3, 4, 4)]),
    ("bbcdc->d", [(2, 2, 3, 4, 3)]),
    ("ijij->", [(2, 3, 2, 3)]),
    # two operands
    ("i,i", [(5,), (5,)]),
    ("i,i->i", [(5,), (5,)]),
    ("i, i", [(5,), (5,)]),
    ("i,j", [(3,), (4,)]),
    ("ij,j", [(4, 5), (5,)]),
    ("ij, j", [(4, 5), (5,)]),
    ("ji,j", [(5, 4), (5,)]),
    ("ij,jk", [(3, 4), (4, 5)]),
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,ij->j", [(4, 5), (4, 5)]),
    ("ij,ij->j", [(10, 2), (1, 2)]),
    ("i,i", [(2,), (1,)]),
    ("ijk,jil->kl", [(3, 4, 5), (4, 3, 2)]),
    ("ijk, jil -> kl", [(3, 4, 5), (4, 3, 2)]),
    ("ijkl,k->ijl", [(2, 3, 4, 5), (4,)]),
    ("ijkl,k", [(2, 3, 4, 5), (4,)]),
    ("ijk,j->ijk", [(2, 3, 4), (3,)]),
    ("i,ij->", [(3,), (3, 4)]),
    ("ij,i->", [(3, 4), (3,)]),
    ("ji,i->", [(4, 3), (3,)]),
    (",i->", [(), (5,)]),
    ("i,->", [(5,), ()]),
    ("i,->i", [(5,), ()]),
    (",i->i", [(), (5,)]),
    ("ij,jk->ik", [(3, 0), (0, 2)]),
    # `...`
    ("...ij,...jk->...ik", [(2, 3, 4, 5), (3, 5, 2)]),
    ("...ij,...jk->...ik", [(3, 1, 4, 5), (2, 5, 2)]),
    ("...i,...i", [(2, 1, 3), (4, 3)]),
    ("...i, ...i", [(2, 1, 3), (4, 3)]),
    ("...,...", [(2, 3), (3,)]),
    ("..., ...", [(2, 3), (3,)]),
    ("i...,i...", [(3, 2), (3, 2)]),
    ("i..., i...", [(3, 2), (3, 2)]),
    ("ij...,j...->i...", [(3, 4, 2), (4, 2)]),
    ("ij...,j...->ij...", [(3, 4, 2), (4, 2)]),
    ("ij...,j->ij...", [(3, 4, 2), (4,)]),
    ("ij...,...j->ij...", [(3, 4, 2), (2, 4)]),
    ("ik...,k...->i...", [(2, 3, 4), (3, 4)]),
    ("ik...,...kj->i...j", [(2, 3), (3, 4)]),
    ("ik,k...->i...", [(2, 3), (3, 4)]),
    ("...k,kj", [(2, 3), (3, 4)]),
    ("...kl,k", [(2, 3, 4), (3,)]),
    ("...kl,k...", [(2, 3, 4), (3, 2)]),
    ("...lmn,lmno->...o", [(2, 3, 4, 5), (3, 4, 5, 2)]),
    ("...lmn,...lmno->...o", [(2, 3, 4, 5), (2, 3, 4, 5, 2)]),
    ("cl,cpx->lpx", [(3, 4), (3, 2, 5)]),
    ("cl, cpxy->lpxy", [(3, 4), (3, 2, 5, 2)]),
    ("...ft,mf->...mt", [(2, 3, 4), (5, 3)]),
    ("...ft,mf->...mt", [(3, 4), (5, 3)]),
    # three or more operands
    ("ij,jk,kl", [(2, 3), (3, 4), (4, 5)]),
    ("ij,jk,kl->il", [(20, 3), (3, 20), (20, 3)]),
    ("x,yx,zx->xzy", [(3,), (4, 3), (2, 3)]),
    ("i,i,i->", [(5,), (5,), (5,)]),
    ("i,i,i->i", [(3,), (1,), (3,)]),
    ("i,i,i,i->", [(5,), (5,), (5,), (5,)]),
    ("mi,mi,mi->m", [(3, 4), (3, 4), (3, 4)]),
    ("im,im,im->m", [(4, 3), (4, 3), (4, 3)]),
    ("z,mz,zm->", [(3,), (4, 3), (3, 4)]),
    ("ijklm,ijn,ijn->", [(2, 3, 2, 2, 2), (2, 3, 4), (2, 3, 4)]),
    ("ijklm,ijn->", [(2, 3, 2, 2, 2), (2, 3, 4)]),
    ("...ij,...jk,...kl->...il", [(2, 3, 4), (1, 4, 5), (5, 2)]),
    ("ea,fb,abcd,gc,hd->efgh", [(2, 3), (2, 4), (3, 4, 2, 3), (2, 2), (2, 3)]),
    ("ab,bc,cd,de,ef,fg,gh,hi->ai", [(2, 3), (3, 2), (2, 3), (3, 2), (2, 3), (3, 2), (2, 3), (3, 2)]),
    ("a,ab,bc,cd,de,ef,fg,g->", [(2,), (2, 3), (3, 2), (2, 3), (3, 2), (2, 3), (3, 2), (2,)]),
]

# einops/tests/test_ops.py (test_rearrange_examples, test_reduction_*, test_repeat_*),
# test_examples.py and the docstrings of rearrange, reduce and repeat.
REARRANGE = [
    ("b c h w -> b h w c", (2, 3, 4, 5), {}),
    ("b c h w -> b (c h w)", (2, 3, 4, 5), {}),
    ("b c (h1 h2) (w1 w2) -> b (c h2 w2) h1 w1", (2, 3, 4, 6), {"h2": 2, "w2": 2}),
    ("b c (h h1) (w w1) -> b (h1 w1 c) h w", (2, 3, 4, 6), {"h1": 2, "w1": 3}),
    ("b1 sound b2 letter -> b1 b2 sound letter", (2, 3, 4, 5), {}),
    ("b h w c -> (b h) w c", (2, 3, 4, 5), {}),
    ("b h w c -> h (b w) c", (2, 3, 4, 5), {}),
    ("b h w c -> w h b c", (2, 3, 4, 5), {}),
    ("(b1 b2) h w c -> (b1 h) (b2 w) c", (4, 3, 4, 5), {"b1": 2}),
    ("b (h h1) (w w1) c -> b h w (c h1 w1)", (2, 4, 6, 3), {"h1": 2, "w1": 2}),
    ("b h w c -> b 1 h w c", (2, 3, 4, 5), {}),
    ("b 1 h w -> b h w", (2, 1, 4, 5), {}),
    ("... h w -> ... w h", (2, 3, 4, 5), {}),
    ("b ... c -> b c ...", (2, 3, 4, 5), {}),
    ("... c -> (...) c", (2, 3, 4, 5), {}),
    ("a ... -> ... a", (2, 3), {}),
    ("... -> (...)", (2, 3, 4), {}),
    ("() a b -> a b ()", (1, 3, 4), {}),
]

REDUCE = [
    ("b c (h 2) (w 2) -> b c h w", (2, 3, 4, 6), {}),
    ("b c (h h2) (w w2) -> b c h w", (2, 3, 4, 6), {"h2": 2, "w2": 3}),
    ("b c h w -> b c", (2, 3, 4, 5), {}),
    ("b c h w -> c", (2, 3, 4, 5), {}),
    ("b c h w -> b c () ()", (2, 3, 4, 5), {}),
    ("b c h w -> b c 1 1", (2, 3, 4, 5), {}),
    ("b c h w -> h w", (2, 3, 4, 5), {}),
    ("(b1 b2) c -> b2 c", (6, 4), {"b1": 2}),
    ("... (h 2) -> ... h", (3, 2, 4), {}),
    ("b ... -> b", (2, 3, 4), {}),
    ("b c h w -> b (c h) w", (2, 3, 4, 5), {}),
    ("a b -> b a", (3, 4), {}),
]

REPEAT = [
    ("h w -> h w c", (3, 4), {"c": 2}),
    ("h w -> h (w c)", (3, 4), {"c": 2}),
    ("h w -> (h 2) (w 2)", (3, 4), {}),
    ("h w -> (repeat h) w", (3, 4), {"repeat": 3}),
    ("h w -> (h repeat) w", (3, 4), {"repeat": 3}),
    ("b h w -> b h w 1", (2, 3, 4), {}),
    ("... -> b ...", (2, 3), {"b": 2}),
    ("h w -> w () h", (3, 4), {}),
    ("a b -> 2 a b", (2, 3), {}),
    ("(h h2) w -> h h2 (w w2)", (4, 3), {"h2": 2, "w2": 2}),
]


def rust_einsum(index, spec, shapes):
    """The Rust block that runs one einsum case in every layout."""
    r = np.asarray(np.einsum(spec, *[operand(k, s) for k, s in enumerate(shapes)]))
    names = [f"o{k}" for k in range(len(shapes))]
    lines = [f"    // {spec!r} over {', '.join(str(tuple(s)) for s in shapes)}", "    {"]
    for k, s in enumerate(shapes):
        lines.append(f"        let o{k} = operand({k}, [{', '.join(map(str, s))}]);")
        lines.append(f"        let c{k} = column_major(&o{k});")
        if len(s) > 0:
            lines.append(f"        let f{k} = flipped(&o{k});")
    lines.append(f"        let e = Expected::einsum({index});")
    lines.append(f"        e.check(einsum!({json.dumps(spec)}, {', '.join(names)}));")
    col = ", ".join(f"c{k}.view().reversed_axes()" for k in range(len(shapes)))
    lines.append(f"        e.check(einsum!({json.dumps(spec)}, {col}));")
    flip = ", ".join(
        f"f{k}.view().flip(Axis::<0>)" if len(s) > 0 else f"o{k}" for k, s in enumerate(shapes)
    )
    lines.append(f"        e.check(einsum!({json.dumps(spec)}, {flip}));")
    rank = r.ndim
    rev = ", ".join(map(str, reversed(r.shape)))
    lines.append(f"        let mut out: Tensor<f64, {rank}> = Tensor::full([{rev}], f64::NAN);")
    lines.append(
        f"        einsum_into!(&mut out.view_mut().reversed_axes(), {json.dumps(spec)}, {', '.join(names)}).unwrap();"
    )
    lines.append("        e.check(Ok(out.view().reversed_axes().to_contiguous()));")
    lines.append("    }")
    return "\n".join(lines)


def rust_einops(op, index, spec, shape, sizes, reduction=None):
    """The Rust block that runs one einops case on contiguous, column-major and negatively
    strided inputs."""
    args = "".join(f", {k} = {v}" for k, v in sizes.items())
    red = f", {reduction}" if reduction else ""
    check = "check" if op == "reduce" else "check_cow"
    lines = [f"    // {op} {spec!r}{red} over {tuple(shape)}{args}", "    {"]
    lines.append(f"        let o0 = operand(0, [{', '.join(map(str, shape))}]);")
    lines.append("        let c0 = column_major(&o0);")
    lines.append("        let f0 = flipped(&o0);")
    lines.append(f"        let e = Expected::einops({json.dumps(op)}, {index});")
    for operand_expr in ("o0", "c0.view().reversed_axes()", "f0.view().flip(Axis::<0>)"):
        lines.append(f"        e.{check}({op}!({operand_expr}, {json.dumps(spec)}{red}{args}));")
    lines.append("    }")
    return "\n".join(lines)


def write_rust(path):
    body = [rust_einsum(i, spec, shapes) for i, (spec, shapes) in enumerate(EINSUM)]
    einops_body = []
    for i, (spec, shape, sizes) in enumerate(REARRANGE):
        einops_body.append(rust_einops("rearrange", i, spec, shape, sizes))
    k = 0
    for spec, shape, sizes in REDUCE:
        for op in ("sum", "mean", "max", "min", "prod"):
            einops_body.append(rust_einops("reduce", k, spec, shape, sizes, op))
            k += 1
    for i, (spec, shape, sizes) in enumerate(REPEAT):
        einops_body.append(rust_einops("repeat", i, spec, shape, sizes))
    with open(path, "w") as f:
        f.write("// Written by tests/data/notation/make_expected.py --rust: the cases of its lists, as\n")
        f.write("// literals. Edit the lists there, not this file.\n\n")
        f.write("use super::*;\n\n")
        f.write("/// Every einsum case: contiguous, column-major and negatively strided operands, and into\n")
        f.write("/// a column-major output.\n")
        f.write("pub(super) fn einsum_cases() {\n")
        f.write("\n".join(body))
        f.write("\n}\n\n")
        f.write("/// Every einops case: contiguous, column-major and negatively strided inputs.\n")
        f.write("pub(super) fn einops_cases() {\n")
        f.write("\n".join(einops_body))
        f.write("\n}\n")


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--rust":
        write_rust(sys.argv[2])
        return
    out_dir = sys.argv[1] if len(sys.argv) > 1 else HERE
    data = {"einsum": [], "rearrange": [], "reduce": [], "repeat": []}
    for spec, shapes in EINSUM:
        ops = [operand(k, s) for k, s in enumerate(shapes)]
        r = np.asarray(np.einsum(spec, *ops))
        data["einsum"].append(
            {"spec": spec, "shapes": [list(s) for s in shapes], "shape": list(r.shape), "values": r.ravel().tolist()}
        )
    try:
        import einops
    except ImportError:
        print("einops is not installed: the einops cases are left out", file=sys.stderr)
        einops = None
    if einops is not None:
        for spec, shape, sizes in REARRANGE:
            r = einops.rearrange(operand(0, shape), spec, **sizes)
            data["rearrange"].append(
                {"spec": spec, "shape_in": list(shape), "shape": list(r.shape), "values": r.ravel().tolist()}
            )
        for spec, shape, sizes in REDUCE:
            for op in ("sum", "mean", "max", "min", "prod"):
                r = einops.reduce(operand(0, shape), spec, op, **sizes)
                data["reduce"].append(
                    {"spec": spec, "op": op, "shape_in": list(shape), "shape": list(r.shape), "values": r.ravel().tolist()}
                )
        for spec, shape, sizes in REPEAT:
            r = einops.repeat(operand(0, shape), spec, **sizes)
            data["repeat"].append(
                {"spec": spec, "shape_in": list(shape), "shape": list(r.shape), "values": r.ravel().tolist()}
            )
    with open(os.path.join(out_dir, "expected.json"), "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
