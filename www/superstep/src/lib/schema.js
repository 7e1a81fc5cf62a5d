// LangGraph.js 1.x state schemas: `StateSchema` with Standard Schema fields
// (zod, valibot, arktype...), `ReducedValue`, `UntrackedValue` and `MessagesValue`; and zod
// objects whose fields carry LangGraph meta (`withLangGraph`, `registry`).
// Each becomes Annotation channels plus a validator that LangGraph.js runs on
// the graph's input and on every node's update. The symbols are LangGraph.js's
// own, so its StateSchema, ReducedValue and UntrackedValue instances are recognised too.
import { batchChannel, channel, Command, GraphValidationError, isAnnotationRoot, isCommand, isOverwrite, Overwrite, overwriteValue, snapshotFrequency, StateGraphInputError, untrackedChannel } from "./types.js";
import { messagesDeltaReducer, messagesStateReducer } from "./messages.js";
import { andThen, isPromise } from "./values.js";

const STATE_SCHEMA = Symbol.for("langgraph.state.state_schema");
const REDUCED_VALUE = Symbol.for("langgraph.state.reduced_value");
const UNTRACKED_VALUE = Symbol.for("langgraph.state.untracked_value");
const DELTA_VALUE = Symbol.for("langgraph.state.delta_value");

const isObject = (v) => typeof v === "object" && v !== null;
/** `f(values)`, once they settle if any is a promise (schemas are mostly synchronous). */
const whenAll = (values, f) => (values.some(isPromise) ? Promise.all(values).then(f) : f(values));
/** A Standard Schema (https://standardschema.dev): what zod, valibot and arktype implement. */
export const isStandardSchema = (v) => isObject(v) && isObject(v["~standard"]) && typeof v["~standard"].validate === "function";

/** A state made of fields: Standard Schemas (kept as the last value) or `ReducedValue`s. */
export class StateSchema {
  [STATE_SCHEMA] = true;
  constructor(fields) {
    this.fields = fields;
  }
  static isInstance(v) {
    return isObject(v) && v[STATE_SCHEMA] === true;
  }
}

/** A field reduced with `reducer`; its updates are validated by `inputSchema` (else `valueSchema`). */
export class ReducedValue {
  [REDUCED_VALUE] = true;
  constructor(valueSchema, init) {
    this.valueSchema = valueSchema;
    this.inputSchema = "inputSchema" in init ? init.inputSchema : valueSchema;
    this.reducer = init.reducer;
    this.jsonSchemaExtra = init.jsonSchemaExtra;
  }
  static isInstance(v) {
    return isObject(v) && v[REDUCED_VALUE] === true;
  }
}

/**
 * A field no checkpoint keeps: it lives for one run, and a run restored from a
 * checkpoint starts from `schema`'s default. `guard` (default true): one write a
 * superstep, as a plain field; `guard: false` keeps the last of several.
 */
export class UntrackedValue {
  [UNTRACKED_VALUE] = true;
  constructor(schema, init) {
    this.schema = schema;
    this.guard = init?.guard ?? true;
  }
  static isInstance(v) {
    return isObject(v) && v[UNTRACKED_VALUE] === true;
  }
}

/**
 * A field whose reducer takes a superstep's writes at once, `reducer(current, writes)`
 * (LangGraph.js stores it as its writes, so the reducer must not care how writes are
 * batched). Updates are checked by `inputSchema` (else `valueSchema`), an Overwrite by `valueSchema`.
 */
export class DeltaValue {
  [DELTA_VALUE] = true;
  constructor(valueSchema, init) {
    this.valueSchema = valueSchema;
    this.inputSchema = "inputSchema" in init ? init.inputSchema : valueSchema;
    this.reducer = init.reducer;
    this.snapshotFrequency = init.snapshotFrequency;
    this.jsonSchemaExtra = init.jsonSchemaExtra;
  }
  static isInstance(v) {
    return isObject(v) && v[DELTA_VALUE] === true;
  }
}

