// A subagent transcript is linked to the tool call of its parent session that started it (docs/claude-code.md §2).
import { copyFileSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSession } from "../../../../src/app/read/read.js";
import { isSession, moduleOf } from "../../../../src/formats/index.js";

const project = (release: string) => join(import.meta.dirname, "../../../../fixtures/claude-code", release, "subagent/projects/-tmp-cc-project");
const subagent = (release: string) => {
  const dir = project(release);
  const sub = join(dir, readdirSync(dir).find((n) => !n.endsWith(".jsonl")) as string, "subagents");
  return join(sub, readdirSync(sub).find((n) => n.endsWith(".jsonl")) as string);
};
const findings = async (file: string) => {
  const s = await readSession(file);
  if (!isSession(s)) throw new Error("not read");
  return (moduleOf(s).originFindings?.(s) ?? []).map((d) => [d.code, d.message]);
};

describe("subagent transcripts", () => {
  for (const release of ["2.1.328", "2.1.220"])
    it(`${release}: the Agent call of the parent session that started it`, async () => {
      const f = await findings(subagent(release));
      expect(f).toHaveLength(1);
      expect(f[0]?.[0]).toBe("CC_SUBAGENT_OF");
      expect(f[0]?.[1]).toMatch(/was started by tool call toolu_cc31 of session /);
    });

  it("without its parent beside it: a warning, not a guess", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sightline-cc-sub-"));
    const copy = join(dir, "agent-x.jsonl");
    copyFileSync(subagent("2.1.328"), copy);
    expect((await findings(copy)).map(([c]) => c)).toEqual(["CC_SUBAGENT_PARENT_MISSING"]);
  });

  it("a main session names no parent", async () => {
    const dir = project("2.1.328");
    expect(await findings(join(dir, readdirSync(dir).find((n) => n.endsWith(".jsonl")) as string))).toEqual([]);
  });
});
