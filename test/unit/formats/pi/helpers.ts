// Shared helpers for the pi tests: fixture loading and tiny typed builders for hand-made sessions.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parsePi } from "../../../../src/formats/pi/parse.js";
import type { PiSession } from "../../../../src/formats/pi/model.js";

export const FIX = resolve(import.meta.dirname, "../../../../fixtures/pi");
export const readFixture = (rel: string): string => readFileSync(resolve(FIX, rel), "utf8");
export const parseFixture = (rel: string, profile?: string): PiSession => parsePi(readFixture(rel), { file: rel, profile });
export const parseText = (text: string, profile?: string): PiSession => parsePi(text, { file: "t.jsonl", profile });

/** JSON round trip: what the real objects look like serialized (undefined fields gone). */
export const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export const codes = (s: PiSession, severity?: string): string[] => s.diagnostics.filter((d) => !severity || d.severity === severity).map((d) => d.code);

// ---- builders ------------------------------------------------------------------------------------
let clock = Date.parse("2026-01-01T00:00:00.000Z");
const ts = (): string => new Date((clock += 1000)).toISOString();

export const header = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: "session",
  version: 3,
  id: "sess-1",
  timestamp: ts(),
  cwd: "/w",
  ...extra,
});
export const entry = (type: string, id: string, parentId: string | null, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type,
  id,
  parentId,
  timestamp: ts(),
  ...extra,
});
export const user = (id: string, parentId: string | null, text: string, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  entry("message", id, parentId, { message: { role: "user", content: [{ type: "text", text }], timestamp: 1, ...extra } });
export const assistant = (id: string, parentId: string | null, content: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> =>
  entry("message", id, parentId, {
    message: {
      role: "assistant",
      content,
      api: "anthropic-messages",
      provider: "anthropic",
      model: "m1",
      usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 },
      stopReason: "stop",
      timestamp: 2,
      ...extra,
    },
  });
export const toolResult = (
  id: string,
  parentId: string | null,
  toolCallId: string,
  text: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> =>
  entry("message", id, parentId, {
    message: { role: "toolResult", toolCallId, toolName: "bash", content: [{ type: "text", text }], isError: false, timestamp: 3, ...extra },
  });
export const text = (t: string): Record<string, unknown> => ({ type: "text", text: t });
export const call = (id: string, args: Record<string, unknown> = {}): Record<string, unknown> => ({ type: "toolCall", id, name: "bash", arguments: args });
export const jsonl = (...records: unknown[]): string => records.map((r) => JSON.stringify(r)).join("\n") + "\n";
