//! Matrices from Python values: options as lists of items (any hashable values, `"x:c"` for
//! a colour, as xcover takes them), and 0/1 arrays (as nested lists, or anything with a
//! `tolist` method, such as a numpy array).

use std::collections::HashSet;

use dlx_core::{Matrix, MatrixBuilder};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::MatrixError;
use crate::errors::raise;

/// One entry of an option: the item's number in [`Items`] and its colour.
struct Entry {
    item: usize,
    colour: Option<String>,
}

/// The items met so far, by their Python values, in the order first met.
struct Items<'py> {
    index: Bound<'py, PyDict>,
    keys: Vec<Bound<'py, PyAny>>,
    /// Whether some option gave the item a colour (so it must be secondary).
    coloured: Vec<bool>,
}

impl<'py> Items<'py> {
    fn new(py: Python<'py>) -> Self {
        Items {
            index: PyDict::new(py),
            keys: Vec::new(),
            coloured: Vec::new(),
        }
    }

    fn get(&self, key: &Bound<'py, PyAny>) -> PyResult<Option<usize>> {
        self.index
            .get_item(key)?
            .map(|v| v.extract::<usize>())
            .transpose()
    }

    fn add(&mut self, key: Bound<'py, PyAny>) -> PyResult<usize> {
        if let Some(id) = self.get(&key)? {
            return Ok(id);
        }
        let id = self.keys.len();
        self.index.set_item(&key, id)?;
        self.keys.push(key);
        self.coloured.push(false);
        Ok(id)
    }
}

/// The items a caller declared, in order, refusing one given twice.
fn declared<'py>(list: Option<&Bound<'py, PyAny>>, into: &mut Items<'py>) -> PyResult<Vec<usize>> {
    let mut ids = Vec::new();
    if let Some(list) = list {
        for key in list.try_iter()? {
            let key = key?;
            if into.get(&key)?.is_some() {
                return Err(raise::<MatrixError>(format!(
                    "duplicate item `{}`",
                    dlx_core::shown(&key.str()?.to_string_lossy())
                )));
            }
            ids.push(into.add(key)?);
        }
    }
    Ok(ids)
}

/// A name for each item that Knuth's format can carry (no white space, not empty, not
/// starting with `|`, all different): its `str()`, cleaned and, if taken, numbered.
fn names(keys: &[Bound<'_, PyAny>]) -> PyResult<Vec<String>> {
    let mut taken = HashSet::new();
    let mut names = Vec::with_capacity(keys.len());
    for (id, key) in keys.iter().enumerate() {
        let text = key.str()?.to_string_lossy().into_owned();
        let mut name: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        // `2|x` and `0:1|x` would read back as bounds on `x` (`-1|x` as bad ones).
        let like_bounds = name.split_once('|').is_some_and(|(prefix, _)| {
            prefix
                .bytes()
                .all(|c| c.is_ascii_digit() || c == b':' || c == b'-')
        });
        if name.is_empty() || like_bounds {
            name.insert(0, '_');
        }
        // Numbered until free: `a#2` may be another item's own name.
        let base = name.clone();
        let mut n = 0;
        while taken.contains(&name) {
            name = if n == 0 {
                format!("{base}#{id}")
            } else {
                format!("{base}#{id}.{n}")
            };
            n += 1;
        }
        taken.insert(name.clone());
        names.push(name);
    }
    Ok(names)
}

/// Splits `x:c` into the item `x` and its colour `c` when the whole text is not an item
/// itself (Knuth's format reads a token the same way).
fn split_colour<'py>(
    entry: &Bound<'py, PyAny>,
    items: &Items<'py>,
) -> PyResult<Option<(Bound<'py, PyAny>, String)>> {
    let Ok(text) = entry.cast::<PyString>() else {
        return Ok(None);
    };
    if items.get(entry)?.is_some() {
        return Ok(None);
    }
    let text = text.to_cow()?;
    Ok(text.rsplit_once(':').map(|(item, colour)| {
        (
            PyString::new(entry.py(), item).into_any(),
            colour.to_string(),
        )
    }))
}

