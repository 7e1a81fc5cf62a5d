// Input keys outside the input schema are dropped; output returns only output keys;
// a node with its own input schema sees only those keys.
export const name = "input/output filtering";
export const features = ["schemas"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const Input = Annotation.Root({ a: Annotation() });
  const Output = Annotation.Root({ c: Annotation() });
  const All = Annotation.Root({ a: Annotation(), b: Annotation(), c: Annotation() });
  const seen = {};
  const g = new StateGraph({ stateSchema: All, input: Input, output: Output })
    .addNode("one", (s) => { seen.one = Object.keys(s).filter((k) => s[k] !== undefined).sort(); return { b: (s.a ?? 0) + 1 }; })
    .addNode("two", (s) => { seen.two = Object.keys(s).filter((k) => s[k] !== undefined).sort(); return { c: (s.b ?? 0) * 10 }; }, { input: Annotation.Root({ b: Annotation() }) })
    .addEdge(START, "one").addEdge("one", "two").addEdge("two", END).compile();
  const r = await g.invoke({ a: 1, b: 100, zzz: 5 });
  return { r, seen };
}
