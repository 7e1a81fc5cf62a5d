// interrupt(value, { responseSchema }) with a JSON Schema: the interrupt carries it as
// response_schema (invoke's __interrupt__, getState's tasks, the updates stream), and
// the answer is taken as given (only a zod schema checks it).
import { out, snapshot, thread } from "./_support.mjs";
export const name = "interrupt response schema";
export const features = ["interrupts", "checkpointer", "streaming"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const schema = { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] };
  const S = Annotation.Root({ got: Annotation(), other: Annotation() });
  const g = new StateGraph(S)
    .addNode("ask", () => ({ got: interrupt("approve?", { responseSchema: schema }) }))
    .addNode("plain", () => ({ other: interrupt("no schema") }))
    .addEdge(START, "ask").addEdge("ask", "plain").addEdge("plain", END)
    .compile({ checkpointer: new MemorySaver() });
  // The shared normalizer keeps an interrupt's value only: its schema is read here.
  const schemas = (interrupts) => (interrupts ?? []).map((i) => i.response_schema ?? null);
  const t = thread("rs");
  const first = await g.invoke({}, t);
  const raw = await g.getState(t);
  const state = { ...snapshot(raw, lib), schemas: raw.tasks.map((task) => schemas(task.interrupts)) };
  const second = await g.invoke(new Command({ resume: "not checked" }), t);
  const chunks = [];
  for await (const c of await g.stream({}, { ...thread("rs2"), streamMode: "updates" })) chunks.push({ chunk: out(c), schemas: schemas(c.__interrupt__) });
  return { paused: out(first), carried: schemas(first.__interrupt__), state, next: out(second), unschemed: schemas(second.__interrupt__), chunks };
}
