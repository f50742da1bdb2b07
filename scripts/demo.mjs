// `npm run demo`: audits the bundled fixtures into reports/demo/ with the fixtures' TTSR rules, so the report shows
// rule replays beside the recorded evidence (each session's settings.json is read from beside it, as audit does).
// dist/ is built only when it is missing or older than a source file: `npm ci` has just built it through `prepare`.
// `--dry-run` prints what would run; `--out DIR` writes elsewhere (the tests use both).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const outAt = args.indexOf("--out");
const out = outAt >= 0 ? args[outAt + 1] : "reports/demo";

/** The newest file under a folder: [mtime in ms, path]. */
function newest(dir) {
  let best = [0, ""];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    const x = e.isDirectory() ? newest(p) : [statSync(p).mtimeMs, p];
    if (x[0] > best[0]) best = x;
  }
  return best;
}

/** Why dist/ must be built, or undefined when it is up to date. */
function staleReason() {
  const built = join(root, "dist/cli/main.js");
  if (!existsSync(built)) return "dist/ is missing";
  const [srcTime, srcFile] = newest(join(root, "src"));
  const inputs = ["package.json", "tsconfig.json"].map((f) => [statSync(join(root, f)).mtimeMs, join(root, f)]);
  const [time, file] = [[srcTime, srcFile], ...inputs].reduce((a, b) => (b[0] > a[0] ? b : a));
  return time > statSync(built).mtimeMs ? `${relative(root, file)} is newer than dist/` : undefined;
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const audit = ["bin/sightline.js", "audit", "fixtures", "--rules", "fixtures/rules/project", "--out", out, "--fail-on", "none"];
const why = staleReason();
console.error(why ? `demo: building (${why})` : "demo: dist/ is up to date, not rebuilt");
console.error(`demo: node ${audit.join(" ")}`);
if (dryRun) process.exit(0);
if (why) {
  const b = spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const r = spawnSync(process.execPath, audit, { cwd: root, stdio: "inherit" });
process.exit(r.status ?? 1);
