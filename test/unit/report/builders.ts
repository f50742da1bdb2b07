// Tiny typed builders for canonical audit results in tests.
import type { Msg } from "../../../src/formats/types.js";
import type { Diagnostic } from "../../../src/shared/diagnostics.js";
import type { AuditResult, AuditSession } from "../../../src/audit/model.js";
import { SessionBuilder, type CompactionInput } from "../../../src/app/audit/session.js";
import { summarize } from "../../../src/audit/summary.js";

export const msg = (role: Msg["role"], text: string, over: Partial<Msg> = {}): Msg => ({
  role,
  nativeRole: role,
  text,
  blocks: [{ type: "text", text }],
  sourceIds: [`id-${text.slice(0, 8)}`],
  reminders: [],
  ...over,
});

export const tokens = (n: number) => ({ estimated: n, estimator: "chars/4" });

/** A session whose turns are the given message lists (each a full context). */
export function session(
  path: string,
  contexts: Msg[][],
  opts: { diagnostics?: Diagnostic[]; compactions?: CompactionInput[]; format?: string } = {},
): AuditSession {
  const b = new SessionBuilder({ path, format: opts.format ?? "pi", profile: "omp17", diagnostics: opts.diagnostics ?? [], leaves: ["x"], activeLeafId: "x" });
  contexts.forEach((messages, index) => {
    b.addTurn({
      index,
      leafId: `leaf${index}`,
      responseId: `resp${index}`,
      systemPrompt: index === 0 ? null : "You are helpful.",
      messages,
      tokens: tokens(10 * (index + 1)),
    });
  });
  for (const c of opts.compactions ?? []) b.addCompaction(c);
  return b.finish();
}

export function result(sessions: AuditSession[], runDiagnostics: Diagnostic[] = []): AuditResult {
  return {
    schemaVersion: 1,
    kind: "audit",
    tool: { name: "sightline", version: "0.1.0" },
    createdAt: "2026-03-03T14:30:00.000Z",
    options: { paths: sessions.map((s) => s.path), rules: [], failOn: "error", redacted: true },
    summary: summarize(sessions, runDiagnostics),
    diagnostics: runDiagnostics,
    sessions,
    skipped: [],
  };
}

export const diagnostic = (over: Partial<Diagnostic>): Diagnostic => ({
  code: "INVALID_JSON",
  severity: "error",
  file: "a.jsonl",
  line: 3,
  message: "Invalid JSON: Unexpected end",
  ...over,
});
