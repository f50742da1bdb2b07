// Conformance adapter for the Codex CLI (`@openai/codex`): unlike pi and omp, Codex is a native binary with no
// library to call, so the check is end to end (docs/codex.md §5). Each scripted scenario runs through the real
// binary offline against the scripted Responses server; sightline then replays the rollouts Codex wrote and every
// turn's request must equal the body Codex sent, except at the paths the turn names in notRecorded. The committed
// fixtures (fixtures/codex/<release>/) are checked against their committed captured bodies the same way.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installCodex } from "../codex/install.mjs";
import { recordScenario } from "../codex/run-codex.mjs";
import { runsOn, scenarios } from "../codex/scenarios.mjs";

const PROFILE_OF = { "0.169.0": "codex-0.169", "0.100.0": "codex-0.100" };

function* rollouts(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* rollouts(p);
    else if (name.endsWith(".jsonl")) yield p;
  }
}

/**
 * sightline's turns of the rollouts (in file-name order, which is start-time order) against the bodies. Files are
 * read with readSession, as a user's are: a fork reads its parent's rollout beside it.
 */
async function compare(lib, files, bodies, profile) {
  const turns = [];
  const errors = [];
  for (const f of files) {
    const s = await lib.readSession(f, { profile });
    if (s.format !== "codex") {
      errors.push(`${f}: not read as a codex rollout`);
      continue;
    }
    for (const d of s.diagnostics) if (d.severity === "error") errors.push(`${f}:${d.line ?? ""} ${d.code} ${d.message}`);
    turns.push(...lib.turnViews(s).turns);
  }
  return { ...lib.compareRequests(turns, bodies), errors };
}

export default {
  name: "codex",
  package: "@openai/codex",
  pinned: Object.keys(PROFILE_OF),
  profileFor: (version) => ({ profile: PROFILE_OF[version] ?? "codex-0.169", pinned: version in PROFILE_OF }),

  /** The whole check for one release: `{ lines, failing }` for the harness to print and count. */
  async run(version, { log, sightline, profile, show }) {
    const lib = {
      ...(await import(join(sightline, "dist/index.js"))),
      ...(await import(join(sightline, "dist/entry-formats.js"))),
      ...(await import(join(sightline, "dist/context/turns.js"))),
    };
    const bin = installCodex(version, log);
    const rows = [];
    const work = mkdtempSync(join(tmpdir(), "codex-conformance-"));
    try {
      for (const [name, scenario] of Object.entries(scenarios)) {
        if (!runsOn(scenario, version)) continue;
        log(`codex@${version}: running scenario ${name}`);
        const binOf = (v) => installCodex(v, log);
        const rec = await recordScenario(bin, scenario, { home: join(work, "home"), work: join(work, "cwd"), binOf });
        rows.push({
          name: `ran ${name}`,
          ...(await compare(
            lib,
            rec.rollouts,
            rec.requests.map((r) => r.body),
            profile,
          )),
        });
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    const fixtureRoot = join(sightline, "fixtures/codex", version);
    let fixtureDirs = [];
    try {
      fixtureDirs = readdirSync(fixtureRoot).sort();
    } catch {
      // No committed fixtures for this release.
    }
    for (const name of fixtureDirs) {
      const dir = join(fixtureRoot, name);
      const bodies = JSON.parse(readFileSync(join(dir, "requests.json"), "utf8"));
      rows.push({ name: `fixture ${name}`, ...(await compare(lib, [...rollouts(join(dir, "sessions"))], bodies, profile)) });
    }
    const requests = rows.reduce((n, r) => n + r.requests, 0);
    const compared = rows.reduce((n, r) => n + r.compared, 0);
    const failing = rows.filter((r) => r.differences.length > 0 || r.errors.length > 0);
    const lines = [
      `codex@${version} vs profile ${profile}: ${rows.filter((r) => r.name.startsWith("ran")).length} scenarios run by the binary, ${fixtureDirs.length} fixtures, ${requests} requests captured, ${compared} turns compared, ${failing.length} differ`,
    ];
    for (const r of failing.slice(0, show)) {
      lines.push(`  ${r.name}: ${r.turns} turns for ${r.requests} requests, ${r.differences.length} difference(s)`);
      for (const e of r.errors.slice(0, 3)) lines.push(`    ${e}`);
      for (const d of r.differences.slice(0, 3))
        lines.push(
          `    turn ${d.turn} at ${d.path}: upstream ${JSON.stringify(d.upstream)?.slice(0, 160)}, sightline ${JSON.stringify(d.sightline)?.slice(0, 160)}`,
        );
    }
    return { lines, failing: failing.length };
  },
};
