// A retry policy without `retryOn` uses LangGraph.js's default: it retries any failure except an
// AbortError (or a message starting "Cancel"/"AbortError"), a GraphValueError, a connection abort,
// an HTTP status of 400-407 or 409, and an exhausted quota.
import { capture } from "./_support.mjs";
export const name = "default retryOn of a retry policy";
export const features = ["retry", "errors"];
export async function run(lib) {
  const { StateGraph, Annotation, START, END } = lib;
  const S = Annotation.Root({ n: Annotation() });
  const retryPolicy = { maxAttempts: 3, initialInterval: 1, jitter: false };
  const cases = {
    plain: () => new Error("boom"),
    abortName: () => Object.assign(new Error("stopped"), { name: "AbortError" }),
    cancelMessage: () => new Error("Cancelled by user"),
    abortMessage: () => new Error("AbortError: gone"),
    graphValue: () => Object.assign(new Error("bad value"), { name: "GraphValueError" }),
    connAborted: () => Object.assign(new Error("socket"), { code: "ECONNABORTED" }),
    status404: () => Object.assign(new Error("not found"), { status: 404 }),
    status409String: () => Object.assign(new Error("conflict"), { status: "409" }),
    responseStatus401: () => Object.assign(new Error("unauthorized"), { response: { status: 401 } }),
    status429: () => Object.assign(new Error("slow down"), { status: 429 }),
    status500: () => Object.assign(new Error("server"), { status: 500 }),
    quota: () => Object.assign(new Error("quota"), { error: { code: "insufficient_quota" } }),
    typeError: () => new TypeError("x is not a function"),
  };
  const result = {};
  for (const [key, make] of Object.entries(cases)) {
    let calls = 0;
    const g = new StateGraph(S).addNode("a", () => { calls += 1; throw make(); }, { retryPolicy }).addEdge(START, "a").addEdge("a", END).compile();
    const outcome = await capture(lib, () => g.invoke({ n: 1 }));
    result[key] = { calls, ...outcome };
  }
  return result;
}
