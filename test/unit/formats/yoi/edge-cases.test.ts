// yoi-format §9: edge cases with expected replay, asserted on the RestoredState fold.
import { describe, expect, it } from "vitest";
import { parseYoi, restoreYoi, type YoiProfile, type YoiRestoredState } from "../../../../src/formats/yoi/index.js";
import * as b from "./builders.js";

const parse = (text: string, profile?: YoiProfile) => parseYoi(text, { file: "seg.jsonl", profile });
const restore = (text: string, profile?: YoiProfile): YoiRestoredState => restore2(parse(text, profile));
const restore2 = (s: ReturnType<typeof parse>) => restoreYoi(s);
const texts = (st: YoiRestoredState) =>
  st.history.map((h) =>
    h.item.kind === "message" ? `${h.item.role}:${h.item.content.map((p) => (p.kind === "text" ? p.text : p.refusal)).join("")}` : h.item.kind,
  );
const corrupt = (s: ReturnType<typeof parse>) => s.diagnostics.filter((d) => d.code === "corrupt");

describe("yoi-format §9 edge cases", () => {
  it("§9 case 1: empty file → entries_count 0, no session id", () => {
    const st = restore("");
    expect(st.entries_count).toBe(0);
    expect(st.session_id).toBeNull();
    expect(st.history).toEqual([]);
  });

  it("§9 case 2: head ignores a last line without \\n (entries_count excludes it)", () => {
    const text = b.file(b.start(), b.say("hi")) + b.say("torn but complete");
    const s = parse(text, "head");
    expect(restore2(s).entries_count).toBe(2);
    expect(s.rejected).toBe(false);
    expect(s.diagnostics.map((d) => d.code)).toContain("YOI_TORN_TAIL_IGNORED");
  });

  it("§9 case 2 + Corrections: the seed-era reader counts a complete unterminated tail and fails on a torn one", () => {
    const complete = b.file(b.start(), b.say("hi")) + b.say("complete");
    expect(restore(complete, "seed").entries_count).toBe(3);
    const torn = b.file(b.start(), b.say("hi")) + b.say("torn").slice(0, 20);
    const s = parse(torn, "seed");
    expect(s.rejected).toBe(true);
    expect(corrupt(s)).toMatchObject([{ line: 3, loader: true, severity: "error" }]);
    expect(parse(torn, "head").rejected).toBe(false);
  });

  it("§9 case 3: a complete malformed middle line fails the whole segment at that line", () => {
    const s = parse(b.file(b.start(), "{not json", b.say("after")));
    expect(s.rejected).toBe(true);
    expect(s.verdict?.line).toBe(2);
    expect(corrupt(s)).toHaveLength(1);
    expect(corrupt(s)[0]).toMatchObject({ line: 2, loader: true });
  });

  it("§9 case 4: seeded history then user_input", () => {
    expect(texts(restore(b.file(b.start({ history: [b.userMsg("seed")] }), b.say("hi"))))).toEqual(["user:seed", "user:hi"]);
  });

  it("§9 case 5: flattened segments, then the committed file attachment system message", () => {
    const st = restore(
      b.file(
        b.start(),
        b.userInput([b.text("see "), { kind: "paste", id: 1, chars: 11, lines: 2, content: "line1\nline2" }, { kind: "file_ref", path: "src/main.rs" }]),
        b.systemItem({ kind: "file_attachment", path: "src/main.rs", body: "[File: src/main.rs]\nfn main() {}" }),
      ),
    );
    expect(texts(st)).toEqual(["user:see line1\nline2@src/main.rs", "system:[File: src/main.rs]\nfn main() {}"]);
  });

  it("§9 case 6: a T1 task_reminder without source deserializes (source defaults) and replays wrapped as is", () => {
    const body =
      "<system-reminder>\nActive session tasks are still open. If progress changed, call TaskUpdate.\n- taskid 1 (pending) Write tests\n</system-reminder>";
    const s = parse(b.file(b.start(), b.systemItem({ kind: "task_reminder", body })));
    expect(s.rejected).toBe(false);
    expect(texts(restoreYoi(s))).toEqual([`system:${body}`]);
  });

  it("§9 case 7: a T2 wrapped body is replayed exactly (no second wrap)", () => {
    const body = "<system-reminder>\nremember tasks\n</system-reminder>";
    expect(texts(restore(b.file(b.start(), b.systemItem({ kind: "task_reminder", source: "task_inactivity", body }))))).toEqual([`system:${body}`]);
  });

  it("§9 case 8: a T3 plain body is replayed plain", () => {
    expect(texts(restore(b.file(b.start(), b.systemItem({ kind: "task_reminder", source: "task_inactivity", body: "remember tasks" })), "head"))).toEqual([
      "system:remember tasks",
    ]);
  });

  it("§9 case 9: knowledge → body (seed), empty system message still inserted (head)", () => {
    const text = b.file(b.start(), b.systemItem({ kind: "knowledge", slug: "style", body: "[Knowledge: style]\nUse tabs." }));
    expect(texts(restore(text, "seed"))).toEqual(["system:[Knowledge: style]\nUse tabs."]);
    expect(texts(restore(text, "head"))).toEqual(["system:"]);
  });

  it("§9 case 10: workflow → body (seed), fixed text (head)", () => {
    const text = b.file(b.start(), b.systemItem({ kind: "workflow", slug: "old-flow", body: "legacy body" }));
    expect(texts(restore(text, "seed"))).toEqual(["system:legacy body"]);
    expect(texts(restore(text, "head"))).toEqual(["system:Ignored legacy procedure item: /old-flow"]);
  });

  it("§9 case 11: a seed pod_event item, or invoke(pod_event), read by head → corrupt", () => {
    const item = b.file(
      b.start(),
      b.systemItem({ kind: "pod_event", event: { kind: "turn_ended", pod_name: "child" }, body: "[Notification]\npod `child` finished a turn" }),
    );
    expect(parse(item, "seed").rejected).toBe(false);
    const s = parse(item, "head");
    expect(s.rejected).toBe(true);
    expect(corrupt(s)[0].message).toContain("unknown variant `pod_event`");
    const inv = parse(b.file(b.start(), b.invoke("pod_event")), "head");
    expect(inv.rejected).toBe(true);
    expect(inv.verdict?.line).toBe(2);
  });

  it("§9 case 12: invoke, user_input, turn_end(1), invoke(notify), no terminal", () => {
    const text = b.file(b.start(), b.invoke("user_send"), b.say("hi"), b.turnEnd(1), b.invoke("notify"));
    const head = restore(text, "head");
    expect([head.history.length, head.turn_count, head.last_run_interrupted]).toEqual([1, 1, true]);
    const seed = restore(text, "seed");
    expect([seed.history.length, seed.turn_count, seed.last_run_interrupted]).toEqual([1, 1, false]);
  });

  it("§9 case 13: run_completed interrupted+paused, then paused_turn_abandoned → not interrupted", () => {
    const st = restore(b.file(b.start(), b.invoke("user_send"), b.say("go"), b.runCompleted(true, "paused"), b.pausedAbandoned()), "head");
    expect(st.last_run_interrupted).toBe(false);
    const before = restore(b.file(b.start(), b.invoke("user_send"), b.say("go"), b.runCompleted(true, "paused")), "head");
    expect(before.last_run_interrupted).toBe(true);
  });

  it("§9 case 14: llm_usage never changes history; records accumulate in order", () => {
    const st = restore(b.file(b.start(), b.say("a"), b.usage(1, 100), b.assistant(b.assistantMsg("x")), b.usage(2, 200)));
    expect(texts(st)).toEqual(["user:a", "assistant:x"]);
    expect(st.usage_history.map((u) => [u.history_len, u.input_total_tokens])).toEqual([
      [1, 100],
      [2, 200],
    ]);
  });

  it("§9 case 15: two extension entries for one domain are both kept in order", () => {
    const st = restore(b.file(b.start(), b.extension("memory.cursor", { at: 1 }), b.extension("memory.cursor", { at: 2 })));
    expect(st.extensions).toEqual([
      ["memory.cursor", { at: 1 }],
      ["memory.cursor", { at: 2 }],
    ]);
  });

  it('§9 case 16: task_reminder with "source": null is a deserialisation error (no default for explicit null)', () => {
    for (const p of ["seed", "head"] as const) {
      const s = parse(b.file(b.start(), b.systemItem({ kind: "task_reminder", source: null, body: "x" })), p);
      expect(s.rejected).toBe(true);
      expect(corrupt(s)[0].message).toContain("invalid type: null");
    }
  });

  it("§9 case 17: a HEAD task_reminder still wrapped is replayed wrapped (no normalisation at HEAD)", () => {
    const body = "<system-reminder>\nremember tasks\n</system-reminder>";
    const s = parse(b.file(b.start(), b.systemItem({ kind: "task_reminder", source: "task_inactivity", body })), "head");
    expect(texts(restoreYoi(s))).toEqual([`system:${body}`]);
    expect(s.diagnostics.map((d) => d.code)).toContain("YOI_REMINDER_WRAP");
  });
});
