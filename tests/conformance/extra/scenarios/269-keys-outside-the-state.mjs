// Keys no schema declares are ignored, as LangGraph.js (and Python) ignore them: in a
// node's update object, in a Command's update, in a Command's [key, value] pairs, in a Command
// given as input, and in updateState. The keys that are declared still land, and a
// node that writes only unknown keys shows an empty update. A private key that a
// node declares through its `input` schema is a channel, and lands.
import { capture, thread } from "./_support.mjs";
export const name = "keys outside the state are ignored";
export const features = ["state", "schemas", "command", "errors"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ x: Annotation(), log: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const Private = Annotation.Root({ secret: Annotation() });
  const g = new StateGraph(S)
    .addNode("object", () => ({ x: 1, nokey: 1 }))
    .addNode("command", () => new Command({ update: { log: ["command"], nokey: 2 }, goto: "pairs" }), { ends: ["pairs"] })
    .addNode("pairs", () => new Command({ update: [["log", ["pairs"]], ["nokey", 3]] }))
    .addNode("only", () => ({ nokey: 4 }))
    .addNode("hide", () => ({ secret: "s" }))
    .addNode("reveal", (s) => ({ log: [`secret ${s.secret}`] }), { input: Private })
    .addNode("ask", () => {
      const answer = interrupt("ok?");
      return { log: [`answer ${answer}`], nokey: answer };
    })
    .addEdge(START, "object")
    .addEdge("object", "command")
    .addEdge("pairs", "only")
    .addEdge("only", "hide")
    .addEdge("hide", "reveal")
    .addEdge("reveal", "ask")
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("keys");
  const chunks = [];
  const stream = async (input) => {
    try {
      for await (const c of await g.stream(input, { ...t, streamMode: "updates" })) {
        chunks.push("__interrupt__" in c ? "interrupt" : c);
      }
    } catch (e) {
      chunks.push({ error: e.name });
    }
  };
  await stream({ x: 0, log: [], nokey: 0 });
  await stream(new Command({ resume: "yes", update: { log: ["input"], nokey: 5 } }));
  const updated = await capture(lib, async () => {
    await g.updateState(t, { log: ["edit"], nokey: 6 });
    return (await g.getState(t)).values;
  });
  return { chunks, updated };
}
