//! `Display` like NumPy's, and a `Debug` that also shows the layout.
//!
//! Elements are right-aligned to the widest one shown (or to the requested width, if larger);
//! the precision of the format string applies to each element, so `{:8.4}` prints a 2 × 3
//! matrix as
//!
//! ```text
//! [[  1.0000   2.0000   3.0000]
//!  [  4.0000   5.0000   6.0000]]
//! ```
//!
//! Tensors with more than [`SUMMARY_THRESHOLD`] elements are summarised: each axis longer than
//! `2 × EDGE_ITEMS` shows its first and last [`EDGE_ITEMS`] entries around a `...`.
//! Nothing allocates: widths are measured by formatting into a counter.

use core::fmt::{self, Write};

use crate::layout::parts;
use crate::storage::{Storage, ViewRepr};
use crate::tensor::TensorBase;

/// Tensors with more elements than this are printed in summarised form (NumPy's default).
pub const SUMMARY_THRESHOLD: usize = 1000;

/// How many entries a summarised axis shows at each end.
pub const EDGE_ITEMS: usize = 3;

/// Counts the characters written to it.
struct Counter(usize);

impl Write for Counter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

/// Formats one element into any writer, honouring a precision.
type ElemFmt<T> = fn(&T, Option<usize>, &mut dyn Write) -> fmt::Result;

fn display_elem<T: fmt::Display>(
    x: &T,
    precision: Option<usize>,
    w: &mut dyn Write,
) -> fmt::Result {
    match precision {
        Some(p) => write!(w, "{x:.p$}"),
        None => write!(w, "{x}"),
    }
}

fn debug_elem<T: fmt::Debug>(x: &T, precision: Option<usize>, w: &mut dyn Write) -> fmt::Result {
    match precision {
        Some(p) => write!(w, "{x:.p$?}"),
        None => write!(w, "{x:?}"),
    }
}

/// The positions shown along an axis of size `dim`: `Some(i)` for an entry, `None` for `...`.
fn visible(dim: usize, summarize: bool) -> impl Iterator<Item = Option<usize>> {
    let cut = summarize && dim > 2 * EDGE_ITEMS;
    let (head, tail_start) = if cut {
        (EDGE_ITEMS, dim - EDGE_ITEMS)
    } else {
        (dim, dim)
    };
    (0..head)
        .map(Some)
        .chain(cut.then_some(None))
        .chain((tail_start..dim).map(Some))
}

/// Prints the elements of one layout over `data`, using the shared stride arithmetic.
///
/// Invariant: the layout is valid for `data` (invariant 1 of the tensor types), as
/// [`Printer::new`]'s caller promised.
pub(crate) struct Printer<'a, T> {
    data: ViewRepr<'a, T>,
    layout: parts::RawLayout<'a>,
    summarize: bool,
    precision: Option<usize>,
    elem: ElemFmt<T>,
}

impl<'a, T> Printer<'a, T> {
    /// # Safety
    ///
    /// `layout` is valid for `data`: they are one tensor's (invariant 1 of the tensor types).
    pub(crate) unsafe fn new(
        data: ViewRepr<'a, T>,
        layout: parts::RawLayout<'a>,
        f: &fmt::Formatter<'_>,
        elem: ElemFmt<T>,
    ) -> Self {
        let len = crate::layout::checked_len(layout.shape).unwrap_or(0);
        Self {
            data,
            layout,
            summarize: len > SUMMARY_THRESHOLD,
            precision: f.precision(),
            elem,
        }
    }

    fn rank(&self) -> usize {
        self.layout.shape.len()
    }

    fn element(&self, index: &[usize]) -> &T {
        let pos = parts::offset_in_bounds(self.layout.strides, self.layout.offset, index);
        // SAFETY: the printer's invariant: `index` is in bounds, so `pos` is reached by the
        // layout.
        unsafe { self.data.get(pos) }
    }

    /// The widest formatted element among those shown.
    fn measure(&self, depth: usize, index: &mut [usize]) -> usize {
        if depth == self.rank() {
            let mut counter = Counter(0);
            // Writing into a counter cannot fail unless the element's own impl fails; a failing
            // impl fails again when printed, so its width does not matter.
            let _ = (self.elem)(self.element(index), self.precision, &mut counter);
            return counter.0;
        }
        let mut widest = 0;
        for i in visible(self.layout.shape[depth], self.summarize).flatten() {
            index[depth] = i;
            widest = widest.max(self.measure(depth + 1, index));
        }
        widest
    }

