// Issue 12 item 1: every change of the public surface shows in review. api/sightline.api.md lists every name
// each package.json export declares, with its .d.ts declaration; this test fails when the built surface and
// the committed report differ (regenerate with `npm run build && npm run api-report`, then review the diff).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const node = (args: string[]) => spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8" });

describe("API report (api/sightline.api.md)", () => {
  it("matches the built .d.ts surface of every package export", () => {
    const r = node(["scripts/api-report.mjs", "--check"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 120_000);

  it("has one section per package.json export that declares types", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, unknown> };
    const typed = Object.entries(pkg.exports)
      .filter(([, v]) => typeof v === "object")
      .map(([k]) => (k === "." ? "sightline" : `sightline/${k.slice(2)}`));
    const sections = [...readFileSync(join(ROOT, "api/sightline.api.md"), "utf8").matchAll(/^## (\S+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(typed);
  });

  it("is in tiers: the jobs on the root, building blocks on the subpaths, each name on one entry, no internals", () => {
    const script = `
      const main = await import("sightline");
      const sub = Object.fromEntries(await Promise.all(["formats", "context", "ttsr", "capsule"].map(async (k) => [k, Object.keys(await import("sightline/" + k))])));
      process.stdout.write(JSON.stringify({ main: Object.keys(main), sub }));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: join(ROOT, "examples"), encoding: "utf8" });
    expect(r.stderr).toBe("");
    const { main, sub } = JSON.parse(r.stdout) as { main: string[]; sub: Record<string, string[]> };
    // The jobs: read, replay, diff, validate, TTSR simulate and coordinate, capsule.
    expect(main).toEqual(
      expect.arrayContaining([
        "readSession",
        "parseSession",
        "buildContext",
        "turnViews",
        "replayDocument",
        "compactionDiffs",
        "validateSession",
        "validatePaths",
        "loadRules",
        "simulateTtsr",
        "TtsrManager",
        "TtsrCoordinator",
        "createCompactCapsule",
        "validateCompactCapsule",
        "restoreFromCapsule",
        "renderCompactCapsulePrompt",
      ]),
    );
    expect(sub.formats).toEqual(
      expect.arrayContaining(["moduleOf", "formatModule", "piFormat", "buildScorelContext", "FORMAT_PROFILES", "renderSystemReminder"]),
    );
    expect(sub.context).toEqual(expect.arrayContaining(["messagesFromDeltas", "matchMessages", "diffTurnLists", "charsPer4", "exactCounter"]));
    expect(sub.ttsr).toEqual(expect.arrayContaining(["chunkText", "resolveTtsrProfile", "renderRule", "bucketRules", "TTSR_PROFILE_INFO"]));
    expect(sub.capsule).toEqual(expect.arrayContaining(["capsuleCheck", "findCapsule"]));
    // Each runtime name has one home.
    const all = [main, ...Object.values(sub)].flat();
    expect(all.filter((n, i) => all.indexOf(n) !== i)).toEqual([]);
    // Internals are on no entry (test hooks, verbatim upstream strings, parsing steps, seeded PRNGs).
    for (const internal of [
      "mulberry32",
      "setRegexProbe",
      "bunOnlySyntax",
      "hasLeadingInlineFlags",
      "findCatastrophic",
      "normalizeScopeField",
      "normalizeRuleField",
      "splitScopeTokens",
      "parseFrontmatter",
      "TTSR_INTERRUPT_V14",
      "TTSR_INTERRUPT_V17",
      "TTSR_TOOL_REMINDER_V17",
      "toolHooksFor",
      "recordedCwdOf",
      "formatPass",
      "toUpstreamThrow",
      "contractSchemas",
      "rootPath",
      "matchPositions",
      "pairTurns",
    ])
      expect(all, internal).not.toContain(internal);
  });

  it("declares each name, types included, on one entry only, and no literal-typed catalogue or schemas", () => {
    const report = readFileSync(join(ROOT, "api/sightline.api.md"), "utf8");
    const names = [...report.matchAll(/^### (\S+)$/gm)].map((m) => m[1]);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const catalogue = /### catalogue\n\n```ts\n([\s\S]*?)```/.exec(report)?.[1] ?? "";
    expect(catalogue).toContain("catalogue: CodeCatalogue");
    expect(report.length).toBeLessThan(150_000);
  });
});
