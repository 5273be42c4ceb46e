//! A run cut short loses nothing that was there, and says what it reached: an interrupted
//! `--emit` leaves the old file or none (never a prefix), and Ctrl-C prints the figures so far,
//! marked incomplete, with exit status 130.

#![cfg(unix)]

use std::process::{Command, Stdio};
use std::time::Duration;

fn dlx() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dlx"))
}

mod common;

use common::Scratch;

/// `dlx queens 20 --emit FILE` under a file-size limit of a few kilobytes: the write fails
/// part way (the process is stopped by SIGXFSZ). Before, the file was left cut short, and
/// `dlx solve` read the prefix as a smaller problem.
#[test]
fn an_interrupted_emit_leaves_the_old_file_or_none() {
    let dir = Scratch::dir("durable-emit");
    let file = dir.join("q20.dlx");
    let emit_limited = || {
        Command::new("sh")
            .arg("-c")
            .arg("ulimit -f 4 && exec \"$0\" queens 20 --emit \"$1\"")
            .arg(env!("CARGO_BIN_EXE_dlx"))
            .arg(&file)
            .stderr(Stdio::null())
            .status()
            .expect("sh runs")
    };
    // No file before: none after.
    assert!(!emit_limited().success());
    assert!(!file.exists(), "a partial q20.dlx was left");
    // A good file before: the same file after.
    let good = "| a small matrix\na b\na\nb\n";
    std::fs::write(&file, good).unwrap();
    assert!(!emit_limited().success());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), good);
    // Without the limit the whole matrix is written, and reads back: 400 options.
    let status = dlx()
        .args(["queens", "20", "--emit"])
        .arg(&file)
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(&file).unwrap();
    let m = dlx_core::format::parse(&text).unwrap();
    assert_eq!(m.options().len(), 400);
}

/// Sends `child` SIGINT, as Ctrl-C does.
fn ctrl_c(child: &std::process::Child) {
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
}

/// Starts a long run, sends it SIGINT after a moment, and returns what it printed.
fn interrupted_run(mut run: Command) -> std::process::Output {
    let child = (run.stdout(Stdio::piped()).stderr(Stdio::piped()))
        .spawn()
        .expect("dlx runs");
    std::thread::sleep(Duration::from_millis(1500));
    ctrl_c(&child);
    child.wait_with_output().unwrap()
}

