// Terminal safety (README "Security"): session text, file names, entry types, rule files and error messages
// carrying ESC, OSC (window title, hyperlink), CSI (clear screen, colour), BEL, C1 (U+009B, U+0085), DEL and
// bidi overrides go through every command, and no such byte reaches stdout or stderr: they are shown as
// visible escapes (`\x1b`, `\x9b`, `\u202e`). With FORCE_COLOR=1 only sightline's own colour escapes (SGR)
// appear: with them removed, the output is exactly the uncoloured one, so none came from the data.
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { terminalLine } from "../../src/shared/terminal.js";
import { golden, ROOT, runCli, runMany, type CliRun } from "./run.js";

/** What must never reach a terminal from data: C0 but tab and newline, DEL, C1, bidi controls. */
const FORBIDDEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** sightline's own colour escapes: SGR only. */
const SGR = /\u001B\[[0-9;]*m/g;

const FIX = join(ROOT, "fixtures/hostile-terminal");
// Hostile file names: an OSC title ended by BEL, a clear screen, a C1 CSI colour, a bidi override.
const EVIL = "in/evil\u001b]0;T\u0007\u001b[2J\u009b31m\u202e.jsonl";
const EVIL_RULE = "rule\u001b[31m\u0085.md";

const runs: string[][] = [
  ["validate", "in"],
  ["validate", EVIL, "--verbose"],
  ["validate", EVIL, "--json"],
  ["validate", "in/missing\u001b]0;T\u0007.jsonl"],
  ["replay", EVIL],
  ["replay", EVIL, "--full"],
  ["replay", EVIL, "--turn", "0"],
  ["replay", EVIL, "--delta"],
  ["replay", EVIL, "--all-leaves", "--delta", "--full"],
  ["replay", EVIL, "--json"],
  ["replay", EVIL, "--json", "--delta"],
  ["replay", "in/scorel-session.jsonl", "--turn", "1"],
  ["replay", "in/yoi-segment.jsonl", "--full"],
  ["replay", EVIL, "--leaf", "\u001b[2J"],
  ["replay", EVIL, "--profile", "p\u001b[2J"],
  ["replay", "in/missing\u001b]0;T\u0007.jsonl"],
  ["replay", EVIL, "--colour\u001b[2J"],
  ["diff", EVIL],
  ["diff", EVIL, "--full"],
  ["diff", EVIL, "--json"],
  ["diff", "in/scorel-session.jsonl"],
  ["diff", EVIL, "in/pi-session.jsonl"],
  ["ttsr", "run", EVIL, "--rules", "in/rules"],
  ["ttsr", "run", EVIL, "--rules", "in/rules", "--json"],
  ["ttsr", "test", "x HOSTILE-TERM \u001b[2J", "--rules", "in/rules"],
  ["ttsr", "list", "--rules", "in/rules"],
  ["ttsr", "lint", "--rules", "in/rules"],
  ["check", "--config", "suite/check.json", "--out", "out/check"],
  ["audit", "in", "--workers", "0", "--out", "out/audit", "--annotations"],
  ["merge-reports", "out/audit", "--out", "out/merged"],
  ["capsule", "validate", "in/capsule.json"],
  ["capsule", "restore", "in/capsule.json"],
  ["capsule", "render", "in/capsule.json"],
  ["codes", "\u001b[2J"],
];

/** A folder with the hostile inputs under in/ (and hostile names), and a check suite that now fails. */
function prepare(): string {
  const dir = mkdtempSync(join(tmpdir(), "sightline-terminal-"));
  mkdirSync(join(dir, "in"));
  for (const f of ["pi-session.jsonl", "scorel-session.jsonl", "yoi-segment.jsonl", "capsule.json"]) copyFileSync(join(FIX, f), join(dir, "in", f));
  // The hostile session under a hostile name, with an assistant text changed (diff a b has a patch).
  const pi = readFileSync(join(FIX, "pi-session.jsonl"), "utf8");
  writeFileSync(join(dir, EVIL), pi.replace("Done ", "Done, changed \\u001b[5m "));
  cpSync(join(FIX, "rules"), join(dir, "in/rules"), { recursive: true });
  copyFileSync(join(FIX, "rules/hostile-rule.md"), join(dir, "in/rules", EVIL_RULE));
  // Expectations taken from the session, which then changes: a regression whose diff shows hostile text.
  mkdirSync(join(dir, "suite"));
  writeFileSync(join(dir, "suite/session.jsonl"), pi);
  writeFileSync(
    join(dir, "suite/check.json"),
    JSON.stringify({ suites: [{ name: "hostile", sessions: ["session.jsonl"], rules: ["rules"], expectations: "expect/hostile.json" }] }),
  );
  cpSync(join(FIX, "rules"), join(dir, "suite/rules"), { recursive: true });
  const [update] = runMany([{ args: ["check", "--config", "suite/check.json", "--update", "--out", "out/update"], cwd: dir }]);
  expect(update.code, update.stderr).toBe(0);
  writeFileSync(join(dir, "suite/session.jsonl"), pi.replace("after compaction ", "after compaction, now \\u001b]0;changed\\u0007 "));
  // The rule's injected text changes too: its diff and the disagreement's first difference show hostile text.
  const rule = join(dir, "suite/rules/hostile-rule.md");
  writeFileSync(rule, readFileSync(rule, "utf8").replace("Stop writing", "Stop \u001b]0;changed\u0007 writing"));
  return dir;
}

/** Rule paths are printed absolute: the temporary folder becomes <tmp>, so goldens and batches compare. */
const relativeTo = (dir: string, r: CliRun): CliRun => ({ ...r, stdout: r.stdout.split(dir).join("<tmp>"), stderr: r.stderr.split(dir).join("<tmp>") });

let plain: CliRun[] = [];
let coloured: CliRun[] = [];

beforeAll(() => {
  // Each batch in its own folder: the first one's report folders must not become the second one's input.
  const a = prepare();
  plain = runMany(runs.map((args) => ({ args, cwd: a }))).map((r) => relativeTo(a, r));
  const b = prepare();
  coloured = runMany(
    runs.map((args) => ({ args, cwd: b })),
    { NO_COLOR: "", FORCE_COLOR: "1" },
  ).map((r) => relativeTo(b, r));
}, 180_000);

const show = (args: string[]) => args.map(terminalLine);

describe("no control character from the data reaches the terminal", () => {
  it.each(runs.map((args, i) => [show(args).join(" "), i] as const))("sightline %s", (_name, i) => {
    const r = plain[i];
    expect(r.code, r.stderr).toBeGreaterThanOrEqual(0);
    expect(r.code, r.stderr).toBeLessThan(3);
    expect(r.stdout).not.toMatch(FORBIDDEN);
    expect(r.stderr).not.toMatch(FORBIDDEN);
    expect(r.stdout + r.stderr).not.toMatch(/\u001B/);
  });

  it("every run shows some of the hostile input visibly (the test really feeds it through)", () => {
    const visible = /\\x1b|\\x9b|\\u202e|\\x07|\\x85/;
    const quiet = runs
      .map((a, i) => [a, plain[i]] as const)
      .filter(([, r]) => !visible.test(r.stdout + r.stderr))
      .map(([a]) => show(a).join(" "));
    // The capsule table names only the capsule file (codes says its filter matched nothing, quoting it escaped).
    expect(quiet).toEqual(["capsule validate in/capsule.json"]);
  });

  it("JSON documents parse back to the hostile strings (escaped as \\u, not altered)", () => {
    for (const i of runs.map((a, k) => (a.includes("--json") ? k : -1)).filter((k) => k >= 0)) {
      const doc = JSON.parse(plain[i].stdout) as unknown;
      // ESC as JSON.stringify writes it; U+009B as the gate's \u escape; parsed back, the raw character.
      expect(plain[i].stdout).toContain("\\u001b]0;T\\u0007");
      expect(plain[i].stdout).toContain("\\u009b31m");
      expect(JSON.stringify(doc)).toContain("\u009b31m");
    }
  });

  it("golden: every command's output with the escapes shown", async () => {
    const text = runs.map((args, i) => golden(show(args), plain[i])).join("\n");
    expect(text).not.toMatch(FORBIDDEN);
    await expect(text).toMatchFileSnapshot("../golden/cli/terminal/hostile.txt");
  });
});

describe("FORCE_COLOR=1: only sightline's own colours", () => {
  it("colour is on for the commands that colour (the comparison below means something)", () => {
    const withSgr = runs.filter((_, i) => /\u001B\[[0-9;]*m/.test(coloured[i].stdout)).map((a) => a[0]);
    expect(new Set(withSgr)).toEqual(new Set(["validate", "replay", "diff", "audit", "merge-reports", "capsule"]));
  });

  it.each(runs.map((args, i) => [show(args).join(" "), i] as const))("sightline %s: without its SGR escapes, the output is the uncoloured one", (_name, i) => {
    const c = coloured[i];
    const strip = (s: string) => s.replace(SGR, "");
    expect(strip(c.stdout)).not.toMatch(FORBIDDEN);
    expect(strip(c.stderr)).not.toMatch(FORBIDDEN);
    expect({ code: c.code, stdout: strip(c.stdout), stderr: strip(c.stderr) }).toEqual(plain[i]);
  });
});

describe("the spawned CLI (real stdout and stderr bytes)", () => {
  // The probe: a pi session whose user text is "x ESC]0;T BEL ESC[2J U+009B 31m".
  const probe =
    '{"type":"session","version":3,"id":"p1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}\n' +
    '{"type":"message","id":"a1","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"x \\u001b]0;T\\u0007\\u001b[2J \\u009b31m","timestamp":1}}\n' +
    '{"type":"message","id":"a2","parentId":"a1","timestamp":"2026-01-01T00:00:02.000Z","message":{"role":"assistant","content":[{"type":"text","text":"ok"}],"api":"x","provider":"x","model":"x","usage":{"input":1,"output":1,"cacheRead":0,"cacheWrite":0,"totalTokens":2,"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},"stopReason":"stop","timestamp":2}}\n';

  it.each([
    ["replay", "-", "--full"],
    ["validate", "-"],
    ["diff", "-"],
    ["replay", "-", "--full", "--color"],
  ])("probe: sightline %s %s %s", (...args) => {
    const r = runCli(args, { input: probe, env: args.includes("--color") ? { NO_COLOR: "" } : {} });
    expect(r.code, r.stderr).toBeLessThan(2);
    expect(r.stdout.replace(SGR, "")).not.toMatch(FORBIDDEN);
    expect(r.stderr).not.toMatch(FORBIDDEN);
    if (args[0] === "replay") expect(r.stdout).toContain("x \\x1b]0;T\\x07\\x1b[2J \\x9b31m");
  });
});
