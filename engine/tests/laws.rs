//! Property tests: a superstep's result does not depend on the order its
//! tasks finish in, for every built-in reducer (and a custom one).
mod common;
use common::yield_times;
use futures::FutureExt;
use proptest::prelude::*;
use serde_json::{json, Value};
use superstep::*;

/// `writers.len()` parallel nodes each write their value to `key`, after `delays[i]` yields.
fn fan_in(reducer: Reducer, initial: Value, writers: Vec<Value>, delays: Vec<u32>) -> Value {
    let mut g = StateGraph::new().channel("k", Channel::reducer(reducer).default(initial));
    for (i, (w, d)) in writers.into_iter().zip(delays).enumerate() {
        let name = format!("w{i:02}");
        g = g
            .node(
                name.clone(),
                async_node(move |_s: State, _rt| {
                    let w = w.clone();
                    async move {
                        yield_times(d).await;
                        Ok::<_, NodeError>(json!({ "k": w }))
                    }
                    .boxed_local()
                }),
            )
            .edge(START, name);
    }
    g.compile().unwrap().invoke_blocking(json!({}), RunConfig::default()).unwrap()["k"].clone()
}

fn delays(n: usize) -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(0u32..6, n)
}

fn case(reducer: fn() -> Reducer, initial: Value, writes: Vec<Value>, d: Vec<u32>) -> Result<(), TestCaseError> {
    let n = writes.len();
    let in_order = fan_in(reducer(), initial.clone(), writes.clone(), vec![0; n]);
    let shuffled = fan_in(reducer(), initial, writes, d);
    prop_assert_eq!(in_order, shuffled);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn append_is_order_independent(ws in proptest::collection::vec(any::<i32>(), 1..8), d in delays(8)) {
        let n = ws.len();
        case(|| Reducer::Append, json!([]), ws.into_iter().map(|x| json!([x])).collect(), d[..n].to_vec())?;
    }

    #[test]
    fn add_strings_is_order_independent(ws in proptest::collection::vec("[a-z]{0,3}", 1..8), d in delays(8)) {
        let n = ws.len();
        case(|| Reducer::Add, json!(""), ws.into_iter().map(Value::from).collect(), d[..n].to_vec())?;
    }

    #[test]
    fn add_numbers_is_order_independent(ws in proptest::collection::vec(-1000i64..1000, 1..8), d in delays(8)) {
        let n = ws.len();
        case(|| Reducer::Add, json!(0), ws.into_iter().map(Value::from).collect(), d[..n].to_vec())?;
    }

    #[test]
    fn merge_is_order_independent(ws in proptest::collection::vec(("[a-c]", any::<u8>()), 1..8), d in delays(8)) {
        let n = ws.len();
        case(|| Reducer::Merge, json!({}), ws.into_iter().map(|(k, v)| json!({ k: v })).collect(), d[..n].to_vec())?;
    }

    #[test]
    fn messages_is_order_independent(ws in proptest::collection::vec(("m[0-3]", "[a-z]{1,4}"), 1..8), d in delays(8)) {
        let n = ws.len();
        let msgs = ws.into_iter().map(|(id, c)| json!({"type": "human", "content": c, "id": id})).collect();
        case(|| Reducer::Messages, json!([]), msgs, d[..n].to_vec())?;
    }

    #[test]
    fn custom_reducer_is_order_independent(ws in proptest::collection::vec("[a-z]{1,3}", 1..8), d in delays(8)) {
        let n = ws.len();
        fn joiner() -> Reducer {
            Reducer::custom("join", |l, r| Ok(json!(format!("{}|{}", l.as_str().unwrap_or(""), r.as_str().unwrap_or("")))))
        }
        case(joiner, json!(""), ws.into_iter().map(Value::from).collect(), d[..n].to_vec())?;
    }
}
