// The hand-built yoi fixtures (one scenario per file), read through the format module.
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { toArray } from "../../../../src/shared/plist.js";
import {
  buildYoiContext,
  parseYoi,
  pickNewestSegment,
  restoreYoi,
  yoiCompactionDiffInput,
  yoiCompactions,
  yoiFormat,
  yoiOriginFindings,
  yoiToMsgs,
  type YoiProfile,
} from "../../../../src/formats/yoi/index.js";

const DIR = resolve(import.meta.dirname, "../../../../fixtures/yoi");
const read = (name: string, profile?: YoiProfile) => parseYoi(readFileSync(resolve(DIR, name), "utf8"), { file: name, profile });
const problems = (s: ReturnType<typeof read>) => s.diagnostics.filter((d) => d.severity !== "info").map((d) => `${d.code}@${d.line ?? "-"}`);
const SESSION_DIR = "session-0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

describe("yoi fixtures", () => {
  it("seed-era-realistic: seed profile, clean, three turns with logged tokens, pod_scope folded", () => {
    const s = read("seed-era-realistic.jsonl");
    expect(s.profile).toBe("seed");
    expect(problems(s)).toEqual([]);
    const turns = [...yoiFormat.turnContexts(s)];
    expect(turns.map((t) => [t.ref.responseId, t.ref.leafId, t.loggedTokens])).toEqual([
      ["L5", "L4", 1800],
      ["L9", "L8", 2100],
      ["L16", "L15", 2300],
    ]);
    expect(turns[1].systemPrompt).toBe("You are yoi, a coding agent working in /work/app.");
    expect(toArray(turns[1].messages).map((m) => m.nativeRole)).toEqual([
      "message:user",
      "system_item:file_attachment",
      "reasoning",
      "tool_call",
      "tool_result",
      "system_item:task_reminder",
    ]);
    const st = restoreYoi(s);
    expect(st.pod_scope).toEqual({ allow: [{ target: "/work/app", permission: "write" }], deny: [] });
    expect([st.turn_count, st.last_run_interrupted, st.entries_count, st.history.length]).toEqual([2, false, 21, 10]);
  });

  it("head-era-realistic: head profile, extensions, flow flattening, interrupted at the end", () => {
    const s = read("head-era-realistic.jsonl");
    expect(s.profile).toBe("head");
    expect(problems(s)).toEqual(["YOI_BETWEEN_ERAS@-", "YOI_INVOKE_UNTERMINATED@19"]);
    const st = restoreYoi(s);
    expect(st.extensions).toEqual([["ui.locale", "en"]]);
    expect(st.last_run_interrupted).toBe(true);
    expect(st.history[0].item).toEqual({ kind: "message", role: "user", content: [{ kind: "text", text: "Run the tests [Flow: builtin:verify]" }] });
    const turns = [...yoiFormat.turnContexts(s)];
    expect(turns.map((t) => [t.ref.responseId, t.ref.leafId, t.loggedTokens])).toEqual([
      ["L6", "L5", 2500],
      ["L8", "L7", 2700],
      ["L15", "L14", undefined],
    ]);
  });

  it("between-eras: read with head and a warning; the era-2 wrapped reminder is flagged and replayed wrapped", () => {
    const s = read("between-eras-worker-event-wrapped-reminder.jsonl");
    expect(s.profile).toBe("head");
    expect(problems(s)).toEqual(["YOI_BETWEEN_ERAS@-", "YOI_REMINDER_WRAP@5"]);
    expect(restoreYoi(s).history[2].item).toMatchObject({ role: "system", content: [{ text: expect.stringMatching(/^<system-reminder>\n/) }] });
  });

  it("torn-tail-complete-json: seed counts the unterminated line, head ignores it", () => {
    expect(restoreYoi(read("torn-tail-complete-json.jsonl", "seed")).entries_count).toBe(4);
    const head = read("torn-tail-complete-json.jsonl", "head");
    expect(restoreYoi(head).entries_count).toBe(3);
    expect(problems(head)).toEqual(["YOI_INVOKE_UNTERMINATED@2", "YOI_TORN_TAIL_IGNORED@4"]);
  });

  it("torn-tail-partial-json: seed fails the segment at the torn line, head loads", () => {
    expect(read("torn-tail-partial-json.jsonl", "seed").verdict?.line).toBe(4);
    expect(read("torn-tail-partial-json.jsonl", "head").rejected).toBe(false);
  });

  it("corrupt-middle-line: one corrupt verdict at line 3, the later bad line reported, the rest replayed", () => {
    const s = read("corrupt-middle-line.jsonl");
    expect(problems(s)).toEqual(["YOI_INVOKE_UNTERMINATED@2", "corrupt@3", "YOI_INVALID_ENTRY@5"]);
    expect(s.entries.map((e) => e.id)).toEqual(["L1", "L2", "L4"]);
  });

  it.each([
    ["task-reminder-t1-no-source.jsonl", /^<system-reminder>\nActive session tasks/],
    ["task-reminder-t2-wrapped-once.jsonl", /^<system-reminder>\nremember tasks\n<\/system-reminder>$/],
    ["task-reminder-t3-plain.jsonl", /^remember tasks$/],
  ])("%s: replayed verbatim", (name, re) => {
    const s = read(name);
    expect(problems(s).filter((p) => !p.startsWith("YOI_BETWEEN_ERAS"))).toEqual([]);
    const msgs = yoiToMsgs(s, buildYoiContext(s, "L2"));
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ role: "system", nativeRole: "system_item:task_reminder", reminders: [{ kind: "task_reminder", sourceId: "L2" }] });
    expect(msgs[0].text).toMatch(re);
  });

  it("legacy-knowledge-workflow-items: seed vs head replay", () => {
    const text = (p: YoiProfile) =>
      restoreYoi(read("legacy-knowledge-workflow-items.jsonl", p)).history.map((h) => (h.item.kind === "message" ? h.item.content[0] : undefined));
    expect(text("seed")).toEqual([
      { kind: "text", text: "#style then /old-flow" },
      { kind: "text", text: "[Knowledge: style]\nUse tabs." },
      { kind: "text", text: "legacy body" },
      { kind: "text", text: "Done." },
    ]);
    expect(text("head")).toEqual([
      { kind: "text", text: " then " },
      { kind: "text", text: "" },
      { kind: "text", text: "Ignored legacy procedure item: /old-flow" },
      { kind: "text", text: "Done." },
    ]);
  });

  it("session folder: the newest segment is the compacted one; its diff inputs follow fork_at (§7)", () => {
    const names = readdirSync(resolve(DIR, SESSION_DIR));
    const newest = pickNewestSegment(names);
    expect(newest).toBe("0190a1b2-c3d4-7e5f-8a9b-000000000002.jsonl");
    const compacted = read(`${SESSION_DIR}/${newest}`);
    const source = read(`${SESSION_DIR}/0190a1b2-c3d4-7e5f-8a9b-000000000001.jsonl`);
    const [ref] = yoiCompactions(compacted);
    expect(ref).toMatchObject({ id: "L1", afterLeafId: "L1", beforeLeafId: null, sourceSegmentId: "0190a1b2-c3d4-7e5f-8a9b-000000000001", atTurnIndex: 2 });
    expect(ref.summary).toMatch(/^\[Compacted context summary\]\n\nThe user is migrating/);
    const diff = yoiCompactionDiffInput(compacted, source)!;
    expect(diff.before.leafId).toBe("L12");
    expect(diff.before.messages.map((m) => m.text)).toEqual([
      "Plan the users table migration.",
      "Plan: 1) create table 2) backfill.",
      "Write step 1.",
      '{"path":"migrations/001.sql"}',
      "Wrote migrations/001.sql",
      "Step 1 written.",
    ]);
    expect(diff.after.messages.map((m) => m.role)).toEqual(["system", "system", "user", "assistant"]);
    expect(diff.after.messages.every((m) => m.sourceIds[0] === "L1")).toBe(true);
    expect(yoiOriginFindings(compacted, source)).toEqual([]);
  });
});
