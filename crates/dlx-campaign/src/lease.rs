//! Leases on shards: the `shard-K-of-N.running` marker a run holds while it searches a shard,
//! so that several runs on one folder (on one machine or on many sharing it) share the
//! shards instead of searching each one as many times.
//!
//! A marker is taken by creating it (exclusively: of two runs, one gets it) and renewed
//! every [`MARKER_RENEW`] while the shard is searched. A marker is held while it was renewed
//! less than [`MARKER_STALE`] ago, by the clock of the machine that reads it, unless it names
//! a process of this machine (same boot, same process namespace) that is gone. Any other
//! marker was left by a run that was killed (or cut off from the folder): the next run
//! replaces it, under a lock one run at a time holds, and takes the shard. Only a marker of
//! this process's user is judged by its process (gone, or a zombie), and only on Linux.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use dlx_core::file::temporary_beside;

use crate::CampaignError;
use crate::folder::{file_error, write};

/// How often a run renews the marker of the shard it searches.
pub const MARKER_RENEW: Duration = Duration::from_secs(10);

/// A marker not renewed for this long is no longer held: its run was killed. Two minutes,
/// well past a renewal seen through a network file system's attribute cache (a minute at
/// most by default).
pub const MARKER_STALE: Duration = Duration::from_secs(120);

/// What is under a marker's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Marker {
    /// Nothing: no run is on the shard.
    Absent,
    /// A run holds it.
    Held,
    /// A killed run's marker, or something else that is no run's (a link, a pipe): the
    /// next run takes the shard.
    Left,
    /// A folder: no run removes it; it is named instead.
    Folder,
}

/// What [`claim`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Claim {
    /// The marker is this run's now.
    Taken,
    /// Another run holds it.
    Held,
}

/// This machine's name, where the system tells it (for people: it decides nothing).
fn host() -> Option<String> {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())?;
    let name = name.trim();
    (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| name.to_string())
}

/// Where this process's id means something: the machine's boot and the process namespace,
/// where the system tells them (Linux). Two machines, or two containers, that share a
/// folder never share both.
fn process_space() -> Option<String> {
    let boot = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    let ns = std::fs::read_link("/proc/self/ns/pid").ok()?;
    let (boot, ns) = (boot.trim(), ns.to_string_lossy());
    let ns = ns.trim_start_matches("pid:[").trim_end_matches(']');
    let clean =
        |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    (clean(boot) && clean(ns)).then(|| format!("{boot}/{ns}"))
}

/// A marker's text: `process PID on HOST since SECONDS space BOOT/NAMESPACE` (the host and
/// the space where the system tells them).
pub(crate) fn text() -> String {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut text = format!("process {}", std::process::id());
    if let Some(host) = host() {
        text.push_str(&format!(" on {host}"));
    }
    text.push_str(&format!(" since {since}"));
    if let Some(space) = process_space() {
        text.push_str(&format!(" space {space}"));
    }
    text.push('\n');
    text
}

/// Whether a process of this space is gone (or a zombie, killed and not yet reaped).
fn gone(pid: u32) -> bool {
    let stat = match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat,
        Err(e) => return e.kind() == std::io::ErrorKind::NotFound,
    };
    // `PID (NAME) STATE ...`: the name may hold anything, the state follows its last `)`.
    let state = stat
        .rsplit_once(')')
        .and_then(|(_, rest)| rest.trim_start().chars().next());
    matches!(state, Some('Z' | 'X'))
}

/// Whether the marker's text names a process of this machine and namespace that is gone.
/// Never for a text it cannot read, nor where the system does not tell.
fn process_gone(text: &str) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    let (Some(&"process"), Some(pid)) = (words.first(), words.get(1)) else {
        return false;
    };
    // The space comes last: a host may be called `space` too.
    let space = match words[..] {
        [.., "space", space] => Some(space),
        _ => None,
    };
    match (pid.parse::<u32>(), space) {
        (Ok(pid), Some(space)) => process_space().is_some_and(|s| s == space) && gone(pid),
        _ => false,
    }
}

