// docs/yoi.md §9: the Worker Session schema 3 profile (annotated history records), on the fixtures named after
// its scenarios and on crafted lines.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkLogEntry } from "../../../../src/formats/yoi/catalog.js";
import { forkAtLeaf } from "../../../../src/formats/yoi/lineage.js";
import { checkYoiLineSchema } from "../../../../src/formats/yoi/schema.js";
import { parseYoi, restoreYoi, sniffYoi, yoiFormat, type YoiProfile } from "../../../../src/formats/yoi/index.js";
import { toArray } from "../../../../src/shared/plist.js";
import * as b from "./builders.js";

const DIR = resolve(import.meta.dirname, "../../../../fixtures/yoi");
const read = (name: string, profile?: YoiProfile) => parseYoi(readFileSync(resolve(DIR, name), "utf8"), { file: name, profile });
const parse = (text: string, profile?: YoiProfile) => parseYoi(text, { file: "seg.jsonl", profile });
const problems = (s: ReturnType<typeof read>) => s.diagnostics.filter((d) => d.severity !== "info").map((d) => `${d.code}@${d.line ?? "-"}`);
const chosen = (s: ReturnType<typeof read>) => s.diagnostics.find((d) => d.code === "PROFILE_CHOSEN")?.message;

const meta = (entry_id: string, origin: Record<string, unknown> = { kind: "legacy_unknown" }) => ({ entry_id, origin });
const v3Start = (history: unknown[] = []) =>
  JSON.stringify({ kind: "annotated_segment_start", ts: 1, session_id: b.SESSION, system_prompt: null, config: b.CONFIG, history });
const v3Assistant = (item: unknown, id: string) => JSON.stringify({ kind: "annotated_assistant_item", ts: 2, entry: { item, metadata: meta(id) } });
const line = (o: Record<string, unknown>) => JSON.stringify(o);

describe("docs/yoi.md §9.1 choosing v3", () => {
  it("annotated records select v3; PROFILE_CHOSEN names the first line of each kind", () => {
    const s = read("v3-annotated-realistic.jsonl");
    expect(s.profile).toBe("v3");
    expect(chosen(s)).toContain("annotated_segment_start (line 1), annotated_user_input (line 3), annotated_assistant_item (line 4) and 3 more");
    expect(problems(s)).toEqual([]);
  });

  it("a run_completed with active_run_turn_count alone selects v3 (no head marker, no era warning)", () => {
    const s = parse(b.file(v3Start(), line({ kind: "run_completed", ts: 3, interrupted: true, result: "paused", active_run_turn_count: 2 })));
    expect(s.profile).toBe("v3");
    expect(s.diagnostics.map((d) => d.code)).not.toContain("YOI_BETWEEN_ERAS");
  });

  it("a file opening with annotated_segment_start is recognised as yoi", () => {
    expect(sniffYoi(JSON.parse(v3Start()))).toBe(true);
  });

  it("--profile head on a v3 file: the pinned head reader rejects the first annotated record", () => {
    const s = read("v3-annotated-realistic.jsonl", "head");
    expect(s.profile).toBe("head");
    expect(s.verdict?.line).toBe(1);
    expect(s.verdict?.message).toContain("unknown variant `annotated_segment_start`");
  });
});

