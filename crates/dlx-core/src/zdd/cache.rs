//! The cache of remaining problems: keys (lists of words) laid end to end in one vector,
//! found through an open-addressed table of their ids.
//!
//! A search makes millions of keys of a few words each. A `HashMap<Box<[u32]>, u32>` spends
//! an allocation, a fat pointer and the allocator's rounding on each; here a key costs its
//! words, one start offset and two table slots (each with half of its key's hash, so that a
//! probe seldom reads another key's words), and every growth asks for its memory first
//! ([`Vec::try_reserve`]), so that a search too large for the machine stops with an error
//! instead of aborting.

/// Keys could not be stored: the memory was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Full;

/// A map from keys (slices of `W`) to `u32` values, insert and look up only.
pub(super) struct Cache<W> {
    /// Every key's words, in the order they were inserted.
    words: Vec<W>,
    /// Where key `k`'s words start in `words` (`k + 1` entries: the last is the end).
    starts: Vec<usize>,
    /// Key `k`'s value.
    values: Vec<u32>,
    /// Open addressing with linear probing: in a slot, the high half of the key's hash
    /// above `id + 1` (so that most keys met on the way are passed over without reading
    /// their words), 0 for none. The length is a power of two, at most half full.
    slots: Vec<u64>,
}

/// A word of a key: hashed through its `u64` value.
pub(super) trait Word: Copy + Eq {
    fn bits(self) -> u64;
}

impl Word for u32 {
    fn bits(self) -> u64 {
        u64::from(self)
    }
}

impl Word for u64 {
    fn bits(self) -> u64 {
        self
    }
}

fn hash<W: Word>(key: &[W]) -> u64 {
    // A multiply-and-rotate over the words, four lanes side by side (one chain of multiplies
    // made half the time of a long key's search with bounds wait on it), then a finaliser
    // (MurmurHash3's) so that the low bits, which pick the slot, depend on every word.
    const K: u64 = 0x517c_c1b7_2722_0a95;
    let step = |h: u64, w: W| (h.rotate_left(5) ^ w.bits()).wrapping_mul(K);
    let mut lanes = [key.len() as u64, 1, 2, 3];
    let quads = key.chunks_exact(4);
    let rest = quads.remainder();
    for quad in quads {
        for (lane, &w) in lanes.iter_mut().zip(quad) {
            *lane = step(*lane, w);
        }
    }
    let mut h =
        lanes[0] ^ lanes[1].rotate_left(16) ^ lanes[2].rotate_left(32) ^ lanes[3].rotate_left(48);
    for &w in rest {
        h = step(h, w);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

impl<W: Word> Cache<W> {
    pub(super) fn new() -> Self {
        Cache {
            words: Vec::new(),
            starts: vec![0],
            values: Vec::new(),
            slots: vec![0; 1024],
        }
    }

    /// How many keys are stored.
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }

    fn key(&self, id: usize) -> &[W] {
        &self.words[self.starts[id]..self.starts[id + 1]]
    }

    /// The slot holding `key` (whose hash is `h`), or the empty slot where it would go.
    fn slot(&self, key: &[W], h: u64) -> usize {
        let mask = self.slots.len() - 1;
        let tag = h >> 32;
        let mut s = h as usize & mask;
        loop {
            match self.slots[s] {
                0 => return s,
                x if x >> 32 == tag && self.key(id_of(x)) == key => return s,
                _ => s = (s + 1) & mask,
            }
        }
    }

    /// The value stored with `key`.
    pub(super) fn get(&self, key: &[W]) -> Option<u32> {
        match self.slots[self.slot(key, hash(key))] {
            0 => None,
            x => Some(self.values[id_of(x)]),
        }
    }

    /// Stores `key` with `value` and returns the key's id (for [`Cache::set`]); `key` must
    /// not be stored yet.
    pub(super) fn insert(&mut self, key: &[W], value: u32) -> Result<usize, Full> {
        debug_assert!(self.get(key).is_none());
        if self.len() + 1 > u32::MAX as usize - 1 {
            return Err(Full);
        }
        if 2 * (self.len() + 1) > self.slots.len() {
            self.grow()?;
        }
        self.words.try_reserve(key.len()).map_err(|_| Full)?;
        self.starts.try_reserve(1).map_err(|_| Full)?;
        self.values.try_reserve(1).map_err(|_| Full)?;
        let h = hash(key);
        let s = self.slot(key, h);
        self.words.extend_from_slice(key);
        self.starts.push(self.words.len());
        self.values.push(value);
        self.slots[s] = (h >> 32) << 32 | self.values.len() as u64;
        Ok(self.values.len() - 1)
    }

    /// Replaces the value of the key with id `id` (a search learns it once below the key).
    pub(super) fn set(&mut self, id: usize, value: u32) {
        self.values[id] = value;
    }

    /// Doubles the table and places every key again.
    fn grow(&mut self) -> Result<(), Full> {
        let size = self.slots.len().checked_mul(2).ok_or(Full)?;
        let mut slots = Vec::new();
        slots.try_reserve_exact(size).map_err(|_| Full)?;
        slots.resize(size, 0);
        let old = std::mem::replace(&mut self.slots, slots);
        for x in old.into_iter().filter(|&x| x != 0) {
            let key = self.key(id_of(x));
            let s = self.slot(key, hash(key));
            self.slots[s] = x;
        }
        Ok(())
    }
}

/// The key id in an occupied slot.
fn id_of(slot: u64) -> usize {
    (slot as u32) as usize - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn agrees_with_a_hash_map() {
        // Keys of every length from 0 to 5 over a small alphabet, so that many collide in
        // part: a pseudo-random stream decides which to insert and which to look up.
        let mut cache = Cache::<u32>::new();
        let mut map: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for step in 0..200_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let len = (x % 6) as usize;
            let key: Vec<u32> = (0..len).map(|i| (x >> (8 + 3 * i) & 7) as u32).collect();
            match map.get(&key) {
                Some(&v) => assert_eq!(cache.get(&key), Some(v)),
                None => {
                    assert_eq!(cache.get(&key), None);
                    if x >> 40 & 1 == 1 {
                        cache.insert(&key, step).unwrap();
                        map.insert(key, step);
                    }
                }
            }
        }
        assert_eq!(cache.len(), map.len());
        assert!(cache.len() > 1000, "{} keys", cache.len());
        for (key, &v) in &map {
            assert_eq!(cache.get(key), Some(v));
        }
    }

    #[test]
    fn keys_of_u64_words() {
        let mut cache = Cache::<u64>::new();
        for k in 0..5000u64 {
            cache.insert(&[k << 40, k], k as u32).unwrap();
        }
        assert_eq!(cache.get(&[7 << 40, 7]), Some(7));
        assert_eq!(cache.get(&[7 << 40, 8]), None);
        assert_eq!(cache.get(&[]), None);
        let id = cache.insert(&[], 9).unwrap();
        cache.set(id, 10);
        assert_eq!(cache.get(&[]), Some(10));
        assert_eq!(cache.get(&[7 << 40, 7]), Some(7));
    }
}
