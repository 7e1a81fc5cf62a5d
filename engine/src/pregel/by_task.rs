//! Finding a superstep's saved results by task id in log time. A fan-out of
//! thousands of `Send`s that pauses is resumed and shown task by task; a scan
//! of the saved results per task made that quadratic.

/// A list's positions, stably sorted by the task id of their entry.
pub(crate) struct ByTask<'a, T> {
    list: &'a [T],
    id: fn(&T) -> &str,
    order: Vec<usize>,
}

impl<'a, T> ByTask<'a, T> {
    pub fn new(list: &'a [T], id: fn(&T) -> &str) -> Self {
        let mut order: Vec<usize> = (0..list.len()).collect();
        if list.len() > 1 {
            crate::order::sort_by(&mut order, &|&a, &b| id(&list[a]).cmp(id(&list[b])));
        }
        ByTask { list, id, order }
    }

    /// The positions of task `task`'s entries, in list order.
    pub fn positions<'s>(&'s self, task: &'s str) -> impl Iterator<Item = usize> + 's {
        let start = self.order.partition_point(|&i| (self.id)(&self.list[i]) < task);
        self.order[start..].iter().copied().take_while(move |&i| (self.id)(&self.list[i]) == task)
    }

    /// The entries of task `task`, in list order.
    pub fn of<'s>(&'s self, task: &'s str) -> impl Iterator<Item = &'a T> + 's {
        let list = self.list;
        self.positions(task).map(move |i| &list[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn finds_what_a_scan_finds_in_the_same_order(list in proptest::collection::vec((0u8..5, any::<u8>()), 0..40), task in 0u8..6) {
            let named: Vec<(String, u8)> = list.iter().map(|(t, v)| (format!("t{t}"), *v)).collect();
            let index = ByTask::new(&named, |e| &e.0);
            let task = format!("t{task}");
            let found: Vec<u8> = index.of(&task).map(|e| e.1).collect();
            let scanned: Vec<u8> = named.iter().filter(|e| e.0 == task).map(|e| e.1).collect();
            prop_assert_eq!(found, scanned);
        }
    }
}
