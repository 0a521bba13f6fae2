//! Ordering, indexing by index tensors and masks, the shaping copies and the NaN-aware
//! reductions against NumPy's results (`tests/data/ordering/expected.json`, written by
//! `make_expected.py` beside it), each input read in four layouts: row-major, column-major,
//! reversed along every axis and strided (every other element of a larger buffer); an input
//! whose rows are equal is also read broadcast (one row, stride 0 down the first axis, for the
//! operations that only read). The inputs hold NaN, ±0.0, ±inf, ties, an all-NaN lane and
//! empty axes. `RANKED_ORDERING_EXPECTED`
//! names another results file (CI points it at one NumPy has just written).

use std::sync::OnceLock;

use ranked::ops::{PadMode, Side};
use ranked::{Axis, TensorView, TensorViewMut};
use serde_json::Value;

use crate::common::fixture::{Arr, arr, exact, layouts};

fn expected() -> &'static Value {
    static DATA: OnceLock<Value> = OnceLock::new();
    DATA.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/ordering/expected.json"
        );
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    })
}

fn usizes(a: &Arr) -> Vec<usize> {
    a.i.iter().map(|&x| usize::try_from(x).unwrap()).collect()
}

/// Equal as numbers (`-0.0 == 0.0`, NaN to NaN).
fn same(got: &[f64], want: &[f64]) -> bool {
    got.len() == want.len()
        && got
            .iter()
            .zip(want)
            .all(|(a, b)| a == b || (a.is_nan() && b.is_nan()))
}

/// Equal within a few units of rounding (NumPy's sums are pairwise too, blocked differently).
fn close(got: &[f64], want: &[f64]) -> bool {
    got.len() == want.len()
        && got.iter().zip(want).all(|(a, b)| {
            a == b || (a.is_nan() && b.is_nan()) || (a - b).abs() <= 1e-12 * b.abs().max(1.0)
        })
}

/// Runs `$body` with `$ax` bound to the `Axis` value of the run-time axis `$a` of a rank-`$r`
/// tensor.
macro_rules! on_axis {
    (1, $a:expr, $ax:ident => $body:expr) => {
        match $a {
            0 => {
                let $ax = Axis::<0>;
                $body
            }
            a => panic!("axis {a}"),
        }
    };
    (2, $a:expr, $ax:ident => $body:expr) => {
        match $a {
            0 => {
                let $ax = Axis::<0>;
                $body
            }
            1 => {
                let $ax = Axis::<1>;
                $body
            }
            a => panic!("axis {a}"),
        }
    };
    (3, $a:expr, $ax:ident => $body:expr) => {
        match $a {
            0 => {
                let $ax = Axis::<0>;
                $body
            }
            1 => {
                let $ax = Axis::<1>;
                $body
            }
            2 => {
                let $ax = Axis::<2>;
                $body
            }
            a => panic!("axis {a}"),
        }
    };
}

