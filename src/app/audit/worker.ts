// Worker entry of the audit pool: audits the files of one message in turn with the options given at its setup, writes the
// finished session to the run's spill folder and answers with its digest only (the full session never
// crosses to the main thread).
import { parentPort, workerData } from "node:worker_threads";
import { auditFile, WHOLE_FILE_BYTES, type AuditFileOptions } from "./file.js";
import { ReadScratch } from "../../io/read.js";
import { spillSession } from "./spill.js";
import type { AuditTask, AuditTaskResult } from "./audit.js";
import type { PreviousSession } from "../read/read.js";
import type { TtsrHook } from "./ttsr.js";

interface Setup {
  opts: AuditFileOptions;
  spillDir: string;
  keepFull: boolean;
}
interface Ready extends Setup {
  hook: TtsrHook | undefined;
}

// The TTSR replay (and its ~50 modules) is loaded only when rules were given: start-up is part of every run.
const prepare = async (s: Setup): Promise<Ready> => ({ ...s, hook: s.opts.rules?.length ? (await import("./ttsr.js")).ttsrHookFor(s.opts) : undefined });

// The run's options come as workerData, or, for a worker started before they were known (early.ts), as its first
// message.
let ready: Promise<Ready> | undefined = workerData ? prepare(workerData as Setup) : undefined;

// One file at a time: every read of this thread goes through one reused buffer (io/read.ts).
const scratch = new ReadScratch(WHOLE_FILE_BYTES);

// A task is a unit of files (schedule.ts): a session folder's segments in turn, each one offered the session
// before it as its origin, so that origin is parsed once; only the previous session is held between files.
async function auditUnit(tasks: readonly AuditTask[], { opts, spillDir, keepFull, hook }: Ready): Promise<AuditTaskResult[]> {
  const out: AuditTaskResult[] = [];
  let previous: PreviousSession | undefined;
  for (let i = 0; i < tasks.length; i++) {
    const offered = previous;
    previous = undefined;
    const keep = i + 1 < tasks.length ? (p: PreviousSession) => (previous = p) : undefined;
    const r = await auditFile(tasks[i].path, opts, hook, { scratch, ...(offered && { previous: offered }), ...(keep && { keep }) });
    out.push("entry" in r ? { digest: spillSession(spillDir, tasks[i].key, r.entry, keepFull) } : r);
  }
  return out;
}

parentPort?.on("message", (m: AuditTask[] | Setup) => {
  if (ready === undefined) {
    ready = prepare(m as Setup);
    return;
  }
  ready
    .then((r) => auditUnit(m as AuditTask[], r))
    .then(
      (value) => parentPort!.postMessage({ ok: true, value }),
      (e: unknown) => parentPort!.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
});
