//! The sizes S of the primary items, one lane each, in header order: what the S heuristic
//! reads at every node, kept in a few vector registers instead of in the headers.
//!
//! A covered item's lane holds [`Lanes::COVERED`], above every size, so the first minimum
//! of all the lanes is the S heuristic's choice and a minimum of `COVERED` means that every
//! primary item is covered. Lanes past the last primary item hold `COVERED` too.
//!
//! Two widths: bytes (sizes up to 254, the commonest case: 16 items a register) and 16-bit
//! words (sizes up to 32,766). On x86-64 they are SSE2 registers; elsewhere plain arrays,
//! whose loops the compiler vectorises as it can. The tests check both against each other.

/// The sizes of up to [`Lanes::LEN`] primary items.
pub(crate) trait Lanes: Copy + Send + Sync + std::fmt::Debug + 'static {
    /// How many items the lanes hold.
    const LEN: usize;
    /// The value of a covered (or absent) item's lane.
    const COVERED: u32;

    /// Lanes whose value at lane `i` is `value(i)` for `i < LEN` (at most `COVERED`).
    fn from_fn(value: impl Fn(usize) -> u32) -> Self;

    /// Lane by lane, `self - other` (no lane goes below 0: the caller's invariant).
    fn sub(&mut self, other: &Self);

    /// Lane by lane, `self | other`: with `COVERED` lanes in `other`, covers those items.
    fn or(&mut self, other: &Self);

    /// The first lane holding the smallest value, and that value; `None` when every lane is
    /// `COVERED`.
    fn first_min(&self) -> Option<(usize, u32)>;

    /// The first lane not `COVERED` (the leftmost rule).
    fn first_open(&self) -> Option<usize>;

    /// The first lane holding 0 or 1 (the eager rule's forced moves).
    fn first_at_most_one(&self) -> Option<usize>;

    /// The value of lane `i`.
    #[cfg(test)]
    fn get(&self, i: usize) -> u32;
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) use sse2::{Bytes, Words};

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
pub(crate) use portable::{Bytes, Words};

/// Plain arrays: the lanes on every other target, and the reference the SSE2 lanes are
/// tested against.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
pub(crate) mod portable {
    use super::Lanes;

    /// Byte lanes: `16 * R` items, sizes up to 254.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) struct Bytes<const R: usize>([[u8; 16]; R]);

    /// 16-bit lanes: `8 * R` items, sizes up to 32,766.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub(crate) struct Words<const R: usize>([[u16; 8]; R]);

    macro_rules! portable_lanes {
        ($name:ident, $t:ty, $per:expr, $covered:expr) => {
            impl<const R: usize> Lanes for $name<R> {
                const LEN: usize = $per * R;
                const COVERED: u32 = $covered;

                fn from_fn(value: impl Fn(usize) -> u32) -> Self {
                    let mut lanes = [[0; $per]; R];
                    for (r, reg) in lanes.iter_mut().enumerate() {
                        for (i, lane) in reg.iter_mut().enumerate() {
                            let v = value($per * r + i).min(Self::COVERED);
                            *lane = <$t>::try_from(v).unwrap_or(<$t>::MAX);
                        }
                    }
                    $name(lanes)
                }

                #[inline(always)]
                fn sub(&mut self, other: &Self) {
                    for (a, b) in self.0.iter_mut().zip(&other.0) {
                        for (x, y) in a.iter_mut().zip(b) {
                            *x = x.wrapping_sub(*y);
                        }
                    }
                }

                #[inline(always)]
                fn or(&mut self, other: &Self) {
                    for (a, b) in self.0.iter_mut().zip(&other.0) {
                        for (x, y) in a.iter_mut().zip(b) {
                            *x |= *y;
                        }
                    }
                }

                #[inline(always)]
                fn first_min(&self) -> Option<(usize, u32)> {
                    let min = self.0.iter().flatten().copied().min()?;
                    if u32::from(min) >= Self::COVERED {
                        return None;
                    }
                    let at = self.0.iter().flatten().position(|&x| x == min)?;
                    Some((at, u32::from(min)))
                }

                #[inline(always)]
                fn first_open(&self) -> Option<usize> {
                    self.0
                        .iter()
                        .flatten()
                        .position(|&x| u32::from(x) < Self::COVERED)
                }

                #[inline(always)]
                fn first_at_most_one(&self) -> Option<usize> {
                    self.0.iter().flatten().position(|&x| x <= 1)
                }

                #[cfg(test)]
                #[cfg(test)]
                fn get(&self, i: usize) -> u32 {
                    u32::from(self.0[i / $per][i % $per])
                }
            }
        };
    }