describe("docs/yoi.md §9.2 annotated records", () => {
  it("a legacy history record in a v3 file is the loader verdict", () => {
    const s = read("v3-legacy-record-rejected.jsonl");
    expect(s.profile).toBe("v3");
    expect(s.verdict).toMatchObject({ line: 3, upstream: "corrupt" });
    expect(s.verdict?.message).toMatch(/^unknown variant `system_item`, expected one of `annotated_segment_start`/);
  });

  it.each<[string, unknown, string]>([
    ["history entry without metadata", JSON.parse(v3Start([{ item: b.userMsg("x") }])), "missing field `metadata`"],
    ["bare item in the seed history", JSON.parse(v3Start([b.userMsg("x")])), "missing field `item`"],
    ["unknown origin kind", JSON.parse(v3Assistant(b.assistantMsg("x"), "e1").replace('"legacy_unknown"', '"robot"')), "unknown variant `robot`"],
    [
      "model_output without worker_id",
      { kind: "annotated_assistant_item", ts: 1, entry: { item: b.assistantMsg("x"), metadata: meta("e", { kind: "model_output", worker: {} }) } },
      "missing field `worker_id`",
    ],
    [
      "derivation without sources",
      { kind: "annotated_tool_result", ts: 1, entry: { item: b.toolResultItem("c", "ok"), metadata: { ...meta("e"), derivation: {} } } },
      "missing field `sources`",
    ],
    ["user input without history", { kind: "annotated_user_input", ts: 1, segments: [b.text("x")] }, "missing field `history`"],
    [
      "entry_id not a string",
      { kind: "annotated_assistant_item", ts: 1, entry: { item: b.assistantMsg("x"), metadata: { entry_id: 7, origin: { kind: "legacy_unknown" } } } },
      "invalid type: integer `7`, expected a string",
    ],
  ])("%s is rejected by the serde checker and the schema", (_n, v, detail) => {
    expect(checkLogEntry("v3", v)).toContain(detail);
    expect(checkYoiLineSchema("v3", v).length).toBeGreaterThan(0);
  });

  it("active_run_checkpoint and run_completed.active_run_turn_count exist only in v3", () => {
    const cp = { kind: "active_run_checkpoint", ts: 1, active_turn_count: 3, total_turn_count: 9 };
    expect([checkLogEntry("v3", cp), checkLogEntry("head", cp) !== null]).toEqual([null, true]);
    const rc = { kind: "run_completed", ts: 1, interrupted: true, result: "paused", active_run_turn_count: null };
    expect(checkLogEntry("v3", rc)).toBeNull();
  });

  it("uploaded_file / paste_artifact segments are checked against their references", () => {
    const s = read("v3-uploaded-file-segment.jsonl");
    expect([s.profile, s.rejected, problems(s)]).toEqual(["v3", false, []]);
    const bad = { kind: "annotated_user_input", ts: 1, segments: [{ kind: "uploaded_file", file: { artifact_id: "a" } }], history: [] };
    expect(checkLogEntry("v3", bad)).toBe("missing field `file_name`");
    expect(checkYoiLineSchema("v3", bad).length).toBeGreaterThan(0);
  });
});

describe("docs/yoi.md §9.3 later v3 writers", () => {
  const s = read("v3-compacted-checkpoint-later-writer.jsonl");
  it("input_segments_checkpoint is read, changes no history, and is reported as PROFILE_NEWER", () => {
    expect([s.profile, s.rejected]).toEqual(["v3", false]);
    expect(problems(s)).toEqual(["PROFILE_NEWER@-"]);
    expect(s.diagnostics.find((d) => d.code === "PROFILE_NEWER")?.message).toContain("record kind input_segments_checkpoint (line 2)");
    expect(restoreYoi(s).history.map((h) => h.sourceId)).toEqual(["L1", "L1", "L4"]);
  });
  it("a fork at turn 0 keeps the checkpoint with the seed", () => {
    expect(forkAtLeaf(s, 0)).toBe("L2");
  });
});