/// Starts a long count, sends it SIGINT after a moment, and returns its exit code and
/// standard output.
fn interrupted(args: &[&str]) -> (Option<i32>, String) {
    let mut run = dlx();
    run.args(args);
    let out = interrupted_run(run);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// 18 queens takes minutes: Ctrl-C after a second and a half stops it on one thread and on
/// two, and the figures reached come out as JSON with `complete: false` and the estimated
/// fraction of the tree searched.
#[test]
fn ctrl_c_prints_the_figures_reached_and_exits_130() {
    for threads in ["1", "2"] {
        let (code, out) = interrupted(&["queens", "18", "--json", "-q", "--threads", threads]);
        assert_eq!(code, Some(130), "{threads} threads: {out}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["complete"], false, "{v}");
        assert_eq!(v["interrupted"], true, "{v}");
        let fraction = v["fraction"].as_f64().unwrap();
        assert!((0.0..1.0).contains(&fraction), "{v}");
        assert!(v["updates"].as_u64().unwrap() > 1_000_000, "{v}");
        assert!(v["nodes"].as_u64().unwrap() > 1, "{v}");
    }
    let (code, out) = interrupted(&["queens", "18", "-q", "--threads", "1"]);
    assert_eq!(code, Some(130));
    assert!(
        out.contains("so far (interrupted: about") && out.contains("% of the tree searched"),
        "{out}"
    );
}

/// `dlx sample` with more draws than anyone waits for: Ctrl-C ends it with the draws so far
/// printed whole (the JSON closed) and status 130. Its diagram's search had watched for the
/// signal, so the draws must look for it too, or a first Ctrl-C would go unheard. The output
/// is read as it comes and only its tail kept, and a run that goes on is killed, so that a
/// regression fails in seconds instead of filling memory.
#[test]
fn ctrl_c_stops_an_endless_sample_with_its_draws_whole() {
    use std::io::Read;
    let m = format!("{}/../../examples/matrix3.dlx", env!("CARGO_MANIFEST_DIR"));
    let mut child = dlx()
        .args(["sample", "18446744073709551615", &m, "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("dlx runs");
    let mut pipe = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let (mut tail, mut buf) = (Vec::new(), vec![0u8; 1 << 16]);
        while let Ok(n) = pipe.read(&mut buf) {
            if n == 0 {
                break;
            }
            tail.extend_from_slice(&buf[..n]);
            let cut = tail.len().saturating_sub(4096);
            tail.drain(..cut);
        }
        tail
    });
    std::thread::sleep(Duration::from_millis(1500));
    ctrl_c(&child);
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("dlx sample went on drawing after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(130));
    let tail = String::from_utf8(reader.join().unwrap()).unwrap();
    assert!(
        tail.ends_with("\"B G\"]],\"seed\":1,\"solutions\":\"1\"}\n"),
        "{tail}"
    );
}

/// `--classes --svg FILE` stopped by Ctrl-C: the sheet of a count that did not finish would
/// leave classes out, so none is written, and the run says so.
#[test]
fn an_interrupted_sheet_of_classes_is_not_written_and_says_so() {
    let dir = Scratch::dir("sheet");
    let sheet = dir.join("classes.svg");
    let mut run = dlx();
    run.args(["queens", "18", "--classes", "-q", "--threads", "1", "--svg"])
        .arg(&sheet);
    let out = interrupted_run(run);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains("classes.svg not written: the count was interrupted"),
        "{err}"
    );
    assert!(!sheet.exists());
}

/// A minimal 25x25 puzzle that needs a search of 367 branch nodes to grade (`dlx sudoku
/// generate --size 25 --seed 3`): a second or two each.
const HARD_25: &str = "H..BE.....U.RDS.Q..N..O.....RUQ.J.ENWY.....F.T..G.C..X..B.WA..OVL.....JUNR.N.OG.....VCT.J.MAL..E.BI.AWIYV.U..OE.HBG.RXK.L...C.R......ELB.A.V..H.G...J...B.QX..Y.WR......L.HK.....GT..J..QDH..O.U.R..FI..I..P........L..JFO..D.A.YJNH...DBF..YX.......PO..T......FEN.Y...KLO..Q...VW..A..M....HQ.N..CV....S..Q.RK.....X..C.W.E.J.A.G...S...YRI.B....E.....F..ODB..FG.A..CJX..PUH...IL....QEV.DG....UB...LR...J..MT.XDACO..Y.K..RNI.Q...P.F..KO.E..XSF......G.UB..Y......U...R.VWHIY...CXD.SL.HP..FNWI.X..Y..K.....QT.PJS....XO...V..Q..NLKWT..G.VN.T....I.S.FB.W...EXLRX....SC.U.G.T..FJ.PK.Q..V..U..I..LF...XH.SM...P...WC..F.Q.....J..H.....I...";

/// `dlx sudoku grade` and `explain` on a batch whose hard puzzles take half a minute: Ctrl-C
/// stops the puzzle under way at once, and the answers so far are written, with the
/// summary saying how many. Grading had not watched for the signal: it ended the process,
/// and the answers still in the output buffer were lost.
#[test]
fn ctrl_c_stops_grading_with_the_answers_so_far() {
    let easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let mut batch = vec![easy; 3];
    batch.extend([HARD_25; 16]);
    let (_dir, file) = common::temp_file("grade-batch", "batch.txt", &(batch.join("\n") + "\n"));
    for (action, answer) in [("grade", "1 singles"), ("explain", "line 3: 1 singles")] {
        let mut run = dlx();
        run.args(["sudoku", action, &file]);
        let started = std::time::Instant::now();
        let out = interrupted_run(run);
        let took = started.elapsed();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(130), "{action}: {stderr}");
        assert!(stdout.contains(answer), "{action}: {stdout}");
        assert!(
            stderr.contains("(interrupted: ") && stderr.contains(" of 19 puzzles answered)"),
            "{action}: {stderr}"
        );
        // Cut at once (the signal comes at 1.5 s), not when the puzzles are done (half a
        // minute).
        assert!(took < Duration::from_secs(4), "{action}: {took:?}");
    }
}

/// `dlx min-cover` on the fewest queens that reach every square of an 11 x 11 board (seconds
/// of IDA*): Ctrl-C stops it, says which pass was under way, and exits 130. It had not
/// watched the signal, so the process ended with nothing printed.
#[test]
fn ctrl_c_stops_a_minimum_cover_with_the_passes_so_far() {
    let text = dlx_test_data::matrices::queens_domination(11);
    let (_dir, file) = common::temp_file("min-cover", "queens11.dlx", &text);
    let (code, out) = interrupted(&["min-cover", "--all", &file]);
    assert_eq!(code, Some(130), "{out}");
    // The minimum is 5: where the signal lands depends on the machine, in a pass below it
    // or (a fast one) after the first covers of 5.
    let first = out.lines().next().unwrap_or_default();
    let under_way = (first.strip_prefix("interrupted: no cover of fewer than "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|k| k.parse::<usize>().ok());
    let before =
        under_way.is_some_and(|k| (1..=5).contains(&k)) && first.ends_with(" was under way)");
    let after =
        first.starts_with("minimum 5 (first ") && first.ends_with(" minimum covers: interrupted)");
    assert!(before || after, "{out}");
    let (code, out) = interrupted(&["min-cover", "--all", "--json", &file]);
    assert_eq!(code, Some(130), "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["interrupted"].as_bool(), v["all"].as_bool()),
        (Some(true), Some(false))
    );
}

/// `dlx squares 8`, the full 8 x 8 grid (tens of seconds of IDA*): Ctrl-C stops it, says how
/// many sticks must go at least, and exits 130. It had not watched the signal, so the process
/// ended with nothing printed.
#[test]
fn ctrl_c_stops_the_square_destroyer_with_the_least_size_still_possible() {
    let (code, out) = interrupted(&["squares", "8"]);
    assert_eq!(code, Some(130), "{out}");
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some("8 x 8 grid: 144 of 144 sticks, 204 squares intact")
    );
    // The minimum is 33, reached after tens of seconds: the signal lands in a pass at or
    // below it.
    let second = lines.next().unwrap_or_default();
    let under_way = (second.strip_prefix("interrupted: removing fewer than "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|k| k.parse::<usize>().ok());
    assert!(
        under_way.is_some_and(|k| (1..=33).contains(&k))
            && second.ends_with(&format!(
                "(the pass of {} was under way)",
                under_way.unwrap()
            )),
        "{out}"
    );
    let (code, out) = interrupted(&["squares", "8", "--all", "--json"]);
    assert_eq!(code, Some(130), "{out}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["interrupted"], true, "{v}");
    let at_least = v["at_least"].as_u64();
    assert!(
        (v["minimum"].is_null() && at_least.is_some_and(|k| k <= 33))
            || (v["minimum"] == 33 && v["all"] == false),
        "{v}"
    );
}
