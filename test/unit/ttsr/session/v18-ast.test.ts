// v18 AST conditions in the session layer (docs/ttsr.md §17.3, §17.10, §17.11): each test is named after its section.
import { describe, expect, it } from "vitest";
import { loadRules } from "../../../../src/ttsr/load.js";
import { TtsrManager } from "../../../../src/ttsr/manager.js";
import type { DeltaEvent } from "../../../../src/ttsr/session/types.js";
import type { Rule, TtsrProfile, TtsrSettings } from "../../../../src/ttsr/types.js";
import { memFs } from "../memfs.js";
import { ofKind, setup, tool } from "./builders.js";

const AST = (name: string, extra: Partial<Rule> = {}): Rule => ({
  name,
  path: `/proj/.omp/rules/${name}.md`,
  content: `Body of ${name}.`,
  astCondition: ["console.log($A)"],
  ...extra,
});
const end = (id: string, name: string, args: Record<string, unknown>, contentIndex = 0): DeltaEvent => ({
  source: "tool",
  delta: "",
  contentIndex,
  toolCall: { id, name, arguments: args },
  final: true,
});
const decisions = (effects: Parameters<typeof ofKind>[0]) =>
  ofKind(effects, "match").map((e) => [e.streamKey, e.rules.map((r) => `${r.rule.name}:${r.decision}`)]);
const never: Partial<TtsrSettings> = { interruptMode: "never" };
const write = { path: "src/a.ts", content: "function f() { console.log(1) }" };

describe("docs/ttsr.md §17.3 AST conditions", () => {
  it("§17.3: an astCondition alone makes a rule under v18 and v17, not under seed", () => {
    for (const [profile, ok] of [
      ["v18", true],
      ["v17", true],
      ["seed", false],
    ] as [TtsrProfile, boolean][]) {
      expect(new TtsrManager({}, { profile }).addRule(AST("a"))).toBe(ok);
    }
  });

  it("§17.3: a v18 rule file keeps astCondition; the rule registers, is not skipped and draws no finding", () => {
    const out = loadRules(["/p"], { fs: memFs({ "/p/ast.md": "---\nastCondition: 'console.log($A)'\n---\nBody" }), ttsrProfile: "v18" });
    expect(out.buckets.ttsr.map((r) => [r.name, r.astCondition])).toEqual([["ast", ["console.log($A)"]]]);
    expect(out.skipped).toEqual([]);
    expect(out.diagnostics.map((d) => d.code)).not.toContain("TTSR_AST_CONDITION_SKIPPED");
  });

  it("§17.3: deltas never match an AST rule; only toolcall_end does, and only under v18", () => {
    for (const profile of ["v18", "v17"] as const) {
      const { c } = setup([AST("no-console")], never, profile);
      c.turnStart();
      expect(ofKind(c.delta(tool("w1", "write", write)).effects, "match")).toEqual([]);
      const d = c.delta(end("w1", "write", write));
      expect(decisions(d.effects)).toEqual(profile === "v18" ? [["toolcall:w1", ["no-console:tool"]]] : []);
    }
  });
});

