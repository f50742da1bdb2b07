// Which of sightline's modules the CLI's main thread loads (issue 21; docs/performance.md §4.16): a worker audit
// leaves the format readers, the context engine and the schemas to its workers, and `--version` loads no job.
// A module loader hook, registered on the main thread only, lists every file it loads; the static side of the
// same rule is test/arch/main-thread-graph.test.ts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { BIN, ensureBuilt, ROOT } from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "sightline-loaded-"));
writeFileSync(
  join(dir, "hooks.mjs"),
  `import { appendFileSync } from "node:fs";
let out;
export function initialize(data) { out = data.out; }
export async function load(url, context, next) { if (url.startsWith("file:")) appendFileSync(out, url + "\\n"); return next(url, context); }
`,
);
writeFileSync(
  join(dir, "register.mjs"),
  `import { register } from "node:module";
import { isMainThread } from "node:worker_threads";
if (isMainThread) register(new URL("./hooks.mjs", import.meta.url), { data: { out: process.env.SIGHTLINE_LOADED } });
`,
);

const DIST = `${pathToFileURL(join(ROOT, "dist")).href}/`;
const FILES = ["fixtures/pi/omp17-written-tool-reminder.jsonl", "fixtures/pi/omp18-beyond-markers.jsonl"];
let runs = 0;

/** The files under dist/ the main thread loaded for a command line, relative to dist/. */
function loaded(args: string[]): string[] {
  return loadedUrls(args)
    .filter((u) => u.startsWith(DIST))
    .map((u) => u.slice(DIST.length));
}

/** Every file the main thread loaded for a command line, as URLs. */
function loadedUrls(args: string[]): string[] {
  ensureBuilt();
  const list = join(dir, `loaded-${++runs}.txt`);
  writeFileSync(list, "");
  const r = spawnSync(process.execPath, ["--import", pathToFileURL(join(dir, "register.mjs")).href, BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", SIGHTLINE_LOADED: list },
  });
  expect(r.status, r.stderr).toBeLessThanOrEqual(1);
  return readFileSync(list, "utf8")
    .split("\n")
    .filter((u) => u !== "");
}
const ENGINES = /^(formats|context|capsule|schema)\//;

describe("the main thread's modules, as loaded", () => {
  it("a worker audit: the orchestrator and the report writer, no format reader, context or schema", () => {
    const files = loaded(["audit", ...FILES, "--workers", "1", "--out", join(dir, "report-1")]);
    expect(files).toContain("app/audit/audit.js");
    expect(files).toContain("app/report-folder/write.js");
    // context/tokens-exact.js only holds the optional tokenizer's loader (checked before any work with --tokens exact);
    // context/blocks.js is the block reading a detail file's extra strings are built from (report/page-extras.ts),
    // one small module of no engine, for a detail file the report writer builds itself; formats/yoi/segment-name.js
    // is the name test that gives a yoi session folder's segments to one worker (it imports nothing).
    const own = ["context/tokens-exact.js", "context/blocks.js", "formats/yoi/segment-name.js"];
    expect(files.filter((f) => (ENGINES.test(f) && !own.includes(f)) || f === "app/audit/file.js")).toEqual([]);
  });

  it("an in-process audit (--workers 0) loads the readers: the hook sees what import() loads", () => {
    const files = loaded(["audit", ...FILES, "--workers", "0", "--out", join(dir, "report-0")]);
    expect(files).toContain("app/audit/file.js");
    // Through the registry, which loads the pi reader with the first pi file, and no other format's reader.
    expect(files).toContain("formats/registry.js");
    expect(files).toContain("formats/pi/index.js");
    expect(files.filter((f) => /^formats\/(claude-code|codex|scorel|yoi)\/index\.js$/.test(f))).toEqual([]);
  });

  // (--help loads them through require, which this hook does not see: the help tests hold its text.)
  it("a command loads yargs without what only its help text draws (cliui, string-width)", () => {
    const helpOnly = (urls: string[]) => urls.filter((u) => /\/node_modules\/(?:cliui|string-width|wrap-ansi)\//.test(u));
    const replay = loadedUrls(["replay", FILES[0], "--json"]);
    expect(replay.some((u) => u.includes("/node_modules/yargs/build/lib/yargs-factory.js"))).toBe(true);
    expect(helpOnly(replay)).toEqual([]);
  });

  it("--version loads no job and no engine", () => {
    const files = loaded(["--version"]);
    expect(files).toContain("cli/main.js");
    expect(files.filter((f) => ENGINES.test(f) || /^app\/(audit|validate|replay|ttsr|check|read|capsule)\//.test(f))).toEqual([]);
  });
});
