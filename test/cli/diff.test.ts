// `sightline diff`: compaction diffs (the real pi fixture's two compactions, Scorel, omp17, yoi, and a
// capsule-bearing pi compaction that keeps or loses a pending write) and `diff <a> <b>` of two turn-view
// documents. Goldens hold stdout, stderr and the exit code; --json is checked against the shipped contract.
// All runs go through the built CLI's main() in one spawned node process (runBatch); one cross-check spawns
// the real bin to prove the two print the same.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkContract } from "../../src/schema/contract.js";
import { sessionText } from "../bench/gen/session.mjs";
import { golden, ROOT, runCli, type CliRun, runMany } from "./run.js";

interface Run {
  args: string[];
  cwd: string;
  /** Also write stdout to this file (relative to cwd) before the next run. */
  out?: string;
}

const runBatch = runMany;

// A small pi v3 session whose compaction carries the capsule of fixtures/capsules/embedded-in-compaction-details.json
// (a `blocked` write to src/api.ts, pending per capsule.md §5). The compaction keeps u2 onwards; `keptText` is u2's text.
function capsuleSession(keptText: string): string {
  const capsule = (JSON.parse(readFileSync(join(ROOT, "fixtures/capsules/embedded-in-compaction-details.json"), "utf8")) as { details: { capsule: unknown } })
    .details.capsule;
  const ts = "2026-01-01T00:00:00.000Z";
  const user = (id: string, parentId: string | null, text: string) => ({
    type: "message",
    id,
    parentId,
    timestamp: ts,
    message: { role: "user", timestamp: 1, content: [{ type: "text", text }] },
  });
  const asst = (id: string, parentId: string, text: string) => ({
    type: "message",
    id,
    parentId,
    timestamp: ts,
    message: {
      role: "assistant",
      timestamp: 1,
      content: [{ type: "text", text }],
      api: "a",
      provider: "p",
      model: "m",
      usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 },
      stopReason: "stop",
    },
  });
  const records = [
    { type: "session", version: 3, id: "s1", timestamp: ts, cwd: "/w" },
    user("u1", null, "Add a retry to src/api.ts"),
    asst("a1", "u1", "The write to src/api.ts is blocked by the gate."),
    user("u2", "a1", keptText),
    asst("a2", "u2", "Ok."),
    { type: "compaction", id: "c1", parentId: "a2", timestamp: ts, summary: "Compacted.", firstKeptEntryId: "u2", tokensBefore: 40, details: { capsule } },
    user("u3", "c1", "Go on."),
    asst("a3", "u3", "Done."),
  ];
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

const PI_REAL = "fixtures/pi/before-compaction.jsonl";
const SCOREL = "fixtures/scorel/valid/p5-session.jsonl";
const OMP17 = "fixtures/pi/omp17-deferred-then-compaction/session.jsonl";
const YOI_DIR = "fixtures/yoi/session-0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const YOI_SEG = `${YOI_DIR}/0190a1b2-c3d4-7e5f-8a9b-000000000002.jsonl`;
// Claude Code sessions the real CLI wrote: an automatic compaction (2.1.220) and a /compact and an automatic one (2.1.328).
const CC = (release: string, scenario: string, id: string) => `fixtures/claude-code/${release}/${scenario}/projects/-tmp-cc-project/${id}.jsonl`;
const CC220_AUTO = CC("2.1.220", "autocompact", "12e2eef0-b7ed-400e-8444-f35f7799a081");
const CC328_MANUAL = CC("2.1.328", "compact", "3c2933d3-8da2-4f6f-8ee9-e86af3a7f0b5");
const CC328_AUTO = CC("2.1.328", "autocompact", "15f7c3cd-70db-4732-9c8d-f7e20d519a6c");
const G = "../golden/cli/diff";

