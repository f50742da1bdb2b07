// TTSR replay agrees on real recordings without expert flags (design §2): the TTSR profile follows the session, the
// replay cwd is derived from where the rules live (and said), settings beside the recording are used, agreement
// covers the whole decision, and evidence whose trigger is not in the log is unverifiable (exit 0).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkContract } from "../../src/schema/contract.js";
import { dataOf } from "../../src/report/html-session.js";
import { golden, ROOT, runCli } from "./run.js";

const REAL = ["omp17-interrupt-then-tool-reminder", "omp17-deferred-then-compaction", "omp17-branch-after-gap"];
const HAND = ["hand/ttsr-discard-aborted-output-not-recorded", "hand/ttsr-tool-only-violating-call-removed"];
const ARGS = ["ttsr", "run", "session.jsonl", "--rules", "project/.omp/rules", "--settings", "settings.json"];
const folder = (name: string) => join(ROOT, "fixtures/pi", name);
const tmp = () => mkdtempSync(join(tmpdir(), "sightline-ttsr-follows-"));

interface Session {
  ttsrProfile: string;
  ttsrProfileFrom: string;
  cwd: string;
  cwdFrom: string;
  settings?: string;
  settingsFrom: string;
  turns: { responseId: string; agree: boolean | string | null; injected: { text: string }[]; recorded: { kind: string; unverifiable?: string }[] }[];
}
const sessionOf = (stdout: string): Session => (JSON.parse(stdout) as { sessions: Session[] }).sessions[0];

// A different interrupt mode than recorded, chosen so the recording's triggers behave differently under it.
const OTHER_MODE: Record<string, string> = {
  "omp17-interrupt-then-tool-reminder": "never",
  "omp17-deferred-then-compaction": "always",
  "omp17-branch-after-gap": "tool-only",
};

