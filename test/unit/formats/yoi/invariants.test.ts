// yoi-format §8: invariants as findings, one code each (§8.1 and §8.7 are the loader verdict itself).
import { describe, expect, it } from "vitest";
import { parseYoi, yoiOriginFindings, type YoiProfile } from "../../../../src/formats/yoi/index.js";
import * as b from "./builders.js";

const parse = (text: string, profile?: YoiProfile, file = "seg.jsonl") => parseYoi(text, { file, profile });
const found = (text: string, profile?: YoiProfile, file?: string) =>
  parse(text, profile, file)
    .diagnostics.filter((d) => d.code.startsWith("YOI_") || d.code === "corrupt")
    .map((d) => `${d.code}@${d.line}:${d.severity}`);

describe("yoi-format §8 invariants", () => {
  it("§8.1: an unknown LogEntry kind for the version is the corrupt verdict (E)", () => {
    expect(found(b.file(b.start(), b.pausedAbandoned()), "seed")).toEqual(["corrupt@2:error"]);
  });
  it("§8.2: first entry segment_start, exactly one, session_id = directory name", () => {
    expect(found(b.file(b.say("hi")))).toEqual(["YOI_FIRST_NOT_SEGMENT_START@1:error"]);
    expect(found(b.file(b.start(), b.start()))).toEqual(["YOI_SEGMENT_START_REPEATED@2:error"]);
    const other = "0190a1b2-0000-7000-8000-000000000000";
    expect(found(b.file(b.start()), undefined, `root/${other}/0190a1b2-1111-7000-8000-000000000000.jsonl`)).toEqual(["YOI_SESSION_DIR_MISMATCH@1:warning"]);
    expect(found(b.file(b.start()), undefined, `root/${b.SESSION}/0190a1b2-1111-7000-8000-000000000000.jsonl`)).toEqual([]);
  });
  it("§8.3: at most one origin; the source exists; at_turn_index ≤ its final turn_count", () => {
    const origin = { segment_id: "0190a1b2-1111-7000-8000-000000000000", at_turn_index: 3 };
    expect(found(b.file(b.start({ forked_from: origin, compacted_from: origin })))).toEqual(["YOI_BOTH_ORIGINS@1:error"]);
    const seg = parse(b.file(b.start({ compacted_from: origin })));
    expect(yoiOriginFindings(seg, undefined).map((d) => d.code)).toEqual(["YOI_ORIGIN_MISSING"]);
    const src = parse(b.file(b.start(), b.say("a"), b.turnEnd(1), b.say("b"), b.turnEnd(2)));
    expect(yoiOriginFindings(seg, src).map((d) => d.code)).toEqual(["YOI_ORIGIN_TURN"]);
    const src3 = parse(b.file(b.start(), b.turnEnd(1), b.turnEnd(2), b.turnEnd(3)));
    expect(yoiOriginFindings(seg, src3)).toEqual([]);
  });
  it("§8.4: turn_count strictly increases (error), by one in practice (warning)", () => {
    expect(found(b.file(b.start(), b.turnEnd(1), b.turnEnd(1)))).toEqual(["YOI_TURN_COUNT_ORDER@3:error"]);
    expect(found(b.file(b.start(), b.turnEnd(1), b.turnEnd(3)))).toEqual(["YOI_TURN_COUNT_ORDER@3:warning"]);
    expect(found(b.file(b.start(), b.turnEnd(4), b.turnEnd(5)))).toEqual([]);
  });
  it("§8.5: invoke payload and terminal record", () => {
    expect(found(b.file(b.start(), b.invoke("user_send"), b.assistant(b.assistantMsg("x")), b.runCompleted()))).toEqual(["YOI_INVOKE_PAYLOAD@2:warning"]);
    expect(
      found(b.file(b.start(), b.invoke("notify"), b.systemItem({ kind: "notification", message: "m", body: "[Notification]\nm" }), b.runCompleted())),
    ).toEqual([]);
    expect(found(b.file(b.start(), b.invoke("user_send"), b.say("a"), b.invoke("user_send"), b.say("b"), b.runErrored(false)))).toEqual([
      "YOI_INVOKE_UNTERMINATED@2:warning",
    ]);
    const s = parse(b.file(b.start(), b.invoke("user_send"), b.say("a")), "head");
    expect(s.diagnostics.find((d) => d.code === "YOI_INVOKE_UNTERMINATED")?.message).toContain("last_run_interrupted = true");
  });
  it("§8.6: tool results match an earlier open tool call (seeded history included)", () => {
    expect(found(b.file(b.start(), b.toolResult("c9", "ok")))).toEqual(["YOI_TOOL_RESULT_ORPHAN@2:warning"]);
    expect(found(b.file(b.start({ history: [b.toolCall("c1")] }), b.toolResult("c1", "ok")))).toEqual([]);
    expect(found(b.file(b.start(), b.assistant(b.toolCall("c1")), b.toolResult("c1", "ok"), b.toolResult("c1", "again")))).toEqual([
      "YOI_TOOL_RESULT_ORPHAN@4:warning",
    ]);
    expect(found(b.file(b.start(), b.assistant(b.toolCall("c1")), b.say("next")))).toEqual(["YOI_TOOL_CALL_OPEN@3:warning"]);
    // interrupt prep closes orphans with synthetic results before the next input
    expect(
      found(
        b.file(
          b.start(),
          b.assistant(b.toolCall("c1")),
          b.toolResult("c1", "[Interrupted by user]"),
          b.systemItem({ kind: "interrupt", body: "[The previous turn was interrupted by the user. The user's next request follows.]" }),
          b.say("next"),
        ),
      ),
    ).toEqual([]);
  });
  it("§8.7: task_reminder source other than task_inactivity is the corrupt verdict", () => {
    expect(found(b.file(b.start(), b.systemItem({ kind: "task_reminder", source: "other", body: "<system-reminder>\nx\n</system-reminder>" })))).toEqual([
      "corrupt@2:error",
    ]);
  });
  it("§8.8: seed bodies wrapped exactly once; head bodies unwrapped", () => {
    const tr = (body: string) => b.systemItem({ kind: "task_reminder", source: "task_inactivity", body });
    expect(found(b.file(b.start(), tr("<system-reminder>\nx\n</system-reminder>")), "seed")).toEqual([]);
    expect(found(b.file(b.start(), tr("x")), "seed")).toEqual(["YOI_REMINDER_WRAP@2:warning"]);
    expect(found(b.file(b.start(), tr("<system-reminder>\n<system-reminder>\nx\n</system-reminder>\n</system-reminder>")), "seed")).toEqual([
      "YOI_REMINDER_WRAP@2:warning",
    ]);
    expect(found(b.file(b.start(), tr("x")), "head")).toEqual([]);
    expect(found(b.file(b.start(), tr("<system-reminder>\nx\n</system-reminder>")), "head")).toEqual(["YOI_REMINDER_WRAP@2:warning"]);
  });
  it("§8.9: notification bodies non-empty (warning) and from the default template (info)", () => {
    expect(found(b.file(b.start(), b.systemItem({ kind: "notification", message: "m", body: "" })))).toEqual(["YOI_NOTIFICATION_BODY@2:warning"]);
    expect(found(b.file(b.start(), b.systemItem({ kind: "notification", message: "m", body: "custom m" })))).toEqual(["YOI_NOTIFICATION_BODY@2:info"]);
  });
  it("§8.10: llm_usage.history_len ≤ replayed history; ts non-decreasing", () => {
    expect(found(b.file(b.start({ history: [b.userMsg("s")] }), b.say("a"), b.usage(2), b.usage(3)))).toEqual(["YOI_USAGE_HISTORY_LEN@4:warning"]);
    const back = b.file(b.start(), JSON.stringify({ kind: "turn_end", ts: 5, turn_count: 1 }));
    expect(found(back)).toEqual(["YOI_TS_DECREASING@2:warning"]);
  });
  it("§8.11: unknown segment atoms", () => {
    expect(found(b.file(b.start(), b.userInput([b.text("a"), { kind: "voice", url: "x" }])))).toEqual(["YOI_UNKNOWN_SEGMENT@2:warning"]);
    expect(found(b.file(b.start(), b.userInput([{ kind: "knowledge_ref", slug: "k" }])), "head")).toEqual(["YOI_UNKNOWN_SEGMENT@2:warning"]);
    expect(found(b.file(b.start(), b.userInput([{ kind: "knowledge_ref", slug: "k" }])), "seed")).toEqual([]);
  });
  it("§8.12: knowledge items replay empty under head", () => {
    const k = b.file(b.start(), b.systemItem({ kind: "knowledge", slug: "k", body: "[Knowledge: k]" }));
    expect(found(k, "head")).toEqual(["YOI_EMPTY_REPLAY_ITEM@2:warning"]);
    expect(found(k, "seed")).toEqual([]);
  });
});

describe("yoi-format §2 extension: seed pod.scope", () => {
  it("a malformed pod.scope payload is ignored by the seed reader (warning); the previous scope stays", async () => {
    const { restoreYoi } = await import("../../../../src/formats/yoi/index.js");
    const good = { allow: [{ target: "/a", permission: "read" }], deny: [] };
    const text = b.file(b.start(), b.extension("pod.scope", good), b.extension("pod.scope", { allow: "all" }));
    expect(found(text, "seed")).toEqual(["YOI_POD_SCOPE_MALFORMED@3:warning"]);
    const st = restoreYoi(parse(text, "seed"));
    expect(st.pod_scope).toEqual(good);
    expect(st.extensions).toHaveLength(2);
    expect(found(text, "head")).toEqual([]);
    expect(restoreYoi(parse(text, "head")).pod_scope).toBeUndefined();
  });
});
