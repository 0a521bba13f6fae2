//! Integer sort keys of the primitive numbers, in NumPy's order (ascending, `-0.0` equal to
//! `0.0`, NaN last), so that `argsort` of them sorts integers: the key and the index packed in
//! one `u64` where the key has 32 bits (sorted by a radix sort, stable by construction), or
//! `(key, index)` pairs where it has 64. Any other element type takes the comparison sort.

use core::any::TypeId;

use alloc::vec::Vec;

/// The width of `T`'s key: 32 or 64 bits for the primitive numbers, `None` for other types.
fn key_bits<T>() -> Option<u32> {
    let t = typeid::of::<T>();
    let any = |types: &[TypeId]| types.contains(&t);
    if any(&[
        TypeId::of::<f32>(),
        TypeId::of::<i32>(),
        TypeId::of::<u32>(),
        TypeId::of::<i16>(),
        TypeId::of::<u16>(),
        TypeId::of::<i8>(),
        TypeId::of::<u8>(),
    ]) {
        Some(32)
    } else if any(&[
        TypeId::of::<f64>(),
        TypeId::of::<i64>(),
        TypeId::of::<u64>(),
        TypeId::of::<isize>(),
        TypeId::of::<usize>(),
    ]) {
        Some(64)
    } else {
        None
    }
}

/// `x` read as a `U`.
///
/// # Safety
///
/// `T` is `U`.
#[inline(always)]
unsafe fn read_as<T, U: Copy>(x: &T) -> U {
    // SAFETY: `T` is `U` (the caller's contract), so this reads a `U` from a valid `U`.
    unsafe { core::ptr::read((x as *const T).cast::<U>()) }
}

/// The 32-bit key of `x`, whose type has one (`key_bits` is 32).
#[inline(always)]
fn key32<T>(x: &T) -> u32 {
    let t = typeid::of::<T>();
    // In each arm `T` is the type read (same type id).
    if t == TypeId::of::<f32>() {
        // SAFETY: `T` is `f32`.
        let f: f32 = unsafe { read_as(x) };
        if f.is_nan() {
            return u32::MAX;
        }
        // `-0.0` sorts with `0.0`; negative numbers below positive ones, in order.
        let b = if f == 0.0 { 0 } else { f.to_bits() };
        if b >> 31 == 1 { !b } else { b | 1 << 31 }
    } else if t == TypeId::of::<i32>() {
        // SAFETY: `T` is `i32`.
        (unsafe { read_as::<T, i32>(x) } as u32) ^ 1 << 31
    } else if t == TypeId::of::<u32>() {
        // SAFETY: `T` is `u32`.
        unsafe { read_as(x) }
    } else if t == TypeId::of::<i16>() {
        // SAFETY: `T` is `i16`.
        (i32::from(unsafe { read_as::<T, i16>(x) }) as u32) ^ 1 << 31
    } else if t == TypeId::of::<u16>() {
        // SAFETY: `T` is `u16`.
        u32::from(unsafe { read_as::<T, u16>(x) })
    } else if t == TypeId::of::<i8>() {
        // SAFETY: `T` is `i8`.
        (i32::from(unsafe { read_as::<T, i8>(x) }) as u32) ^ 1 << 31
    } else if t == TypeId::of::<u8>() {
        // SAFETY: `T` is `u8`.
        u32::from(unsafe { read_as::<T, u8>(x) })
    } else {
        0
    }
}

/// The 64-bit key of `x`, whose type has one (`key_bits` is 64).
#[inline(always)]
fn key64<T>(x: &T) -> u64 {
    let t = typeid::of::<T>();
    // In each arm `T` is the type read (same type id).
    if t == TypeId::of::<f64>() {
        // SAFETY: `T` is `f64`.
        let f: f64 = unsafe { read_as(x) };
        if f.is_nan() {
            return u64::MAX;
        }
        let b = if f == 0.0 { 0 } else { f.to_bits() };
        if b >> 63 == 1 { !b } else { b | 1 << 63 }
    } else if t == TypeId::of::<i64>() {
        // SAFETY: `T` is `i64`.
        (unsafe { read_as::<T, i64>(x) } as u64) ^ 1 << 63
    } else if t == TypeId::of::<u64>() {
        // SAFETY: `T` is `u64`.
        unsafe { read_as(x) }
    } else if t == TypeId::of::<isize>() {
        // SAFETY: `T` is `isize`.
        (unsafe { read_as::<T, isize>(x) } as i64 as u64) ^ 1 << 63
    } else if t == TypeId::of::<usize>() {
        // SAFETY: `T` is `usize`.
        unsafe { read_as::<T, usize>(x) as u64 }
    } else {
        0
    }
}

/// Lanes shorter than this sort their packed keys by comparison; longer ones by radix.
const RADIX_MIN_LEN: usize = 1024;

/// Appends to `out` the indices that sort `lane` stably in NumPy's order, through integer
/// keys; returns `false` (and appends nothing) when `T` has none.
pub(super) fn argsort_by_keys<T>(lane: &[T], out: &mut Vec<usize>, scratch: &mut Vec<u64>) -> bool {
    let n = lane.len();
    match key_bits::<T>() {
        Some(32) if u32::try_from(n).is_ok() => {
            scratch.clear();
            scratch.extend(
                lane.iter()
                    .zip(0u64..)
                    .map(|(x, i)| u64::from(key32(x)) << 32 | i),
            );
            if n >= RADIX_MIN_LEN {
                radix_sort_high_half(scratch);
            } else {
                scratch.sort_unstable();
            }
            out.extend(scratch.iter().map(|&p| (p & 0xffff_ffff) as usize));
            true
        }
        Some(64) => {
            let mut pairs: Vec<(u64, usize)> = lane.iter().map(key64).zip(0..).collect();
            pairs.sort_unstable();
            out.extend(pairs.iter().map(|p| p.1));
            true
        }
        _ => false,
    }
}

/// Sorts `v` by its upper 32 bits, stably (an LSD radix sort of four 8-bit digits, skipping
/// digits every value shares).
fn radix_sort_high_half(v: &mut Vec<u64>) {
    let n = v.len();
    let mut counts = [[0usize; 256]; 4];
    for &x in v.iter() {
        for (d, c) in counts.iter_mut().enumerate() {
            c[((x >> (32 + 8 * d)) & 0xff) as usize] += 1;
        }
    }
    let mut other = alloc::vec![0u64; n];
    let mut in_v = true;
    for (d, c) in counts.iter().enumerate() {
        if c.contains(&n) {
            continue;
        }
        let mut offsets = [0usize; 256];
        let mut sum = 0;
        for (o, &k) in offsets.iter_mut().zip(c) {
            *o = sum;
            sum += k;
        }
        let (src, dst) = if in_v {
            (&v[..], &mut other[..])
        } else {
            (&other[..], &mut v[..])
        };
        for &x in src {
            let b = ((x >> (32 + 8 * d)) & 0xff) as usize;
            dst[offsets[b]] = x;
            offsets[b] += 1;
        }
        in_v = !in_v;
    }
    if !in_v {
        *v = other;
    }
}
