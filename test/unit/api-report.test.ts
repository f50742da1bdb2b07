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

  it("each subpath loads by package name and carries the engine internals the entry left out", () => {
    const script = `
      const main = await import("sightline");
      const sub = Object.fromEntries(await Promise.all(["formats", "context", "ttsr", "capsule"].map(async (k) => [k, Object.keys(await import("sightline/" + k))])));
      process.stdout.write(JSON.stringify({ main: Object.keys(main), sub }));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: join(ROOT, "examples"), encoding: "utf8" });
    expect(r.stderr).toBe("");
    const { main, sub } = JSON.parse(r.stdout) as { main: string[]; sub: Record<string, string[]> };
    expect(main).toEqual(
      expect.arrayContaining([
        "readSession",
        "replayDocument",
        "compactionDiffs",
        "turnViews",
        "buildContext",
        "simulateTtsr",
        "TtsrCoordinator",
        "ruleRenderer",
      ]),
    );
    for (const moved of ["moduleOf", "formatPass", "recompose", "capsuleCheck", "chunkText"]) expect(main).not.toContain(moved);
    expect(sub.formats).toEqual(expect.arrayContaining(["moduleOf", "formatModule", "piFormat", "formatPass", "buildScorelContext"]));
    expect(sub.context).toEqual(expect.arrayContaining(["recompose", "matchMessages", "diffTurnLists", "charsPer4", "exactCounter"]));
    expect(sub.ttsr).toEqual(expect.arrayContaining(["TtsrCoordinator", "simulateTtsr", "chunkText", "resolveTtsrProfile", "renderRule"]));
    expect(sub.capsule).toEqual(expect.arrayContaining(["capsuleCheck", "findCapsule"]));
  });
});
