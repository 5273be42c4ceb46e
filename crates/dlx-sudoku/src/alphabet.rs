//! Alphabets: which character stands for which value, and which characters mean "empty".

use std::fmt;

use crate::error::SudokuError;

/// The characters range specifications count through: `1-G` is `123456789ABCDEFG`.
const ORDER: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Marks a character that is neither a symbol nor a blank in [`Alphabet`]'s lookup table.
const UNKNOWN: u8 = u8::MAX;

/// The symbols of a board in value order (the k-th symbol holds value k, from 1) and the
/// characters that mark an empty cell.
///
/// Letters are read case-insensitively. `.` and `-` are always blanks; `0` is a blank too when
/// it is not a symbol and the board is at most 9x9.
///
/// ```
/// use dlx_sudoku::Alphabet;
/// let hex = Alphabet::from_spec("1-G")?;
/// assert_eq!(hex.side(), 16);
/// assert_eq!(hex.value('g'), Some(16));
/// assert_eq!(hex.value('.'), Some(0));
/// assert_eq!(hex.symbol(10), 'A');
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Alphabet {
    name: String,
    symbols: Vec<char>,
    /// ASCII character -> 0 (blank), 1..=N (symbol) or [`UNKNOWN`].
    table: [u8; 128],
}

impl fmt::Debug for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Alphabet({})", self.name)
    }
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl Alphabet {
    /// An alphabet from its symbols in value order, e.g. `"123456789"`. The number of symbols
    /// must be a supported side (4, 9, 16, 25 or 36) and the symbols ASCII, distinct, and
    /// none of `.`, `-`, `|`, `+`, `:` or whitespace.
    pub fn new(symbols: &str) -> Result<Self, SudokuError> {
        Self::named(symbols, symbols)
    }

    fn named(name: &str, symbols: &str) -> Result<Self, SudokuError> {
        let bad = |reason: String| SudokuError::BadAlphabet {
            spec: name.to_string(),
            reason,
        };
        let symbols: Vec<char> = symbols.chars().map(|c| c.to_ascii_uppercase()).collect();
        let side = symbols.len();
        if crate::box_size_of_side(side).is_none() {
            return Err(bad(format!(
                "{side} symbols; a board needs 4, 9, 16, 25 or 36"
            )));
        }
        let mut table = [UNKNOWN; 128];
        for (k, &c) in symbols.iter().enumerate() {
            if !c.is_ascii_graphic() || ".-|+:".contains(c) {
                return Err(bad(format!("`{c}` cannot be a symbol")));
            }
            if table[c as usize] != UNKNOWN {
                return Err(bad(format!("`{c}` appears twice")));
            }
            let value = (k + 1) as u8;
            table[c as usize] = value;
            table[c.to_ascii_lowercase() as usize] = value;
        }
        table[b'.' as usize] = 0;
        table[b'-' as usize] = 0;
        if side <= 9 && table[b'0' as usize] == UNKNOWN {
            table[b'0' as usize] = 0;
        }
        Ok(Alphabet {
            name: name.to_string(),
            symbols,
            table,
        })
    }

    /// An alphabet from a range such as `1-9`, `0-F`, `1-G`, `A-P`, `A-Y`, `1-P` or `0-Z`
    /// (counting through `0-9` then `A-Z`), or from its symbols spelled out.
    pub fn from_spec(spec: &str) -> Result<Self, SudokuError> {
        let chars: Vec<char> = spec.chars().map(|c| c.to_ascii_uppercase()).collect();
        if let [from, '-', to] = chars[..] {
            let (Some(a), Some(b)) = (ORDER.find(from), ORDER.find(to)) else {
                return Err(SudokuError::BadAlphabet {
                    spec: spec.to_string(),
                    reason: "a range runs between characters of 0-9A-Z".to_string(),
                });
            };
            if a > b {
                return Err(SudokuError::BadAlphabet {
                    spec: spec.to_string(),
                    reason: "the range is empty".to_string(),
                });
            }
            return Self::named(&spec.to_ascii_uppercase(), &ORDER[a..=b]);
        }
        Self::new(spec)
    }

    /// The built-in alphabets for a side, in the order detection prefers them: `1-4`; `1-9`;
    /// `0-F`, `1-G`, `A-P`; `A-Y`, `1-P`; `0-Z`.
    pub fn builtin(side: usize) -> Vec<Alphabet> {
        let specs: &[&str] = match side {
            4 => &["1-4"],
            9 => &["1-9"],
            16 => &["0-F", "1-G", "A-P"],
            25 => &["A-Y", "1-P"],
            36 => &["0-Z"],
            _ => &[],
        };
        specs
            .iter()
            .map(|s| Self::from_spec(s).expect("built-in alphabets are valid"))
            .collect()
    }

    /// Picks the built-in alphabet for `side` that reads every character in `used`, as long as
    /// exactly one does. `Err(None)` when none does, `Err(Some(names))` when several do.
    pub fn detect(side: usize, used: &[char]) -> Result<Alphabet, Option<String>> {
        let fitting: Vec<Alphabet> = Self::builtin(side)
            .into_iter()
            .filter(|a| used.iter().all(|&c| a.value(c).is_some()))
            .collect();
        match fitting.len() {
            0 => Err(None),
            1 => Ok(fitting.into_iter().next().expect("one alphabet")),
            _ => Err(Some(
                fitting
                    .iter()
                    .map(|a| a.name.as_str())
                    .collect::<Vec<_>>()
                    .join(" or "),
            )),
        }
    }

    /// The name: the spec it was made from.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The side N of the boards it writes (the number of symbols).
    pub fn side(&self) -> usize {
        self.symbols.len()
    }

    /// The symbols in value order.
    pub fn symbols(&self) -> &[char] {
        &self.symbols
    }

    /// The value a character stands for: `Some(0)` for a blank, `Some(1..=N)` for a symbol,
    /// `None` for anything else.
    #[inline]
    pub fn value(&self, c: char) -> Option<u8> {
        let v = *self.table.get(c as usize)?;
        (v != UNKNOWN).then_some(v)
    }

    /// The symbol of a value 1..=N.
    ///
    /// # Panics
    /// If `value` is 0 or more than N.
    pub fn symbol(&self, value: u8) -> char {
        self.symbols[value as usize - 1]
    }

    /// A short description of what the alphabet accepts, for error messages.
    pub(crate) fn accepts(&self) -> String {
        let blanks: String = (0..128u8)
            .filter(|&b| self.table[b as usize] == 0)
            .map(|b| b as char)
            .collect();
        format!("alphabet {}, blanks `{blanks}`", self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_count_through_digits_then_letters() {
        let a = Alphabet::from_spec("1-P").unwrap();
        assert_eq!(
            a.symbols().iter().collect::<String>(),
            "123456789ABCDEFGHIJKLMNOP"
        );
        assert_eq!(Alphabet::from_spec("0-Z").unwrap().side(), 36);
        assert!(Alphabet::from_spec("1-8").is_err());
        assert!(Alphabet::from_spec("G-A").is_err());
        assert!(Alphabet::new("1123").is_err());
        assert!(Alphabet::new("12.4").is_err());
    }

    #[test]
    fn zero_is_a_blank_only_where_it_is_no_symbol() {
        assert_eq!(Alphabet::from_spec("1-9").unwrap().value('0'), Some(0));
        assert_eq!(Alphabet::from_spec("0-F").unwrap().value('0'), Some(1));
        assert_eq!(Alphabet::from_spec("1-G").unwrap().value('0'), None);
    }

    #[test]
    fn detection_needs_a_single_candidate() {
        assert_eq!(Alphabet::detect(16, &['0', 'A']).unwrap().name(), "0-F");
        assert_eq!(Alphabet::detect(16, &['G', '1']).unwrap().name(), "1-G");
        assert_eq!(Alphabet::detect(16, &['P']).unwrap().name(), "A-P");
        assert_eq!(
            Alphabet::detect(16, &['1', 'A']).unwrap_err(),
            Some("0-F or 1-G".to_string())
        );
        assert_eq!(Alphabet::detect(25, &['Y']).unwrap().name(), "A-Y");
        assert_eq!(Alphabet::detect(25, &['1']).unwrap().name(), "1-P");
        assert_eq!(Alphabet::detect(9, &['A']).unwrap_err(), None);
    }
}
