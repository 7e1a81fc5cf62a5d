// node --test: getGraph().drawMermaidPng(), rendered by mermaid.ink as LangChain's is
// (fetch is stubbed here: the tests make no network call).
import { test, before, afterEach } from "node:test";
import assert from "node:assert/strict";
import * as S from "../../www/superstep/node.js";

const { StateGraph, Annotation, START } = S;
before(() => S.init());
const realFetch = globalThis.fetch;
afterEach(() => (globalThis.fetch = realFetch));

const graph = (name) => new StateGraph(Annotation.Root({ x: Annotation() })).addNode(name, () => ({})).addEdge(START, name).compile();

/** The Mermaid text a mermaid.ink image URL carries (base64url of UTF-8). */
const syntaxOf = (url) => new TextDecoder().decode(Buffer.from(new URL(url).pathname.slice("/img/".length), "base64url"));

test("drawMermaidPng fetches the drawing from mermaid.ink, as LangChain's, and gives the image Blob", async () => {
  const urls = [];
  globalThis.fetch = async (url) => (urls.push(String(url)), new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" })));
  const g = graph("grüße");
  const blob = await (await g.getGraphAsync()).drawMermaidPng();
  assert.equal(blob.type, "image/png");
  assert.equal(blob.size, 4);
  const url = new URL(urls[0]);
  assert.equal(url.origin + url.pathname.slice(0, 5), "https://mermaid.ink/img/");
  assert.deepEqual([url.searchParams.get("bgColor"), url.searchParams.get("type")], ["!white", "png"]);
  // The text is the graph's drawing, names in any script included (LangChain's btoa throws on them).
  assert.equal(syntaxOf(urls[0]), g.drawMermaid());
  // A hex colour goes without its "#", which would start the URL's fragment (LangChain's keeps it).
  await g.getGraph().drawMermaidPng({ backgroundColor: "#fff" });
  assert.deepEqual([new URL(urls[1]).searchParams.get("bgColor"), new URL(urls[1]).searchParams.get("type")], ["fff", "png"]);
});

test("a failed render rejects with the service's status", async () => {
  globalThis.fetch = async () => new Response("busy", { status: 503, statusText: "Service Unavailable" });
  await assert.rejects(graph("a").getGraph().drawMermaidPng(), /Mermaid\.INK API[\s\S]*503/);
});

test("getGraph({ xray }) draws subgraph nodes as their graphs, and drawMermaid takes LangChain's options, as LangGraph.js", () => {
  const { END } = S;
  const S1 = Annotation.Root({ x: Annotation() });
  const n = () => ({});
  const grand = new StateGraph(S1).addNode("g1", n).addNode("g2", n).addEdge(START, "g1").addEdge("g1", "g2").compile();
  const child = new StateGraph(S1).addNode("c1", n).addNode("grand", grand).addEdge(START, "c1").addEdge("c1", "grand").compile();
  const g = new StateGraph(S1)
    .addNode("a", n, { metadata: { owner: "ops" } })
    .addNode("child", child)
    .addNode("subgraph", n)
    .addEdge(START, "a")
    .addConditionalEdges("a", () => "child", { go: "child", skip: "subgraph" })
    .addEdge("child", END)
    .addEdge("subgraph", END)
    .compile({ interruptBefore: ["child"] });
  // Recorded from LangGraph.js 1.7.3 for the same graph.
  const oneLevel = ["%%{init: {'flowchart': {'curve': 'linear'}}}%%", "graph TD;", "\t__start__([<p>__start__</p>]):::first", "\ta(a<hr/><small><em>owner = ops</em></small>)", "\tchild_c1(c1)", "\tchild_grand(grand)", '\t_subgraph_("subgraph")', "\t__end__([<p>__end__</p>]):::last", "\t__start__ --> a;", "\tchild_grand --> __end__;", "\t_subgraph_ --> __end__;", "\ta -. &nbsp;go&nbsp; .-> child_c1;", "\ta -. &nbsp;skip&nbsp; .-> _subgraph_;", "\tsubgraph child", "\tchild_c1 --> child_grand;", "\tend", "\tclassDef default fill:#f2f0ff,line-height:1.2;", "\tclassDef first fill-opacity:0;", "\tclassDef last fill:#bfb6fc;", ""];
  assert.deepEqual(g.getGraph({ xray: 1 }).drawMermaid().split("\n"), oneLevel);
  const deep = ["graph TD;", "\t__start__ --> a;", "\tchild_grand_g2 --> __end__;", "\t_subgraph_ --> __end__;", "\ta -. &nbsp;go&nbsp; .-> child_c1;", "\ta -. &nbsp;skip&nbsp; .-> _subgraph_;", "\tsubgraph child", "\tsubgraph grand", "\tchild_grand_g1 --> child_grand_g2;", "\tend", "\tchild_c1 --> child_grand_g1;", "\tend", ""];
  assert.deepEqual(g.getGraph({ xray: true }).drawMermaid({ withStyles: false }).split("\n"), deep);
  assert.deepEqual(Object.keys(g.getGraph({ xray: true }).nodes), ["__start__", "a", "child:c1", "child:grand:g1", "child:grand:g2", '"subgraph"', "__end__"]);
  // Without xray the breakpoint shows in the subgraph node's label, as LangGraph.js's metadata does.
  assert.match(g.drawMermaid({ curveStyle: "basis" }), /'curve': 'basis'[\s\S]*\tchild\(child<hr\/><small><em>__interrupt = before<\/em><\/small>\)/);
});
