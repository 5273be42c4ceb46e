//! One shard's record: what `dlx solve --shard K/N --json` prints and a campaign keeps, read
//! back with every field checked, and the records of one run added up.

use dlx_core::{Heuristic, ItemKind, Level, MAX_SHARDS, Matrix, Stats};
use serde_json::{Value, json};

use crate::RecordError;
use crate::digest::{DIGEST, check, fnv1a64, seal};

/// The fingerprint of a matrix: FNV-1a of its text in Knuth's format, as 16 hex digits.
/// Every shard record carries it, so a record is never added to the figures of another
/// matrix.
pub fn matrix_hash(matrix: &Matrix) -> String {
    let text = dlx_core::format::write(matrix, None);
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

/// What identifies the run a shard belongs to: the shards of one run share all of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunKey {
    /// The matrix's fingerprint ([`matrix_hash`]).
    pub matrix: String,
    /// The rule that chose the items.
    pub heuristic: Heuristic,
    /// The number of shards.
    pub n: usize,
    /// The depth of the cut that made the subproblems.
    pub depth: usize,
    /// The options (0-based, in the matrix's order) chosen before the search, as a puzzle's
    /// piece is fixed at one place to split a problem into subcases; usually none.
    pub fixed: Vec<usize>,
}

impl RunKey {
    /// The key of a run with nothing fixed.
    pub fn new(matrix: impl Into<String>, heuristic: Heuristic, n: usize, depth: usize) -> RunKey {
        RunKey {
            matrix: matrix.into(),
            heuristic,
            n,
            depth,
            fixed: Vec::new(),
        }
    }
}

/// One finished (or stopped) shard: its figures and where they belong.
#[derive(Debug, Clone, PartialEq)]
pub struct ShardRecord {
    /// The run.
    pub key: RunKey,
    /// Which shard, 1 to `key.n`.
    pub k: usize,
    /// How many of the plan's subproblems (the subtrees at the cut's depth) it searched.
    pub subproblems: usize,
    /// Its figures: the root is counted in every shard's nodes, as in every search.
    pub stats: Stats,
    /// Whether the figures count Knuth's cleansings (searches with colours or bounds).
    pub cleansings: bool,
    /// Whether the per-level profile was kept (`stats.levels`): records converted from
    /// formats that kept only totals have none.
    pub profiled: bool,
    /// Wall-clock seconds of the shard's search, if timed.
    pub seconds: Option<f64>,
    /// CPU seconds of the process during the search (all its threads), if the system tells.
    pub cpu_seconds: Option<f64>,
    /// Every solution's options (0-based, sorted, the fixed ones included), if kept.
    pub rows: Option<Vec<Vec<usize>>>,
}

impl ShardRecord {
    /// A record of shard `k`, which searched `subproblems` subtrees, with its profile,
    /// untimed, without solutions.
    pub fn new(key: RunKey, k: usize, subproblems: usize, stats: Stats) -> ShardRecord {
        ShardRecord {
            key,
            k,
            subproblems,
            stats,
            cleansings: false,
            profiled: true,
            seconds: None,
            cpu_seconds: None,
            rows: None,
        }
    }

    /// The record as JSON (one line when printed with `{}`), with its digest: what
    /// [`ShardRecord::parse`] reads back.
    pub fn to_json(&self) -> Value {
        let mut v = self.unsealed_json();
        seal(&mut v);
        v
    }

    /// The record as JSON without its digest: what the digest is taken over.
    pub(crate) fn unsealed_json(&self) -> Value {
        let s = &self.stats;
        let mut v = json!({
            "solutions": s.solutions,
            "updates": s.updates,
            "nodes": s.nodes,
            "complete": s.complete,
            "heuristic": self.key.heuristic.to_string(),
        });
        if self.profiled {
            v["levels"] = s
                .levels
                .iter()
                .map(|l| json!({"nodes": l.nodes, "updates": l.updates}))
                .collect();
        }
        if self.cleansings {
            v["cleansings"] = json!(s.cleansings);
        }
        let mut shard = json!({
            "k": self.k,
            "n": self.key.n,
            "depth": self.key.depth,
            "subproblems": self.subproblems,
            "matrix": self.key.matrix,
        });
        if !self.key.fixed.is_empty() {
            shard["fixed"] = json!(self.key.fixed);
        }
        v["shard"] = shard;
        if let Some(t) = self.seconds {
            v["seconds"] = json!(t);
        }
        if let Some(t) = self.cpu_seconds {
            v["cpu_seconds"] = json!(t);
        }
        if let Some(rows) = &self.rows {
            v["rows"] = json!(rows);
        }
        v
    }