/// What is under the marker's name now.
pub(crate) fn look(marker: &Path) -> Result<Marker, CampaignError> {
    let meta = match std::fs::symlink_metadata(marker) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Marker::Absent),
        Err(e) => return Err(file_error(marker, e.to_string())),
    };
    if meta.is_dir() {
        return Ok(Marker::Folder);
    }
    if !meta.is_file() {
        return Ok(Marker::Left);
    }
    if !fresh(&meta) {
        return Ok(Marker::Left);
    }
    // A marker is made whole ([`create_whole`]); one that is empty or cannot be read (made
    // where the file system has no hard links, or being written) is held. Only a marker of
    // this user's is judged by its process, which the system may hide from other users.
    let text = crate::folder::read_to_string(marker).unwrap_or_default();
    Ok(if mine(&meta) && process_gone(&text) {
        Marker::Left
    } else {
        Marker::Held
    })
}

/// Whether a marker or lock was written (or renewed) less than [`MARKER_STALE`] ago. One dated
/// less than that ahead (clocks apart) counts as just written; one further ahead was written
/// by no clock of a live run.
fn fresh(meta: &std::fs::Metadata) -> bool {
    let now = SystemTime::now();
    meta.modified().is_ok_and(|t| match now.duration_since(t) {
        Ok(age) => age < MARKER_STALE,
        Err(ahead) => ahead.duration() < MARKER_STALE,
    })
}

/// Whether a file belongs to the user this process runs as (where the system tells).
#[cfg(unix)]
fn mine(meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").is_ok_and(|me| me.uid() == meta.uid())
}

/// Whether a file belongs to the user this process runs as: unknown here, so no.
#[cfg(not(unix))]
fn mine(_: &std::fs::Metadata) -> bool {
    false
}

/// The error for a folder under a marker's name.
pub(crate) fn folder_error(marker: &Path, k: usize) -> CampaignError {
    file_error(
        marker,
        format!("a folder, not a marker; move it away to search shard {k}"),
    )
}

/// The lock a run holds while it takes over a marker left by a killed run, beside it.
fn takeover_lock(marker: &Path) -> PathBuf {
    let name = marker.file_name().unwrap_or_default().to_string_lossy();
    marker.with_file_name(format!(".{name}.takeover"))
}

