// app/validate/others.ts: the reading thread takes the workers' facts from their ports without its event loop,
// sleeps on the claim until the next range is sent, and a worker that fails or exits fails the read rather
// than leaving it waiting. Stand-in worker scripts (written here) play the chunk worker's part.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { newClaim } from "../../../../src/app/validate/claim.js";
import { workerReaders } from "../../../../src/app/validate/others.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-others-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A worker script: `body` runs on the job (`job`, with `claim` as an Int32Array). */
function script(name: string, body: string): URL {
  const path = join(tmp, `${name}.mjs`);
  writeFileSync(
    path,
    `import { parentPort } from "node:worker_threads";\nparentPort.on("message", (job) => {\nconst claim = new Int32Array(job.claim);\n${body}\n});\n`,
  );
  return pathToFileURL(path);
}

const job = (n: number) => ({ path: "unused", ranges: Array.from({ length: n }, (_, i): [number, number] => [i, i + 1]), version: 3 as const });

describe("app/validate/others: worker readers", () => {
  it("ranges sent on the port are ready at once, in any order, and result() waits for one still to come", async () => {
    // Sends range 1, then (a little later) range 0, each with the sent counter raised as the chunk worker does.
    const url = script(
      "sends",
      `const send = (i) => { job.port.postMessage({ i, ok: true, value: "[" + i + "]" }); Atomics.add(claim, 2, 1); Atomics.notify(claim, 2); };
send(1); setTimeout(() => send(0), 150);`,
    );
    const others = workerReaders(url, 1);
    try {
      const claim = newClaim(2);
      claim[0] = 2; // both ranges are the worker's
      others.start({ ...job(2), claim: claim.buffer as SharedArrayBuffer });
      // Range 0 comes after range 1: result(0) sleeps on the counter until it is sent.
      expect(await others.result(0)).toBe("[0]");
      // Range 1 came first and is taken from the port without waiting.
      expect(others.ready(1)).toBe(true);
      expect(await others.result(1)).toBe("[1]");
    } finally {
      await others.stop();
    }
  });

  it("a worker that throws fails the read (result() rejects, it does not wait forever)", async () => {
    const others = workerReaders(script("throws", `throw new Error("boom in the worker");`), 1);
    try {
      const claim = newClaim(1);
      others.start({ ...job(1), claim: claim.buffer as SharedArrayBuffer });
      await expect(others.result(0)).rejects.toThrow("boom in the worker");
    } finally {
      await others.stop();
    }
  });

  it("a failure the worker reports on its port fails every range not delivered", async () => {
    const url = script("reports", `job.port.postMessage({ ok: false, error: "range unreadable" }); Atomics.add(claim, 2, 1); Atomics.notify(claim, 2);`);
    const others = workerReaders(url, 1);
    try {
      const claim = newClaim(3);
      others.start({ ...job(3), claim: claim.buffer as SharedArrayBuffer });
      await expect(others.result(2)).rejects.toThrow("range unreadable");
      expect(others.ready(0)).toBe(true);
      await expect(others.result(0)).rejects.toThrow("range unreadable");
    } finally {
      await others.stop();
    }
  });
});
