// Claude Code adapter (docs/claude-code.md §7): runs the release's native binary offline against the scripted
// server through every scenario, then compares sightline's `request` at every turn of the sessions it wrote
// with the bodies it sent (compare.mjs). Unlike the pi and omp adapters there is no upstream context builder
// to call: the oracle is the wire itself, so the adapter brings its own `run`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { compareRecording } from "../claude-code/compare.mjs";
import { claudeBinary, recordScenario, SCRATCH_HOME } from "../claude-code/record.mjs";
import { SCENARIOS } from "../claude-code/scenarios.mjs";

const PINNED = ["2.1.328", "2.1.220"];

const walk = (d) =>
  readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".jsonl") ? [p] : [];
  });

export default {
  name: "claude-code",
  package: "@anthropic-ai/claude-code",
  pinned: PINNED,
  // 2.1.220 writes no request records; anything else is compared with the newest profile.
  profileFor: (version) => ({ profile: version === "2.1.220" ? "cc-2.1-early" : "cc-2.1", pinned: PINNED.includes(version) }),
  /** One release through every scenario: { lines, failing } for run.mjs to print. */
  async run(version, { sightline, profile, show, log }) {
    const formats = await import(join(sightline, "dist/formats/index.js"));
    log(`claude-code@${version}: installing / running the native binary`);
    const bin = claudeBinary(version);
    const totals = { sessions: 0, turns: 0, equal: 0, rebuiltCompactions: 0, compaction: 0, retries: 0 };
    const failing = [];
    const scenarios = SCENARIOS.filter((sc) => !sc.skip?.includes(version));
    for (const sc of scenarios) {
      const { requests } = await recordScenario(bin, version, sc);
      const turns = [];
      const compactions = [];
      const errors = [];
      for (const f of walk(join(SCRATCH_HOME, ".claude", "projects"))) {
        totals.sessions++;
        const s = formats.parseSession(readFileSync(f, "utf8"), { file: f, profile: version === "2.1.220" || PINNED.includes(version) ? profile : undefined });
        if (!formats.isSession(s) || s.format !== "claude-code") {
          errors.push(`${f}: not read as a Claude Code session`);
          continue;
        }
        for (const d of s.diagnostics) if (d.severity === "error") errors.push(`${d.code} ${d.message}`);
        for (const t of formats.moduleOf(s).turnContexts(s))
          turns.push({ file: f.slice(SCRATCH_HOME.length), index: t.ref.index, profile: s.profile, request: t.request });
        for (const c of formats.moduleOf(s).compactions(s))
          if (c.request) compactions.push({ file: f.slice(SCRATCH_HOME.length), id: c.id, profile: s.profile, request: c.request });
      }
      const r = compareRecording(
        turns,
        requests.map((q) => ({ url: q.url, body: q.body })),
        compactions,
      );
      totals.turns += r.turns;
      totals.equal += r.equal;
      totals.rebuiltCompactions += r.compactionsEqual;
      totals.compaction += r.compactionRequests;
      totals.retries += r.retries;
      const diffs = [...errors.map((e) => ({ where: "validation of a file the release wrote", detail: e })), ...r.differences];
      if (diffs.length > 0) failing.push({ name: sc.name, diffs });
    }
    const lines = [
      `claude-code@${version} vs profile ${profile}: ${scenarios.length} scenarios, ${totals.sessions} sessions written, ${totals.turns} turns compared, ` +
        `${totals.equal} equal to the captured body, ${totals.rebuiltCompactions} compaction requests reconstructed and equal, ${failing.length} scenarios differ ` +
        `(not rebuilt: ${totals.compaction} compaction requests, ${totals.retries} retried requests)`,
    ];
    for (const f of failing.slice(0, show)) {
      lines.push(`  ${f.name}: ${f.diffs.length} difference(s)`);
      for (const d of f.diffs.slice(0, 3)) lines.push(`    ${d.where}: ${d.detail}`);
    }
    return { lines, failing: failing.length };
  },
};
