// Worker entry of a parallel validate (parallel.ts): the facts of one range of a pi file per message.
import { parentPort } from "node:worker_threads";
import { chunkFacts, type ChunkTask } from "./chunks.js";

parentPort?.on("message", (t: ChunkTask) => {
  chunkFacts(t).then(
    (value) => parentPort!.postMessage({ ok: true, value }),
    (e: unknown) => parentPort!.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
});
