//! Ctrl-C (SIGINT) and SIGTERM. While a search watches ([`watch`]), the first one stops it at
//! its next node, so that the command prints the figures reached so far, marked incomplete,
//! and exits with status 130; a second one ends the process at once. Commands that do not
//! watch (`estimate`, `pre`, ...) end at once, as without a handler.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The exit status of a run stopped by a signal, as a shell reports SIGINT (128 + 2).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Whether a search watches the flag: otherwise a signal ends the process.
static WATCHED: AtomicBool = AtomicBool::new(false);

/// Installs the handler (`main` does so first, so that no signal meets the default action
/// half-way through a run) and returns the flag it sets.
pub fn install() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&flag);
        // Without a handler (the system refused one), a signal ends the process as usual.
        let _ = ctrlc::set_handler(move || {
            if !WATCHED.load(Ordering::Relaxed) || seen.swap(true, Ordering::Relaxed) {
                std::process::exit(i32::from(EXIT_INTERRUPTED));
            }
        });
        flag
    })
    .clone()
}

/// The flag a search should stop on: from now on a signal sets it instead of ending the
/// process.
pub fn watch() -> Arc<AtomicBool> {
    let flag = install();
    WATCHED.store(true, Ordering::Relaxed);
    flag
}

/// Whether a signal has asked the searches to stop.
pub fn requested() -> bool {
    install().load(Ordering::Relaxed)
}
