//! Masks of many words or bytes at once: which of a band's words hold a cell, which cells
//! of a band hold a value. The band layer asks these at every placement, and the compiler,
//! left to itself, takes the words apart one by one (a test, a set and a shift each); on
//! x86-64 a compare and a mask move (`movmskps`, `pmovmskb`) do four words or sixteen bytes
//! (the 9x9 searches 1.06x, `docs/performance.md`). Elsewhere, and as the reference the
//! tests hold them to, plain loops.

/// Which entries are not zero: bit i for entry i (N <= 32).
#[inline]
pub(crate) fn nonzero<const N: usize>(x: &[u32; N]) -> u32 {
    debug_assert!(N <= 32);
    simd::nonzero(x)
}

/// Which of the bytes equal `v`: bit i for byte i.
#[inline]
pub(crate) fn equal(bytes: &[u8; 32], v: u8) -> u32 {
    simd::equal(bytes, v)
}

/// The plain loops: the code on other targets, and the tests' reference.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
mod plain {
    #[inline]
    pub(super) fn nonzero(x: &[u32]) -> u32 {
        let mut mask = 0;
        for (i, &v) in x.iter().enumerate() {
            mask |= u32::from(v != 0) << i;
        }
        mask
    }

    #[inline]
    pub(super) fn equal(bytes: &[u8; 32], v: u8) -> u32 {
        let mut mask = 0;
        for (i, &x) in bytes.iter().enumerate() {
            mask |= u32::from(x == v) << i;
        }
        mask
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use plain as simd;

/// SSE2, part of every x86-64 processor. Rust marks its intrinsics unsafe only because the
/// processor must have it: the module is compiled only where `target_feature = "sse2"`
/// holds for the whole build (debug builds also ask the processor), and no intrinsic used
/// here reads or writes memory (the lanes are values built from arrays the caller lends).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod simd {
    use std::arch::x86_64::{
        _mm_castsi128_ps, _mm_cmpeq_epi8, _mm_cmpeq_epi32, _mm_movemask_epi8, _mm_movemask_ps,
        _mm_set_epi32, _mm_set_epi64x, _mm_set1_epi8, _mm_setzero_si128,
    };

    /// Four entries a compare and a mask move, the last few (fewer than four) one by one.
    #[inline]
    pub(super) fn nonzero(x: &[u32]) -> u32 {
        debug_assert!(std::arch::is_x86_feature_detected!("sse2"));
        let quads = x.chunks_exact(4);
        let (rest, done) = (quads.remainder(), x.len() - quads.remainder().len());
        let mut mask = 0;
        for (i, q) in quads.enumerate() {
            let q = [q[0], q[1], q[2], q[3]].map(|v| v as i32);
            // SAFETY: an intrinsic's one invariant is that the processor has its feature;
            // SSE2 is enabled for the whole build (the module's cfg), so every x86-64
            // processor this code runs on has it. No argument reaches that (these take
            // values, touch no memory and index nothing), so no caller, leak or panic can
            // break it.
            let zero = unsafe {
                let v = _mm_set_epi32(q[3], q[2], q[1], q[0]);
                _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(v, _mm_setzero_si128())))
            };
            mask |= (!zero as u32 & 15) << (4 * i);
        }
        for (i, &v) in rest.iter().enumerate() {
            mask |= u32::from(v != 0) << (done + i);
        }
        mask
    }

    /// Sixteen bytes a compare and a mask move.
    #[inline]
    pub(super) fn equal(bytes: &[u8; 32], v: u8) -> u32 {
        debug_assert!(std::arch::is_x86_feature_detected!("sse2"));
        let word = |i: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[8 * i..8 * i + 8]);
            i64::from_le_bytes(w)
        };
        // SAFETY: as in `nonzero`: SSE2 is enabled for the whole build, and these
        // intrinsics take values, touch no memory and index nothing, so no caller, leak or
        // panic can reach their one invariant.
        let (lo, hi) = unsafe {
            let v = _mm_set1_epi8(v as i8);
            let lo = _mm_set_epi64x(word(1), word(0));
            let hi = _mm_set_epi64x(word(3), word(2));
            (
                _mm_movemask_epi8(_mm_cmpeq_epi8(lo, v)),
                _mm_movemask_epi8(_mm_cmpeq_epi8(hi, v)),
            )
        };
        (lo as u32 & 0xffff) | (hi as u32) << 16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The masks against plain loops (and, on x86-64, the SSE2 code against the plain
    /// module), on random words and bytes.
    #[test]
    fn masks_at_once_match_plain_loops() {
        let mut rng = dlx_core::estimate::SplitMix64::new(11);
        for _ in 0..2000 {
            // Sparse words, so that zero entries come up often.
            let mut words = [0u32; 27];
            for w in &mut words {
                for _ in 0..rng.below(3) {
                    *w |= 1 << rng.below(27);
                }
            }
            let expected = words
                .iter()
                .enumerate()
                .fold(0, |m, (i, &v)| m | u32::from(v != 0) << i);
            assert_eq!(nonzero(&words), expected);
            let nine: [u32; 9] = words[..9].try_into().unwrap();
            assert_eq!(nonzero(&nine), expected & 0x1ff);
            let mut bytes = [u8::MAX; 32];
            for b in &mut bytes[..27] {
                *b = rng.below(10) as u8;
            }
            for v in 0..10 {
                let expected = bytes
                    .iter()
                    .enumerate()
                    .fold(0, |m, (i, &b)| m | u32::from(b == v) << i);
                assert_eq!(equal(&bytes, v), expected);
                assert_eq!(plain::equal(&bytes, v), expected);
            }
            assert_eq!(plain::nonzero(&words), nonzero(&words));
        }
    }
}
