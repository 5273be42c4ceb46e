//! [`BigUint`]: the unsigned big integers a ZDD counts with.
//!
//! A count of solutions is a sum over the diagram's nodes, and a diagram of a few thousand
//! nodes can count far more than 2^64 solutions. Only what counting and sampling need is
//! here: addition, subtraction, comparison, a product by a small number, decimal output,
//! and a uniform draw below a bound.

use std::cmp::Ordering;
use std::fmt;

use crate::estimate::SplitMix64;

/// An unsigned integer of any size: 64-bit limbs, least significant first, without
/// high zero limbs (so zero has none and equal numbers have equal limbs).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct BigUint {
    limbs: Vec<u64>,
}

impl BigUint {
    /// Zero.
    pub fn zero() -> Self {
        BigUint::default()
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The value as a `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        match self.limbs[..] {
            [] => Some(0),
            [x] => Some(x),
            _ => None,
        }
    }

    /// The number of significant bits (0 for zero).
    pub fn bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => 64 * self.limbs.len() as u64 - u64::from(top.leading_zeros()),
        }
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// Adds `other` to this number.
    pub fn add_assign(&mut self, other: &BigUint) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = false;
        for (k, limb) in self.limbs.iter_mut().enumerate() {
            let o = other.limbs.get(k).copied().unwrap_or(0);
            if o == 0 && !carry && k >= other.limbs.len() {
                break;
            }
            let (s, c1) = limb.overflowing_add(o);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *limb = s;
            carry = c1 || c2;
        }
        if carry {
            self.limbs.push(1);
        }
    }

    /// Subtracts `other`, which must not exceed this number.
    ///
    /// # Panics
    /// If `other` is larger (a bug of the caller: the ZDD code only subtracts a part from
    /// its whole).
    pub fn sub_assign(&mut self, other: &BigUint) {
        assert!(*self >= *other, "BigUint subtraction below zero");
        let mut borrow = false;
        for (k, limb) in self.limbs.iter_mut().enumerate() {
            let o = other.limbs.get(k).copied().unwrap_or(0);
            if o == 0 && !borrow && k >= other.limbs.len() {
                break;
            }
            let (d, b1) = limb.overflowing_sub(o);
            let (d, b2) = d.overflowing_sub(u64::from(borrow));
            *limb = d;
            borrow = b1 || b2;
        }
        self.trim();
    }

    /// This number times `m`.
    pub fn mul_small(&self, m: u64) -> BigUint {
        let mut limbs = Vec::with_capacity(self.limbs.len() + 1);
        let mut carry = 0u128;
        for &l in &self.limbs {
            let p = u128::from(l) * u128::from(m) + carry;
            limbs.push(p as u64);
            carry = p >> 64;
        }
        limbs.push(carry as u64);
        let mut r = BigUint { limbs };
        r.trim();
        r
    }

    /// `base` to the power `exp`.
    pub fn power_of(base: u64, exp: u32) -> BigUint {
        (0..exp).fold(BigUint::from(1), |p, _| p.mul_small(base))
    }

    /// This number divided by `d` (not zero): the quotient and the remainder.
    fn div_small(&self, d: u64) -> (BigUint, u64) {
        let mut limbs = vec![0; self.limbs.len()];
        let mut rem = 0u128;
        for k in (0..self.limbs.len()).rev() {
            let cur = (rem << 64) | u128::from(self.limbs[k]);
            limbs[k] = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        let mut q = BigUint { limbs };
        q.trim();
        (q, rem as u64)
    }

    /// A number drawn uniformly from `0..self` (zero when this is zero), by rejection: draws
    /// of `bits()` random bits until one falls below the bound, fewer than two on average.
    pub fn random_below(&self, rng: &mut SplitMix64) -> BigUint {
        let bits = self.bits();
        if bits == 0 {
            return BigUint::zero();
        }
        let n = bits.div_ceil(64) as usize;
        let top_bits = bits - 64 * (n as u64 - 1);
        loop {
            let mut limbs: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
            if top_bits < 64 {
                limbs[n - 1] &= (1u64 << top_bits) - 1;
            }
            let mut r = BigUint { limbs };
            r.trim();
            if r < *self {
                return r;
            }
        }
    }
}

impl From<u64> for BigUint {
    fn from(x: u64) -> Self {
        let mut r = BigUint { limbs: vec![x] };
        r.trim();
        r
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for BigUint {
    /// In decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.pad("0");
        }
        // Peel off 19 decimal digits at a time.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut chunks = Vec::new();
        let mut x = self.clone();
        while !x.is_zero() {
            let (q, r) = x.div_small(CHUNK);
            chunks.push(r);
            x = q;
        }
        let mut s = chunks.pop().map(|c| c.to_string()).unwrap_or_default();
        for c in chunks.iter().rev() {
            s.push_str(&format!("{c:019}"));
        }
        f.pad(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_agrees_with_u128() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..2000 {
            let a = u128::from(rng.next_u64()) << (rng.next_u64() % 64)
                | u128::from(rng.next_u64() % 1000);
            let b = u128::from(rng.next_u64() >> (rng.next_u64() % 64));
            let big = |x: u128| {
                let mut r = BigUint::from((x >> 64) as u64)
                    .mul_small(1 << 32)
                    .mul_small(1 << 32);
                r.add_assign(&BigUint::from(x as u64));
                r
            };
            let mut s = big(a);
            s.add_assign(&big(b));
            if let Some(sum) = a.checked_add(b) {
                assert_eq!(s, big(sum));
                assert_eq!(s.to_string(), sum.to_string());
            }
            assert_eq!(big(a).cmp(&big(b)), a.cmp(&b));
            if a >= b {
                let mut d = big(a);
                d.sub_assign(&big(b));
                assert_eq!(d, big(a - b));
            }
            let m = rng.next_u64() >> 40;
            if let Some(p) = a.checked_mul(u128::from(m)) {
                assert_eq!(big(a).mul_small(m), big(p));
            }
        }
        // 2^128 = 340282366920938463463374607431768211456 (a well-known constant).
        let mut two128 = BigUint::from(1u64 << 32).mul_small(1 << 32);
        two128 = two128.mul_small(1 << 32).mul_small(1 << 32);
        assert_eq!(two128.bits(), 129);
        assert_eq!(
            two128.to_string(),
            "340282366920938463463374607431768211456"
        );
    }

    #[test]
    fn random_below_stays_below_and_covers_the_range() {
        let mut rng = SplitMix64::new(1);
        let bound = BigUint::from(5);
        let mut seen = [0; 5];
        for _ in 0..500 {
            let r = bound.random_below(&mut rng).to_u64().unwrap();
            seen[r as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 60), "{seen:?}");
        assert!(BigUint::zero().random_below(&mut rng).is_zero());
    }
}
