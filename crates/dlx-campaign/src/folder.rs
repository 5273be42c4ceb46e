//! A campaign's folder: `campaign.json`, `matrix.dlx`, one record per finished shard and a
//! marker per shard being searched; or, for a problem split into subcases, one such folder
//! per subcase under a `campaign.json` that lists them.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use dlx_core::{Heuristic, MAX_SHARDS, Matrix, file::replace_atomic, format, shown};
use serde_json::{Value, json};

use crate::digest::{DIGEST, check, digest, seal};
use crate::lease::Marker;
use crate::{Merged, RecordError, ShardRecord, add_up, matrix_hash};

/// The format line of `campaign.json`.
pub const FORMAT: &str = "dlx campaign 1";

/// Why a campaign cannot be started, read or added up.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    /// A file of the campaign is missing, damaged, foreign or cannot be written.
    #[error("{}: {reason}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The records cannot be added up.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The campaign asked for cannot be made, or searched.
    #[error("{0}")]
    Invalid(String),
    /// The interrupt flag stopped a run ([`crate::RunOptions::interrupt`]): the shards
    /// finished before are kept, the one under way is searched again by the next run.
    #[error("{}", stopped(*.during, *.kept))]
    Stopped {
        /// What the run was doing.
        during: StoppedIn,
        /// The shards this run finished and kept.
        kept: usize,
    },
}

/// What a run was doing when it was stopped ([`CampaignError::Stopped`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoppedIn {
    /// Planning the shards.
    Planning,
    /// Searching this shard.
    Shard(usize),
    /// Waiting for the shards other runs search.
    Waiting,
}

/// The message of [`CampaignError::Stopped`].
fn stopped(during: StoppedIn, kept: usize) -> String {
    let finished = match kept {
        0 => "no shard was finished before it".to_string(),
        1 => "the 1 shard finished before it is kept".to_string(),
        n => format!("the {n} shards finished before it are kept"),
    };
    match during {
        StoppedIn::Planning if kept == 0 => {
            "stopped while the shards were planned; nothing was lost".into()
        }
        StoppedIn::Planning => format!("stopped while the shards were planned; {finished}"),
        StoppedIn::Shard(k) => format!("stopped in shard {k}; {finished}"),
        StoppedIn::Waiting => {
            format!("stopped while waiting for the shards other runs search; {finished}")
        }
    }
}

pub(crate) fn file_error(path: &Path, reason: impl Into<String>) -> CampaignError {
    CampaignError::File {
        path: path.to_path_buf(),
        reason: reason.into(),
    }
}

fn meta_path(dir: &Path) -> PathBuf {
    dir.join("campaign.json")
}

/// Writes one of the campaign's own files whole, in place: a link planted under its name is
/// replaced, never followed out of the folder.
pub(crate) fn write(path: &Path, text: &str) -> Result<(), CampaignError> {
    replace_atomic(path, text.as_bytes()).map_err(|e| file_error(path, e.to_string()))
}

/// Reads one of the campaign's files, which must be a regular file (or a link to one): a
/// pipe or a device under its name is an error, not a read that waits forever or never ends.
pub(crate) fn read(path: &Path) -> std::io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    std::fs::read(path)
}

/// [`read`], as text.
pub(crate) fn read_to_string(path: &Path) -> std::io::Result<String> {
    String::from_utf8(read(path)?)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// A campaign: one search cut into shards, or a problem split into subcases, each such a
/// search in a folder of its own.
#[derive(Debug)]
pub enum Campaign {
    /// One search.
    Search(Shards),
    /// Subcases.
    Split(Split),
}

/// One search cut into shards, kept in a folder.
#[derive(Debug, Clone)]
pub struct Shards {
    /// The folder.
    pub dir: PathBuf,
    /// What is searched, in words.
    pub problem: String,
    /// The matrix (`matrix.dlx`).
    pub matrix: Matrix,
    /// Its fingerprint, as every record carries it.
    pub hash: String,
    /// The number of shards.
    pub shards: usize,
    /// The rule that chooses the items.
    pub heuristic: Heuristic,
    /// Options (0-based) chosen before the search: a subcase's fixed piece.
    pub fixed: Vec<usize>,
    /// Whether each record keeps the rows of its solutions.
    pub keep_solutions: bool,
    /// The fingerprint of the `symmetry.txt` it was started with, if it declared symmetries.
    pub symmetry: Option<String>,
}

/// A problem split into subcases (say by the places of one piece, one per orbit under the
/// board's symmetries), each searched as [`Shards`] in a subfolder.
#[derive(Debug, Clone)]
pub struct Split {
    /// The folder.
    pub dir: PathBuf,
    /// The whole problem, in words.
    pub problem: String,
    /// The subcases, in order.
    pub subcases: Vec<Subcase>,
    /// The fingerprint of the `symmetry.txt` it was started with, if it declared symmetries.
    pub symmetry: Option<String>,
    /// Each subcase's search as the split recorded it when it started them: its matrix's
    /// fingerprint and its fixed options (`None` for a split started before they were
    /// recorded). [`Split::subcase`] holds the folder it opens to it.
    searches: Vec<Option<(String, Vec<usize>)>>,
}

/// One subcase of a [`Split`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subcase {
    /// Its folder, under the split's.
    pub name: String,
    /// What it fixes, in words (the fixed piece's row).
    pub about: String,
    /// How many places of the split's piece it stands for (its orbit under the symmetries).
    pub orbit: u64,
}

/// Where a [`Shards`] campaign stands.
#[derive(Debug, Default)]
pub struct Progress {
    /// The finished shards' records.
    pub done: Vec<ShardRecord>,
    /// Shards with no record whose marker a run holds: being searched.
    pub running: Vec<usize>,
    /// Shards with no record whose marker no run holds (not renewed for
    /// [`crate::MARKER_STALE`], or its process gone): their runs were killed, and the next
    /// run searches them again.
    pub stopped: Vec<usize>,
    /// Files that cannot be trusted, each with why.
    pub damaged: Vec<String>,
    /// Temporary files at least [`crate::MARKER_STALE`] old: writes that never finished
    /// (`.NAME.PID.N.tmp`, left by a run killed while it wrote) and `.NAME.takeover` locks
    /// (of a run killed while it replaced a stale marker). Never read, safe to delete.
    pub unfinished_writes: Vec<String>,
}

