//! A total decoder of fuzzer bytes into small numbers: every byte string is a valid input.

/// Reads numbers from the front of a byte string; once the bytes run out every read is 0,
/// so short inputs decode to small, simple cases (which libFuzzer tries first).
#[derive(Debug, Clone)]
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }

    /// The next byte, or 0.
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&first, rest)) => {
                self.data = rest;
                first
            }
            None => 0,
        }
    }

    /// The next `width` bytes (at most 8) as a little-endian number.
    fn little_endian(&mut self, width: usize) -> u64 {
        (0..width).fold(0u64, |acc, i| acc | (u64::from(self.u8()) << (8 * i)))
    }

    /// The next 8 bytes as a u64.
    pub fn u64(&mut self) -> u64 {
        self.little_endian(8)
    }

    /// A bool from the low bit of the next byte.
    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    /// A number in `0..=max`, read from as few bytes as `max` needs.
    pub fn at_most(&mut self, max: u64) -> u64 {
        if max == 0 {
            return 0;
        }
        let width = (64 - max.leading_zeros() as usize).div_ceil(8);
        let raw = self.little_endian(width);
        match max.checked_add(1) {
            Some(modulus) => raw % modulus,
            None => raw,
        }
    }

    /// A number in `lo..=hi` (with `lo ≤ hi`).
    pub fn between(&mut self, lo: i64, hi: i64) -> i64 {
        let span = hi.abs_diff(lo);
        lo.wrapping_add(self.at_most(span) as i64)
    }
}
