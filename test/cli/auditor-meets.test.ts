// What an auditor meets first, tried as a new user would (issue 20): one wording for a missing path in every
// command, nothing written before the run finds nothing to read, `codes` with no match says so.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMany } from "./run.js";

const tmp = () => mkdtempSync(join(tmpdir(), "sightline-auditor-"));

describe("a missing path is worded one way in every command", () => {
  const dir = tmp();
  const file = join(dir, "plain.txt");
  writeFileSync(file, "not a folder\n");
  const gone = join(dir, "gone");
  const PI = "fixtures/pi/before-compaction.jsonl";
  const cases: Array<[string, string[], string]> = [
    ["replay", ["replay", gone], gone],
    ["diff <session>", ["diff", gone], gone],
    ["diff a b", ["diff", gone, PI], gone],
    ["validate", ["validate", gone], gone],
    ["audit", ["audit", gone, "--out", join(dir, "audit-out")], gone],
    ["ttsr run (session)", ["ttsr", "run", gone, "--rules", "fixtures/rules/project"], gone],
    ["ttsr run --rules", ["ttsr", "run", PI, "--rules", gone], gone],
    ["ttsr list --rules", ["ttsr", "list", "--rules", gone], gone],
    ["ttsr lint --rules", ["ttsr", "lint", "--rules", gone], gone],
    ["ttsr test --rules", ["ttsr", "test", "x", "--rules", gone], gone],
    ["capsule validate", ["capsule", "validate", gone], gone],
    ["check --config", ["check", "--config", gone], gone],
    ["merge-reports (missing folder)", ["merge-reports", gone, "--out", join(dir, "merge-out")], join(gone, "summary.json")],
    ["merge-reports (a file as folder)", ["merge-reports", file, "--out", join(dir, "merge-out")], join(file, "summary.json")],
  ];
  const runs = runMany(cases.map(([, args]) => ({ args })));
  it.each(cases.map((c, i) => [c[0], c[1], c[2], runs[i]] as const))("%s: exit 2, '<path>: no such file or folder', no errno name", (_n, _args, path, r) => {
    const text = r.stdout + r.stderr;
    expect(r.code, text).toBe(2);
    expect(text).toContain(`${path}: no such file or folder`);
    expect(text).not.toMatch(/ENOENT|ENOTDIR|no such file or directory|no such file\b(?! or folder)|Cannot read/);
  });
});

describe("audit: nothing written when nothing could be read", () => {
  it("audit of a missing path leaves no report folder and exits 2", () => {
    const dir = tmp();
    const out = join(dir, "report");
    const [r] = runMany([{ args: ["audit", join(dir, "nope"), "--out", out] }]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`sightline: cannot read ${join(dir, "nope")}: no such file or folder\n`);
    expect(r.stdout).toBe("");
    expect(existsSync(out)).toBe(false);
  });

  it("a readable input beside a missing one is still reported (the report names the missing one), exit 2", () => {
    const dir = tmp();
    const out = join(dir, "report");
    const [r] = runMany([{ args: ["audit", "fixtures/pi/before-compaction.jsonl", join(dir, "nope"), "--out", out, "--workers", "0"] }]);
    expect(r.code).toBe(2);
    expect(existsSync(join(out, "summary.json"))).toBe(true);
    expect(r.stdout).toContain(`cannot read ${join(dir, "nope")}: no such file or folder`);
  });
});

describe("codes with a filter that matches nothing", () => {
  it("says so on stderr and exits 1 (text, --markdown and --json)", () => {
    const [text, md, json, some] = runMany([
      { args: ["codes", "zzzz"] },
      { args: ["codes", "zzzz", "--markdown"] },
      { args: ["codes", "zzzz", "--json"] },
      { args: ["codes", "scorel_inv"] },
    ]);
    for (const r of [text, md]) {
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe('sightline: no code matches "zzzz" (sightline codes lists them all)\n');
    }
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({});
    expect(some.code).toBe(0);
    expect(some.stdout).toContain("SCOREL_INV");
  });
});