    /// Reads a record from its text; `name` (the file) opens every error. A record that is
    /// damaged, cut short or inconsistent (a digest that does not match what it holds, totals
    /// that are not the sum of its levels, a shard number out of range, solutions' rows that
    /// are not sorted lists of distinct options holding the fixed ones) is refused, never
    /// half-read. Whether the rows are solutions of the matrix is
    /// [`ShardRecord::check_rows`]'s question.
    pub fn parse(name: &str, text: &str) -> Result<ShardRecord, RecordError> {
        let (record, carried) = ShardRecord::read(name, text)?;
        check(
            carried.as_ref(),
            &super::digest::digest(&record.unsealed_json()),
        )
        .map_err(|reason| RecordError::Record {
            file: name.to_string(),
            reason,
        })?;
        Ok(record)
    }

    /// [`ShardRecord::parse`] without the digest: for records written before records carried
    /// one ([`crate::seal_legacy`]).
    pub(crate) fn parse_unsealed(name: &str, text: &str) -> Result<ShardRecord, RecordError> {
        ShardRecord::read(name, text).map(|(record, _)| record)
    }

    /// Every check but the digest's; the record and the digest it carries.
    fn read(name: &str, text: &str) -> Result<(ShardRecord, Option<Value>), RecordError> {
        let bad = |reason: String| RecordError::Record {
            file: name.to_string(),
            reason,
        };
        let v: Value = serde_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
        let field = |v: &'_ Value, field: &str| -> Result<Value, RecordError> {
            v.get(field).cloned().ok_or_else(|| {
                bad(format!(
                    "no `{field}` field (not the --json output of a --shard run)"
                ))
            })
        };
        let number = |v: &Value, name: &str| -> Result<u64, RecordError> {
            field(v, name)?
                .as_u64()
                .ok_or_else(|| bad(format!("`{name}` is not a whole number")))
        };
        let index = |v: &Value, name: &str| -> Result<usize, RecordError> {
            usize::try_from(number(v, name)?)
                .map_err(|_| bad(format!("`{name}` is too large for this machine")))
        };
        let shard = field(&v, "shard")?;
        let heuristic: Heuristic = field(&v, "heuristic")?
            .as_str()
            .ok_or_else(|| bad("`heuristic` is not a string".into()))?
            .parse()
            .map_err(|e| bad(format!("`heuristic`: {e}")))?;
        let n = index(&shard, "n")?;
        if n == 0 || n > MAX_SHARDS {
            return Err(bad(format!(
                "`n` is {n}, not a number of shards from 1 to {MAX_SHARDS}"
            )));
        }
        let k = index(&shard, "k")?;
        if k == 0 || k > n {
            return Err(bad(format!("shard {k} is not between 1 and {n}")));
        }
        let fixed = match shard.get("fixed") {
            None => Vec::new(),
            Some(f) => numbers(f).ok_or_else(|| bad("`fixed` is not a list of options".into()))?,
        };
        let key = RunKey {
            matrix: field(&shard, "matrix")?
                .as_str()
                .ok_or_else(|| bad("`matrix` is not a string".into()))?
                .to_string(),
            heuristic,
            n,
            depth: index(&shard, "depth")?,
            fixed,
        };
        let complete = field(&v, "complete")?
            .as_bool()
            .ok_or_else(|| bad("`complete` is not true or false".into()))?;
        let (solutions, updates, nodes) = (
            number(&v, "solutions")?,
            number(&v, "updates")?,
            number(&v, "nodes")?,
        );
        let profiled = v.get("levels").is_some();
        let mut stats = if profiled {
            let levels = field(&v, "levels")?
                .as_array()
                .ok_or_else(|| bad("`levels` is not a list".into()))?
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let at =
                        |what: &str| bad(format!("levels[{i}]: `{what}` is not a whole number"));
                    Ok(Level {
                        nodes: l["nodes"].as_u64().ok_or_else(|| at("nodes"))?,
                        updates: l["updates"].as_u64().ok_or_else(|| at("updates"))?,
                    })
                })
                .collect::<Result<Vec<_>, RecordError>>()?;
            let stats = Stats::checked_from_levels(solutions, levels, complete)
                .ok_or_else(|| bad("the levels add up past 2^64".into()))?;
            if stats.updates != updates || stats.nodes != nodes {
                return Err(bad("the totals do not match the levels".into()));
            }
            stats
        } else {
            if nodes == 0 {
                return Err(bad("`nodes` is 0: every search has its root".into()));
            }
            Stats {
                solutions,
                updates,
                nodes,
                complete,
                ..Stats::default()
            }
        };
        // Searches with colours or bounds also count Knuth's cleansings.
        let cleansings = v.get("cleansings").is_some();
        if cleansings {
            stats.cleansings = number(&v, "cleansings")?;
        }
        let time = |name: &str| -> Result<Option<f64>, RecordError> {
            match v.get(name) {
                None => Ok(None),
                Some(t) => t
                    .as_f64()
                    .filter(|t| *t >= 0.0)
                    .map(Some)
                    .ok_or_else(|| bad(format!("`{name}` is not a number of seconds"))),
            }
        };
        let rows = match v.get("rows") {
            None => None,
            Some(r) => {
                let list = r
                    .as_array()
                    .and_then(|list| list.iter().map(numbers).collect::<Option<Vec<_>>>())
                    .ok_or_else(|| bad("`rows` is not a list of lists of options".into()))?;
                if list.len() as u64 != solutions {
                    return Err(bad(format!(
                        "{} solutions counted but {} listed in `rows`",
                        solutions,
                        list.len()
                    )));
                }
                for (i, row) in list.iter().enumerate() {
                    if !row.is_sorted_by(|a, b| a < b) {
                        return Err(bad(format!(
                            "rows[{i}] is not a sorted list of distinct options"
                        )));
                    }
                    if let Some(o) = key.fixed.iter().find(|o| row.binary_search(o).is_err()) {
                        return Err(bad(format!("rows[{i}] lacks the fixed option {o}")));
                    }
                }
                if !list.is_sorted_by(|a, b| a < b) {
                    return Err(bad(
                        "`rows` are not distinct solutions in sorted order".into()
                    ));
                }
                Some(list)
            }
        };
        let record = ShardRecord {
            key,
            k,
            subproblems: index(&shard, "subproblems")?,
            stats,
            cleansings,
            profiled,
            seconds: time("seconds")?,
            cpu_seconds: time("cpu_seconds")?,
            rows,
        };
        Ok((record, v.get(DIGEST).cloned()))
    }

    /// Whether every solution the record keeps is one of `matrix`'s: options it has, each
    /// with a primary item, covering every primary item as often as its bounds ask and every
    /// secondary item at most once or always in one colour. The reason if not, naming the
    /// row.
    pub fn check_rows(&self, matrix: &Matrix) -> Result<(), String> {
        let Some(rows) = &self.rows else {
            return Ok(());
        };
        let items = matrix.items();
        // Per item: the options of the row containing it, and the colour it was given.
        let mut count = vec![0u32; items.len()];
        let mut colour: Vec<Option<Option<&str>>> = vec![None; items.len()];
        for (i, row) in rows.iter().enumerate() {
            count.iter_mut().for_each(|c| *c = 0);
            colour.iter_mut().for_each(|c| *c = None);
            for &o in row {
                let Some(option) = matrix.options().get(o) else {
                    return Err(format!(
                        "rows[{i}] holds option {o}, but the matrix has {} options",
                        matrix.options().len()
                    ));
                };
                if !option.iter().any(|&x| items[x].kind == ItemKind::Primary) {
                    return Err(format!(
                        "rows[{i}] holds option {o}, which has no primary item: no search \
                         chooses it"
                    ));
                }
                for (j, &x) in option.iter().enumerate() {
                    count[x] += 1;
                    let c = matrix.colour(o, j);
                    let clash = match colour[x].replace(c) {
                        None => false,
                        // Several options may share a secondary item only in one colour.
                        Some(before) => before.is_none() || c.is_none() || before != c,
                    };
                    if items[x].kind == ItemKind::Secondary && clash {
                        return Err(format!(
                            "rows[{i}] is not a solution: item `{}` is given twice",
                            dlx_core::shown(&items[x].name)
                        ));
                    }
                }
            }
            for (x, item) in items.iter().enumerate() {
                let m = item.multiplicity;
                if item.kind == ItemKind::Primary && !(m.lower..=m.upper).contains(&count[x]) {
                    return Err(format!(
                        "rows[{i}] is not a solution: item `{}` is covered {} times",
                        dlx_core::shown(&item.name),
                        count[x]
                    ));
                }
            }
        }
        Ok(())
    }
}

