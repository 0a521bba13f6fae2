//! One program, four libraries, no copies where none is needed: data made by ndarray is
//! viewed by `ranked`, which computes with it; the result goes to nalgebra and comes back
//! moved; a faer matrix (columns padded in memory) is viewed and written in place. Each step
//! checks whether it shared memory or copied, and says so.
//!
//! Run with `cargo run -p ranked-examples --example round_trip --features interop`.

use ranked::{Axis, Tensor, TensorView, TensorViewMut};

fn main() -> Result<(), ranked::ShapeError> {
    // ndarray → ranked: a strided view (every other column, walked backwards), no copy.
    let a = ndarray::Array2::from_shape_fn((4, 6), |(i, j)| (i * 6 + j) as f64);
    let cols = a.slice(ndarray::s![.., ..;-2]);
    let t: TensorView<'_, f64, 2> = cols.into();
    assert_eq!(t.as_ptr(), cols.as_ptr());
    println!(
        "ndarray view {:?} → TensorView, strides {:?}: shared",
        cols.shape(),
        t.strides()
    );

    // ranked computes: the Gram matrix tᵀ·t, a new tensor.
    let gram = t.t().matmul(&t)?;
    // ranked → ndarray again, to compare with ndarray's own product.
    let expected = cols.t().dot(&cols);
    let back: ndarray::ArrayView2<'_, f64> = gram.view().into();
    assert_eq!(back, expected);
    println!(
        "tᵀ·t {:?} equals ndarray's `cols.t().dot(&cols)`",
        gram.shape()
    );

    // ranked → nalgebra: the row-major result is copied into column-major order; nalgebra →
    // ranked then moves the buffer (and keeps the column-major layout).
    let m: nalgebra::DMatrix<f64> = gram.clone().into();
    let ptr = m.as_ptr();
    let again: Tensor<f64, 2> = m.into();
    assert_eq!(again.as_ptr(), ptr);
    assert_eq!(again, gram);
    println!(
        "DMatrix → Tensor: moved, strides {:?} (column-major)",
        again.strides()
    );
    // A nalgebra block is a view with gaps: ranked reaches only its elements.
    let big = nalgebra::DMatrix::from_fn(5, 5, |i, j| (i * 10 + j) as f64);
    let block: TensorView<'_, f64, 2> = big.view((1, 2), (3, 2)).into();
    assert_eq!(block.to_vec(), [12.0, 13.0, 22.0, 23.0, 32.0, 33.0]);
    println!("nalgebra 3×2 block → TensorView: {:?}", block.to_vec());

    // faer: a matrix with padded columns, viewed and written through by ranked.
    let mut f = faer::Mat::<f64>::zeros(3, 3);
    println!("faer Mat 3×3: column stride {} (padded)", f.col_stride());
    {
        let mut v: TensorViewMut<'_, f64, 2> = f.as_mut().into();
        v.try_assign(&gram)?;
        v.view_mut().select(Axis::<1>, 0)?.fill(-1.0);
    }
    assert_eq!(f[(2, 0)], -1.0);
    assert_eq!(f[(1, 2)], gram[[1, 2]]);
    // ranked → faer: a reversed view, no copy.
    let rev = faer::MatRef::from(gram.view().flip(Axis::<0>));
    assert_eq!(rev[(0, 1)], gram[[2, 1]]);
    println!("faer written in place; a flipped TensorView read as a faer MatRef: shared");
    Ok(())
}
