//! Searches run with the GIL released, on a thread of their own, while the calling thread
//! watches: it wakes every [`SLICE`] with the GIL, lets Python run its signal handlers (a
//! Ctrl-C raises `KeyboardInterrupt` there) and a progress callback, and on any exception sets
//! the search's interrupt flag, waits for the search to put its links back, and raises it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How long the watcher sleeps between two looks at the signals: a Ctrl-C is answered within
/// this, plus the time the search takes to reach its next node.
pub const SLICE: Duration = Duration::from_millis(50);

/// Runs `work` on a scoped thread without the GIL, calling `tick` with the GIL every
/// [`SLICE`] until it ends. A signal handler's exception (KeyboardInterrupt) or `tick`'s
/// sets `stop`, which `work` must watch, and is raised once `work` has returned.
pub fn watched<T: Send>(
    py: Python<'_>,
    stop: &AtomicBool,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel::<()>();
        let handle = std::thread::Builder::new()
            .spawn_scoped(scope, move || {
                let value = work();
                // The receiver outlives the thread: the send cannot fail.
                let _ = done.send(());
                value
            })
            .map_err(no_thread)?;
        let mut failure = None;
        let mut finished = finished;
        loop {
            let waiting = &mut finished;
            let ended = py.detach(move || {
                !matches!(
                    waiting.recv_timeout(SLICE),
                    Err(mpsc::RecvTimeoutError::Timeout)
                )
            });
            if ended {
                break;
            }
            if failure.is_none()
                && let Err(e) = py.check_signals().and_then(|()| tick(py))
            {
                stop.store(true, Ordering::Relaxed);
                failure = Some(e);
            }
        }
        let value = py.detach(|| handle.join());
        match (failure, value) {
            (Some(e), _) => Err(e),
            (None, Ok(value)) => Ok(value),
            (None, Err(panic)) => Err(PyRuntimeError::new_err(format!(
                "internal error in the search: {}",
                panic_message(&*panic)
            ))),
        }
    })
}

/// The text of a panic's payload, when it has one.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

/// The error for a search thread the system would not start (too many threads alive).
pub fn no_thread(e: std::io::Error) -> PyErr {
    PyRuntimeError::new_err(format!("cannot start the search's thread: {e}"))
}