impl Campaign {
    /// Reads the campaign in `dir` (for a split, the subcases' folders are opened by
    /// [`Split::subcase`]).
    pub fn open(dir: impl AsRef<Path>) -> Result<Campaign, CampaignError> {
        let dir = dir.as_ref();
        let meta = meta_path(dir);
        let text = read_to_string(&meta).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound if left_by_a_start(dir) => unfinished(dir),
            std::io::ErrorKind::NotFound => file_error(
                &meta,
                format!("{e} (start a campaign with `dlx campaign start`)"),
            ),
            _ => file_error(&meta, format!("cannot be read: {e}")),
        })?;
        let v: Value = serde_json::from_str(&text)
            .map_err(|e| file_error(&meta, format!("damaged, not JSON: {e}")))?;
        if v["format"] != FORMAT {
            return Err(file_error(&meta, "not a campaign file of this dlx"));
        }
        check(v.get(DIGEST), &digest(&v)).map_err(|why| file_error(&meta, why))?;
        let damaged = |what: &str| file_error(&meta, format!("damaged, {what}"));
        let problem = v["problem"].as_str().unwrap_or_default().to_string();
        let symmetry = match v.get("symmetry") {
            None => None,
            Some(f) => Some(
                f.as_str()
                    .ok_or_else(|| damaged("`symmetry` is not a string"))?
                    .to_string(),
            ),
        };
        // Declared symmetries are checked on every read: classes under others are wrong.
        if symmetry.is_some() {
            symmetry_text(dir, symmetry.as_deref())?;
        }
        if let Some(list) = v.get("subcases") {
            let list = list
                .as_array()
                .ok_or_else(|| damaged("`subcases` is not a list"))?;
            let subcases = (list.iter())
                .map(|s| {
                    let name = s["name"].as_str().filter(|n| is_plain_name(n));
                    Some(Subcase {
                        name: name?.to_string(),
                        about: s["about"].as_str()?.to_string(),
                        orbit: s["orbit"].as_u64()?,
                    })
                })
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| damaged("a subcase without a plain name, `about` or `orbit`"))?;
            let searches = (list.iter())
                .map(subcase_search)
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| {
                    damaged("a subcase's `matrix` or `fixed` is not what a start writes")
                })?;
            return Ok(Campaign::Split(Split {
                dir: dir.to_path_buf(),
                problem,
                subcases,
                symmetry,
                searches,
            }));
        }
        let field = |name: &str| v.get(name).ok_or_else(|| damaged(&format!("no `{name}`")));
        let hash = field("matrix")?
            .as_str()
            .ok_or_else(|| damaged("`matrix` is not a string"))?
            .to_string();
        let shards = field("shards")?
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| (1..=MAX_SHARDS).contains(n))
            .ok_or_else(|| damaged("`shards` out of range"))?;
        let heuristic: Heuristic = field("heuristic")?
            .as_str()
            .and_then(|h| h.parse().ok())
            .ok_or_else(|| damaged("`heuristic` is not a rule"))?;
        let fixed = match v.get("fixed") {
            None => Vec::new(),
            Some(f) => f
                .as_array()
                .and_then(|f| {
                    f.iter()
                        .map(|x| x.as_u64().and_then(|x| usize::try_from(x).ok()))
                        .collect::<Option<Vec<_>>>()
                })
                .ok_or_else(|| damaged("`fixed` is not a list of options"))?,
        };
        let keep_solutions = v["solutions"].as_bool().unwrap_or(false);
        let matrix_file = dir.join("matrix.dlx");
        let text =
            read_to_string(&matrix_file).map_err(|e| file_error(&matrix_file, e.to_string()))?;
        let matrix = format::parse(&text).map_err(|e| file_error(&matrix_file, e.to_string()))?;
        if matrix_hash(&matrix) != hash {
            return Err(file_error(
                &matrix_file,
                format!(
                    "damaged, or not the matrix this campaign was started with (fingerprint {}, \
                     campaign.json expects {hash})",
                    matrix_hash(&matrix)
                ),
            ));
        }
        if let Err(why) = fixed_fault(&matrix, &fixed) {
            return Err(damaged(&why));
        }
        Ok(Campaign::Search(Shards {
            dir: dir.to_path_buf(),
            problem,
            matrix,
            hash,
            shards,
            heuristic,
            fixed,
            keep_solutions,
            symmetry,
        }))
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        match self {
            Campaign::Search(s) => &s.dir,
            Campaign::Split(s) => &s.dir,
        }
    }

    /// Writes the problem's symmetries ([`crate::Symmetry`]'s file) into `dir`, a new or
    /// empty folder, for the campaign the returned [`Declared`] starts there, so that a whole
    /// campaign never lacks them: the start records the file's fingerprint in
    /// `campaign.json`, and every later read of the folder checks it. The folder is held
    /// from here to the start (its `.starting` hold), so that no other start records these
    /// symmetries as its own or writes its own over them; a `Declared` dropped unused lets
    /// the folder go and removes the file.
    pub fn declare_symmetry(dir: impl AsRef<Path>, text: &str) -> Result<Declared, CampaignError> {
        let dir = dir.as_ref();
        let mut claim = Claim::take(dir)?;
        let file = dir.join(crate::SYMMETRY_FILE);
        claim.symmetry = Some(file.clone());
        write(&file, text)?;
        Ok(Declared {
            dir: dir.to_path_buf(),
            claim,
        })
    }

    /// The fingerprint of the `symmetry.txt` the campaign was started with, if it declared
    /// symmetries.
    pub fn symmetry_fingerprint(&self) -> Option<&str> {
        match self {
            Campaign::Search(s) => s.symmetry.as_deref(),
            Campaign::Split(s) => s.symmetry.as_deref(),
        }
    }

    /// The campaign's declared symmetries, read for `matrix` (a split's subcases share
    /// theirs): `None` if it declared none. A `symmetry.txt` missing or changed since the
    /// start is an error naming it, never other classes. (A campaign started before the
    /// fingerprint was recorded reads its `symmetry.txt` unchecked, as it always did.)
    pub fn symmetry(&self, matrix: &Matrix) -> Result<Option<crate::Symmetry>, CampaignError> {
        let path = self.dir().join(crate::SYMMETRY_FILE);
        let Some(text) = symmetry_text(self.dir(), self.symmetry_fingerprint())? else {
            return Ok(None);
        };
        crate::Symmetry::parse(&text, matrix)
            .map(Some)
            .map_err(|e| file_error(&path, e.to_string()))
    }
}

/// A subcase's search as a split's `campaign.json` lists it: `Some(None)` when it lists
/// neither its matrix nor its fixed options (a split started before they were recorded),
/// `None` when what it lists is malformed.
fn subcase_search(s: &Value) -> Option<Option<(String, Vec<usize>)>> {
    match (s.get("matrix"), s.get("fixed")) {
        (None, None) => Some(None),
        (Some(matrix), Some(fixed)) => {
            let fixed = (fixed.as_array()?.iter())
                .map(|x| x.as_u64().and_then(|x| usize::try_from(x).ok()))
                .collect::<Option<Vec<_>>>()?;
            Some(Some((matrix.as_str()?.to_string(), fixed)))
        }
        _ => None,
    }
}

