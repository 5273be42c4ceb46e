//! Files written whole or not at all.
//!
//! [`write_atomic`] writes to a temporary file in the target's directory, flushes it to the
//! disk, then renames it over the target. A reader (or a later run) sees the old file or the
//! new one, never a prefix: a full disk, a file-size limit or a kill during the write leaves
//! the previous file as it was.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `contents` to `path` atomically (see the [module docs](self)).
///
/// A target that exists and is not a regular file (a terminal, a pipe, `/dev/stdout`) is
/// written directly, as it cannot be replaced; a symbolic link is followed, and the file it
/// names is replaced.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("dlx-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let file = dir.join("m.dlx");
/// dlx_core::file::write_atomic(&file, b"a b\na\nb\n")?;
/// assert_eq!(std::fs::read_to_string(&file)?, "a b\na\nb\n");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_atomic(path: impl AsRef<Path>, contents: &[u8]) -> io::Result<()> {
    let path = path.as_ref();
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => return fs::write(path, contents),
        _ => {}
    }
    let target = match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => fs::canonicalize(path)?,
        _ => path.to_path_buf(),
    };
    replace_atomic(&target, contents)
}

/// Writes `contents` to `path` atomically, replacing the entry at `path` itself, whatever it
/// is: a symbolic link is replaced by the file, not followed, and a pipe is replaced, not
/// written to (a directory there is an error). For the files a program keeps for itself (a
/// campaign's records and markers), where a link planted in the folder must not make it
/// write elsewhere, nor a pipe make it wait forever.
pub fn replace_atomic(path: impl AsRef<Path>, contents: &[u8]) -> io::Result<()> {
    let target = path.as_ref();
    let tmp = temporary_beside(target)?;
    let written = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, target)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written?;
    // The rename itself reaches the disk with the directory.
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// A name for a temporary file in the target's directory, unique to this process and call:
/// `.NAME.PID.N.tmp`.
pub fn temporary_beside(target: &Path) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    // The caller names the path: the error says only what is wrong with it.
    let name = target.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name (it names a folder, or nothing)",
        )
    })?;
    let tmp = format!(
        ".{}.{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    Ok(target.with_file_name(tmp))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("dlx-file-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let d = dir("replace");
        let f = d.join("out.txt");
        write_atomic(&f, b"first").unwrap();
        write_atomic(&f, b"second").unwrap();
        assert_eq!(fs::read(&f).unwrap(), b"second");
        assert_eq!(fs::read_dir(&d).unwrap().count(), 1);
        fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_failed_write_says_so_and_leaves_nothing_behind() {
        let d = dir("fail");
        // A directory cannot be written as a file.
        let blocked = d.join("blocked");
        fs::create_dir(&blocked).unwrap();
        assert!(write_atomic(&blocked, b"new").is_err());
        assert!(blocked.is_dir());
        assert_eq!(fs::read_dir(&d).unwrap().count(), 1);
        fs::remove_dir_all(&d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_and_the_file_it_names_replaced() {
        let d = dir("link");
        let real = d.join("real.txt");
        fs::write(&real, b"old").unwrap();
        let link = d.join("link.txt");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read(&real).unwrap(), b"new");
        fs::remove_dir_all(&d).unwrap();
    }
}
