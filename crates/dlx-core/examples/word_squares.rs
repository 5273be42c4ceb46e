//! Double word squares by exact covering with colours: where colours pay.
//!
//! A 3x3 double word square has a word in every row and every column. As an XCC problem the
//! rows and columns are primary items (each takes one word), the nine cells are secondary
//! items, and placing a word gives each of its cells the letter as a *colour*: a row word and
//! a column word may share a cell only if they give it the same letter. Exact cover without
//! colours cannot say "the same letter"; it would need an item per cell and letter and an
//! option per cell and letter besides the words, a far bigger matrix.
//!
//! ```text
//! cargo run --release -p dlx-core --example word_squares
//! ```

use dlx_core::{MatrixBuilder, Xcc};

/// A small list of common three-letter words.
const WORDS: &str = "ace act add age ago aid aim air ale all and ant any ape arc are ark arm \
art ash ask ate awe axe bad bag ban bar bat bay bed bee beg bet bid big bin bit boa bog boo \
bow box boy bud bug bun bus but buy cab can cap car cat cob cod cog con cot cow cry cub cue \
cup cut dab dad day den dew did die dig dim din dip doe dog don dot dry due dug dye ear eat \
ebb egg ego elf elk elm emu end era eve ewe eye fan far fat fed fee few fig fin fir fit fix \
fly foe fog for fox fry fun fur gap gas gel gem get gin got gum gun gut guy had ham has hat \
hay hen her hew hid him hip his hit hog hop hot how hub hue hug hum hut ice icy ill imp ink \
inn ion ire irk its ivy jab jam jar jaw jet jig job jog joy jug keg key kid kin kit lab lad \
lag lap law lay led leg let lid lie lip lit log lot low mad man map mat may men met mid mix \
mob mop mud mug nap net new nil nod nor not now nut oak oar oat odd ode off oft oil old one \
opt orb ore our out owe owl own pad pal pan par pat paw pay pea peg pen pet pie pig pin pit \
ply pod pop pot pro pry pub pun pup put rag ram ran rap rat raw ray red rib rid rig rim rip \
rob rod roe rot row rub rug rum run rut rye sad sag sap sat saw say sea see set sew she shy \
sin sip sir sit six ski sky sly sob sod son sow soy spa spy sty sub sum sun tab tag tan tap \
tar tax tea tee ten the tie tin tip toe ton too top tow toy try tub tug two urn use van vat \
vet vow wad wag war was wax way web wed wet who why wig win wit woe won yak yam yap yes yet \
yew you zap zip zoo";

fn main() -> Result<(), dlx_core::MatrixError> {
    let words: Vec<&str> = WORDS.split_whitespace().collect();
    let mut b = MatrixBuilder::new();
    for i in 0..3 {
        b.primary(format!("row{i}"))?;
    }
    for j in 0..3 {
        b.primary(format!("col{j}"))?;
    }
    for i in 0..3 {
        for j in 0..3 {
            b.secondary(format!("{i}{j}"))?;
        }
    }
    for w in &words {
        let letters: Vec<String> = w.chars().map(String::from).collect();
        for i in 0..3 {
            let cells = (0..3).map(|j| (format!("{i}{j}"), Some(letters[j].as_str())));
            b.option_coloured(std::iter::once((format!("row{i}"), None)).chain(cells))?;
        }
        for j in 0..3 {
            let cells = (0..3).map(|i| (format!("{i}{j}"), Some(letters[i].as_str())));
            b.option_coloured(std::iter::once((format!("col{j}"), None)).chain(cells))?;
        }
    }
    let matrix = b.build()?;
    let mut xcc = Xcc::new(&matrix);
    let stats = xcc.solve().count();
    println!(
        "{} words: {} double word squares ({} updates, {} cleansings, {} nodes)",
        words.len(),
        stats.solutions,
        stats.updates,
        stats.cleansings,
        stats.nodes
    );
    for solution in xcc.solve().iter().take(3) {
        let mut grid = [[' '; 3]; 3];
        for row in &solution.rows {
            for (k, &item) in matrix.option(row.option).iter().enumerate() {
                let name = &matrix.item(item).name;
                if let (Some(colour), [i, j]) = (matrix.colour(row.option, k), name.as_bytes()) {
                    grid[(i - b'0') as usize][(j - b'0') as usize] =
                        colour.chars().next().unwrap_or('?');
                }
            }
        }
        for line in grid {
            println!("  {}", line.iter().collect::<String>());
        }
        println!();
    }
    Ok(())
}
