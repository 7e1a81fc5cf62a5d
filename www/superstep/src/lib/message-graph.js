// LangGraph.js's (deprecated) `MessageGraph`: the state is a list of messages.
// Nodes and routers get the list; a node returns a message or a list of them,
// appended (or replaced by id) through the messages reducer. It runs as a
// StateGraph over `MessagesAnnotation`; the compiled graph takes and gives the
// list where LangGraph.js's does.
import { StateGraph } from "./graph.js";
import { MessagesAnnotation } from "./messages.js";
import { isCommand } from "./types.js";
import { andThen, chunksIfStreamed } from "./values.js";
import { runnableToLangChain } from "./runnable.js";
import { EVENT_STREAM, eventStreamOf } from "./event-stream.js";
import { readableOf } from "./readable.js";

const KEY = "messages";
const isCompiled = (fn) => !!fn && typeof fn === "object" && typeof fn.invoke === "function";

export class MessageGraph extends StateGraph {
  constructor() {
    super(MessagesAnnotation);
  }

  addNode(name, fn, options) {
    if (typeof name === "object" && name !== null) {
      for (const [n, f] of Object.entries(name)) this.addNode(n, f, options);
      return this;
    }
    const node = isCompiled(fn) ? fn : (state, config) => andThen(fn(state[KEY], config), (r) => (isCommand(r) ? r : { [KEY]: r }));
    return super.addNode(name, node, options);
  }

  addConditionalEdges(source, path, pathMap) {
    if (typeof source === "object" && source !== null) return this.addConditionalEdges(source.source, source.path, source.pathMap);
    return super.addConditionalEdges(source, (state, config) => path(state[KEY], config), pathMap);
  }

  compile(options) {
    return new CompiledMessageGraph(super.compile(options));
  }
}

/** A compiled MessageGraph: input, output, state and updates are message lists. */
export class CompiledMessageGraph {
  #graph;
  constructor(graph) {
    this.#graph = graph;
  }

  get name() {
    return this.#graph.name;
  }

  withConfig(config) {
    return new CompiledMessageGraph(this.#graph.withConfig(config));
  }

  async invoke(input, config) {
    return chunksIfStreamed((c) => this.stream(input, c), config) ?? listOf(await this.#graph.invoke(stateOf(input), config));
  }

  async stream(input, config = {}) {
    const { encoding, ...own } = config ?? {};
    const sse = encoding === EVENT_STREAM;
    const mode = own.streamMode ?? "updates";
    // Events name their mode, so an event stream's chunks keep theirs.
    const many = sse || Array.isArray(mode);
    const inner = await this.#graph.stream(stateOf(input), { ...own, streamMode: many && !Array.isArray(mode) ? [mode] : mode });
    const subgraphs = !!own.subgraphs;
    async function* chunks() {
      for await (const c of inner) {
        if (many) {
          const [m, data] = c.slice(-2);
          yield subgraphs ? [c[0], m, shaped(m, data)] : [m, shaped(m, data)];
        } else yield subgraphs ? [c[0], shaped(mode, c[1])] : shaped(mode, c);
      }
    }
    return readableOf(sse ? eventStreamOf(chunks(), subgraphs) : chunks(), (reason) => inner.cancel(reason));
  }

  async getState(config, options) {
    return snapshot(await this.#graph.getState(config, options));
  }

  async *getStateHistory(config, options) {
    for await (const s of this.#graph.getStateHistory(config, options)) yield snapshot(s);
  }

  updateState(config, values, asNode) {
    return this.#graph.updateState(config, values == null || asNode === "__copy__" ? values : { [KEY]: values }, asNode);
  }

  getName(suffix) {
    return this.#graph.getName(suffix);
  }

  drawMermaid(params) {
    return this.#graph.drawMermaid(params);
  }

  getGraph(config) {
    return this.#graph.getGraph(config);
  }

  async getGraphAsync(config) {
    return this.getGraph(config);
  }
}

// A runnable to LangChain, as LangGraph.js's.
runnableToLangChain(CompiledMessageGraph);

/** The graph's input: a message or a list of them (or a Command, or null to continue). */
function stateOf(input) {
  return input == null || isCommand(input) ? input : { [KEY]: input };
}

function listOf(state) {
  return state && typeof state === "object" && !Array.isArray(state) && KEY in state ? state[KEY] : state;
}

/** A chunk as LangGraph.js's MessageGraph streams it: values are the list, a node's update what it returned. */
function shaped(mode, data) {
  if (mode === "values") return listOf(data);
  if (mode !== "updates" || !data || typeof data !== "object") return data;
  return Object.fromEntries(Object.entries(data).map(([node, update]) => [node, listOf(update)]));
}

function snapshot(s) {
  return s && { ...s, values: listOf(s.values) };
}