describe("tables: full relative paths off a TTY, COLUMNS honoured, wrapped rather than cut", () => {
  const LONG = "fixtures/pi/hand/compaction-capsule-loses-pending-write.jsonl";
  // Table lines only (the prose after a table is not fitted).
  const widest = (text: string) =>
    Math.max(
      0,
      ...text
        .split("\n")
        .filter((l) => /^[┌│├└]/.test(l))
        .map((l) => Array.from(l).length),
    );
  // The table's cells of one column (1-based between the borders), the lines of one row joined.
  const column = (text: string, k: number): string[] => {
    const cells: string[] = [];
    for (const line of text.split("\n").filter((l) => l.startsWith("│"))) {
      const parts = line.split("│").map((c) => c.trim());
      if (parts[1] !== "") cells.push(parts[k]);
      else cells[cells.length - 1] += parts[k];
    }
    return cells;
  };

  it("audit: off a TTY without COLUMNS every path is shown in full on one line", () => {
    const [r] = runMany([{ args: ["audit", "fixtures/pi/hand", "--out", join(tmp(), "a"), "--workers", "0"] }], { COLUMNS: "" });
    expect(r.stdout).not.toContain("…");
    expect(r.stdout.split("\n").some((l) => l.includes(` ${LONG} `))).toBe(true);
    expect(column(r.stdout, 2).slice(1)).toContain(LONG);
  });

  it("audit, merge-reports, validate, codes, ttsr list and ttsr run fit COLUMNS=100 and wrap paths without losing a character", () => {
    const dir = tmp();
    const runs = runMany(
      [
        { args: ["audit", "fixtures/pi/hand", "--out", join(dir, "a"), "--workers", "0"] },
        { args: ["merge-reports", join(dir, "a"), "--out", join(dir, "m")] },
        { args: ["validate", "fixtures/scorel/invalid"] },
        { args: ["codes"] },
        { args: ["ttsr", "list", "--rules", "fixtures/rules/project", "--rules", "fixtures/rules/lint"] },
        {
          args: [
            "ttsr",
            "run",
            "fixtures/pi/omp17-branch-after-gap/session.jsonl",
            "--rules",
            "fixtures/pi/omp17-branch-after-gap/project/.omp/rules",
            "--full",
          ],
        },
      ],
      { COLUMNS: "100" },
    );
    for (const r of runs) {
      expect(widest(r.stdout), r.stdout).toBeGreaterThan(40);
      expect(widest(r.stdout), r.stdout).toBeLessThanOrEqual(100);
      expect(r.stdout).not.toContain("…");
    }
    const [audit, merged] = runs;
    expect(audit.stdout).not.toContain(` ${LONG} `);
    for (const r of [audit, merged]) expect(column(r.stdout, 2).slice(1)).toContain(LONG);
    expect(column(runs[4].stdout, 5)).toContain("fixtures/rules/lint/yaml-backspace-trap.md");
  });
});

describe("replay --turn: long texts are shortened like tool results unless --full", () => {
  const dir = tmp();
  const file = join(dir, "long-answer.jsonl");
  const LINES = 1_000_000; // "line NNN\n" × 10^6: about 12 MB of assistant text
  const answer = Array.from({ length: LINES }, (_, i) => `line ${i}`).join("\n");
  const oneLine = "y".repeat(3_000_000);
  const usage = { input: 10, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 12 };
  const entry = (id: string, parentId: string | null, message: object) =>
    JSON.stringify({ type: "message", id, parentId, timestamp: "2026-11-10T10:00:00.000Z", message });
  const reply = (text: string) => ({
    role: "assistant",
    timestamp: 2,
    content: [{ type: "text", text }],
    api: "a",
    provider: "p",
    model: "m",
    usage,
    stopReason: "stop",
  });
  writeFileSync(
    file,
    [
      JSON.stringify({ type: "session", version: 3, id: "long", timestamp: "2026-11-10T10:00:00.000Z", cwd: "/w" }),
      entry("m1", null, { role: "user", timestamp: 1, content: [{ type: "text", text: "print the log" }] }),
      entry("m2", "m1", reply(answer)),
      entry("m3", "m2", { role: "user", timestamp: 3, content: [{ type: "text", text: oneLine }] }),
      entry("m4", "m3", reply("ok")),
    ].join("\n") + "\n",
  );
  const [short, full] = runMany([{ args: ["replay", file, "--turn", "1"] }, { args: ["replay", file, "--turn", "1", "--full"] }]);

  it("without --full: the first lines of the long answer, then how much was left out", () => {
    expect(short.code, short.stderr).toBe(0);
    expect(short.stdout.length).toBeLessThan(40_000);
    expect(short.stdout).toContain("line 0\nline 1\n");
    expect(short.stdout).not.toContain("line 60\n");
    expect(short.stdout).toMatch(new RegExp(`more lines \\(of ${answer.length.toLocaleString("en-US")}; --full shows all\\)`));
    // A text without line breaks is cut by characters.
    expect(short.stdout).toContain(`more chars (of ${oneLine.length.toLocaleString("en-US")}; --full shows all)`);
  });

  it("with --full: every character", () => {
    expect(full.code).toBe(0);
    expect(full.stdout).toContain(answer);
    expect(full.stdout).toContain(oneLine);
  });
});

