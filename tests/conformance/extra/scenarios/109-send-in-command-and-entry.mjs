// Command with Send in goto, a conditional entry point, a router returning a list.
export const name = "Send from Command, conditional entry, list router";
export const features = ["send", "command", "conditional-edges"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END, Command, Send } = lib;
  const State = Annotation.Root({ n: Annotation(), out: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }) });
  const g = new StateGraph(State)
    .addNode("fan", () => new Command({ goto: [new Send("work", { n: 1 }), new Send("work", { n: 2 })] }), { ends: ["work"] })
    .addNode("work", (s) => ({ out: [`w${s.n}`] }))
    .addEdge(START, "fan").compile();
  const entry = new StateGraph(State)
    .addNode("even", () => ({ out: ["even"] })).addNode("odd", () => ({ out: ["odd"] })).addNode("both", () => ({ out: ["both"] }))
    .addConditionalEdges(START, (s) => (s.n % 2 === 0 ? ["even", "both"] : "odd"))
    .compile();
  return { sends: await g.invoke({ n: 0 }), even: await entry.invoke({ n: 2 }), odd: await entry.invoke({ n: 3 }) };
}
