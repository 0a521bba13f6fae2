//! Unit tests of the code paths that use `unsafe` (run under Miri by CI).

use super::*;

fn strided_layout() -> Layout<2> {
    // [i, j] → 7 - 3i + j: rows backwards, with a gap.
    Layout::from_parts([3, 2], [-3, 1], 7)
}

#[test]
fn get_and_get_mut_on_negative_strides() {
    let mut data = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    let v = TensorView::from_raw_parts(&data[..], strided_layout()).unwrap();
    assert_eq!(v.get([0, 0]), Some(&7));
    assert_eq!(v.get([2, 1]), Some(&2));
    assert_eq!(v.get([3, 0]), None);
    let mut m = TensorViewMut::from_raw_parts(&mut data[..], strided_layout()).unwrap();
    *m.get_mut([1, 1]).unwrap() = -5;
    assert!(m.get_mut([0, 2]).is_none());
    assert_eq!(data[5], -5);
}

#[test]
fn iterators_visit_each_element_once() {
    let mut data = [0u32; 10];
    let mut m = TensorViewMut::from_raw_parts(&mut data[..], strided_layout()).unwrap();
    let refs: [&mut u32; 6] = {
        let mut it = m.iter_mut();
        core::array::from_fn(|_| it.next().unwrap())
    };
    // All six references are alive at once: Miri checks that they do not alias.
    for (n, r) in refs.into_iter().enumerate() {
        *r = n as u32 + 1;
    }
    assert_eq!(data, [0, 5, 6, 0, 3, 4, 0, 1, 2, 0]);
    let v = TensorView::from_raw_parts(&data[..], strided_layout()).unwrap();
    let mut seen = [0u32; 6];
    for (n, (idx, x)) in v.indexed_iter().enumerate() {
        assert_eq!(v.get(idx), Some(x));
        seen[n] = *x;
    }
    assert_eq!(seen, [1, 2, 3, 4, 5, 6]);
}

#[test]
fn views_pointers_and_slices() {
    let mut arr = [1, 2, 3, 4, 5, 6];
    let mut t = ArrayTensor::from_storage(arr, [2, 3]).unwrap();
    assert_eq!(t.view().get([1, 2]), Some(&6));
    t.view_mut()[[0, 0]] = 10;
    assert_eq!(t.as_slice(), Some(&[10, 2, 3, 4, 5, 6][..]));
    t.as_slice_mut().unwrap()[5] = 60;
    // SAFETY: the pointer is the first element of `t`'s six.
    unsafe { *t.as_mut_ptr().add(1) = 20 };
    // SAFETY: as above, read-only.
    assert_eq!(unsafe { *t.as_ptr().add(1) }, 20);
    assert_eq!(t[[1, 2]], 60);
    let tail = TensorView::from_raw_parts(&arr[..], Layout::from_parts([2], [1], 4)).unwrap();
    assert_eq!(tail.as_slice(), Some(&[5, 6][..]));
    // An empty view at the very end: its pointer is one past the end and never read.
    let end = TensorView::from_raw_parts(&arr[..], Layout::from_parts([0], [1], 6)).unwrap();
    assert_eq!(end.as_slice(), Some(&[][..]));
    assert_eq!(end.iter().count(), 0);
    let mut m =
        TensorViewMut::from_raw_parts(&mut arr[..], Layout::from_parts([0, 2], [2, 1], 6)).unwrap();
    assert_eq!(m.iter_mut().count(), 0);
}

#[cfg(feature = "alloc")]
#[test]
fn owned_conversions() {
    use alloc::vec;
    let t = Tensor::from_raw_parts(
        vec![1, 2, 3, 4, 5, 6],
        Layout::from_parts([3, 2], [1, 3], 0),
    )
    .unwrap();
    assert_eq!(t.to_vec(), [1, 4, 2, 5, 3, 6]);
    let shared = t.clone().into_shared();
    assert_eq!(shared.clone().to_vec(), t.to_vec());
    let c = t.into_contiguous();
    assert_eq!(c.as_slice(), Some(&[1, 4, 2, 5, 3, 6][..]));
    let v: Tensor<i32, 2> = ArrayTensor::from_storage([1, 2, 3, 4], [2, 2])
        .unwrap()
        .into();
    assert_eq!(v.into_vec(), [1, 2, 3, 4]);
    let g = GenericArray::<u8, typenum::U3>::from_array([7, 8, 9]);
    let gt: Tensor<u8, 1> = TensorBase::from_storage(g, [3]).unwrap().into();
    assert_eq!(gt.to_vec(), [7, 8, 9]);
    let z = Tensor::from_fn_with_order([2, 3], Order::ColumnMajor, |[i, j]| 3 * i + j);
    assert_eq!(z.to_vec(), [0, 1, 2, 3, 4, 5]);
}