/** A schema that accepts anything, `fallback()` in place of undefined. */
const anything = (fallback) => ({ "~standard": { version: 1, vendor: "superstep", validate: (value) => ({ value: value === undefined && fallback ? fallback() : value }) } });

/** LangGraph.js's prebuilt messages field: `messagesStateReducer` over a list that starts empty. */
export const MessagesValue = new ReducedValue(anything(() => []), {
  inputSchema: anything(),
  reducer: messagesStateReducer,
  jsonSchemaExtra: { langgraph_type: "messages", description: "A list of chat messages" },
});

/** LangGraph.js's messages field over `messagesDeltaReducer` (the engine's in-place `messages_delta`). */
export const MessagesDeltaValue = new DeltaValue(anything(() => []), {
  inputSchema: anything(),
  reducer: messagesDeltaReducer,
  jsonSchemaExtra: { langgraph_type: "messages", description: "A list of chat messages" },
});

/** A DeltaValue's default: its schema's, else an empty list (LangGraph.js's `DeltaChannel`). */
const deltaDefault = (field) => defaultOf(field.valueSchema) ?? (() => []);

/** The default a schema gives `undefined`, as LangGraph.js reads it: only a synchronous, valid result counts. */
function defaultOf(schema) {
  if (!isStandardSchema(schema)) return undefined;
  try {
    const r = schema["~standard"].validate(undefined);
    if (isObject(r) && !isPromise(r) && !r.issues && r.value !== undefined) {
      const value = r.value;
      return () => value;
    }
  } catch {
    // A schema that throws on undefined has no default.
  }
  return undefined;
}

/** LangGraph meta of zod fields, by schema: `{ reducer: { fn, schema? }, default?, jsonSchemaExtra? }`. */
class SchemaMetaRegistry {
  _map = new Map();
  get(schema) {
    return this._map.get(schema);
  }
  has(schema) {
    return this._map.has(schema);
  }
  remove(schema) {
    this._map.delete(schema);
    return this;
  }
  /** zod 4's `schema.register(registry, meta)` calls this; a reducer's default comes from the schema unless given. */
  add(schema, meta) {
    if (meta && !meta.default) meta.default = zodDefault(schema);
    this._map.set(schema, meta);
    return this;
  }
  clear() {
    this._map.clear();
    return this;
  }
}

export const registry = new SchemaMetaRegistry();
export { registry as schemaMetaRegistry };

/** LangGraph.js's zod helper: a field with a reducer (`reducer: { fn, schema }`) and a default. */
export function withLangGraph(schema, meta) {
  if (meta.reducer && !meta.default) meta.default = zodDefault(schema);
  if (meta.reducer) schema.lg_reducer_schema = meta.reducer.schema ?? schema;
  registry._map.set(schema, meta);
  return schema;
}

/** LangGraph.js's meta for a zod messages field: `z.custom().register(registry, MessagesZodMeta)`. */
export const MessagesZodMeta = { reducer: { fn: messagesStateReducer }, jsonSchemaExtra: { langgraph_type: "messages" }, default: () => [] };

/** A zod default as a getter: zod 3 keeps it in `_def.defaultValue`, zod 4 in `_zod.def.defaultValue`. */
function zodDefault(schema) {
  const def = schema?._zod?.def ?? schema?._def;
  if (def?.type === "default" || def?.typeName === "ZodDefault") {
    const d = def.defaultValue;
    return typeof d === "function" ? d : () => d;
  }
  return undefined;
}

export const isZodObject = (v) => isObject(v) && (v._zod?.def?.type === "object" || v._def?.typeName === "ZodObject") && isObject(v.shape);

/** A schema's Annotation channels, or null when it is not a StateSchema nor a zod object. */
export function schemaChannels(schema) {
  if (StateSchema.isInstance(schema)) {
    return Object.fromEntries(Object.entries(schema.fields).map(([key, field]) => [key, fieldChannel(key, field)]));
  }
  if (isZodObject(schema)) {
    return Object.fromEntries(
      Object.entries(schema.shape).map(([key, field]) => {
        const meta = registry.get(field);
        return [key, channel(meta?.reducer?.fn, meta?.default)];
      }),
    );
  }
  return null;
}

