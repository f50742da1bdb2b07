// The runtime guard against catastrophic regexes (docs/product.md §8): a task (e.g. one session's TTSR replay) runs in a
// worker thread on BUILT JavaScript; the worker reports through shared memory which rule's conditions it is testing.
// When one regex test runs longer than the budget, the worker is terminated, the rule is excluded and the task
// re-runs without it. The budget applies to a single regex evaluation, so a long but healthy run is never cut.
import { Worker } from "node:worker_threads";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { workerScript } from "../workers/pool.js";

export interface GuardTask {
  /** Built module path relative to dist/ (e.g. "app/ttsr/guard-tasks.js"). */
  module: string;
  /** Exported function `(args, {excluded}) => result` (result must be structured-cloneable). */
  export: string;
  args: unknown;
}

export interface BudgetOptions {
  budgetMs: number;
  /** Stop after this many exclusions (default 20). */
  maxExclusions?: number;
  /** Rules excluded from the start. */
  excluded?: string[];
  /** Label for diagnostics (a session path). */
  file?: string;
}

export interface BudgetOutcome<T> {
  ok: boolean;
  value?: T;
  /** The rules that exceeded the budget, in the order they were found. */
  excluded: string[];
  diagnostics: Diagnostic[];
  /** Why the task failed (no build, a crash, a timeout not attributable to a rule). */
  error?: string;
}

/** Young-generation size of the guard worker (MB); measured: same time, ~25 MB less peak memory. */
const GUARD_YOUNG_MB = 4;

// Shared layout (Int32): [0] sequence number of the current test, [1] 1 while a test runs, [2] name length, [3..] name.
export const NAME_SLOTS = 256;

type Attempt<T> = { kind: "done"; value: T } | { kind: "stuck"; rule: string } | { kind: "error"; message: string };

function attempt<T>(script: URL, task: GuardTask, excluded: string[], budgetMs: number): Promise<Attempt<T>> {
  const shared = new Int32Array(new SharedArrayBuffer(4 * (3 + NAME_SLOTS)));
  // A small young generation: the replay allocates short-lived snapshots at a steady rate, and the default
  // semi-spaces alone would make the worker's footprint most of a small session's memory budget.
  const worker = new Worker(script, { workerData: { task, excluded, shared }, resourceLimits: { maxYoungGenerationSizeMb: GUARD_YOUNG_MB } });
  return new Promise((resolve) => {
    let seenSeq = -1;
    let seenAt = 0;
    const poll = setInterval(
      () => {
        const seq = Atomics.load(shared, 0);
        if (Atomics.load(shared, 1) !== 1) return;
        if (seq !== seenSeq) {
          seenSeq = seq;
          seenAt = performance.now();
          return;
        }
        if (performance.now() - seenAt < budgetMs) return;
        const len = Atomics.load(shared, 2);
        const rule = String.fromCharCode(...Array.from(shared.subarray(3, 3 + len)));
        finish({ kind: "stuck", rule });
      },
      Math.max(5, Math.min(50, Math.floor(budgetMs / 4))),
    );
    const finish = (a: Attempt<T>): void => {
      clearInterval(poll);
      worker.removeAllListeners();
      void worker.terminate();
      resolve(a);
    };
    worker.on("message", (m: { ok: boolean; value?: T; error?: string }) =>
      finish(m.ok ? { kind: "done", value: m.value as T } : { kind: "error", message: m.error ?? "task failed" }),
    );
    worker.on("error", (e) => finish({ kind: "error", message: e.message }));
    worker.on("exit", (code) => finish({ kind: "error", message: `worker exited with code ${code}` }));
  });
}

/** Runs the task under the regex budget, excluding offending rules one by one. */
export async function runWithRegexBudget<T>(task: GuardTask, o: BudgetOptions): Promise<BudgetOutcome<T>> {
  const script = workerScript("ttsr/guard-worker.js");
  const excluded = [...(o.excluded ?? [])];
  const found: string[] = [];
  const diagnostics: Diagnostic[] = [];
  if (!script) return { ok: false, excluded: found, diagnostics, error: "no build: run `npm run build` (workers load dist/)" };
  for (let i = 0; i <= (o.maxExclusions ?? 20); i++) {
    const a = await attempt<T>(script, task, excluded, o.budgetMs);
    if (a.kind === "done") return { ok: true, value: a.value, excluded: found, diagnostics };
    if (a.kind === "error") return { ok: false, excluded: found, diagnostics, error: a.message };
    found.push(a.rule);
    excluded.push(a.rule);
    diagnostics.push(diag("TTSR_REGEX_BUDGET_EXCEEDED", { file: o.file ?? "<ttsr>" }, { rule: a.rule, budgetMs: o.budgetMs }));
  }
  return { ok: false, excluded: found, diagnostics, error: "too many rules exceeded the regex budget" };
}
