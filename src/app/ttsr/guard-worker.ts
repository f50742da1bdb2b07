// Worker side of the regex budget (app/ttsr/guard.ts): publishes the rule under test in shared memory, runs the
// task module's exported function with the excluded rules, and posts the result.
import { parentPort, workerData } from "node:worker_threads";
import { setRegexProbe } from "../../ttsr/probe.js";
import type { GuardTask } from "./guard.js";

const NAME_SLOTS = 256;
const { task, excluded, shared } = workerData as { task: GuardTask; excluded: string[]; shared: Int32Array };

setRegexProbe({
  start(name) {
    const n = Math.min(name.length, NAME_SLOTS);
    for (let i = 0; i < n; i++) shared[3 + i] = name.charCodeAt(i);
    Atomics.store(shared, 2, n);
    Atomics.add(shared, 0, 1);
    Atomics.store(shared, 1, 1);
  },
  done() {
    Atomics.store(shared, 1, 0);
  },
});

try {
  const mod = (await import(new URL(`../../${task.module}`, import.meta.url).href)) as Record<string, unknown>;
  const fn = mod[task.export];
  if (typeof fn !== "function") throw new Error(`${task.module} has no function ${task.export}`);
  const value: unknown = await (fn as (a: unknown, c: { excluded: string[] }) => unknown)(task.args, { excluded });
  parentPort?.postMessage({ ok: true, value });
} catch (e) {
  parentPort?.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
}
