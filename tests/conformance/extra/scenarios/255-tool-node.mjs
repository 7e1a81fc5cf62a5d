// The prebuilt tool step of an agent: `ToolNode(tools)` runs the tool calls of the last AI
// message that have no answer yet, in parallel, and answers each with a tool message (a
// result that is not a string as JSON; a failing or unknown tool as an error message,
// unless `handleToolErrors: false`); a tool may return a Command; `toolsCondition` routes to
// "tools" while calls are left; one call can be sent on its own with `lg_tool_call`. Tools
// here are plain `{ name, invoke(toolCall, config) }` objects, which both engines accept.
import { capture } from "./_support.mjs";
export const name = "prebuilt ToolNode and toolsCondition";
export const features = ["messages", "send", "command"];
export const requires = ["ToolNode", "toolsCondition"];
const typeOf = (m) => (typeof m.getType === "function" ? m.getType() : m.type);
// Messages as their fields; generated ids only as "has one".
const norm = (m) => ({ type: typeOf(m), content: m.content, id: typeof m.id === "string" && /^[ah]\d$/.test(m.id) ? m.id : typeof m.id, tool_call_id: m.tool_call_id ?? null, name: m.name ?? null, status: m.status ?? null });
export async function run(lib) {
  const { StateGraph, MessagesAnnotation, Annotation, START, END, Command, Send, ToolNode, toolsCondition } = lib;
  const seen = [];
  const add = { name: "add", invoke: async (call, config) => (seen.push([call.type, call.id, config.toolCallId, config.state.messages.length]), call.args.a + call.args.b) };
  const shout = { name: "shout", invoke: async (call) => ({ loud: call.args.text.toUpperCase() }) };
  const fail = { name: "fail", invoke: async () => { throw new Error("nope"); } };
  const jump = { name: "jump", invoke: async (call) => new Command({ update: { messages: [{ type: "tool", content: "jumped", tool_call_id: call.id, name: "jump" }] }, goto: "after" }) };
  let turn = 0;
  const calls = [
    [{ name: "add", args: { a: 1, b: 2 }, id: "c1" }, { name: "shout", args: { text: "hi" }, id: "c2" }, { name: "fail", args: {}, id: "c3" }, { name: "ghost", args: {}, id: "c4" }],
    [{ name: "add", args: { a: 5, b: 5 }, id: "c5" }],
  ];
  const agent = () => {
    turn += 1;
    const next = calls[turn - 1];
    return { messages: [next ? { type: "ai", content: "", id: `a${turn}`, tool_calls: next } : { type: "ai", content: "done", id: `a${turn}` }] };
  };
  const g = new StateGraph(MessagesAnnotation).addNode("agent", agent).addNode("tools", new ToolNode([add, shout, fail]))
    .addEdge(START, "agent").addConditionalEdges("agent", toolsCondition, ["tools", END]).addEdge("tools", "agent").compile();
  const chunks = [];
  for await (const c of await g.stream({ messages: [{ type: "human", content: "go", id: "h1" }] }, { streamMode: "updates" })) {
    chunks.push(Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.messages.map(norm)])));
  }

  const strict = new StateGraph(MessagesAnnotation).addNode("tools", new ToolNode([fail], { handleToolErrors: false })).addEdge(START, "tools").compile();
  const strictOut = await capture(lib, () => strict.invoke({ messages: [{ type: "ai", content: "", id: "a1", tool_calls: [{ name: "fail", args: {}, id: "z" }] }] }));

  const routed = new StateGraph(MessagesAnnotation).addNode("tools", new ToolNode([jump, add]), { ends: ["after"] }).addNode("after", () => ({ messages: [{ type: "ai", content: "after", id: "a9" }] }))
    .addEdge(START, "tools").compile();
  const routedOut = (await routed.invoke({ messages: [{ type: "ai", content: "", id: "a1", tool_calls: [{ name: "jump", args: {}, id: "j1" }, { name: "add", args: { a: 2, b: 2 }, id: "c9" }] }] })).messages.map(norm);

  const S = Annotation.Root({ messages: MessagesAnnotation.spec.messages, topic: Annotation() });
  const fanned = new StateGraph(S)
    .addNode("plan", () => ({}))
    .addNode("tools", new ToolNode([add]))
    .addEdge(START, "plan")
    .addConditionalEdges("plan", (s) => [1, 2].map((n) => new Send("tools", { ...s, lg_tool_call: { name: "add", args: { a: n, b: 10 }, id: `s${n}` } })))
    .compile();
  const fannedOut = (await fanned.invoke({ messages: [{ type: "human", content: "fan", id: "h1" }], topic: "t" })).messages.map(norm).sort((a, b) => String(a.tool_call_id).localeCompare(String(b.tool_call_id)));

  // Calls that already have an answer are not run again.
  const partly = new StateGraph(MessagesAnnotation).addNode("tools", new ToolNode([add])).addEdge(START, "tools").compile();
  const partlyOut = (await partly.invoke({ messages: [
    { type: "ai", content: "", id: "a1", tool_calls: [{ name: "add", args: { a: 1, b: 1 }, id: "p1" }, { name: "add", args: { a: 2, b: 2 }, id: "p2" }] },
    { type: "tool", content: "2", id: "t1", tool_call_id: "p1", name: "add" },
  ] })).messages.map(norm);

  // Tools in a subgraph that send to the parent: their Sends go out as one Command.
  const hop = (n) => ({ name: `hop${n}`, invoke: async () => new Command({ graph: Command.PARENT, goto: [new Send("land", { messages: [{ type: "ai", content: `hop${n}`, id: `a${n}` }] })] }) });
  const inner = new StateGraph(MessagesAnnotation).addNode("tools", new ToolNode([hop(5), hop(6)])).addEdge(START, "tools").compile();
  const outer = new StateGraph(MessagesAnnotation).addNode("sub", inner, { ends: ["land"] }).addNode("land", (s) => ({ messages: [{ type: "ai", content: `landed after ${s.messages.length}`, id: `a${s.messages.length}` }] }))
    .addEdge(START, "sub").compile();
  const hopped = (await outer.invoke({ messages: [{ type: "ai", content: "", id: "a1", tool_calls: [{ name: "hop5", args: {}, id: "k5" }, { name: "hop6", args: {}, id: "k6" }] }] })).messages.map(norm);

  const conditions = [
    toolsCondition({ messages: [{ type: "ai", content: "", tool_calls: [] }] }),
    toolsCondition({ messages: [{ type: "ai", content: "", tool_calls: [{ name: "x", args: {}, id: "1" }] }] }),
    toolsCondition([{ type: "ai", content: "", tool_calls: [{ name: "x", args: {}, id: "1" }] }]),
  ];
  return { chunks, seen, strictOut, routedOut, fannedOut, partlyOut, hopped, conditions };
}