const tmp = mkdtempSync(join(tmpdir(), "sightline-diff-"));
const inRoot = (args: string[]): Run => ({ args, cwd: ROOT });
const inTmp = (args: string[], out?: string): Run => ({ args, cwd: tmp, out });
const RUNS = {
  piText: inRoot(["diff", PI_REAL]),
  piJson: inRoot(["diff", PI_REAL, "--json"]),
  pi359: inRoot(["diff", PI_REAL, "--compaction", "359", "--json"]),
  piNoSuch: inRoot(["diff", PI_REAL, "--compaction", "nope"]),
  scorelText: inRoot(["diff", SCOREL]),
  scorelJson: inRoot(["diff", SCOREL, "--json"]),
  omp17Text: inRoot(["diff", OMP17]),
  omp17Json: inRoot(["diff", OMP17, "--json"]),
  yoiSegText: inRoot(["diff", YOI_SEG]),
  yoiSegJson: inRoot(["diff", YOI_SEG, "--json"]),
  yoiDirText: inRoot(["diff", YOI_DIR]),
  cc220AutoText: inRoot(["diff", CC220_AUTO]),
  cc220AutoJson: inRoot(["diff", CC220_AUTO, "--json"]),
  cc328ManualJson: inRoot(["diff", CC328_MANUAL, "--json"]),
  cc328AutoJson: inRoot(["diff", CC328_AUTO, "--json"]),
  capsuleKeptText: inTmp(["diff", "capsule-kept.jsonl"]),
  capsuleKeptJson: inTmp(["diff", "capsule-kept.jsonl", "--json"]),
  capsuleLostText: inTmp(["diff", "capsule-lost.jsonl"]),
  capsuleLostJson: inTmp(["diff", "capsule-lost.jsonl", "--json"]),
  replayA: inTmp(["replay", "session.jsonl", "--json"], "a.json"),
  replayB: inTmp(["replay", "session.jsonl", "--json"], "b.json"),
  replayC: inTmp(["replay", "changed.jsonl", "--json"], "c.json"),
  same: inTmp(["diff", "a.json", "b.json"]),
  changed: inTmp(["diff", "a.json", "c.json"]),
  changedFull: inTmp(["diff", "a.json", "c.json", "--full"]),
  changedJsonFull: inTmp(["diff", "a.json", "c.json", "--json", "--full"]),
  sessionsChanged: inTmp(["diff", "session.jsonl", "changed.jsonl", "--json"]),
  sessionsSame: inTmp(["diff", "session.jsonl", "session.jsonl"]),
  longSame: inTmp(["diff", "long-a.jsonl", "long-a.jsonl"]),
  longEdited: inTmp(["diff", "long-a.jsonl", "long-b.jsonl"]),
  longEditedJson: inTmp(["diff", "long-a.jsonl", "long-b.jsonl", "--json"]),
  longEditedFull: inTmp(["diff", "long-a.jsonl", "long-b.jsonl", "--full"]),
  longDeltaA: inTmp(["replay", "long-a.jsonl", "--json", "--delta", "--all-leaves"], "long-a.delta.json"),
  longDeltaB: inTmp(["replay", "long-b.jsonl", "--json", "--delta", "--all-leaves"], "long-b.delta.json"),
  longDeltaJson: inTmp(["diff", "long-a.delta.json", "long-b.delta.json", "--json"]),
  truncated: inTmp(["diff", "a.json", "truncated.json"]),
  notReplay: inTmp(["diff", "compactions.json", "a.json"]),
  help: inRoot(["diff", "--help"]),
} satisfies Record<string, Run>;
type Name = keyof typeof RUNS;
const res = {} as Record<Name, CliRun>;
const text = (n: Name) => golden(RUNS[n].args, res[n]);
const json = <T = DiffDoc>(n: Name) => JSON.parse(res[n].stdout) as T;

interface MsgLike {
  role: string;
  text: string;
  sourceIds: string[];
}
interface DiffDoc {
  schemaVersion: 1;
  compactions: Array<{
    id: string;
    before: { messages: MsgLike[] };
    after: { messages: MsgLike[] };
    dropped: MsgLike[];
    kept: MsgLike[];
    added: MsgLike[];
    tokens: Record<string, number>;
    capsule?: { valid: boolean; missing: string[]; warnings: string[]; lost: Array<{ kind: string; value: string }> };
    trigger?: string;
    request?: { messages: unknown[] };
    notRecorded?: Array<{ path: string; why: string }>;
  }>;
}
const reduce = (d: DiffDoc) =>
  d.compactions.map((c) => ({ id: c.id, dropped: c.dropped.length, kept: c.kept.length, added: c.added.length, tokens: c.tokens }));

