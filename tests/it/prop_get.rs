//! Property tests: for random shapes (size-0 axes included), strides (negative included, any axis
//! order, with gaps) and offsets (with slack on both sides of the storage), element access agrees
//! with a brute-force reference and with ndarray viewing the same data.

use ndarray::{ArrayView, Axis as NdAxis, IxDyn, ShapeBuilder};
use proptest::prelude::*;
use ranked::{Layout, Tensor, TensorView, TensorViewMut};

use crate::common;

use common::{Spec, spec};

fn check<const R: usize>(s: &Spec) -> Result<(), TestCaseError> {
    let data: Vec<i64> = (0..s.len as i64).collect();
    let shape: [usize; R] = s.shape.clone().try_into().unwrap();
    let strides: [isize; R] = s.strides().try_into().unwrap();
    let layout = Layout::from_parts(shape, strides, s.offset);
    let t = TensorView::from_raw_parts(&data[..], layout)
        .map_err(|e| TestCaseError::fail(format!("valid layout refused: {e}")))?;
    prop_assert!(layout.check_unique().is_ok());

    // ndarray: positive strides from the lowest element, then invert the negative axes.
    // (ndarray refuses some strides on empty arrays, which hold nothing to compare anyway.)
    let nd = (!t.is_empty()).then(|| {
        let mut nd =
            ArrayView::from_shape(IxDyn(&s.shape).strides(IxDyn(&s.mags)), &data[s.base..])
                .unwrap();
        for (axis, &neg) in s.negative.iter().enumerate() {
            if neg {
                nd.invert_axis(NdAxis(axis));
            }
        }
        nd
    });

    let indices = s.indices();
    prop_assert_eq!(indices.len(), t.len());
    for idx in &indices {
        let arr: [usize; R] = idx.clone().try_into().unwrap();
        let expected = data[s.brute(idx)];
        prop_assert_eq!(t.get(arr), Some(&expected), "get at {:?}", idx);
        prop_assert_eq!(t[arr], expected);
        if let Some(nd) = &nd {
            prop_assert_eq!(nd[&idx[..]], expected, "ndarray at {:?}", idx);
        }
        prop_assert_eq!(layout.try_offset_of(arr).unwrap(), s.brute(idx));
    }
    // Logical order agrees with brute force and with ndarray's iteration order.
    let ours: Vec<i64> = t.iter().copied().collect();
    let reference: Vec<i64> = indices.iter().map(|i| data[s.brute(i)]).collect();
    prop_assert_eq!(&ours, &reference);
    if let Some(nd) = &nd {
        prop_assert_eq!(&nd.iter().copied().collect::<Vec<_>>(), &reference);
    }
    prop_assert_eq!(&t.to_vec(), &reference);
    // Out of bounds on each axis in turn.
    if let Some(first) = indices.first() {
        for axis in 0..R {
            let mut arr: [usize; R] = first.clone().try_into().unwrap();
            arr[axis] = shape[axis];
            prop_assert_eq!(t.get(arr), None);
        }
    }

    // The same layout is unique, so it may be written through; each write lands where the
    // reference says and nowhere else.
    let mut buf = vec![-1i64; s.len];
    let mut m = TensorViewMut::from_raw_parts(&mut buf[..], layout).unwrap();
    for (n, x) in m.iter_mut().enumerate() {
        *x = n as i64;
    }
    for (n, idx) in indices.iter().enumerate() {
        prop_assert_eq!(buf[s.brute(idx)], n as i64);
    }
    prop_assert_eq!(buf.iter().filter(|&&x| x >= 0).count(), indices.len());
    // Element by element: `get_mut` and `IndexMut` land at the reference's positions too.
    let mut m = TensorViewMut::from_raw_parts(&mut buf[..], layout).unwrap();
    for (n, idx) in indices.iter().enumerate() {
        let arr: [usize; R] = idx.clone().try_into().unwrap();
        *m.get_mut(arr).unwrap() = -10 - n as i64;
        m[arr] -= 1;
    }
    for (n, idx) in indices.iter().enumerate() {
        prop_assert_eq!(buf[s.brute(idx)], -11 - n as i64, "get_mut at {:?}", idx);
    }

    // Owned copies keep the logical order.
    let owned = Tensor::from_raw_parts(data.clone(), layout).unwrap();
    prop_assert_eq!(&owned.to_contiguous().into_vec(), &reference);
    prop_assert_eq!(&owned.into_vec(), &reference);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 200 }))]

    #[test]
    fn get_agrees_rank0(s in spec(0)) { check::<0>(&s)?; }

    #[test]
    fn get_agrees_rank1(s in spec(1)) { check::<1>(&s)?; }

    #[test]
    fn get_agrees_rank2(s in spec(2)) { check::<2>(&s)?; }

    #[test]
    fn get_agrees_rank3(s in spec(3)) { check::<3>(&s)?; }

    #[test]
    fn get_agrees_rank4(s in spec(4)) { check::<4>(&s)?; }

    /// A storage trimmed to exactly the reachable window is accepted; one element shorter at
    /// either end is refused.
    #[test]
    fn off_by_one_layouts_are_refused(s in spec(3)) {
        prop_assume!(!s.shape.contains(&0));
        let shape: [usize; 3] = s.shape.clone().try_into().unwrap();
        let strides: [isize; 3] = s.strides().try_into().unwrap();
        let positions: Vec<usize> = s.indices().iter().map(|i| s.brute(i)).collect();
        let (low, high) = (*positions.iter().min().unwrap(), *positions.iter().max().unwrap());
        let data = vec![0u8; s.len];
        let window = &data[low..=high];
        let offset = s.offset - low;
        prop_assert!(TensorView::from_raw_parts(window, Layout::from_parts(shape, strides, offset)).is_ok());
        let short_end = &data[low..high];
        prop_assert!(TensorView::from_raw_parts(short_end, Layout::from_parts(shape, strides, offset)).is_err());
        if offset >= 1 {
            // Negative strides reach below the first element: one step less offset is too low.
            prop_assert!(TensorView::from_raw_parts(window, Layout::from_parts(shape, strides, offset - 1)).is_err());
        }
    }
}
