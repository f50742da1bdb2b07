// Every flag `replay --help` and `diff --help` show either changes the output or is validated (usage errors
// exit 2); the session's warnings and loader findings are summarised on stderr without --json; --profile
// names a profile of the detected format, and decides the format when the file cannot (Scorel loader
// verdicts per scorel-format §1 step 2 and §2.1; yoi §9 case 1: an empty file restores an empty state).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, runMany, type CliRun } from "./run.js";

const BRANCHED = "fixtures/pi/omp17-branch-after-gap/session.jsonl"; // omp17 markers; leaves 00000007 and 0000000e (active)
const PI_COMPACT = "fixtures/pi/omp17-deferred-then-compaction/session.jsonl";
const SKIPPED = "fixtures/pi/hand/blank-and-bad-lines.jsonl";
const TORN = "fixtures/yoi/torn-tail-partial-json.jsonl";
const SCOREL = "fixtures/scorel/valid/p5-session.jsonl";

const tmp = mkdtempSync(join(tmpdir(), "sightline-flags-"));
const EMPTY = join(tmp, "empty.jsonl");
const ARRAY_HEADER = join(tmp, "array-header.jsonl");
const STRING_HEADER = join(tmp, "string-header.jsonl");

const runs: Record<string, string[]> = {
  plain: ["replay", BRANCHED],
  leaf: ["replay", BRANCHED, "--leaf", "00000007"],
  leafActive: ["replay", BRANCHED, "--leaf", "0000000e"],
  leafBad: ["replay", BRANCHED, "--leaf", "nope"],
  leafAndAll: ["replay", BRANCHED, "--leaf", "00000007", "--all-leaves"],
  allLeaves: ["replay", BRANCHED, "--all-leaves"],
  delta: ["replay", BRANCHED, "--delta"],
  full: ["replay", BRANCHED, "--full"],
  turn: ["replay", BRANCHED, "--turn", "1"],
  turnMissing: ["replay", BRANCHED, "--turn"],
  turnWord: ["replay", BRANCHED, "--turn", "abc"],
  turnNegative: ["replay", BRANCHED, "--turn=-1"],
  turnFraction: ["replay", BRANCHED, "--turn", "1.5"],
  turnTooBig: ["replay", BRANCHED, "--turn", "99"],
  profilePi: ["replay", BRANCHED, "--profile", "pi"],
  profileBogus: ["replay", BRANCHED, "--profile", "bogus"],
  profileScorel: ["replay", BRANCHED, "--profile", "p5"],
  profileYoi: ["replay", SCOREL, "--profile", "seed"],
  tokensExact: ["replay", BRANCHED, "--tokens", "exact"],
  tokensBogus: ["replay", BRANCHED, "--tokens", "words"],
  json: ["replay", BRANCHED, "--json"],
  color: ["replay", BRANCHED, "--color"],
  noColor: ["replay", BRANCHED, "--no-color"],
  version: ["--version"],
  replayHelp: ["replay", "--help"],
  skipped: ["replay", SKIPPED],
  skippedJson: ["replay", SKIPPED, "--json"],
  torn: ["replay", TORN],
  emptyP5: ["replay", EMPTY, "--profile", "p5"],
  emptyNoProfile: ["replay", EMPTY],
  arrayP4: ["replay", ARRAY_HEADER, "--profile", "p4"],
  arrayNoProfile: ["replay", ARRAY_HEADER],
  emptySeedJson: ["replay", EMPTY, "--profile", "seed", "--json"],
  emptyHead: ["replay", EMPTY, "--profile", "head"],
  validateEmptyP5: ["validate", EMPTY, "--profile", "p5", "--json"],
  validateArrayP5: ["validate", ARRAY_HEADER, "--profile", "p5", "--json"],
  validateStringP3: ["validate", STRING_HEADER, "--profile", "p3", "--json"],
  validateBogus: ["validate", SCOREL, "--profile", "bogus"],
  diffPlain: ["diff", PI_COMPACT],
  diffFull: ["diff", PI_COMPACT, "--full"],
  diffJson: ["diff", PI_COMPACT, "--json"],
  diffCompaction: ["diff", PI_COMPACT, "--compaction", "0000000e", "--json"],
  diffCompactionBad: ["diff", PI_COMPACT, "--compaction", "nope"],
  diffTokensExact: ["diff", PI_COMPACT, "--tokens", "exact"],
  diffTokensBogus: ["diff", PI_COMPACT, "--tokens", "words"],
  diffProfilePi: ["diff", BRANCHED, "--profile", "pi"],
  diffProfileBogus: ["diff", PI_COMPACT, "--profile", "bogus"],
  diffProfileScorel: ["diff", PI_COMPACT, "--profile", "p5"],
  diffTwo: ["diff", BRANCHED, BRANCHED],
  diffTwoProfilePi: ["diff", BRANCHED, BRANCHED, "--profile", "pi"],
  diffTwoJson: ["diff", BRANCHED, BRANCHED, "--json"],
  diffTwoCompaction: ["diff", BRANCHED, BRANCHED, "--compaction", "x"],
  diffTwoTokens: ["diff", BRANCHED, BRANCHED, "--tokens", "exact"],
  diffTwoFull: ["diff", BRANCHED, BRANCHED, "--full"],
  diffColor: ["diff", PI_COMPACT, "--color"],
  diffHelp: ["diff", "--help"],
  diffSkipped: ["diff", SKIPPED],
};

