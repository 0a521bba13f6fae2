//! `serde` support (feature `serde`): every tensor and view serialises as `{shape, data}` —
//! the shape, then the elements in logical (row-major) order, whatever the layout — and
//! [`Tensor`] deserialises from that form, checking rank, shape and data length.
//!
//! ```
//! use ranked::{Tensor, tensor};
//!
//! let t = tensor![[1, 2, 3], [4, 5, 6]];
//! let json = serde_json::to_string(&t.view().t()).unwrap();
//! assert_eq!(json, r#"{"shape":[3,2],"data":[1,4,2,5,3,6]}"#);
//! let back: Tensor<i32, 2> = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, t.view().t());
//!
//! // Wrong rank, wrong length, overflowing shapes: errors, never a panic.
//! assert!(serde_json::from_str::<Tensor<i32, 3>>(&json).is_err());
//! assert!(serde_json::from_str::<Tensor<i32, 2>>(r#"{"shape":[2,2],"data":[1,2,3]}"#).is_err());
//! ```

use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::storage::Storage;
use crate::tensor::{Tensor, TensorBase};

/// The elements of a tensor in logical order, as a sequence.
struct Elements<'a, S: Storage, const R: usize>(&'a TensorBase<S, R>);

impl<S: Storage, const R: usize> Serialize for Elements<'_, S, R>
where
    S::Elem: Serialize,
{
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

impl<S: Storage, const R: usize> Serialize for TensorBase<S, R>
where
    S::Elem: Serialize,
{
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut s = serializer.serialize_struct("Tensor", 2)?;
        s.serialize_field("shape", self.shape().as_slice())?;
        s.serialize_field("data", &Elements(self))?;
        s.end()
    }
}

const FIELDS: &[&str] = &["shape", "data"];

enum Field {
    Shape,
    Data,
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FieldVisitor;
        impl Visitor<'_> for FieldVisitor {
            type Value = Field;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`shape` or `data`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                match v {
                    "shape" => Ok(Field::Shape),
                    "data" => Ok(Field::Data),
                    other => Err(E::unknown_field(other, FIELDS)),
                }
            }
        }
        deserializer.deserialize_identifier(FieldVisitor)
    }
}

/// The shape as exactly `R` sizes.
struct Shape<const R: usize>([usize; R]);

impl<'de, const R: usize> Deserialize<'de> for Shape<R> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ShapeVisitor<const R: usize>;
        impl<'de, const R: usize> Visitor<'de> for ShapeVisitor<R> {
            type Value = Shape<R>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a shape of {R} sizes")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Shape<R>, A::Error> {
                let mut shape = [0usize; R];
                for (i, slot) in shape.iter_mut().enumerate() {
                    *slot = seq
                        .next_element()?
                        .ok_or_else(|| de::Error::invalid_length(i, &self))?;
                }
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(R + 1, &self));
                }
                Ok(Shape(shape))
            }
        }
        deserializer.deserialize_seq(ShapeVisitor::<R>)
    }
}

/// A tensor from its shape and data, or the reason it cannot be one. A stored shape is read
/// as written: its element count must exist before the constructor sees it, which would read
/// a size `usize::MAX` (`INFER`) as one to infer.
fn build<T, const R: usize, E: de::Error>(
    shape: [usize; R],
    data: Vec<T>,
) -> Result<Tensor<T, R>, E> {
    crate::layout::checked_len(&shape)
        .and_then(|_| Tensor::from_vec(data, shape))
        .map_err(|err| E::custom(format_args!("{err}")))
}

struct TensorVisitor<T, const R: usize>(PhantomData<T>);

impl<'de, T: Deserialize<'de>, const R: usize> Visitor<'de> for TensorVisitor<T, R> {
    type Value = Tensor<T, R>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a rank-{R} tensor as {{shape, data}}")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Tensor<T, R>, A::Error> {
        let Shape(shape) = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let data: Vec<T> = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        build(shape, data)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tensor<T, R>, A::Error> {
        let (mut shape, mut data) = (None, None);
        while let Some(key) = map.next_key()? {
            match key {
                Field::Shape if shape.is_some() => return Err(de::Error::duplicate_field("shape")),
                Field::Data if data.is_some() => return Err(de::Error::duplicate_field("data")),
                Field::Shape => shape = Some(map.next_value::<Shape<R>>()?.0),
                Field::Data => data = Some(map.next_value::<Vec<T>>()?),
            }
        }
        let shape = shape.ok_or_else(|| de::Error::missing_field("shape"))?;
        let data = data.ok_or_else(|| de::Error::missing_field("data"))?;
        build(shape, data)
    }
}

impl<'de, T: Deserialize<'de>, const R: usize> Deserialize<'de> for Tensor<T, R> {
    /// Reads the `{shape, data}` form (a map or a two-element sequence). Errors, never a
    /// panic: a shape of another rank, a negative or non-integer size, sizes whose product
    /// overflows, a data length that is not that product.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("Tensor", FIELDS, TensorVisitor(PhantomData))
    }
}