function fieldChannel(key, field) {
  if (ReducedValue.isInstance(field)) return channel(field.reducer, defaultOf(field.valueSchema));
  if (isStandardSchema(field)) return channel(undefined, defaultOf(field));
  if (UntrackedValue.isInstance(field)) return untrackedChannel(field.guard, defaultOf(field.schema));
  if (DeltaValue.isInstance(field)) {
    if (field.snapshotFrequency !== undefined) snapshotFrequency(field.snapshotFrequency);
    return batchChannel(field.reducer, deltaDefault(field));
  }
  throw new GraphValidationError(`Invalid state field "${key}": must be a schema, ReducedValue, DeltaValue, UntrackedValue, or ManagedValue`);
}

/**
 * What LangGraph.js checks updates against, or null for schemas that check
 * nothing (Annotations): `key(k, v)` gives the value to write for one key (a
 * schema may transform it), `input(obj)` a graph input's values. Either may
 * return a promise, or throw.
 */
export function schemaValidator(schema) {
  if (StateSchema.isInstance(schema)) {
    const key = fieldValidator(schema.fields);
    return { key, input: (obj) => checkObject(key, obj) };
  }
  if (isZodObject(schema)) return zodValidator(schema);
  return null;
}

function fieldValidator(fields) {
  const run = (key, schema, value, wrap) => {
    if (!isStandardSchema(schema)) return value;
    const done = (r) => {
      if (r.issues) throw new Error(`Validation failed for field "${key}": ${JSON.stringify(r.issues)}`);
      return wrap ? wrap(r.value) : r.value;
    };
    return andThen(schema["~standard"].validate(value), done);
  };
  return (key, value) => {
    if (!Object.hasOwn(fields, key)) return value;
    const field = fields[key];
    if (UntrackedValue.isInstance(field)) return run(key, field.schema, value);
    if (!ReducedValue.isInstance(field) && !DeltaValue.isInstance(field)) return run(key, field, value);
    // An Overwrite replaces the value, so it is checked as one.
    const replacing = overwritten(value);
    if (!replacing) return run(key, field.inputSchema, value);
    // A DeltaValue overwritten with nothing starts again from its default, as LangGraph.js's.
    const wrap = DeltaValue.isInstance(field) ? (v) => replacing.wrap(v ?? deltaDefault(field)()) : replacing.wrap;
    return run(key, field.valueSchema, replacing.value, wrap);
  };
}

/** An Overwrite's value and how to wrap a checked one again, or null. */
function overwritten(value) {
  if (isOverwrite(value)) return { value: overwriteValue(value), wrap: (v) => new Overwrite(v) };
  if (isObject(value) && Object.hasOwn(value, "__overwrite__")) return { value: value.__overwrite__, wrap: (v) => ({ __overwrite__: v }) };
  return null;
}

/**
 * A zod object checks as in LangGraph.js, through zod's own API: as a partial
 * object whose fields with a reducer take their reducer's schema. An input
 * loses unknown keys and gains the fields' zod defaults; zod throws a ZodError.
 */
function zodValidator(schema) {
  const reducerShape = {};
  for (const [k, f] of Object.entries(schema.shape)) if (registry.get(f)?.reducer) reducerShape[k] = registry.get(f).reducer.schema ?? f;
  const updates = (Object.keys(reducerShape).length ? schema.extend(reducerShape) : schema).partial();
  const values = schema.partial();
  const one = (s, k, v) => {
    const parsed = s.parse({ [k]: v });
    return Object.hasOwn(parsed, k) ? parsed[k] : v;
  };
  const key = (k, v) => {
    if (!Object.hasOwn(schema.shape, k)) return v;
    const replacing = overwritten(v);
    return replacing ? replacing.wrap(one(values, k, replacing.value)) : one(updates, k, v);
  };
  return { key, input: (obj) => (isObject(obj) && !Array.isArray(obj) ? updates.parse(obj) : obj) };
}

