// A node may throw `new ParentCommand(new Command({ graph: Command.PARENT, ... }))` itself
// instead of returning the Command: the command reaches the graph above, whether the
// subgraph is a node of it or is invoked inside one of its nodes. (At the root, where
// there is no graph above, LangGraph.js 1.7.3 ends the run quietly and drops the
// update; this engine fails with an InvalidUpdateError, as for a returned Command.PARENT.
// That case is left out here.)
export const name = "a ParentCommand thrown by a node";
export const features = ["command", "subgraphs", "errors"];
export const requires = ["ParentCommand", "isParentCommand"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, MemorySaver, ParentCommand, isParentCommand } = lib;
  const S = Annotation.Root({ log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const child = new StateGraph(S)
    .addNode("c", (s) => {
      if (s.log.includes("stay")) return { log: ["child stayed"] };
      throw new ParentCommand(new Command({ graph: Command.PARENT, goto: "after", update: { log: ["from child"] } }));
    })
    .addEdge(START, "c")
    .compile();
  const seen = [];
  const parent = new StateGraph(S)
    .addNode("asNode", child, { ends: ["after"] })
    .addNode("viaCall", async (s) => {
      try {
        return await child.invoke(s);
      } catch (e) {
        seen.push([e.name, isParentCommand(e)]);
        throw e;
      }
    }, { ends: ["after"] })
    .addNode("after", () => ({ log: ["after"] }))
    .addConditionalEdges(START, (s) => s.log[0])
    .compile({ checkpointer: new MemorySaver() });
  const out = {};
  for (const start of ["asNode", "viaCall"]) {
    const config = { configurable: { thread_id: start } };
    const updates = [];
    for await (const chunk of await parent.stream({ log: [start] }, { ...config, streamMode: "updates" })) updates.push(chunk);
    out[start] = { updates, state: (await parent.getState(config)).values };
  }
  out.stay = await parent.invoke({ log: ["asNode", "stay"] }, { configurable: { thread_id: "stay" } });
  out.seen = seen;
  return out;
}
