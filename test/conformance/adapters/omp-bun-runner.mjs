// Runs under Bun (oh-my-pi ships TypeScript sources for Bun), started by adapters/omp.mjs; never under Node.
//   bun --no-install omp-bun-runner.mjs read  <package dir> <jobs.json> <answers.json>
//   bun --no-install omp-bun-runner.mjs write <package dir> <programs.json> <texts.json>
// read: for each job {copy, sessionDir, withContexts} the release's own answer on a COPY of a session file:
// SessionManager.open (the loader; it may rewrite the copy) and buildSessionContext at every entry and at the
// loader's leaf. write: runs programs of SessionManager calls (omp-bun-write.mjs) and returns the files written.
// One process answers a whole batch: Bun's start and the module graph cost more than the sessions.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runProgram } from "./omp-bun-write.mjs";

const [mode, pkg, input, output] = process.argv.slice(2);
const load = (rel) => import(join(pkg, "src/session", rel));
const { SessionManager } = await load("session-manager.ts");
const { buildSessionContext } = await load("session-context.ts");
const { loadSessionFile } = await load("session-loader.ts");

/** The part of a context sightline models (the same keys adapters/omp.mjs reads from sightline). */
const pick = (c) => ({ messages: c.messages, thinkingLevel: c.thinkingLevel, models: c.models, injectedTtsrRules: c.injectedTtsrRules, mode: c.mode });

async function answer({ copy, sessionDir, withContexts }) {
  // The copy's path is a temporary folder: the reason names "the copy" so it reads the same in every run.
  const refused = (e) => ({ verdict: "refused", reason: String(e?.message ?? e).replaceAll(copy, "the copy") });
  // What the loader read, before open (which may rewrite a migrated or damaged copy).
  let probed;
  try {
    probed = await loadSessionFile(copy);
  } catch (e) {
    return refused(e);
  }
  let sm;
  try {
    sm = await SessionManager.open(copy, sessionDir, undefined, { suppressBreadcrumb: true });
  } catch (e) {
    return refused(e);
  }
  try {
    // Opened without entries, omp started a new session over the file.
    if (probed.entries.length === 0) return { verdict: "empty", contexts: [] };
    if (!withContexts) return { verdict: "loaded" };
    const entries = sm.getEntries();
    const contexts = entries.map((e) => pick(buildSessionContext(entries, e.id)));
    contexts.push(pick(sm.buildSessionContext()));
    return { verdict: "loaded", contexts };
  } finally {
    await sm.close().catch(() => {});
  }
}

const jobs = JSON.parse(readFileSync(input, "utf8"));
const out = [];
if (mode === "read") {
  for (const job of jobs) {
    try {
      out.push(await answer(job));
    } catch (e) {
      out.push({ verdict: "crashed", reason: String(e?.stack ?? e) });
    }
  }
} else if (mode === "write") {
  for (const job of jobs) out.push(await runProgram(SessionManager, job));
} else throw new Error(`unknown mode ${mode}`);
// JSON drops undefined keys and turns NaN into null: the same normalisation compare.mjs applies.
writeFileSync(output, JSON.stringify(out));
process.exit(0);