/// The bounds `(lower, upper)` asked for an item: a pair (tuple or list), or one number for
/// both, each from 0 to 2^32 - 1; otherwise an error naming the item.
fn bounds_of(value: &Bound<'_, PyAny>, item: &str) -> PyResult<(u32, u32)> {
    if let Ok(n) = value.extract::<u32>() {
        return Ok((n, n));
    }
    if let Ok(pair) = value.extract::<(u32, u32)>() {
        return Ok(pair);
    }
    if let Ok(list) = value.extract::<Vec<u32>>()
        && let [lower, upper] = list[..]
    {
        return Ok((lower, upper));
    }
    let shown = value.repr().map_or_else(|_| "?".into(), |r| r.to_string());
    Err(raise::<MatrixError>(format!(
        "bounds of item `{}`: {shown} is not a number or a pair (lower, upper) of numbers \
         from 0 to 4294967295",
        dlx_core::shown(item)
    )))
}

/// A matrix from options given as lists of items, with the items declared or inferred as
/// xcover infers them (none given: all primary, except those given a colour; one list
/// given: the others are of the other kind). The primary items come first, in the order
/// declared or first met; that order breaks the S heuristic's ties. Returns the matrix
/// and the items' Python values, in the matrix's order.
pub fn from_options<'py>(
    py: Python<'py>,
    options: &Bound<'py, PyAny>,
    primary: Option<&Bound<'py, PyAny>>,
    secondary: Option<&Bound<'py, PyAny>>,
    colored: bool,
    bounds: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Matrix, Vec<Py<PyAny>>)> {
    let mut items = Items::new(py);
    let declared_primary = declared(primary, &mut items)?;
    let declared_secondary = declared(secondary, &mut items)?;
    let closed = primary.is_some() && secondary.is_some();
    let mut rows: Vec<Vec<Entry>> = Vec::new();
    for (k, option) in options.try_iter()?.enumerate() {
        let mut row = Vec::new();
        for entry in option?.try_iter()? {
            let entry = entry?;
            let (key, colour) = match colored.then(|| split_colour(&entry, &items)).transpose()? {
                Some(Some((key, colour))) => (key, Some(colour)),
                _ => (entry, None),
            };
            let item = match items.get(&key)? {
                Some(id) => id,
                None if closed => {
                    return Err(raise::<MatrixError>(format!(
                        "option {k}: unknown item `{}`",
                        dlx_core::shown(&key.str()?.to_string_lossy())
                    )));
                }
                None => items.add(key)?,
            };
            if colour.is_some() {
                items.coloured[item] = true;
            }
            row.push(Entry { item, colour });
        }
        rows.push(row);
    }
    // Which items are primary, in the matrix's order.
    let n = items.keys.len();
    let mut is_primary = vec![false; n];
    match (primary.is_some(), secondary.is_some()) {
        (true, _) => declared_primary.iter().for_each(|&i| is_primary[i] = true),
        (false, true) => {
            let secondary: HashSet<usize> = declared_secondary.iter().copied().collect();
            (0..n).for_each(|i| is_primary[i] = !secondary.contains(&i));
        }
        (false, false) => (0..n).for_each(|i| is_primary[i] = !items.coloured[i]),
    }
    let order: Vec<usize> = (0..n)
        .filter(|&i| is_primary[i])
        .chain((0..n).filter(|&i| !is_primary[i]))
        .collect();
    let all_names = names(&items.keys)?;
    let mut b = MatrixBuilder::new();
    let bad = |e: dlx_core::MatrixError| raise::<MatrixError>(e);
    let mut bounded = vec![None; n];
    if let Some(bounds) = bounds {
        // Any mapping (a dict, a mappingproxy, ...): its items.
        let pairs = bounds.call_method0("items").map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err("bounds: a mapping of items to their bounds")
        })?;
        for pair in pairs.try_iter()? {
            let (key, value): (Bound<'py, PyAny>, Bound<'py, PyAny>) = pair?.extract()?;
            let Some(id) = items.get(&key)? else {
                return Err(raise::<MatrixError>(format!(
                    "bounds on unknown item `{}`",
                    dlx_core::shown(&key.str()?.to_string_lossy())
                )));
            };
            if !is_primary[id] {
                return Err(raise::<MatrixError>(format!(
                    "bounds on secondary item `{}`: only primary items take bounds",
                    dlx_core::shown(&all_names[id])
                )));
            }
            bounded[id] = Some(bounds_of(&value, &all_names[id])?);
        }
    }
    for &i in &order {
        match (is_primary[i], bounded[i]) {
            (true, Some((lower, upper))) => b.primary_with(all_names[i].clone(), lower, upper),
            (true, None) => b.primary(all_names[i].clone()),
            (false, _) => b.secondary(all_names[i].clone()),
        }
        .map_err(bad)?;
    }
    for row in &rows {
        b.option_coloured(
            row.iter()
                .map(|e| (all_names[e.item].as_str(), e.colour.as_deref())),
        )
        .map_err(bad)?;
    }
    let matrix = b.build().map_err(bad)?;
    let keys = order
        .iter()
        .map(|&i| items.keys[i].clone().unbind())
        .collect();
    Ok((matrix, keys))
}

