//! Whether a set of options is a solution of a matrix, checked item by item: for options
//! that come from outside a search (a diagram read from a file, a caller's own list).

use crate::matrix::{ItemKind, Matrix, Multiplicity, OptionId, shown};

/// Why a set of options is not a solution ([`Matrix::check_cover`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoverError {
    /// An option number past the matrix's options.
    #[error("option {option} does not exist: the matrix has {options}")]
    NoOption {
        /// The number given (0-based).
        option: OptionId,
        /// How many options the matrix has.
        options: usize,
    },
    /// A primary item covered too few or too many times.
    #[error("primary item `{}` is covered {times} time{}, not {}", shown(.item), if *.times == 1 { "" } else { "s" }, wanted(.bounds))]
    Primary {
        /// The item's name.
        item: String,
        /// How many of the options contain it.
        times: u64,
        /// How many may.
        bounds: Multiplicity,
    },
    /// A secondary item in two options, one of them without a colour.
    #[error("secondary item `{}` is in {times} options, not at most one", shown(.item))]
    Secondary {
        /// The item's name.
        item: String,
        /// How many of the options contain it.
        times: u64,
    },
    /// A secondary item given two colours.
    #[error("secondary item `{}` has two colours, `{first}` and `{second}`", shown(.item))]
    Colours {
        /// The item's name.
        item: String,
        /// The colour of the first option that gives it one.
        first: String,
        /// Another option's colour.
        second: String,
    },
}

/// `1`, or `1 to 3` for bounds.
fn wanted(bounds: &Multiplicity) -> String {
    if bounds.lower == bounds.upper {
        bounds.lower.to_string()
    } else {
        format!("{} to {}", bounds.lower, bounds.upper)
    }
}

impl Matrix {
    /// Checks that `options` (0-based, in any order) are a solution: every primary item in
    /// as many of them as its bounds allow (exactly one for exact cover), every secondary
    /// item in at most one, or in several that all give it the same colour. Costs are not
    /// looked at.
    ///
    /// ```
    /// use dlx_core::{format, CoverError};
    /// let m = format::parse("a b c | x\na x:red\nb x:red\nc x:blue\na b\n")?;
    /// assert_eq!(m.check_cover(&[0, 1, 2]).unwrap_err().to_string(),
    ///     "secondary item `x` has two colours, `red` and `blue`");
    /// assert!(matches!(m.check_cover(&[3]), Err(CoverError::Primary { .. })));
    /// m.check_cover(&[3, 2])?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_cover(&self, options: &[OptionId]) -> Result<(), CoverError> {
        let items = self.items();
        let mut times = vec![0u64; items.len()];
        // Per secondary item: the colour every option so far gave it (None: not yet seen,
        // Some(None): seen without one).
        let mut colour: Vec<Option<Option<&str>>> = vec![None; items.len()];
        for &o in options {
            let row = self.options().get(o).ok_or(CoverError::NoOption {
                option: o,
                options: self.options().len(),
            })?;
            for (k, &i) in row.iter().enumerate() {
                times[i] += 1;
                if items[i].kind == ItemKind::Secondary {
                    let c = self.colour(o, k);
                    match (colour[i], c) {
                        (None, _) => colour[i] = Some(c),
                        (Some(Some(a)), Some(b)) if a != b => {
                            return Err(CoverError::Colours {
                                item: items[i].name.clone(),
                                first: a.to_string(),
                                second: b.to_string(),
                            });
                        }
                        (Some(Some(_)), Some(_)) => {}
                        // An entry without a colour keeps the item to itself.
                        _ => {
                            return Err(CoverError::Secondary {
                                item: items[i].name.clone(),
                                times: times[i],
                            });
                        }
                    }
                }
            }
        }
        for (item, &n) in items.iter().zip(&times) {
            let m = item.multiplicity;
            if item.kind == ItemKind::Primary && (n < u64::from(m.lower) || n > u64::from(m.upper))
            {
                return Err(CoverError::Primary {
                    item: item.name.clone(),
                    times: n,
                    bounds: m,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Problem, format};

    #[test]
    fn a_set_of_options_passes_exactly_when_the_search_finds_it() {
        // Every subset of the options of small matrices, with colours and bounds too: the
        // check agrees with the search's list of solutions.
        let texts = [
            "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
            "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\nq r x:A y:B\n",
            "2:3|A B | x\nA B\nA x\nA x\nB\nA\n",
        ];
        for text in texts {
            let m = format::parse(text).unwrap();
            let found: Vec<Vec<usize>> = Problem::new(&m)
                .solve()
                .iter()
                .map(|s| s.sorted_options())
                .collect();
            assert!(!found.is_empty(), "{text}");
            let n = m.options().len();
            let mut passed = 0;
            for bits in 0u32..1 << n {
                let subset: Vec<usize> = (0..n).filter(|&o| bits >> o & 1 == 1).collect();
                let ok = m.check_cover(&subset).is_ok();
                assert_eq!(ok, found.contains(&subset), "{text}: {subset:?}");
                passed += usize::from(ok);
            }
            assert_eq!(passed, found.len(), "{text}");
        }
    }

    #[test]
    fn the_errors_name_the_item() {
        let m = format::parse("a 2:3|b | x\na x\nb x\nb\n").unwrap();
        let e = |o: &[usize]| m.check_cover(o).unwrap_err().to_string();
        assert_eq!(e(&[]), "primary item `a` is covered 0 times, not 1");
        assert_eq!(e(&[0, 2]), "primary item `b` is covered 1 time, not 2 to 3");
        assert_eq!(
            e(&[0, 1]),
            "secondary item `x` is in 2 options, not at most one"
        );
        assert_eq!(e(&[7]), "option 7 does not exist: the matrix has 3");
    }
}
