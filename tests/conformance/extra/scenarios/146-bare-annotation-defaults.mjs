// A bare Annotation as a channel, defaults that are fresh per run, and a reducer default object.
import { out } from "./_support.mjs";
export const name = "bare annotation and defaults";
export const features = ["reducers", "schemas"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({
    plain: Annotation,
    list: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
    counts: Annotation({ reducer: (a, b) => ({ ...a, ...b }), default: () => ({ start: 0 }) }),
  });
  const g = new StateGraph(S)
    .addNode("a", (s) => ({ plain: `seen ${s.list.length}`, list: ["x"], counts: { a: 1 } }))
    .addEdge(START, "a").addEdge("a", END).compile();
  const r1 = out(await g.invoke({}));
  const r2 = out(await g.invoke({ list: ["in"], counts: { in: 2 } }));
  const r3 = out(await g.invoke({}));
  return { r1, r2, r3 };
}