describe("docs/ttsr.md §17.10 evaluating AST conditions", () => {
  it("§17.10: a match is routed like any batch: interrupt by default, with the tool-scoped abort", () => {
    const { c } = setup([AST("no-console")], {}, "v18");
    c.turnStart();
    const d = c.delta(end("c1", "write", write));
    expect(d.consumed).toBe(true);
    expect(ofKind(d.effects, "abort")[0].reason).toMatchObject({ kind: "tool-scoped-abort", toolCallMessages: { c1: "TTSR matched rule: no-console" } });
    expect(ofKind(d.effects, "ttsr_triggered").map((e) => e.rules.map((r) => r.name))).toEqual([["no-console"]]);
  });

  it("§17.10: a call without an id goes to the deferred follow-up", () => {
    const { c } = setup([AST("no-console")], never, "v18");
    c.turnStart();
    c.delta(end("", "edit", { path: "/proj/src/c.ts", old_string: "x", new_string: "console.log(1)\n" }, 3));
    expect(c.pendingNames).toEqual(["no-console"]);
    const out = c.assistantMessageEnd("stop");
    expect(ofKind(out, "inject").map((e) => e.rules)).toEqual([["no-console"]]);
  });

  it("§17.10: text conditions that interrupt at toolcall_end leave the AST rules unchecked", () => {
    const { c } = setup(
      [
        { ...AST("ast"), interruptMode: "never" },
        { name: "txt", path: "/p/txt.md", content: "t", condition: ["console"] },
      ],
      {},
      "v18",
    );
    c.turnStart();
    const d = c.delta(end("c1", "write", write));
    expect(d.consumed).toBe(true);
    expect(decisions(d.effects)).toEqual([["toolcall:c1", ["txt:interrupt"]]]);
  });

  it("§17.10 step 1: no path with an extension, or a tool without matcher hooks: nothing is checked", () => {
    const { c } = setup([AST("a")], never, "v18");
    c.turnStart();
    expect(decisions(c.delta(end("w1", "write", { path: "Makefile", content: "console.log(1)" })).effects)).toEqual([]);
    expect(decisions(c.delta(end("b1", "bash", { path: "x.ts", command: "console.log(1)" })).effects)).toEqual([]);
  });

  it("§17.10 step 2: scope, the globs gate and the repeat policy choose the candidates", () => {
    const { c, m } = setup([AST("scoped", { scope: ["tool:edit"] }), AST("globbed", { globs: ["docs/**"] }), AST("done")], never, "v18");
    m.markInjectedByNames(["done"]);
    c.turnStart();
    expect(decisions(c.delta(end("w1", "write", write)).effects)).toEqual([]);
    const e = c.delta(end("e1", "edit", { path: "src/a.ts", old_string: "x", new_string: "console.log(2)" }));
    expect(decisions(e.effects)).toEqual([["toolcall:e1#src/a.ts", ["scoped:tool"]]]);
  });

  it("§17.10 step 3: a key's snapshot is checked once; a new snapshot or a buffer reset checks it again", () => {
    const { m } = setup([AST("a")], never, "v18");
    const once = (args: Record<string, unknown>) =>
      m
        .checkAstSnapshot(String(args.content), { source: "tool", toolName: "write", streamKey: "toolcall:w1", filePaths: ["/proj/src/a.ts"] })
        .rules.map((r) => r.name);
    expect(once(write)).toEqual(["a"]);
    expect(once(write)).toEqual([]);
    expect(once({ content: "console.log(2)" })).toEqual(["a"]);
    m.resetBuffer();
    expect(once({ content: "console.log(2)" })).toEqual(["a"]);
  });

  it("§17.10: per-file entries are checked each with its own key and path; their matches form one batch", () => {
    const { c } = setup([AST("a", { globs: ["src/**"] })], never, "v18");
    c.turnStart();
    const input = "[src/a.ts]\n+console.log(1)\n[docs/x.ts]\n+console.log(2)\n";
    const d = c.delta(end("e1", "edit", { input }));
    expect(decisions(d.effects)).toEqual([["toolcall:e1#src/a.ts", ["a:tool"]]]);
    expect(c.bucketNames("e1")).toEqual(["a"]);
  });

  it("§17.10: a judged rule's AST prefilter is evaluated", () => {
    const m = new TtsrManager({}, { profile: "v18" });
    m.addRule({ ...AST("j"), question: "Is it debug output?" } as Rule);
    const ctx = (p: string) => ({ source: "tool" as const, toolName: "write", filePaths: [p] });
    expect(m.judgedCandidates("console.log(1)", ctx("/proj/a.ts"))).toEqual([expect.objectContaining({ question: "Is it debug output?" })]);
    expect(m.judgedCandidates("console.log(1)", ctx("/proj/a.ts"))[0].astUnchecked).toBeUndefined();
    expect(m.judgedCandidates("alert(1)", ctx("/proj/a.ts"))).toEqual([]);
    expect(m.judgedCandidates("console.log(1)", ctx("/proj/a.txt"))).toEqual([]);
  });
});

describe("docs/ttsr.md §17.11 languages sightline parses", () => {
  it("§17.11: a language only upstream parses is reported not-decidable-offline and routed nowhere", () => {
    const { c } = setup([AST("a")], {}, "v18");
    c.turnStart();
    const d = c.delta(end("w1", "write", { path: "tool.py", content: "console.log(1)" }));
    expect(d.consumed).toBe(false);
    expect(decisions(d.effects)).toEqual([["toolcall:w1", ["a:not-decidable-offline"]]]);
    expect(ofKind(d.effects, "match")[0].toolCallId).toBe("w1");
    expect(c.bucketNames("w1")).toBeUndefined();
    expect(c.pendingNames).toEqual([]);
  });

  it("§17.11: a judged rule whose prefilter needs such a language is asked, flagged unchecked", () => {
    const m = new TtsrManager({}, { profile: "v18" });
    m.addRule({ ...AST("j"), question: "Q?" } as Rule);
    const [cand] = m.judgedCandidates("print(1)", { source: "tool", toolName: "write", filePaths: ["/proj/a.py"] });
    expect(cand.astUnchecked).toBe(true);
  });
});
