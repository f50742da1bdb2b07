// A rule file's findings are listed once: parseRuleFile attaches the rule's findings already, and the
// validation of a rule file adds only what the catastrophic-regex analysis finds on top.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateTextFile } from "../../../../src/app/validate/kinds.js";

const keys = (path: string) => validateTextFile("rule", path, readFileSync(path, "utf8"), {}).map((d) => JSON.stringify(d));

describe("app/validate/kinds: rule files", () => {
  it("the hostile rule with an invalid regex: each of its three findings once", () => {
    const k = keys("fixtures/hostile-terminal/rules/bad-regex.md");
    expect(new Set(k).size).toBe(k.length);
    expect(k.map((x) => JSON.parse(x).code).sort()).toEqual(["TTSR_INVALID_REGEX", "TTSR_NO_VALID_CONDITION", "TTSR_YAML_ESCAPE_TRAP"]);
  });
  it("every rule of the lint fixtures: no finding twice", () => {
    for (const f of ["catastrophic.md", "unreachable-scope.md"].map((n) => `fixtures/rules/lint/${n}`)) {
      const k = keys(f);
      expect(new Set(k).size, f).toBe(k.length);
      expect(k.length, f).toBeGreaterThan(0);
    }
  });
});
