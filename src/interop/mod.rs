//! Bridges to other crates of the Rust numerics ecosystem, each behind its own feature:
//!
//! | feature | what it adds |
//! |---|---|
//! | `serde` | `Serialize` for every tensor and view, `Deserialize` for [`Tensor`](crate::Tensor): a `{shape, data}` form, validated |
//! | `approx` | `AbsDiffEq`, `RelativeEq` and `UlpsEq` between tensors of equal rank |

#[cfg(feature = "approx")]
mod approx;
#[cfg(feature = "serde")]
mod serde;
