// A node takes the resume value, then fails; its error handler asks a question of its
// own. The single resume value was used by the node, so the handler pauses, and the
// next resume answers it.
import { thread } from "./_support.mjs";
export const name = "an error handler after the node used the resume value asks its own question";
export const features = ["interrupt", "errors"];
export async function run(lib) {
  const { StateGraph, Annotation, START, Command, MemorySaver, interrupt } = lib;
  const S = Annotation.Root({ path: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(S)
    .addNode(
      "a",
      () => {
        throw new Error(`boom after ${interrupt("node?")}`);
      },
      { errorHandler: () => ({ path: [`handler ${interrupt("handler?")}`] }) },
    )
    .addEdge(START, "a")
    .compile({ checkpointer: new MemorySaver() });
  const t = thread("handler-resume");
  const asked = (o) => (o.__interrupt__ ?? []).map((i) => i.value);
  return {
    first: asked(await g.invoke({}, t)),
    second: asked(await g.invoke(new Command({ resume: "first" }), t)),
    done: await g.invoke(new Command({ resume: "second" }), t),
  };
}
