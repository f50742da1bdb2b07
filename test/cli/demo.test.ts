// `npm run demo`: no second build right after `npm ci` built dist/, and a report that shows TTSR (the demo
// passes the fixtures' rules; each session's own settings.json is read from beside it).
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "./run.js";

const DEMO = join(ROOT, "scripts/demo.mjs");
const dryRun = (root: string) => spawnSync(process.execPath, [join(root, "scripts/demo.mjs"), "--dry-run"], { encoding: "utf8" });

/** A copy of the demo script in a scratch tree whose src/ and dist/ have the given ages (seconds since the epoch). */
function tree(ages: { src: number; dist?: number }): string {
  const root = mkdtempSync(join(tmpdir(), "sightline-demo-"));
  for (const d of ["scripts", "src/app", "dist/cli"]) mkdirSync(join(root, d), { recursive: true });
  copyFileSync(DEMO, join(root, "scripts/demo.mjs"));
  for (const f of ["package.json", "tsconfig.json", "src/app/a.ts"]) writeFileSync(join(root, f), "{}\n");
  for (const f of ["package.json", "tsconfig.json"]) utimesSync(join(root, f), 1000, 1000);
  utimesSync(join(root, "src/app/a.ts"), ages.src, ages.src);
  if (ages.dist !== undefined) {
    writeFileSync(join(root, "dist/cli/main.js"), "\n");
    utimesSync(join(root, "dist/cli/main.js"), ages.dist, ages.dist);
  }
  return root;
}

describe("npm run demo", () => {
  it("has no predemo build; the demo script builds only a missing or stale dist/", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.predemo).toBeUndefined();
    expect(pkg.scripts.demo).toBe("node scripts/demo.mjs");
    expect(dryRun(tree({ src: 2000, dist: 3000 })).stderr).toContain("demo: dist/ is up to date, not rebuilt\n");
    expect(dryRun(tree({ src: 4000, dist: 3000 })).stderr).toContain("demo: building (src/app/a.ts is newer than dist/)\n");
    expect(dryRun(tree({ src: 2000 })).stderr).toContain("demo: building (dist/ is missing)\n");
  });

  it("audits the fixtures with their rules: the report shows TTSR replays that agree with the recorded evidence", () => {
    const plan = dryRun(ROOT).stderr;
    const line = plan.split("\n").find((l) => l.startsWith("demo: node bin/sightline.js "));
    expect(line).toBeDefined();
    const out = join(mkdtempSync(join(tmpdir(), "sightline-demo-")), "demo");
    const args = line!.slice("demo: node bin/sightline.js ".length).split(" ");
    args[args.indexOf("--out") + 1] = out;
    expect(args).toContain("--rules");
    const r = runCli(args);
    expect(r.code, r.stderr).toBe(0);
    type Entry = { counts: { ttsrDisagreements: number | null } };
    const doc = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as { sessions: Entry[] };
    const replayed = doc.sessions.filter((s) => s.counts.ttsrDisagreements !== null);
    expect(replayed.filter((s) => s.counts.ttsrDisagreements === 0).length).toBeGreaterThan(100);
    expect(r.stdout).toMatch(/│ agrees /);
  }, 120_000);
});
