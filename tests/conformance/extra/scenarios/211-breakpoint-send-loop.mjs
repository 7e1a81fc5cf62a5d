// A breakpoint before a node that keeps receiving Sends fires again at every continue, though the Send tasks
// change no state (Sends count as an update, as LangGraph keeps them in a channel).
import { capture, out, thread } from "./_support.mjs";
export const name = "breakpoint before a Send loop";
export const features = ["breakpoints", "send"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Send } = lib;
  const S = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }), arg: Annotation() });
  const res = {};
  for (const [kind, opts] of [["before", { interruptBefore: ["w"] }], ["after", { interruptAfter: ["w"] }]]) {
    let runs = 0;
    const g = new StateGraph(S)
      .addNode("start", () => ({ n: 1 }))
      .addNode("w", () => { runs++; return {}; })
      .addEdge(START, "start")
      .addConditionalEdges("start", () => [new Send("w", { arg: 1 })])
      .addConditionalEdges("w", () => (runs < 4 ? [new Send("w", { arg: 2 })] : []))
      .compile({ checkpointer: new MemorySaver(), ...opts });
    const t = thread(kind);
    const steps = [];
    steps.push(out(await g.invoke({ n: 0 }, t)));
    for (let i = 0; i < 5; i++) {
      const r = await capture(lib, async () => out(await g.invoke(null, t)));
      const st = await g.getState(t);
      steps.push({ r, step: st.metadata.step, next: [...st.next], runs });
    }
    res[kind] = steps;
  }
  return res;
}
