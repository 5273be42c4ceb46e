//! Which copy of a search's inner loop runs: the one compiled for the baseline x86-64
//! target, or a second copy of the same source compiled for the processors that have AVX2,
//! BMI1, BMI2, LZCNT and POPCNT (x86-64-v3's integer part: Intel's Core processors since
//! Haswell, 2013, AMD's since Excavator, 2015), chosen once per count by asking the
//! processor; any other processor runs the first copy.
//!
//! Why: the searches without links are bit sets and vector lanes. On the baseline target a
//! count of ones is a dozen operations and every vector operation overwrites one of its
//! inputs (a copy first); with these instructions both are one. Measured in
//! `docs/performance.md` ("One search, two instruction sets"): the copy is 8-11% faster on
//! MacMahon's triangles and 4-11% on all 6x10 pentomino tilings, with the same figures.
//!
//! The copy is a `#[target_feature]` function, which the caller may call only on a
//! processor that has the features: [`v3`] is that check, and the only place that decides.

/// Expands `$search!` twice inside an `impl`: as the function `$plain` for the baseline
/// target, and on x86-64 as `$fast`, compiled for the instructions that [`v3`] asks for
/// (the one list of them). Each expansion calls itself by the name it is given, so the
/// whole recursion stays in one copy, and is told whether the processor counts the ones of
/// a word in one instruction (`true` in the second copy), for code that would count them
/// otherwise on the baseline target (a loop per one where there are few).
///
/// A helper the search calls must be inlined into both copies (`#[inline(always)]`): one
/// left out of line is compiled once, for the baseline target, and the second copy would
/// call it there.
macro_rules! twice {
    ($search:ident, $plain:ident, $fast:ident) => {
        $search!($plain, false);
        $search!(
            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
            $fast,
            true
        );
    };
}
pub(crate) use twice;

/// Whether this processor runs the x86-64-v3 copies of the searches. The standard library
/// asks the processor once and keeps the answer, so a count pays a load and a test.
#[inline]
pub(crate) fn v3() -> bool {
    #[cfg(test)]
    if PLAIN.with(std::cell::Cell::get) {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(test)]
thread_local! {
    /// Set by a test to run the baseline copies on this thread, so that both copies are
    /// held to the same figures wherever the tests run.
    pub(crate) static PLAIN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with the baseline copies on this thread (a test's way to reach them on a
/// processor that would take the other).
#[cfg(test)]
pub(crate) fn plain<T>(f: impl FnOnce() -> T) -> T {
    /// Puts the switch back even when `f` panics (a failing proptest case), so that the
    /// thread's next cases run the second copy again.
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            PLAIN.with(|p| p.set(false));
        }
    }
    PLAIN.with(|p| p.set(true));
    let _reset = Reset;
    f()
}