fn numbers(v: &Value) -> Option<Vec<usize>> {
    v.as_array()?
        .iter()
        .map(|x| x.as_u64().and_then(|x| usize::try_from(x).ok()))
        .collect()
}

/// The records of all the shards of one run, added up.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    /// The run.
    pub key: RunKey,
    /// The whole run's figures, as one unsharded search counts them (the root once).
    pub stats: Stats,
    /// Whether they include cleansings (colours or bounds).
    pub cleansings: bool,
    /// Whether every record kept its profile, so that `stats.levels` is the whole profile.
    pub profiled: bool,
    /// Wall and CPU seconds added over the records that were timed, and how many were.
    pub seconds: (f64, f64, usize),
    /// Every solution's options, if every record kept them (in shard order).
    pub rows: Option<Vec<Vec<usize>>>,
}

impl Merged {
    /// The sum of no records yet: complete, every solution kept, profiled as asked.
    fn nothing(key: RunKey, profiled: bool) -> Merged {
        Merged {
            key,
            stats: Stats {
                complete: true,
                ..Stats::default()
            },
            cleansings: false,
            profiled,
            seconds: (0.0, 0.0, 0),
            rows: Some(Vec::new()),
        }
    }
}

/// Adds up the records of one run; each comes with the name of its file for errors. Refuses a
/// record of another run or given twice, figures that overflow, and names the shards missing.
pub fn add_up(records: &[(String, ShardRecord)]) -> Result<Merged, RecordError> {
    sum(records, true)
}

