// S25/S26 are session-start vectors: which rules the session layer ends up with (bucketing, capability load),
// checked on the buckets and on what a replay then matches.
import { describe, expect, it } from "vitest";
import { parsePi } from "../../../../src/formats/pi/parse.js";
import { bucketRules } from "../../../../src/ttsr/buckets.js";
import { loadRules, type RuleFs } from "../../../../src/ttsr/load.js";
import { TtsrManager } from "../../../../src/ttsr/manager.js";
import { mergeTtsrSettings } from "../../../../src/ttsr/settings.js";
import { simulateTtsr } from "../../../../src/ttsr/simulate/simulate.js";
import type { Rule } from "../../../../src/ttsr/types.js";

const session = parsePi(
  [
    { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/proj" },
    { type: "message", id: "e1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: [{ type: "text", text: "q" }] } },
    {
      type: "message",
      id: "e2",
      parentId: "e1",
      timestamp: "2026-01-01T00:00:02.000Z",
      message: { role: "assistant", content: [{ type: "text", text: "foo" }], stopReason: "stop" },
    },
  ]
    .map((x) => JSON.stringify(x))
    .join("\n"),
  { file: "s.jsonl", profile: "omp17" },
);
const matched = (rules: Rule[], settings: Record<string, unknown> = {}) =>
  simulateTtsr(session, rules, { settings: { interruptMode: "never", ...settings }, ttsrProfile: "v17", cwd: "/proj" }).turns[0].matches.map((m) => m.rule);

describe("ttsr-spec §14 session vectors S25–S26", () => {
  it("ttsr-spec §14 S25: bad regex / unreachable scope with a description → rulebook; disabled names (trimmed) and builtins (builtinRules:false) dropped", () => {
    const R = (name: string, extra: Partial<Rule>): Rule => ({ name, path: `/proj/.omp/rules/${name}.md`, content: "c", condition: ["foo"], ...extra });
    const rules = [
      R("bad-regex", { condition: ["(unclosed"], description: "d" }),
      R("unreachable", { scope: ["tool:edit()"], description: "d" }),
      R("disabled-one", {}),
      R("builtin-one", { path: "builtin-defaults:builtin-one.md", _source: { provider: "builtin-defaults", level: "user" } }),
      R("good", {}),
    ];
    const settings = { disabledRules: [" disabled-one ", ""], builtinRules: false };
    const b = bucketRules(rules, new TtsrManager(settings, { profile: "v17" }), mergeTtsrSettings(settings));
    expect(b.all.map((x) => [x.rule.name, x.bucket])).toEqual([
      ["bad-regex", "rulebook"],
      ["unreachable", "rulebook"],
      ["disabled-one", "disabled"],
      ["builtin-one", "builtin-off"],
      ["good", "ttsr"],
    ]);
    expect(matched(rules, settings)).toEqual(["good"]);
    expect(matched(rules, {}).sort()).toEqual(["builtin-one", "disabled-one", "good"]);
  });

  it("ttsr-spec §14 S26: a project rule X with an empty body shadows the builtin X, then fails validation: no X at all", () => {
    const files: Record<string, string> = {
      "/proj/.omp/rules/X.md": "---\ncondition: foo\n---\n",
      "/builtin/X.md": "---\ncondition: foo\n---\nBuiltin body.",
    };
    const fs: RuleFs = {
      list: (d) =>
        d === "/proj/.omp/rules" || d === "/builtin"
          ? Object.keys(files)
              .filter((f) => f.startsWith(`${d}/`))
              .map((f) => f.slice(d.length + 1))
          : null,
      read: (p) => files[p] ?? null,
    };
    const loaded = loadRules([{ path: "/proj/.omp/rules" }, { path: "/builtin", provider: "builtin-defaults" }], { fs, ttsrProfile: "v17", cwd: "/proj" });
    expect(loaded.rules.map((r) => r.name)).toEqual([]);
    expect(loaded.shadowed.map((s) => s.name)).toEqual(["X"]);
    expect(matched(loaded.rules)).toEqual([]);
  });
});
