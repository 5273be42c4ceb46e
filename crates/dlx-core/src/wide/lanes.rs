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
/// instructions, where a walk of the header list is a chain of loads.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    // SAFETY (every `unsafe` block of this module): the only unsafety of these intrinsics is
    // that the processor must have SSE2, and this module is compiled only where
    // `target_feature = "sse2"` holds (every x86-64 processor has it). No block reads or
    // writes memory through a pointer: the lanes are values.
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cmpeq_epi16, _mm_cvtsi128_si32, _mm_min_epi16, _mm_min_epu8,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_set1_epi16, _mm_setr_epi8,
        _mm_setr_epi16, _mm_srli_si128, _mm_sub_epi8, _mm_sub_epi16,
    };

    use super::Lanes;

    /// Byte lanes: `16 * R` items, sizes up to 254.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Bytes<const R: usize>([__m128i; R]);

    /// 16-bit lanes (signed compares, so sizes up to 32,766): `8 * R` items.
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Words<const R: usize>([__m128i; R]);

    /// The bit mask of the lanes (one bit per byte) equal in `a` and `b`.
    #[inline(always)]
    fn eq8(a: __m128i, b: __m128i) -> u32 {
        // SAFETY: see the module.
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) as u32 }
    }

    /// The same for 16-bit lanes (two bits per lane).
    #[inline(always)]
    fn eq16(a: __m128i, b: __m128i) -> u32 {
        // SAFETY: see the module.
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi16(a, b)) as u32 }
    }

    /// The 16-bit lane `i` (0..8) of a register.
    #[cfg(test)]
    fn extract16(reg: __m128i, i: usize) -> u32 {
        // SAFETY: see the module.
        use std::arch::x86_64::_mm_extract_epi16;
        let v = unsafe {
            match i {
                0 => _mm_extract_epi16::<0>(reg),
                1 => _mm_extract_epi16::<1>(reg),
                2 => _mm_extract_epi16::<2>(reg),
                3 => _mm_extract_epi16::<3>(reg),
                4 => _mm_extract_epi16::<4>(reg),
                5 => _mm_extract_epi16::<5>(reg),
                6 => _mm_extract_epi16::<6>(reg),
                _ => _mm_extract_epi16::<7>(reg),
            }
        };
        v as u32 & 0xFFFF
    }

    /// The first register with a bit in `mask(register)`, as a lane index (`per_bit` bits
    /// of the mask a lane).
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

    impl<const R: usize> Lanes for Bytes<R> {
        const LEN: usize = 16 * R;
        const COVERED: u32 = 0xFF;

        fn from_fn(value: impl Fn(usize) -> u32) -> Self {
            let b = |r: usize, i: usize| value(16 * r + i).min(Self::COVERED) as u8 as i8;
            // SAFETY: see the module.
            Bytes(std::array::from_fn(|r| unsafe {
                _mm_setr_epi8(
                    b(r, 0),
                    b(r, 1),
                    b(r, 2),
                    b(r, 3),
                    b(r, 4),
                    b(r, 5),
                    b(r, 6),
                    b(r, 7),
                    b(r, 8),
                    b(r, 9),
                    b(r, 10),
                    b(r, 11),
                    b(r, 12),
                    b(r, 13),
                    b(r, 14),
                    b(r, 15),
                )
            }))
        }

        #[inline(always)]
        fn sub(&mut self, other: &Self) {
            for (a, b) in self.0.iter_mut().zip(&other.0) {
                // SAFETY: see the module.
                *a = unsafe { _mm_sub_epi8(*a, *b) };
            }
        }

        #[inline(always)]
        fn or(&mut self, other: &Self) {
            for (a, b) in self.0.iter_mut().zip(&other.0) {
                // SAFETY: see the module.
                *a = unsafe { _mm_or_si128(*a, *b) };
            }
        }

        #[inline(always)]
        fn first_min(&self) -> Option<(usize, u32)> {
            // SAFETY: see the module.
            let min = unsafe {
                let mut m = self.0[0];
                for &reg in &self.0[1..] {
                    m = _mm_min_epu8(m, reg);
                }
                // Lane 0 ends with the minimum of all 16 (the shifted-in zeros reach only
                // the upper lanes, which are not read).
                m = _mm_min_epu8(m, _mm_srli_si128::<8>(m));
                m = _mm_min_epu8(m, _mm_srli_si128::<4>(m));
                m = _mm_min_epu8(m, _mm_srli_si128::<2>(m));
                m = _mm_min_epu8(m, _mm_srli_si128::<1>(m));
                (_mm_cvtsi128_si32(m) & 0xFF) as u32
            };
            if min == Self::COVERED {
                return None;
            }
            // SAFETY: see the module.
            let splat = unsafe { _mm_set1_epi8(min as u8 as i8) };
            first_lane(&self.0, 16, 1, |reg| eq8(reg, splat)).map(|at| (at, min))
        }

        #[inline(always)]
        fn first_open(&self) -> Option<usize> {
            // SAFETY: see the module.
            let covered = unsafe { _mm_set1_epi8(-1) };
            first_lane(&self.0, 16, 1, |reg| !eq8(reg, covered) & 0xFFFF)
        }

        #[inline(always)]
        fn first_at_most_one(&self) -> Option<usize> {
            // SAFETY: see the module.
            let one = unsafe { _mm_set1_epi8(1) };
            // SAFETY: see the module.
            first_lane(&self.0, 16, 1, |reg| {
                eq8(unsafe { _mm_min_epu8(reg, one) }, reg)
            })
        }

        #[cfg(test)]
        fn get(&self, i: usize) -> u32 {
            let word = extract16(self.0[i / 16], (i % 16) / 2);
            (word >> (8 * (i % 2))) & 0xFF
        }
    }

    impl<const R: usize> Lanes for Words<R> {
        const LEN: usize = 8 * R;
        const COVERED: u32 = 0x7FFF;

        fn from_fn(value: impl Fn(usize) -> u32) -> Self {
            let w = |r: usize, i: usize| value(8 * r + i).min(Self::COVERED) as i16;
            // SAFETY: see the module.
            Words(std::array::from_fn(|r| unsafe {
                _mm_setr_epi16(
                    w(r, 0),
                    w(r, 1),
                    w(r, 2),
                    w(r, 3),
                    w(r, 4),
                    w(r, 5),
                    w(r, 6),
                    w(r, 7),
                )
            }))
        }

        #[inline(always)]
        fn sub(&mut self, other: &Self) {
            for (a, b) in self.0.iter_mut().zip(&other.0) {
                // SAFETY: see the module.
                *a = unsafe { _mm_sub_epi16(*a, *b) };
            }
        }

        #[inline(always)]
        fn or(&mut self, other: &Self) {
            for (a, b) in self.0.iter_mut().zip(&other.0) {
                // SAFETY: see the module.
                *a = unsafe { _mm_or_si128(*a, *b) };
            }
        }

        #[inline(always)]
        fn first_min(&self) -> Option<(usize, u32)> {
            // SAFETY: see the module. Lanes hold 0..=0x7FFF, so signed compares order them.
            let min = unsafe {
                let mut m = self.0[0];
                for &reg in &self.0[1..] {
                    m = _mm_min_epi16(m, reg);
                }
                m = _mm_min_epi16(m, _mm_srli_si128::<8>(m));
                m = _mm_min_epi16(m, _mm_srli_si128::<4>(m));
                m = _mm_min_epi16(m, _mm_srli_si128::<2>(m));
                (_mm_cvtsi128_si32(m) & 0xFFFF) as u32
            };
            if min == Self::COVERED {
                return None;
            }
            // SAFETY: see the module.
            let splat = unsafe { _mm_set1_epi16(min as i16) };
            first_lane(&self.0, 8, 2, |reg| eq16(reg, splat)).map(|at| (at, min))
        }

        #[inline(always)]
        fn first_open(&self) -> Option<usize> {
            // SAFETY: see the module.
            let covered = unsafe { _mm_set1_epi16(0x7FFF) };
            first_lane(&self.0, 8, 2, |reg| !eq16(reg, covered) & 0xFFFF)
        }

        #[inline(always)]
        fn first_at_most_one(&self) -> Option<usize> {
            // SAFETY: see the module.
            let one = unsafe { _mm_set1_epi16(1) };
            // SAFETY: see the module.
            first_lane(&self.0, 8, 2, |reg| {
                eq16(unsafe { _mm_min_epi16(reg, one) }, reg)
            })
        }

        #[cfg(test)]
        fn get(&self, i: usize) -> u32 {
            extract16(self.0[i / 8], i % 8)
        }
    }
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
                .map(|&v| u32::from(v != A::COVERED && v > 0 && next(&mut seed) % 3 == 0))
                .collect();
            let cover: Vec<u32> = (0..A::LEN)
                .map(|_| {
                    if next(&mut seed) % 5 == 0 {
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