/// The figures of subcases added up: separate searches, each with its own root, so every
/// figure adds (nodes included) and no common profile remains. Each part comes with its name
/// for errors; the key is the first's. Refuses figures that overflow.
pub fn add_subcases(parts: &[(String, Merged)]) -> Result<Merged, RecordError> {
    let Some((_, first)) = parts.first() else {
        return Err(RecordError::Empty);
    };
    let mut total = Merged::nothing(first.key.clone(), false);
    for (name, m) in parts {
        let overflow = || RecordError::Record {
            file: name.clone(),
            reason: "the figures add up past 2^64 with the subcases before it".into(),
        };
        let (s, t) = (&mut total.stats, &m.stats);
        s.solutions = s.solutions.checked_add(t.solutions).ok_or_else(overflow)?;
        s.updates = s.updates.checked_add(t.updates).ok_or_else(overflow)?;
        s.nodes = s.nodes.checked_add(t.nodes).ok_or_else(overflow)?;
        s.cleansings = s
            .cleansings
            .checked_add(t.cleansings)
            .ok_or_else(overflow)?;
        s.complete &= t.complete;
        total.cleansings |= m.cleansings;
        total.seconds.0 += m.seconds.0;
        total.seconds.1 += m.seconds.1;
        total.seconds.2 += m.seconds.2;
        total.rows = match (total.rows.take(), &m.rows) {
            (Some(mut all), Some(rows)) => {
                all.extend(rows.iter().cloned());
                Some(all)
            }
            _ => None,
        };
    }
    Ok(total)
}

/// [`add_up`] of the shards done so far: shards may be missing, and then the figures are
/// marked incomplete.
pub fn add_up_so_far(records: &[(String, ShardRecord)]) -> Result<Merged, RecordError> {
    sum(records, false)
}