/// The text of `dir`'s `symmetry.txt`, checked against the fingerprint `campaign.json`
/// recorded (`recorded`): missing or changed, an error naming the file. Without a recorded
/// fingerprint (no symmetries, or a campaign started before they were recorded), the file
/// is read as it is, if there is one.
fn symmetry_text(dir: &Path, recorded: Option<&str>) -> Result<Option<String>, CampaignError> {
    let path = dir.join(crate::SYMMETRY_FILE);
    let bytes = match (read(&path), recorded) {
        (Ok(bytes), _) => bytes,
        (Err(e), None) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        (Err(e), Some(expected)) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(file_error(
                &path,
                format!(
                    "missing: the campaign was started with symmetries (fingerprint \
                     {expected}), so its classes cannot be counted without them; move it back \
                     or start again"
                ),
            ));
        }
        (Err(e), _) => return Err(file_error(&path, e.to_string())),
    };
    if let Some(expected) = recorded {
        let found = crate::symmetry::fingerprint(&bytes);
        if found != expected {
            return Err(file_error(
                &path,
                format!(
                    "changed since the campaign was started (fingerprint {found}, expected \
                     {expected}): not the symmetries its classes are counted under; move it \
                     back or start again"
                ),
            ));
        }
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| file_error(&path, "not UTF-8 text"))
}

/// The fingerprint to record for the `symmetry.txt` that [`Campaign::declare_symmetry`]
/// wrote into a folder being started, if there is one.
fn declared(dir: &Path) -> Result<Option<String>, CampaignError> {
    let path = dir.join(crate::SYMMETRY_FILE);
    match read(&path) {
        Ok(bytes) => Ok(Some(crate::symmetry::fingerprint(&bytes))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(file_error(&path, e.to_string())),
    }
}

/// Refuses a number of shards a campaign cannot have.
fn check_shards(shards: usize) -> Result<(), CampaignError> {
    if (1..=MAX_SHARDS).contains(&shards) {
        Ok(())
    } else {
        Err(CampaignError::Invalid(format!(
            "{shards} is not a number of shards from 1 to {MAX_SHARDS}"
        )))
    }
}

/// A subfolder name: letters, digits, `-` and `_` only, so it stays under the split's folder.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Refuses to start over a campaign, whose shards would be mixed with the new one's, or in a
/// folder holding anything at all (a later `merge` reads every shard record there, a
/// mistyped folder name should not scatter a campaign among someone's files, and a
/// `symmetry.txt` left by a start that was stopped is no symmetry this start declared).
fn fresh(dir: &Path) -> Result<(), CampaignError> {
    fresh_but(dir, &[])
}

/// The file a start holds while it makes a campaign: made exclusively, so that of two starts
/// in one folder only one goes on, and removed once `campaign.json` is written. Left behind
/// by a start that was killed, it says why the folder is neither empty nor a campaign.
const STARTING: &str = ".starting";

/// Why a start cannot go on in `dir`: another start holds it, or one was stopped there.
fn unfinished(dir: &Path) -> CampaignError {
    file_error(
        dir,
        format!(
            "a `dlx campaign start` is making a campaign here, or was stopped before it \
             finished (it left `{STARTING}`): wait for it, or remove what it wrote (`{STARTING}`, \
             `{}`, `matrix.dlx`, subcase folders, `.*.tmp` files) and start again",
            crate::SYMMETRY_FILE
        ),
    )
}

/// Whether a folder without `campaign.json` is held by a start, under way or stopped: the
/// only state a start leaves there before `campaign.json` (its matrix, a split's subcase
/// folders) besides its hold.
fn left_by_a_start(dir: &Path) -> bool {
    dir.join(STARTING).exists()
}

/// A folder held for a campaign whose symmetries were declared there
/// ([`Campaign::declare_symmetry`]): the campaign is made by [`Declared::start_shards`] or
/// [`Declared::start_split`]. Dropped unused, or after a start that was refused, it lets the
/// folder go and removes the symmetries.
#[derive(Debug)]
#[must_use = "the folder stays held until the campaign is started with it, or it is dropped"]
pub struct Declared {
    dir: PathBuf,
    claim: Claim,
}

impl Declared {
    /// Starts the campaign in the held folder, as [`Shards::create`] does, with the
    /// declared symmetries.
    pub fn start_shards(
        self,
        problem: &str,
        matrix: &Matrix,
        shards: usize,
        heuristic: Heuristic,
        fixed: Vec<usize>,
        keep_solutions: bool,
    ) -> Result<Shards, CampaignError> {
        let search = (matrix, shards, heuristic, fixed, keep_solutions);
        Shards::make(Held::Declared(self), problem, search)
    }

    /// Starts a split campaign in the held folder, as [`Split::create`] does, with the
    /// declared symmetries (its subcases share them).
    pub fn start_split(
        self,
        problem: &str,
        subcases: Vec<NewSubcase>,
        shards: usize,
        heuristic: Heuristic,
        keep_solutions: bool,
    ) -> Result<Split, CampaignError> {
        Split::make(
            Held::Declared(self),
            problem,
            subcases,
            (shards, heuristic, keep_solutions),
        )
    }
}

/// Where a start makes its campaign: a folder it is yet to hold, or one held with declared
/// symmetries.
enum Held<'a> {
    Fresh(&'a Path),
    Declared(Declared),
}

impl Held<'_> {
    fn dir(&self) -> &Path {
        match self {
            Held::Fresh(dir) => dir,
            Held::Declared(d) => &d.dir,
        }
    }

    /// The start's hold on its folder: taken now, or the one held since the declaration.
    fn claim(self) -> Result<Claim, CampaignError> {
        match self {
            Held::Fresh(dir) => Claim::take(dir),
            Held::Declared(d) => Ok(d.claim),
        }
    }
}

/// A start's hold on its folder ([`STARTING`]), let go when dropped: with the symmetries it
/// declared ([`Campaign::declare_symmetry`]), which go too unless the start finished.
#[derive(Debug)]
struct Claim {
    hold: PathBuf,
    symmetry: Option<PathBuf>,
    finished: bool,
}

