// The real pi v1 fixture (pi-session-format §3, §6, §8, §9): counts, migration, both context profiles.
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../../../src/formats/pi/context.js";
import { piCompactions, piTurns } from "../../../../src/formats/pi/turns.js";
import { parseFixture, readFixture } from "./helpers.js";

const FILE = "before-compaction.jsonl";
const text = readFixture(FILE);
const t0 = performance.now();
const s = parseFixture(FILE);
const parseMs = performance.now() - t0;
const msgs = s.entries.filter((e) => e.type === "message").map((e) => e.raw.message as Record<string, any>);
const byRole = (role: string) => msgs.filter((m) => m.role === role);
const count = <T>(xs: T[], f: (x: T) => boolean) => xs.filter(f).length;

describe("pi-session-format §9 the real fixture", () => {
  it("§9 size and records: 2,367,896 bytes, 1,003 records plus a trailing newline, 0 malformed lines", () => {
    expect(Buffer.byteLength(text)).toBe(2_367_896);
    expect(text.endsWith("\n")).toBe(true);
    expect(s.lineCount).toBe(1003);
    expect(s.diagnostics.filter((d) => d.code === "skipped_line")).toEqual([]);
    expect(s.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
  });

  it("§9 is pi v1 from /Users/badlogic/workspaces/pi-mono with the v1 header keys", () => {
    expect(s.version).toBe(1);
    expect(s.cwd).toBe("/Users/badlogic/workspaces/pi-mono");
    expect(s.profile).toBe("pi");
    expect(s.profileReason).toBe("default");
    expect(Object.keys(s.header!).sort()).toEqual(["branchedFrom", "cwd", "id", "modelId", "provider", "thinkingLevel", "timestamp", "type", "version"].sort());
  });

  it("§9 entry types: 990 message, 5 thinking_level_change, 5 model_change, 2 compaction, nothing else", () => {
    const types: Record<string, number> = {};
    for (const e of s.entries) types[e.type] = (types[e.type] ?? 0) + 1;
    expect(types).toEqual({ message: 990, thinking_level_change: 5, model_change: 5, compaction: 2 });
    expect(s.entries.filter((e) => e.type === "thinking_level_change").map((e) => e.raw.thinkingLevel)).toEqual(["minimal", "low", "medium", "high", "off"]);
    expect(s.entries[s.entries.length - 1].type).toBe("thinking_level_change");
    expect(s.entries.filter((e) => e.type === "model_change").map((e) => e.raw.modelId)).toEqual([
      "claude-3-opus-20240229",
      "claude-opus-4-5-20251101",
      "claude-sonnet-4-5",
      "claude-sonnet-4-5-20250929",
      "claude-opus-4-5",
    ]);
  });

  it("§9 compactions: firstKeptEntryIndex 293 and 551, tokensBefore 175,004 and 185,014, '# Context Checkpoint' summaries", () => {
    const cs = piCompactions(s);
    expect(cs.map((c) => c.tokensBefore)).toEqual([175_004, 185_014]);
    expect(cs.every((c) => c.summary.startsWith("# Context Checkpoint"))).toBe(true);
    expect(cs.map((c) => [c.beforeLeafId, c.afterLeafId])).toEqual([
      ["358", "359"],
      ["627", "628"],
    ]);
  });

  it("§9 messages by role: 484 assistant, 448 toolResult, 55 user, 3 bashExecution", () => {
    expect([byRole("assistant").length, byRole("toolResult").length, byRole("user").length, byRole("bashExecution").length]).toEqual([484, 448, 55, 3]);
    const a = byRole("assistant");
    expect(a.every((m) => m.api === "anthropic-messages" && m.provider === "anthropic" && m.model === "claude-opus-4-5")).toBe(true);
    const stops: Record<string, number> = {};
    for (const m of a) stops[m.stopReason] = (stops[m.stopReason] ?? 0) + 1;
    expect(stops).toEqual({ toolUse: 434, stop: 31, aborted: 18, error: 1 });
    expect(count(byRole("toolResult"), (m) => m.isError === true)).toBe(12);
    expect(count(byRole("toolResult"), (m) => m.details !== undefined)).toBe(134);
    expect(byRole("user").every((m) => Array.isArray(m.content))).toBe(true);
    expect(count(byRole("bashExecution"), (m) => m.truncated === true && typeof m.fullOutputPath === "string")).toBe(1);
  });

  it("§9 blocks: toolCall 454 (bash 206, edit 125, read 107, write 16), text 253, thinking 49 (47 signed), no images", () => {
    const blocks = (role: string) => byRole(role).flatMap((m) => m.content as Record<string, any>[]);
    const calls = blocks("assistant").filter((b) => b.type === "toolCall");
    const names: Record<string, number> = {};
    for (const c of calls) names[c.name] = (names[c.name] ?? 0) + 1;
    expect(calls.length).toBe(454);
    expect(names).toEqual({ bash: 206, edit: 125, read: 107, write: 16 });
    expect(count(blocks("assistant"), (b) => b.type === "text")).toBe(253);
    const thinking = blocks("assistant").filter((b) => b.type === "thinking");
    expect([thinking.length, count(thinking, (b) => typeof b.thinkingSignature === "string" && b.thinkingSignature !== "")]).toEqual([49, 47]);
    expect(count(blocks("toolResult"), (b) => b.type === "text")).toBe(448);
    expect(count(blocks("user"), (b) => b.type === "text")).toBe(55);
    expect([...blocks("assistant"), ...blocks("toolResult"), ...blocks("user")].some((b) => b.type === "image")).toBe(false);
  });

  it("§9 assistant keys: role, content, api, provider, model, usage, stopReason, timestamp (+ errorMessage when aborted/error)", () => {
    for (const m of byRole("assistant")) {
      const base = ["api", "content", "model", "provider", "role", "stopReason", "timestamp", "usage"];
      expect(Object.keys(m).sort()).toEqual(m.stopReason === "aborted" || m.stopReason === "error" ? [...base, "errorMessage"].sort() : base);
    }
  });

  it("parses in well under a second once warm (the first parse also compiles the schemas)", () => {
    const t = performance.now();
    parseFixture(FILE);
    const warm = performance.now() - t;
    // Reported for the record; the cold figure includes module loading in a busy test worker.
    console.info(`before-compaction.jsonl: cold ${parseMs.toFixed(0)} ms, warm ${warm.toFixed(0)} ms`);
    expect(warm).toBeLessThan(1000);
  });
});

describe("pi-session-format §3 migration of the fixture [oracle]", () => {
  it("§3 the header becomes version 3; 1,002 entries get chained ids (0-based line index, design §2)", () => {
    expect(s.header!.version).toBe(3);
    expect(s.entries.length).toBe(1002);
    s.entries.forEach((e, i) => {
      expect(e.id).toBe(String(i + 1));
      expect(e.parentId).toBe(i === 0 ? null : String(i));
      expect(e.raw.id).toBe(e.id);
    });
    expect(s.tree.leaves).toEqual(["1002"]);
    expect(s.tree.activeLeafId).toBe("1002");
  });

  it("§3 the compaction at entry 359 keeps from index 293, the one at 628 from 551 (physical index, header = 0)", () => {
    const c = s.entries.filter((e) => e.type === "compaction");
    expect(c.map((e) => [e.id, e.raw.firstKeptEntryId, "firstKeptEntryIndex" in e.raw])).toEqual([
      ["359", "293", false],
      ["628", "551", false],
    ]);
    expect(s.byId.get("293")!.raw.message).toMatchObject({ role: "user" });
    expect(s.byId.get("551")!.raw.message).toMatchObject({ role: "user" });
    // The other reading (header not counted) would land on assistant messages.
    expect((s.byId.get("294")!.raw.message as any).role).toBe("assistant");
    expect((s.byId.get("552")!.raw.message as any).role).toBe("assistant");
  });
});

describe("pi-session-format §6 contexts on the fixture", () => {
  const pi = buildPiContext(s, undefined, { profile: "pi" });
  const omp = buildPiContext(s, undefined, { profile: "omp17" });

  it("§6.2 [oracle] at the last entry: 446 messages under pi, 439 under omp17", () => {
    expect(pi.messages.length).toBe(446);
    expect(omp.messages.length).toBe(439);
  });

  it("§6.2 pi keeps 6 aborted and 1 error assistant message that omp17 drops", () => {
    const failed = (ms: typeof pi.messages) => ms.filter((m) => m.role === "assistant" && (m.stopReason === "aborted" || m.stopReason === "error"));
    const stops = failed(pi.messages).map((m) => m.stopReason);
    expect([count(stops, (x) => x === "aborted"), count(stops, (x) => x === "error")]).toEqual([6, 1]);
    expect(failed(omp.messages)).toEqual([]);
  });

  it("§6.1 the latest compaction comes first, then the kept entries from id 551", () => {
    expect(pi.messages[0]).toMatchObject({ role: "compactionSummary", tokensBefore: 185_014 });
    expect(pi.sourceIds[0]).toEqual(["628"]);
    expect(pi.sourceIds[1]).toEqual(["551"]);
  });

  it("§6.1 [oracle] omp ignores the legacy model_change form: models.default = anthropic/claude-opus-4-5; thinking level off", () => {
    expect(omp.models).toEqual({ default: "anthropic/claude-opus-4-5" });
    expect(pi.model).toEqual({ provider: "anthropic", modelId: "claude-opus-4-5" });
    expect([pi.thinkingLevel, omp.thinkingLevel]).toEqual(["off", "off"]);
  });

  it("§8 three aborted tool calls keep partialJson: entry 373 bash 286 chars, 385 read 25 chars, 677 edit 13,888 chars", () => {
    const pj = s.entries.flatMap((e) =>
      ((e.raw.message as any)?.content ?? [])
        .filter((b: any) => b.type === "toolCall" && "partialJson" in b)
        .map((b: any) => [e.id, b.name, b.partialJson.length]),
    );
    expect(pj).toEqual([
      ["373", "bash", 286],
      ["385", "read", 25],
      ["677", "edit", 13_888],
    ]);
    expect((s.byId.get("385")!.raw.message as any).content.find((b: any) => b.type === "toolCall" && "partialJson" in b).partialJson).toBe(
      '{"path": "/Users/badlogic',
    );
  });

  it("§8 entry 385 (aborted, 3 tool calls) is followed directly by a user message (no synthetic results)", () => {
    const m = s.byId.get("385")!.raw.message as any;
    expect([m.stopReason, m.content.filter((b: any) => b.type === "toolCall").length]).toEqual(["aborted", 3]);
    expect((s.byId.get("386")!.raw.message as any).role).toBe("user");
  });

  it("design §3 every assistant message is a turn (484), its leaf the parent", () => {
    const t = piTurns(s);
    expect(t.length).toBe(484);
    expect(t.every((r) => r.leafId === s.byId.get(r.responseId)!.parentId)).toBe(true);
  });
});

describe("pi-session-format §6.2 transcript mode", () => {
  it("§6.2 on the fixture the display transcript has 992 messages (every message and both compactions inline)", async () => {
    const { buildPiTranscript } = await import("../../../../src/formats/pi/transcript.js");
    const t = buildPiTranscript(s, undefined);
    expect(t.length).toBe(992);
    expect(
      t.filter((i) => i.msg.role === "compactionSummary").map((i) => i.msg.summary === "[Superseded compaction summary elided after a newer compaction]"),
    ).toEqual([true, false]);
  });
});
