// LangGraph.js 1.x state schemas: a StateSchema of zod fields (a schema's default is the
// field's; transforms apply to node updates, Commands, Overwrites and updateState; a bad
// value fails with the schema's issues), MessagesValue, an input schema, and a zod object
// whose fields carry LangGraph meta (its input parsed as a partial object: unknown keys
// dropped, zod defaults added). Inputs carry no transforms: LangGraph.js 1.7.3 checks an
// input twice, so its transforms run twice, which this engine does not copy.
import { z } from "zod";
import { capture, clone, msg, out } from "./_support.mjs";
export const name = "state schemas (StateSchema, ReducedValue, zod objects)";
export const features = ["state", "reducers", "command"];
export const requires = ["StateSchema", "ReducedValue", "MessagesValue", "withLangGraph"];
// Messages as {type, content, id}: LangGraph.js keeps message class instances.
const norm = (v) => (v && Array.isArray(v.messages) && v.messages.some((m) => typeof m.getType === "function" || m.type) ? { ...v, messages: v.messages.map(msg) } : v);
const issue = (e) => (e.message.startsWith("Validation failed for field") ? e.message : e.name);
export async function run(lib) {
  const { StateGraph, StateSchema, ReducedValue, MessagesValue, START, END, Command, Overwrite, MemorySaver, withLangGraph } = lib;
  const fields = () => ({
    n: z.number().default(0),
    up: z.string().transform((s) => s.toUpperCase()),
    hist: new ReducedValue(z.array(z.string()).default(() => []), { inputSchema: z.string().transform((s) => `${s}!`), reducer: (a, b) => [...a, b] }),
  });
  const seen = [];
  const g = new StateGraph(new StateSchema({ ...fields(), messages: MessagesValue }))
    .addNode("a", (s) => (seen.push(out(norm(s))), new Command({ update: { up: "abc", hist: "h", messages: [{ role: "ai", content: "yo", id: "m2" }] }, goto: "b" })), { ends: ["b"] })
    .addNode("b", () => [{ up: "q" }, new Command({ update: [["hist", "z"]] })])
    .addNode("c", () => ({ hist: new Overwrite(["w"]) }))
    .addEdge(START, "a").addEdge("b", "c").addEdge("c", END)
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "s" } };
  const chunks = [];
  for await (const c of await g.stream({ n: 2, messages: [{ role: "user", content: "hi", id: "m1" }] }, { ...config, streamMode: ["updates", "values"] })) chunks.push(out([c[0], c[0] === "values" ? norm(c[1]) : c[1]]));
  await g.updateState(config, { hist: "u", up: "v" }, "c");
  const updated = out(norm((await g.getState(config)).values));
  const resumed = out(norm(await g.invoke(new Command({ update: { hist: "r" } }), config)));

  const State = new StateSchema(fields());
  const failures = {};
  const fail = async (key, fn) => { try { await fn(); failures[key] = "no error"; } catch (e) { failures[key] = issue(e); } };
  const ok = new StateGraph(State).addNode("a", (s) => ({ n: s.n + 1 })).addEdge(START, "a").compile({ checkpointer: new MemorySaver() });
  await fail("input", () => ok.invoke({ n: "bad" }));
  await fail("update", () => new StateGraph(State).addNode("a", () => ({ n: "x" })).addEdge(START, "a").compile().invoke({}));
  await fail("overwrite", () => new StateGraph(State).addNode("a", () => ({ hist: new Overwrite("x") })).addEdge(START, "a").compile().invoke({}));
  await ok.invoke({ n: 1 }, { configurable: { thread_id: "u" } });
  await fail("updateState", () => ok.updateState({ configurable: { thread_id: "u" } }, { n: "bad" }));

  const input = await capture(lib, async () =>
    out(await new StateGraph(State, { input: new StateSchema({ n: z.number().min(5) }) }).addNode("a", (s) => ({ n: s.n + 1 })).addEdge(START, "a").compile().invoke({ n: 7 })));

  const Zoo = z.object({
    animals: withLangGraph(z.array(z.string()), { reducer: { fn: (a, b) => a.concat(b), schema: z.string() }, default: () => [] }),
    keeper: z.string().default("anon"),
  });
  const zooSeen = [];
  const zoo = new StateGraph(Zoo).addNode("add", (s) => (zooSeen.push(out(s)), { animals: "owl" })).addEdge(START, "add").compile();
  const zooOut = out(await zoo.invoke({ animals: "cat", junk: 1 }));
  // zod's own error: LangGraph.js parses with zod's core (a "$ZodError"), this engine with the schema's parse() (a "ZodError", its subclass).
  const zooBad = await zoo.invoke({ animals: 3 }).then(() => "no error", (e) => ({ error: e.name.replace("$", ""), issues: clone(e.issues) }));
  return { seen, chunks, updated, resumed, failures, input, zooSeen, zooOut, zooBad };
}
