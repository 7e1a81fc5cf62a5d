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