const r: Record<string, CliRun> = {};

beforeAll(() => {
  writeFileSync(EMPTY, "");
  writeFileSync(ARRAY_HEADER, "[1,2]\n");
  writeFileSync(STRING_HEADER, '"header"\n');
  // yargs' help and version output makes Node warn (once, asynchronously) about NO_COLOR vs FORCE_COLOR in the
  // batch process: those runs get a batch of their own so the warning cannot land in another run's stderr.
  const own = new Set(["version", "replayHelp", "diffHelp"]);
  for (const names of [Object.keys(runs).filter((n) => !own.has(n)), [...own]])
    runMany(names.map((n) => ({ args: runs[n] }))).forEach((x, i) => {
      r[names[i]] = x;
    });
}, 180_000);

const turnLines = (x: CliRun) => x.stdout.split("\n").filter((l) => l.startsWith("turn "));
const usage = (x: CliRun, what: RegExp) => {
  expect(x.code, x.stderr).toBe(2);
  expect(x.stdout).toBe("");
  expect(x.stderr).toMatch(what);
};

/** The long flags a --help text lists. */
const flagsOf = (help: string) =>
  [...help.slice(help.indexOf("Options:"), help.indexOf("Examples:")).matchAll(/^\s+(?:-\w, )?--([\w-]+)/gm)].map((m) => m[1]).sort();

