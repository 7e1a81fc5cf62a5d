// A resume map is told by its keys' shape, not by which interrupts still wait: three
// parallel interrupts, one answered by id; then a map holding only that answered id answers
// nothing (the other two ask again), a map holding it beside a waiting id answers that one,
// and the last is answered. The map itself is never taken as every task's answer.
import { out, thread } from "./_support.mjs";
export const name = "a resume map with an answered interrupt's id";
export const features = ["interrupts", "persistence"];
export async function run(lib) {
  const { StateGraph, Annotation, START, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ x: Annotation(), y: Annotation(), z: Annotation() });
  const ask = (key) => () => ({ [key]: interrupt(key) });
  const g = new StateGraph(S)
    .addNode("ask_x", ask("x"))
    .addNode("ask_y", ask("y"))
    .addNode("ask_z", ask("z"))
    .addEdge(START, "ask_x")
    .addEdge(START, "ask_y")
    .addEdge(START, "ask_z")
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("stale");
  const paused = await g.invoke({}, t);
  const id = Object.fromEntries(paused.__interrupt__.map((i) => [i.value, i.id]));
  const asked = (r) => (r.__interrupt__ ?? []).map((i) => i.value).sort();
  const state = async () => {
    const st = await g.getState(t);
    return { values: out(st.values), next: [...st.next].sort() };
  };
  const first = await g.invoke(new Command({ resume: { [id.x]: "ans x" } }), t);
  const afterFirst = await state();
  const stale = await g.invoke(new Command({ resume: { [id.x]: "stale" } }), t);
  const afterStale = await state();
  const mixed = await g.invoke(new Command({ resume: { [id.x]: "stale", [id.y]: "ans y" } }), t);
  const afterMixed = await state();
  const last = await g.invoke(new Command({ resume: { [id.z]: "ans z" } }), t);
  return {
    paused: asked(paused),
    first: asked(first),
    afterFirst,
    stale: asked(stale),
    afterStale,
    mixed: asked(mixed),
    afterMixed,
    last: out(last),
  };
}
