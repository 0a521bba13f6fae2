//! Unit tests of dynamic-rank tensors.

use super::*;
use crate::{Axis, INFER, TensorView, TensorViewMut};

#[test]
fn dynamic_views_and_writes() {
    let mut data = [0i32; 24];
    let mut t = DynTensorViewMut::from_slice_mut(&mut data, &[2, 3, 4]).unwrap();
    for (n, x) in t.iter_mut().enumerate() {
        *x = n as i32;
    }
    let v = t.view().permute(&[2, 0, 1]).unwrap().select(0, 3).unwrap();
    assert_eq!(v.shape(), &[2, 3]);
    assert!(v.iter().copied().eq([3, 7, 11, 15, 19, 23]));
    assert_eq!(
        t.view().squeeze(0).unwrap_err().kind(),
        ErrorKind::SizeMismatch
    );
    assert_eq!(t.view().flip(3).unwrap_err().kind(), ErrorKind::InvalidAxis);
    let mut m = t.view_mut().diagonal(0, 1, 2).unwrap();
    for x in m.iter_mut() {
        *x = -1;
    }
    assert_eq!(data[5], -1);
    assert_eq!(data[12 + 10], -1);
}

#[test]
fn typed_dynamic_round_trip() {
    let data: [u16; 24] = core::array::from_fn(|i| i as u16);
    let t = TensorView::from_slice(&data, [2, 3, 4])
        .unwrap()
        .flip(Axis::<1>);
    let layout = *t.layout();
    let back: TensorView<'_, u16, 3> = t.into_dyn().try_into_rank().unwrap();
    assert_eq!(back.layout(), &layout);
    let r = TensorView::from_slice(&data, [6, 4])
        .unwrap()
        .reshape_dyn(&[2, INFER, 2, 2])
        .unwrap();
    assert_eq!(r.shape(), &[2, 3, 2, 2]);
    assert_eq!(r.get(&[1, 2, 1, 1]), Some(&23));
    let mut buf = data;
    let w = TensorViewMut::from_slice_mut(&mut buf, [24]).unwrap();
    let mut d = w.reshape_dyn(&[4, 6]).unwrap();
    *d.get_mut(&[3, 5]).unwrap() = 99;
    assert_eq!(buf[23], 99);
}
