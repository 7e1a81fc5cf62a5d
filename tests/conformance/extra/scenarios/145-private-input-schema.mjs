// Private channels: a node's own input schema, a key only nodes write, and the invoke/stream output filtered by the output schema.
import { collect, out } from "./_support.mjs";
export const name = "private and filtered state";
export const features = ["schemas"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const Input = Annotation.Root({ user: Annotation() });
  const Output = Annotation.Root({ reply: Annotation() });
  const Overall = Annotation.Root({ user: Annotation(), reply: Annotation(), notes: Annotation() });
  const Private = Annotation.Root({ secret: Annotation() });
  const g = new StateGraph({ stateSchema: Overall, input: Input, output: Output })
    .addNode("think", (s) => ({ notes: `notes on ${s.user}`, secret: "s3cret" }))
    .addNode("hide", (s) => ({ reply: `${s.secret} ${s.user === undefined ? "no-user" : "user"}` }), { input: Private })
    .addNode("say", (s) => ({ reply: `${s.reply} / ${s.notes}` }))
    .addEdge(START, "think").addEdge("think", "hide").addEdge("hide", "say").addEdge("say", END)
    .compile();
  const result = out(await g.invoke({ user: "ann", notes: "ignored" }));
  const values = await collect(g.stream({ user: "ann" }, { streamMode: "values" }), out);
  const updates = await collect(g.stream({ user: "ann" }, { streamMode: "updates" }), out);
  return { result, values, updates };
}