describe("docs/yoi.md §9.4 newer writers", () => {
  it("an unknown record kind: one PROFILE_NEWER naming it, and the pinned reader's verdict", () => {
    const s = read("newer-unknown-record-kind.jsonl");
    expect(s.profile).toBe("head");
    expect(problems(s)).toEqual(["PROFILE_NEWER@-", "YOI_BETWEEN_ERAS@-", "YOI_INVOKE_UNTERMINATED@2", "corrupt@4"]);
    const w = s.diagnostics.find((d) => d.code === "PROFILE_NEWER");
    expect(w?.args).toMatchObject({ writer: "yoi", evidence: "record kind context_rewind (line 4)", more: 0, profile: "head" });
  });
  it.each<[YoiProfile, string]>([
    ["seed", b.start()],
    ["v3", v3Start()],
  ])("%s: also there, counted once per kind", (profile, first) => {
    const s = parse(b.file(first, line({ kind: "x_new", ts: 5 }), line({ kind: "x_new", ts: 6 }), line({ kind: "y_new", ts: 7 })), profile);
    const w = s.diagnostics.filter((d) => d.code === "PROFILE_NEWER");
    expect(w.map((d) => d.args)).toEqual([{ writer: "yoi", evidence: "record kind x_new (line 2)", more: 1, profile }]);
  });
  it("v3: an input_segments_checkpoint counts among the newer kinds at its own line, before or after the others", () => {
    const cp = line({ kind: "input_segments_checkpoint", ts: 4 });
    const evidence = (...rest: string[]) =>
      parse(b.file(v3Start(), ...rest))
        .diagnostics.filter((d) => d.code === "PROFILE_NEWER")
        .map((d) => d.args);
    expect(evidence(line({ kind: "x_new", ts: 5 }), cp, line({ kind: "y_new", ts: 7 }))).toEqual([
      { writer: "yoi", evidence: "record kind x_new (line 2)", more: 2, profile: "v3" },
    ]);
    expect(evidence(cp, line({ kind: "x_new", ts: 5 }), cp)).toEqual([
      { writer: "yoi", evidence: "record kind input_segments_checkpoint (line 2)", more: 1, profile: "v3" },
    ]);
  });
});

describe("docs/yoi.md §9.5 replay", () => {
  const s = read("v3-annotated-realistic.jsonl");
  it("the history is the stored items, seeded ones first, with their metadata", () => {
    const st = restoreYoi(s);
    expect(st.history.map((h) => [h.sourceId, h.item.kind, h.seeded ?? false])).toEqual([
      ["L1", "message", true],
      ["L1", "message", true],
      ["L3", "message", false],
      ["L4", "reasoning", false],
      ["L5", "tool_call", false],
      ["L7", "tool_result", false],
      ["L8", "message", false],
      ["L13", "message", false],
      ["L14", "message", false],
    ]);
    expect(st.history[0].metadata).toEqual({ entry_id: "l-AZChssPUfl-KmwwdLj9KAgAAAAAAAAAAAAAAAAAAAAA", origin: { kind: "legacy_unknown" } });
    expect(st.history[7].systemKind).toBe("notification");
    expect(st.user_segments).toEqual([[b.text("Add a test for "), { kind: "file_ref", path: "src/config.rs" }]]);
  });

  it("annotated_user_input replays its history entries, not the flattened segments", () => {
    const ui = line({ kind: "annotated_user_input", ts: 2, segments: [b.text("typed")], history: [{ item: b.userMsg("stored"), metadata: meta("u1") }] });
    const st = restoreYoi(parse(b.file(v3Start(), ui)));
    expect(st.history.map((h) => h.item)).toEqual([b.userMsg("stored")]);
  });

  it("turn contexts and logged tokens come from the annotated records", () => {
    const turns = [...yoiFormat.turnContexts(s)];
    expect(turns.map((t) => [t.ref.responseId, t.ref.leafId, t.loggedTokens])).toEqual([
      ["L4", "L3", 2400],
      ["L8", "L7", 2600],
      ["L14", "L13", undefined],
    ]);
    expect(toArray(turns[2].messages).map((m) => m.nativeRole)).toContain("system_item:notification");
  });

  it("the active run count: invoke opens it, turn_end adds, a paused run keeps the recorded value, abandon clears", () => {
    const st = restoreYoi(s);
    expect([st.turn_count, st.last_run_interrupted, st.active_run_turn_count]).toEqual([2, false, null]);
    const upToPaused = parse(readFileSync(resolve(DIR, "v3-annotated-realistic.jsonl"), "utf8").split("\n").slice(0, 16).join("\n") + "\n");
    expect(restoreYoi(upToPaused).active_run_turn_count).toBe(1);
    const counted = parse(b.file(v3Start(), line({ kind: "invoke", ts: 2, trigger: "user_send" }), b.turnEnd(1), b.turnEnd(2)));
    expect([restoreYoi(counted).active_run_turn_count, restoreYoi(counted).last_run_interrupted]).toEqual([2, true]);
    const legacyPaused = parse(b.file(v3Start(), line({ kind: "invoke", ts: 2, trigger: "user_send" }), b.turnEnd(1), b.runCompleted(true, "paused")));
    expect(restoreYoi(legacyPaused).active_run_turn_count).toBe(1);
    const limit = parse(b.file(v3Start(), line({ kind: "invoke", ts: 2, trigger: "user_send" }), b.turnEnd(1), b.runCompleted(true, "limit_reached")));
    expect(restoreYoi(limit).active_run_turn_count).toBeNull();
  });

  it("active_run_checkpoint sets the count and the turn count and marks the run interrupted", () => {
    const st = restoreYoi(read("v3-compacted-checkpoint-later-writer.jsonl"));
    expect([st.turn_count, st.active_run_turn_count, st.last_run_interrupted]).toEqual([10, 4, true]);
  });
});