describe("a row's status, counts and first finding agree (terminal, summary.md, index.html)", () => {
  const out = join(tmp(), "r");
  // The pi fixtures against the fixtures' rules: capsule checks that lose state and TTSR replays that disagree,
  // failures that carry no diagnostic of their own.
  const [r] = runMany([{ args: ["audit", "fixtures/pi", "--rules", "fixtures/rules/project", "--out", out, "--fail-on", "none", "--workers", "0"] }], {
    COLUMNS: "",
  });
  const consistent = (status: string, err: number, warn: number) =>
    status === "error" ? err > 0 : status === "warning" ? err === 0 && warn > 0 : err === 0 && warn === 0;

  it("terminal and summary.md: an error row counts at least one error, a warning row a warning, an ok row none", () => {
    expect(r.code, r.stderr).toBe(0);
    const term = r.stdout
      .split("\n")
      .filter((l) => /^│ (ok|warning|error) /.test(l))
      .map((l) => l.split("│").map((c) => c.trim()));
    expect(term.length).toBeGreaterThan(30);
    for (const c of term) expect(consistent(c[1], Number(c[8]), Number(c[9])), c.join(" | ")).toBe(true);
    const icon: Record<string, string> = { "✅": "ok", "⚠️": "warning", "❌": "error" };
    const md = readFileSync(join(out, "summary.md"), "utf8")
      .split("\n")
      .filter((l) => /^\| (✅|⚠️|❌) \|/.test(l))
      .map((l) => l.replace(/ \|$/, "").split(" | "));
    expect(md.length).toBe(term.length);
    for (const c of md) expect(consistent(icon[c[0].slice(2)], Number(c[7]), Number(c[8])), c.join(" | ")).toBe(true);
    // The rows that fail only by a check are there (the case this pins).
    expect(r.stdout).toMatch(/│ error +│ fixtures\/pi\/hand\/compaction-capsule-loses-pending-write\.jsonl +│.*│ 1 +│ 0 +│/);
  });

  it("index.html: an error row counts an error and names its first finding, failed checks included", () => {
    const html = readFileSync(join(out, "index.html"), "utf8");
    const rows = [...html.matchAll(/<tr class="st-(ok|warning|error)"[^>]*>(.*?)<\/tr>/g)].map((m) => [
      m[1],
      ...[...m[2].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1]),
    ]);
    expect(rows.length).toBeGreaterThan(30);
    for (const c of rows) {
      expect(consistent(c[0], Number(c[8]), Number(c[9])), c.join(" | ")).toBe(true);
      if (c[0] !== "ok") expect(c[10], c.join(" | ")).not.toBe("");
    }
    expect(html).toContain("compaction c1 capsule: lost in compaction: pending-write src/api.ts");
    expect(html).toContain("recorded and replayed TTSR evidence disagree");
  });
});

describe("diff: a compaction's own token figures are labelled beside the estimate", () => {
  it("says which number is the estimate, which the entry's own, and that a turn's logged figure is another count", () => {
    const [diff, replay] = runMany([
      { args: ["diff", "fixtures/pi/omp17-deferred-then-compaction/session.jsonl"] },
      { args: ["replay", "fixtures/pi/omp17-deferred-then-compaction/session.jsonl"] },
    ]);
    expect(diff.stdout).toContain("≈230 tok → after: 4 msgs, ≈113 tok (chars/4 + 1600/image); the entry's own figures: 31877† before, — after\n");
    expect(diff.stdout).toContain(
      "  ≈ is sightline's estimate of the context before and after; the entry's own figures (tokensBefore, tokensAfter) are what the agent wrote when it compacted, not the provider's input count of a request that each turn's logged figure is (sightline replay)\n",
    );
    // The per-turn figures it is compared with, labelled by replay's legend.
    expect(replay.stdout).toContain("logged = the provider's input count");
    expect(replay.stdout).toContain("≈224 tok · logged 1600†");
  });
});