fn sum(records: &[(String, ShardRecord)], all: bool) -> Result<Merged, RecordError> {
    let Some((first_name, first)) = records.first() else {
        return Err(RecordError::Empty);
    };
    let n = first.key.n;
    let mut seen: Vec<Option<&str>> = vec![None; n];
    let mut total = Merged::nothing(first.key.clone(), true);
    let mut any = false;
    for (name, r) in records {
        let bad = |reason: String| RecordError::Record {
            file: name.clone(),
            reason,
        };
        let (key, k0) = (&r.key, &first.key);
        if key != k0 {
            return Err(bad(format!(
                "a shard of another run than {first_name} (matrix {} / {}, heuristic {} / {}, N {} / {}, depth {} / {}, fixed {:?} / {:?})",
                key.matrix,
                k0.matrix,
                key.heuristic,
                k0.heuristic,
                key.n,
                k0.n,
                key.depth,
                k0.depth,
                key.fixed,
                k0.fixed
            )));
        }
        let slot = seen
            .get_mut(r.k.wrapping_sub(1))
            .ok_or_else(|| bad(format!("shard {} is not between 1 and {n}", r.k)))?;
        if let Some(other) = slot {
            return Err(bad(format!("shard {} is given twice (also {other})", r.k)));
        }
        *slot = Some(name);
        // One run's records carry the same figures: a record without cleansings, a profile
        // or solutions among records with them is of another search (or damaged), and its
        // absent figure would be added as 0.
        let carries = |r: &ShardRecord| [r.cleansings, r.profiled, r.rows.is_some()];
        let what = ["cleansings", "a per-level profile", "the solutions' rows"];
        if let Some(i) = (0..3).find(|&i| carries(r)[i] != carries(first)[i]) {
            let (has, lacks) = if carries(r)[i] {
                (name.as_str(), first_name.as_str())
            } else {
                (first_name.as_str(), name.as_str())
            };
            return Err(bad(format!(
                "records of one run carry the same figures, but {has} carries {} and {lacks} does not",
                what[i]
            )));
        }
        total.cleansings = r.cleansings;
        total.profiled &= r.profiled;
        let overflow = || bad("the figures add up past 2^64 with the shards before it".into());
        if total.profiled {
            total.stats.checked_merge(&r.stats).ok_or_else(overflow)?;
        } else {
            // Totals only: each record counts the root, which the whole tree has once.
            let s = &mut total.stats;
            let root = u64::from(any);
            s.solutions = s
                .solutions
                .checked_add(r.stats.solutions)
                .ok_or_else(overflow)?;
            s.updates = s
                .updates
                .checked_add(r.stats.updates)
                .ok_or_else(overflow)?;
            s.nodes = s.nodes.checked_add(r.stats.nodes).ok_or_else(overflow)? - root;
            s.cleansings = s
                .cleansings
                .checked_add(r.stats.cleansings)
                .ok_or_else(overflow)?;
            s.levels.clear();
            s.complete &= r.stats.complete;
        }
        any = true;
        if let Some(t) = r.seconds {
            total.seconds.0 += t;
            total.seconds.1 += r.cpu_seconds.unwrap_or(0.0);
            total.seconds.2 += 1;
        }
        total.rows = match (total.rows.take(), &r.rows) {
            (Some(mut all), Some(rows)) => {
                all.extend(rows.iter().cloned());
                Some(all)
            }
            _ => None,
        };
    }
    let missing: Vec<usize> = (1..=n).filter(|k| seen[k - 1].is_none()).collect();
    if !missing.is_empty() {
        if all {
            return Err(RecordError::Missing { missing, n });
        }
        total.stats.complete = false;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> RunKey {
        RunKey::new("00000000000000ff", Heuristic::Mrv, 3, 2)
    }

    fn record(k: usize, levels: &[(u64, u64)], solutions: u64) -> ShardRecord {
        let levels = levels
            .iter()
            .map(|&(nodes, updates)| Level { nodes, updates })
            .collect();
        ShardRecord::new(key(), k, 2, Stats::from_levels(solutions, levels, true))
    }

    #[test]
    fn subcases_add_up_every_figure_and_refuse_an_overflow() {
        let whole = |records: &[ShardRecord]| {
            let named: Vec<(String, ShardRecord)> = records
                .iter()
                .map(|r| (format!("s{}", r.k), r.clone()))
                .collect();
            add_up_so_far(&named).unwrap()
        };
        let mut a = whole(&[
            record(1, &[(1, 5), (2, 10)], 1),
            record(2, &[(1, 5), (4, 7)], 2),
        ]);
        a.rows = Some(vec![vec![0], vec![1], vec![2]]);
        let b = whole(&[record(1, &[(1, 3)], 0), record(2, &[(1, 3), (1, 1)], 1)]);
        let parts = [("a".to_string(), a.clone()), ("b".to_string(), b.clone())];
        let total = add_subcases(&parts).unwrap();
        // Two trees, two roots: every figure is the sum, nodes included.
        let figures = |m: &Merged| (m.stats.solutions, m.stats.nodes, m.stats.updates);
        let (fa, fb) = (figures(&a), figures(&b));
        assert_eq!(figures(&total), (fa.0 + fb.0, fa.1 + fb.1, fa.2 + fb.2));
        assert!(!total.stats.complete, "shard 3 of each is missing");
        assert!(total.stats.levels.is_empty() && !total.profiled);
        assert_eq!(total.rows, None, "b keeps no solutions");
        let mut big = b;
        big.stats.updates = u64::MAX;
        let e = add_subcases(&[("a".into(), a), ("big".into(), big)]).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("big: the figures add up past 2^64"),
            "{e}"
        );
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let mut r = record(2, &[(2, 10), (3, 20)], 3);
        r.seconds = Some(1.5);
        r.rows = Some(vec![vec![0, 4], vec![1, 2, 4], vec![3, 4, 5]]);
        r.key.fixed = vec![4];
        let back = ShardRecord::parse("r.json", &r.to_json().to_string()).unwrap();
        assert_eq!(back, r);
    }

    #[test]
    fn damaged_records_are_refused_by_name() {
        let good = record(1, &[(2, 10)], 1).to_json();
        let cases: Vec<(Value, &str)> = vec![
            (json!({"shard": good["shard"]}), "no `heuristic` field"),
            (
                {
                    let mut v = good.clone();
                    v["updates"] = json!(11);
                    v
                },
                "do not match the levels",
            ),
            (
                {
                    let mut v = good.clone();
                    v["shard"]["k"] = json!(4);
                    v
                },
                "not between 1 and 3",
            ),
            (
                {
                    let mut v = good.clone();
                    v["rows"] = json!([[1], [2]]);
                    v
                },
                "1 solutions counted but 2 listed",
            ),
            (
                {
                    let mut v = good.clone();
                    v["seconds"] = json!("soon");
                    v
                },
                "not a number of seconds",
            ),
        ];
        for (v, why) in cases {
            let e = ShardRecord::parse("x.json", &v.to_string())
                .unwrap_err()
                .to_string();
            assert!(e.starts_with("x.json: ") && e.contains(why), "{e}");
        }
        let e = ShardRecord::parse("x.json", "{\"solutions\": 1").unwrap_err();
        assert!(e.to_string().contains("not JSON"), "{e}");
    }

    #[test]
    fn adding_up_counts_the_root_once_and_names_what_is_missing() {
        let (a, b, c) = (
            record(1, &[(1, 5)], 0),
            record(2, &[(0, 0), (4, 9)], 2),
            record(3, &[(2, 7), (1, 1)], 1),
        );
        let named = |r: &ShardRecord| (format!("s{}", r.k), r.clone());
        let m = add_up(&[named(&a), named(&b), named(&c)]).unwrap();
        assert_eq!(
            (m.stats.solutions, m.stats.updates, m.stats.nodes),
            (3, 22, 9)
        );
        assert_eq!(
            m.stats.nodes,
            a.stats.nodes + b.stats.nodes + c.stats.nodes - 2
        );
        // Without profiles the totals are the same.
        let bare = |r: &ShardRecord| {
            let mut r = r.clone();
            r.profiled = false;
            r.stats.levels.clear();
            (format!("s{}", r.k), r)
        };
        let t = add_up(&[bare(&a), bare(&b), bare(&c)]).unwrap();
        assert_eq!((t.stats.updates, t.stats.nodes, t.profiled), (22, 9, false));
        let e = add_up(&[named(&b)]).unwrap_err().to_string();
        assert_eq!(e, "shards missing: 1, 3 of 3");
        let e = add_up(&[named(&b), named(&b)]).unwrap_err().to_string();
        assert!(e.contains("shard 2 is given twice (also s2)"), "{e}");
        let mut other = c.clone();
        other.key.depth = 3;
        let e = add_up(&[named(&a), named(&other)]).unwrap_err().to_string();
        assert!(e.contains("another run than s1"), "{e}");
    }

    /// A record with every field: levels, cleansings, fixed options, rows, times.
    fn full() -> ShardRecord {
        let mut r = record(2, &[(2, 10), (3, 20)], 3);
        r.cleansings = true;
        r.stats.cleansings = 7;
        r.seconds = Some(152.714298371);
        r.cpu_seconds = Some(152.65999999999985);
        r.rows = Some(vec![vec![0, 4], vec![1, 2, 4], vec![3, 4, 5]]);
        r.key.fixed = vec![4];
        r
    }

    /// Issue 35: one changed figure, row, key or flag in a record is refused as damaged, by
    /// its digest; what a command prints beside a record does not count.
    #[test]
    fn a_record_with_any_change_is_refused_by_its_digest() {
        let good = full().to_json();
        let parse = |v: &Value| ShardRecord::parse("s.json", &v.to_string());
        assert_eq!(parse(&good).unwrap(), full());
        let mut beside = good.clone();
        beside["solution_list"] = json!([["a b"]]);
        beside["interrupted"] = json!(false);
        assert_eq!(parse(&beside).unwrap(), full(), "fields beside the record");
        let change = |edit: &dyn Fn(&mut Value)| {
            let mut v = good.clone();
            edit(&mut v);
            parse(&v).unwrap_err().to_string()
        };
        type Edit = Box<dyn Fn(&mut Value)>;
        let edits: Vec<(&str, Edit)> = vec![
            ("cleansings", Box::new(|v| v["cleansings"] = json!(8))),
            (
                "no cleansings",
                Box::new(|v| drop(v.as_object_mut().unwrap().remove("cleansings"))),
            ),
            ("a row", Box::new(|v| v["rows"][2][0] = json!(2))),
            (
                "a level",
                Box::new(|v| {
                    v["levels"][0]["updates"] = json!(11);
                    v["updates"] = json!(v["updates"].as_u64().unwrap() + 1);
                }),
            ),
            ("seconds", Box::new(|v| v["seconds"] = json!(152.714298372))),
            (
                "no time",
                Box::new(|v| drop(v.as_object_mut().unwrap().remove("cpu_seconds"))),
            ),
            (
                "matrix",
                Box::new(|v| v["shard"]["matrix"] = json!("00000000000000fe")),
            ),
            ("k", Box::new(|v| v["shard"]["k"] = json!(3))),
            ("depth", Box::new(|v| v["shard"]["depth"] = json!(3))),
            (
                "subproblems",
                Box::new(|v| v["shard"]["subproblems"] = json!(1)),
            ),
            (
                "heuristic",
                Box::new(|v| v["heuristic"] = json!("leftmost")),
            ),
            ("complete", Box::new(|v| v["complete"] = json!(false))),
            (
                "digest",
                Box::new(|v| v["digest"] = json!("0123456789abcdef")),
            ),
        ];
        for (what, edit) in &edits {
            let e = change(edit.as_ref());
            assert!(
                e.starts_with("s.json: damaged: what it holds does not match its digest"),
                "{what}: {e}"
            );
        }
        // Without rows, `"solutions"` + 1000 is caught by nothing but the digest.
        let mut bare = full();
        bare.rows = None;
        bare.key.fixed.clear();
        let mut v = bare.to_json();
        v["solutions"] = json!(1003);
        let e = parse(&v).unwrap_err().to_string();
        assert!(e.contains("does not match its digest"), "{e}");
        let e = change(&|v| drop(v.as_object_mut().unwrap().remove("digest")));
        assert!(e.starts_with("s.json: damaged: no `digest` field"), "{e}");
    }

    /// Rows that are not sorted lists of distinct options holding the fixed ones, or not
    /// distinct solutions in order, are refused before their digest is even looked at.
    #[test]
    fn rows_are_sorted_distinct_and_hold_the_fixed_options() {
        let cases: [(Value, &str); 4] = [
            (
                json!([[0, 4], [2, 1, 4], [3, 4, 5]]),
                "rows[1] is not a sorted list",
            ),
            (
                json!([[0, 4, 4], [1, 2, 4], [3, 4, 5]]),
                "rows[0] is not a sorted list",
            ),
            (
                json!([[0, 4], [1, 2], [3, 4, 5]]),
                "rows[1] lacks the fixed option 4",
            ),
            (
                json!([[0, 4], [3, 4, 5], [1, 2, 4]]),
                "not distinct solutions in sorted order",
            ),
        ];
        for (rows, why) in cases {
            let mut v = full().to_json();
            v["rows"] = rows;
            let e = ShardRecord::parse("s.json", &v.to_string())
                .unwrap_err()
                .to_string();
            assert!(e.starts_with("s.json: ") && e.contains(why), "{e}");
        }
    }

    /// Issue 35 (1): a row must be a solution of the campaign's matrix, or the record is
    /// damaged; an option number the matrix lacks never reaches the code that indexes by it.
    #[test]
    fn rows_are_checked_against_the_matrix() {
        // p and q primary, r with bounds [1, 2], x and y secondary, x with colours; the
        // last option has no primary item.
        let m = dlx_core::format::parse(
            "p q 1:2|r | x y\np r x:A\nq r x:A\nq x:B\np y\nq y\nr\nq r\nx:A\n",
        )
        .unwrap();
        let with = |rows: Vec<Vec<usize>>| {
            let mut r = record(1, &[(1, 1)], rows.len() as u64);
            r.rows = Some(rows);
            r.check_rows(&m)
        };
        assert_eq!(with(vec![vec![0, 1]]), Ok(()), "x:A twice, r twice");
        assert_eq!(with(vec![vec![0, 4], vec![1, 3, 5]]), Ok(()));
        let refused = [
            (
                vec![vec![0, 8]],
                "rows[0] holds option 8, but the matrix has 8 options",
            ),
            (
                vec![vec![0, 1, 7]],
                "rows[0] holds option 7, which has no primary item",
            ),
            (
                vec![vec![0, 1], vec![0, usize::MAX]],
                "rows[1] holds option",
            ),
            (
                vec![vec![0, 2, 5]],
                "rows[0] is not a solution: item `x` is given twice",
            ),
            (
                vec![vec![3, 4]],
                "rows[0] is not a solution: item `y` is given twice",
            ),
            (
                vec![vec![0]],
                "rows[0] is not a solution: item `q` is covered 0 times",
            ),
            (vec![vec![0, 1, 5]], "item `r` is covered 3 times"),
            (vec![vec![2, 3]], "item `r` is covered 0 times"),
            (vec![vec![4, 5]], "item `p` is covered 0 times"),
        ];
        for (rows, why) in refused {
            let e = with(rows.clone()).unwrap_err();
            assert!(e.contains(why), "{rows:?}: {e}");
        }
    }

    /// Issue 35: records that disagree on which figures they carry are not added up (an
    /// absent figure would count as 0).
    #[test]
    fn a_merge_refuses_records_that_carry_other_figures() {
        let named = |r: &ShardRecord| (format!("s{}", r.k), r.clone());
        let (a, b, c) = (
            record(1, &[(1, 5)], 0),
            record(2, &[(1, 4)], 0),
            record(3, &[(1, 3)], 0),
        );
        let mut coloured = b.clone();
        coloured.cleansings = true;
        let mut bare = c.clone();
        bare.profiled = false;
        bare.stats.levels.clear();
        let mut kept = c.clone();
        kept.rows = Some(Vec::new());
        for (other, what) in [
            (&coloured, "s2 carries cleansings and s1 does not"),
            (&bare, "s1 carries a per-level profile and s3 does not"),
            (&kept, "s3 carries the solutions' rows and s1 does not"),
        ] {
            let e = add_up_so_far(&[named(&a), named(other)])
                .unwrap_err()
                .to_string();
            assert!(e.contains(what), "{e}");
            let e = add_up(&[named(&a), named(&b), named(&c), named(other)]);
            assert!(e.is_err());
        }
        // With cleansings first, one without them is named the same way.
        let mut first = a.clone();
        first.cleansings = true;
        let e = add_up(&[named(&first), named(&b), named(&c)])
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("s2: ") && e.contains("s1 carries cleansings and s2 does not"),
            "{e}"
        );
    }
}
