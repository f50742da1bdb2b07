// Regressions found by the design §8 bad-input suite: linear-memory replay listings, unknown pi entry types, duplicate schema findings.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, runCli } from "./run.js";

const TS = "2026-01-01T00:00:00.000Z";
const HEADER = JSON.stringify({ type: "session", version: 3, id: "s1", timestamp: TS, cwd: "/w" });
const user = (id: string, parentId: string | null, text: string) =>
  JSON.stringify({ type: "message", id, parentId, timestamp: TS, message: { role: "user", timestamp: 1, content: [{ type: "text", text }] } });
const asst = (id: string, parentId: string, text: string) =>
  JSON.stringify({
    type: "message",
    id,
    parentId,
    timestamp: TS,
    message: {
      role: "assistant",
      timestamp: 1,
      content: [{ type: "text", text }],
      api: "a",
      provider: "p",
      model: "m",
      usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 },
      stopReason: "stop",
    },
  });
const tmp = mkdtempSync(join(tmpdir(), "sightline-bugs-"));

describe("regressions found by the design §8 bad-input suite", () => {
  it("design §8 200 000-line files: replay (text, no --delta) of a long linear pi session is linear, not quadratic", () => {
    // 40 000 lines = 20 000 turns. With --delta: ~1 s and ~215 MB; the default text listing: ~22 s and ~3.4 GB,
    // so memory grows with turns x messages (a 200 000-line session dies with "JavaScript heap out of memory").
    // Run under a 1 GB heap: a listing that costs O(events) fits easily.
    const lines = [HEADER];
    let parent: string | null = null;
    for (let i = 1; i < 40_000; i++) {
      lines.push(i % 2 ? user(`e${i}`, parent, `u${i}`) : asst(`e${i}`, parent!, `a${i}`));
      parent = `e${i}`;
    }
    const file = join(tmp, "pi-40k.jsonl");
    writeFileSync(file, lines.join("\n") + "\n");
    const r = spawnSync(process.execPath, ["--max-old-space-size=1024", BIN, "replay", file], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 30_000,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(r.signal).toBeNull();
    expect(r.stderr).not.toContain("heap out of memory");
    expect(r.status).toBe(0);
  }, 40_000);

  it("design §8 unknown types: a pi entry of an unknown type gets a diagnostic (the loader keeps it; sightline should say so)", () => {
    const file = join(tmp, "pi-unknown-type.jsonl");
    writeFileSync(
      file,
      [HEADER, user("u1", null, "hi"), JSON.stringify({ type: "mystery_type", id: "x1", parentId: "u1", timestamp: TS }), asst("a1", "x1", "ok")].join("\n") +
        "\n",
    );
    const doc = JSON.parse(runCli(["validate", file, "--json"]).stdout) as { files: Array<{ diagnostics: Array<{ severity: string; line?: number }> }> };
    expect(doc.files[0].diagnostics.filter((d) => d.severity !== "info").map((d) => d.line)).toContain(3);
  });

  it("pi wrong types: each schema problem is reported once (parentId: 42 gives two identical SCHEMA warnings)", () => {
    const file = join(tmp, "pi-wrong-parent-type.jsonl");
    writeFileSync(file, [HEADER, user("u1", null, "hi"), asst("a1", "u1", "ok").replace('"parentId":"u1"', '"parentId":42')].join("\n") + "\n");
    const doc = JSON.parse(runCli(["validate", file, "--json"]).stdout) as {
      files: Array<{ diagnostics: Array<{ code: string; line?: number; pointer?: string; message: string }> }>;
    };
    const keys = doc.files[0].diagnostics.map((d) => JSON.stringify([d.code, d.line, d.pointer, d.message]));
    expect(keys).toEqual([...new Set(keys)]);
  });
});
