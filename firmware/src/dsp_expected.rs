//! The DSP program's input and NumPy's results for it, written by
//! `firmware/data/make_dsp_expected.py`; not edited by hand.

pub const SIGNAL: [f32; 32] = [-6.0, 1.0, -5.0, 2.0, -4.0, 3.0, -3.0, 4.0, -2.0, 25.0, -1.0, 6.0, 0.0, -6.0, 1.0, -5.0, 2.0, -4.0, 3.0, -3.0, 4.0, -2.0, 25.0, -1.0, 6.0, 0.0, -6.0, 1.0, -5.0, 2.0, -4.0, -28.0];
pub const TAPS: [f32; 4] = [0.5, 0.25, 0.125, 0.125];
pub const THRESHOLD: f32 = 4.0;
pub const WEIGHTS: [f32; 12] = [1.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.25, 0.0, -1.0, 1.0];
pub const MOVING_AVERAGE: [f32; 29] = [-2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 6.0, 6.5, 7.0, 7.5, -0.25, 0.25, -2.5, -2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 6.0, 6.5, 7.0, 7.5, -0.25, 0.25, -2.5, -2.0, -1.5, -8.75];
pub const FIR: [f32; 29] = [-0.875, -2.0, 0.125, -1.0, 1.125, 0.0, 12.125, 6.0, 5.625, 4.5, -2.375, -0.25, -3.0, -0.875, -2.0, 0.125, -1.0, 1.125, 0.0, 12.125, 6.0, 5.625, 4.5, -2.375, -0.25, -3.0, -0.875, -2.0, -15.375];
pub const MEDIAN: [f32; 28] = [-4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0, -4.0, -4.0];
pub const STATISTICS: [f32; 5] = [0.0, 75.9375, 8.714212417602539, -28.0, 25.0];
pub const MASK: [bool; 32] = [false, false, false, false, false, false, false, false, false, true, false, true, false, false, false, false, false, false, false, false, false, false, true, false, true, false, false, false, false, false, false, false];
pub const SCORES: [f32; 3] = [0.0, 37.96875, 53.0];