    fn print(
        &self,
        f: &mut fmt::Formatter<'_>,
        width: usize,
        depth: usize,
        index: &mut [usize],
    ) -> fmt::Result {
        let rank = self.rank();
        if depth == rank {
            let x = self.element(index);
            let mut counter = Counter(0);
            let _ = (self.elem)(x, self.precision, &mut counter);
            let pad = width.saturating_sub(counter.0);
            let left = matches!(f.align(), Some(fmt::Alignment::Left));
            if !left {
                write_repeated(f, ' ', pad)?;
            }
            (self.elem)(x, self.precision, f)?;
            if left {
                write_repeated(f, ' ', pad)?;
            }
            return Ok(());
        }
        f.write_char('[')?;
        for (k, item) in visible(self.layout.shape[depth], self.summarize).enumerate() {
            if k > 0 {
                if depth + 1 == rank {
                    f.write_char(' ')?;
                } else {
                    // One newline per remaining axis level, then indent under the bracket.
                    write_repeated(f, '\n', rank - depth - 1)?;
                    write_repeated(f, ' ', depth + 1)?;
                }
            }
            match item {
                Some(i) => {
                    index[depth] = i;
                    self.print(f, width, depth + 1, index)?;
                }
                None => f.write_str("...")?,
            }
        }
        f.write_char(']')
    }

    /// Prints the whole tensor; `index` is scratch space of the tensor's rank.
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>, index: &mut [usize]) -> fmt::Result {
        let empty = self.layout.is_empty();
        if empty && self.rank() > 0 {
            // Print the bracket structure down to the first empty axis.
            return self.print_empty(f, 0);
        }
        let measured = self.measure(0, index);
        let width = f.width().unwrap_or(0).max(measured);
        self.print(f, width, 0, index)
    }

    fn print_empty(&self, f: &mut fmt::Formatter<'_>, depth: usize) -> fmt::Result {
        let rank = self.rank();
        f.write_char('[')?;
        let dim = self.layout.shape[depth];
        if dim > 0 && depth + 1 < rank {
            for k in 0..dim.min(EDGE_ITEMS) {
                if k > 0 {
                    write_repeated(f, '\n', rank - depth - 1)?;
                    write_repeated(f, ' ', depth + 1)?;
                }
                self.print_empty(f, depth + 1)?;
            }
            if dim > EDGE_ITEMS {
                write_repeated(f, '\n', rank - depth - 1)?;
                write_repeated(f, ' ', depth + 1)?;
                f.write_str("...")?;
            }
        }
        f.write_char(']')
    }
}

fn write_repeated(f: &mut fmt::Formatter<'_>, c: char, n: usize) -> fmt::Result {
    (0..n).try_for_each(|_| f.write_char(c))
}

/// Formats `data` under `layout` with `Display` elements; `index` is scratch of the rank.
///
/// # Safety
///
/// As [`Printer::new`].
pub(crate) unsafe fn display<T: fmt::Display>(
    data: ViewRepr<'_, T>,
    layout: parts::RawLayout<'_>,
    index: &mut [usize],
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    // SAFETY: the caller's contract.
    unsafe { Printer::new(data, layout, f, display_elem::<T>) }.write(f, index)
}

/// Formats shape, strides, offset and kind, then the elements with `Debug`.
///
/// # Safety
///
/// As [`Printer::new`].
pub(crate) unsafe fn debug<T: fmt::Debug>(
    data: ViewRepr<'_, T>,
    layout: parts::RawLayout<'_>,
    kind: crate::LayoutKind,
    index: &mut [usize],
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    struct Data<'p, 'a, 'i, T> {
        printer: &'p Printer<'a, T>,
        index: core::cell::RefCell<&'i mut [usize]>,
    }
    impl<T> fmt::Debug for Data<'_, '_, '_, T> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.printer.write(f, &mut self.index.borrow_mut())
        }
    }
    // SAFETY: the caller's contract.
    let printer = unsafe { Printer::new(data, layout, f, debug_elem::<T>) };
    f.debug_struct("Tensor")
        .field("shape", &layout.shape)
        .field("strides", &layout.strides)
        .field("offset", &layout.offset)
        .field("layout", &format_args!("{kind}"))
        .field(
            "data",
            &Data {
                printer: &printer,
                index: core::cell::RefCell::new(index),
            },
        )
        .finish()
}

