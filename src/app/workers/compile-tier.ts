// Pool workers optimise their hot functions on their own thread (issue 21, docs/performance.md §4.37).
// V8 compiles a hot function's optimised code on a background thread and runs the function unoptimised until it
// is done. When the pool has a worker on every core, no core is free for that: each compile waits behind the
// workers, which meanwhile run slow code, and the compile threads take cores from them. Compiling on the worker's
// own thread instead cost less CPU and wall on every audit of the bench (the synthetic corpus ≈ 8 % less wall,
// 80 real sessions ≈ 7 %); a single busy thread (validate's two, replay's one) gained nothing, so only a pool
// that fills the cores does it. The flag is read when a thread's isolate is set up: it is off from the pool's
// start to its close, so the workers (and any that replace them) compile in place, and threads started later keep
// V8's default. Not done when the command line sets the flag itself.
import { setFlagsFromString } from "node:v8";
import { setByUser } from "./young-heap.js";

const FLAG = "concurrent-recompilation";
/** Pools open that turned the flag off. */
let holders = 0;

/** A pool of `size` workers starts on a machine of `cores`: true when its workers will compile in place. */
export function compileInWorkers(size: number, cores: number): boolean {
  if (size < cores || setByUser(FLAG)) return false;
  if (holders++ === 0) setFlagsFromString(`--no-${FLAG}`);
  return true;
}

/** A pool for which compileInWorkers returned true has closed. */
export function compileInWorkersDone(): void {
  if (holders > 0 && --holders === 0) setFlagsFromString(`--${FLAG}`);
}
