// yoi-format §2 / §3 catalogues: what each reader deserializes, and the era-specific replay text.
import { describe, expect, it } from "vitest";
import { checkLogEntry, flattenSegments, historyText, LOG_ENTRY_KINDS, SYSTEM_ITEM_KINDS } from "../../../../src/formats/yoi/index.js";
import * as b from "./builders.js";

const L = (s: string) => JSON.parse(s) as unknown;
const entries: Record<string, unknown> = {
  segment_start: L(b.start({ history: [b.userMsg("u"), b.toolCall("c"), b.toolResultItem("c", "s"), { kind: "reasoning", text: "t" }] })),
  invoke: L(b.invoke("user_send")),
  user_input: L(b.say("x")),
  assistant_item: L(b.assistant(b.assistantMsg("a"))),
  tool_result: L(b.toolResult("c", "ok")),
  system_item: L(b.systemItem({ kind: "interrupt", body: "b" })),
  turn_end: L(b.turnEnd(1)),
  run_completed: L(b.runCompleted()),
  run_errored: L(b.runErrored(true)),
  paused_turn_abandoned: L(b.pausedAbandoned()),
  config_changed: L(b.configChanged({ stop_sequences: ["END"], reasoning: "high" })),
  llm_usage: L(b.usage(1)),
  extension: L(b.extension("d", null)),
};
const items = (p: "seed" | "head"): Record<string, Record<string, unknown>> => ({
  notification: { kind: "notification", message: "m", body: "[Notification]\nm" },
  pod_event: { kind: "pod_event", event: { kind: "errored", pod_name: "p", message: "boom" }, body: "b" },
  worker_event: {
    kind: "worker_event",
    event: { kind: "scope_sub_delegated", parent_worker: "a", sub_worker: "b", sub_socket: "/tmp/s", scope: [{ target: "/w", permission: "read" }] },
    body: "b",
  },
  file_attachment: { kind: "file_attachment", path: "p", body: "[File: p]\nx" },
  skill_activation: { kind: "skill_activation", name: "s", body: "[Skill: s]" },
  knowledge: { kind: "knowledge", slug: "k", body: "[Knowledge: k]" },
  workflow: p === "seed" ? { kind: "workflow", slug: "w", body: "wb" } : { kind: "workflow", slug: "w" },
  task_reminder: { kind: "task_reminder", body: "r" },
  interrupt: { kind: "interrupt", body: "i" },
});

describe("yoi-format §2 LogEntry catalogue", () => {
  for (const p of ["seed", "head"] as const) {
    it(`${p}: every LogEntry kind of the era deserializes; the others are unknown variants`, () => {
      for (const [kind, v] of Object.entries(entries)) {
        const r = checkLogEntry(p, v);
        if (LOG_ENTRY_KINDS[p].includes(kind)) expect([kind, r]).toEqual([kind, null]);
        else expect(r).toContain(`unknown variant \`${kind}\``);
      }
    });
  }
  it("RequestConfig reasoning is a string or an i32 (untagged)", () => {
    expect(checkLogEntry("seed", L(b.configChanged({ stop_sequences: [], reasoning: 2048 })))).toBeNull();
    expect(checkLogEntry("seed", L(b.configChanged({ stop_sequences: [], reasoning: true })))).toBe(
      "data did not match any variant of untagged enum ReasoningControl",
    );
  });
  it("head tool_result attachments: base64 STANDARD, padded and canonical", () => {
    const att = (data: string) =>
      L(b.toolResult("c", "s").replace('"summary":"s"', `"summary":"s","attachments":[{"kind":"image","mime_type":"image/png","data":"${data}"}]`));
    expect(checkLogEntry("head", att("aGk="))).toBeNull();
    expect(checkLogEntry("head", att("aGk"))).toBe("Invalid base64 input");
    expect(checkLogEntry("head", att("aGl="))).toBe("Invalid last symbol, forming a non-canonical encoding");
    // seed has no attachments field: ignored
    expect(checkLogEntry("seed", att("!!"))).toBeNull();
  });
  it("segment_start session_id must be a UUID; the uuid crate's other forms pass", () => {
    const withId = (id: string) => ({ ...(entries.segment_start as object), session_id: id });
    expect(checkLogEntry("seed", withId("0190a1b2c3d47e5f8a9b0c1d2e3f4a5b"))).toBeNull();
    expect(checkLogEntry("seed", withId(`urn:uuid:${b.SESSION}`))).toBeNull();
    expect(checkLogEntry("seed", withId(`{${b.SESSION}}`))).toBeNull();
    expect(checkLogEntry("seed", withId("session-1"))).toMatch(/^UUID parsing failed/);
  });
});

