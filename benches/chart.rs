//! The chart of the results file: every ratio of every row as one horizontal bar, drawn as SVG
//! with `plotters`, so the state of all benchmarks is seen at a glance.
//!
//! Each bar is our speed relative to one contender of its row, on a logarithmic axis: right of
//! 1, ours is faster than a peer (green) or nearer the physical limit (`memcpy`, `to_vec`, a
//! contiguous fold: blue, where 1 is the limit); left of 1, the peer is faster (red).

use plotters::prelude::*;

/// One bar: the row's benchmark and whom it is compared with, our speed relative to it, and
/// whether that contender is a physical limit rather than a peer.
struct Bar {
    /// The benchmark and the contender.
    label: String,
    /// Our speed relative to the contender's.
    speed: f64,
    /// Whether the contender is a physical limit (its throughput is the most ours can reach).
    limit: bool,
}

/// A bar's label, with its value.
fn label(bar: &Bar) -> String {
    format!("{}: {:.2}", bar.label, bar.speed)
}

/// The first number in `text` (digits and dots).
fn number(text: &str) -> Option<f64> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let rest = &text[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// The bars of one cell of a row's ratios, as `report` and `report_spread` write them.
fn bars_of(id: &str, cell: &str) -> Option<Bar> {
    let cell = cell.trim();
    let short: String = id.chars().take(72).collect();
    if let Some(rest) = cell.strip_prefix("ours/") {
        // "ours/NAME = r", or "ours/HPTT: median r, from a to b": a ratio of times.
        let (name, value) = rest
            .split_once(" = ")
            .or_else(|| rest.split_once(": median "))?;
        return Some(Bar {
            label: format!("{short} — vs {name}"),
            speed: 1.0 / number(value)?,
            limit: false,
        });
    }
    if let Some((before, _)) = cell.split_once("x the speed of the ") {
        // "s x the speed of the sequential form": a speed-up.
        return Some(Bar {
            label: format!("{short} — vs sequential"),
            speed: number(before)?,
            limit: false,
        });
    }
    // "NAME: fx its throughput" or "memcpy: median fx its throughput, worst …".
    let (name, value) = cell.split_once(": ")?;
    let value = value.strip_prefix("median ").unwrap_or(value);
    Some(Bar {
        label: format!("{short} — of {name}"),
        speed: number(value)?,
        limit: true,
    })
}

/// Draws every ratio of `rows` (the results table's lines) into the SVG file `path`.
pub fn write(rows: &[String], path: &std::path::Path) -> Result<(), String> {
    let mut bars = Vec::new();
    for row in rows.iter().filter(|r| r.starts_with("| B")) {
        let cells: Vec<&str> = row.trim_matches('|').split(" | ").collect();
        let (Some(id), Some(ratios)) = (cells.first(), cells.get(2)) else {
            continue;
        };
        bars.extend(
            ratios
                .split("; ")
                .filter_map(|cell| bars_of(id.trim(), cell)),
        );
    }
    if bars.is_empty() {
        return Err("no ratios to draw".to_string());
    }
    let (low, high) = (1.0 / 32.0, 32.0);
    let height = 80 + 16 * bars.len() as u32;
    let root = SVGBackend::new(path, (1400, height)).into_drawing_area();
    let fail = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| fail(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .margin(10)
        .caption(
            "ranked's speed relative to each contender (log scale; right of 1 is faster)",
            ("sans-serif", 18),
        )
        .x_label_area_size(30)
        .y_label_area_size(470)
        .build_cartesian_2d((low..high).log_scale(), (0..bars.len()).into_segmented())
        .map_err(|e| fail(&e))?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(bars.len())
        .y_label_formatter(&|at| match at {
            // The first row at the top.
            SegmentValue::CenterOf(i) => bars
                .len()
                .checked_sub(i + 1)
                .and_then(|k| bars.get(k))
                .map_or(String::new(), label),
            _ => String::new(),
        })
        .y_label_style(("sans-serif", 11))
        .x_desc(
            "our speed / theirs (for memcpy, to_vec and folds: the fraction of their throughput)",
        )
        .draw()
        .map_err(|e| fail(&e))?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, bar)| {
            let colour = if bar.limit {
                BLUE.mix(0.6)
            } else if bar.speed >= 1.0 {
                GREEN.mix(0.7)
            } else {
                RED.mix(0.7)
            };
            // A bar beyond the axis ends at its edge; its label gives the value.
            let speed = bar.speed.clamp(low, high);
            let (from, to) = if speed >= 1.0 {
                (1.0, speed)
            } else {
                (speed, 1.0)
            };
            let at = bars.len() - 1 - i;
            Rectangle::new(
                [
                    (from, SegmentValue::Exact(at)),
                    (to, SegmentValue::Exact(at + 1)),
                ],
                colour.filled(),
            )
        }))
        .map_err(|e| fail(&e))?;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![
                (1.0, SegmentValue::Exact(0)),
                (1.0, SegmentValue::Exact(bars.len())),
            ],
            BLACK,
        )))
        .map_err(|e| fail(&e))?;
    root.present().map_err(|e| fail(&e))
}
