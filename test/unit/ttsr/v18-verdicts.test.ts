// docs/ttsr.md §18.6 The verdicts file, and §18.8 Choosing the profile. Fixtures: fixtures/rules/v18-verdicts/.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { classify } from "../../../src/app/read/classify.js";
import { readVerdictsFile } from "../../../src/app/ttsr/verdicts.js";
import { readTtsrSettings } from "../../../src/ttsr/settings.js";
import { parsePi } from "../../../src/formats/pi/parse.js";
import { sessionTtsrProfile } from "../../../src/ttsr/simulate/profile.js";
import { TTSR_INTERRUPT_V17 } from "../../../src/ttsr/templates.js";
import type { Rule } from "../../../src/ttsr/types.js";
import { readVerdicts, verdictFor } from "../../../src/ttsr/verdicts.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const fixture = (name: string) => resolve(ROOT, "fixtures/rules/v18-verdicts", name);
const read = (name: string) => readVerdicts(readFileSync(fixture(name), "utf8"), name);
const rule = (name: string): Rule => ({ name, path: `/r/${name}.md`, content: "Body", question: "?" });

describe("docs/ttsr.md §18.6 The verdicts file", () => {
  it("a rule maps to one verdict, or to per-response items: entry first, then turn, then the general one", () => {
    const r = read("good.json");
    expect(r.diagnostics).toEqual([]);
    expect(verdictFor(r.verdicts, "docs-tone", { entry: "zz", turn: 9 })).toBe("yes");
    expect(verdictFor(r.verdicts, "gated-question", { entry: "a1b2c3d4", turn: 1 })).toBe("yes");
    expect(verdictFor(r.verdicts, "gated-question", { entry: "other", turn: 2 })).toBe("yes");
    expect(verdictFor(r.verdicts, "gated-question", { entry: "other", turn: 3 })).toBe("no");
    expect(verdictFor(r.verdicts, "unknown", {})).toBeUndefined();
    expect(verdictFor(undefined, "docs-tone", {})).toBeUndefined();
  });
  it("schema errors carry the file, the line of the offending value and its pointer; no verdicts are read", () => {
    const r = read("bad-verdict.json");
    expect(r.verdicts.size).toBe(0);
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(r.diagnostics.every((d) => d.code === "TTSR_VERDICTS_SCHEMA" && d.severity === "error" && d.file === "bad-verdict.json")).toBe(true);
    const at = r.diagnostics.map((d) => [d.pointer, d.line]);
    expect(at).toContainEqual(["/verdicts/docs-tone", 3]);
    expect(at).toContainEqual(["/verdicts/gated-question/0", 5]);
  });
  it("not JSON: one error at the line of the syntax error", () => {
    const r = read("not-json.json");
    expect(r.verdicts.size).toBe(0);
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: "TTSR_VERDICTS_INVALID", severity: "error", line: 4 });
  });
  it("a second answer for the same response is a warning and the first is kept; unknown names are warned about", () => {
    const r = readVerdictsFile(fixture("repeated.json"), [rule("docs-tone")]);
    expect(r.diagnostics.map((d) => [d.code, d.line ?? null])).toEqual([
      ["TTSR_VERDICT_REPEATED", 5],
      ["TTSR_VERDICT_UNKNOWN_RULE", null],
    ]);
    expect(r.diagnostics[1].message).toContain("not-a-judged-rule");
    expect(verdictFor(r.verdicts, "docs-tone", { turn: 1 })).toBe("yes");
  });
  it("the v18 setting judge is a settings key: read, checked against its values, and a settings file is recognised by it", () => {
    expect(readTtsrSettings('{"ttsr": {"judge": "off"}}', "s.json")).toEqual({ settings: { judge: "off" }, diagnostics: [] });
    expect(readTtsrSettings('{"judge": "sometimes"}', "s.json").diagnostics.map((d) => d.code)).toEqual(["TTSR_SETTINGS_UNUSUAL_VALUE"]);
    expect(classify("/p/settings.json", '{"ttsr": {"judge": "on"}}').kind).toBe("settings");
  });
  it("an unreadable file is one error", () => {
    expect(readVerdictsFile(fixture("missing.json")).diagnostics.map((d) => d.code)).toEqual(["UNREADABLE_PATH"]);
  });
  it("answers: an entry answer wins over a turn answer over the general one; no answer is undefined", () => {
    const v = read("good.json").verdicts;
    expect(verdictFor(v, "docs-tone", { entry: "x", turn: 1 })).toBe("yes");
    expect(verdictFor(v, "gated-question", { entry: "x", turn: 1 })).toBe("no");
    expect(verdictFor(v, "gated-question", { entry: "a1b2c3d4", turn: 2 })).toBe("yes");
    expect(verdictFor(v, "gated-question", { entry: "x", turn: 2 })).toBe("yes");
    expect(verdictFor(v, "unanswered", { entry: "x", turn: 1 })).toBeUndefined();
    expect(verdictFor(undefined, "docs-tone", { turn: 1 })).toBeUndefined();
  });
});

describe("docs/ttsr.md §18.8 Choosing the profile", () => {
  const header = JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" });
  const custom = (content: string, details: Record<string, unknown>) =>
    JSON.stringify({
      type: "custom_message",
      id: "c1",
      parentId: null,
      timestamp: "2026-01-01T00:00:01.000Z",
      customType: "ttsr-injection",
      content,
      display: false,
      details,
    });
  const interrupt = TTSR_INTERRUPT_V17.replace("{{name}}", "r").replace("{{path}}", "r.md").replace("{{content}}", "Body.");
  const pi = (line: string) => parsePi(`${header}\n${line}\n`, { file: "s.jsonl" });
  it("a deliveryId or a judged-rule warning means v18", () => {
    expect(sessionTtsrProfile(pi(custom(interrupt, { rules: ["r"], deliveryId: 1 })))).toEqual({ profile: "v18", evidence: "recorded-v18" });
    const warning =
      '<system-reminder reason="rule_violation" rule="r" path="r.md">\nRule judge flagged your reply as likely violating a user-defined rule. Not interrupted → it already took effect.\n\nBody.\n</system-reminder>\n';
    expect(sessionTtsrProfile(pi(custom(warning, { rules: ["r"] })))).toEqual({ profile: "v18", evidence: "recorded-v18" });
  });
  it("v17's interrupt text means v17, or v18 in a session read as omp18", () => {
    const s = pi(custom(interrupt, { rules: ["r"] }));
    expect(sessionTtsrProfile(s)).toEqual({ profile: "v17", evidence: "recorded-template" });
    // The omp18 format profile is matched by name: a session read with it, interrupt text or not, is v18.
    expect(sessionTtsrProfile({ ...s, profile: "omp18" } as unknown as typeof s)).toEqual({ profile: "v18", evidence: "format-profile" });
    const bare = parsePi(`${header}\n`, { file: "s.jsonl" });
    expect(sessionTtsrProfile({ ...bare, profile: "omp18" } as unknown as typeof bare)).toEqual({ profile: "v18", evidence: "format-profile" });
  });
});