beforeAll(() => {
  writeFileSync(join(tmp, "capsule-kept.jsonl"), capsuleSession("Keep the pending write to src/api.ts in mind."));
  writeFileSync(join(tmp, "capsule-lost.jsonl"), capsuleSession("Something else."));
  const session = readFileSync(join(ROOT, SCOREL), "utf8");
  writeFileSync(join(tmp, "session.jsonl"), session);
  // One user message text changed ("ok, do it" → "ok, do it now"): turns 2–4 see it.
  expect(session.split('"text":"ok, do it"').length).toBe(2);
  writeFileSync(join(tmp, "changed.jsonl"), session.replace('"text":"ok, do it"', '"text":"ok, do it now"'));
  // A long pi session without compactions or branches (the bench generator), and a copy whose second user
  // message reads differently: every later turn sees the edit.
  const long = sessionText("pi", { seed: 11, events: 1500, shape: { compact: 0, branch: 0 } });
  const USER = '"role":"user","content":[{"type":"text","text":"';
  const second = long.indexOf(USER, long.indexOf(USER) + 1) + USER.length;
  expect(second).toBeGreaterThan(USER.length);
  writeFileSync(join(tmp, "long-a.jsonl"), long);
  writeFileSync(join(tmp, "long-b.jsonl"), `${long.slice(0, second)}EDITED ${long.slice(second)}`);
  const names = Object.keys(RUNS) as Name[];
  const before = names.slice(0, names.indexOf("truncated"));
  runBatch(before.map((n) => RUNS[n])).forEach((r, i) => {
    res[before[i]] = r;
  });
  // A replay document cut short (as by a full disk): its first 3000 bytes.
  writeFileSync(join(tmp, "truncated.json"), readFileSync(join(tmp, "c.json"), "utf8").slice(0, 3000));
  // A schemaVersion 1 document that is not a replay document (no turns): read as a session, which it is not.
  writeFileSync(join(tmp, "compactions.json"), res.capsuleKeptJson.stdout);
  const after = names.slice(names.indexOf("truncated"));
  runBatch(after.map((n) => RUNS[n])).forEach((r, i) => {
    res[after[i]] = r;
  });
}, 180_000);

