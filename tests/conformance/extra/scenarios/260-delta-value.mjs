// `DeltaValue` state fields (LangGraph.js 1.x, beta): a reducer given a superstep's
// writes as one batch, `reducer(current, writes)`. LangGraph.js stores such a field as
// its writes and replays them on restore in one call, so its reducer must not care how
// writes are batched. The prebuilt
// `MessagesDeltaValue` and `messagesDeltaReducer`: messages keep the ids they came with
// (none is added), a later one replaces an earlier one with its id, removing an unknown
// id does nothing, and removing everything clears what came before.
import { z } from "zod";
import { capture, msg, out } from "./_support.mjs";
export const name = "DeltaValue state fields and MessagesDeltaValue";
export const features = ["state", "reducers", "persistence"];
export const requires = ["StateSchema", "DeltaValue", "MessagesDeltaValue", "messagesDeltaReducer"];
const norm = (v) => (v && Array.isArray(v.messages) ? { ...v, messages: v.messages.map(msg) } : v);
export async function run(lib) {
  const { StateGraph, StateSchema, DeltaValue, MessagesDeltaValue, messagesDeltaReducer, START, END, Command, Overwrite, MemorySaver } = lib;
  const batches = (fn) => { const seen = []; return [seen, (current, writes) => (seen.push(writes.length), fn(current, writes))]; };
  const [parallel, counting] = batches((current, writes) => [...current, ...writes]);
  const State = new StateSchema({
    log: new DeltaValue(z.array(z.string()).default(() => ["init"]), {
      inputSchema: z.string(),
      reducer: (current, writes) => [...current, ...writes],
    }),
    messages: MessagesDeltaValue,
    n: z.number().default(0),
  });
  const g = new StateGraph(State)
    .addNode("a", () => ({ log: "a", messages: [{ role: "ai", content: "no id" }, { role: "ai", content: "one", id: "m1" }] }))
    .addNode("b", () => ({ log: "b", messages: { role: "ai", content: "two", id: "m2" } }))
    .addNode("c", () => ({ log: "c", messages: [{ type: "remove", id: "nope" }, { role: "ai", content: "one again", id: "m1" }] }))
    .addNode("d", (s) => ({ n: s.messages.length, messages: [{ type: "remove", id: "m2" }] }))
    .addEdge(START, "a").addEdge(START, "b").addEdge(["a", "b"], "c").addEdge("c", "d").addEdge("d", END)
    .compile({ checkpointer: new MemorySaver(), interruptBefore: ["d"] });
  const config = { configurable: { thread_id: "d" } };
  const chunks = [];
  for await (const c of await g.stream({ log: "in", messages: ["hello"] }, { ...config, streamMode: "values" })) chunks.push(out(norm(c)));
  const paused = out(norm((await g.getState(config)).values));
  const history = [];
  for await (const s of g.getStateHistory(config)) history.push(out(norm(s.values)));
  await g.updateState(config, { log: "edit" });
  const done = out(norm(await g.invoke(null, config)));
  const again = out(norm(await g.invoke(new Command({ update: { log: new Overwrite(["reset"]), messages: [{ type: "remove", id: "__remove_all__" }, { role: "user", content: "fresh", id: "f" }] } }), config)));
  const bad = await capture(lib, () => g.invoke({ log: 5 }, { configurable: { thread_id: "bad" } }));
  const direct = messagesDeltaReducer([{ role: "user", content: "x", id: "1" }], [[{ role: "ai", content: "y" }], { role: "ai", content: "x2", id: "1" }]).map(msg);
  // Parallel writes reach the reducer as one batch (a run without a checkpointer replays nothing).
  const fan = new StateGraph(new StateSchema({ log: new DeltaValue(z.array(z.string()).default(() => []), { inputSchema: z.string(), reducer: counting }) }))
    .addNode("p", () => ({ log: "p" })).addNode("q", () => ({ log: "q" })).addNode("r", () => ({ log: "r" }))
    .addEdge(START, "p").addEdge(START, "q").addEdge(START, "r").compile();
  const fanned = out(await fan.invoke({}));
  return { chunks, paused, history, done, again, fanned, parallel, bad: bad.error ? "error" : "ok", direct };
}
