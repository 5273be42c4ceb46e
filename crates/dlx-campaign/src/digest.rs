//! Digests: every record and every `campaign.json` proves its own integrity.
//!
//! A file's digest is FNV-1a (64 bits) of a canonical text of what it holds: JSON with every
//! object's keys sorted and no spaces, the `digest` field left out. A record's digest is taken
//! over the record as [`crate::ShardRecord::to_json`] writes what was read (its figures,
//! levels, key, shard, solutions' rows, times, and which of them it carries), so the fields a
//! command adds beside a record (`solution_list`, `interrupted`) do not count; a
//! `campaign.json`'s over the whole object. Reading checks it: a file whose digest does not
//! match what it holds is damaged, named, and never trusted. The digest guards against
//! damage (a flipped bit, a file cut short or edited by hand), not against forgery.
//!
//! Files written before digests existed are sealed once by [`seal_legacy`] (`cargo xtask
//! seal DIR`).

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::folder::{file_error, write};
use crate::{Campaign, CampaignError, ShardRecord};

/// The field that holds a file's digest.
pub const DIGEST: &str = "digest";

/// FNV-1a, 64 bits.
pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// `v` as canonical JSON: objects with their keys sorted, no spaces (whatever order the file
/// or the `serde_json` features keep).
fn canonical(v: &Value, out: &mut String) {
    match v {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_unstable();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                canonical(&map[k], out);
            }
            out.push('}');
        }
        Value::Array(list) => {
            out.push('[');
            for (i, x) in list.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(x, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// The digest of a JSON value, its own `digest` field left out: 16 hex digits.
pub fn digest(v: &Value) -> String {
    let mut text = String::new();
    match v {
        Value::Object(map) if map.contains_key(DIGEST) => {
            let mut bare = map.clone();
            bare.remove(DIGEST);
            canonical(&Value::Object(bare), &mut text);
        }
        v => canonical(v, &mut text),
    }
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

/// Adds (or renews) an object's `digest` field.
pub(crate) fn seal(v: &mut Value) {
    let d = digest(v);
    v[DIGEST] = Value::String(d);
}

/// Whether the digest the file carries is `expected`; the reason if not.
pub(crate) fn check(carried: Option<&Value>, expected: &str) -> Result<(), String> {
    match carried {
        None => Err(format!(
            "damaged: no `{DIGEST}` field (or written before files carried one: \
             `cargo xtask seal DIR` seals such a folder once)"
        )),
        Some(Value::String(d)) if d == expected => Ok(()),
        // The digest that would match is not shown: it guards against damage, not
        // tampering, and a file mended by pasting it in would be trusted again.
        Some(_) => Err(
            "damaged: what it holds does not match its digest (changed after it was written)"
                .to_string(),
        ),
    }
}

/// Seals a campaign folder written before records and `campaign.json` carried digests (a
/// one-off conversion; `cargo xtask seal DIR`). Each file without a digest is read with every
/// other check a record or campaign file passes, and must be exactly the text this version
/// writes for what it holds, so that the digest is the only change; it is then written back
/// with its digest. Files that carry one are left as they are. The folder is then opened and
/// every record checked as a campaign checks it. Returns the files sealed.
pub fn seal_legacy(dir: impl AsRef<Path>) -> Result<Vec<PathBuf>, CampaignError> {
    let dir = dir.as_ref();
    let mut sealed = Vec::new();
    let meta = dir.join("campaign.json");
    let text = crate::folder::read_to_string(&meta)
        .map_err(|e| file_error(&meta, format!("cannot read: {e}")))?;
    let mut v: Value = serde_json::from_str(&text)
        .map_err(|e| file_error(&meta, format!("damaged, not JSON: {e}")))?;
    if v.get(DIGEST).is_none() {
        if format!("{v:#}\n") != text {
            return Err(file_error(
                &meta,
                "not as dlx writes a campaign file: not sealed (fix or remove it first)",
            ));
        }
        seal(&mut v);
        write(&meta, &format!("{v:#}\n"))?;
        sealed.push(meta.clone());
    }
    match Campaign::open(dir)? {
        Campaign::Split(split) => {
            for s in &split.subcases {
                sealed.extend(seal_legacy(dir.join(&s.name))?);
            }
        }
        Campaign::Search(shards) => {
            for k in 1..=shards.shards {
                let path = shards.shard_path(k);
                let Ok(text) = crate::folder::read_to_string(&path) else {
                    continue;
                };
                let shown = path.display().to_string();
                let v: Value = serde_json::from_str(&text)
                    .map_err(|e| file_error(&path, format!("damaged, not JSON: {e}")))?;
                if v.get(DIGEST).is_some() {
                    continue;
                }
                let r = ShardRecord::parse_unsealed(&shown, &text)?;
                if format!("{}\n", r.unsealed_json()) != text {
                    return Err(file_error(
                        &path,
                        "not as dlx writes a record: not sealed (fix or remove it first)",
                    ));
                }
                write(&path, &format!("{}\n", r.to_json()))?;
                sealed.push(path);
            }
            if let Some(d) = shards.progress().damaged.first() {
                return Err(CampaignError::Invalid(d.clone()));
            }
        }
    }
    Ok(sealed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_digest_ignores_key_order_and_spacing_but_nothing_else() {
        let a: Value = serde_json::from_str(r#"{"b": [1, {"y": 2, "x": "s"}], "a": 2.5}"#).unwrap();
        let b: Value = serde_json::from_str(r#"{"a":2.5,"b":[1,{"x":"s","y":2}]}"#).unwrap();
        assert_eq!(digest(&a), digest(&b));
        let mut sealed = a.clone();
        seal(&mut sealed);
        // The digest field itself is left out.
        assert_eq!(digest(&sealed), digest(&a));
        assert!(check(sealed.get(DIGEST), &digest(&a)).is_ok());
        for changed in [
            json!({"a": 2.5, "b": [1, {"x": "s", "y": 3}]}),
            json!({"a": 2.5, "b": [{"x": "s", "y": 2}, 1]}),
            json!({"a": 2.5, "b": [1, {"x": "s", "y": 2}], "c": null}),
            json!({"a": 25, "b": [1, {"x": "s", "y": 2}]}),
        ] {
            assert_ne!(digest(&changed), digest(&a), "{changed}");
        }
        let e = check(None, "0").unwrap_err();
        assert!(e.starts_with("damaged: no `digest` field"), "{e}");
        let e = check(Some(&json!("0123")), "4567").unwrap_err();
        assert!(e.contains("does not match its digest"), "{e}");
        // FNV-1a's published test vector.
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    /// Every file of `dir` (recursively) with its text.
    fn files(dir: &Path) -> Vec<(PathBuf, String)> {
        let mut all = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                all.extend(files(&path));
            } else {
                let text = std::fs::read_to_string(&path).unwrap();
                all.push((path, text));
            }
        }
        all.sort();
        all
    }

    /// Rewrites a JSON file as dlx wrote it before files carried digests.
    fn unseal(path: &Path, text: &str) {
        let mut v: Value = serde_json::from_str(text).unwrap();
        if v.as_object_mut().unwrap().remove(DIGEST).is_none() {
            return;
        }
        let old = if path.ends_with("campaign.json") {
            format!("{v:#}\n")
        } else {
            format!("{v}\n")
        };
        write(path, &old).unwrap();
    }

    /// The one-off conversion: a split campaign with solutions and times, written as before
    /// digests, is sealed back into exactly the files this version writes (the figures,
    /// rows, keys and times unchanged), and a sealed folder is left alone. A legacy file that
    /// is not as dlx writes it, or a record that fails a check, is refused, not sealed.
    #[test]
    fn sealing_a_legacy_folder_adds_the_digests_and_nothing_else() {
        use crate::{RunOptions, Split};
        use dlx_core::{Heuristic, format};
        let dir = std::env::temp_dir().join(format!("dlx-seal-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let m = format::parse("a b c d\na b\nc d\na\nb\nc\nd\na c\nb d\n").unwrap();
        let parts = crate::subcases_fixing(&m, &[0, 2]);
        Split::create(&dir, "test", parts, 3, Heuristic::Mrv, true).unwrap();
        Campaign::open(&dir)
            .unwrap()
            .run(&RunOptions::default(), |_| {})
            .unwrap();
        // Folders written before digests kept no plan either.
        for part in ["o0", "o2"] {
            std::fs::remove_file(dir.join(part).join("plan.json")).unwrap();
        }
        let sealed = files(&dir);
        assert_eq!(
            sealed.len(),
            1 + 2 * (2 + 3),
            "campaign.json, matrix.dlx and 3 records each"
        );
        // A record with a time whose shortest decimal form a lossy float parser misreads.
        let record = dir.join("o0/shard-1-of-3.json");
        let mut v: Value =
            serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
        v["cpu_seconds"] = serde_json::json!(152.65999999999985);
        seal(&mut v);
        write(&record, &format!("{v}\n")).unwrap();
        let sealed = files(&dir);
        assert!(seal_legacy(&dir).unwrap().is_empty(), "sealed already");
        for (path, text) in &sealed {
            if path.extension().is_some_and(|e| e == "json") {
                unseal(path, text);
            }
        }
        assert_ne!(files(&dir), sealed);
        let e = Campaign::open(&dir).unwrap_err().to_string();
        assert!(
            e.contains("campaign.json: damaged: no `digest` field"),
            "{e}"
        );
        let converted = seal_legacy(&dir).unwrap();
        assert_eq!(converted.len(), 1 + 2 * (1 + 3));
        assert_eq!(
            files(&dir),
            sealed,
            "byte for byte what this version writes"
        );

        // Not as dlx writes it: refused, left unsealed.
        let (path, text) = &sealed[sealed.len() - 1];
        assert!(path.ends_with("o2/shard-3-of-3.json"), "{}", path.display());
        unseal(path, text);
        let spaced = std::fs::read_to_string(path).unwrap().replace(',', ", ");
        write(path, &spaced).unwrap();
        let e = seal_legacy(&dir).unwrap_err().to_string();
        assert!(
            e.contains("shard-3-of-3.json: not as dlx writes a record"),
            "{e}"
        );
        // A figure changed by hand: the totals no longer match the levels.
        let mut v: Value = serde_json::from_str(text).unwrap();
        v.as_object_mut().unwrap().remove(DIGEST);
        v["nodes"] = serde_json::json!(v["nodes"].as_u64().unwrap() + 1);
        write(path, &format!("{v}\n")).unwrap();
        let e = seal_legacy(&dir).unwrap_err().to_string();
        assert!(
            e.contains("shard-3-of-3.json: the totals do not match the levels"),
            "{e}"
        );
        assert!(
            std::fs::read_to_string(path)
                .unwrap()
                .contains(&v.to_string())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
