//! The Graph API seed examples (000_*, 001_*) that need no persistence.
mod common;
use common::*;
use serde_json::{json, Value};
use superstep::*;

#[test]
fn default_reducer_overwrites() {
    // foo: int, bar: list[str]; {"foo": 1, "bar": ["hi"]}; node 1 → {"foo": 2}; node 2 → {"bar": ["bye"]}.
    let g = last(&["foo", "bar"])
        .node("one", node(|_s| Ok::<_, NodeError>(json!({"foo": 2}))))
        .node("two", node(|_s| Ok::<_, NodeError>(json!({"bar": ["bye"]}))))
        .edge(START, "one")
        .edge("one", "two")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({"foo": 1, "bar": ["hi"]})), json!({"foo": 2, "bar": ["bye"]}));
}

#[test]
fn add_reducer_concatenates() {
    // bar: Annotated[list[str], add] → {"foo": 2, "bar": ["hi", "bye"]}.
    let g = StateGraph::new()
        .channel("foo", Channel::last_value())
        .channel("bar", Channel::reducer(Reducer::Add))
        .node("one", node(|_s| Ok::<_, NodeError>(json!({"foo": 2}))))
        .node("two", node(|_s| Ok::<_, NodeError>(json!({"bar": ["bye"]}))))
        .edge(START, "one")
        .edge("one", "two")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({"foo": 1, "bar": ["hi"]})), json!({"foo": 2, "bar": ["hi", "bye"]}));
}

#[test]
fn custom_reducer_gets_left_and_right() {
    // append_strings(left=["draft"], right=["review"]) → ["draft", "review"].
    let concat = Reducer::custom("append_strings", |l, r| {
        let mut l = l.as_array().cloned().unwrap_or_default();
        l.extend(r.as_array().cloned().unwrap_or_default());
        Ok(Value::Array(l))
    });
    let g = StateGraph::new()
        .channel("tags", Channel::reducer(concat))
        .node("review", node(|_s| Ok::<_, NodeError>(json!({"tags": ["review"]}))))
        .edge(START, "review")
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({"tags": ["draft"]})), json!({"tags": ["draft", "review"]}));
}

#[test]
fn empty_update_does_not_reset_a_merging_reducer_but_overwrite_does() {
    // errors: Annotated[list[str], add]; A → ["bad sql"]; B → [] keeps it; clear_errors → Overwrite([]).
    let build = |clear: bool| {
        StateGraph::new()
            .channel("errors", Channel::reducer(Reducer::Add).default(json!([])))
            .node("a", node(|_s| Ok::<_, NodeError>(json!({"errors": ["bad sql"]}))))
            .node(
                "b",
                node(move |_s| Ok::<_, NodeError>(if clear { json!({"errors": overwrite(json!([]))}) } else { json!({"errors": []}) })),
            )
            .edge(START, "a")
            .edge("a", "b")
            .compile()
            .unwrap()
    };
    assert_eq!(run(&build(false), json!({})), json!({"errors": ["bad sql"]}));
    assert_eq!(run(&build(true), json!({})), json!({"errors": []}));
}

#[test]
fn my_name_is_lance_schemas() {
    let g = StateGraph::new()
        .channel("foo", Channel::last_value())
        .channel("user_input", Channel::last_value())
        .channel("graph_output", Channel::last_value())
        .input_keys(["user_input"])
        .output_keys(["graph_output"])
        .node("node_1", node(|s| Ok::<_, NodeError>(json!({"foo": format!("{} name", s.str("user_input").unwrap())}))))
        .node("node_2", node(|s| Ok::<_, NodeError>(json!({"bar": format!("{} is", s.str("foo").unwrap())}))))
        .add_node(
            NodeSpec::new("node_3", node(|s| Ok::<_, NodeError>(json!({"graph_output": format!("{} Lance", s.str("bar").unwrap())}))))
                .input(["bar"]),
        )
        .edge(START, "node_1")
        .edge("node_1", "node_2")
        .edge("node_2", "node_3")
        .edge("node_3", END)
        .compile()
        .unwrap();
    assert_eq!(run(&g, json!({"user_input": "My"})), json!({"graph_output": "My name is Lance"}));
    // Streaming values still shows every channel, the private `bar` included.
    assert_eq!(
        values(&g, json!({"user_input": "My"})),
        vec![
            json!({"user_input": "My"}),
            json!({"foo": "My name", "user_input": "My"}),
            json!({"foo": "My name", "user_input": "My", "bar": "My name is"}),
            json!({"foo": "My name", "user_input": "My", "graph_output": "My name is Lance", "bar": "My name is"}),
        ]
    );
    // `output_keys` limits them, here to the output schema: only the step that wrote it streams.
    let only_output =
        RunConfig { output_keys: Some(OutputKeys::Keys(vec!["graph_output".into()])), ..RunConfig::default().modes(&[StreamMode::Values]) };
    let parts = g.stream_blocking(json!({"user_input": "My"}), only_output).unwrap();
    assert_eq!(parts.into_iter().map(|p| p.data).collect::<Vec<Value>>(), vec![json!({"graph_output": "My name is Lance"})]);
}
