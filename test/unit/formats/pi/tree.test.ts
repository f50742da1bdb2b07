// Tree checks (pi-session-format §4, §6.1; design §5 severities) and migrations (§3).
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../../../src/formats/pi/context.js";
import { assistant, codes, entry, header, jsonl, parseFixture, parseText, text, user } from "./helpers.js";

const errs = (s: ReturnType<typeof parseText>) => s.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.line]);
const warns = (s: ReturnType<typeof parseText>) => s.diagnostics.filter((d) => d.severity === "warning").map((d) => [d.code, d.line]);

describe("tree checks", () => {
  it("a v3 file with a duplicate id, a dangling parent and a parent cycle yields exactly those three errors", () => {
    const s = parseFixture("hand/three-errors.jsonl");
    expect(errs(s)).toEqual([
      ["PI_DUPLICATE_ID", 4],
      ["PI_DANGLING_PARENT", 5],
      ["PI_PARENT_CYCLE", 6],
    ]);
    expect(s.diagnostics.find((d) => d.code === "PI_PARENT_CYCLE")!.args).toEqual({ cycle: "c1 → c2" });
    expect(warns(s)).toEqual([]);
  });

  it("the later duplicate is the one the index keeps (as the loader's byId)", () => {
    const s = parseFixture("hand/three-errors.jsonl");
    expect((s.byId.get("a2")!.raw.message as { content: { text: string }[] }).content[0].text).toBe("dup");
    expect(s.lineOf.get("a2")).toBe(4);
  });

  it("a context through a cycle stops at the repeat (v17) instead of looping (pi)", () => {
    const s = parseFixture("hand/three-errors.jsonl");
    expect(buildPiContext(s, "c2", { profile: "pi" }).sourceIds).toEqual([["c1"], ["c2"]]);
  });

  it("§6.1 the leaf is the last entry in file order; leaves are the nodes without children", () => {
    const s = parseText(
      jsonl(
        header(),
        user("u1", null, "a"),
        assistant("a1", "u1", [text("x")]),
        user("u2", "u1", "b"),
        entry("label", "l1", "a1", { targetId: "a1", label: "keep" }),
      ),
    );
    expect(s.tree.activeLeafId).toBe("l1");
    expect(s.tree.leaves).toEqual(["u2", "l1"]);
    expect(s.tree.children.get("u1")).toEqual(["a1", "u2"]);
    expect(errs(s)).toEqual([]);
  });

  it("another root is what pi writes on /tree back to the first message: an info for a message (resetLeaf), nothing for a branch_summary (branchWithSummary(null), whatever its fromId)", () => {
    const s = parseText(
      jsonl(
        header(),
        user("u1", null, "a"),
        user("u2", null, "b"),
        entry("branch_summary", "b1", null, { fromId: "root", summary: "s" }),
        entry("branch_summary", "b2", null, { fromId: "u2", summary: "t" }),
      ),
    );
    expect(errs(s)).toEqual([]);
    expect(s.diagnostics.filter((d) => d.code === "PI_EXTRA_ROOT").map((d) => [d.severity, d.line])).toEqual([["info", 3]]);
  });

  it("a tree whose every entry has a parent has no root", () => {
    const s = parseText(jsonl(header(), user("u1", "u2", "a"), user("u2", "u1", "b")));
    expect(codes(s, "error")).toEqual(["PI_NO_ROOT", "PI_PARENT_CYCLE"]);
  });

  it("reference checks are warnings: label targetId, branch_summary fromId, firstKeptEntryId missing or off the path", () => {
    const s = parseText(
      jsonl(
        header(),
        user("u1", null, "a"),
        user("side", "u1", "side branch"),
        user("u2", "u1", "b"),
        entry("label", "l1", "u2", { targetId: "ghost", label: "x" }),
        entry("branch_summary", "b1", "l1", { fromId: "ghost", summary: "s" }),
        entry("compaction", "c1", "b1", { summary: "S", firstKeptEntryId: "ghost", tokensBefore: 1 }),
        entry("compaction", "c2", "c1", { summary: "S", firstKeptEntryId: "side", tokensBefore: 1 }),
        entry("compaction", "c3", "c2", { summary: "S", firstKeptEntryId: "u2", tokensBefore: 1 }),
      ),
    );
    expect(warns(s)).toEqual([
      ["PI_LABEL_TARGET_MISSING", 5],
      ["PI_BRANCH_FROM_MISSING", 6],
      ["PI_FIRST_KEPT_MISSING", 7],
      ["PI_FIRST_KEPT_OFF_PATH", 8],
    ]);
    expect(errs(s)).toEqual([]);
  });

  it("v2+ entries without a string id get a synthetic id and an error", () => {
    const s = parseText(jsonl(header(), { type: "custom", parentId: null, timestamp: "t", customType: "c" }));
    expect(s.entries.map((e) => e.id)).toEqual(["L2"]);
    expect(codes(s, "error")).toEqual(["PI_MISSING_ID"]);
  });

  it("a second session header is not an entry", () => {
    const s = parseFixture("hand/not-a-header.jsonl");
    expect(s.entries).toEqual([]);
    const t = parseText(jsonl(header(), header(), user("u1", null, "a")));
    expect(warns(t)).toEqual([["PI_EXTRA_HEADER", 2]]);
    expect(t.entries.length).toBe(1);
  });
});

