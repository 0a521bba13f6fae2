//! Helpers shared by the property tests: random strided layouts over random buffers.

#![allow(dead_code)] // each test file uses its own subset

use proptest::prelude::*;

/// A random strided layout over a random buffer, as plain numbers: any axis order, gaps
/// between axes, negative strides, size-0 axes, slack before and after the reachable elements.
#[derive(Clone, Debug)]
pub struct Spec {
    pub shape: Vec<usize>,
    /// Absolute strides.
    pub mags: Vec<usize>,
    pub negative: Vec<bool>,
    /// Offset of index [0, …] in the buffer.
    pub offset: usize,
    /// Buffer position of the lowest reachable element.
    pub base: usize,
    pub len: usize,
}

impl Spec {
    pub fn strides(&self) -> Vec<isize> {
        self.mags
            .iter()
            .zip(&self.negative)
            .map(|(&m, &neg)| if neg { -(m as isize) } else { m as isize })
            .collect()
    }

    /// The buffer position of `index`, computed the slow, obvious way.
    pub fn brute(&self, index: &[usize]) -> usize {
        let mut pos = self.offset as isize;
        for ((&i, &m), &neg) in index.iter().zip(&self.mags).zip(&self.negative) {
            let step = (i * m) as isize;
            pos += if neg { -step } else { step };
        }
        pos as usize
    }

    /// Every index in row-major order.
    pub fn indices(&self) -> Vec<Vec<usize>> {
        let mut out = vec![vec![]];
        for &dim in &self.shape {
            out = out
                .into_iter()
                .flat_map(|prefix| {
                    (0..dim).map(move |i| {
                        let mut v = prefix.clone();
                        v.push(i);
                        v
                    })
                })
                .collect();
        }
        out
    }
}

pub fn spec(rank: usize) -> impl Strategy<Value = Spec> {
    proptest::collection::vec(0usize..=4, rank).prop_flat_map(spec_for)
}

/// A random strided layout of the given shape.
pub fn spec_for(shape: Vec<usize>) -> impl Strategy<Value = Spec> {
    let rank = shape.len();
    (
        Just(shape),
        Just((0..rank).collect::<Vec<usize>>()).prop_shuffle(),
        proptest::collection::vec(0usize..=2, rank),
        proptest::collection::vec(any::<bool>(), rank),
        0usize..=3,
        0usize..=3,
    )
        .prop_map(|(shape, order, gaps, negative, lead, slack)| {
            // Innermost axis first: each stride steps past everything the faster axes reach,
            // plus a gap, so no two indices share an element.
            let mut mags = vec![0; shape.len()];
            let mut running = 1;
            for &axis in &order {
                mags[axis] = running;
                running = running * shape[axis].max(1) + gaps[axis];
            }
            let empty = shape.contains(&0);
            let reach = |neg: bool| -> usize {
                (0..shape.len())
                    .filter(|&a| negative[a] == neg)
                    .map(|a| shape[a].saturating_sub(1) * mags[a])
                    .sum()
            };
            let (below, above) = if empty {
                (0, 0)
            } else {
                (reach(true), reach(false))
            };
            let base = lead;
            let offset = base + below;
            let len = if empty {
                offset + slack
            } else {
                offset + above + 1 + slack
            };
            Spec {
                shape,
                mags,
                negative,
                offset,
                base,
                len,
            }
        })
}
pub mod fixture;
