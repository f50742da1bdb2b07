// The benchmark corpus generator: determinism (same seed, same bytes), the structural invariants of each
// format that the generator promises, and that the real readers and rule parser accept what it writes.
import { describe, expect, it } from "vitest";
import { parseSession } from "../../../src/formats/index.js";
import { TtsrManager } from "../../../src/ttsr/manager.js";
import { parseRuleFile } from "../../../src/ttsr/rule-file.js";
import { compiledConditions, ruleFile, rules } from "../../bench/gen/rules.mjs";
import { FORMATS, READER_OF, sessionText, type GenFormat } from "../../bench/gen/session.mjs";

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const records = (text: string): Rec[] =>
  text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Rec);
const small = (format: GenFormat, seed = 11) => sessionText(format, { seed, events: 600 });

describe("bench generator: determinism", () => {
  for (const format of FORMATS) {
    it(`${format}: the same seed gives the same bytes, another seed other bytes`, () => {
      const a = small(format, 5);
      expect(small(format, 5)).toBe(a);
      expect(small(format, 6)).not.toBe(a);
    });
    it(`${format}: at least the requested number of records, ending at a turn boundary`, () => {
      const recs = records(sessionText(format, { seed: 3, events: 1000 }));
      expect(recs.length).toBeGreaterThanOrEqual(1000);
      expect(recs.length).toBeLessThan(1200);
    });
  }
});

describe("bench generator: format shapes", () => {
  it("scorel: header, one snapshot, seq strictly increasing, tree parents earlier, one null-parent tree root", () => {
    const [header, ...events] = records(small("scorel"));
    expect(header).toMatchObject({ version: 1, meta: { projectId: expect.any(String) } });
    expect(events.filter((e) => e.type === "instruction_snapshot")).toHaveLength(1);
    const treeTypes = new Set(["user_message", "assistant_message", "tool_result", "harness_item", "compact"]);
    const seen = new Set<string>();
    let seq = 0;
    let roots = 0;
    for (const e of events) {
      expect(e.seq).toBeGreaterThan(seq);
      seq = e.seq;
      expect(e.sessionId).toBe(header.sessionId);
      if (treeTypes.has(e.type)) {
        if (e.parentId === null) roots++;
        else expect(seen.has(e.parentId)).toBe(true);
        seen.add(e.id);
      } else expect(e.parentId).toBeNull();
    }
    expect(roots).toBe(1);
    expect(events.some((e) => e.type === "compact" && e.retainedEventCount === 8)).toBe(true);
  });

  for (const format of ["pi", "omp17"] as const) {
    it(`${format}: header v3, unique ids, parents earlier, compaction keeps an entry on its path`, () => {
      const text = sessionText(format, { seed: 11, events: 2000 });
      const recs = records(text);
      const body = format === "omp17" ? recs.slice(1) : recs;
      if (format === "omp17") expect(text.split("\n")[0]).toHaveLength(255);
      expect(body[0]).toMatchObject({ type: "session", version: 3 });
      const parent = new Map<string, string | null>();
      for (const e of body.slice(1)) {
        expect(parent.has(e.id)).toBe(false);
        if (e.parentId !== null) expect(parent.has(e.parentId)).toBe(true);
        parent.set(e.id, e.parentId);
        if (e.type === "compaction") {
          const path = new Set<string>();
          for (let p: string | null = e.parentId; p !== null; p = parent.get(p) ?? null) path.add(p);
          expect(path.has(e.firstKeptEntryId)).toBe(true);
        }
      }
      expect(body.some((e) => e.type === "branch_summary")).toBe(true);
    });
  }

  it("omp17: TTSR evidence (aborted reply, ttsr-injection custom_message, ttsr_injection)", () => {
    const recs = records(sessionText("omp17", { seed: 2, events: 3000 }));
    const cm = recs.findIndex((e) => e.type === "custom_message" && e.customType === "ttsr-injection");
    expect(cm).toBeGreaterThan(0);
    expect(recs[cm - 1].message).toMatchObject({ role: "assistant", stopReason: "aborted" });
    expect(recs[cm + 1]).toMatchObject({ type: "ttsr_injection", injectedRules: recs[cm].details.rules });
  });

  it("yoi: segment_start first, turn_end counts up by one, every tool_result answers an earlier tool_call", () => {
    const [start, ...entries] = records(small("yoi"));
    expect(start.kind).toBe("segment_start");
    let turn = 0;
    const open = new Set<string>();
    for (const e of entries) {
      expect(e.kind).not.toBe("segment_start");
      if (e.kind === "turn_end") expect(e.turn_count).toBe(++turn);
      if (e.kind === "assistant_item" && e.item.kind === "tool_call") open.add(e.item.call_id);
      if (e.kind === "tool_result") expect(open.delete(e.item.call_id)).toBe(true);
    }
    expect(open.size).toBe(0);
  });
});

describe("bench generator: the real readers accept the generated sessions", () => {
  const profileOf: Record<GenFormat, string> = { scorel: "p5", pi: "pi", omp17: "omp17", yoi: "seed" };
  for (const format of FORMATS) {
    it(`${format}: read as ${READER_OF[format]} / ${profileOf[format]} with no error diagnostics`, () => {
      const s = parseSession(sessionText(format, { seed: 9, events: 2000 }), { file: `${format}.jsonl` });
      expect(s.format).toBe(READER_OF[format]);
      if (s.format === null) return;
      expect(s.profile).toBe(profileOf[format]);
      expect(s.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(s.tree.nodes.length).toBeGreaterThan(0);
    });
  }
});

describe("bench generator: the 50 rules", () => {
  it("every rule file parses without findings, registers with the seed matcher, and its sample matches", () => {
    expect(rules).toHaveLength(50);
    const m = new TtsrManager({}, { profile: "seed" });
    const res = compiledConditions();
    rules.forEach((r, i) => {
      const rule = parseRuleFile(ruleFile(r), `/bench/.omp/rules/${r.name}.md`, { profile: "seed" });
      expect(rule.diagnostics ?? []).toEqual([]);
      expect(rule.condition).toEqual([r.condition]);
      expect(m.addRule(rule)).toBe(true);
      expect(res[i].test(r.sample)).toBe(true);
    });
  });
});
