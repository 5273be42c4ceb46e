//! The committed campaigns search the problems they say they search.

use dlx_core::format;

#[test]
fn the_9x10_campaign_is_the_named_problem() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../results/pentomino-9x10-one-sided/matrix.dlx"
    );
    let text = std::fs::read_to_string(path).expect("the campaign's matrix is committed");
    let committed = format::parse(&text).expect("it parses");
    let named = dlx_paper::problem("one-sided-9x10").expect("a named problem");
    // Item names, their order and every option: the same tree, the same shards.
    assert_eq!(
        format::write(&committed, None),
        format::write(&named.matrix, None)
    );
    // X at 28 of its 56 placements; 18 pieces and 90 cells.
    assert_eq!(committed.items().len(), 108);
    let x = committed.find_item("X").unwrap();
    let with_x = committed
        .options()
        .iter()
        .filter(|o| o.contains(&x))
        .count();
    assert_eq!(with_x, 28);
}

/// The committed campaigns' folders, under `results/`.
const COMMITTED: [&str; 3] = ["aztec", "aztec-spiked", "pentomino-9x10-one-sided"];

/// FNV-1a (64 bits) of every committed record and `campaign.json` with its digest taken out,
/// with its path, in path order: the files as they were committed before they were sealed
/// (issue 35), computed on those files.
const UNSEALED: &str = "d700ad6e58269b2c";

/// The committed campaigns were sealed once (`cargo xtask seal`, issue 35): every record and
/// `campaign.json` carries its digest, and without it each is exactly the file committed
/// before, so sealing changed no figure, row or key. Every record is then read as a campaign
/// reads it: nothing damaged, every shard done.
#[test]
fn the_committed_campaigns_are_sealed_and_unchanged() {
    let results = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../results");
    let mut files = Vec::new();
    for folder in COMMITTED {
        let mut stack = vec![results.join(folder)];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                let name = path.file_name().unwrap().to_str().unwrap().to_string();
                if path.is_dir() {
                    stack.push(path);
                } else if name == "campaign.json"
                    || (name.starts_with("shard-") && name.ends_with(".json"))
                {
                    let relative = path.strip_prefix(&results).unwrap().to_owned();
                    files.push((relative.to_str().unwrap().replace('\\', "/"), path));
                }
            }
        }
    }
    files.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut unsealed = Vec::new();
    for (relative, path) in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let digest = v.as_object_mut().unwrap().remove(dlx_campaign::DIGEST);
        if digest.is_none() {
            unsealed.push(relative.clone());
        }
        let bare = if relative.ends_with("campaign.json") {
            format!("{v:#}\n")
        } else {
            format!("{v}\n")
        };
        for b in relative.bytes().chain([0]).chain(bare.bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    // Each split: its campaign.json, then per subcase a campaign.json and 64 records.
    assert_eq!(
        files.len(),
        (1 + 6 * 65) + (1 + 9 * 65) + (1 + 128),
        "files"
    );
    assert_eq!(format!("{h:016x}"), UNSEALED, "the committed files changed");
    assert!(unsealed.is_empty(), "without a digest: {unsealed:?}");
    for folder in COMMITTED {
        let campaign = dlx_campaign::Campaign::open(results.join(folder)).unwrap();
        let searches = match &campaign {
            dlx_campaign::Campaign::Search(s) => vec![s.clone()],
            dlx_campaign::Campaign::Split(split) => (0..split.subcases.len())
                .map(|i| split.subcase(i).unwrap())
                .collect(),
        };
        for s in searches {
            let p = s.progress();
            assert!(p.damaged.is_empty(), "{:?}", p.damaged);
            assert_eq!(p.done.len(), s.shards, "{}", s.dir.display());
        }
    }
}
