// Stream chunks around parallel interrupts: one __interrupt__ chunk per paused task, the state with the finished
// sibling's writes after them, and on resume the sibling's update replayed as cached.
import { out, thread } from "./_support.mjs";
export const name = "interrupt stream chunks";
export const features = ["streaming", "interrupts", "parallel"];
const sortJson = (xs) => xs.map((x) => JSON.stringify(x)).sort();
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const build = () => new StateGraph(S)
    .addNode("a", () => ({ log: ["a"] }))
    .addNode("b", () => ({ log: [`b:${interrupt("qb")}`] }))
    .addNode("c", () => ({ log: [`c:${interrupt("qc")}`] }))
    .addNode("d", () => ({ log: ["d"] }))
    .addEdge(START, "a").addEdge(START, "b").addEdge(START, "c").addEdge("a", "d").addEdge("d", END).addEdge("b", END).addEdge("c", END)
    .compile({ checkpointer: new MemorySaver() });
  const res = {};
  for (const mode of ["updates", "values"]) {
    const g = build();
    const t = thread(`isc-${mode}`);
    const first = [];
    for await (const c of await g.stream({ log: [] }, { ...t, streamMode: mode })) first.push(out(c));
    const st = await g.getState(t);
    const map = {};
    for (const i of st.tasks.flatMap((x) => x.interrupts)) map[i.id] = i.value.toUpperCase();
    const second = [];
    for await (const c of await g.stream(new Command({ resume: map }), { ...t, streamMode: mode })) second.push(out(c));
    // Within one superstep the order of chunks is not LangGraph's contract: updates are sorted; values keep the
    // sequence but interrupt chunks are sorted among themselves.
    if (mode === "updates") res.updates = { first: sortJson(first), second: sortJson(second) };
    else {
      const isInt = (c) => c && c.__interrupt__;
      res.values = { first: [...first.filter((c) => !isInt(c)).map((c) => JSON.stringify(c)), ...sortJson(first.filter(isInt))], lastIsState: !isInt(first[first.length - 1]), second: second.map((c) => JSON.stringify(c)) };
    }
  }
  return res;
}