describe("sightline diff <session>: compaction diffs", () => {
  it("golden: the real pi fixture, both compactions (359 and 628), exit 0", async () => {
    expect(res.piText.code).toBe(0);
    expect(res.piText.stdout).toMatch(/^compaction 359 {2}before 358: /);
    expect(res.piText.stdout).toContain("\ncompaction 628  before 627: ");
    await expect(text("piText")).toMatchFileSnapshot(`${G}/pi-before-compaction.txt`);
  });

  it("golden: the real pi fixture --json reduced to id, counts and tokens (contract checked on the whole document)", async () => {
    expect(res.piJson.code).toBe(0);
    const doc = json("piJson");
    expect(checkContract("diff", doc)).toEqual([]);
    expect(doc.compactions.map((c) => c.id)).toEqual(["359", "628"]);
    for (const c of doc.compactions) {
      // Every message of "before" is dropped or kept; every message of "after" is kept or added.
      expect(c.dropped.length + c.kept.length).toBe(c.before.messages.length);
      expect(c.kept.length + c.added.length).toBe(c.after.messages.length);
      expect(c.added.map((m) => m.sourceIds)).toEqual([[c.id]]);
    }
    // pi-session-format §9: the log's tokensBefore are 175,004 and 185,014.
    expect(doc.compactions.map((c) => c.tokens.loggedBefore)).toEqual([175004, 185014]);
    await expect(JSON.stringify(reduce(doc), null, 2) + "\n").toMatchFileSnapshot(`${G}/pi-before-compaction.reduced.json`);
  });

  it("golden: an automatic compaction Claude Code 2.1.220 wrote (before, summary, preserved tail, the rebuilt request)", async () => {
    expect(res.cc220AutoText.code).toBe(0);
    expect(res.cc220AutoText.stdout).toMatch(/^compaction 844838c4-28a1-41d7-b306-331225f145bf \(automatic\) {2}before 6620c992-[0-9a-f-]+: 6 msgs/);
    expect(res.cc220AutoText.stdout).toContain("\n  compaction request: reconstructed (not recorded by the release), 4 messages");
    await expect(text("cc220AutoText")).toMatchFileSnapshot(`${G}/claude-code-2.1.220-autocompact.txt`);
    const doc = json("cc220AutoJson");
    expect(checkContract("diff", doc)).toEqual([]);
    const [c] = doc.compactions;
    expect(c?.trigger).toBe("automatic");
    // Summarised: the first prompt, the listings, the first reply and the second prompt; kept: the second reply
    // and the prompt that triggered it; added: the summary.
    expect(c?.dropped.map((m) => m.role)).toEqual(["user", "system", "assistant", "user"]);
    expect(c?.kept.map((m) => m.text)).toEqual(["Going on.", "Continue the task."]);
    expect(c?.added.map((m) => m.text.slice(0, 38))).toEqual(["This session is being continued from a"]);
    expect(c?.request?.messages).toHaveLength(4);
    expect(c?.notRecorded?.map((n) => n.path)).toEqual([
      "$.system",
      "$.tools",
      "$.model",
      "$.max_tokens",
      "$.messages[0].content",
      "$.messages",
      "before",
      "after",
    ]);
  });

  it("Claude Code 2.1.328: /compact is manual, the threshold's compaction automatic", () => {
    for (const [n, want] of [
      ["cc328ManualJson", "manual"],
      ["cc328AutoJson", "automatic"],
    ] as const) {
      expect(res[n].code).toBe(0);
      const doc = json(n);
      expect(checkContract("diff", doc)).toEqual([]);
      expect(doc.compactions.map((c) => c.trigger)).toEqual([want]);
    }
  });

  it("--compaction 359 --json lists only that compaction, equal to its entry in the full document", () => {
    expect(res.pi359.code).toBe(0);
    const one = json("pi359");
    expect(checkContract("diff", one)).toEqual([]);
    expect(one.compactions).toEqual([json("piJson").compactions[0]]);
  });

  it("--compaction with an unknown id: exit 2 and the reason", () => {
    expect(res.piNoSuch).toEqual({ code: 2, stdout: "", stderr: `sightline: --compaction nope: no such compaction in ${PI_REAL}\n` });
  });

  it("golden: Scorel P5 compact (scorel-format §13 case 26: summary reminder plus the retained window)", async () => {
    expect(res.scorelText.code).toBe(0);
    await expect(text("scorelText")).toMatchFileSnapshot(`${G}/scorel-p5-session.txt`);
    const doc = json("scorelJson");
    expect(checkContract("diff", doc)).toEqual([]);
    expect(doc.compactions).toHaveLength(1);
    expect(doc.compactions[0].added).toHaveLength(1);
    expect(doc.compactions[0].added[0].text).toContain("Earlier session context has been compacted.");
    await expect(JSON.stringify(reduce(doc), null, 2) + "\n").toMatchFileSnapshot(`${G}/scorel-p5-session.reduced.json`);
  });

  it("golden: omp17 deferred-then-compaction (summary + kept entries from firstKeptEntryId)", async () => {
    expect(res.omp17Text.code).toBe(0);
    await expect(text("omp17Text")).toMatchFileSnapshot(`${G}/omp17-deferred-then-compaction.txt`);
    const doc = json("omp17Json");
    expect(checkContract("diff", doc)).toEqual([]);
    expect(reduce(doc).map(({ id, dropped, kept, added }) => ({ id, dropped, kept, added }))).toEqual([{ id: "0000000e", dropped: 9, kept: 3, added: 1 }]);
  });

  it("golden: a yoi compacted segment against its source segment at at_turn_index; the folder means the same segment", async () => {
    expect(res.yoiSegText.code).toBe(0);
    expect(res.yoiSegText.stdout).toContain("before 0190a1b2-c3d4-7e5f-8a9b-000000000001 at turn 2");
    await expect(text("yoiSegText")).toMatchFileSnapshot(`${G}/yoi-compacted-segment.txt`);
    expect(checkContract("diff", json("yoiSegJson"))).toEqual([]);
    expect(res.yoiDirText.code).toBe(0);
    expect(res.yoiDirText.stdout).toBe(res.yoiSegText.stdout);
  });

  it("golden: a capsule-bearing compaction whose pending write survives: capsule valid, nothing lost, exit 0", async () => {
    expect(res.capsuleKeptText.code).toBe(0);
    await expect(text("capsuleKeptText")).toMatchFileSnapshot(`${G}/capsule-kept.txt`);
    const doc = json("capsuleKeptJson");
    expect(checkContract("diff", doc)).toEqual([]);
    expect(doc.compactions[0].capsule).toEqual({ valid: true, missing: [], warnings: [], lost: [] });
    expect(res.capsuleKeptJson.code).toBe(0);
  });

  it("golden: the pending write path is missing from the context after compaction: exit 1 and the lost item printed", async () => {
    expect(res.capsuleLostText.code).toBe(1);
    expect(res.capsuleLostText.stdout).toContain("pending-write src/api.ts");
    await expect(text("capsuleLostText")).toMatchFileSnapshot(`${G}/capsule-lost.txt`);
    const doc = json("capsuleLostJson");
    expect(checkContract("diff", doc)).toEqual([]);
    expect(doc.compactions[0].capsule).toEqual({ valid: true, missing: [], warnings: [], lost: [{ kind: "pending-write", value: "src/api.ts" }] });
    expect(res.capsuleLostJson.code).toBe(1);
  });

  it("the batch prints what the spawned CLI prints", () => {
    expect(runCli(RUNS.capsuleLostText.args, { cwd: tmp })).toEqual(res.capsuleLostText);
  });
});

