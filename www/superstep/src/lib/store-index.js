// Semantic search for the in-memory store, as LangGraph.js's InMemoryStore has it:
// `new InMemoryStore({ index: { embeddings, dims, fields } })` embeds the texts at an
// item's fields (LangGraph's paths: "a.b", "list[*].x", "list[-1]", "{a, b}", and "$"
// for the whole value, the default) with the app's embeddings when it is put, and a
// search with a `query` ranks items by the cosine similarity of their best field.

/** An item's place in the index. */
const placeOf = (namespace, key) => `${namespace.join(":")}:${key}`;

export class VectorIndex {
  /** place → field → vector. */
  #vectors = new Map();
  #fields;
  constructor(config) {
    this.config = config;
    this.#fields = (config.fields ?? ["$"]).map((path) => [path, path === "$" ? [path] : tokenizePath(path)]);
  }

  /** Embeds the texts of `puts` (`{ namespace, key, value, index }`: `index` false for none, or the item's own fields). */
  async add(puts) {
    if (!this.config.embeddings) return;
    const places = new Map();
    for (const { namespace, key, value, index } of puts) {
      if (value === null || index === false) continue;
      const fields = index == null ? this.#fields : index.map((path) => [path, tokenizePath(path)]);
      for (const [path, tokens] of fields) {
        const texts = textsAt(value, tokens);
        texts.forEach((text, i) => {
          if (!places.has(text)) places.set(text, []);
          places.get(text).push([placeOf(namespace, key), texts.length > 1 ? `${path}.${i}` : path]);
        });
      }
    }
    if (!places.size) return;
    const vectors = await this.config.embeddings.embedDocuments([...places.keys()]);
    [...places.values()].forEach((at, i) => {
      if (!vectors[i]) throw new Error(`No embedding found for text: ${[...places.keys()][i]}`);
      for (const [place, field] of at) {
        if (!this.#vectors.has(place)) this.#vectors.set(place, new Map());
        this.#vectors.get(place).set(field, vectors[i]);
      }
    });
  }

  /** `items` ranked for `query`, each once with its best field's score; items without vectors after, unscored. */
  async rank(items, query, offset, limit) {
    const q = await this.config.embeddings.embedQuery(query);
    const scored = [];
    const unscored = [];
    for (const item of items) {
      const vectors = [...(this.#vectors.get(placeOf(item.namespace, item.key))?.values() ?? [])];
      if (!vectors.length) unscored.push(item);
      for (const v of vectors) scored.push([cosine(q, v), item]);
    }
    scored.sort((a, b) => b[0] - a[0]);
    const seen = new Set();
    const kept = [];
    for (const [score, item] of scored) {
      const place = placeOf(item.namespace, item.key);
      if (seen.has(place)) continue;
      if (seen.size >= offset + limit) break;
      if (seen.size >= offset) kept.push({ ...item, score });
      seen.add(place);
    }
    for (const item of unscored.slice(0, Math.max(0, limit - kept.length))) kept.push({ ...item, score: undefined });
    return kept;
  }
}

function cosine(a, b) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < b.length; i++) {
    dot += b[i] * a[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / (Math.sqrt(na) * Math.sqrt(nb)) : 0;
}

/** LangGraph's field path as tokens: names, `[i]`/`[*]` list steps, `{a, b}` field sets. */
function tokenizePath(path) {
  const tokens = [];
  let current = "";
  for (let i = 0; i < path.length; ) {
    const open = path[i];
    if (open === "[" || open === "{") {
      if (current) tokens.push(current);
      current = "";
      const close = open === "[" ? "]" : "}";
      let depth = 0;
      let token = "";
      do {
        if (path[i] === open) depth++;
        else if (path[i] === close) depth--;
        token += path[i++];
      } while (i < path.length && depth > 0);
      tokens.push(token);
      continue;
    }
    if (open === ".") {
      if (current) tokens.push(current);
      current = "";
    } else current += open;
    i++;
  }
  if (current) tokens.push(current);
  return tokens;
}

const asText = (v) => (typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? [String(v)] : v != null && typeof v === "object" ? [JSON.stringify(v, null, 2)] : []);

/** The texts at `tokens` in `value`, as LangGraph.js's `getTextAtPath` finds them. */
function textsAt(value, tokens, at = 0) {
  if (at >= tokens.length) return asText(value);
  const token = tokens[at];
  const out = at === 0 && token === "$" ? [JSON.stringify(value, null, 2)] : [];
  if (token.startsWith("[") && token.endsWith("]")) {
    if (!Array.isArray(value)) return [];
    const index = token.slice(1, -1);
    if (index === "*") for (const item of value) out.push(...textsAt(item, tokens, at + 1));
    else {
      let i = parseInt(index, 10);
      if (i < 0) i += value.length;
      if (i >= 0 && i < value.length) out.push(...textsAt(value[i], tokens, at + 1));
    }
  } else if (token.startsWith("{") && token.endsWith("}")) {
    if (value === null || typeof value !== "object") return [];
    for (const field of token.slice(1, -1).split(",").map((f) => f.trim())) {
      let v = value;
      for (const step of tokenizePath(field)) v = v && typeof v === "object" && step in v ? v[step] : undefined;
      if (v !== undefined && tokenizePath(field).length) out.push(...(v === null ? ["null"] : asText(v)));
    }
  } else if (token === "*") {
    if (value !== null && typeof value === "object") for (const v of Array.isArray(value) ? value : Object.values(value)) out.push(...textsAt(v, tokens, at + 1));
  } else if (value !== null && typeof value === "object" && token in value) out.push(...textsAt(value[token], tokens, at + 1));
  return out;
}
