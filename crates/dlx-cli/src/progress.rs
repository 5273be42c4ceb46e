//! The progress display of a long search: a line on standard error, redrawn in place.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// What a live search shares with the progress display: written by the search (threads),
/// read by the display thread.
#[derive(Default)]
pub struct Live {
    pub solutions: AtomicU64,
    pub updates: AtomicU64,
    /// The estimated fraction of the tree done, as f64 bits; `u64::MAX` = unknown.
    fraction: AtomicU64,
    finished: AtomicBool,
}

impl Live {
    pub fn set_fraction(&self, f: f64) {
        self.fraction.store(f.to_bits(), Ordering::Relaxed);
    }
}

/// The progress display: after one second, when standard error is a terminal and `--quiet`
/// is off, a line with the elapsed time, solutions so far, updates per second and the
/// estimated fraction of the tree done (Knuth's estimate from the current branch positions).
pub struct Progress {
    pub live: Arc<Live>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    pub fn start(enabled: bool) -> Progress {
        let live = Arc::new(Live {
            fraction: AtomicU64::new(u64::MAX),
            ..Live::default()
        });
        let thread = enabled.then(|| {
            let live = Arc::clone(&live);
            std::thread::spawn(move || show(&live))
        });
        Progress { live, thread }
    }

    pub fn enabled(&self) -> bool {
        self.thread.is_some()
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.live.finished.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The display thread's loop.
fn show(live: &Live) {
    let start = Instant::now();
    let tick = std::time::Duration::from_millis(100);
    let mut bar: Option<ProgressBar> = None;
    while !live.finished.load(Ordering::Relaxed) {
        std::thread::sleep(tick);
        let elapsed = start.elapsed();
        if elapsed.as_secs_f64() < 1.0 {
            continue;
        }
        let bar = bar.get_or_insert_with(|| {
            let b = ProgressBar::with_draw_target(Some(1_000_000), ProgressDrawTarget::stderr());
            b.set_style(
                ProgressStyle::with_template("{prefix} [{bar:30}] {msg}")
                    .expect("a valid template")
                    .progress_chars("=> "),
            );
            b
        });
        let solutions = live.solutions.load(Ordering::Relaxed);
        let updates = live.updates.load(Ordering::Relaxed);
        let fraction = live.fraction.load(Ordering::Relaxed);
        let done = if fraction == u64::MAX {
            "  ?  ".to_string()
        } else {
            let f = f64::from_bits(fraction).clamp(0.0, 1.0);
            bar.set_position((f * 1e6) as u64);
            format!("{:6.2}%", 100.0 * f)
        };
        let secs = elapsed.as_secs();
        bar.set_prefix(format!(
            "{:02}:{:02}:{:02} {done}",
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        ));
        bar.set_message(format!(
            "{solutions} solutions, {:.1} M updates/s",
            updates as f64 / elapsed.as_secs_f64() / 1e6
        ));
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
}
