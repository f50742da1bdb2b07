// Properties of the Scorel reader: random valid sessions load cleanly and are never mutated; arbitrary
// input never throws.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createScorelParser, parseScorel } from "../../src/formats/scorel/parse.js";
import { SCOREL_PROFILES } from "../../src/formats/scorel/model.js";
import { splitText } from "../../src/shared/lines.js";

type Obj = Record<string, unknown>;
const SID = "ses_prop";
const KINDS = ["baseline", "agents", "memory", "workspace", "environment", "time"];

/** One step of a session: which kind of event, which earlier node to hang it under, gaps in seq/ts. */
const step = fc.record({
  kind: fc.constantFrom("turn", "tool", "harness", "queue", "title", "compact"),
  parentPick: fc.nat(),
  seqGap: fc.integer({ min: 1, max: 5 }),
  text: fc.string({ maxLength: 20 }),
});

function build(steps: Array<{ kind: string; parentPick: number; seqGap: number; text: string }>): { objs: Obj[]; treeIds: string[] } {
  let seq = 0;
  let ts = 1_000;
  let n = 0;
  const base = (type: string, parentId: string | null, gap: number): Obj => ({
    type,
    id: `e${++n}`,
    parentId,
    seq: (seq += gap),
    sessionId: SID,
    clientId: "c",
    ts: (ts += gap),
  });
  const snapshot = { version: 1, cwd: "/w", sections: KINDS.map((k) => ({ kind: k, frozenAt: 1, renderedBlock: k })) };
  const objs: Obj[] = [
    { version: 1, sessionId: SID, deviceId: "d", createdAt: 1, meta: { projectId: "p" } },
    { ...base("instruction_snapshot", null, 1), snapshot },
  ];
  const tree: string[] = [];
  const add = (o: Obj): string => {
    objs.push(o);
    tree.push(o.id as string);
    return o.id as string;
  };
  const user = (parent: string | null, gap: number, t: string) =>
    add({ ...base("user_message", parent, gap), message: { role: "user", content: [{ type: "text", text: t }] } });
  user(null, 1, "start");
  for (const s of steps) {
    const parent = tree[s.parentPick % tree.length];
    if (s.kind === "turn") {
      const u = user(parent, s.seqGap, s.text);
      add({ ...base("assistant_message", u, 1), message: { role: "assistant", content: [{ type: "text", text: s.text }], stopReason: "end_turn" } });
    } else if (s.kind === "tool") {
      const a = add({
        ...base("assistant_message", parent, s.seqGap),
        message: { role: "assistant", content: [{ type: "tool_call", toolCallId: `c${n}`, toolName: "read", args: { p: s.text } }], stopReason: "tool_call" },
      });
      const call = ((objs.at(-1)!.message as Obj).content as Obj[])[0].toolCallId;
      add({
        ...base("tool_result", a, 1),
        message: {
          role: "tool_result",
          content: [{ type: "tool_result", toolCallId: call, toolName: "read", result: { content: [{ type: "text", text: s.text }] } }],
        },
      });
    } else if (s.kind === "harness") {
      add({ ...base("harness_item", parent, s.seqGap), item: { kind: "runtime_notice", origin: "system", content: s.text, visibility: "hidden" } });
    } else if (s.kind === "queue") {
      objs.push({ ...base("queue_update", null, s.seqGap), queue: "follow_up", operation: "rewrite", items: [], anchorEventId: parent });
    } else if (s.kind === "title") {
      objs.push({ ...base("session_title_updated", null, s.seqGap), title: `t${s.text}`, source: "user" });
    } else {
      add({ ...base("compact", parent, s.seqGap), summary: s.text, compactedThrough: parent, tokensBefore: 10, tokensAfter: 1, retainedEventCount: 8 });
    }
  }
  return { objs, treeIds: tree };
}

const sessions = fc.array(step, { maxLength: 25 }).map(build);

describe("scorel reader properties", () => {
  it("a random valid session loads: no verdict, no errors, the tree holds every tree event, the active leaf is the last one", () => {
    fc.assert(
      fc.property(sessions, ({ objs, treeIds }) => {
        const text = objs.map((o) => JSON.stringify(o)).join("\n") + "\n";
        const s = parseScorel(text, { file: "p.jsonl" });
        expect(s.verdict).toBeNull();
        expect(s.rejected).toBe(false);
        expect(s.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        expect(s.tree.nodes).toEqual(treeIds);
        expect(s.tree.activeLeafId).toBe(treeIds.at(-1));
        // The reader never changes what it parsed: every raw object equals its line.
        s.events.forEach((e, i) => expect(e.raw).toEqual(objs[i + 1]));
      }),
      { numRuns: 150 },
    );
  });

  it("parsing never throws and never mutates its input line records (frozen), under every profile", () => {
    const line = fc.oneof(
      fc.json().map((j) => j),
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        "",
        " ",
        "\r",
        "\uFEFF{}",
        '{"kind":"message"}',
        '{"version":1,"sessionId":"s"}',
        '{"type":"compact","sessionId":"s","id":"x","parentId":"x","seq":1,"clientId":"c","ts":1}',
      ),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.constantFrom(undefined, ...SCOREL_PROFILES), (lines, profile) => {
        const records = splitText(lines.join("\n")).map((r) => Object.freeze({ ...r }));
        const sink = createScorelParser({ file: "x", profile });
        for (const r of records) sink.push(r);
        const s = sink.finish();
        expect(s.format).toBe("scorel");
        expect(s.lineCount).toBe(records.length === 0 ? 0 : records.at(-1)!.no);
      }),
      { numRuns: 300 },
    );
  });

  it("mutating one field of a valid session never throws and keeps one verdict at most", () => {
    const junk = fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 5 }), fc.constant([]), fc.constant({}));
    fc.assert(
      fc.property(sessions, fc.nat(), fc.nat(), junk, ({ objs }, which, field, value) => {
        const copy = objs.map((o) => structuredClone(o));
        const target = copy[which % copy.length];
        const keys = Object.keys(target);
        target[keys[field % keys.length]] = value;
        const before = JSON.stringify(copy);
        const s = parseScorel(copy.map((o) => JSON.stringify(o)).join("\n") + "\n", { file: "m" });
        expect(JSON.stringify(copy)).toBe(before);
        expect(s.diagnostics.filter((d) => d.loader).length).toBeLessThanOrEqual(1);
        expect(s.rejected).toBe(s.verdict !== null);
      }),
      { numRuns: 200 },
    );
  });
});
