// Worker entry of a parallel validate (parallel.ts): the facts of one range of a pi file per message.
import { parentPort } from "node:worker_threads";
import { chunkFacts, encodeFacts, type ChunkTask } from "./chunks.js";

parentPort?.on("message", (t: ChunkTask) => {
  chunkFacts(t).then(
    (facts) => parentPort!.postMessage({ ok: true, value: encodeFacts(facts) }),
    (e: unknown) => parentPort!.postMessage({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
});
