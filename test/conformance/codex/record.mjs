#!/usr/bin/env node
// Records the Codex fixtures: runs each scripted scenario through the real binary offline and writes what it left
// behind to fixtures/codex/<release>/<scenario>/: the `sessions/` tree Codex wrote (rollouts, paths as written) and
// `requests.json`, every request body the scripted server received, in order.
//
//   node test/conformance/codex/record.mjs [--upstream codex@0.169.0] [scenario ...]
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { installCodex } from "./install.mjs";
import { recordScenario } from "./run-codex.mjs";
import { runsOn, scenarios } from "./scenarios.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
// Neutral scratch folders: Codex writes these paths into the rollouts (cwd, skill roots).
const HOME = "/tmp/codex-home";
const WORK = "/tmp/codex-work";

const argv = process.argv.slice(2);
let upstream = "codex@0.169.0";
const names = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === "--upstream") upstream = argv[++i];
  else names.push(argv[i]);
}
const version = upstream.replace(/^codex@/, "");
const bin = installCodex(version, console.error);
for (const name of names.length ? names : Object.keys(scenarios).filter((n) => runsOn(scenarios[n], version))) {
  const scenario = scenarios[name];
  if (!scenario) throw new Error(`no scenario ${name} (known: ${Object.keys(scenarios).join(", ")})`);
  const binOf = (v) => installCodex(v, console.error);
  const { rollouts, requests } = await recordScenario(bin, scenario, { home: HOME, work: WORK, binOf });
  const out = join(ROOT, "fixtures", "codex", version, name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const r of rollouts) {
    const rel = relative(HOME, r);
    mkdirSync(dirname(join(out, rel)), { recursive: true });
    cpSync(r, join(out, rel));
  }
  writeFileSync(
    join(out, "requests.json"),
    `${JSON.stringify(
      requests.map((r) => r.body),
      null,
      1,
    )}\n`,
  );
  console.error(`${name}: ${rollouts.length} rollout(s), ${requests.length} request(s) → ${relative(ROOT, out)}`);
}