impl Claim {
    /// Checks that `dir` is fresh, makes it, and holds it; then checks again, as another
    /// start may have finished there between the first check and the hold.
    fn take(dir: &Path) -> Result<Claim, CampaignError> {
        fresh(dir)?;
        let path = dir.join(STARTING);
        let made = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path);
        match made {
            Ok(mut f) => {
                use std::io::Write;
                let _ = writeln!(f, "process {}", std::process::id());
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => return Err(unfinished(dir)),
            Err(e) => return Err(file_error(&path, e.to_string())),
        }
        let claim = Claim {
            hold: path,
            symmetry: None,
            finished: false,
        };
        fresh_but(dir, &[STARTING])?;
        Ok(claim)
    }

    /// The campaign is whole (its `campaign.json` written): what the start declared stays.
    fn finish(mut self) {
        self.finished = true;
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        if !self.finished
            && let Some(symmetry) = &self.symmetry
        {
            let _ = std::fs::remove_file(symmetry);
        }
        let _ = std::fs::remove_file(&self.hold);
    }
}

/// [`fresh`], the entries named in `allowed` aside.
fn fresh_but(dir: &Path, allowed: &[&str]) -> Result<(), CampaignError> {
    if dir.as_os_str().is_empty() {
        return Err(CampaignError::Invalid(
            "the campaign's folder has an empty name".into(),
        ));
    }
    if std::fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
        return Err(file_error(
            dir,
            "not a folder: a campaign starts in a new or empty folder",
        ));
    }
    let meta = meta_path(dir);
    if meta.exists() {
        return Err(file_error(
            &meta,
            format!(
                "a campaign is already there (`dlx campaign run {}` goes on with it)",
                dir.display()
            ),
        ));
    }
    if !allowed.contains(&STARTING) && left_by_a_start(dir) {
        return Err(unfinished(dir));
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries {
            let entry = entry.map_err(|e| file_error(dir, e.to_string()))?;
            let name = entry.file_name();
            if allowed.iter().any(|a| name == *a) {
                continue;
            }
            return Err(file_error(
                dir,
                format!(
                    "not empty (it holds `{}`): a campaign starts in a new or empty folder",
                    name.to_string_lossy()
                ),
            ));
        }
    }
    make_folder(dir)
}

/// Makes the folder and those above it, saying which part of the path stands in the way.
fn make_folder(dir: &Path) -> Result<(), CampaignError> {
    // `new/.` names the folder `new`, which `create_dir_all` does not make: it fails on `.`.
    let named: PathBuf = dir.components().collect();
    std::fs::create_dir_all(&named).map_err(|e| {
        let why = (named.ancestors().collect::<Vec<_>>().into_iter().rev())
            .filter(|a| !a.as_os_str().is_empty())
            .find_map(in_the_way)
            .unwrap_or_else(|| e.to_string());
        file_error(dir, why)
    })
}

/// Why a folder cannot be made at or below `path`, if `path` is in the way.
fn in_the_way(path: &Path) -> Option<String> {
    let link = std::fs::symlink_metadata(path).ok()?;
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => None,
        Ok(_) => Some(format!("`{}` is a file, not a folder", path.display())),
        Err(e) if link.file_type().is_symlink() && e.kind() == std::io::ErrorKind::NotFound => {
            let to =
                std::fs::read_link(path).map_or_else(|_| "?".into(), |t| t.display().to_string());
            Some(format!(
                "`{}` is a link to `{to}`, which does not exist",
                path.display()
            ))
        }
        Err(e) => Some(format!("`{}`: {e}", path.display())),
    }
}

/// Why options fixed before a campaign's search cannot be chosen together, in words: one
/// that is not an option of the matrix, or two that clash (each shard's search would refuse
/// them, after the folder was made).
fn fixed_fault(matrix: &Matrix, fixed: &[usize]) -> Result<(), String> {
    if fixed.is_empty() {
        // Nothing to check: every `campaign run` job opens the folder, and most fix nothing.
        return Ok(());
    }
    if let Some(&o) = fixed.iter().find(|&&o| o >= matrix.options().len()) {
        return Err(format!("fixed option {o} is not an option of the matrix"));
    }
    let mut problem = dlx_core::Problem::new(&matrix.without_costs());
    match problem.solve().fix(fixed.iter().copied()) {
        Ok(_) => Ok(()),
        Err(e) => Err(format!("the fixed options cannot be chosen together: {e}")),
    }
}

impl Shards {
    /// Starts a campaign in `dir` (new, or without a campaign): writes `matrix.dlx`, then
    /// `campaign.json` last, so that a folder with `campaign.json` is a whole campaign.
    pub fn create(
        dir: impl AsRef<Path>,
        problem: &str,
        matrix: &Matrix,
        shards: usize,
        heuristic: Heuristic,
        fixed: Vec<usize>,
        keep_solutions: bool,
    ) -> Result<Shards, CampaignError> {
        let search = (matrix, shards, heuristic, fixed, keep_solutions);
        Shards::make(Held::Fresh(dir.as_ref()), problem, search)
    }

    /// [`Shards::create`] in `held`'s folder: checked before anything is written (a refusal
    /// lets declared symmetries go with their hold).
    fn make(
        held: Held<'_>,
        problem: &str,
        (matrix, shards, heuristic, fixed, keep_solutions): (
            &Matrix,
            usize,
            Heuristic,
            Vec<usize>,
            bool,
        ),
    ) -> Result<Shards, CampaignError> {
        check_shards(shards)?;
        fixed_fault(matrix, &fixed).map_err(CampaignError::Invalid)?;
        let dir = &held.dir().to_path_buf();
        let claim = held.claim()?;
        write(
            &dir.join("matrix.dlx"),
            &format::write(matrix, Some(problem)),
        )?;
        let hash = matrix_hash(matrix);
        let mut meta = json!({
            "format": FORMAT,
            "problem": problem,
            "matrix": hash,
            "shards": shards,
            "heuristic": heuristic.to_string(),
        });
        if !fixed.is_empty() {
            meta["fixed"] = json!(fixed);
        }
        if keep_solutions {
            meta["solutions"] = json!(true);
        }
        let symmetry = declared(dir)?;
        if let Some(f) = &symmetry {
            meta["symmetry"] = json!(f);
        }
        seal(&mut meta);
        write(&meta_path(dir), &format!("{meta:#}\n"))?;
        claim.finish();
        Ok(Shards {
            dir: dir.to_path_buf(),
            problem: problem.to_string(),
            matrix: matrix.clone(),
            hash,
            shards,
            heuristic,
            fixed,
            keep_solutions,
            symmetry,
        })
    }

    /// The record file of shard `k`.
    pub fn shard_path(&self, k: usize) -> PathBuf {
        self.dir.join(format!("shard-{k}-of-{}.json", self.shards))
    }

