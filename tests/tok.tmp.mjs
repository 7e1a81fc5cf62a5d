import * as S from "../www/superstep/node.js";
import { FakeListChatModel } from "@langchain/core/utils/testing";
await S.init();
const model = new FakeListChatModel({ responses: ["hey you"] });
const g = new S.StateGraph(S.MessagesAnnotation).addNode("talk", async (s, c) => ({ messages: [await model.invoke(s.messages, c)] })).addEdge(S.START, "talk").compile();
for await (const [m, meta] of await g.stream({ messages: [{ role: "user", content: "hi" }] }, { streamMode: "messages" })) {
  console.log(m.constructor.name, JSON.stringify(m).slice(0, 200));
}
