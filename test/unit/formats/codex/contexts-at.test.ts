// The Codex shortcut for compaction sides (FormatModule.contextsAt): the history after a line taken from the
// session's whole replay equals the context a replay up to that line builds, at every line of every rollout the
// real binaries wrote (compactions with and without replacement_history, rollbacks, resumes, forks).
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readSession } from "../../../../src/app/read/read.js";
import { codexFormat, type CodexSession } from "../../../../src/formats/codex/index.js";
import { isSession } from "../../../../src/formats/index.js";

const FIXTURES = resolve(import.meta.dirname, "../../../../fixtures/codex");

function* rollouts(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* rollouts(p);
    else if (name.endsWith(".jsonl")) yield p;
  }
}

describe("codex contextsAt", () => {
  const files = [...rollouts(FIXTURES)];
  it("covers the recorded rollouts, compactions among them", () => {
    expect(files.length).toBeGreaterThan(10);
  });
  it.each(files.map((f) => [f.slice(FIXTURES.length + 1), f]))("%s: every line's context equals the one built up to it", async (_name, file) => {
    const s = await readSession(file);
    if (!isSession(s) || s.format !== "codex") throw new Error(`${file} is not read as a codex session`);
    const session = s as CodexSession;
    const at = codexFormat.contextsAt?.(session);
    expect(at).toBeDefined();
    let compared = 0;
    for (const line of session.lines) {
      const fast = at?.(line.id);
      expect(fast).toBeDefined();
      const ctx = codexFormat.buildContext(session, line.id);
      expect(JSON.stringify(fast)).toBe(JSON.stringify({ systemPrompt: ctx.systemPrompt, messages: codexFormat.toMsgs(session, ctx) }));
      compared++;
    }
    expect(compared).toBe(session.lines.length);
    expect(at?.(null)).toBeUndefined();
  });
});