    /// The marker of shard `k` being searched.
    pub fn marker_path(&self, k: usize) -> PathBuf {
        self.dir
            .join(format!("shard-{k}-of-{}.running", self.shards))
    }

    /// Whether shard `k` is finished: `Ok(None)` if it has no record, an error naming the
    /// file if the record is damaged or of another run (never trusted, never overwritten).
    pub fn finished(&self, k: usize) -> Result<Option<ShardRecord>, CampaignError> {
        let path = self.shard_path(k);
        let text = match read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(file_error(&path, e.to_string())),
        };
        let untrusted = |why: String| {
            file_error(
                &path,
                format!("{why}; move it away to search shard {k} again"),
            )
        };
        let shown = path.display().to_string();
        let r = ShardRecord::parse(&shown, &text).map_err(|e| match e {
            RecordError::Record { reason, .. } => untrusted(reason),
            e => untrusted(e.to_string()),
        })?;
        if r.key.matrix != self.hash
            || r.key.n != self.shards
            || r.key.heuristic != self.heuristic
            || r.key.fixed != self.fixed
            || r.k != k
        {
            return Err(untrusted(format!(
                "a shard of another run (matrix {}, shard {} of {}, rule {}, fixed {:?})",
                r.key.matrix, r.k, r.key.n, r.key.heuristic, r.key.fixed
            )));
        }
        if !r.stats.complete {
            return Err(untrusted("a shard stopped before its end".into()));
        }
        if r.rows.is_some() != self.keep_solutions {
            return Err(untrusted(if self.keep_solutions {
                "keeps no solutions, but the campaign keeps them".into()
            } else {
                "keeps solutions, but the campaign does not".into()
            }));
        }
        let counts = !self.matrix.is_plain() || self.matrix.options_without_primary() > 0;
        if r.cleansings != counts {
            return Err(untrusted(if counts {
                "counts no cleansings, but this matrix's search does (colours or bounds)".into()
            } else {
                "counts cleansings, but this matrix's search does not".into()
            }));
        }
        r.check_rows(&self.matrix)
            .map_err(|why| untrusted(format!("damaged: {why}")))?;
        Ok(Some(r))
    }

    /// Writes a finished shard's record (whole, then renamed into place) after checking that
    /// it belongs here.
    pub fn save(&self, record: &ShardRecord) -> Result<(), CampaignError> {
        let path = self.shard_path(record.k);
        let k = &record.key;
        if k.matrix != self.hash
            || k.n != self.shards
            || k.fixed != self.fixed
            || !record.stats.complete
        {
            return Err(file_error(&path, "not a finished shard of this campaign"));
        }
        write(&path, &format!("{}\n", record.to_json()))
    }

    /// Every shard's state: finished, running, stopped, damaged.
    pub fn progress(&self) -> Progress {
        let mut p = Progress::default();
        for k in 1..=self.shards {
            let marker = self.marker_path(k);
            match self.finished(k) {
                Ok(Some(r)) => p.done.push(r),
                Ok(None) => match crate::lease::look(&marker) {
                    Ok(Marker::Held) => p.running.push(k),
                    Ok(Marker::Left) => p.stopped.push(k),
                    Ok(Marker::Absent) => {}
                    Ok(Marker::Folder) => p
                        .damaged
                        .push(crate::lease::folder_error(&marker, k).to_string()),
                    Err(e) => p.damaged.push(e.to_string()),
                },
                Err(e) => p.damaged.push(e.to_string()),
            }
        }
        // A plan the next run cannot read back stops it: said here too (none is no damage,
        // the next run plans again).
        if let Err(e) = self.saved_deal() {
            p.damaged.push(e.to_string());
        }
        if let Ok(entries) = std::fs::read_dir(&self.dir) {
            // A write takes a moment: a temporary file as old as a stale marker is left over.
            let old = |e: &std::fs::DirEntry| {
                (e.metadata().and_then(|m| m.modified()).ok())
                    .and_then(|t| SystemTime::now().duration_since(t).ok())
                    .is_some_and(|age| age >= crate::MARKER_STALE)
            };
            p.unfinished_writes = (entries.flatten())
                .filter(old)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with('.') && (n.ends_with(".tmp") || n.ends_with(".takeover")))
                .collect();
            p.unfinished_writes.sort();
        }
        p
    }

    /// The whole search's figures; an error while a shard is missing or damaged.
    pub fn merge(&self) -> Result<Merged, CampaignError> {
        let mut records = Vec::with_capacity(self.shards);
        for k in 1..=self.shards {
            if let Some(r) = self.finished(k)? {
                records.push((self.shard_path(k).display().to_string(), r));
            }
        }
        if records.is_empty() {
            return Err(CampaignError::Invalid(format!(
                "{}: no shard of {} is finished yet",
                self.dir.display(),
                self.shards
            )));
        }
        Ok(add_up(&records)?)
    }
}

/// One subcase to start: its entry, its matrix and the options it fixes.
#[derive(Debug, Clone)]
pub struct NewSubcase {
    /// Its entry in the split.
    pub subcase: Subcase,
    /// Its matrix.
    pub matrix: Matrix,
    /// The options (0-based) fixed before its search.
    pub fixed: Vec<usize>,
}

impl Split {
    /// Starts a split campaign in `dir`: one [`Shards`] campaign per subcase in its
    /// subfolder, then `campaign.json` listing them, last.
    pub fn create(
        dir: impl AsRef<Path>,
        problem: &str,
        subcases: Vec<NewSubcase>,
        shards: usize,
        heuristic: Heuristic,
        keep_solutions: bool,
    ) -> Result<Split, CampaignError> {
        let settings = (shards, heuristic, keep_solutions);
        Split::make(Held::Fresh(dir.as_ref()), problem, subcases, settings)
    }

