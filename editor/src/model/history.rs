//! A thread's checkpoints as a tree of branches: each row knows its depth,
//! forks start a deeper branch under the checkpoint they came from.

/// One checkpoint row, as the timeline draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row<T> {
    pub item: T,
    pub depth: usize,
}

/// Orders `items` (newest first, with `id` and `parent`) as a depth-first tree
/// from the root; the newest child of a checkpoint continues its branch, older
/// siblings are shown one level deeper.
pub fn tree<T: Clone>(items: &[T], id: impl Fn(&T) -> &str, parent: impl Fn(&T) -> Option<&str>) -> Vec<Row<T>> {
    let known = |p: &str| items.iter().any(|x| id(x) == p);
    let roots: Vec<&T> = items.iter().filter(|x| parent(*x).is_none_or(|p| !known(p))).collect();
    let mut out = Vec::new();
    fn walk<T: Clone>(
        node: &T,
        depth: usize,
        items: &[T],
        id: &dyn Fn(&T) -> &str,
        parent: &dyn Fn(&T) -> Option<&str>,
        out: &mut Vec<Row<T>>,
    ) {
        out.push(Row { item: node.clone(), depth });
        // Children newest first: the first continues this branch.
        let children: Vec<&T> = items.iter().filter(|x| parent(*x) == Some(id(node))).collect();
        for (i, c) in children.iter().enumerate().rev() {
            walk(*c, depth + usize::from(i > 0), items, id, parent, out);
        }
    }
    for r in roots.iter().rev() {
        walk(*r, 0, items, &id, &parent, &mut out);
    }
    out.reverse();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fork_is_a_deeper_branch() {
        // newest first: f2 (fork child of b), c (child of b), b, a
        let items = vec![("f2", Some("b")), ("c", Some("b")), ("b", Some("a")), ("a", None)];
        let rows = tree(&items, |x| x.0, |x| x.1);
        let got: Vec<(&str, usize)> = rows.iter().map(|r| (r.item.0, r.depth)).collect();
        assert_eq!(got, vec![("f2", 0), ("c", 1), ("b", 0), ("a", 0)]);
    }
}
