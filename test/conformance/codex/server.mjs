// A scripted OpenAI Responses API server for running the real Codex CLI offline (127.0.0.1 only). Each POST to
// /v1/responses is answered from a script: `reply(body, n)` returns the output items and usage of the n-th
// request; every request body is kept, in order, so a recording can be compared turn by turn with the rollout.
import { createServer } from "node:http";

const sse = (type, data) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

/** The SSE events of one response: created, in_progress, each item's added/deltas/done, completed with usage. */
export function responseEvents(id, items, usage) {
  const out = [];
  let seq = 0;
  const ev = (type, data) => out.push(sse(type, { sequence_number: seq++, ...data }));
  const base = { id, object: "response", created_at: 1767225600, model: "scripted-model", output: [] };
  ev("response.created", { response: { ...base, status: "in_progress" } });
  ev("response.in_progress", { response: { ...base, status: "in_progress" } });
  const done = [];
  items.forEach((spec, index) => {
    const itemId = `${spec.type === "message" ? "msg" : spec.type === "reasoning" ? "rs" : "fc"}_${id}_${index}`;
    if (spec.type === "message") {
      const item = {
        id: itemId,
        type: "message",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: spec.text, annotations: [] }],
      };
      ev("response.output_item.added", { output_index: index, item: { ...item, status: "in_progress", content: [] } });
      ev("response.content_part.added", { item_id: itemId, output_index: index, content_index: 0, part: { type: "output_text", text: "", annotations: [] } });
      for (const chunk of chunks(spec.text)) ev("response.output_text.delta", { item_id: itemId, output_index: index, content_index: 0, delta: chunk });
      ev("response.output_text.done", { item_id: itemId, output_index: index, content_index: 0, text: spec.text });
      ev("response.content_part.done", { item_id: itemId, output_index: index, content_index: 0, part: item.content[0] });
      ev("response.output_item.done", { output_index: index, item });
      done.push(item);
    } else if (spec.type === "function_call") {
      const item = { id: itemId, type: "function_call", status: "completed", name: spec.name, call_id: spec.call_id, arguments: spec.arguments };
      ev("response.output_item.added", { output_index: index, item: { ...item, status: "in_progress", arguments: "" } });
      for (const chunk of chunks(spec.arguments)) ev("response.function_call_arguments.delta", { item_id: itemId, output_index: index, delta: chunk });
      ev("response.function_call_arguments.done", { item_id: itemId, output_index: index, arguments: spec.arguments });
      ev("response.output_item.done", { output_index: index, item });
      done.push(item);
    } else if (spec.type === "reasoning") {
      const summary = spec.summary.map((text) => ({ type: "summary_text", text }));
      const item = { id: itemId, type: "reasoning", summary, ...(spec.encrypted_content ? { encrypted_content: spec.encrypted_content } : {}) };
      ev("response.output_item.added", { output_index: index, item: { ...item, summary: [] } });
      summary.forEach((part, si) => {
        ev("response.reasoning_summary_part.added", { item_id: itemId, output_index: index, summary_index: si, part: { type: "summary_text", text: "" } });
        ev("response.reasoning_summary_text.delta", { item_id: itemId, output_index: index, summary_index: si, delta: part.text });
        ev("response.reasoning_summary_text.done", { item_id: itemId, output_index: index, summary_index: si, text: part.text });
        ev("response.reasoning_summary_part.done", { item_id: itemId, output_index: index, summary_index: si, part });
      });
      ev("response.output_item.done", { output_index: index, item });
      done.push(item);
    } else if (spec.type === "compaction") {
      // A remote compaction's result: one opaque item the client keeps verbatim (it cannot read it either).
      const item = { id: `cmp_${id}_${index}`, type: "compaction", encrypted_content: spec.encrypted_content };
      ev("response.output_item.added", { output_index: index, item });
      ev("response.output_item.done", { output_index: index, item });
      done.push(item);
    } else throw new Error(`unknown scripted item type ${spec.type}`);
  });
  const u = {
    input_tokens: usage.input,
    input_tokens_details: { cached_tokens: usage.cached ?? 0 },
    output_tokens: usage.output,
    output_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
    total_tokens: usage.input + usage.output,
  };
  ev("response.completed", { response: { ...base, status: "completed", output: done, usage: u } });
  return out.join("");
}

function chunks(s) {
  const out = [];
  for (let i = 0; i < s.length; i += 40) out.push(s.slice(i, i + 40));
  return out.length ? out : [""];
}

/**
 * Starts the server on 127.0.0.1 (a free port). `reply(body, n)` → `{ items, usage }`. Returns
 * `{ port, requests, close }`; `requests` holds `{ n, path, body }` for every POST, in arrival order.
 */
export function startServer(reply) {
  const requests = [];
  let n = 0;
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0];
      if (req.method === "POST" && path.endsWith("/responses")) {
        const body = JSON.parse(raw);
        const index = n++;
        requests.push({ n: index, path, body });
        let answer;
        try {
          answer = reply(body, index);
        } catch (e) {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: String(e) } }));
          return;
        }
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        res.end(responseEvents(`resp_${index}`, answer.items, answer.usage));
        return;
      }
      if (req.method === "GET" && path.endsWith("/models")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", data: [], models: [] }));
        return;
      }
      requests.push({ n: -1, path, method: req.method, ignored: true });
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `not scripted: ${req.method} ${path}` } }));
    });
  });
  return new Promise((resolvePort) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolvePort({ port, requests, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
