//! The engine's sorts, through one instance of the standard sort. Every
//! `sort_by` on another element type or closure is another copy of it (about
//! 4 KB of wasm each); these sorts are small and few, so they share one.
use std::cmp::Ordering;

/// Sorts `items` stably by `cmp`. A list already in order (the common case:
/// one task, or writes already grouped) is left as is.
pub fn sort_by<T>(items: &mut Vec<T>, cmp: &dyn Fn(&T, &T) -> Ordering) {
    if items.windows(2).all(|w| cmp(&w[0], &w[1]) != Ordering::Greater) {
        return;
    }
    let order = sorted_indices(items.len(), &|a, b| cmp(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

/// Groups `items` by `key`, a number below `keys`, keeping their order within
/// each group: a counting sort, linear in the items where `sort_by` is not (a
/// barrier's writes, by channel, in a fan-in of thousands).
pub fn group_by_key<T>(items: &mut Vec<T>, keys: usize, key: &dyn Fn(&T) -> usize) {
    if items.windows(2).all(|w| key(&w[0]) <= key(&w[1])) {
        return;
    }
    // Each key's next slot: first the counts, then where each group starts.
    let mut next = vec![0; keys];
    for item in items.iter() {
        next[key(item)] += 1;
    }
    let mut start = 0;
    for slot in next.iter_mut() {
        (*slot, start) = (start, start + *slot);
    }
    let mut slots: Vec<Option<T>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    for item in items.drain(..) {
        let k = key(&item);
        slots[next[k]] = Some(item);
        next[k] += 1;
    }
    items.extend(slots.into_iter().flatten());
}

/// The indices `0..len`, stably sorted by `cmp`.
fn sorted_indices(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts_stably_as_the_standard_sort_does(items in proptest::collection::vec((0u8..6, any::<u16>()), 0..60)) {
            let mut ours = items.clone();
            sort_by(&mut ours, &|a, b| a.0.cmp(&b.0));
            let mut std_sorted = items;
            std_sorted.sort_by_key(|x| x.0);
            prop_assert_eq!(ours, std_sorted);
        }

        #[test]
        fn groups_stably_as_the_standard_sort_does(items in proptest::collection::vec((0usize..6, any::<u16>()), 0..60)) {
            let mut ours = items.clone();
            group_by_key(&mut ours, 6, &|x| x.0);
            let mut std_sorted = items;
            std_sorted.sort_by_key(|x| x.0);
            prop_assert_eq!(ours, std_sorted);
        }
    }
}