/// NumPy-style nested brackets with aligned columns; width and precision apply to every
/// element, and large tensors are summarised with `...`.
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let t = tensor![[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]];
/// assert_eq!(format!("{t:8.4}"), "[[  1.0000   2.0000   3.0000]\n [  4.0000   5.0000   6.0000]]");
/// assert_eq!(format!("{}", tensor![[1, -20], [300, 4]]), "[[  1 -20]\n [300   4]]");
/// ```
impl<S: Storage, const R: usize> fmt::Display for TensorBase<S, R>
where
    S::Elem: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let view = self.view();
        let (data, layout) = view.into_raw_parts();
        // SAFETY: one view's storage and layout (invariant 1).
        unsafe { display(data, layout.parts(), &mut [0; R], f) }
    }
}

/// Shape, strides, offset and layout kind, then the elements (formatted with `Debug`).
///
/// # Examples
///
/// ```
/// use ranked::tensor;
///
/// let t = tensor![[1, 2], [3, 4]];
/// assert_eq!(
///     format!("{t:?}"),
///     "Tensor { shape: [2, 2], strides: [2, 1], offset: 0, layout: C-contiguous, data: [[1 2]\n [3 4]] }"
/// );
/// ```
impl<S: Storage, const R: usize> fmt::Debug for TensorBase<S, R>
where
    S::Elem: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let view = self.view();
        let (data, layout) = view.into_raw_parts();
        // SAFETY: one view's storage and layout (invariant 1).
        unsafe { debug(data, layout.parts(), layout.kind(), &mut [0; R], f) }
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use alloc::format;

    use crate::{Layout, Tensor, TensorView};

    #[test]
    fn rank_zero_and_one() {
        assert_eq!(format!("{}", Tensor::full([], 7)), "7");
        assert_eq!(
            format!("{}", Tensor::from_vec(alloc::vec![1, 22, 3], [3]).unwrap()),
            "[ 1 22  3]"
        );
    }

    #[test]
    fn rank_three_blocks_are_separated_by_blank_lines() {
        let t = Tensor::from_fn([2, 2, 2], |[i, j, k]| 4 * i + 2 * j + k);
        assert_eq!(format!("{t}"), "[[[0 1]\n  [2 3]]\n\n [[4 5]\n  [6 7]]]");
    }

    #[test]
    fn width_precision_and_alignment() {
        let t = Tensor::from_vec(alloc::vec![1.5f64, -2.75], [2]).unwrap();
        assert_eq!(format!("{t:.1}"), "[ 1.5 -2.8]");
        assert_eq!(format!("{t:7.2}"), "[   1.50   -2.75]");
        assert_eq!(format!("{t:<6.1}"), "[1.5    -2.8  ]");
    }

    #[test]
    fn large_tensors_are_summarised() {
        let t = Tensor::from_fn([40, 40], |[i, j]| i * 40 + j);
        let s = format!("{t}");
        let lines: alloc::vec::Vec<&str> = s.lines().collect();
        assert_eq!(lines.len(), 7);
        assert_eq!(lines[0], "[[   0    1    2 ...   37   38   39]");
        assert_eq!(lines[3], " ...");
        assert_eq!(lines[6], " [1560 1561 1562 ... 1597 1598 1599]]");
        let small = Tensor::from_fn([10, 10], |[i, j]| i * 10 + j);
        assert!(!format!("{small}").contains("..."));
    }

    #[test]
    fn empty_tensors() {
        assert_eq!(format!("{}", Tensor::<i32, 1>::zeros([0])), "[]");
        assert_eq!(format!("{}", Tensor::<i32, 2>::zeros([2, 0])), "[[]\n []]");
        assert_eq!(format!("{}", Tensor::<i32, 2>::zeros([0, 3])), "[]");
    }

    #[test]
    fn strided_views_print_in_logical_order() {
        let data = [1, 2, 3, 4, 5, 6];
        let t =
            TensorView::from_raw_parts(&data[..], Layout::from_parts([3, 2], [-1, 3], 2)).unwrap();
        assert_eq!(format!("{t}"), "[[3 6]\n [2 5]\n [1 4]]");
        let dbg = format!("{t:?}");
        assert!(
            dbg.starts_with("Tensor { shape: [3, 2], strides: [-1, 3], offset: 2, layout: strided")
        );
    }
}
