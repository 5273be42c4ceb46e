//! `Solutions`: a lazy iterator over a search that runs on a thread of its own.
//!
//! The search thread owns a copy of the engine and sends solutions in batches: when the
//! batch is full (1, 2, 4, ... up to 1024 solutions), or sooner once the consumer has waited
//! [`PATIENCE`], so that a consumer taking solutions one at a time does not pay a thread
//! hand-over for each, and still gets a rare solution at once. It runs at most two batches
//! ahead (the channel holds one), and stops at its next node once the iterator is dropped.

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dlx_core::{Heuristic, Matrix, Solution, Stats};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::counts::Counts;
use crate::watch::SLICE;

/// The most solutions sent at once.
const MAX_BATCH: usize = 1024;

/// How long the consumer waits for a batch before asking for whatever the search has: a
/// consumer faster than the search would otherwise take every solution in a batch of its
/// own, at the cost of a thread hand-over each: `covers()` took 2.7x the time of a count on
/// MacMahon's triangles (`python/bench`), 1.15x with this wait.
const PATIENCE: Duration = Duration::from_millis(2);

enum Message {
    Batch(Vec<Solution>),
    /// The search ended (or stopped): its figures.
    Done(Stats),
    /// The search thread panicked.
    Failed(String),
}

/// Flags the consumer and the search thread share.
#[derive(Default)]
struct Shared {
    /// Set when the iterator is dropped or interrupted: the search stops at its next node.
    stop: AtomicBool,
    /// Set while the consumer waits for a batch: the search sends what it has.
    hungry: AtomicBool,
}

struct State {
    receiver: Receiver<Message>,
    ready: VecDeque<Solution>,
    /// The figures once the search has ended.
    stats: Option<Stats>,
    /// Closed, or interrupted by Ctrl-C: the iterator has ended.
    closed: bool,
}

/// Every solution of a search, lazily (see `Problem.solutions`). `counts` holds the search's
/// figures once the iterator is exhausted.
#[pyclass(frozen, module = "dancing_links._native")]
pub struct Solutions {
    shared: Arc<Shared>,
    state: Mutex<State>,
    heuristic: Heuristic,
    cleansings: bool,
    /// The matrix, when solutions are given as rows of item names.
    names: Option<Arc<Matrix>>,
}

fn search(
    mut engine: dlx_core::Problem,
    heuristic: Heuristic,
    limit: Option<u64>,
    shared: &Shared,
    sender: &SyncSender<Message>,
) {
    let mut solve = engine.solve().heuristic(heuristic).interrupt(&shared.stop);
    if let Some(l) = limit {
        solve = solve.limit(l);
    }
    // One thread, in Knuth's order: the run's visitor sends the solutions in batches, and
    // blocks while the channel is full (the caller has not asked for more yet). A run, not
    // the lazy stepper, so that a matrix searched without links (dlx-core's `wide`) is.
    let mut batch = Vec::new();
    let mut size = 1;
    let mut gone = false;
    let stats = solve.run(|s| {
        batch.push(s.clone());
        if batch.len() >= size || shared.hungry.load(Ordering::Relaxed) {
            if sender
                .send(Message::Batch(std::mem::take(&mut batch)))
                .is_err()
            {
                // The iterator is gone.
                gone = true;
                return ControlFlow::Break(());
            }
            size = (size * 2).min(MAX_BATCH);
        }
        ControlFlow::Continue(())
    });
    if gone || (!batch.is_empty() && sender.send(Message::Batch(batch)).is_err()) {
        return;
    }
    let _ = sender.send(Message::Done(stats));
}

impl Solutions {
    pub fn start(
        engine: dlx_core::Problem,
        heuristic: Heuristic,
        limit: Option<u64>,
        names: Option<Arc<Matrix>>,
    ) -> PyResult<Self> {
        let shared = Arc::new(Shared::default());
        let (sender, receiver) = mpsc::sync_channel(1);
        let cleansings = engine.counts_cleansings();
        let flags = Arc::clone(&shared);
        std::thread::Builder::new()
            .spawn(move || {
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    search(engine, heuristic, limit, &flags, &sender)
                }));
                if let Err(panic) = result {
                    let _ = sender.send(Message::Failed(crate::watch::panic_message(&*panic)));
                }
            })
            .map_err(crate::watch::no_thread)?;
        Ok(Solutions {
            shared,
            state: Mutex::new(State {
                receiver,
                ready: VecDeque::new(),
                stats: None,
                closed: false,
            }),
            heuristic,
            cleansings,
            names,
        })
    }

    /// The next solution, waiting for the search without the GIL (and answering Ctrl-C).
    fn next_solution(&self, py: Python<'_>) -> PyResult<Option<Solution>> {
        let Ok(mut state) = self.state.try_lock() else {
            return Err(PyRuntimeError::new_err(
                "this iterator is already being advanced by another thread",
            ));
        };
        loop {
            if state.closed {
                return Ok(None);
            }
            if let Some(s) = state.ready.pop_front() {
                return Ok(Some(s));
            }
            if state.stats.is_some() {
                return Ok(None);
            }
            let message = match state.receiver.try_recv() {
                Ok(m) => m,
                Err(TryRecvError::Disconnected) => return Ok(None),
                Err(TryRecvError::Empty) => {
                    let receiver = &mut state.receiver;
                    let mut waited = py.detach(move || receiver.recv_timeout(PATIENCE));
                    if matches!(waited, Err(RecvTimeoutError::Timeout)) {
                        self.shared.hungry.store(true, Ordering::Relaxed);
                        let receiver = &mut state.receiver;
                        waited = py.detach(move || receiver.recv_timeout(SLICE));
                        self.shared.hungry.store(false, Ordering::Relaxed);
                    }
                    match waited {
                        Ok(m) => m,
                        Err(RecvTimeoutError::Disconnected) => return Ok(None),
                        Err(RecvTimeoutError::Timeout) => {
                            if let Err(e) = py.check_signals() {
                                self.shared.stop.store(true, Ordering::Relaxed);
                                state.closed = true;
                                return Err(e);
                            }
                            continue;
                        }
                    }
                }
            };
            match message {
                Message::Batch(b) => state.ready.extend(b),
                Message::Done(stats) => state.stats = Some(stats),
                Message::Failed(why) => {
                    return Err(PyRuntimeError::new_err(format!(
                        "internal error in the search: {why}"
                    )));
                }
            }
        }
    }
}

impl Drop for Solutions {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let Some(s) = self.next_solution(py)? else {
            return Ok(None);
        };
        let value = match &self.names {
            Some(matrix) => s.lines(matrix).into_pyobject(py)?.into_any().unbind(),
            None => s.options().into_pyobject(py)?.into_any().unbind(),
        };
        Ok(Some(value))
    }

    /// The search's figures once the iterator is exhausted (None before).
    #[getter]
    fn counts(&self) -> Option<Counts> {
        let state = self.state.try_lock().ok()?;
        let stats = state.stats.clone()?;
        Some(Counts::new(stats, self.heuristic, self.cleansings))
    }

    /// Stops the search; the iterator then ends.
    fn close(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        if let Ok(mut state) = self.state.try_lock() {
            state.ready.clear();
            state.closed = true;
        }
    }
}