describe("ttsr run follows the session", () => {
  it("JSON: the profile comes from the session, the cwd from the rules' .omp/ folder, the settings from --settings", () => {
    const r = runCli([...ARGS, "--json"], { cwd: folder(REAL[1]) });
    expect(r.code).toBe(0);
    const s = sessionOf(r.stdout);
    expect(checkContract("ttsr-run", JSON.parse(r.stdout))).toEqual([]);
    expect([s.ttsrProfile, s.ttsrProfileFrom, s.cwd, s.cwdFrom, s.settings, s.settingsFrom]).toEqual([
      "v17",
      "session",
      "project",
      "rules",
      "settings.json",
      "option",
    ]);
  });

  it("the older form from project/ (rules at .omp/rules) also agrees: the cwd is the current folder, said as such", () => {
    const r = runCli(["ttsr", "run", "../session.jsonl", "--rules", ".omp/rules", "--settings", "../settings.json"], { cwd: join(folder(REAL[0]), "project") });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("replay cwd . (the folder holding the rules' .omp/)");
  });

  it("--cwd overrides the derived cwd and is shown; rule paths then render from it and disagree (exit 1)", async () => {
    const args = [...ARGS, "--cwd", "."];
    const r = runCli(args, { cwd: folder(REAL[0]) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("replay cwd . (--cwd)");
    expect(r.stdout).toContain('path=\\"project/.omp/rules/no-ts-ignore.md\\"');
    await expect(golden(args, r)).toMatchFileSnapshot("../golden/ttsr-run/cwd-option-disagrees.txt");
  });

  it("without --settings, the settings.json beside the recording is used and named", () => {
    const r = runCli(["ttsr", "run", "session.jsonl", "--rules", "project/.omp/rules", "--json"], { cwd: folder(REAL[1]) });
    expect(r.code).toBe(0);
    const s = sessionOf(r.stdout);
    expect([s.settings, s.settingsFrom]).toEqual(["settings.json", "session-folder"]);
  });

  for (const name of REAL) {
    it(`${name}: a copy of settings.json with interruptMode ${OTHER_MODE[name]} makes the replay disagree (exit 1)`, () => {
      const settings = { ...(JSON.parse(readFileSync(join(folder(name), "settings.json"), "utf8")) as object), interruptMode: OTHER_MODE[name] };
      const file = join(tmp(), "settings.json");
      writeFileSync(file, JSON.stringify(settings));
      const r = runCli(["ttsr", "run", "session.jsonl", "--rules", "project/.omp/rules", "--settings", file, "--json"], { cwd: folder(name) });
      expect(r.code).toBe(1);
      expect(sessionOf(r.stdout).turns.some((t) => t.agree === false)).toBe(true);
    });
  }

  it("golden: whole decision: the deferred (tool-only) recording replayed with interruptMode always disagrees on delivery", async () => {
    // The other recording's settings: {interruptMode: always, contextMode: discard}; the texts are identical.
    const args = ["ttsr", "run", "session.jsonl", "--rules", "project/.omp/rules", "--settings", "../omp17-interrupt-then-tool-reminder/settings.json"];
    const r = runCli(args, { cwd: folder(REAL[1]) });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("1. replayed interrupt [no-filler] vs recorded deferred [no-filler] after 00000002 (custom_message 00000003): delivery differs");
    await expect(golden(args, r)).toMatchFileSnapshot("../golden/ttsr-run/deferred-replayed-as-interrupt.txt");
  });
});

describe("unverifiable evidence (hand-written fixtures, ttsr-spec §9.5, §16.2)", () => {
  for (const name of HAND) {
    it(`golden: fixtures/pi/${name}: the injection is unverifiable with its reason, exit 0`, async () => {
      const r = runCli(ARGS, { cwd: folder(name) });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/is unverifiable: .*so the replay cannot see its trigger/);
      expect(r.stdout).toMatch(/1 unverifiable \(why: the lines above\)/);
      await expect(golden(ARGS, r)).toMatchFileSnapshot(`../golden/ttsr-run/${name.replace("hand/", "")}.txt`);
    });

    it(`--json: fixtures/pi/${name}: agree "unverifiable" with the reason on the record, contract holds`, () => {
      const r = runCli([...ARGS, "--json"], { cwd: folder(name) });
      expect(r.code).toBe(0);
      const doc = JSON.parse(r.stdout);
      expect(checkContract("ttsr-run", doc)).toEqual([]);
      const s = sessionOf(r.stdout);
      expect(s.turns.filter((t) => t.agree === "unverifiable")).toHaveLength(1);
      expect(s.turns.every((t) => t.agree === true || t.agree === "unverifiable")).toBe(true);
      const reasons = s.turns.flatMap((t) => t.recorded.filter((x) => x.kind === "custom_message").map((x) => x.unverifiable));
      expect(reasons).toEqual([name.includes("discard") ? "aborted-output-not-recorded" : "violating-tool-call-removed"]);
      expect(doc.diagnostics.map((d: { code: string }) => d.code)).toEqual(["TTSR_EVIDENCE_UNVERIFIABLE"]);
    });
  }
});

/** A session's detail: summary.json names the file (sessions/<n>.js, a JSON document inside one call) that holds its turns and TTSR evidence. */
const detailOf = (out: string, s: { detail: string }) => JSON.parse(dataOf(readFileSync(join(out, s.detail), "utf8"))!).session;

describe("audit follows the session", () => {
  it("audit of a recording's folder with its rules agrees (settings beside the session, profile and cwd derived)", () => {
    const name = REAL[1];
    const out = join(tmp(), "report");
    const r = runCli(["audit", `fixtures/pi/${name}`, "--rules", `fixtures/pi/${name}/project/.omp/rules`, "--out", out]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    expect(doc.summary.ttsrDisagreements).toBe(0);
    const session = doc.sessions.find((s: { path: string }) => s.path.endsWith("session.jsonl"));
    expect(detailOf(out, session).ttsr.turns.every((t: { agree: unknown }) => t.agree === true)).toBe(true);
    // The audit says what it derived, as data (an info diagnostic per session).
    const setup = session.diagnostics.find((d: { code: string }) => d.code === "TTSR_REPLAY_SETUP");
    expect(setup.message).toBe(
      `TTSR replay with profile v17 (from the session), cwd ${join(ROOT, "fixtures/pi", name, "project")} (the folder holding the rules' .omp/), settings fixtures/pi/${name}/settings.json (beside the session)`,
    );
  });

  it("the README form `audit sessions/ --rules .omp/rules` agrees on every real recording and passes on the hand-written ones", () => {
    const root = tmp();
    mkdirSync(join(root, ".omp/rules"), { recursive: true });
    for (const name of [...REAL, ...HAND]) {
      const slot = join(root, "sessions", name.replace("hand/", ""));
      mkdirSync(slot, { recursive: true });
      cpSync(join(folder(name), "session.jsonl"), join(slot, "session.jsonl"));
      cpSync(join(folder(name), "settings.json"), join(slot, "settings.json"));
      cpSync(join(folder(name), "project/.omp/rules"), join(root, ".omp/rules"), { recursive: true });
    }
    const out = join(root, "report");
    const r = runCli(["audit", "sessions/", "--rules", ".omp/rules", "--out", out], { cwd: root });
    expect(r.code).toBe(0);
    const doc = JSON.parse(readFileSync(join(out, "summary.json"), "utf8"));
    expect(doc.summary.ttsrDisagreements).toBe(0);
    const recordings = doc.sessions.filter((s: { path: string }) => s.path.endsWith("session.jsonl"));
    const verdicts = Object.fromEntries(
      recordings.map((s: { path: string; detail: string }) => [
        s.path.split("/")[1],
        [...new Set((detailOf(out, s).ttsr.turns as { agree: unknown }[]).map((t) => t.agree))].sort(),
      ]),
    );
    expect(verdicts).toEqual({
      "omp17-interrupt-then-tool-reminder": [true],
      "omp17-deferred-then-compaction": [true],
      "omp17-branch-after-gap": [true],
      "ttsr-discard-aborted-output-not-recorded": [true, "unverifiable"],
      "ttsr-tool-only-violating-call-removed": [true, "unverifiable"],
    });
  });
});
