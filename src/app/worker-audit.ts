// Worker entry of the audit pool: audits one file per message with the options given at start.
import { parentPort, workerData } from "node:worker_threads";
import { auditFile, type AuditFileOptions } from "./audit-file.js";
import { ttsrHookFor } from "./audit-ttsr.js";

const opts = workerData as AuditFileOptions;
const hook = ttsrHookFor(opts);

parentPort?.on("message", (path: string) => {
  auditFile(path, opts, hook).then(
    (value) => parentPort!.postMessage({ ok: true, value }),
    (e: unknown) => parentPort!.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
});
