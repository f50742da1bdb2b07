// sightline ttsr list on a v18 rule set (docs/ttsr.md §18): goldens of the table as main and as a subagent, the
// JSON contract with its v18 fields, and the same set under v17 for contrast.
import { describe, expect, it } from "vitest";
import { check } from "../../src/schema/ajv.js";
import schema from "../../src/schema/json/ttsr/ttsr-list.json" with { type: "json" };
import { golden, runCli } from "./run.js";

const RULES = [
  ...["v18-agents", "v18-judged", "v18-lookahead", "v18-enabled-false/project", "v18-enabled-false/user"].flatMap((d) => ["--rules", `fixtures/rules/${d}`]),
  "--builtin-rules",
  "fixtures/rules/v18-enabled-false/builtin",
];
const list = (...extra: string[]) => ["ttsr", "list", ...RULES, ...extra];

interface Row {
  name: string;
  bucket: string;
  path: string;
  question?: string;
  agents?: string[];
  lookaheadOnly?: string[];
}

describe("sightline ttsr list --ttsr-profile v18", () => {
  for (const agent of ["main", "task-worker"])
    it(`golden: docs/ttsr.md §18.1–§18.7 as agent ${agent}`, async () => {
      const args = list("--ttsr-profile", "v18", "--agent", agent);
      const r = runCli(args);
      expect(r.code).toBe(0);
      await expect(golden(args, r)).toMatchFileSnapshot(`../golden/cli/ttsr-list/v18-${agent}.txt`);
    });

  it("golden: docs/ttsr.md §18.2 without --agent every rule is listed unscoped", async () => {
    const args = list("--ttsr-profile", "v18");
    const r = runCli(args);
    expect(r.code).toBe(0);
    await expect(golden(args, r)).toMatchFileSnapshot("../golden/cli/ttsr-list/v18-unscoped.txt");
  });

  it("--json: the contract, judged rules with their question, agents, lookahead-only conditions, the agent used", () => {
    const doc = JSON.parse(runCli(list("--ttsr-profile", "v18", "--agent", "Main", "--json")).stdout) as { agent?: string; profile: string; rules: Row[] };
    expect(check(schema, doc)).toEqual([]);
    expect(doc.profile).toBe("v18");
    expect(doc.agent).toBe("main");
    const by = (name: string) => doc.rules.find((x) => x.name === name && x.bucket !== "frontmatter-disabled") as Row;
    expect(by("docs-tone")).toMatchObject({ bucket: "judged", question: "Does the reply promise work that was not done?" });
    expect(by("reviewer-only")).toMatchObject({ bucket: "agent-excluded", agents: ["reviewer"] });
    expect(by("both-words").lookaheadOnly).toEqual(["(?=[\\s\\S]*password)(?=[\\s\\S]*plaintext)"]);
    expect(by("no-console").path).toContain("v18-enabled-false/user/no-console.md");
  });

  it("golden: docs/ttsr.md §18.5 the same set under v17 (question and agents ignored, the disabled file shadows)", async () => {
    const args = list("--ttsr-profile", "v17");
    const r = runCli(args);
    expect(r.code).toBe(0);
    await expect(golden(args, r)).toMatchFileSnapshot("../golden/cli/ttsr-list/v18-set-as-v17.txt");
  });
});
