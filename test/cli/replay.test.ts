// `sightline replay`: goldens of the turn views of every session fixture (text, and JSON deltas over every
// branch), the real pi fixture's listing and two of its turns, one full turn per interesting fixture, and the
// JSON contract. The per-fixture sweep runs the built CLI's main() many times in ONE spawned node process
// (see runBatch): spawning ~200 processes would take minutes; a cross-check proves the two ways agree.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkContract } from "../../src/schema/contract.js";
import { golden, ROOT, runCli, type CliRun, runMany } from "./run.js";

/** Every *.jsonl file under fixtures/ (debug *.trace.jsonl files are not segments), relative to ROOT. */
function sessionFiles(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith(".jsonl") && !n.endsWith(".trace.jsonl")) out.push(relative(ROOT, p));
    }
  };
  walk(join(ROOT, "fixtures"));
  return out;
}

const runBatch = (runs: string[][]): CliRun[] => runMany(runs.map((args) => ({ args })));

const PI_REAL = "fixtures/pi/before-compaction.jsonl";
const FILES = sessionFiles().filter((f) => f !== PI_REAL);
const goldenBase = (f: string) => `../golden/cli/replay/${f.replace(/^fixtures\//, "").replace(/\.jsonl$/, "")}`;
const textArgs = (f: string) => ["replay", f];
const jsonArgs = (f: string) => ["replay", f, "--json", "--delta", "--all-leaves"];

// A pretty-printed 2000-deep array is megabytes of indentation: such goldens keep the document compact.
const BIG = 256 * 1024;
function jsonGolden(args: string[], r: CliRun): string {
  if (r.stdout.length <= BIG) return golden(args, r);
  const note = `(re-serialised compactly: the printed document is ${r.stdout.length} characters)\n`;
  return golden(args, { ...r, stdout: note + JSON.stringify(JSON.parse(r.stdout)) + "\n" });
}

interface ReplayDoc {
  schemaVersion: number;
  session: { path: string; format: string; profile: string };
  turns: Array<{ index: number; messages: unknown }>;
  diagnostics: Array<{ code: string; severity: string }>;
}

const PI_TEXT = ["replay", PI_REAL];
const PI_TURN0 = ["replay", PI_REAL, "--turn", "0", "--full"];
const PI_TURN483 = ["replay", PI_REAL, "--turn", "483", "--json", "--delta"];
const PI_TURN484 = ["replay", PI_REAL, "--turn", "484"];
const YOI_FOLDER = ["replay", "fixtures/yoi/session-0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"];

// One interesting turn of each: after the interrupt and the tool reminder, after a branch past the gap,
// right after a compaction, the written tool reminder; Scorel P5 after its compact with a harness merge
// (steer into a tool result); yoi seed-era with a file attachment and a wrapped task reminder.
const FULL_TURNS: Array<[file: string, turn: number, why: string]> = [
  ["fixtures/pi/omp17-interrupt-then-tool-reminder/session.jsonl", 4, "tool reminder after an interrupt"],
  ["fixtures/pi/omp17-branch-after-gap/session.jsonl", 5, "branch after the repeat gap"],
  ["fixtures/pi/omp17-deferred-then-compaction/session.jsonl", 6, "first turn after the compaction"],
  ["fixtures/pi/omp17-written-tool-reminder.jsonl", 0, "written tool reminder"],
  ["fixtures/scorel/valid/p5-session.jsonl", 4, "after the compact, harness steer merged into a tool result"],
  ["fixtures/yoi/seed-era-realistic.jsonl", 1, "file attachment and wrapped task reminder"],
];
const fullArgs = (f: string, n: number) => ["replay", f, "--turn", String(n), "--full"];
const turnJsonArgs = (f: string, n: number) => ["replay", f, "--turn", String(n), "--json"];

const ALL_RUNS = [
  ...FILES.flatMap((f) => [textArgs(f), jsonArgs(f)]),
  PI_TEXT,
  PI_TURN0,
  PI_TURN483,
  PI_TURN484,
  YOI_FOLDER,
  ...FULL_TURNS.flatMap(([f, n]) => [fullArgs(f, n), turnJsonArgs(f, n)]),
];
const results = new Map<string, CliRun>();
const key = (a: string[]) => a.join("\u0000");
const run = (a: string[]): CliRun => {
  const r = results.get(key(a));
  if (!r) throw new Error(`not in the batch: ${a.join(" ")}`);
  return r;
};

beforeAll(() => {
  runBatch(ALL_RUNS).forEach((r, i) => {
    results.set(key(ALL_RUNS[i]), r);
  });
}, 180_000);