describe("replay: every flag of --help", () => {
  it("--help lists exactly the flags this file tests", () => {
    expect(r.replayHelp.code).toBe(0);
    expect(flagsOf(r.replayHelp.stdout)).toEqual(["all-leaves", "color", "delta", "full", "help", "json", "leaf", "profile", "tokens", "turn", "version"]);
  });

  it("--leaf ID lists the turns on that leaf's path (not 'mutually exclusive'); the active leaf equals the default", () => {
    expect(r.leaf.code, r.leaf.stderr).toBe(0);
    expect(r.leaf.stderr).not.toMatch(/mutually exclusive/);
    expect(r.leaf.stdout).not.toBe(r.plain.stdout);
    expect(turnLines(r.leaf).length).toBeGreaterThan(0);
    expect(r.leafActive.stdout).toBe(r.plain.stdout);
  });

  it("--leaf with an unknown id, or together with --all-leaves: exit 2", () => {
    expect(r.leafBad.code).toBe(2);
    expect(r.leafBad.stderr).toContain("--leaf nope: no such tree entry");
    usage(r.leafAndAll, /mutually exclusive/);
  });

  it("--all-leaves lists the turns of every branch", () => {
    expect(r.allLeaves.code).toBe(0);
    expect(turnLines(r.allLeaves).length).toBeGreaterThan(turnLines(r.plain).length);
  });

  it("--delta describes each turn against the previous one on its path", () => {
    expect(turnLines(r.delta)[1]).toMatch(/vs #0: keep \d+, -\d+, \+\d+/);
    expect(turnLines(r.plain)[1]).toMatch(/[+-]\d+ messages?$/);
  });

  it("--full prints every message; --turn N prints that turn in full", () => {
    expect(r.full.stdout).toContain("── #0 user");
    expect(r.plain.stdout).not.toContain("── #0");
    expect(turnLines(r.turn)).toHaveLength(1);
    expect(turnLines(r.turn)[0]).toMatch(/^turn 1 /);
    expect(r.turn.stdout).toContain("── #0 ");
  });

  it("--turn without a number, with a word, negative or fractional: usage error, exit 2", () => {
    for (const k of ["turnMissing", "turnWord", "turnNegative", "turnFraction"]) usage(r[k], /--turn needs a turn number/);
    expect(r.turnMissing.stderr).toContain("not nothing");
    expect(r.turnWord.stderr).toContain(`not "abc"`);
    expect(r.turnWord.stderr).toContain('Run "sightline replay --help" for usage.');
  });

  it("--turn past the last turn: exit 2 with the reason", () => {
    expect(r.turnTooBig.code).toBe(2);
    expect(r.turnTooBig.stderr).toContain("--turn 99: no such turn");
  });

  it("--profile chooses among the detected format's profiles; an unknown name or another format's profile: exit 2", () => {
    expect(r.plain.stdout.split("\n")[0]).toContain("pi/omp17");
    expect(r.profilePi.stdout.split("\n")[0]).toContain("pi/pi");
    usage(
      r.profileBogus,
      /^sightline: --profile bogus: no such profile \(claude-code: cc-2\.1\|cc-2\.1-early; scorel: p6\|p5\|p4\|p4a\|p3\|design\|g0; pi: pi\|omp17\|omp18\|pi-1\.5; yoi: seed\|head\|v3\)\nRun "sightline replay --help"/,
    );
    usage(
      r.profileScorel,
      /--profile p5 is a scorel profile, but fixtures\/pi\/omp17-branch-after-gap\/session.jsonl is a pi session \(its profiles: pi\|omp17\|omp18\|pi-1\.5\)/,
    );
    usage(r.profileYoi, /--profile seed is a yoi profile, but .* is a scorel session/);
  });

  it("--tokens exact counts with o200k_base; an unknown choice: exit 2", () => {
    expect(r.tokensExact.code, r.tokensExact.stderr).toBe(0);
    // The estimator is named once, in the legend above the first turn.
    expect(r.tokensExact.stdout).toMatch(/^tokens: ≈ = o200k_base/m);
    expect(r.plain.stdout).toMatch(/^tokens: ≈ = chars\/4/m);
    usage(r.tokensBogus, /Invalid values/);
  });

  it("--json prints the document only: no warning summary on stderr", () => {
    expect(JSON.parse(r.json.stdout).schemaVersion).toBe(1);
    expect(r.skippedJson.code).toBe(0);
    expect(r.skippedJson.stderr).toBe("");
  });

  it("--color colours, --no-color does not", () => {
    expect(r.color.stdout).toMatch(/\u001b\[36mturn 0\u001b\[0m/);
    expect(r.noColor.stdout).not.toMatch(/\u001b/);
    expect(r.noColor.stdout).toBe(r.plain.stdout);
  });

  it("--version prints the package version", () => {
    expect(r.version.code).toBe(0);
    expect(r.version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("warnings reach the terminal (stderr, without --json)", () => {
  it("skipped lines: a count, the first three, and the command that lists them all", () => {
    expect(r.skipped.code).toBe(0);
    expect(r.skipped.stderr).toBe(
      "sightline: fixtures/pi/hand/blank-and-bad-lines.jsonl: 4 warnings\n" +
        "  line 2: warning skipped_line: The loader skips this line (blank line) [loader verdict]\n" +
        "  line 4: warning skipped_line: The loader skips this line (blank line) [loader verdict]\n" +
        "  line 5: warning skipped_line: The loader skips this line (not valid JSON: Expected property name or '}' in JSON at position 1) [loader verdict]\n" +
        "  1 more; `sightline validate fixtures/pi/hand/blank-and-bad-lines.jsonl` lists them all\n",
    );
  });

  it("a torn last line (and the loader verdict it causes)", () => {
    expect(r.torn.stderr).toContain("sightline: fixtures/yoi/torn-tail-partial-json.jsonl: 1 error, 2 warnings\n");
    expect(r.torn.stderr).toContain("line 4: warning TORN_LAST_LINE: The last line is not terminated by \\n (a torn write?)");
    expect(r.torn.stderr).toContain("line 4: error corrupt: log corrupted at line 4");
  });

  it("a profile that contradicts the file; the listing command repeats --profile", () => {
    for (const x of [r.profilePi, r.diffProfilePi]) {
      expect(x.code).toBe(0);
      expect(x.stderr).toContain("warning PROFILE_MISMATCH: Profile pi was requested but the file has a v17 marker (title slot on line 1)");
      expect(x.stderr).toContain(`\`sightline validate ${BRANCHED} --profile pi\` lists them with details`);
    }
  });

  it("a clean session prints nothing on stderr", () => {
    expect(r.plain.stderr).toBe("");
    expect(r.diffPlain.stderr).toBe("");
  });

  it("diff prints the summary too, for one session and for each side of diff a b", () => {
    expect(r.diffSkipped.stderr).toContain("sightline: fixtures/pi/hand/blank-and-bad-lines.jsonl: 4 warnings");
    expect(r.diffTwoProfilePi.stderr.match(/PROFILE_MISMATCH/g)).toHaveLength(2);
    expect(r.diffTwoJson.stderr).toBe("");
  });
});

describe("a named profile decides the format when the file cannot", () => {
  it("Scorel profile, empty file: the Scorel loader's missing_header (scorel-format §1 step 2), not 'unknown format'", () => {
    expect(r.emptyNoProfile.code).toBe(2);
    expect(r.emptyNoProfile.stderr).toContain("The file is empty");
    expect(r.emptyP5.code).toBe(0);
    expect(r.emptyP5.stdout.split("\n")[0]).toContain("scorel/p5");
    expect(r.emptyP5.stderr).toContain("line 1: error missing_header: Session file is missing a header [loader verdict]");
    const v = JSON.parse(r.validateEmptyP5.stdout);
    expect(v.files[0].format).toBe("scorel");
    expect(v.files[0].diagnostics.filter((d: { loader?: boolean }) => d.loader).map((d: { code: string }) => d.code)).toEqual(["missing_header"]);
  });

  it("Scorel profile, a header that is not an object: invalid_header (§2.1)", () => {
    expect(r.arrayNoProfile.code).toBe(2);
    expect(r.arrayNoProfile.stderr).toContain("Cannot tell what this file is");
    expect(r.arrayP4.code).toBe(0);
    expect(r.arrayP4.stderr).toContain("line 1: error invalid_header: Session header must be an object [loader verdict]");
    for (const k of ["validateArrayP5", "validateStringP3"]) {
      const v = JSON.parse(r[k].stdout);
      expect(
        v.files[0].diagnostics.filter((d: { loader?: boolean }) => d.loader).map((d: { code: string }) => d.code),
        k,
      ).toEqual(["invalid_header"]);
    }
  });

  it("yoi profile, empty segment log: an empty restored state (yoi-format §9 case 1), not an error", () => {
    expect(r.emptySeedJson.code).toBe(0);
    const d = JSON.parse(r.emptySeedJson.stdout);
    expect(d.session).toEqual({ path: EMPTY, format: "yoi", profile: "seed" });
    expect(d.turns).toEqual([]);
    expect(d.diagnostics.map((x: { code: string }) => x.code)).toEqual(["PROFILE_CHOSEN"]);
    expect(r.emptyHead.code).toBe(0);
    expect(r.emptyHead.stdout.split("\n")[0]).toContain("yoi/head");
    expect(r.emptyHead.stderr).toBe("");
  });

  it("validate --profile with a name no format knows: exit 2", () => {
    usage(r.validateBogus, /--profile bogus: no such profile/);
  });
});

describe("diff: every flag of --help", () => {
  it("--help lists exactly the flags this file tests", () => {
    expect(flagsOf(r.diffHelp.stdout)).toEqual(["color", "compaction", "full", "help", "json", "profile", "tokens", "version"]);
  });

  it("--full shows whole messages (longer patch than the default first four lines)", () => {
    expect(r.diffFull.stdout.length).toBeGreaterThan(r.diffPlain.stdout.length);
    expect(r.diffPlain.stdout).toMatch(/… \(\d+ more lines\)/);
  });

  it("--json prints the document; --compaction ID keeps that compaction only; an unknown id: exit 2", () => {
    const all = JSON.parse(r.diffJson.stdout);
    const one = JSON.parse(r.diffCompaction.stdout);
    expect(one.compactions).toEqual(all.compactions.filter((c: { id: string }) => c.id === "0000000e"));
    expect(r.diffCompactionBad.code).toBe(2);
    expect(r.diffCompactionBad.stderr).toContain("--compaction nope: no such compaction");
  });

  it("--tokens exact counts with o200k_base; an unknown choice: exit 2", () => {
    expect(r.diffTokensExact.stdout).toContain("o200k_base");
    expect(r.diffPlain.stdout).toContain("(chars/4");
    usage(r.diffTokensBogus, /Invalid values/);
  });

  it("--profile: an unknown name or another format's profile is a usage error", () => {
    usage(r.diffProfileBogus, /--profile bogus: no such profile/);
    usage(r.diffProfileScorel, /--profile p5 is a scorel profile/);
  });

  it("diff a b: the same file is the same; --compaction and --tokens are for one session (exit 2); --full lists every differing turn", () => {
    expect(r.diffTwo.code).toBe(0);
    expect(r.diffTwo.stdout).toMatch(/^Same: \d+ turns/);
    expect(JSON.parse(r.diffTwoJson.stdout).same).toBe(true);
    usage(r.diffTwoCompaction, /--compaction applies to the compaction diffs of one session/);
    usage(r.diffTwoTokens, /--tokens applies to the compaction diffs of one session/);
    expect(r.diffTwoFull.code).toBe(0);
    expect(r.diffTwoFull.stdout).toMatch(/^Same: \d+ turns/);
  });

  it("--color colours the patch", () => {
    expect(r.diffColor.stdout).toMatch(/\u001b\[1mcompaction /);
    expect(r.diffPlain.stdout).not.toMatch(/\u001b/);
  });
});

describe("the spawned CLI agrees with the batch", () => {
  it("--leaf, a usage error and a warning summary", () => {
    for (const k of ["leaf", "turnWord", "skipped"]) expect(runCli(runs[k]), k).toEqual(r[k]);
  });
});