    portable_lanes!(Bytes, u8, 16, 0xFF);
    portable_lanes!(Words, u16, 8, 0x7FFF);
}

/// SSE2 registers (part of every x86-64 processor): a minimum over 16 byte lanes is a few
/// instructions, where a walk of the header list is a chain of loads. Measured against the
/// plain arrays left to the compiler's vectoriser: 14 queens 0.30 s against 0.39 s, 12 queens
/// 62 M instructions against 92 M (`docs/performance.md`).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cmpeq_epi16, _mm_cvtsi128_si32, _mm_min_epi16, _mm_min_epu8,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_set1_epi16, _mm_setr_epi8,
        _mm_setr_epi16, _mm_srli_si128, _mm_sub_epi8, _mm_sub_epi16,
    };

    use super::Lanes;

    /// Safe functions over the SSE2 intrinsics this module uses, the only `unsafe` of it.
    macro_rules! safe {
        ($($(#[$m:meta])* fn $name:ident($($arg:ident: $t:ty),*) -> $r:ty = $body:expr;)*) => {
            $(
                $(#[$m])*
                #[inline(always)]
                fn $name($($arg: $t),*) -> $r {
                    // SAFETY: an SSE2 intrinsic is an `unsafe fn` only because running it on a
                    // processor without SSE2 would be undefined. This module is compiled only
                    // where `target_feature = "sse2"` holds for the whole build (every x86-64
                    // processor has it; the `cfg` above), so every call runs with SSE2. The
                    // intrinsics used here take and return register values and touch no
                    // memory: no argument (any lane values) and nothing a caller does (a leak,
                    // a panic, a wrong index elsewhere) can make a call undefined.
                    unsafe { $body }
                }
            )*
        };
    }

    safe! {
        fn min_u8(a: __m128i, b: __m128i) -> __m128i = _mm_min_epu8(a, b);
        fn min_i16(a: __m128i, b: __m128i) -> __m128i = _mm_min_epi16(a, b);
        fn sub_u8(a: __m128i, b: __m128i) -> __m128i = _mm_sub_epi8(a, b);
        fn sub_i16(a: __m128i, b: __m128i) -> __m128i = _mm_sub_epi16(a, b);
        fn or(a: __m128i, b: __m128i) -> __m128i = _mm_or_si128(a, b);
        /// One bit per byte: set where `a` and `b` hold the same byte.
        fn eq_u8(a: __m128i, b: __m128i) -> u32 = _mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) as u32;
        /// Two bits per 16-bit lane: set where `a` and `b` hold the same lane.
        fn eq_i16(a: __m128i, b: __m128i) -> u32 = _mm_movemask_epi8(_mm_cmpeq_epi16(a, b)) as u32;
        fn splat_u8(v: u32) -> __m128i = _mm_set1_epi8(v as u8 as i8);
        fn splat_i16(v: u32) -> __m128i = _mm_set1_epi16(v as u16 as i16);
        fn bytes_u8(b: [u8; 16]) -> __m128i = _mm_setr_epi8(
            b[0] as i8, b[1] as i8, b[2] as i8, b[3] as i8, b[4] as i8, b[5] as i8, b[6] as i8,
            b[7] as i8, b[8] as i8, b[9] as i8, b[10] as i8, b[11] as i8, b[12] as i8,
            b[13] as i8, b[14] as i8, b[15] as i8,
        );
        fn words_i16(w: [u16; 8]) -> __m128i = _mm_setr_epi16(
            w[0] as i16, w[1] as i16, w[2] as i16, w[3] as i16, w[4] as i16, w[5] as i16,
            w[6] as i16, w[7] as i16,
        );
        /// The register shifted down by 8, 4, 2 or 1 bytes (zeros shifted in).
        fn down8(a: __m128i) -> __m128i = _mm_srli_si128::<8>(a);
        fn down4(a: __m128i) -> __m128i = _mm_srli_si128::<4>(a);
        fn down2(a: __m128i) -> __m128i = _mm_srli_si128::<2>(a);
        fn down1(a: __m128i) -> __m128i = _mm_srli_si128::<1>(a);
        /// The low 32 bits.
        fn low(a: __m128i) -> u32 = _mm_cvtsi128_si32(a) as u32;
    }

    /// The minimum of a register's byte lanes. Lane 0 ends with it: the zeros shifted in
    /// reach only upper lanes, which are not read.
    #[inline(always)]
    fn least_u8(m: __m128i) -> u32 {
        let m = min_u8(m, down8(m));
        let m = min_u8(m, down4(m));
        let m = min_u8(m, down2(m));
        low(min_u8(m, down1(m))) & 0xFF
    }

    /// The minimum of a register's 16-bit lanes (0..=0x7FFF, so signed compares order them).
    #[inline(always)]
    fn least_i16(m: __m128i) -> u32 {
        let m = min_i16(m, down8(m));
        let m = min_i16(m, down4(m));
        low(min_i16(m, down2(m))) & 0xFFFF
    }

    /// The 16 bytes of a register, lowest first.
    #[cfg(test)]
    fn to_bytes(mut a: __m128i) -> [u8; 16] {
        let mut out = [0; 16];
        for chunk in out.chunks_mut(4) {
            chunk.copy_from_slice(&low(a).to_le_bytes());
            a = down4(a);
        }
        out
    }

    /// The first lane of `regs` with a bit in `mask(register)`.
    #[inline(always)]
    fn first_lane<const R: usize>(
        regs: &[__m128i; R],
        lanes_per_reg: usize,
        bits_per_lane: u32,
        mask: impl Fn(__m128i) -> u32,
    ) -> Option<usize> {
        for (r, &reg) in regs.iter().enumerate() {
            let m = mask(reg);
            if m != 0 {
                return Some(lanes_per_reg * r + (m.trailing_zeros() / bits_per_lane) as usize);
            }
        }
        None
    }

    /// Byte lanes: `16 * R` items, sizes up to 254.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Bytes<const R: usize>([__m128i; R]);

    /// 16-bit lanes (signed compares, so sizes up to 32,766): `8 * R` items.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Words<const R: usize>([__m128i; R]);

    /// [`Lanes`] for one width, from its register operations.
    macro_rules! sse2_lanes {
        ($name:ident, $lane:ty, $per:literal, $bits:literal, $covered:literal,
         $pack:ident, $min:ident, $sub:ident, $eq:ident, $splat:ident, $least:ident) => {
            impl<const R: usize> Lanes for $name<R> {
                const LEN: usize = $per * R;
                const COVERED: u32 = $covered;

                fn from_fn(value: impl Fn(usize) -> u32) -> Self {
                    // What the `safe!` functions rely on, checked where it costs nothing.
                    debug_assert!(std::arch::is_x86_feature_detected!("sse2"));
                    $name(std::array::from_fn(|r| {
                        $pack(std::array::from_fn(|i| {
                            value($per * r + i).min(Self::COVERED) as $lane
                        }))
                    }))
                }

                #[inline(always)]
                fn sub(&mut self, other: &Self) {
                    for (a, b) in self.0.iter_mut().zip(&other.0) {
                        *a = $sub(*a, *b);
                    }
                }

                #[inline(always)]
                fn or(&mut self, other: &Self) {
                    for (a, b) in self.0.iter_mut().zip(&other.0) {
                        *a = or(*a, *b);
                    }
                }

                #[inline(always)]
                fn first_min(&self) -> Option<(usize, u32)> {
                    let least = $least(self.0.iter().skip(1).fold(self.0[0], |m, &r| $min(m, r)));
                    if least == Self::COVERED {
                        return None;
                    }
                    let splat = $splat(least);
                    first_lane(&self.0, $per, $bits, |reg| $eq(reg, splat)).map(|at| (at, least))
                }

                #[inline(always)]
                fn first_open(&self) -> Option<usize> {
                    let covered = $splat(Self::COVERED);
                    first_lane(&self.0, $per, $bits, |reg| !$eq(reg, covered) & 0xFFFF)
                }

                #[inline(always)]
                fn first_at_most_one(&self) -> Option<usize> {
                    let one = $splat(1);
                    first_lane(&self.0, $per, $bits, |reg| $eq($min(reg, one), reg))
                }

                #[cfg(test)]
                fn get(&self, i: usize) -> u32 {
                    let bytes = to_bytes(self.0[i / $per]);
                    let at = (i % $per) * (16 / $per);
                    let mut value = 0;
                    for (k, &b) in bytes[at..at + 16 / $per].iter().enumerate() {
                        value |= u32::from(b) << (8 * k);
                    }
                    value
                }
            }
        };
    }

    sse2_lanes!(
        Bytes, u8, 16, 1, 0xFF, bytes_u8, min_u8, sub_u8, eq_u8, splat_u8, least_u8
    );
    sse2_lanes!(
        Words, u16, 8, 2, 0x7FFF, words_i16, min_i16, sub_i16, eq_i16, splat_i16, least_i16
    );
}

#[cfg(test)]
mod tests {
    use super::Lanes;
    use super::portable;

    /// A small pseudo-random generator, so that the test needs no crate.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    fn agree<A: Lanes, B: Lanes>(max: u32) {
        assert_eq!(A::LEN, B::LEN);
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        for round in 0..2_000 {
            // Some lanes covered, some 0 or 1, the rest spread over the sizes.
            let values: Vec<u32> = (0..A::LEN)
                .map(|_| match next(&mut seed) % 8 {
                    0 | 1 => A::COVERED,
                    2 => (next(&mut seed) % 2) as u32,
                    3 => max,
                    _ => (next(&mut seed) % u64::from(max.min(40) + 1)) as u32,
                })
                .collect();
            let values = if round % 50 == 0 {
                vec![A::COVERED; A::LEN]
            } else {
                values
            };
            let (mut a, mut b) = (A::from_fn(|i| values[i]), B::from_fn(|i| values[i]));
            let dec: Vec<u32> = values
                .iter()
                .map(|&v| u32::from(v != A::COVERED && v > 0 && next(&mut seed).is_multiple_of(3)))
                .collect();
            let cover: Vec<u32> = (0..A::LEN)
                .map(|_| {
                    if next(&mut seed).is_multiple_of(5) {
                        A::COVERED
                    } else {
                        0
                    }
                })
                .collect();
            let expected_min = values
                .iter()
                .enumerate()
                .filter(|&(_, &v)| v < A::COVERED)
                .min_by_key(|&(i, &v)| (v, i))
                .map(|(i, &v)| (i, v));
            assert_eq!(a.first_min(), expected_min);
            assert_eq!(b.first_min(), expected_min);
            let open = values.iter().position(|&v| v < A::COVERED);
            assert_eq!((a.first_open(), b.first_open()), (open, open));
            let forced = values.iter().position(|&v| v <= 1);
            assert_eq!(
                (a.first_at_most_one(), b.first_at_most_one()),
                (forced, forced)
            );
            a.sub(&A::from_fn(|i| dec[i]));
            b.sub(&B::from_fn(|i| dec[i]));
            a.or(&A::from_fn(|i| cover[i]));
            b.or(&B::from_fn(|i| cover[i]));
            for i in 0..A::LEN {
                let want = if cover[i] == A::COVERED {
                    A::COVERED
                } else {
                    values[i] - dec[i]
                };
                assert_eq!((a.get(i), b.get(i)), (want, want), "lane {i}");
            }
        }
    }

    #[test]
    fn the_lanes_of_this_target_agree_with_plain_arrays() {
        agree::<super::Bytes<2>, portable::Bytes<2>>(254);
        agree::<super::Bytes<8>, portable::Bytes<8>>(254);
        agree::<super::Words<4>, portable::Words<4>>(0x7FFE);
        agree::<super::Words<16>, portable::Words<16>>(0x7FFE);
    }
}
