// `sightline capsule validate|restore|render`: goldens of every fixtures/capsules/ file with each action
// (stdout, stderr, exit code), the JSON document of each, and the capsule.md §7 cases the fixtures stand for.
// Runs go through the built CLI's main() in one spawned node process (runBatch); a cross-check and the
// stdin case spawn the real bin.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { golden, ROOT, runCli, type CliRun, runMany } from "./run.js";

const runBatch = (runs: string[][]): CliRun[] => runMany(runs.map((args) => ({ args })));

const ACTIONS = ["validate", "restore", "render"] as const;
type Action = (typeof ACTIONS)[number];
const FILES = readdirSync(join(ROOT, "fixtures/capsules"))
  .filter((n) => n.endsWith(".json"))
  .sort()
  .map((n) => `fixtures/capsules/${n}`);

// Exit codes per capsule.md: render does not validate (§6), restore throws on an invalid capsule (§5.1),
// validation itself throws when openQuestions is absent (§7 case 14), and rendering then throws too (§6).
const EXIT: Record<string, Record<Action, number>> = {
  "crash-open-questions-absent.json": { validate: 1, restore: 1, render: 1 },
  "embedded-in-compaction-details.json": { validate: 0, restore: 0, render: 0 },
  "invalid-empty-trace-id.json": { validate: 1, restore: 1, render: 0 },
  "null-stop-hook.json": { validate: 0, restore: 0, render: 0 },
  "valid-blocked-by-gate.json": { validate: 0, restore: 0, render: 0 },
};
const CASES = FILES.flatMap((f) => ACTIONS.map((a) => [a, f] as [Action, string]));
const base = (f: string) => f.replace(/^fixtures\/capsules\//, "").replace(/\.json$/, "");
const textArgs = (a: Action, f: string) => ["capsule", a, f];
const jsonArgs = (a: Action, f: string) => ["capsule", a, f, "--json"];

const tmp = mkdtempSync(join(tmpdir(), "sightline-capsule-"));
const EXTRA = {
  notJson: ["capsule", "validate", join(tmp, "not-json.json")],
  missing: ["capsule", "validate", join(tmp, "no-such.json")],
};

interface Outcome {
  schemaVersion: 1;
  action: Action;
  file: string;
  ok: boolean;
  diagnostics: Array<{ code: string; severity: string; file: string }>;
  result: null | { ok: boolean; upstreamThrows?: true; errorName?: string; message?: string; text?: string; state?: Record<string, unknown> };
}

const results = new Map<string, CliRun>();
const key = (a: string[]) => a.join("\u0000");
const run = (a: string[]) => results.get(key(a))!;
const doc = (a: Action, f: string) => JSON.parse(run(jsonArgs(a, f)).stdout) as Outcome;

beforeAll(() => {
  writeFileSync(join(tmp, "not-json.json"), '{"traceId": "t",');
  const runs = [...CASES.flatMap(([a, f]) => [textArgs(a, f), jsonArgs(a, f)]), ...Object.values(EXTRA)];
  runBatch(runs).forEach((r, i) => {
    results.set(key(runs[i]), r);
  });
}, 120_000);

describe("sightline capsule: every fixture with every action", () => {
  it("the fixture table covers every file of fixtures/capsules/", () => {
    expect(FILES.map((f) => f.replace("fixtures/capsules/", "")).sort()).toEqual(Object.keys(EXIT).sort());
  });

  it.each(CASES)("golden: capsule %s %s", async (a, f) => {
    const r = run(textArgs(a, f));
    expect(r.code).toBe(EXIT[f.replace("fixtures/capsules/", "")][a]);
    await expect(golden(textArgs(a, f), r)).toMatchFileSnapshot(`../golden/cli/capsule/${base(f)}.${a}.txt`);
  });

  it.each(CASES)("--json: capsule %s %s (same exit code; a document with schemaVersion 1)", (a, f) => {
    const r = run(jsonArgs(a, f));
    expect(r.code).toBe(run(textArgs(a, f)).code);
    expect(r.stderr).toBe("");
    const d = doc(a, f);
    expect(d).toMatchObject({ schemaVersion: 1, action: a, file: f, ok: r.code === 0 });
    for (const x of d.diagnostics) expect(x.file).toBe(f);
    if (a === "validate") expect(d.result).toBeNull();
    else expect(d.result?.ok).toBe(r.code === 0);
  });

  it("the upstream-throws cases print the upstream message on stderr and carry upstreamThrows in JSON", () => {
    const cases: Array<[Action, string, string]> = [
      ["restore", "invalid-empty-trace-id", "CompactCapsule 校验失败,缺失字段:traceId"],
      ["restore", "crash-open-questions-absent", "Cannot read properties of undefined (reading 'filter')"],
      ["render", "crash-open-questions-absent", "Cannot read properties of undefined (reading 'length')"],
    ];
    for (const [a, name, message] of cases) {
      const f = `fixtures/capsules/${name}.json`;
      expect(run(textArgs(a, f)).stderr).toBe(`The upstream module throws: ${message}\n`);
      expect(doc(a, f).result).toMatchObject({ ok: false, upstreamThrows: true, message });
    }
  });
});

describe("sightline capsule: capsule.md §7 cases through the CLI", () => {
  it('§7 case 12: traceId "" is invalid (missing traceId) and restore throws', () => {
    const f = "fixtures/capsules/invalid-empty-trace-id.json";
    expect(
      doc("validate", f)
        .diagnostics.filter((d) => d.severity === "error")
        .map((d) => d.code),
    ).toEqual(["CAPSULE_MISSING"]);
    expect(run(textArgs("validate", f)).stdout).toContain("Capsule missing: traceId");
    expect(doc("restore", f).result).toMatchObject({ errorName: "Error" });
  });

  it("§7 case 14: openQuestions absent makes the upstream validation throw a TypeError", () => {
    const f = "fixtures/capsules/crash-open-questions-absent.json";
    expect(doc("validate", f).diagnostics.map((d) => d.code)).toContain("CAPSULE_UPSTREAM_THROWS");
    expect(run(textArgs("validate", f)).stdout).toContain("validateCompactCapsule would throw TypeError");
  });

  it("§7 case 11: stopHook null is valid; restore is blocked with no block reason and nextAction falls through", () => {
    const s = doc("restore", "fixtures/capsules/null-stop-hook.json").result as unknown as Record<string, unknown>;
    expect(s).toMatchObject({ ok: true });
    const state = JSON.parse(run(textArgs("restore", "fixtures/capsules/null-stop-hook.json")).stdout.replace(/^[\s\S]*?\n(?=\{)/, "")) as Record<
      string,
      unknown
    >;
    expect(state.isBlocked).toBe(true);
    expect("blockReason" in state).toBe(false);
    expect(state.nextAction).toBe("继续当前阶段任务");
  });

  it("§7 case 9 / §5.4: a blocked write with no anchors gives no warning but is pending on restore", () => {
    const f = "fixtures/capsules/embedded-in-compaction-details.json";
    expect(doc("validate", f).diagnostics).toEqual([]);
    const state = JSON.parse(run(textArgs("restore", f)).stdout) as { pendingWriteTransactions: unknown[]; isBlocked: boolean };
    expect(state.pendingWriteTransactions).toEqual([{ id: "w2", path: "src/api.ts", status: "blocked" }]);
    expect(state.isBlocked).toBe(false);
  });

  it("§6: the rendered prompt of the valid capsule, byte for byte, with no trailing newline in the document", () => {
    const t = doc("render", "fixtures/capsules/valid-blocked-by-gate.json").result!.text!;
    expect(t.startsWith("## Compact Capsule(上下文压缩恢复)\n\nTrace ID:run-42\n")).toBe(true);
    expect(t.endsWith("- 不能凭记忆恢复 facts/evidence,必须从 run 状态读取")).toBe(true);
    expect(t).toContain("- src/db.ts:2 anchors,fileHash=9f86d081884c\n");
    expect(run(textArgs("render", "fixtures/capsules/valid-blocked-by-gate.json")).stdout).toBe(t + "\n");
  });
});

describe("sightline capsule: input handling", () => {
  it("a file that is not JSON: exit 2 with the parse error", () => {
    const r = run(EXTRA.notJson);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^sightline: .*not-json\.json: not valid JSON \(/);
  });

  it("a missing file: exit 2", () => {
    const r = run(EXTRA.missing);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sightline: cannot read .*no-such\.json: no such file or folder\n$/);
  });

  it("- reads stdin, reported as <stdin>; the spawned CLI prints what the batch prints", () => {
    const f = "fixtures/capsules/valid-blocked-by-gate.json";
    const r = runCli(["capsule", "restore", "-", "--json"], { input: readFileSync(join(ROOT, f), "utf8") });
    expect(r.code).toBe(0);
    const d = JSON.parse(r.stdout) as Outcome;
    expect(d.file).toBe("<stdin>");
    expect(d.result).toEqual(doc("restore", f).result);
    expect(runCli(textArgs("restore", "fixtures/capsules/invalid-empty-trace-id.json"))).toEqual(
      run(textArgs("restore", "fixtures/capsules/invalid-empty-trace-id.json")),
    );
  });
});