    /// [`Split::create`] in `held`'s folder: checked before anything is written (a refusal
    /// lets declared symmetries go with their hold).
    fn make(
        held: Held<'_>,
        problem: &str,
        subcases: Vec<NewSubcase>,
        (shards, heuristic, keep_solutions): (usize, Heuristic, bool),
    ) -> Result<Split, CampaignError> {
        if subcases.is_empty() {
            return Err(CampaignError::Invalid("a split needs subcases".into()));
        }
        if let Some(s) = subcases.iter().find(|s| !is_plain_name(&s.subcase.name)) {
            return Err(CampaignError::Invalid(format!(
                "`{}` is not a plain folder name",
                s.subcase.name
            )));
        }
        // What would stop a subcase's start half-way is refused before anything is written.
        check_shards(shards)?;
        for (i, s) in subcases.iter().enumerate() {
            let name = &s.subcase.name;
            if subcases[..i].iter().any(|t| &t.subcase.name == name) {
                return Err(CampaignError::Invalid(format!(
                    "subcase `{name}` is given twice"
                )));
            }
            fixed_fault(&s.matrix, &s.fixed)
                .map_err(|why| CampaignError::Invalid(format!("subcase `{name}`: {why}")))?;
        }
        let dir = &held.dir().to_path_buf();
        let claim = held.claim()?;
        let mut searches = Vec::new();
        for s in &subcases {
            let about = format!(
                "{}, subcase {}: {}",
                problem, s.subcase.name, s.subcase.about
            );
            let made = Shards::create(
                dir.join(&s.subcase.name),
                &about,
                &s.matrix,
                shards,
                heuristic,
                s.fixed.clone(),
                keep_solutions,
            )?;
            searches.push((made.hash, made.fixed));
        }
        let list: Vec<Subcase> = subcases.into_iter().map(|s| s.subcase).collect();
        // Each subcase's matrix and fixed options, so that a folder copied over another's, or
        // another campaign's moved in, is refused rather than added up.
        let entries = (list.iter().zip(&searches))
            .map(|(s, (matrix, fixed))| {
                json!({
                    "name": s.name,
                    "about": s.about,
                    "orbit": s.orbit,
                    "matrix": matrix,
                    "fixed": fixed,
                })
            })
            .collect::<Vec<_>>();
        let mut meta = json!({
            "format": FORMAT,
            "problem": problem,
            "subcases": entries,
        });
        let symmetry = declared(dir)?;
        if let Some(f) = &symmetry {
            meta["symmetry"] = json!(f);
        }
        seal(&mut meta);
        write(&meta_path(dir), &format!("{meta:#}\n"))?;
        claim.finish();
        Ok(Split {
            dir: dir.to_path_buf(),
            problem: problem.to_string(),
            subcases: list,
            symmetry,
            searches: searches.into_iter().map(Some).collect(),
        })
    }

