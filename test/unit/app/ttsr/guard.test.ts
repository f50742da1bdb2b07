// design §8: a catastrophic regex cannot hang a run — the worker is stopped, the rule excluded and reported.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runWithRegexBudget } from "../../../../src/app/ttsr/guard.js";
import type { SnippetTaskArgs } from "../../../../src/app/ttsr/guard-tasks.js";
import { R } from "../../ttsr/builders.js";

const WORKER = resolve(import.meta.dirname, "../../../../dist/app/ttsr/guard-worker.js");

beforeAll(async () => {
  // Workers load built JavaScript (npm test builds first). dist/ may be mid-rebuild: wait for it, and build once
  // only when it stays missing.
  for (let i = 0; i < 60 && !existsSync(WORKER); i++) await new Promise((r) => setTimeout(r, 1000));
  if (!existsSync(WORKER)) execSync("npm run build", { stdio: "ignore" });
}, 180_000);

const task = (rules: SnippetTaskArgs["rules"], text: string) => ({
  module: "app/ttsr/guard-tasks.js",
  export: "snippetTask",
  args: { rules, text, options: { profile: "seed", source: "text", chunking: { kind: "fixed", size: 8 } } } satisfies SnippetTaskArgs,
});

describe("runWithRegexBudget", () => {
  it("excludes the rule whose regex exceeds the budget and re-runs without it", async () => {
    const rules = [R("slow", { condition: "(a+)+$" }, "seed"), R("ok", { condition: "aaa" }, "seed")];
    const started = Date.now();
    const out = await runWithRegexBudget<{ matches: { rule: string }[] }>(task(rules, `${"a".repeat(40)}!`), { budgetMs: 150, file: "s.jsonl" });
    expect(out.ok).toBe(true);
    expect(out.excluded).toEqual(["slow"]);
    expect(out.value?.matches.map((m) => m.rule)).toEqual(["ok"]);
    expect(out.diagnostics.map((d) => [d.code, d.file, d.args?.rule])).toEqual([["TTSR_REGEX_BUDGET_EXCEEDED", "s.jsonl", "slow"]]);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);

  it("a healthy task runs once and excludes nothing", async () => {
    const out = await runWithRegexBudget<{ matches: { rule: string }[] }>(task([R("ok", { condition: "b" }, "seed")], "abc"), { budgetMs: 500 });
    expect(out).toMatchObject({ ok: true, excluded: [] });
    expect(out.value?.matches.map((m) => m.rule)).toEqual(["ok"]);
  }, 20_000);

  it("a task that throws is reported, not retried", async () => {
    const out = await runWithRegexBudget({ module: "app/ttsr/guard-tasks.js", export: "nope", args: null }, { budgetMs: 100 });
    expect(out.ok).toBe(false);
    expect(out.error).toContain("no function nope");
  }, 20_000);
});
