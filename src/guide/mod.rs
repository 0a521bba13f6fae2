//! Guides to the crate's parts, and for users of other array libraries: each of their everyday
//! calls under its `ranked` name, with the differences to expect. Every example is compiled and
//! run as a test.
//!
//! - [Coming from NumPy](coming_from_numpy): an index of NumPy names.
//! - [Coming from ndarray](coming_from_ndarray): ndarray's calls side by side.
//! - [Views, reshape and the dynamic rank](views): every view operation with the rank it
//!   returns, reshaping without a copy, run-time ranks, and the storage kinds.
//! - [Compile errors](compile_errors): each mistake the types catch, and what the compiler
//!   says.
//! - [Everyday operations](everyday): iteration by axis, joins, maths, comparisons,
//!   statistics, constructors, sorting, indexing and masks at work.
//! - [The Python Array API standard](array_api): each of its functions and the `ranked` call
//!   that does the same.

pub mod coming_from_numpy {
    #![doc = include_str!("coming_from_numpy.md")]
}

pub mod coming_from_ndarray {
    #![doc = include_str!("coming_from_ndarray.md")]
}

pub mod views {
    #![doc = include_str!("views.md")]
}

pub mod compile_errors {
    #![doc = include_str!("compile_errors.md")]
}

pub mod everyday {
    #![doc = include_str!("everyday.md")]
}

pub mod array_api {
    #![doc = include_str!("array_api.md")]
}
