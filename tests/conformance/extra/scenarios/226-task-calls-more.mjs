// task() in a subgraph's node (kept in the subgraph's own pending writes across the parent's resume),
// and a task that throws: the run fails with its error even though the node caught it (a task is a
// task of the run), and the thread resumes with the finished calls kept and the failed one run again.
import { thread } from "./_support.mjs";
export const name = "task() in subgraphs and failing tasks";
export const features = ["interrupts", "subgraphs", "streaming"];
export const requires = ["task"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, interrupt, Command, task } = lib;
  const calls = [];
  const look = task("look", async (k) => (calls.push(k), { k, n: calls.length }));
  let boom = 0;
  const flaky = task("flaky", async () => {
    boom++;
    if (boom === 1) throw new Error("boom");
    return "calm";
  });
  const S = Annotation.Root({ v: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S)
    .addNode("c", async (s) => {
      const r = await look(s.v);
      let err;
      try {
        err = await flaky();
      } catch (e) {
        err = `caught ${e.message}`;
      }
      const ok = interrupt(`child ${r.k}?`);
      return { log: [`${r.k}:${r.n}:${err}:${ok}`] };
    })
    .addEdge(START, "c")
    .compile();
  const parent = new StateGraph(S)
    .addNode("pre", () => ({ log: ["pre"] }))
    .addNode("sub", child)
    .addEdge(START, "pre")
    .addEdge("pre", "sub")
    .addEdge("sub", END)
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("s");
  const chunks = async (input) => {
    const out = [];
    for await (const [ns, c] of await parent.stream(input, { ...t, streamMode: "updates", subgraphs: true }))
      out.push([ns.map((x) => x.split(":")[0]), c.__interrupt__ ? { __interrupt__: c.__interrupt__.map((i) => i.value) } : c]);
    return out;
  };
  const first = [];
  try {
    first.push(...(await chunks({ v: "x" })));
  } catch (e) {
    first.push({ error: e.message });
  }
  const again = await chunks(null);
  const resumed = await chunks(new Command({ resume: "fine" }));
  const st = await parent.getState(t);
  return { first, again, resumed, calls, boom, values: st.values };
}