/// A matrix from a 0/1 array: rows are options, columns items (named by their numbers), the
/// last `secondary` columns secondary. A numpy array (or anything with `tolist`) is read
/// through `tolist()`, so numpy is never needed here.
pub fn from_array(array: &Bound<'_, PyAny>, secondary: usize) -> PyResult<Matrix> {
    let rows = if array.hasattr("tolist")? {
        array.call_method0("tolist")?
    } else {
        array.clone()
    };
    let mut cells: Vec<Vec<usize>> = Vec::new();
    let mut width = None;
    let not_rows = |what: String| {
        raise::<MatrixError>(format!(
            "a 0/1 array is a list of rows (two dimensions): {what}"
        ))
    };
    let rows = rows
        .try_iter()
        .map_err(|_| not_rows("this is a single value".into()))?;
    for (k, row) in rows.enumerate() {
        let mut ones = Vec::new();
        let mut len = 0;
        let row = row?;
        // A 1-D array's rows are numbers: the error names the row.
        let entries = row
            .try_iter()
            .map_err(|_| not_rows(format!("row {k} is a single value, not a row")))?;
        for (j, x) in entries.enumerate() {
            // 0 or 1 (bool, int or float), nothing else: read by truth, a 3-D array's rows,
            // the string "0" or a NaN would all have been ones.
            let x = x?;
            match x.extract::<f64>() {
                Ok(1.0) => ones.push(j),
                Ok(0.0) => {}
                _ => {
                    let shown = x.repr().map_or_else(|_| "?".into(), |r| r.to_string());
                    return Err(raise::<MatrixError>(format!(
                        "row {k}, column {j}: {shown} is not 0 or 1"
                    )));
                }
            }
            len = j + 1;
        }
        match width {
            None => width = Some(len),
            Some(w) if w != len => {
                return Err(raise::<MatrixError>(format!(
                    "row {k} has {len} columns, row 0 has {w}"
                )));
            }
            _ => {}
        }
        cells.push(ones);
    }
    let width = width.unwrap_or(0);
    if secondary > width {
        return Err(raise::<MatrixError>(format!(
            "{secondary} secondary columns, but the array has {width}"
        )));
    }
    let mut b = MatrixBuilder::new();
    let bad = |e: dlx_core::MatrixError| raise::<MatrixError>(e);
    for j in 0..width {
        if j < width - secondary {
            b.primary(j.to_string())
        } else {
            b.secondary(j.to_string())
        }
        .map_err(bad)?;
    }
    for ones in cells {
        b.option_ids(ones).map_err(bad)?;
    }
    b.build().map_err(bad)
}
