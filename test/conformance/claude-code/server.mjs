// A scripted Anthropic Messages server for running the real Claude Code CLI offline (conformance only, never in
// `npm test`). Listens on 127.0.0.1, answers every POST /v1/messages with a streamed (SSE) reply chosen by the
// scenario's `reply(body, state)`, and keeps every request body as received, in arrival order.
import { createServer } from "node:http";

let nextId = 1;
const msgId = () => `msg_cc${String(nextId++).padStart(6, "0")}`;

/** SSE events of one reply: `{ content: [...blocks], usage?, stop_reason? }` or `{ error: { status, type, message } }`. */
function sseEvents(body, reply) {
  const id = msgId();
  const usage = { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, ...(reply.usage ?? {}) };
  const hasTool = reply.content.some((b) => b.type === "tool_use");
  const out = [];
  const ev = (type, data) => out.push(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  ev("message_start", {
    message: {
      id,
      type: "message",
      role: "assistant",
      model: body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usage, output_tokens: 1 },
    },
  });
  reply.content.forEach((b, index) => {
    if (b.type === "text") {
      ev("content_block_start", { index, content_block: { type: "text", text: "" } });
      ev("content_block_delta", { index, delta: { type: "text_delta", text: b.text } });
    } else if (b.type === "thinking") {
      ev("content_block_start", { index, content_block: { type: "thinking", thinking: "", signature: "" } });
      ev("content_block_delta", { index, delta: { type: "thinking_delta", thinking: b.thinking } });
      ev("content_block_delta", { index, delta: { type: "signature_delta", signature: b.signature } });
    } else if (b.type === "tool_use") {
      ev("content_block_start", { index, content_block: { type: "tool_use", id: b.id, name: b.name, input: {} } });
      ev("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: JSON.stringify(b.input) } });
    }
    ev("content_block_stop", { index });
  });
  ev("message_delta", { delta: { stop_reason: reply.stop_reason ?? (hasTool ? "tool_use" : "end_turn"), stop_sequence: null }, usage });
  ev("message_stop", {});
  return out;
}

/** Starts the server; `reply(body, state)` returns the reply of each request. Resolves to { port, requests, close }. */
export function startServer(reply) {
  const requests = [];
  const state = { n: 0 };
  const server = createServer((req, res) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      const url = req.url ?? "";
      if (req.method !== "POST" || !url.startsWith("/v1/messages")) {
        requests.push({ method: req.method, url, other: true });
        res.writeHead(url.startsWith("/v1/") ? 404 : 200, { "content-type": "application/json" });
        res.end("{}");
        return;
      }
      let body;
      try {
        body = JSON.parse(data);
      } catch {
        body = { unparsed: data };
      }
      requests.push({ method: req.method, url, beta: req.headers["anthropic-beta"], body });
      const r = reply(body, state) ?? { content: [{ type: "text", text: "OK." }] };
      state.n++;
      if (r.error) {
        res.writeHead(r.error.status, { "content-type": "application/json", "request-id": `req_cc${state.n}` });
        res.end(JSON.stringify({ type: "error", error: { type: r.error.type, message: r.error.message } }));
        return;
      }
      if (body.stream === false) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: msgId(),
            type: "message",
            role: "assistant",
            model: body.model,
            content: r.content,
            stop_reason: "end_turn",
            stop_sequence: null,
            usage: { input_tokens: 10, output_tokens: 5, ...(r.usage ?? {}) },
          }),
        );
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "request-id": `req_cc${state.n}` });
      for (const e of sseEvents(body, r)) res.write(e);
      res.end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = server.address().port;
      resolve({ port, requests, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
