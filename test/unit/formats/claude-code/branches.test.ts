// Rewinds and forks as the real CLI wrote them (docs/claude-code.md §2): a rewind is a second child of the entry
// resumed at, in the same file; a fork copies the chain under a new session id.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { forkedFrom } from "../../../../src/formats/claude-code/subagent.js";
import type { CcSession } from "../../../../src/formats/claude-code/model.js";
import { isSession, parseSession } from "../../../../src/formats/index.js";

const sessions = (release: string, scenario: string): CcSession[] => {
  const dir = join(import.meta.dirname, "../../../../fixtures/claude-code", release, scenario, "projects/-tmp-cc-project");
  return readdirSync(dir)
    .filter((n) => n.endsWith(".jsonl"))
    .map((n) => {
      const s = parseSession(readFileSync(join(dir, n), "utf8"), { file: n });
      if (!isSession(s) || s.format !== "claude-code") throw new Error("not read");
      return s as CcSession;
    });
};

describe("rewinds and forks", () => {
  for (const release of ["2.1.328", "2.1.220"])
    it(`${release} rewind: two leaves, one entry with two children`, () => {
      const [s] = sessions(release, "rewind");
      if (!s) throw new Error("no session");
      expect(s.tree.leaves).toHaveLength(2);
      // The entry resumed at (the first answer, or the attachment line 2.1.3xx writes after it) has two children.
      const parents = [...s.entries.values()].map((r) => r.raw.parentUuid).filter((p): p is string => typeof p === "string");
      const twice = [...new Set(parents.filter((p, i) => parents.indexOf(p) !== i))];
      expect(twice).toHaveLength(1);
      const children = [...s.entries.values()].filter((r) => r.raw.parentUuid === twice[0]).map((r) => r.type);
      expect(children).toContain("user");
    });

  it("2.1.328 fork: the copy names its original, the original names none", () => {
    const all = sessions("2.1.328", "fork");
    const named = all.map((s) => forkedFrom(s));
    expect(named.filter((n) => n !== undefined)).toHaveLength(1);
    const fork = all[named.findIndex((n) => n !== undefined)] as CcSession;
    const origin = all.find((s) => s !== fork) as CcSession;
    expect(forkedFrom(fork)).toBe(origin.id);
    expect(fork.id).not.toBe(origin.id);
  });

  it("2.1.220 fork: nothing in the copy names the original (not recognised from one file)", () => {
    expect(sessions("2.1.220", "fork").map((s) => forkedFrom(s))).toEqual([undefined, undefined]);
  });
});
