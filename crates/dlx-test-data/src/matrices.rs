//! Matrices the tests of several crates search, in Knuth's format.

/// The fewest queens that attack or occupy every square of the n x n board, as a set cover
/// (`dlx min-cover`): a square is an item, a queen's place the option of the squares it
/// reaches. Five queens do it for n = 8, in 4,860 ways.
pub fn queens_domination(n: usize) -> String {
    let name = |r: usize, c: usize| format!("{r}_{c}");
    let cells: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    let mut text = cells
        .iter()
        .map(|&(r, c)| name(r, c))
        .collect::<Vec<_>>()
        .join(" ");
    for &(r, c) in &cells {
        let reached = (cells.iter())
            .filter(|&&(a, b)| a == r || b == c || a + c == r + b || a + b == r + c)
            .map(|&(a, b)| name(a, b));
        text.push('\n');
        text.push_str(&reached.collect::<Vec<_>>().join(" "));
    }
    text.push('\n');
    text
}
