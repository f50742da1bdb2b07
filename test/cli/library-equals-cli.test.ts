// Issue 12 item 1: the library gives the CLI's answers. For every session under fixtures/ (every format, the
// yoi session folder included), replayDocument(session) and compactionDiffs(session) from the package entry
// deep-equal the documents `replay --json` and `diff --json` print.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT, runCli, runMany, type CliRun } from "./run.js";
import type * as Api from "../../dist/index.js";

function sessionInputs(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return [...(/^session-/.test(n) ? [p] : []), ...sessionInputs(p)];
    return n.endsWith(".jsonl") ? [p] : [];
  });
}

const inputs = sessionInputs(join(ROOT, "fixtures")).map((p) => relative(ROOT, p));
const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe("library documents equal the CLI's --json documents (every session fixture)", () => {
  let api: typeof Api;
  let replays: CliRun[];
  let diffs: CliRun[];
  beforeAll(async () => {
    api = (await import("../../dist/index.js")) as typeof Api;
    const runs = runMany(inputs.flatMap((f) => [{ args: ["replay", join(ROOT, f), "--json"] }, { args: ["diff", join(ROOT, f), "--json"] }]));
    replays = runs.filter((_, i) => i % 2 === 0);
    diffs = runs.filter((_, i) => i % 2 === 1);
  }, 600_000); // one process runs every fixture twice; slow machines need minutes

  it("covers every format, a compacted yoi segment and a pi capsule that loses a pending write", async () => {
    const formats = new Set<string>();
    let yoiBefore = false;
    let lostWrite = false;
    for (const f of inputs) {
      const s = await api.readSession(join(ROOT, f));
      if (!api.isSession(s)) continue;
      formats.add(s.format);
      for (const c of api.compactionDiffs(s)) {
        if (s.format === "yoi" && c.before.messages.length > 0) yoiBefore = true;
        if (s.format === "pi" && c.capsule?.lost.some((x) => x.kind === "pending-write")) lostWrite = true;
      }
    }
    expect([...formats].sort()).toEqual(["claude-code", "codex", "pi", "scorel", "yoi"]);
    expect(yoiBefore).toBe(true);
    expect(lostWrite).toBe(true);
  });

  it("the batch driver prints what bin/sightline.js prints", () => {
    const f = inputs.find((x) => x.endsWith("before-compaction.jsonl"))!;
    expect(runCli(["diff", join(ROOT, f), "--json"])).toEqual(diffs[inputs.indexOf(f)]);
  });

  for (const [i, f] of inputs.entries()) {
    it(f, async () => {
      const s = await api.readSession(join(ROOT, f));
      if (!api.isSession(s)) {
        // Not a session: the CLI refuses it (exit 2) and there is no document to compare.
        expect([replays[i].code, diffs[i].code]).toEqual([2, 2]);
        return;
      }
      expect(replays[i].code, replays[i].stderr).toBe(0);
      expect(JSON.parse(replays[i].stdout)).toEqual(json(api.replayDocument(s)));
      expect(JSON.parse(diffs[i].stdout)).toEqual(json({ schemaVersion: 1, compactions: api.compactionDiffs(s) }));
    });
  }
});