describe("docs/yoi.md §9.7 invariants", () => {
  it("a reused and an empty entry_id are reported", () => {
    expect(problems(read("v3-entry-id-reused.jsonl"))).toEqual(["YOI_ENTRY_ID_DUPLICATE@2", "YOI_ENTRY_ID_EMPTY@3"]);
  });
  it("the turn count continues from an active_run_checkpoint (docs/yoi.md §8.4)", () => {
    const s = read("v3-compacted-checkpoint-later-writer.jsonl");
    expect(s.diagnostics.map((d) => d.code)).not.toContain("YOI_TURN_COUNT_ORDER");
  });
  it("tool results inside annotated records answer annotated tool calls", () => {
    const call = v3Assistant(b.toolCall("c1"), "a1");
    const orphan = line({ kind: "annotated_tool_result", ts: 3, entry: { item: b.toolResultItem("c9", "ok"), metadata: meta("t1") } });
    expect(problems(parse(b.file(v3Start(), call, orphan)))).toEqual(["YOI_TOOL_RESULT_ORPHAN@3"]);
  });
});

describe("docs/yoi.md §9.6 a segment from before schema 3, not migrated yet", () => {
  const file = "v2-unmigrated-active-run-checkpoint.jsonl";
  it("legacy history beside post-head records: v3, migrating, nothing rejected", () => {
    const s = read(file);
    expect([s.profile, s.migrating, s.rejected]).toEqual(["v3", true, false]);
    expect(chosen(s)).toContain("active_run_checkpoint (line 2), run_completed.active_run_turn_count (line 7)");
  });
  it("the model context is head's replay of the legacy records; the run rules are v3's", () => {
    const text = readFileSync(resolve(DIR, file), "utf8");
    const legacyOnly = text
      .split("\n")
      .filter((l) => !l.includes('"active_run_checkpoint"'))
      .join("\n");
    const v3 = restoreYoi(read(file));
    const head = restoreYoi(parse(legacyOnly, "head"));
    expect(v3.history.map((h) => h.item)).toEqual(head.history.map((h) => h.item));
    expect([v3.turn_count, v3.active_run_turn_count, v3.last_run_interrupted]).toEqual([6, 2, true]);
  });
  it("a line that is neither a legacy record nor a current one: the untagged decoder's message", () => {
    const s = parse(
      b.file(b.start(), line({ kind: "active_run_checkpoint", ts: 2, active_turn_count: 1, total_turn_count: 1 }), line({ kind: "assistant_item", ts: 3 })),
    );
    expect(s.migrating).toBe(true);
    expect(s.verdict).toMatchObject({ line: 3, message: "data did not match any variant of untagged enum LegacySessionLogEntryV2" });
  });
  it("with an annotated record the file is schema 3, and a legacy record is the verdict", () => {
    const s = parse(b.file(v3Start(), b.say("legacy")));
    expect([s.migrating, s.verdict?.line]).toEqual([undefined, 2]);
  });
});
