//! Leases on shards: the `shard-K-of-N.running` marker a run holds while it searches a shard,
//! so that several runs on one folder (on one machine or on many sharing it) share the
//! shards instead of searching each one as many times.
//!
//! A marker is taken by creating it (exclusively: of two runs, one gets it) and renewed
//! every [`MARKER_RENEW`] while the shard is searched. A marker is held while it was renewed less
//! than [`MARKER_STALE`] ago, by the clock of the machine that reads it, unless it names a process
//! of this machine that no longer exists. Any other marker was left by a run that was killed
//! (or cut off from the folder): the next run moves it aside and takes the shard.

use std::io::Write;
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::CampaignError;
use crate::folder::{file_error, write};

/// How often a run renews the marker of the shard it searches.
pub const MARKER_RENEW: Duration = Duration::from_secs(10);

/// A marker not renewed for this long is no longer held: its run was killed.
pub const MARKER_STALE: Duration = Duration::from_secs(60);

/// What [`claim`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Claim {
    /// The marker is this run's now.
    Taken,
    /// Another run holds it.
    Held,
}

/// This machine's name, where the system tells it.
fn host() -> Option<String> {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())?;
    let name = name.trim();
    (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| name.to_string())
}

/// A marker's text: `process PID on HOST since SECONDS` (`on HOST` where the host is known).
pub(crate) fn text() -> String {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let pid = std::process::id();
    match host() {
        Some(host) => format!("process {pid} on {host} since {since}\n"),
        None => format!("process {pid} since {since}\n"),
    }
}

/// Whether the marker's text names a process of this machine that is gone: only where the
/// system lists its processes (`/proc`), and never for a text it cannot read.
fn process_gone(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [_, pid, "on", marker_host, ..] = words[..] else {
        return false;
    };
    let Ok(pid) = pid.parse::<u32>() else {
        return false;
    };
    let proc = Path::new("/proc");
    host().is_some_and(|h| h == marker_host)
        && proc.join("self").exists()
        && !proc.join(pid.to_string()).exists()
}

/// Whether a run holds the marker: a regular file renewed less than [`MARKER_STALE`] ago whose
/// process, if of this machine, still exists. A link or anything else under its name is
/// no run's.
pub(crate) fn held(marker: &Path) -> bool {
    let Ok(meta) = std::fs::symlink_metadata(marker) else {
        return false;
    };
    if !meta.is_file() {
        return false;
    }
    // A marker from the future (clocks of two machines apart) counts as just renewed.
    let age = (meta.modified().ok()).map(|t| {
        SystemTime::now()
            .duration_since(t)
            .unwrap_or(Duration::ZERO)
    });
    if age.is_none_or(|a| a >= MARKER_STALE) {
        return false;
    }
    // A marker just created may be empty for a moment: it is held.
    let text = crate::folder::read_to_string(marker).unwrap_or_default();
    !process_gone(&text)
}

