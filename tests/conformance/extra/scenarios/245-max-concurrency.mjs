// maxConcurrency in the run config: at most that many of a superstep's tasks run at once (a
// Send fan-out included, and a subgraph's supersteps, which inherit it), the rest wait their turn
// in task order; results are as without the limit. (LangGraph.js 1.7.3 loses every write of a
// superstep with more tasks than a maxConcurrency of 1, so the limits here are 2.)
import { out } from "./_support.mjs";
export const name = "maxConcurrency limits a superstep's parallel tasks";
export const features = ["parallel", "send", "subgraphs"];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Send } = lib;
  const S = Annotation.Root({ items: Annotation(), done: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  let running = 0;
  let peak = 0;
  const started = [];
  const work = async (s) => {
    started.push(s.item);
    running += 1;
    peak = Math.max(peak, running);
    await sleep(15);
    running -= 1;
    return { done: [s.item] };
  };
  const fan = new StateGraph(S)
    .addNode("work", work)
    .addConditionalEdges(START, (s) => s.items.map((item) => new Send("work", { item })))
    .addEdge("work", END)
    .compile();
  const limited = out(await fan.invoke({ items: ["a", "b", "c", "d", "e"] }, { maxConcurrency: 2 }));
  const limitedPeak = peak;
  const limitedOrder = [...started];
  peak = 0; started.length = 0;
  const free = out(await fan.invoke({ items: ["a", "b", "c", "d", "e"] }));
  const freePeak = peak;

  // A subgraph's parallel nodes under the parent's limit.
  peak = 0;
  const node = (item) => async () => work({ item });
  const sub = new StateGraph(S).addNode("x", node("x")).addNode("y", node("y")).addNode("z", node("z"))
    .addEdge(START, "x").addEdge(START, "y").addEdge(START, "z").compile();
  const parent = new StateGraph(S).addNode("sub", sub).addEdge(START, "sub").compile();
  const nested = out(await parent.invoke({ items: [] }, { maxConcurrency: 2 }));
  const nestedPeak = peak;

  // (A failure with tasks still waiting is in tests/js/retry.test.mjs: LangGraph.js 1.7.3 drops the
  // tasks that never started, so a resumed thread loses their writes.)
  return { limited, limitedPeak, limitedOrder, free, freePeak, nested, nestedPeak };
}
