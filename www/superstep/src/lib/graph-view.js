// `getGraph()`: a compiled graph's nodes and edges as LangGraph.js's drawable Graph
// shows them. The edges are those `drawMermaid` draws (the engine's one account of
// them); a router without a path map may go to any node or END, so, as in
// LangGraph.js, it has a conditional edge to each but its own.
import { END, START } from "./types.js";

const DYNAMIC = "__dynamic__";

/** `shape`: the engine's `{ nodes, edges: [source, target, conditional, label][] }`. */
export function graphView(shape, metadataOf, drawMermaid) {
  const nodes = {};
  const add = (id) => {
    const bound = id === START || id === END;
    nodes[id] ??= { id, name: id, data: bound ? {} : { name: id }, metadata: bound ? null : metadataOf(id) ?? {} };
  };
  shape.nodes.forEach(add);
  const edges = [];
  for (const [source, target, conditional, label] of shape.edges) {
    for (const t of target === DYNAMIC ? [...shape.nodes.slice(1).filter((n) => n !== source), END] : [target]) {
      add(t);
      edges.push(label == null ? { source, target: t, conditional } : { source, target: t, conditional, data: label });
    }
  }
  return {
    nodes,
    edges,
    firstNode: () => nodes[START],
    lastNode: () => nodes[END],
    drawMermaid,
    drawMermaidPng: (params) => drawMermaidImage(drawMermaid(), params),
    toJSON: () => ({
      nodes: Object.values(nodes).map(({ id, data, metadata }) => ({ id, type: metadata ? "runnable" : "schema", data, ...(metadata ? { metadata } : {}) })),
      edges,
    }),
  };
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