/// Checks one case against one layout of its input, at rank `$r`.
macro_rules! check_case {
    ($r:tt, $case:expr, $layout:expr, $buf:expr, $shape:expr, $strides:expr, $offset:expr) => {{
        let case: &Value = $case;
        // A broadcast view cannot be written through: the writing forms skip it.
        let writable = $layout != "broadcast";
        let shape: [usize; $r] = $shape;
        let t = TensorView::<f64, $r>::from_slice_with_strides(&$buf, shape, $strides, $offset)
            .unwrap();
        let args = &case["args"];
        let axis = args["axis"].as_u64().map(|a| a as usize);
        let want = |k: &str| arr(&case["expected"][k]);
        let out = match case["expected"].get("out") {
            Some(v) => arr(v),
            None => Arr { shape: vec![], f: vec![], i: vec![], b: vec![] },
        };
        let op = case["op"].as_str().unwrap();
        let shape_of = |s: &[usize]| s.to_vec();
        let ok = match op {
            "sort" => on_axis!($r, axis.unwrap(), ax => {
                let s = t.sort_axis(ax);
                let u = t.sort_unstable_axis(ax);
                let in_place = !writable || {
                    let mut buf = $buf.clone();
                    let mut m = TensorViewMut::<f64, $r>::from_slice_mut_with_strides(&mut buf, shape, $strides, $offset).unwrap();
                    m.sort_axis_inplace(ax);
                    let stable_inplace = m.to_vec();
                    m.sort_unstable_axis_inplace(ax);
                    exact(&stable_inplace, &out.f) && same(&m.to_vec(), &out.f)
                };
                shape_of(s.shape()) == out.shape
                    && exact(&s.to_vec(), &out.f)
                    && same(&u.to_vec(), &out.f)
                    && in_place
            }),
            "argsort" => on_axis!($r, axis.unwrap(), ax => {
                let i = t.argsort_axis(ax);
                shape_of(i.shape()) == out.shape && i.to_vec() == usizes(&out)
            }),
            "topk_smallest" => on_axis!($r, axis.unwrap(), ax => {
                let k = args["k"].as_u64().unwrap() as usize;
                let (v, i) = t.topk(ax, k, false, true).unwrap();
                let via = t.take_along_axis(ax, &i).unwrap();
                i.to_vec() == usizes(&out) && exact(&v.to_vec(), &via.to_vec())
            }),
            "median" => on_axis!($r, axis.unwrap(), ax => close(&t.median_axis(ax).unwrap().to_vec(), &out.f)),
            "quantile" => on_axis!($r, axis.unwrap(), ax => {
                let q = args["q"].as_f64().unwrap();
                close(&t.quantile_axis(ax, q).unwrap().to_vec(), &out.f)
            }),
            "percentile" => on_axis!($r, axis.unwrap(), ax => {
                let q = args["q"].as_f64().unwrap();
                close(&t.percentile_axis(ax, q).unwrap().to_vec(), &out.f)
            }),
            "nanmin" => on_axis!($r, axis.unwrap(), ax => same(&t.nanmin_axis(ax).unwrap().to_vec(), &out.f)),
            "nanmax" => on_axis!($r, axis.unwrap(), ax => same(&t.nanmax_axis(ax).unwrap().to_vec(), &out.f)),
            "nanargmin" => on_axis!($r, axis.unwrap(), ax => t.nanargmin_axis(ax).unwrap().to_vec() == usizes(&out)),
            "nanargmax" => on_axis!($r, axis.unwrap(), ax => t.nanargmax_axis(ax).unwrap().to_vec() == usizes(&out)),
            "nansum" => on_axis!($r, axis.unwrap(), ax => close(&t.nansum_axis(ax).to_vec(), &out.f)),
            "nanmean" => on_axis!($r, axis.unwrap(), ax => close(&t.nanmean_axis(ax).to_vec(), &out.f)),
            "nanvar" => on_axis!($r, axis.unwrap(), ax => {
                let ddof = args["ddof"].as_u64().unwrap() as usize;
                close(&t.nanvar_axis(ax, ddof).to_vec(), &out.f)
            }),
            "nanstd" => on_axis!($r, axis.unwrap(), ax => {
                let ddof = args["ddof"].as_u64().unwrap() as usize;
                close(&t.nanstd_axis(ax, ddof).to_vec(), &out.f)
            }),
            "take_along_axis" => on_axis!($r, axis.unwrap(), ax => {
                let idx = arr(&case["indices"]);
                let idx = ranked::Tensor::<usize, $r>::from_vec(usizes(&idx), idx.shape.clone().try_into().unwrap()).unwrap();
                let got = t.take_along_axis(ax, &idx).unwrap();
                shape_of(got.shape()) == out.shape && exact(&got.to_vec(), &out.f)
            }),
            "put_along_axis" | "scatter_add_one" | "index_add" if !writable => true,
            "put_along_axis" | "scatter_add_one" => on_axis!($r, axis.unwrap(), ax => {
                let idx = arr(&case["indices"]);
                let idx = ranked::Tensor::<usize, $r>::from_vec(usizes(&idx), idx.shape.clone().try_into().unwrap()).unwrap();
                let mut buf = $buf.clone();
                let mut m = TensorViewMut::<f64, $r>::from_slice_mut_with_strides(&mut buf, shape, $strides, $offset).unwrap();
                if op == "put_along_axis" {
                    let v = arr(&case["values"]);
                    let v = ranked::Tensor::<f64, $r>::from_vec(v.f, v.shape.try_into().unwrap()).unwrap();
                    m.put_along_axis(ax, &idx, &v).unwrap();
                    exact(&m.to_vec(), &out.f)
                } else {
                    m.scatter_add_along_axis(ax, &idx, &ranked::Tensor::<f64, 0>::from_elem([], 1.0)).unwrap();
                    close(&m.to_vec(), &out.f)
                }
            }),
            "take" => on_axis!($r, axis.unwrap(), ax => {
                let idx: Vec<usize> = args["indices"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect();
                let got = t.take(ax, &idx).unwrap();
                shape_of(got.shape()) == out.shape && exact(&got.to_vec(), &out.f)
            }),
            "index_add" => on_axis!($r, axis.unwrap(), ax => {
                let idx: Vec<usize> = args["indices"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect();
                let src = arr(&case["source"]);
                let src = ranked::Tensor::<f64, $r>::from_vec(src.f, src.shape.try_into().unwrap()).unwrap();
                let mut buf = $buf.clone();
                let mut m = TensorViewMut::<f64, $r>::from_slice_mut_with_strides(&mut buf, shape, $strides, $offset).unwrap();
                m.index_add(ax, &idx, &src).unwrap();
                close(&m.to_vec(), &out.f)
            }),
            "compress" => on_axis!($r, axis.unwrap(), ax => {
                let mask = arr(&case["mask"]);
                let mask = ranked::Tensor::<bool, 1>::from_vec(mask.b, [mask.shape[0]]).unwrap();
                let got = t.compress(ax, &mask).unwrap();
                shape_of(got.shape()) == out.shape && exact(&got.to_vec(), &out.f)
            }),
            "roll" => on_axis!($r, axis.unwrap(), ax => {
                let got = t.roll(ax, args["shift"].as_i64().unwrap() as isize).unwrap();
                exact(&got.to_vec(), &out.f)
            }),
            "repeat" => on_axis!($r, axis.unwrap(), ax => {
                let got = t.repeat(ax, args["count"].as_u64().unwrap() as usize).unwrap();
                shape_of(got.shape()) == out.shape && exact(&got.to_vec(), &out.f)
            }),
            "repeat_each" => on_axis!($r, axis.unwrap(), ax => {
                let counts: Vec<usize> = args["counts"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect();
                let got = t.repeat_each(ax, &counts).unwrap();
                shape_of(got.shape()) == out.shape && exact(&got.to_vec(), &out.f)
            }),
            "count_nonzero" => on_axis!($r, axis.unwrap(), ax => {
                let mask = arr(&case["mask"]);
                let mask = ranked::Tensor::<bool, $r>::from_vec(mask.b, mask.shape.try_into().unwrap()).unwrap();
                mask.count_nonzero_axis(ax).to_vec() == usizes(&out)
            }),
            "median_all" => close(&[t.median().unwrap()], &out.f),
            "quantile_all" => close(&[t.quantile(args["q"].as_f64().unwrap()).unwrap()], &out.f),
            "unique" => same(&t.unique().to_vec(), &out.f),
            "unique_all" => {
                let u = t.unique_all();
                same(&u.values.to_vec(), &want("values").f)
                    && u.indices.to_vec() == usizes(&want("indices"))
                    && u.inverse_indices.to_vec() == usizes(&want("inverse"))
                    && u.counts.to_vec() == usizes(&want("counts"))
            }
            "masked_select" | "argwhere" => {
                let mask = arr(&case["mask"]);
                let mask = ranked::Tensor::<bool, $r>::from_vec(mask.b, mask.shape.try_into().unwrap()).unwrap();
                if op == "argwhere" {
                    let got = mask.argwhere();
                    let cols = mask.nonzero();
                    let by_cols: Vec<usize> = (0..got.shape()[0])
                        .flat_map(|k| cols.iter().map(move |c| c[[k]]))
                        .collect();
                    shape_of(got.shape()) == out.shape && got.to_vec() == usizes(&out) && by_cols == usizes(&out)
                } else {
                    exact(&t.masked_select(&mask).unwrap().to_vec(), &out.f)
                }
            }
            "nansum_all" => close(&[t.nansum()], &out.f),
            "nanmean_all" => close(&[t.nanmean()], &out.f),
            "nanvar_all" => close(&[t.nanvar(1)], &out.f),
            "nanmin_all" => same(&[t.nanmin().unwrap()], &out.f),
            "nanmax_all" => same(&[t.nanmax().unwrap()], &out.f),
            "pad" => {
                let w = args["widths"].as_array().unwrap();
                let widths: [(usize, usize); $r] = core::array::from_fn(|k| {
                    let p = w[k].as_array().unwrap();
                    (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap() as usize)
                });
                let mode = match args["mode"].as_str().unwrap() {
                    "constant" => PadMode::Constant(7.5),
                    "edge" => PadMode::Edge,
                    "reflect" => PadMode::Reflect,
                    "symmetric" => PadMode::Symmetric,
                    "wrap" => PadMode::Wrap,
                    m => panic!("mode {m}"),
                };
                let got = t.pad(widths, mode).unwrap();
                shape_of(got.shape()) == out.shape && exact(&got.to_vec(), &out.f)
            }
            "tile" => {
                let r = args["reps"].as_array().unwrap();
                let reps: [usize; $r] = core::array::from_fn(|k| r[k].as_u64().unwrap() as usize);
                let got = t.tile(reps).unwrap();
                shape_of(got.shape()) == out.shape && exact(&got.to_vec(), &out.f)
            }
            other => panic!("op {other}"),
        };
        ok
    }};
}

#[test]
fn every_case_matches_numpy_in_every_layout() {
    let data = expected();
    let inputs = &data["inputs"];
    let mut checked = 0;
    let mut broadcast = 0;
    let mut failed = vec![];
    for case in data["cases"].as_array().unwrap() {
        let name = case["input"].as_str().unwrap();
        let Some(input) = inputs.get(name) else {
            continue; // the cases with inputs of their own are checked below
        };
        let a = arr(input);
        let rank = a.shape.len();
        macro_rules! each_layout {
            ($r:tt) => {{
                let shape: [usize; $r] = a.shape.clone().try_into().unwrap();
                for (layout, buf, strides, offset) in layouts(shape, &a.f) {
                    if !check_case!($r, case, layout, buf, shape, strides, offset) {
                        failed.push(format!(
                            "{} of {} ({}) {}",
                            case["op"], name, layout, case["args"]
                        ));
                    }
                    checked += 1;
                    broadcast += usize::from(layout == "broadcast");
                }
            }};
        }
        match rank {
            2 => each_layout!(2),
            3 => each_layout!(3),
            r => panic!("rank {r}"),
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {checked} disagree with NumPy:\n{}",
        failed.len(),
        failed.join("\n")
    );
    assert!(checked > 2000, "only {checked} checks ran");
    assert!(
        broadcast > 50,
        "only {broadcast} checks of broadcast inputs ran"
    );
}

#[test]
fn searchsorted_and_logical_operators_match_numpy() {
    let mut n = 0;
    for case in expected()["cases"].as_array().unwrap() {
        let Some(out) = case["expected"].get("out").map(arr) else {
            continue;
        };
        match case["op"].as_str().unwrap() {
            "searchsorted" => {
                let s = arr(&case["sorted"]);
                let v = arr(&case["values"]);
                let sorted = ranked::Tensor::<f64, 1>::from_vec(s.f, [s.shape[0]]).unwrap();
                let values =
                    ranked::Tensor::<f64, 2>::from_vec(v.f, v.shape.try_into().unwrap()).unwrap();
                let side = match case["args"]["side"].as_str().unwrap() {
                    "left" => Side::Left,
                    _ => Side::Right,
                };
                assert_eq!(
                    sorted.searchsorted(&values, side).to_vec(),
                    usizes(&out),
                    "{side:?}"
                );
                // A reversed view of a reversed copy is searched the same way.
                let back: ranked::Tensor<f64, 1> = sorted.flip(Axis::<0>).to_contiguous();
                assert_eq!(
                    back.flip(Axis::<0>).searchsorted(&values, side).to_vec(),
                    usizes(&out)
                );
            }
            op @ ("logical_and" | "logical_or" | "logical_xor" | "logical_not") => {
                let a = arr(&case["a"]);
                let a =
                    ranked::Tensor::<bool, 2>::from_vec(a.b, a.shape.try_into().unwrap()).unwrap();
                let got = if op == "logical_not" {
                    assert_eq!((!&a).to_vec(), a.logical_not().to_vec());
                    a.logical_not()
                } else {
                    let b = arr(&case["b"]);
                    let b = ranked::Tensor::<bool, 1>::from_vec(b.b, [b.shape[0]]).unwrap();
                    let (named, operator) = match op {
                        "logical_and" => (a.logical_and(&b).unwrap(), &a & &b),
                        "logical_or" => (a.logical_or(&b).unwrap(), &a | &b),
                        _ => (a.logical_xor(&b).unwrap(), &a ^ &b),
                    };
                    assert_eq!(named, operator);
                    named
                };
                assert_eq!(got.to_vec(), out.b, "{op}");
            }
            _ => continue,
        }
        n += 1;
    }
    assert_eq!(n, 6);
}
