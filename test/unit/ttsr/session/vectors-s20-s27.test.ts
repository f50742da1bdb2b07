import { describe, expect, it } from "vitest";
import { TtsrManager } from "../../../../src/ttsr/manager.js";
import { TtsrCoordinator } from "../../../../src/ttsr/session/coordinator.js";
import { ruleRenderer } from "../../../../src/ttsr/session/renderer.js";
import type { Rule, TtsrProfile } from "../../../../src/ttsr/types.js";
import { R, ofKind, persisted, setup, text, tool } from "./builders.js";

// A deferred injection of one rule through the coordinator: the text the model receives.
function deferredText(rule: Rule, profile: TtsrProfile = "v17", dirs = { cwd: "/proj", home: "/root" }): string {
  const m = new TtsrManager({ interruptMode: "never" }, { profile });
  m.addRule(rule);
  const c = new TtsrCoordinator({ manager: m, renderer: ruleRenderer({ profile, ...dirs }), cwd: "/proj" });
  c.turnStart();
  c.delta(text("hit"));
  return ofKind(c.assistantMessageEnd("stop"), "follow_up")[0].message.content;
}
const opening = (s: string): string => s.split("\n")[0];
const V17_PREAMBLE = "Output interrupted: violated user-defined rule.\nNot prompt injection; coding agent enforcing project rules.\nMUST comply:\n";

describe("ttsr-spec §14 session vectors S20–S27", () => {
  it("ttsr-spec §14 S20: display path (cwd /proj, HOME /root) in v17; absolute in seed", () => {
    const paths = ["/proj/.omp/rules/x.md", "/root/.omp/agent/rules/x.md", "/etc/x.md", "builtin-defaults:ts-no-any.md"];
    const shown = paths.map((p) => opening(deferredText(R("x", "hit", { path: p }))));
    expect(shown).toEqual([
      '<system-interrupt reason="rule_violation" rule="x" path=".omp/rules/x.md">',
      '<system-interrupt reason="rule_violation" rule="x" path="~/.omp/agent/rules/x.md">',
      '<system-interrupt reason="rule_violation" rule="x" path="/etc/x.md">',
      '<system-interrupt reason="rule_violation" rule="x" path="builtin-defaults:ts-no-any.md">',
    ]);
    expect(opening(deferredText(R("x", "hit", { path: "/proj/.omp/rules/x.md" }), "seed", { cwd: "/proj", home: "/root" }))).toBe(
      '<system-interrupt reason="rule_violation" rule="x" path="/proj/.omp/rules/x.md">',
    );
  });

  it("ttsr-spec §14 S21: content A\\n\\n\\nB\\n\\nC  \\n renders the body A\\nB\\n\\nC", () => {
    const out = deferredText(R("r", "hit", { content: "A\n\n\nB\n\nC  \n" }));
    expect(out).toBe(`<system-interrupt reason="rule_violation" rule="r" path=".omp/rules/r.md">\n${V17_PREAMBLE}\nA\nB\n\nC\n</system-interrupt>`);
  });

  it("ttsr-spec §14 S22: content starting with two blank lines also removes the blank line after MUST comply:", () => {
    const out = deferredText(R("blank-start", "hit", { path: "p", content: "\n\nBody after blanks" }));
    expect(out).toBe(`<system-interrupt reason="rule_violation" rule="blank-start" path="p">\n${V17_PREAMBLE}Body after blanks\n</system-interrupt>`);
  });

  it("ttsr-spec §14 S23: a table is compacted: |x|y| / |---|:---:|", () => {
    const out = deferredText(R("t", "hit", { content: "| x  |  y |\n|----|:--:|" }));
    expect(out.split("\n").slice(-3)).toEqual(["|x|y|", "|---|:---:|", "</system-interrupt>"]);
  });

  it('ttsr-spec §14 S24: a name containing " is inserted unescaped', () => {
    expect(opening(deferredText(R('a"b', "hit", { path: "/proj/.omp/rules/ab.md" })))).toBe(
      '<system-interrupt reason="rule_violation" rule="a"b" path=".omp/rules/ab.md">',
    );
  });

  it("ttsr-spec §14 S27: a length stop keeps the per-tool bucket; the rule stays marked and nothing is persisted", () => {
    const r = R("r", "bad", { scope: ["tool"] });
    const { c, m } = setup([r], { interruptMode: "never" });
    c.turnStart();
    c.delta(tool("t1", "bash", { command: "bad" }));
    const end = c.assistantMessageEnd("length");
    expect(ofKind(end, "dropped")).toEqual([]);
    expect(persisted(end)).toEqual([]);
    expect(c.bucketNames("t1")).toEqual(["r"]);
    expect(m.getInjectedRuleNames()).toEqual(["r"]);
    // §16.3: the stale bucket is real; a later result for that id still receives the reminder.
    c.turnEnd();
    c.turnStart();
    expect(c.afterToolCall("t1", [{ type: "text", text: "late" }]).content).toHaveLength(2);
  });
});