/// Takes the marker for this run, unless another run holds it. One left by a killed run is
/// moved aside first: of two runs doing so at once, one moves it and the other finds it
/// gone, and then only one of them creates the new one.
pub(crate) fn claim(marker: &Path) -> Result<Claim, CampaignError> {
    if held(marker) {
        return Ok(Claim::Held);
    }
    if std::fs::symlink_metadata(marker).is_ok() {
        let name = marker.file_name().unwrap_or_default().to_string_lossy();
        let aside = marker.with_file_name(format!(".{name}.{}.stale", std::process::id()));
        match std::fs::rename(marker, &aside) {
            Ok(()) => {
                let _ = std::fs::remove_file(&aside);
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(file_error(marker, format!("cannot be moved aside: {e}"))),
        }
    }
    let created = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(marker);
    match created {
        Ok(mut file) => {
            (file.write_all(text().as_bytes())).map_err(|e| file_error(marker, e.to_string()))?;
            Ok(Claim::Taken)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(Claim::Held),
        Err(e) => Err(file_error(marker, e.to_string())),
    }
}

/// Runs `search` while renewing the marker every [`MARKER_RENEW`] from another thread, which has
/// stopped when this returns (so that the marker can then be removed for good).
pub(crate) fn renewing<R>(marker: &Path, search: impl FnOnce() -> R) -> R {
    renewing_every(MARKER_RENEW, marker, search)
}

/// [`renewing`], every `every`.
fn renewing_every<R>(every: Duration, marker: &Path, search: impl FnOnce() -> R) -> R {
    std::thread::scope(|s| {
        let (stop, stopped) = mpsc::channel::<()>();
        s.spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                // A marker that cannot be renewed is taken over a minute later: the shard
                // is then searched twice, which changes no figure.
                let _ = write(marker, &text());
            }
        });
        let result = search();
        drop(stop);
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dlx-lease-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn age(marker: &Path, by: Duration) {
        let file = std::fs::File::options().write(true).open(marker).unwrap();
        file.set_modified(SystemTime::now() - by).unwrap();
    }

    #[test]
    fn a_marker_is_held_until_it_goes_stale_then_taken_over() {
        let dir = temp("stale");
        let marker = dir.join("shard-1-of-2.running");
        assert_eq!(claim(&marker).unwrap(), Claim::Taken);
        assert!(held(&marker));
        assert_eq!(claim(&marker).unwrap(), Claim::Held);
        // Another machine's run, renewed 59 s ago, still holds it; at 60 s it is stale.
        std::fs::write(&marker, "process 1 on elsewhere.example since 0\n").unwrap();
        age(&marker, MARKER_STALE - Duration::from_secs(1));
        assert_eq!(claim(&marker).unwrap(), Claim::Held);
        age(&marker, MARKER_STALE);
        assert!(!held(&marker));
        assert_eq!(claim(&marker).unwrap(), Claim::Taken);
        let text = std::fs::read_to_string(&marker).unwrap();
        assert!(
            text.starts_with(&format!("process {} ", std::process::id())),
            "{text}"
        );
        // Nothing is left beside it.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_fresh_marker_of_a_process_gone_from_this_machine_is_taken_at_once() {
        let (Some(host), true) = (host(), Path::new("/proc/self").exists()) else {
            return;
        };
        let dir = temp("gone");
        let marker = dir.join("shard-1-of-2.running");
        // Process ids stay below 2^22 on Linux.
        std::fs::write(&marker, format!("process 4294967295 on {host} since 0\n")).unwrap();
        assert!(!held(&marker));
        std::fs::write(
            &marker,
            format!("process {} on {host} since 0\n", std::process::id()),
        )
        .unwrap();
        assert!(held(&marker));
        // Written by an older version (no host): the clock alone decides.
        std::fs::write(&marker, "process 4294967295 since 0\n").unwrap();
        assert!(held(&marker));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_marker_is_renewed_while_the_search_runs() {
        let dir = temp("renew");
        let marker = dir.join("shard-1-of-2.running");
        assert_eq!(claim(&marker).unwrap(), Claim::Taken);
        age(&marker, MARKER_STALE);
        assert!(!held(&marker));
        // A search that waits (up to a minute) for the marker to be renewed.
        let renewed = renewing_every(Duration::from_millis(20), &marker, || {
            let start = std::time::Instant::now();
            while !held(&marker) && start.elapsed() < Duration::from_secs(60) {
                std::thread::sleep(Duration::from_millis(5));
            }
            held(&marker)
        });
        assert!(renewed);
        // Renewed by this process, and no longer once the search has returned.
        let text = std::fs::read_to_string(&marker).unwrap();
        assert!(
            text.starts_with(&format!("process {} ", std::process::id())),
            "{text}"
        );
        age(&marker, MARKER_STALE);
        std::thread::sleep(Duration::from_millis(100));
        assert!(!held(&marker));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