    /// Opens subcase `i`'s campaign: refused if its folder holds another search than the
    /// one the split started there (another subcase's folder copied over it, another
    /// campaign moved in), whose figures would be added up as this subcase's.
    pub fn subcase(&self, i: usize) -> Result<Shards, CampaignError> {
        let name = &self.subcases[i].name;
        let dir = self.dir.join(name);
        let shards = match Campaign::open(&dir)? {
            Campaign::Search(s) => s,
            Campaign::Split(_) => {
                return Err(file_error(
                    &meta_path(&dir),
                    "a split inside a split: subcases are single searches",
                ));
            }
        };
        // What the split wrote into the subcase's own `campaign.json` when it started it.
        let about = format!(
            "{}, subcase {name}: {}",
            self.problem, self.subcases[i].about
        );
        if shards.problem != about {
            return Err(file_error(
                &meta_path(&dir),
                format!(
                    "not subcase {name} of this split: it searches `{}`, the split started \
                     `{about}` there",
                    shown(&shards.problem)
                ),
            ));
        }
        if let Some(Some((matrix, fixed))) = self.searches.get(i)
            && (&shards.hash, &shards.fixed) != (matrix, fixed)
        {
            return Err(file_error(
                &meta_path(&dir),
                format!(
                    "not subcase {name} of this split: it searches matrix {} with options {:?} \
                     fixed, the split started matrix {matrix} with {fixed:?} there",
                    shards.hash, shards.fixed
                ),
            ));
        }
        Ok(shards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RunKey;
    use dlx_core::Stats;

    fn temp(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("dlx-campaign-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    fn matrix() -> Matrix {
        format::parse("a b c\na b\nc\na\nb c\n").unwrap()
    }

    #[test]
    fn a_campaign_starts_only_in_a_new_or_empty_folder() {
        let create =
            |dir: &Path| Shards::create(dir, "t", &matrix(), 2, Heuristic::Mrv, vec![], false);
        // Someone's file in the folder: refused, named, and left alone.
        let dir = temp("not-empty");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("notes.txt"), "mine").unwrap();
        let e = create(&dir).unwrap_err().to_string();
        assert!(e.contains("not empty (it holds `notes.txt`)"), "{e}");
        assert!(!dir.join("campaign.json").exists());
        assert_eq!(
            std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
            "mine"
        );
        // An empty folder will do, or one held with the symmetries declared for it.
        std::fs::remove_file(dir.join("notes.txt")).unwrap();
        create(&dir).unwrap();
        let sym = temp("declared");
        let declared = Campaign::declare_symmetry(&sym, "# none\n").unwrap();
        (declared.start_shards("t", &matrix(), 2, Heuristic::Mrv, vec![], false)).unwrap();
        let e = create(Path::new("")).unwrap_err().to_string();
        assert!(e.contains("empty name"), "{e}");
        // A new folder named with a trailing `.` is made (it failed with the system's words),
        // and a file above the folder is named as what stands in the way.
        let dotted = temp("dotted");
        create(&dotted.join("new").join(".")).unwrap();
        assert!(dotted.join("new").join("campaign.json").exists());
        std::fs::write(dotted.join("file"), "mine").unwrap();
        let e = create(&dotted.join("file").join("sub"))
            .unwrap_err()
            .to_string();
        assert!(e.ends_with("file` is a file, not a folder"), "{e}");
        #[cfg(unix)]
        {
            // A link to nowhere had read `File exists`.
            let link = dotted.join("dangling");
            std::os::unix::fs::symlink(dotted.join("nowhere"), &link).unwrap();
            let e = create(&link).unwrap_err().to_string();
            assert!(e.contains("dangling` is a link to `"), "{e}");
            assert!(e.ends_with("nowhere`, which does not exist"), "{e}");
            assert!(!dotted.join("nowhere").exists());
        }
        for d in [dir, sym, dotted] {
            std::fs::remove_dir_all(d).unwrap();
        }
    }

    #[test]
    fn a_stop_says_what_was_kept() {
        assert_eq!(
            stopped(StoppedIn::Shard(1), 0),
            "stopped in shard 1; no shard was finished before it"
        );
        assert_eq!(
            stopped(StoppedIn::Shard(4), 3),
            "stopped in shard 4; the 3 shards finished before it are kept"
        );
        assert_eq!(
            stopped(StoppedIn::Planning, 0),
            "stopped while the shards were planned; nothing was lost"
        );
        assert_eq!(
            stopped(StoppedIn::Waiting, 1),
            "stopped while waiting for the shards other runs search; the 1 shard finished \
             before it is kept"
        );
    }

    /// Found by an audit: a start killed while it wrote the matrix left a folder that `run`
    /// sent back to `start` and `start` refused as not empty; two starts racing in one new
    /// folder could both say they had made their campaign. A start now holds the folder
    /// while it makes it, and what a stopped one leaves is named.
    #[test]
    fn a_start_holds_its_folder_and_a_stopped_one_is_named() {
        let create =
            |dir: &Path| Shards::create(dir, "t", &matrix(), 2, Heuristic::Mrv, vec![], false);
        let dir = temp("stopped");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("matrix.dlx"), "a\na\n").unwrap();
        std::fs::write(dir.join(STARTING), "").unwrap();
        for e in [
            create(&dir).unwrap_err().to_string(),
            Campaign::open(&dir).unwrap_err().to_string(),
        ] {
            assert!(
                e.contains("was stopped before it finished (it left `.starting`)"),
                "{e}"
            );
            assert!(e.contains("remove what it wrote"), "{e}");
        }
        // A matrix of one's own, with no hold beside it, is no stopped start: left alone.
        std::fs::remove_file(dir.join(STARTING)).unwrap();
        let e = create(&dir).unwrap_err().to_string();
        assert!(e.contains("not empty (it holds `matrix.dlx`)"), "{e}");
        let e = Campaign::open(&dir).unwrap_err().to_string();
        assert!(
            e.contains("start a campaign with `dlx campaign start`"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
        // Starts racing in one folder: one makes the campaign, the others are refused.
        let dir = temp("race");
        let made: Vec<bool> = std::thread::scope(|s| {
            let starts: Vec<_> = (0..4).map(|_| s.spawn(|| create(&dir).is_ok())).collect();
            starts.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert_eq!(made.iter().filter(|&&ok| ok).count(), 1, "{made:?}");
        assert!(!dir.join(STARTING).exists());
        assert!(matches!(Campaign::open(&dir), Ok(Campaign::Search(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Found by an audit: a start with symmetries wrote `symmetry.txt` before it held the
    /// folder, so a plain start racing it recorded those symmetries as its own (its records
    /// keep no solutions, so it could never be merged), and a second start with symmetries
    /// wrote its own over the winner's. Symmetries are now held from their declaration to
    /// the start that the declaration makes, and a `symmetry.txt` no declaration holds is
    /// refused.
    #[test]
    fn symmetries_are_held_from_their_declaration_to_the_start() {
        let create = |dir: &Path, shards| {
            Shards::create(dir, "t", &matrix(), shards, Heuristic::Mrv, vec![], false)
        };
        // Left by a start that was stopped: no start's symmetries.
        let dir = temp("sym-left");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(crate::SYMMETRY_FILE), "# none\n").unwrap();
        let e = create(&dir, 2).unwrap_err().to_string();
        assert!(e.contains("not empty (it holds `symmetry.txt`)"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
        // Declared: no other start takes the folder meanwhile (one in this process or
        // another), nor declares its own symmetries over these; the declaration's start does.
        let dir = temp("sym-held");
        let declared = Campaign::declare_symmetry(&dir, "# none\n").unwrap();
        let e = create(&dir, 2).unwrap_err().to_string();
        assert!(e.contains("is making a campaign here"), "{e}");
        let e = Campaign::declare_symmetry(&dir, "# other\n").unwrap_err();
        assert!(e.to_string().contains("is making a campaign here"), "{e}");
        let made =
            (declared.start_shards("t", &matrix(), 2, Heuristic::Mrv, vec![], false)).unwrap();
        assert!(made.symmetry.is_some());
        assert!(!dir.join(STARTING).exists());
        let kept = std::fs::read_to_string(dir.join(crate::SYMMETRY_FILE)).unwrap();
        assert_eq!(kept, "# none\n");
        std::fs::remove_dir_all(&dir).unwrap();
        // A start refused after declaring, or a declaration dropped unused, lets the folder
        // go with its symmetries.
        let dir = temp("sym-refused");
        let declared = Campaign::declare_symmetry(&dir, "# none\n").unwrap();
        (declared.start_shards("t", &matrix(), 0, Heuristic::Mrv, vec![], false)).unwrap_err();
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        drop(Campaign::declare_symmetry(&dir, "# none\n").unwrap());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        create(&dir, 2).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Fixed options that clash (options 0 `a b` and 2 `a` share `a`) are refused before the
    /// folder is made, and a campaign.json edited to hold them is named as damaged.
    #[test]
    fn fixed_options_that_clash_are_refused() {
        let dir = temp("clash");
        let e = Shards::create(&dir, "t", &matrix(), 2, Heuristic::Mrv, vec![0, 2], false)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(
                "the fixed options cannot be chosen together: option 2 clashes with option 0"
            ),
            "{e}"
        );
        assert!(!dir.exists());
        let e = Shards::create(&dir, "t", &matrix(), 2, Heuristic::Mrv, vec![1, 1], false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("option 1 clashes with option 1"), "{e}");
        Shards::create(&dir, "t", &matrix(), 2, Heuristic::Mrv, vec![0], false).unwrap();
        let meta = meta_path(&dir);
        let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&meta).unwrap()).unwrap();
        v["fixed"] = json!([0, 2]);
        seal(&mut v);
        replace_atomic(&meta, format!("{v:#}\n").as_bytes()).unwrap();
        let e = Campaign::open(&dir).unwrap_err().to_string();
        assert!(e.contains("cannot be chosen together"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_campaign_reads_back_refuses_foreign_records_and_adds_up() {
        let dir = temp("search");
        let c = Shards::create(&dir, "test", &matrix(), 2, Heuristic::Mrv, vec![1], true).unwrap();
        let Campaign::Search(back) = Campaign::open(&dir).unwrap() else {
            panic!("one search")
        };
        assert_eq!(
            (back.shards, back.fixed.clone(), back.keep_solutions),
            (2, vec![1], true)
        );
        let e =
            Shards::create(&dir, "again", &matrix(), 2, Heuristic::Mrv, vec![], false).unwrap_err();
        assert!(e.to_string().contains("a campaign is already there"), "{e}");
        let mut key = RunKey::new(c.hash.clone(), Heuristic::Mrv, 2, 0);
        key.fixed = vec![1];
        let record = |k| {
            let mut r = ShardRecord::new(key.clone(), k, 1, Stats::from_levels(1, vec![], true));
            // With c fixed, {a b, c} is the one solution.
            r.rows = Some(vec![vec![0, 1]]);
            r
        };
        c.save(&record(1)).unwrap();
        assert_eq!(c.progress().done.len(), 1);
        let e = c.merge().unwrap_err().to_string();
        assert_eq!(e, "shards missing: 2 of 2");
        c.save(&record(2)).unwrap();
        assert_eq!(c.merge().unwrap().stats.solutions, 2);
        // A record of another run, written by hand, is named and not used.
        let mut other = record(2);
        other.key.fixed.clear();
        replace_atomic(c.shard_path(2), other.to_json().to_string().as_bytes()).unwrap();
        let e = c.merge().unwrap_err().to_string();
        assert!(
            e.contains("shard-2-of-2.json") && e.contains("another run"),
            "{e}"
        );
        assert!(e.contains("move it away to search shard 2 again"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_split_lists_its_subcases_each_a_campaign() {
        let dir = temp("split");
        let sub = |name: &str, fixed| NewSubcase {
            subcase: Subcase {
                name: name.into(),
                about: format!("fixes {fixed}"),
                orbit: 2,
            },
            matrix: matrix(),
            fixed: vec![fixed],
        };
        Split::create(
            &dir,
            "test",
            vec![sub("x1", 0), sub("x2", 2)],
            3,
            Heuristic::Mrv,
            false,
        )
        .unwrap();
        let Campaign::Split(split) = Campaign::open(&dir).unwrap() else {
            panic!("a split")
        };
        assert_eq!(split.subcases.len(), 2);
        assert_eq!(split.subcase(1).unwrap().fixed, vec![2]);
        // Found by an audit: a subcase's folder copied over another's (or another campaign
        // moved in) was added up as that subcase's. Each is now held to what the split
        // started there.
        let x2 = dir.join("x2");
        std::fs::rename(&x2, dir.join("x2.kept")).unwrap();
        std::fs::create_dir(&x2).unwrap();
        for entry in std::fs::read_dir(dir.join("x1")).unwrap() {
            let from = entry.unwrap().path();
            std::fs::copy(&from, x2.join(from.file_name().unwrap())).unwrap();
        }
        let e = split.subcase(1).unwrap_err().to_string();
        assert!(
            e.contains("not subcase x2 of this split: it searches `test, subcase x1: fixes 0`"),
            "{e}"
        );
        std::fs::remove_dir_all(&x2).unwrap();
        // Its words written as the split writes them, another option fixed.
        let words = "test, subcase x2: fixes 2";
        Shards::create(&x2, words, &matrix(), 3, Heuristic::Mrv, vec![0], false).unwrap();
        let e = split.subcase(1).unwrap_err().to_string();
        assert!(
            e.contains("not subcase x2 of this split") && e.contains("[0]"),
            "{e}"
        );
        std::fs::remove_dir_all(&x2).unwrap();
        let other = format::parse("a b\na\nb\n").unwrap();
        Shards::create(&x2, "another", &other, 3, Heuristic::Mrv, vec![], false).unwrap();
        let e = split.subcase(1).unwrap_err().to_string();
        assert!(e.contains("not subcase x2 of this split"), "{e}");
        std::fs::remove_dir_all(&x2).unwrap();
        Shards::create(&x2, words, &other, 3, Heuristic::Mrv, vec![], false).unwrap();
        let e = split.subcase(1).unwrap_err().to_string();
        assert!(e.contains("not subcase x2 of this split"), "{e}");
        std::fs::remove_dir_all(&x2).unwrap();
        std::fs::rename(dir.join("x2.kept"), &x2).unwrap();
        assert_eq!(split.subcase(1).unwrap().fixed, vec![2]);
        let e = Split::create(
            temp("bad"),
            "t",
            vec![sub("../up", 0)],
            3,
            Heuristic::Mrv,
            false,
        )
        .unwrap_err();
        assert!(e.to_string().contains("not a plain folder name"), "{e}");
        // A name twice is refused before anything is written.
        let twice = temp("twice");
        let e = Split::create(
            &twice,
            "t",
            vec![sub("x1", 0), sub("x1", 2)],
            3,
            Heuristic::Mrv,
            false,
        )
        .unwrap_err();
        assert!(e.to_string().contains("subcase `x1` is given twice"), "{e}");
        assert!(!twice.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn declared_symmetries_are_checked_on_every_read() {
        // Dominoes in a row of four and the row's reflection, whole and split.
        let m = format::parse("a b c d\na b\nb c\nc d\n").unwrap();
        let text = "# the mirror\n(a d)(b c)\n";
        let whole = temp("sym-whole");
        let held = Campaign::declare_symmetry(&whole, text).unwrap();
        (held.start_shards("test", &m, 2, Heuristic::Mrv, vec![], true)).unwrap();
        let split = temp("sym-split");
        let held = Campaign::declare_symmetry(&split, text).unwrap();
        let sub = NewSubcase {
            subcase: Subcase {
                name: "p1".into(),
                about: "all".into(),
                orbit: 1,
            },
            matrix: m.clone(),
            fixed: vec![],
        };
        (held.start_split("test", vec![sub], 2, Heuristic::Mrv, true)).unwrap();
        let declared = crate::symmetry::fingerprint(text.as_bytes());
        for dir in [&whole, &split] {
            let c = Campaign::open(dir).unwrap();
            assert_eq!(c.symmetry_fingerprint(), Some(declared.as_str()));
            assert_eq!(c.symmetry(&m).unwrap().unwrap().order(), 2);
            let file = dir.join(crate::SYMMETRY_FILE);
            let refused = |what: &str| {
                let e = Campaign::open(dir).unwrap_err().to_string();
                assert!(
                    e.starts_with(&file.display().to_string())
                        && e.contains(what)
                        && e.ends_with("move it back or start again"),
                    "{e}"
                );
                // One opened before the change reads the file again, and refuses it too.
                let e = c.symmetry(&m).unwrap_err().to_string();
                assert!(e.contains(what), "{e}");
            };
            // Cut short (the comment alone: no symmetry but the identity), then removed.
            std::fs::write(&file, "# the mirror\n").unwrap();
            refused("changed since the campaign was started");
            std::fs::remove_file(&file).unwrap();
            refused("missing");
            std::fs::write(&file, text).unwrap();
            assert_eq!(c.symmetry(&m).unwrap().unwrap().order(), 2);
            assert!(Campaign::open(dir).is_ok());
        }
        // A subcase's folder declares nothing; nor does a campaign started without.
        let Campaign::Split(s) = Campaign::open(&split).unwrap() else {
            panic!("a split")
        };
        assert_eq!(s.subcase(0).unwrap().symmetry, None);
        let plain = temp("sym-none");
        Shards::create(&plain, "test", &m, 2, Heuristic::Mrv, vec![], true).unwrap();
        let c = Campaign::open(&plain).unwrap();
        assert_eq!(c.symmetry_fingerprint(), None);
        assert!(c.symmetry(&m).unwrap().is_none());
        for dir in [whole, split, plain] {
            std::fs::remove_dir_all(dir).unwrap();
        }
    }
}
