//! A tour of `ranked`: build tensors, index them, take views and print them.
//!
//! Run with `cargo run --example tour` from the repository root.

use ranked::{
    Axis, INFER, Layout, NewAxis, Order, Tensor, TensorView, Zip, concatenate, inline_tensor, s,
    stack, tensor,
};

fn main() -> Result<(), ranked::ShapeError> {
    println!("== Building tensors: the rank is part of the type");
    let m: Tensor<i32, 2> = tensor![[1, 2, 3], [4, 5, 6]];
    println!(
        "tensor![[1, 2, 3], [4, 5, 6]] is a Tensor<i32, {}>:",
        m.rank()
    );
    println!("{m}");
    println!(
        "shape {:?}, strides {:?}, offset {}",
        m.shape(),
        m.strides(),
        m.offset()
    );

    let cube = Tensor::from_fn([2, 3, 4], |[i, j, k]| (100 * i + 10 * j + k) as u32);
    println!("\nTensor::from_fn([2, 3, 4], ..):\n{cube}");

    let seed = Layout::row_major([10, 9, 5, 13])?;
    println!(
        "\nrow-major strides of [10, 9, 5, 13]: {:?}",
        seed.strides()
    );

    println!("\n== Indexing: t[[i, j]] takes exactly R indices");
    println!("m[[1, 2]] = {}", m[[1, 2]]);
    println!("m.get([2, 0]) = {:?}", m.get([2, 0]));
    // m[[1]] would not compile: "expected an array with a size of 2, found one with a size of 1".

    println!("\n== Views share elements, never copy");
    let data = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    let rows = TensorView::from_slice(&data, [2, 3])?;
    let cols = TensorView::from_storage_with_order(&data[..], [2, 3], Order::ColumnMajor)?;
    println!("the same six numbers, row-major, printed with {{:8.4}}:\n{rows:8.4}");
    println!("and column-major:\n{cols:8.4}");
    let flipped = TensorView::from_slice_with_strides(&data, [6], [-1], 5)?;
    println!("stride -1, offset 5: {flipped}");
    println!("{flipped:?}");

    println!("\n== Writing through a mutable view");
    let mut t = Tensor::<f64, 2>::zeros([2, 2]);
    {
        let mut v = t.view_mut();
        v[[0, 1]] = 1.5;
        for x in v.iter_mut() {
            *x += 1.0;
        }
    }
    println!("{t}");

    println!("\n== Conversions");
    let transposed = TensorView::from_slice_with_strides(&data, [3, 2], [1, 3], 0)?;
    println!("a transposed view:\n{transposed}");
    println!("as_slice() = {:?} (not contiguous)", transposed.as_slice());
    println!("to_vec()   = {:?} (logical order)", transposed.to_vec());
    let owned = transposed.to_contiguous();
    println!(
        "to_contiguous() strides {:?}, as_slice() = {:?}",
        owned.strides(),
        owned.as_slice()
    );

    println!("\n== View operations change the rank in the type");
    let cube = Tensor::from_fn([2, 3, 4], |[i, j, k]| (100 * i + 10 * j + k) as i32);
    let v = cube.view();
    let p = v.permute([2, 0, 1])?;
    println!(
        "permute([2, 0, 1]): shape {:?}, strides {:?}",
        p.shape(),
        p.strides()
    );
    let merged = v.merge(Axis::<1>, Axis::<2>)?; // rank 3 → 2
    println!(
        "merge(Axis::<1>, Axis::<2>): shape {:?}, strides {:?}",
        merged.shape(),
        merged.strides()
    );
    let sp = merged.split(Axis::<1>, [INFER, 4])?; // rank 2 → 3
    println!("split(Axis::<1>, [INFER, 4]): shape {:?}", sp.shape());
    match p.merge(Axis::<0>, Axis::<1>) {
        Ok(_) => unreachable!(),
        Err(e) => println!("merging a permuted view: {e}"),
    }
    let d = v.diagonal(1, Axis::<1>, Axis::<2>); // rank 3 → 2
    println!("diagonal(1, Axis::<1>, Axis::<2>):\n{d}");
    let s = v.slice(s![.., 1.., NewAxis, ..;-2])?; // rank 3 → 4
    println!(
        "slice(s![.., 1.., NewAxis, ..;-2]): shape {:?}\n{s}",
        s.shape()
    );
    let windows = cube
        .view()
        .select(Axis::<0>, 0)?
        .select(Axis::<0>, 0)?
        .unfold(Axis::<0>, 2, 1)?;
    println!("windows of size 2 over the first row:\n{windows}");
    let b = d.broadcast_to([2, 2, 3])?;
    println!("broadcast_to([2, 2, 3]): strides {:?}", b.strides());

    println!("\n== Reshape: a view when the layout allows, and why");
    let flat = Tensor::from_fn([6, 8], |[i, j]| (8 * i + j) as i32);
    for target in [[2, 24], [4, 12]] {
        println!("{}", flat.plan_reshape(&target)?);
    }
    println!("{}", flat.view().t().plan_reshape(&[48])?);
    match flat.view().reshape_view([2, 36]) {
        Ok(_) => unreachable!(),
        Err(e) => println!("reshape_view([2, 36]): {e}"),
    }
    let transposed = flat.view().t();
    let copied = transposed.reshape([48])?;
    println!(
        "reshape([48]) of the transpose copies: is_view = {}",
        copied.is_view()
    );

    println!("\n== A rank known only at run time");
    let rank = 2 + flat.len() % 2; // pretend this came from a file
    let shape: Vec<usize> = (0..rank).map(|k| if k == 0 { INFER } else { 4 }).collect();
    let d = flat.view().reshape_dyn(&shape)?;
    println!(
        "reshape_dyn to rank {rank}, first size inferred: shape {:?}\n{d}",
        d.shape()
    );
    let typed: TensorView<'_, i32, 2> = d.try_into_rank()?;
    println!("try_into_rank::<2>(): shape {:?}", typed.shape());
    match d.try_into_rank::<3>() {
        Ok(_) => unreachable!(),
        Err(e) => println!("try_into_rank::<3>(): {e}"),
    }

    println!("\n== Maths with broadcasting; the result's rank is computed by the compiler");
    let a: Tensor<f64, 2> = tensor![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]];
    let b: Tensor<f64, 1> = tensor![10.0, 20.0, 30.0];
    let sum: Tensor<f64, 2> = &a + &b;
    println!("a + b (shapes [2, 3] and [3]):\n{sum}");
    let batched: Tensor<f64, 3> = &Tensor::ones([2, 1, 3]) * &a;
    println!("ones([2, 1, 3]) * a has shape {:?}", batched.shape());
    println!("a.sum() = {}, a.mean() = {}", a.sum(), a.mean());
    println!("a.sum_axis(Axis::<0>) = {}", a.sum_axis(Axis::<0>));
    println!("a.max_axis(Axis::<1>) = {}", a.max_axis(Axis::<1>));
    println!("a · aᵀ =\n{}", a.matmul(&a.view().t())?);
    match a.try_add(&tensor![1.0, 2.0]) {
        Ok(_) => unreachable!(),
        Err(e) => println!("a + [1, 2]: {e}"),
    }

    println!("\n== Everyday operations: iteration by axis, joins, maths, statistics");
    let img: Tensor<f32, 3> = Tensor::from_fn([2, 3, 4], |[c, i, j]| (c * 12 + i * 4 + j) as f32);
    for (c, plane) in img.outer_iter().enumerate() {
        println!(
            "channel {c}: a rank-2 view of shape {:?}, mean {}",
            plane.shape(),
            plane.mean()
        );
    }
    let joined = concatenate(Axis::<1>, &[a.view(), a.view()])?;
    println!("concatenate along axis 1: shape {:?}", joined.shape());
    println!(
        "stack along a new axis 0: shape {:?}",
        stack(Axis::<0>, &[a.view(), a.view()])?.shape()
    );
    println!("a.exp() =\n{}", a.exp());
    println!("a > 2:\n{}", a.gt(2.0));
    println!("var along axis 0 (ddof = 1): {}", a.var_axis(Axis::<0>, 1)?);
    println!("argmax along axis 1: {}", a.argmax_axis(Axis::<1>)?);
    println!("cumsum along axis 1:\n{}", a.cumsum(Axis::<1>));
    let mut scaled: Tensor<f64, 2> = Tensor::zeros([2, 3]);
    Zip::from_mut(&mut scaled)
        .and(&a)
        .and(&b)
        .for_each(|o, &x, &y| *o = x * y)?;
    println!("Zip of out, a and b broadcast:\n{scaled}");
    println!("linspace(0, 1, 5) = {}", Tensor::linspace(0.0, 1.0, 5));

    println!("\n== No allocator needed");
    let small = inline_tensor![[1u8, 2], [3, 4]];
    println!("inline_tensor! lives in a [u8; 4]:\n{small}");

    println!("\n== Errors say what and where");
    match Tensor::from_vec(vec![1, 2, 3], [2, 2]) {
        Ok(_) => unreachable!(),
        Err(e) => println!("from_vec(vec![1, 2, 3], [2, 2]): {e}"),
    }
    match m.layout().try_offset_of([0, 7]) {
        Ok(_) => unreachable!(),
        Err(e) => println!("try_offset_of([0, 7]): {e}"),
    }

    println!("\n== Large tensors are summarised");
    let big = Tensor::from_fn([100, 100], |[i, j]| i * 100 + j);
    println!("{big}");
    Ok(())
}
