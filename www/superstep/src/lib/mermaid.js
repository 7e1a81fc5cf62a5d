// Mermaid source of a drawable graph (`getGraph()`), as LangChain's `drawMermaid`
// writes it: node labels with their metadata, edges grouped into a `subgraph`
// block per subgraph an xray drew (ids `parent:child`), and its options
// (`withStyles`, `curveStyle`, `nodeColors`, `wrapLabelNWords`). One change:
// letters of other scripts stay in ids, where LangChain makes each one `_`
// (so `검색` and `노드` would be one node), as the engine's own drawing keeps them.

const COLORS = { default: "fill:#f2f0ff,line-height:1.2", first: "fill-opacity:0", last: "fill:#bfb6fc" };
const MARKDOWN = ["*", "_", "`"];
const ENTITIES = { "#": "#35;", "[": "#91;", "]": "#93;", "(": "#40;", ")": "#41;", "{": "#123;", "}": "#125;", '"': "#quot;", "<": "#60;", ">": "#62;", "|": "#124;" };

const idOf = (key) => key.replace(/[^a-zA-Z0-9_-]/g, (c) => (c.charCodeAt(0) > 127 ? c : "_"));
const scalar = (v) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
const shown = (v) => (scalar(v) ? String(v) : Array.isArray(v) && v.every(scalar) ? v.join(",") : undefined);

function labelOf(node) {
  const name = node.name.split(":").pop() ?? "";
  let label = MARKDOWN.some((m) => name.startsWith(m) && name.endsWith(m)) ? `<p>${name}</p>` : name;
  const lines = Object.entries(node.metadata ?? {}).flatMap(([k, v]) => {
    const value = shown(v);
    return value === undefined ? [] : [`${k} = ${value}`.replace(/[#[\](){}"<>|]/g, (c) => ENTITIES[c])];
  });
  if (lines.length) label += `<hr/><small><em>${lines.join("\n")}</em></small>`;
  return label;
}

function edgeText({ source, target, data, conditional }, wrap) {
  let arrow = conditional ? " -.-> " : " --> ";
  if (data !== undefined) {
    const words = String(data).split(" ");
    const text = words.length > wrap ? Array.from({ length: Math.ceil(words.length / wrap) }, (_, i) => words.slice(i * wrap, (i + 1) * wrap).join(" ")).join("&nbsp;<br>&nbsp;") : data;
    arrow = conditional ? ` -. &nbsp;${text}&nbsp; .-> ` : ` -- &nbsp;${text}&nbsp; --> `;
  }
  return `\t${idOf(source)}${arrow}${idOf(target)};\n`;
}

/** `view`: `{ nodes, edges, firstNode, lastNode }`, a drawable graph. */
export function drawMermaid(view, { withStyles = true, curveStyle = "linear", nodeColors = COLORS, wrapLabelNWords = 9 } = {}) {
  let out = withStyles ? `%%{init: {'flowchart': {'curve': '${curveStyle}'}}}%%\ngraph TD;\n` : "graph TD;\n";
  if (withStyles) {
    const [first, last] = [view.firstNode()?.id, view.lastNode()?.id];
    for (const [key, node] of Object.entries(view.nodes)) {
      const shape = key === first ? ["([", "]):::first"] : key === last ? ["([", "]):::last"] : ["(", ")"];
      out += `\t${idOf(key)}${shape[0]}${labelOf(node)}${shape[1]}\n`;
    }
  }
  // Edges by the longest prefix their two ends share: a subgraph's own go in its block.
  const groups = {};
  for (const edge of view.edges) {
    const [from, to] = [edge.source.split(":"), edge.target.split(":")];
    const prefix = from.filter((part, i) => part === to[i]).join(":");
    (groups[prefix] ??= []).push(edge);
  }
  const seen = new Set();
  const block = (edges, prefix) => {
    const selfLoop = edges.length === 1 && edges[0].source === edges[0].target;
    if (prefix && !selfLoop) {
      if (seen.has(prefix)) throw new Error(`Found duplicate subgraph '${prefix.split(":").pop()}' at '${prefix}'`);
      seen.add(prefix);
      out += `\tsubgraph ${prefix.split(":").pop()}\n`;
    }
    const depth = prefix.split(":").length;
    const nested = Object.keys(groups).filter((p) => p.startsWith(`${prefix}:`) && p.split(":").length === depth + 1);
    for (const p of nested.sort((a, b) => a.split(":").length - b.split(":").length)) block(groups[p], p);
    for (const edge of edges) out += edgeText(edge, wrapLabelNWords);
    if (prefix && !selfLoop) out += "\tend\n";
  };
  block(groups[""] ?? [], "");
  for (const prefix of Object.keys(groups)) if (prefix !== "" && !prefix.includes(":")) block(groups[prefix], prefix);
  if (withStyles) for (const [name, style] of Object.entries(nodeColors ?? {})) out += `\tclassDef ${name} ${style};\n`;
  return out;
}
