// Tiny typed builders for yoi segment lines (yoi-format §2). Each returns one JSONL line (no newline).
export const SESSION = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
export const CONFIG = { max_tokens: 4096, temperature: null, top_p: null, top_k: null, stop_sequences: [] };

let clock = 1_750_000_000_000;
const ts = () => (clock += 1000);

const line = (o: Record<string, unknown>): string => JSON.stringify(o);

export const userMsg = (text: string) => ({ kind: "message", role: "user", content: [{ kind: "text", text }] });
export const systemMsg = (text: string) => ({ kind: "message", role: "system", content: [{ kind: "text", text }] });
export const assistantMsg = (text: string) => ({ kind: "message", role: "assistant", content: [{ kind: "text", text }] });
export const toolCall = (call_id: string, name = "Read", args = '{"path":"src/main.rs"}') => ({ kind: "tool_call", call_id, name, arguments: args });
export const toolResultItem = (call_id: string, summary: string, content?: string) => ({
  kind: "tool_result",
  call_id,
  summary,
  ...(content !== undefined ? { content } : {}),
});

export const start = (o: { history?: unknown[]; system_prompt?: string | null; compacted_from?: unknown; forked_from?: unknown; session_id?: string } = {}) =>
  line({
    kind: "segment_start",
    ts: ts(),
    session_id: o.session_id ?? SESSION,
    system_prompt: o.system_prompt ?? "You are yoi.",
    config: CONFIG,
    history: o.history ?? [],
    ...(o.compacted_from ? { compacted_from: o.compacted_from } : {}),
    ...(o.forked_from ? { forked_from: o.forked_from } : {}),
  });
export const invoke = (trigger: string) => line({ kind: "invoke", ts: ts(), trigger });
export const userInput = (segments: unknown[], extra: Record<string, unknown> = {}) => line({ kind: "user_input", ts: ts(), segments, ...extra });
export const text = (content: string) => ({ kind: "text", content });
export const say = (t: string) => userInput([text(t)]);
export const assistant = (item: unknown) => line({ kind: "assistant_item", ts: ts(), item });
export const toolResult = (call_id: string, summary: string, content?: string) =>
  line({ kind: "tool_result", ts: ts(), item: toolResultItem(call_id, summary, content) });
export const systemItem = (item: Record<string, unknown>) => line({ kind: "system_item", ts: ts(), item });
export const turnEnd = (turn_count: number) => line({ kind: "turn_end", ts: ts(), turn_count });
export const runCompleted = (interrupted = false, result = "finished") => line({ kind: "run_completed", ts: ts(), interrupted, result });
export const runErrored = (interrupted: boolean, message = "provider error") => line({ kind: "run_errored", ts: ts(), interrupted, message });
export const pausedAbandoned = () => line({ kind: "paused_turn_abandoned", ts: ts() });
export const usage = (history_len: number, input_total_tokens = 1000) =>
  line({ kind: "llm_usage", ts: ts(), history_len, input_total_tokens, cache_read_tokens: 0, cache_write_tokens: 0, output_tokens: 50 });
export const extension = (domain: string, payload: unknown) => line({ kind: "extension", ts: ts(), domain, payload });
export const configChanged = (config: unknown) => line({ kind: "config_changed", ts: ts(), config });

/** Lines joined with "\n" and a final "\n" (every record committed). */
export const file = (...lines: string[]): string => lines.map((l) => `${l}\n`).join("");
