//! What a campaign has done: figures per subcase, classes, progress and the table.

use dlx_core::Stats;
use dlx_polystick::{Arrangement, PolystickMatrix, orbits};

use super::Subcase;
use crate::Table;

/// What a campaign has done so far.
#[derive(Debug)]
pub struct Report {
    /// The full matrix (board and pieces for the classes).
    pub built: PolystickMatrix,
    /// Each subcase run, in order.
    pub subcases: Vec<SubcaseReport>,
    /// True when every shard of every subcase is done.
    pub complete: bool,
    /// The table's name and title ([`Campaign::table`](super::Campaign::table)).
    pub table: (String, String),
    /// How to go on ([`Campaign::command`](super::Campaign::command)).
    pub command: String,
}

/// One subcase's finished shards, added up.
#[derive(Debug)]
pub struct SubcaseReport {
    /// The subcase.
    pub sub: Subcase,
    /// Shards in its plan.
    pub shards: usize,
    /// Shards finished.
    pub shards_done: usize,
    /// Their figures, added (totals only); `complete` when all are done.
    pub stats: Stats,
    /// Their running times, added: CPU seconds where the record keeps them, else wall
    /// seconds (which a busy machine lengthens).
    pub seconds: f64,
    /// How many of them timed by CPU time (the others by wall time).
    pub cpu_shards: usize,
    /// Their solutions, X included.
    pub solutions: Vec<Arrangement>,
}

impl Report {
    /// The classes of all solutions found under the board's 8 symmetries.
    pub fn classes(&self) -> dlx_polystick::Orbits {
        let all: Vec<Arrangement> = self
            .subcases
            .iter()
            .flat_map(|s| s.solutions.iter().cloned())
            .collect();
        orbits(&all, &self.built.board, &self.built.pieces)
    }

    /// The running times of every shard done, added (CPU seconds where kept).
    pub fn seconds(&self) -> f64 {
        self.subcases.iter().fold(0.0, |t, s| t + s.seconds)
    }

    /// How many shards done are timed by CPU time, and how many are done in all.
    pub fn cpu_shards(&self) -> (usize, usize) {
        self.subcases
            .iter()
            .fold((0, 0), |(c, d), s| (c + s.cpu_shards, d + s.shards_done))
    }

    /// The figures of every subcase done so far, added.
    pub fn total(&self) -> Stats {
        // Separate trees, each with its own root: their figures simply add up.
        let mut total = Stats::default();
        for s in &self.subcases {
            total.solutions += s.stats.solutions;
            total.updates += s.stats.updates;
            total.nodes += s.stats.nodes;
        }
        total.complete = self.complete;
        total
    }

    /// The report as a table (the `tetrasticks-aztec-search` snapshot when complete).
    pub fn table(&self) -> Table {
        let (name, title) = &self.table;
        let mut t = Table::new(
            name,
            title,
            &[
                "X at",
                "orbit",
                "symmetries",
                "rows",
                "shards",
                "solutions",
                "classes",
                "updates",
                "nodes",
            ],
        );
        for s in &self.subcases {
            let classes = orbits(&s.solutions, &self.built.board, &self.built.pieces);
            t.row(
                &s.sub.label,
                vec![
                    s.sub.orbit.to_string(),
                    s.sub.stabiliser.to_string(),
                    Table::num(s.sub.built.matrix.options().len() as u64),
                    format!("{}/{}", s.shards_done, s.shards),
                    Table::num(s.stats.solutions),
                    Table::num(classes.classes as u64),
                    Table::num(s.stats.updates),
                    Table::num(s.stats.nodes),
                ],
            );
        }
        let total = self.total();
        let done: usize = self.subcases.iter().map(|s| s.shards_done).sum();
        let shards: usize = self.subcases.iter().map(|s| s.shards).sum();
        // Until every shard is in, the classes found are a lower bound: compare them with the
        // paper's 107 only then (a key with no paper figures compares nothing).
        let key = if self.complete {
            name.clone()
        } else {
            format!("{name} unfinished")
        };
        let places: usize = self.subcases.iter().map(|s| s.sub.orbit).sum();
        t.row_keyed(
            &key,
            "all",
            vec![
                Table::num(places as u64),
                String::new(),
                String::new(),
                format!("{done}/{shards}"),
                Table::num(total.solutions),
                Table::num(self.classes().classes as u64),
                Table::num(total.updates),
                Table::num(total.nodes),
            ],
        );
        t.note(format!(
            "X fixed at one place of each orbit of its {places} places under the 8 symmetries; where"
        ));
        t.note("symmetries fix that place (\"symmetries\"), W is kept only at the least place of");
        t.note(
            "each of its orbits under them (\"rows\": the subcase's matrix). Classes: solutions",
        );
        t.note("sorted under the 8 symmetries (a reflection turns F into F' and so on); where W");
        t.note("lies on the axis of the reflection fixing X, a solution and its mirror image both");
        t.note("remain, so a class can hold 2 solutions. Updates and nodes are those of");
        t.note("one plain DLX search (S heuristic) per subcase with X's row fixed beforehand.");
        if !self.complete {
            t.note(format!(
                "NOT FINISHED: run `{}` until every shard is done; the classes",
                self.command
            ));
            t.note("are counted in full (and compared with the paper's, if it has one) then.");
        }
        t
    }
}
