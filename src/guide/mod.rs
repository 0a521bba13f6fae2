//! Guides for users of other array libraries: each of their everyday calls under its `ranked`
//! name, with the differences to expect. Every example is compiled and run as a test.
//!
//! - [Coming from NumPy](coming_from_numpy): an index of NumPy names.
//! - [Coming from ndarray](coming_from_ndarray): ndarray's calls side by side.
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

pub mod everyday {
    #![doc = include_str!("everyday.md")]
}

pub mod array_api {
    #![doc = include_str!("array_api.md")]
}
