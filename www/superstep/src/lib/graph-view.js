// `getGraph()`: a compiled graph's nodes and edges as LangGraph.js's drawable Graph
// shows them, drawn by `drawMermaid` as LangChain draws it. The edges are those the
// engine lists (its one account of them); a router without a path map may go to any
// node or END, so, as in LangGraph.js, it has a conditional edge to each but its own.
// With `xray`, each subgraph node is drawn as its graph's nodes, as LangGraph.js does.
import { END, START } from "./types.js";
import { drawMermaid } from "./mermaid.js";

const DYNAMIC = "__dynamic__";

/** Mermaid's keyword as a node's id, quoted as LangGraph.js quotes it. */
const idOf = (name) => (name === "subgraph" ? '"subgraph"' : name);

/** `shape`: the engine's `{ nodes, edges: [source, target, conditional, label][] }`. */
export function graphView(shape, metadataOf) {
  const nodes = {};
  const add = (name) => {
    const [id, bound] = [idOf(name), name === START || name === END];
    nodes[id] ??= { id, name: id, data: bound ? {} : { name }, metadata: bound ? null : metadataOf(name) ?? {} };
  };
  shape.nodes.forEach(add);
  const edges = [];
  for (const [from, target, conditional, label] of shape.edges) {
    for (const t of target === DYNAMIC ? [...shape.nodes.slice(1).filter((n) => n !== from), END] : [target]) {
      add(t);
      const [source, to] = [idOf(from), idOf(t)];
      edges.push(label == null ? { source, target: to, conditional } : { source, target: to, conditional, data: label });
    }
  }
  return drawable(nodes, edges);
}

/**
 * `view` with each node that `subgraphOf` names a compiled graph of drawn as that
 * graph's own view (`viewOf(graph, xray)`, one level fewer for a number), its START
 * and END left out where that leaves one way in and one way out, as LangGraph.js's
 * `getGraph({ xray })`: ids `node:inner`, the node's edges to its first node and
 * from its last.
 */
export function withXray(view, xray, subgraphOf, viewOf) {
  const nodes = {};
  const edges = [];
  const [from, to] = [{}, {}];
  for (const [id, node] of Object.entries(view.nodes)) {
    const sub = id === START || id === END ? undefined : subgraphOf(node.data.name);
    const inner = sub && trimmed(viewOf(sub, typeof xray === "number" ? xray - 1 : xray));
    if (!inner || Object.keys(inner.nodes).length <= 1) {
      nodes[id] = node;
      from[id] = to[id] = id;
      continue;
    }
    const at = (k) => `${id}:${k}`;
    for (const [k, n] of Object.entries(inner.nodes)) nodes[at(k)] = { ...n, id: at(k) };
    for (const e of inner.edges) edges.push({ ...e, source: at(e.source), target: at(e.target) });
    const [first, last] = [inner.firstNode(), inner.lastNode()];
    if (!first) throw new Error(`Could not extend subgraph "${id}" due to missing entrypoint.`);
    to[id] = at(first.id);
    if (last) from[id] = at(last.id);
  }
  for (const e of view.edges) if (from[e.source] !== undefined) edges.push({ ...e, source: from[e.source], target: to[e.target] });
  return drawable(nodes, edges);
}

/** The one node no edge leads to (or leaves, `out`), `except` aside; undefined if none or several. */
function lone(nodes, edges, out, except = []) {
  const [near, far] = out ? ["target", "source"] : ["source", "target"];
  const linked = new Set(edges.filter((e) => !except.includes(e[near])).map((e) => e[far]));
  const found = Object.values(nodes).filter((n) => !except.includes(n.id) && !linked.has(n.id));
  return found.length === 1 ? found[0] : undefined;
}

/** A view without its first and last nodes where one way in and one way out remain (LangChain's `trimFirstNode`, `trimLastNode`). */
function trimmed({ nodes, edges }) {
  [nodes, edges] = [{ ...nodes }, [...edges]];
  for (const out of [false, true]) {
    const end = lone(nodes, edges, out);
    if (end && lone(nodes, edges, out, [end.id])) {
      delete nodes[end.id];
      edges = edges.filter((e) => e.source !== end.id && e.target !== end.id);
    }
  }
  return drawable(nodes, edges);
}

function drawable(nodes, edges) {
  const view = {
    nodes,
    edges,
    firstNode: () => lone(nodes, edges, false),
    lastNode: () => lone(nodes, edges, true),
    drawMermaid: (params) => drawMermaid(view, params),
    drawMermaidPng: (params) => drawMermaidImage(drawMermaid(view, params), params),
    toJSON: () => ({
      nodes: Object.values(nodes).map(({ id, data, metadata }) => ({ id, type: metadata ? "runnable" : "schema", data, ...(metadata ? { metadata } : {}) })),
      edges,
    }),
  };
  return view;
}

/**
 * The drawing as an image Blob, rendered by the mermaid.ink service as
 * LangChain's `drawMermaidPng` renders it (the one call here that leaves the
 * page, and only when asked). Text is sent as UTF-8, so names in any script draw.
 */
async function drawMermaidImage(syntax, { backgroundColor = "white" } = {}) {
  const utf8 = Array.from(new TextEncoder().encode(syntax), (b) => String.fromCharCode(b)).join("");
  const encoded = btoa(utf8).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  // mermaid.ink takes a hex colour without its "#" (which would start the URL's fragment), a name after "!".
  const bg = /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(backgroundColor) ? backgroundColor.slice(1) : `!${backgroundColor}`;
  const res = await fetch(`https://mermaid.ink/img/${encoded}?bgColor=${bg}&type=png`);
  if (!res.ok) throw new Error(`Failed to render the graph using the Mermaid.INK API.\nStatus code: ${res.status}\nStatus text: ${res.statusText}`);
  return res.blob();
}