/** An object's values checked key by key; synchronous unless a schema is not. */
export function checkObject(check, obj) {
  if (!isObject(obj) || Array.isArray(obj)) return obj;
  const keys = Object.keys(obj);
  return whenAll(keys.map((k) => check(k, obj[k])), (values) => Object.fromEntries(keys.map((k, i) => [k, values[i]])));
}

/** A node's output with its state updates checked (`check(key, value)`): objects, Commands (not to the parent) and lists of them. */
export function checkOutput(check, out) {
  if (isCommand(out)) {
    if (out.graph === Command.PARENT || out.update == null) return out;
    const update = Array.isArray(out.update) ? checkPairs(check, out.update) : checkObject(check, out.update);
    return andThen(update, (u) => new Command({ update: u, goto: out.goto, resume: out.resume, graph: out.graph }));
  }
  if (Array.isArray(out)) {
    if (!out.some((v) => isCommand(v) || (isObject(v) && !Array.isArray(v)))) return out;
    return whenAll(out.map((v) => checkOutput(check, v)), (items) => items);
  }
  return checkObject(check, out);
}

function checkPairs(check, pairs) {
  const pair = (p) => Array.isArray(p) && p.length === 2;
  return whenAll(pairs.map((p) => (pair(p) ? check(p[0], p[1]) : p)), (values) => pairs.map((p, i) => (pair(p) ? [p[0], values[i]] : p)));
}

/** A graph input checked as LangGraph.js checks it: its values, or a Command's update. */
export function checkInput(validator, input) {
  if (!validator || input == null) return input;
  if (!isCommand(input)) return validator.input(input);
  if (input.update == null || input.graph === Command.PARENT) return input;
  const given = Array.isArray(input.update) ? Object.fromEntries(input.update) : input.update;
  const update = validator.input(given);
  // Only the keys the update gives (a zod object's parse adds its defaults).
  return andThen(update, (u) => new Command({ update: Object.fromEntries(Object.keys(given).map((k) => [k, u[k]])), goto: input.goto, resume: input.resume, graph: input.graph }));
}

/** A state definition's channels: Annotation.Root's spec, a schema's, or the object itself. */
export const schemaOf = (s) => schemaChannels(s) ?? (isAnnotationRoot(s) ? s.spec : s && typeof s === "object" ? s : {});

const isStateDefinitionClass = (v) => StateSchema.isInstance(v) || isZodObject(v) || isAnnotationRoot(v);

/** A state definition as LangGraph.js tells one: a StateSchema, a zod object, an Annotation.Root, or an object of channels. */
function isStateDefinition(v) {
  if (isStateDefinitionClass(v)) return true;
  return !!v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 0 && Object.values(v).every((c) => typeof c === "function" || (c && typeof c === "object"));
}

/** The constructor's arguments as `{ state, input, output, context }`: a definition, `{ state | stateSchema, input, output, context }`, or `{ channels }`; the second argument may hold `input`, `output` and `context`, or be the context schema. */
export function stateInit(schema, options) {
  // As LangGraph.js: a second argument that is a schema is the context schema.
  const asContext = isZodObject(options) || isAnnotationRoot(options);
  const opts = asContext ? {} : options;
  const context = asContext ? options : undefined;
  const o = schema && typeof schema === "object" && !isStateDefinitionClass(schema) ? schema : {};
  if ([o.state, o.stateSchema, o.input].some(isStateDefinition) && [o.input, o.output].every((v) => v == null || isStateDefinition(v))) {
    return { state: o.state ?? o.stateSchema, input: o.input ?? opts?.input, output: o.output ?? opts?.output, context: o.context ?? context ?? opts?.context };
  }
  if (o.channels && typeof o.channels === "object") return { state: o.channels };
  if (!isStateDefinition(schema)) throw new StateGraphInputError();
  return { state: schema, input: opts?.input, output: opts?.output, context: context ?? opts?.context };
}

/**
 * As LangGraph.js: a zod context schema parses a run's `context` (its `configurable`
 * when it has none) and throws zod's error; the run gets the context as given.
 */
export function checkContext(schema, config) {
  if (isZodObject(schema)) schema.parse(config?.context !== undefined ? config.context : config?.configurable ?? {});
}