/// Takes the marker of shard `k` for this run, writing `text` ([`text`]) in it, unless
/// another run holds it. A marker left by a killed run is replaced under the takeover lock
/// ([`under_lock`]), so that no run removes a marker another has just made.
pub(crate) fn claim(marker: &Path, k: usize, text: &str) -> Result<Claim, CampaignError> {
    match look(marker)? {
        Marker::Held => return Ok(Claim::Held),
        Marker::Folder => return Err(folder_error(marker, k)),
        Marker::Absent => return create(marker, text),
        Marker::Left => {}
    }
    let claimed = under_lock(marker, || match look(marker)? {
        Marker::Left => match std::fs::remove_file(marker) {
            Ok(()) => create(marker, text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => create(marker, text),
            Err(e) => Err(file_error(marker, format!("cannot be removed: {e}"))),
        },
        Marker::Absent => create(marker, text),
        Marker::Held => Ok(Claim::Held),
        Marker::Folder => Err(folder_error(marker, k)),
    })?;
    Ok(claimed.unwrap_or(Claim::Held))
}

/// Removes a marker left by a killed run (beside a finished record, say), under the takeover
/// lock: a marker another run has just made stays.
pub(crate) fn clear_left(marker: &Path) -> Result<(), CampaignError> {
    if look(marker)? != Marker::Left {
        return Ok(());
    }
    under_lock(marker, || {
        if look(marker)? == Marker::Left {
            let _ = std::fs::remove_file(marker);
        }
        Ok(())
    })
    .map(drop)
}

/// Runs `replace` holding the marker's takeover lock, created exclusively beside it, so that
/// one run at a time replaces or removes a marker left by a killed run; `None` when another
/// run holds the lock. A lock as old as a stale marker was left by a run killed while it held
/// it, and is cleared for the next look.
fn under_lock<R>(
    marker: &Path,
    replace: impl FnOnce() -> Result<R, CampaignError>,
) -> Result<Option<R>, CampaignError> {
    let lock = takeover_lock(marker);
    // The lock names its run, as a marker does, so that one left by a killed run of this
    // machine is cleared at once rather than after MARKER_STALE.
    match create_whole(&lock, &text()) {
        Ok(true) => {}
        Ok(false) => {
            clear_stale_lock(&lock)?;
            return Ok(None);
        }
        Err(e) => return Err(file_error(&lock, e.to_string())),
    }
    let done = replace();
    let _ = std::fs::remove_file(&lock);
    done.map(Some)
}

/// Whether the lock (or a lock moved aside) is stale: as old as a stale marker, or naming a
/// process of this machine that is gone; an error naming it when it is a folder or cannot
/// be looked at, since runs would otherwise wait on it forever.
fn lock_stale(lock: &Path) -> Result<bool, CampaignError> {
    match std::fs::symlink_metadata(lock) {
        Ok(meta) if meta.is_dir() => Err(file_error(
            lock,
            "a folder, not a lock; move it away so that runs can take over stale markers",
        )),
        Ok(meta) => Ok(!fresh(&meta)
            || (mine(&meta)
                && process_gone(&crate::folder::read_to_string(lock).unwrap_or_default()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(file_error(lock, e.to_string())),
    }
}

/// Clears a takeover lock left by a killed run: moved to a name of this run's own first (a
/// temporary file's, which `status` lists if this run is killed before it is gone), then
/// settled by [`settle_moved_lock`].
fn clear_stale_lock(lock: &Path) -> Result<(), CampaignError> {
    if !lock_stale(lock)? {
        return Ok(());
    }
    let moved = temporary_beside(lock).map_err(|e| file_error(lock, e.to_string()))?;
    match std::fs::rename(lock, &moved) {
        Ok(()) => settle_moved_lock(&moved, lock),
        // Cleared by another run meanwhile.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(file_error(lock, format!("cannot be moved aside: {e}"))),
    }
}

/// A lock just moved aside: removed if it is stale; if a live run made it between the look
/// and the move, linked back first (only if no lock is there again: a link is made or
/// refused whole).
fn settle_moved_lock(moved: &Path, lock: &Path) -> Result<(), CampaignError> {
    if !lock_stale(moved)? {
        let _ = std::fs::hard_link(moved, lock);
    }
    let _ = std::fs::remove_file(moved);
    Ok(())
}

/// Creates the marker with `text`, if no run has.
fn create(marker: &Path, text: &str) -> Result<Claim, CampaignError> {
    match create_whole(marker, text) {
        Ok(true) => Ok(Claim::Taken),
        Ok(false) => Ok(Claim::Held),
        Err(e) => Err(file_error(marker, e.to_string())),
    }
}

/// Creates `path` holding `text` unless something is there (`Ok(false)`), whole: written to
/// a temporary file beside it, then hard-linked into place, since a link is made or refused
/// whole. A file created first and written after would be empty for a moment, and a run
/// killed in that moment would leave a marker naming no process, held until it goes stale.
/// Where the file system makes no hard links, it is created exclusively and then written.
fn create_whole(path: &Path, text: &str) -> std::io::Result<bool> {
    let temp = temporary_beside(path)?;
    // Made new, as `replace_atomic` makes its temporary file: never through a link planted
    // under that name.
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut f| f.write_all(text.as_bytes()));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(e);
    }
    let linked = std::fs::hard_link(&temp, path);
    // A network file system may answer a retried link that had been made with "exists":
    // the temporary file then has the marker as its second name.
    let ours = linked.is_ok() || links(&temp) >= 2;
    let _ = std::fs::remove_file(&temp);
    match linked {
        Ok(()) => return Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Ok(ours),
        Err(_) => {}
    }
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(mut file) => match file.write_all(text.as_bytes()) {
            Ok(()) => Ok(true),
            Err(e) => {
                let _ = std::fs::remove_file(path);
                Err(e)
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e),
    }
}

/// How many names a file has (1 where the system does not tell).
#[cfg(unix)]
fn links(path: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).map_or(1, |m| m.nlink())
}

/// How many names a file has: unknown here, so 1.
#[cfg(not(unix))]
fn links(_: &Path) -> u64 {
    1
}

/// Runs `search` while renewing the marker (with the `text` it was made with) every
/// [`MARKER_RENEW`] from another thread, which has stopped when this returns (so that the
/// marker can then be removed for good).
pub(crate) fn renewing<R>(marker: &Path, text: &str, search: impl FnOnce() -> R) -> R {
    renewing_every(MARKER_RENEW, marker, text, search)
}

/// [`renewing`], every `every`.
fn renewing_every<R>(every: Duration, marker: &Path, text: &str, search: impl FnOnce() -> R) -> R {
    std::thread::scope(|s| {
        let (stop, stopped) = mpsc::channel::<()>();
        s.spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
                // A marker that cannot be renewed is taken over once stale: the shard is
                // then searched twice, which changes no figure.
                let _ = write(marker, text);
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

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dlx-lease-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn date(marker: &Path, at: SystemTime) {
        let file = std::fs::File::options().write(true).open(marker).unwrap();
        file.set_modified(at).unwrap();
    }

    fn held(marker: &Path) -> bool {
        look(marker).unwrap() == Marker::Held
    }

    #[test]
    fn a_marker_is_held_until_it_goes_stale_then_taken_over() {
        let dir = temp("stale");
        let marker = dir.join("shard-1-of-2.running");
        assert_eq!(look(&marker).unwrap(), Marker::Absent);
        assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Taken);
        assert!(held(&marker));
        assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Held);
        // Another machine's run, renewed just under two minutes ago, still holds it; at
        // two minutes it is stale.
        std::fs::write(&marker, "process 1 on elsewhere.example since 0\n").unwrap();
        let now = SystemTime::now();
        date(&marker, now - MARKER_STALE + Duration::from_secs(5));
        assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Held);
        date(&marker, now - MARKER_STALE);
        assert_eq!(look(&marker).unwrap(), Marker::Left);
        assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Taken);
        let written = std::fs::read_to_string(&marker).unwrap();
        assert!(
            written.starts_with(&format!("process {} ", std::process::id())),
            "{written}"
        );
        // Dated a little ahead (clocks apart), it is held; far ahead, no live run wrote it.
        date(&marker, now + Duration::from_secs(30));
        assert!(held(&marker));
        date(&marker, now + MARKER_STALE + Duration::from_secs(5));
        assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Taken);
        // Nothing is left beside it.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_fresh_marker_of_a_process_gone_from_this_machine_is_taken_at_once() {
        let Some(space) = process_space() else {
            return;
        };
        let dir = temp("gone");
        let marker = dir.join("shard-1-of-2.running");
        // Process ids stay below 2^22 on Linux.
        std::fs::write(
            &marker,
            format!("process 4294967295 since 0 space {space}\n"),
        )
        .unwrap();
        assert_eq!(look(&marker).unwrap(), Marker::Left);
        std::fs::write(&marker, text()).unwrap();
        assert!(held(&marker));
        // Of another boot or process namespace (another machine, a container), or written
        // without one: the clock alone decides.
        for other in ["space 0-0/1", ""] {
            std::fs::write(&marker, format!("process 4294967295 since 0 {other}\n")).unwrap();
            assert!(held(&marker), "{other}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn markers_and_locks_are_made_whole_and_a_lock_of_a_gone_process_is_cleared() {
        let dir = temp("whole");
        let marker = dir.join("shard-1-of-2.running");
        assert!(create_whole(&marker, &text()).unwrap());
        assert!(!create_whole(&marker, "other\n").unwrap());
        assert_eq!(std::fs::read_to_string(&marker).unwrap(), text());
        // Only the marker: the text went in through a temporary file, now gone.
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_file(&marker).unwrap();
        // A run makes its takeover lock naming itself: held while it lives.
        let lock = takeover_lock(&marker);
        assert!(create_whole(&lock, &text()).unwrap());
        assert!(!lock_stale(&lock).unwrap());
        if let Some(space) = process_space() {
            // Killed while it held the lock: cleared at once, not after MARKER_STALE.
            std::fs::write(&lock, format!("process 4294967295 since 0 space {space}\n")).unwrap();
            assert!(lock_stale(&lock).unwrap());
            std::fs::write(
                &marker,
                format!("process 4294967295 since 0 space {space}\n"),
            )
            .unwrap();
            assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Held);
            assert!(!lock.exists());
            assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Taken);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_process_is_gone_when_it_is_a_zombie_or_absent() {
        if !Path::new("/proc/self/stat").exists() {
            return;
        }
        assert!(!gone(std::process::id()));
        assert!(gone(u32::MAX));
        let mut child = std::process::Command::new("true").spawn().unwrap();
        // Ended and not yet reaped: a zombie (its entry stays until `wait`).
        let start = std::time::Instant::now();
        while !gone(child.id()) && start.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(gone(child.id()));
        assert!(Path::new(&format!("/proc/{}", child.id())).exists());
        child.wait().unwrap();
    }

    #[test]
    fn links_and_folders_under_a_markers_or_a_locks_name() {
        let dir = temp("odd");
        let marker = dir.join("shard-1-of-2.running");
        let outside = dir.join("outside");
        std::fs::write(&outside, "precious").unwrap();
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&outside, &marker).unwrap();
            assert_eq!(look(&marker).unwrap(), Marker::Left);
            assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Taken);
            assert!(std::fs::symlink_metadata(&marker).unwrap().is_file());
            assert_eq!(std::fs::read_to_string(&outside).unwrap(), "precious");
            std::fs::remove_file(&marker).unwrap();
        }
        std::fs::create_dir(&marker).unwrap();
        let e = claim(&marker, 1, &text()).unwrap_err().to_string();
        assert!(
            e.contains("shard-1-of-2.running") && e.contains("move it away to search shard 1"),
            "{e}"
        );
        std::fs::remove_dir(&marker).unwrap();
        // A folder under the takeover lock's name is named too, not waited on forever.
        std::fs::write(&marker, "process 1 on elsewhere.example since 0\n").unwrap();
        date(&marker, SystemTime::now() - MARKER_STALE);
        let lock = takeover_lock(&marker);
        std::fs::create_dir(&lock).unwrap();
        let old = std::fs::File::open(&lock).unwrap();
        old.set_modified(SystemTime::now() - MARKER_STALE).unwrap();
        let e = claim(&marker, 1, &text()).unwrap_err().to_string();
        assert!(
            e.contains(".takeover") && e.contains("a folder, not a lock"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_lock_left_by_a_killed_run_is_cleared_and_a_live_one_kept() {
        let dir = temp("lock");
        let marker = dir.join("shard-1-of-2.running");
        std::fs::write(&marker, "process 1 on elsewhere.example since 0\n").unwrap();
        date(&marker, SystemTime::now() - MARKER_STALE);
        let lock = takeover_lock(&marker);
        // A run is taking the marker over: the shard is held meanwhile, the lock kept.
        std::fs::write(&lock, "").unwrap();
        assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Held);
        assert!(lock.exists());
        // Its run was killed: the lock is cleared, and the next look takes the shard.
        date(&lock, SystemTime::now() - MARKER_STALE);
        assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Held);
        assert!(!lock.exists());
        assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Taken);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        // Dated far ahead, a lock was written by no live run's clock either.
        std::fs::write(&lock, "").unwrap();
        date(
            &lock,
            SystemTime::now() + MARKER_STALE + Duration::from_secs(5),
        );
        assert!(lock_stale(&lock).unwrap());
        // A lock moved aside that a live run had just made goes back; a stale one goes.
        let moved = dir.join(".moved.tmp");
        std::fs::rename(&lock, &moved).unwrap();
        date(&moved, SystemTime::now());
        settle_moved_lock(&moved, &lock).unwrap();
        assert!(lock.exists() && !moved.exists());
        std::fs::rename(&lock, &moved).unwrap();
        date(&moved, SystemTime::now() - MARKER_STALE);
        settle_moved_lock(&moved, &lock).unwrap();
        assert!(!lock.exists() && !moved.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_left_marker_is_cleared_and_a_held_one_kept() {
        let dir = temp("clear");
        let marker = dir.join("shard-1-of-2.running");
        assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Taken);
        clear_left(&marker).unwrap();
        assert!(held(&marker));
        date(&marker, SystemTime::now() - MARKER_STALE);
        clear_left(&marker).unwrap();
        assert_eq!(look(&marker).unwrap(), Marker::Absent);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_marker_is_renewed_while_the_search_runs() {
        let dir = temp("renew");
        let marker = dir.join("shard-1-of-2.running");
        assert_eq!(claim(&marker, 1, &text()).unwrap(), Claim::Taken);
        date(&marker, SystemTime::now() - MARKER_STALE);
        assert!(!held(&marker));
        // A search that waits (up to a minute) for the marker to be renewed.
        let renewed = renewing_every(Duration::from_millis(20), &marker, &text(), || {
            let start = std::time::Instant::now();
            while !held(&marker) && start.elapsed() < Duration::from_secs(60) {
                std::thread::sleep(Duration::from_millis(5));
            }
            held(&marker)
        });
        assert!(renewed);
        // Renewed by this process, and no longer once the search has returned.
        let written = std::fs::read_to_string(&marker).unwrap();
        assert!(
            written.starts_with(&format!("process {} ", std::process::id())),
            "{written}"
        );
        date(&marker, SystemTime::now() - MARKER_STALE);
        std::thread::sleep(Duration::from_millis(100));
        assert!(!held(&marker));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