describe("yoi-format §3 SystemItem catalogue and history_text", () => {
  for (const p of ["seed", "head"] as const) {
    it(`${p}: every SystemItem kind of the era deserializes; the others are unknown variants`, () => {
      for (const [kind, item] of Object.entries(items(p))) {
        const r = checkLogEntry(p, L(b.systemItem(item)));
        if (SYSTEM_ITEM_KINDS[p].includes(kind)) expect([kind, r]).toEqual([kind, null]);
        else expect(r).toContain(`unknown variant \`${kind}\``);
      }
    });
  }
  it("history_text: body verbatim, except HEAD knowledge (empty) and workflow (fixed text)", () => {
    const all = items("seed");
    for (const k of ["notification", "pod_event", "file_attachment", "knowledge", "workflow", "task_reminder", "interrupt"])
      expect(historyText(all[k], "seed")).toBe(all[k].body);
    expect(historyText(all.knowledge, "head")).toBe("");
    expect(historyText({ kind: "workflow", slug: "old-flow", body: "ignored" }, "head")).toBe("Ignored legacy procedure item: /old-flow");
    expect(historyText(items("head").skill_activation, "head")).toBe("[Skill: s]");
  });
});

describe("yoi-format §2.2 Segment flattening", () => {
  const segs = [
    { kind: "text", content: "a" },
    { kind: "paste", id: 1, chars: 1, lines: 1, content: "b" },
    { kind: "file_ref", path: "p" },
    { kind: "knowledge_ref", slug: "k" },
    { kind: "workflow_invoke", slug: "w" },
    { kind: "flow", selector: "f" },
    { kind: "voice" },
  ];
  it("seed: #slug, /slug, unknown → [unknown input segment] (flow is unknown there)", () => {
    expect(flattenSegments(segs, "seed")).toBe("ab@p#k/w[unknown input segment][unknown input segment]");
  });
  it("head: [Flow: …], unknown (including seed-era refs) → nothing", () => {
    expect(flattenSegments(segs, "head")).toBe("ab@p[Flow: f]");
  });
  it("a known segment kind with a missing field is a serde error; an unknown kind is not", () => {
    expect(checkLogEntry("head", L(b.userInput([{ kind: "flow" }])))).toBe("missing field `selector`");
    expect(checkLogEntry("head", L(b.userInput([{ kind: "whatever", x: 1 }])))).toBeNull();
    expect(checkLogEntry("head", L(b.userInput([{ content: "no kind" }])))).toBe("missing field `kind`");
  });
});

describe("serde error order", () => {
  it("a wrong-typed value is reported before a missing field (values are visited in input order)", () => {
    expect(checkLogEntry("seed", { kind: "run_completed", interrupted: "x", result: "finished" })).toBe('invalid type: string "x", expected a boolean');
    expect(checkLogEntry("seed", { kind: "run_completed", ts: 1, result: "finished" })).toBe("missing field `interrupted`");
    expect(checkLogEntry("seed", { kind: "run_completed", result: "nope", ts: "x" })).toContain("unknown variant `nope`");
  });
});

describe("unit enums in buffered content", () => {
  it("string, single-key map with null, and the errors serde gives otherwise", () => {
    const inv = (trigger: unknown) => checkLogEntry("seed", { kind: "invoke", ts: 1, trigger });
    expect(inv("notify")).toBeNull();
    expect(inv({ notify: null })).toBeNull();
    expect(inv(1)).toBe("invalid type: integer `1`, expected string or map");
    expect(inv({})).toBe("invalid value: map, expected map with a single key");
    expect(inv({ nope: null })).toContain("unknown variant `nope`");
    expect(inv({ notify: 1 })).toBe("invalid type: integer `1`, expected unit variant");
  });
});
