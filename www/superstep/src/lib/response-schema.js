// LangGraph.js's `interrupt(value, { responseSchema })`: the interrupt carries the
// answer it expects as JSON Schema (`response_schema`), and a zod schema also
// checks the answer when the run resumes. The package needs no zod: a schema
// converts itself (zod 4's `toJSONSchema()`, or a Standard JSON Schema), and a
// plain object is taken as JSON Schema already.
const INVALID_RESUME = Symbol.for("langgraph.invalid_resume");

const isZod = (s) => typeof s?.parse === "function" && (s._zod !== undefined || s._def !== undefined);

/** `schema` as JSON Schema for the interrupt to carry; undefined when it cannot say. */
export function responseJsonSchema(schema) {
  if (schema === undefined || schema === null) return undefined;
  if (typeof schema.toJSONSchema === "function") return schema.toJSONSchema();
  const standard = schema["~standard"]?.jsonSchema;
  if (typeof standard?.input === "function") return standard.input({ target: "draft-2020-12" });
  // A zod 3 schema cannot convert itself; it still checks the answer.
  return isZod(schema) ? undefined : schema;
}

/** The resume `value` as `schema` parses it (a zod schema); a refused one throws, marked as LangGraph.js marks it. */
export function parseResume(schema, value) {
  if (!isZod(schema)) return value;
  try {
    return schema.parse(value);
  } catch (e) {
    if (typeof e === "object" && e !== null) Object.defineProperty(e, INVALID_RESUME, { value: true });
    throw e;
  }
}

/** Whether `error`, or one of the errors it was caused by, is a resume value its `responseSchema` refused. */
export function isInvalidResume(error) {
  let current = error;
  for (let depth = 0; depth < 10 && typeof current === "object" && current !== null; depth += 1) {
    if (current[INVALID_RESUME] === true) return true;
    current = current.cause;
  }
  return false;
}
