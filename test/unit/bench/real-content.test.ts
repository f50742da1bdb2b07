// The real-content TTSR inputs of the benchmark (gen/real.mjs): the recording repeated with every tool result
// still paired to its own call, and one write call of exactly the requested size; sightline reads both.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isSession, parseSession } from "../../../src/formats/index.js";
import { simulateTtsr } from "../../../src/ttsr/simulate/simulate.js";
import { bigWriteSession, REAL_FIXTURE, realSession } from "../../bench/gen/real.mjs";

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const records = (path: string): Rec[] =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Rec);
const dir = mkdtempSync(join(tmpdir(), "sightline-real-bench-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bench real-content sessions", () => {
  it("the recording twice: one header, no compaction, each copy's calls renamed so every result pairs with one call", async () => {
    const s = await realSession(dir, 2);
    const recs = records(s.path);
    const fixture = records(REAL_FIXTURE);
    const entries = fixture.filter((e) => e.type !== "session" && e.type !== "compaction");
    expect(recs.filter((e) => e.type === "session")).toHaveLength(1);
    expect(recs.filter((e) => e.type === "compaction")).toHaveLength(0);
    expect(recs).toHaveLength(1 + 2 * entries.length);
    const calls = recs.flatMap((e) =>
      e.message?.role === "assistant" ? e.message.content.filter((b: Rec) => b.type === "toolCall").map((b: Rec) => b.id as string) : [],
    );
    const results = recs.flatMap((e) => (e.message?.role === "toolResult" ? [e.message.toolCallId as string] : []));
    expect(new Set(calls).size).toBe(calls.length);
    expect(results.every((id) => calls.includes(id))).toBe(true);
    // The second copy carries the recording's own arguments, verbatim.
    const args = (list: Rec[]) =>
      list.flatMap((e) =>
        e.message?.role === "assistant" ? e.message.content.filter((b: Rec) => b.type === "toolCall").map((b: Rec) => JSON.stringify(b.arguments)) : [],
      );
    expect(args(recs.slice(1 + entries.length))).toEqual(args(entries));
    const parsed = parseSession(readFileSync(s.path, "utf8"));
    expect(parsed.format).toBe("pi");
  });

  it("one write call of exactly the requested characters of recorded file content, replayed in 16-character deltas", async () => {
    const s = await bigWriteSession(dir, 5000);
    const call = records(s.path)
      .flatMap((e) => (e.message?.role === "assistant" ? e.message.content : []))
      .find((b: Rec) => b.type === "toolCall");
    expect(call.name).toBe("write");
    expect(call.arguments.content).toHaveLength(5000);
    expect(readFileSync(REAL_FIXTURE, "utf8")).toContain(JSON.stringify(call.arguments.content.slice(0, 200)).slice(1, -1));
    const parsed = parseSession(readFileSync(s.path, "utf8"));
    if (!isSession(parsed)) throw new Error("not read as a session");
    const rule = { name: "no-console-log", path: "/r.md", content: "x", condition: ["console\\.log\\("], scope: ["tool"] };
    const r = simulateTtsr(parsed, [rule], { chunking: { kind: "fixed", size: 16 } });
    expect(r.turns.map((t) => t.stopReason)).toEqual(["toolUse"]);
  });
});