describe("sightline diff <a> <b>: turn views compared", () => {
  it("two replay --json files of the same session: exit 0, Same", async () => {
    expect(res.replayA.code).toBe(0);
    expect(res.same.code).toBe(0);
    expect(res.same.stdout).toMatch(/^Same: 5 turns/);
    await expect(text("same")).toMatchFileSnapshot(`${G}/replay-json-same.txt`);
  });

  it("golden: a copy with one message text changed: exit 1, the first divergence with its patch, and why the other turns differ", async () => {
    expect(res.changed.code).toBe(1);
    expect(res.changed.stdout).toMatch(/^3 of 5 turns differ: 1 has a new difference, 2 carry earlier differences over\.\nFirst divergence: turn a#2 \/ b#2 /);
    expect(res.changed.stdout).toContain("-ok, do it\n+ok, do it now\n");
    // The edit is shown once, not once per turn that sees it.
    expect(res.changed.stdout.split("+ok, do it now")).toHaveLength(2);
    await expect(text("changed")).toMatchFileSnapshot(`${G}/replay-json-changed.txt`);
  });

  it("golden: --full adds the diff of every differing turn, each labelled new or carried over", async () => {
    expect(res.changedFull.code).toBe(1);
    expect(res.changedFull.stdout.split("+ok, do it now")).toHaveLength(4);
    expect(res.changedFull.stdout.match(/^~ turn .*$/gm)).toEqual([
      "~ turn a#2 / b#2 (response b3337518-d13f-57c7-a1b0-1fbd1888cdc6): messages differ from #5 (new difference)",
      "~ turn a#3 / b#3 (response 1c208fe2-6270-5b1b-9445-99c8760e2333): messages differ from #5 (carried over)",
      "~ turn a#4 / b#4 (response 8afb9b21-b33d-52c3-8c59-d0b6006ec70f): messages differ from #5 (carried over)",
    ]);
    await expect(text("changedFull")).toMatchFileSnapshot(`${G}/replay-json-changed-full.txt`);
    const d = json<{ turns: Array<{ patch?: string; difference?: string }> }>("changedJsonFull");
    expect(checkContract("session-diff", d)).toEqual([]);
    expect(d.turns.map((t) => [t.difference ?? null, t.patch !== undefined])).toEqual([
      [null, false],
      [null, false],
      ["new", true],
      ["carried-over", true],
      ["carried-over", true],
    ]);
  });

  it("two session files: the same verdicts (exit 1 with turns 2-4 changed; a file against itself is the same)", () => {
    expect(res.sessionsChanged.code).toBe(1);
    const d = json<SessionDiffJson>("sessionsChanged");
    expect(d.same).toBe(false);
    expect(d.turns.map((t) => t.status)).toEqual(["same", "same", "changed", "changed", "changed"]);
    expect(d.turns.some((t) => t.patch !== undefined)).toBe(false);
    expect(d.summary).toEqual({ turns: 5, differ: 3, carriedOver: 2, newDifferences: 1, onlyA: 0, onlyB: 0 });
    expect(d.firstDivergence).toMatchObject({ a: 2, b: 2, message: 5, messageA: { role: "user", sourceIds: ["8d81e3fb-b9b6-539c-b231-5844864e58ef"] } });
    expect(checkContract("session-diff", d)).toEqual([]);
    expect(res.sessionsSame.code).toBe(0);
  });

  it("golden: identical long sessions: exit 0, one line", async () => {
    expect(res.longSame.code).toBe(0);
    expect(res.longSame.stdout).toMatch(/^Same: \d+ turns, identical contexts\.\n$/);
    await expect(text("longSame")).toMatchFileSnapshot(`${G}/long-session-same.txt`);
  });

  it("golden: one early message edited in a long session: the first divergence, N turns differ (M carried over, K new), short output", async () => {
    const r = res.longEdited;
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("");
    const d = json<SessionDiffJson>("longEditedJson");
    expect(checkContract("session-diff", d)).toEqual([]);
    const { turns, differ, carriedOver, newDifferences } = d.summary;
    expect(turns).toBeGreaterThan(500);
    // Every turn from the first one that sees the edit differs, and only that turn has a new difference.
    expect(newDifferences).toBe(1);
    expect(carriedOver).toBe(differ - 1);
    expect(differ).toBe(turns - d.firstDivergence!.a!);
    expect(d.firstDivergence).toMatchObject({ status: "changed", messageA: { role: "user" }, messageB: { role: "user" } });
    expect(d.firstDivergence!.a).toBeGreaterThan(0);
    expect(r.stdout.split("\n")[0]).toBe(`${differ} of ${turns} turns differ: 1 has a new difference, ${carriedOver} carry earlier differences over.`);
    expect(r.stdout.split("\n").length).toBeLessThan(15);
    expect(r.stdout).toMatch(/\n\+EDITED /);
    await expect(text("longEdited")).toMatchFileSnapshot(`${G}/long-session-edited.txt`);
    // --full: one diff per differing turn.
    expect(res.longEditedFull.stdout.match(/^~ turn /gm)).toHaveLength(differ);
    // The same answer from the two sessions' `replay --json --delta` documents, read turn by turn.
    const fromJson = json<SessionDiffJson>("longDeltaJson");
    expect(res.longDeltaJson.code).toBe(1);
    expect(checkContract("session-diff", fromJson)).toEqual([]);
    expect({ ...fromJson, a: "", b: "", firstDivergence: { ...fromJson.firstDivergence, patch: "" } }).toEqual({
      ...d,
      a: "",
      b: "",
      firstDivergence: { ...d.firstDivergence, patch: "" },
    });
  });

  it("a replay --json file cut short: exit 2 and the reason", () => {
    expect(res.truncated.code).toBe(2);
    expect(res.truncated.stdout).toBe("");
    expect(res.truncated.stderr).toBe("sightline: truncated.json: not a complete replay JSON document (the document ends early)\n");
  });

  it("a JSON document of another kind (diff --json of compactions) is not taken for an empty replay: exit 2", () => {
    expect(res.notReplay.code).toBe(2);
    expect(res.notReplay.stderr).toMatch(/^sightline: compactions\.json: Cannot tell what this file is/);
  });

  it("--help names --full with an example", () => {
    expect(res.help.code).toBe(0);
    expect(res.help.stdout).toContain("--full");
    expect(res.help.stdout).toContain("diff a.jsonl b.jsonl --full");
  });
});

interface SessionDiffJson {
  a: string;
  b: string;
  same: boolean;
  turns: Array<{ a: number | null; status: string; patch?: string }>;
  summary: Record<string, number>;
  firstDivergence: { a: number | null; patch: string } | null;
}
