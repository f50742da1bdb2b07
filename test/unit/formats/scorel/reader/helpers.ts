// Tiny typed builders for Scorel session texts used by the reader tests.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Diagnostic } from "../../../../../src/shared/diagnostics.js";
import { parseScorel } from "../../../../../src/formats/scorel/parse.js";
import type { ScorelSession } from "../../../../../src/formats/scorel/model.js";

export const SID = "ses_test";
export type Obj = Record<string, unknown>;

export const header = (over: Obj = {}): Obj => ({ version: 1, sessionId: SID, deviceId: "dev", createdAt: 1000, meta: { projectId: "prj" }, ...over });

let clock = 2000;
/** A persistent event with base fields; `seq` is required so tests state the order they mean. */
export const ev = (type: string, id: string, parentId: string | null, seq: number, payload: Obj = {}): Obj => ({
  type,
  id,
  parentId,
  seq,
  sessionId: SID,
  clientId: "cli",
  ts: (clock += 10),
  ...payload,
});
export const text = (t: string): Obj => ({ type: "text", text: t });
export const U = (id: string, parent: string | null, seq: number, t = "hi", extra: Obj = {}): Obj =>
  ev("user_message", id, parent, seq, { message: { role: "user", content: [text(t)], ...extra } });
export const A = (id: string, parent: string | null, seq: number, t = "ok"): Obj =>
  ev("assistant_message", id, parent, seq, { message: { role: "assistant", content: [text(t)], stopReason: "end_turn" } });
export const Acall = (id: string, parent: string, seq: number, ...calls: string[]): Obj =>
  ev("assistant_message", id, parent, seq, {
    message: { role: "assistant", content: calls.map((c) => ({ type: "tool_call", toolCallId: c, toolName: "read", args: {} })), stopReason: "tool_call" },
  });
export const T = (id: string, parent: string, seq: number, call: string, out = "t"): Obj =>
  ev("tool_result", id, parent, seq, {
    message: { role: "tool_result", content: [{ type: "tool_result", toolCallId: call, toolName: "read", result: { content: [text(out)] } }] },
  });
export const H = (id: string, parent: string | null, seq: number, kind = "steer", origin = "user", content = "c", visibility = "display", data?: Obj): Obj =>
  ev("harness_item", id, parent, seq, { item: { kind, origin, content, visibility, ...(data ? { data } : {}) } });
export const C = (id: string, parent: string, seq: number, through: string, n = 8): Obj =>
  ev("compact", id, parent, seq, { summary: "sum", compactedThrough: through, tokensBefore: 100, tokensAfter: 5, retainedEventCount: n });
export const X = (id: string, seq: number, anchor: string, through: string): Obj =>
  ev("context_control", id, null, seq, { operation: "hide_user_turn", anchorUserEventId: anchor, throughEventId: through, actor: "agent" });
export const Q = (id: string, seq: number, queue: string, itemIds: string[], anchor: string | null = null): Obj =>
  ev("queue_update", id, null, seq, {
    queue,
    operation: "rewrite",
    anchorEventId: anchor,
    items: itemIds.map((i) => ({ id: i, content: [text(i)], createdAt: 1, updatedAt: 1, clientId: "cli" })),
  });
const KINDS = ["baseline", "agents", "memory", "workspace", "environment", "time"];
export const IS = (id: string, seq: number, kinds = KINDS): Obj =>
  ev("instruction_snapshot", id, null, seq, { snapshot: { version: 1, cwd: "/w", sections: kinds.map((k) => ({ kind: k, frozenAt: 1, renderedBlock: k })) } });

export const jsonl = (...objs: unknown[]): string => objs.map((o) => JSON.stringify(o)).join("\n") + "\n";
export const parse = (text: string, profile?: string): ScorelSession => parseScorel(text, { file: "t.jsonl", profile });
/** A P5-valid session: header, snapshot, then the given events. */
export const session = (events: Obj[], profile?: string, head: Obj = header()): ScorelSession =>
  parse(jsonl(head, { ...IS("is", 1), ts: 1001 }, ...events), profile);

export const codes = (s: { diagnostics: Diagnostic[] }): string[] => s.diagnostics.map((d) => d.code);
/** Findings other than the profile notes. */
export const findings = (s: { diagnostics: Diagnostic[] }): Diagnostic[] => s.diagnostics.filter((d) => d.code !== "PROFILE_CHOSEN");
export const byCode = (s: { diagnostics: Diagnostic[] }, code: string): Diagnostic[] => s.diagnostics.filter((d) => d.code === code);

export const FIXTURES = resolve(import.meta.dirname, "../../../../../fixtures/scorel");
export const fixture = (rel: string): string => readFileSync(resolve(FIXTURES, rel), "utf8");
export const parseFixture = (rel: string, profile?: string): ScorelSession => parseScorel(fixture(rel), { file: rel, profile });
