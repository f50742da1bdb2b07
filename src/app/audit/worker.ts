// Worker entry of the audit pool: audits one file per message with the options given at start, writes the
// finished session to the run's spill folder and answers with its digest only (the full session never
// crosses to the main thread).
import { parentPort, workerData } from "node:worker_threads";
import { auditFile, WHOLE_FILE_BYTES, type AuditFileOptions } from "./file.js";
import { ReadScratch } from "../../io/read.js";
import { spillSession } from "./spill.js";
import type { AuditTask, AuditTaskResult } from "./audit.js";

const { opts, spillDir, keepFull } = workerData as { opts: AuditFileOptions; spillDir: string; keepFull: boolean };
// The TTSR replay (and its ~50 modules) is loaded only when rules were given: start-up is part of every run.
const hook = opts.rules?.length ? (await import("./ttsr.js")).ttsrHookFor(opts) : undefined;

// One file at a time: every read of this thread goes through one reused buffer (io/read.ts).
const scratch = new ReadScratch(WHOLE_FILE_BYTES);

parentPort?.on("message", (task: AuditTask) => {
  auditFile(task.path, opts, hook, { scratch })
    .then((r): AuditTaskResult => ("entry" in r ? { digest: spillSession(spillDir, task.key, r.entry, keepFull) } : r))
    .then(
      (value) => parentPort!.postMessage({ ok: true, value }),
      (e: unknown) => parentPort!.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
});
