// Issue 21 "memory flat in the number of files": what the main thread holds per finished session. Digests
// arrive as structured clones (nothing shared between them) and are kept the way runAudit keeps them; the heap
// they hold, measured after a full collection over many sessions, stays under a bound a session's findings
// alone would exceed (each generated session carries three findings, ≈ 1.2 KB as data).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import { FileSessionStore } from "../../../../src/app/audit/spill.js";
import { digestInterner, digestOf, spilledSession } from "../../../../src/audit/store.js";
import type { AuditSession } from "../../../../src/audit/model.js";
import { summarize } from "../../../../src/audit/summary.js";
import { diagnostic, msg, session } from "../../report/builders.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const tmp = mkdtempSync(join(tmpdir(), "sightline-digest-mem-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const N = 20_000;
const BOUND = 400;

const pathOf = (i: number) => `/home/someone/.claude/projects/-home-someone-project-${i % 97}/${String(i).padStart(8, "0")}-session.jsonl`;
const template = session(pathOf(0), [[msg("user", "hi")]], {
  diagnostics: ["INVALID_JSON", "UNKNOWN_ENTRY", "TRUNCATED_LINE"].map((code, j) =>
    diagnostic({ code, severity: j ? "warning" : "error", file: pathOf(0), line: j + 3, message: `finding ${j} in ${pathOf(0)}` }),
  ),
});

/** The digest of the i-th session as a worker sends it: its own path in its fields and findings. */
function arrived(i: number) {
  const d = structuredClone(digestOf(template, String(i).padStart(6, "0"), true));
  const c = d.compact as AuditSession;
  c.path = pathOf(i);
  for (const [j, x] of c.diagnostics.entries()) Object.assign(x, { file: c.path, message: `finding ${j} in ${c.path}` });
  return d;
}

const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

describe("app/audit: what the main thread keeps per session", () => {
  it(`stays under ${BOUND} bytes per session over ${N} sessions with findings, and reads them back intact`, () => {
    const store = new FileSessionStore(mkdtempSync(join(tmp, "spill-")));
    const intern = digestInterner();
    const kept: AuditSession[] = [];
    // Warm-up: the store's buffers and shapes exist before the measurement starts.
    for (let i = 0; i < 100; i++) {
      const d = arrived(i);
      store.add(d);
      kept.push(spilledSession(intern(d), store));
    }
    const before = heap();
    for (let i = 100; i < N; i++) {
      const d = arrived(i);
      store.add(d);
      kept.push(spilledSession(intern(d), store));
    }
    const perSession = (heap() - before) / (N - 100);
    expect(perSession).toBeLessThan(BOUND);
    expect(kept[N - 1].path).toBe(pathOf(N - 1));
    expect(kept[12_345].diagnostics.map((d) => d.message)).toEqual([0, 1, 2].map((j) => `finding ${j} in ${pathOf(12_345)}`));
    const s = summarize(kept);
    expect(s.diagnostics).toEqual({ error: N, warning: 2 * N, info: 0 });
    expect(s.turns).toBe(N);
    store.dispose();
  });
});
