// Control flow that bubbles up through a node's own `catch`: LangGraph.js code rethrows what
// `isGraphBubbleUp` tells (an interrupt, a subgraph's Command.PARENT as a `ParentCommand`) and
// handles the rest. `throw new NodeInterrupt(value)`, LangGraph.js's older pause, pauses the
// run with an interrupt that has no id; resuming runs the node again, so it pauses until
// the state lets it through. A node's list holding a Command to the parent sends that Command
// alone.
import { interrupts, out } from "./_support.mjs";
export const name = "bubble-up errors: isGraphBubbleUp, ParentCommand, NodeInterrupt";
export const features = ["interrupts", "command", "subgraphs", "errors"];
export const requires = ["isGraphBubbleUp", "isParentCommand", "NodeInterrupt"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, MemorySaver, interrupt, isGraphBubbleUp, isParentCommand, NodeInterrupt } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }), n: Annotation() });
  const sub = new StateGraph(S).addNode("s", () => new Command({ graph: Command.PARENT, goto: "c", update: { log: ["from sub"] } })).addEdge(START, "s").compile();
  const caught = [];
  const g = new StateGraph(S)
    .addNode("a", () => {
      try {
        return { log: [`a:${interrupt("ok?")}`] };
      } catch (e) {
        caught.push(["a", isGraphBubbleUp(e), isParentCommand(e), e.name]);
        if (isGraphBubbleUp(e)) throw e;
        return { log: ["swallowed"] };
      }
    })
    .addNode("b", async (s, config) => {
      try {
        await sub.invoke(s, config);
        return { log: ["b done"] };
      } catch (e) {
        caught.push(["b", isGraphBubbleUp(e), isParentCommand(e), e.name, e instanceof Error]);
        if (isGraphBubbleUp(e)) throw e;
        return { log: ["b swallowed"] };
      }
    }, { ends: ["c"] })
    .addNode("c", (s) => {
      if (!s.n) throw new NodeInterrupt("need n");
      return { log: [`c:${s.n}`] };
    })
    .addEdge(START, "a").addEdge("a", "b")
    .compile({ checkpointer: new MemorySaver() });
  const config = { configurable: { thread_id: "1" } };
  const withInterrupts = (r) => ({ ...out({ ...r, __interrupt__: undefined }), interrupts: interrupts(r.__interrupt__ ?? []), ids: (r.__interrupt__ ?? []).map((i) => typeof i.id) });
  const first = withInterrupts(await g.invoke({ log: ["in"] }, config));
  const second = withInterrupts(await g.invoke(new Command({ resume: "yes" }), config));
  const state = await g.getState(config);
  const paused = { next: state.next, tasks: state.tasks.map((t) => [t.name, interrupts(t.interrupts)]) };
  const third = withInterrupts(await g.invoke(new Command({ resume: "again" }), config));
  await g.updateState(config, { n: 5 });
  const last = withInterrupts(await g.invoke(null, config));
  // A list holding a Command to the parent: that Command leaves alone, the rest of the list with the task.
  const child = new StateGraph(S).addNode("k", () => [{ log: ["local"] }, new Command({ graph: Command.PARENT, goto: "x", update: { log: ["up"] } }), new Command({ graph: Command.PARENT, goto: "y" })]).addEdge(START, "k").compile();
  const parent = new StateGraph(S).addNode("sub", child, { ends: ["x", "y"] }).addNode("x", () => ({ log: ["x"] })).addNode("y", () => ({ log: ["y"] })).addEdge(START, "sub").compile();
  const parentList = out(await parent.invoke({ log: ["in"] }));
  const thrown = new NodeInterrupt("x");
  return { first, second, paused, third, last, caught, parentList, nodeInterrupt: [isGraphBubbleUp(thrown), thrown.name, out(thrown.interrupts)] };
}
