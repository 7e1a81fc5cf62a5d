// The recursion limit counts per run from the checkpoint it continues: a resumed or continued run gets the full limit.
import { capture, out, thread } from "./_support.mjs";
export const name = "recursion limit after a resume";
export const features = ["recursion-limit", "interrupts", "breakpoints"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, MemorySaver, Command, interrupt } = lib;
  const S = Annotation.Root({ n: Annotation({ reducer: (a, b) => a + b, default: () => 0 }), a: Annotation() });
  const build = (opts, ask = () => ({ a: interrupt("go?") })) => new StateGraph(S)
    .addNode("pre", () => ({ n: 1 }))
    .addNode("ask", ask)
    .addNode("loop", () => ({ n: 1 }))
    .addEdge(START, "pre").addEdge("pre", "ask").addEdge("ask", "loop").addEdge("loop", "loop")
    .compile({ checkpointer: new MemorySaver(), ...opts });
  const g = build();
  const t = thread("rr");
  await g.invoke({ n: 0 }, { ...t, recursionLimit: 5 });
  const resumed = await capture(lib, () => g.invoke(new Command({ resume: "y" }), { ...t, recursionLimit: 4 }));
  const s1 = await g.getState(t);
  const again = await capture(lib, () => g.invoke(null, { ...t, recursionLimit: 3 }));
  const s2 = await g.getState(t);
  const b = build({ interruptBefore: ["loop"] }, () => ({ a: "auto" }));
  const t2 = thread("rb");
  await b.invoke({ n: 0 }, { ...t2, recursionLimit: 5 });
  const cont = await capture(lib, async () => out(await b.invoke(null, { ...t2, recursionLimit: 2 })));
  const s3 = await b.getState(t2);
  return { resumed, s1: [s1.metadata.step, s1.values.n], again, s2: [s2.metadata.step, s2.values.n], cont, s3: [s3.metadata.step, s3.values.n] };
}
