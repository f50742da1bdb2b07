// The per-era JSON Schemas agree with the serde checker on every fixture line and on crafted bad lines.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkLogEntry } from "../../../../src/formats/yoi/catalog.js";
import { checkYoiLineSchema } from "../../../../src/formats/yoi/schema.js";
import * as b from "./builders.js";

const DIR = resolve(import.meta.dirname, "../../../../fixtures/yoi");
const files = (d: string): string[] =>
  readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? files(join(d, n)) : n.endsWith(".trace.jsonl") ? [] : [join(d, n)]));
const fixtureLines = files(DIR).flatMap((f) =>
  readFileSync(f, "utf8")
    .split("\n")
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as unknown];
      } catch {
        return [];
      }
    }),
);

const bad: Array<[string, unknown]> = [
  ["unknown kind", { kind: "nope", ts: 1 }],
  ["missing ts", { kind: "turn_end", turn_count: 1 }],
  ["negative ts", { kind: "turn_end", ts: -1, turn_count: 1 }],
  ["source null", JSON.parse(b.systemItem({ kind: "task_reminder", source: null, body: "x" }))],
  ["unknown source", JSON.parse(b.systemItem({ kind: "task_reminder", source: "other", body: "x" }))],
  ["bad session id", { kind: "segment_start", ts: 1, session_id: "nope", system_prompt: null, config: b.CONFIG, history: [] }],
  ["no stop_sequences", { kind: "segment_start", ts: 1, session_id: b.SESSION, system_prompt: null, config: {}, history: [] }],
  ["bad role", JSON.parse(b.assistant({ kind: "message", role: "tool", content: [] }))],
  ["paste without id", JSON.parse(b.userInput([{ kind: "paste", content: "x" }]))],
  ["unknown invoke", JSON.parse(b.invoke("later"))],
  ["bad result", JSON.parse(b.runCompleted(false, "done"))],
];

describe("yoi JSON Schemas per era", () => {
  it("has fixture lines to compare", () => expect(fixtureLines.length).toBeGreaterThan(60));
  it.each(["seed", "head", "v3"] as const)("%s: schema and serde checker agree on every fixture line", (p) => {
    for (const v of fixtureLines)
      expect([JSON.stringify(v).slice(0, 80), checkYoiLineSchema(p, v).length === 0]).toEqual([JSON.stringify(v).slice(0, 80), checkLogEntry(p, v) === null]);
  });
  it.each(bad)("%s: rejected by both, in every era", (_n, v) => {
    for (const p of ["seed", "head", "v3"] as const) {
      expect(checkLogEntry(p, v)).not.toBeNull();
      expect(checkYoiLineSchema(p, v).length).toBeGreaterThan(0);
    }
  });
  it("era-specific kinds: pod_event only seed, worker_event / paused_turn_abandoned only head", () => {
    const pod = JSON.parse(b.systemItem({ kind: "pod_event", event: { kind: "shut_down", pod_name: "p" }, body: "b" }));
    const worker = JSON.parse(b.systemItem({ kind: "worker_event", event: { kind: "shut_down", worker_name: "w" }, body: "b" }));
    const paused = JSON.parse(b.pausedAbandoned());
    expect([checkYoiLineSchema("seed", pod).length, checkYoiLineSchema("head", pod).length > 0]).toEqual([0, true]);
    expect([checkYoiLineSchema("head", worker).length, checkYoiLineSchema("seed", worker).length > 0]).toEqual([0, true]);
    expect([checkYoiLineSchema("head", paused).length, checkYoiLineSchema("seed", paused).length > 0]).toEqual([0, true]);
    // HEAD workflow needs only the slug
    const wf = JSON.parse(b.systemItem({ kind: "workflow", slug: "s" }));
    expect([checkLogEntry("head", wf), checkLogEntry("seed", wf)]).toEqual([null, "missing field `body`"]);
    expect([checkYoiLineSchema("head", wf).length, checkYoiLineSchema("seed", wf).length > 0]).toEqual([0, true]);
  });
});