describe("pi-session-format §3 migrations", () => {
  it("§3.1–3.2 v1: ids are the 0-based physical line index; firstKeptEntryIndex counts parsed records (header = 0)", () => {
    const s = parseFixture("hand/v1-compaction-indexes.jsonl");
    expect(s.entries.map((e) => [e.id, e.parentId])).toEqual([
      ["1", null],
      ["3", "1"],
      ["4", "3"],
      ["5", "4"],
      ["6", "5"],
      ["7", "6"],
    ]);
    expect(s.entries.filter((e) => e.type === "compaction").map((e) => [e.id, e.raw.firstKeptEntryId ?? null, "firstKeptEntryIndex" in e.raw])).toEqual([
      ["4", "3", false],
      ["5", null, false],
      ["6", null, false],
      ["7", "6", false],
    ]);
    expect(warns(s)).toEqual([
      ["skipped_line", 3],
      ["PI_V1_INDEX_OUT_OF_RANGE", 6],
      ["PI_V1_INDEX_OUT_OF_RANGE", 7],
    ]);
    expect([s.version, s.header!.version]).toEqual([1, 3]);
  });

  it("§3.3 v2 → v3: hookMessage becomes custom, on a copy", () => {
    const s = parseFixture("hand/v2-hook-message.jsonl");
    expect(s.version).toBe(2);
    expect((s.byId.get("h1")!.raw.message as { role: string }).role).toBe("custom");
    expect(s.byId.get("h1")!.parentId).toBe("a1");
    expect(buildPiContext(s, "h1").messages.map((m) => m.role)).toEqual(["user", "custom"]);
  });

  it("§3 migration never changes the parsed input (raw is a copy for v1)", () => {
    const v1 = { type: "message", timestamp: "t", message: { role: "hookMessage", customType: "x", content: "c", display: true, timestamp: 1 } };
    const before = JSON.stringify(v1);
    const s = parseText(jsonl({ type: "session", id: "s", timestamp: "t", cwd: "/" }, v1));
    expect(s.entries[0].raw).toMatchObject({ id: "1", parentId: null, message: { role: "custom" } });
    expect(JSON.stringify(v1)).toBe(before);
  });
});

describe("known gaps are reported", () => {
  it("a compaction with a snapcompact archive (v17 re-attaches its blocks) is flagged", () => {
    const s = parseText(
      jsonl(
        header(),
        user("u1", null, "a"),
        entry("compaction", "c1", "u1", { summary: "S", firstKeptEntryId: "u1", tokensBefore: 1, preserveData: { snapcompact: { frames: [], text: "x" } } }),
      ),
    );
    expect(warns(s)).toEqual([["PI_SNAPCOMPACT_NOT_REPLAYED", 3]]);
  });
});