describe("sightline replay: every session fixture", () => {
  it("the sweep covers Scorel, pi and yoi fixtures", () => {
    expect(FILES.length).toBeGreaterThan(90);
    for (const dir of ["fixtures/scorel/", "fixtures/pi/", "fixtures/yoi/"])
      expect(
        FILES.some((f) => f.startsWith(dir)),
        dir,
      ).toBe(true);
    expect(FILES.some((f) => f.endsWith(".trace.jsonl"))).toBe(false);
  });

  it.each(FILES)("golden text: replay %s", async (f) => {
    const r = run(textArgs(f));
    expect(r.code === 0 || r.code === 2, r.stderr).toBe(true);
    await expect(golden(textArgs(f), r)).toMatchFileSnapshot(`${goldenBase(f)}.txt`);
  });

  it.each(FILES)("golden JSON: replay %s --json --delta --all-leaves (contract)", async (f) => {
    const args = jsonArgs(f);
    const r = run(args);
    if (r.code === 0) {
      const doc = JSON.parse(r.stdout) as ReplayDoc;
      expect(checkContract("replay", doc)).toEqual([]);
      expect(doc.session.path).toBe(f);
      expect(doc.turns.map((t) => t.index)).toEqual(doc.turns.map((_, i) => i));
      expect(r.stderr).toBe("");
    } else {
      // Not a session at all (empty, no header): a usage-style refusal with the reason, never a crash.
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(new RegExp(`^sightline: ${f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `));
    }
    await expect(jsonGolden(args, r)).toMatchFileSnapshot(`${goldenBase(f)}.json.txt`);
  });

  it("no golden is left over from a fixture that was moved or removed", () => {
    const dir = join(ROOT, "test/golden/cli/replay");
    const goldens: string[] = [];
    const walk = (d: string) => {
      for (const n of readdirSync(d)) statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : goldens.push(relative(dir, join(d, n)));
    };
    walk(dir);
    const expected = new Set([
      ...FILES.flatMap((f) => [`${goldenBase(f)}.txt`, `${goldenBase(f)}.json.txt`]),
      ...FULL_TURNS.map(([f, n]) => `${goldenBase(f)}.turn-${n}.full.txt`),
      ...["before-compaction.txt", "before-compaction.turn-0.full.txt", "before-compaction.turn-483.delta.json.txt"].map((n) => `../golden/cli/replay/pi/${n}`),
      "../golden/cli/replay/yoi/session-folder.txt",
    ]);
    expect(goldens.map((g) => `../golden/cli/replay/${g}`).filter((g) => !expected.has(g))).toEqual([]);
  });

  it("the in-process sweep prints exactly what the spawned CLI prints (text, JSON, a refused file)", () => {
    for (const args of [
      textArgs("fixtures/scorel/valid/p5-session.jsonl"),
      jsonArgs("fixtures/pi/omp17-branch-after-gap/session.jsonl"),
      textArgs("fixtures/scorel/invalid/empty-file.jsonl"),
    ]) {
      expect(runCli(args), args.join(" ")).toEqual(run(args));
    }
  });
});

describe("sightline replay: the real pi fixture (fixtures/pi/before-compaction.jsonl)", () => {
  it("golden: the turn listing of the active path (484 turns)", async () => {
    const r = run(PI_TEXT);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("484 turns listed");
    await expect(golden(PI_TEXT, r)).toMatchFileSnapshot("../golden/cli/replay/pi/before-compaction.txt");
  });

  it("golden: --turn 0 --full", async () => {
    const r = run(PI_TURN0);
    expect(r.code).toBe(0);
    await expect(golden(PI_TURN0, r)).toMatchFileSnapshot("../golden/cli/replay/pi/before-compaction.turn-0.full.txt");
  });

  it("golden: --turn 483 --json --delta (the last turn as a delta against turn 482; contract)", async () => {
    const r = run(PI_TURN483);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as ReplayDoc;
    expect(checkContract("replay", doc)).toEqual([]);
    expect(doc.turns.map((t) => t.index)).toEqual([483]);
    expect(doc.turns[0].messages).toMatchObject({ base: 482 });
    await expect(golden(PI_TURN483, r)).toMatchFileSnapshot("../golden/cli/replay/pi/before-compaction.turn-483.delta.json.txt");
  });

  it("--turn 484 is past the last turn but a response id: that turn is shown, and stderr says so", () => {
    const r = run(PI_TURN484);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^sightline: --turn 484: no turn 484 \(turns 0–483\); showing turn (\d+), whose response id is 484\n/);
    expect(r.stdout).toMatch(/^turn \d+ +response 484 /m);
  });
});

describe("sightline replay --turn N --full", () => {
  it.each(FULL_TURNS)("golden: %s turn %i (%s), and the same turn as JSON meets the contract", async (f, n) => {
    const r = run(fullArgs(f, n));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`turn ${n} `);
    await expect(golden(fullArgs(f, n), r)).toMatchFileSnapshot(`${goldenBase(f)}.turn-${n}.full.txt`);
    const doc = JSON.parse(run(turnJsonArgs(f, n)).stdout) as ReplayDoc;
    expect(checkContract("replay", doc)).toEqual([]);
    expect(doc.turns.map((t) => t.index)).toEqual([n]);
  });

  it("Scorel P5 turn 4 shows the compact summary first and the merged steer", () => {
    const doc = JSON.parse(run(turnJsonArgs("fixtures/scorel/valid/p5-session.jsonl", 4)).stdout) as {
      turns: Array<{ messages: Array<{ text: string; sourceIds: string[]; reminders: Array<{ kind: string }> }> }>;
    };
    const ms = doc.turns[0].messages;
    expect(ms[0].reminders.map((x) => x.kind)).toEqual(["compact_summary"]);
    expect(ms[0].text).toContain("Earlier session context has been compacted.");
    expect(ms.find((m) => m.sourceIds.length === 2)?.reminders.map((x) => x.kind)).toEqual(["steer"]);
  });

  it("a yoi session folder replays its newest segment", async () => {
    const r = run(YOI_FOLDER);
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toContain("0190a1b2-c3d4-7e5f-8a9b-000000000002.jsonl");
    await expect(golden(YOI_FOLDER, r)).toMatchFileSnapshot("../golden/cli/replay/yoi/session-folder.txt");
  });
});
