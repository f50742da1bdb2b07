// The audit reads files up to 16 MiB whole, once, and parses them from memory; larger files (and folders,
// stdin) stream. Both ways must give the same audit entry for every input of the bundled fixtures (sessions
// of every format, broken and hostile ones, rules, settings, capsules, files that are skipped).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditFile } from "../../../../src/app/audit/file.js";
import { readSession } from "../../../../src/app/read/read.js";
import { expandInputs } from "../../../../src/io/paths.js";
import { ReadScratch, readSmallFileSync } from "../../../../src/io/read.js";
import { readFileSync } from "node:fs";

const tmp = mkdtempSync(join(tmpdir(), "sightline-whole-file-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The entry without its timing. */
const entryOf = (r: Awaited<ReturnType<typeof auditFile>>) => {
  if (!("entry" in r)) return r;
  const { ms: _ms, ...rest } = r.entry;
  return rest;
};

describe("audit: whole-file reads equal the streaming reader", () => {
  const { files } = expandInputs(["fixtures"]);
  it("covers the fixtures (many inputs, folders among them)", () => {
    expect(files.length).toBeGreaterThan(100);
  });
  it("gives the same entry for every fixture input, read whole or streamed", async () => {
    for (const f of files) {
      const whole = entryOf(await auditFile(f, {}));
      const streamed = entryOf(await auditFile(f, {}, undefined, { wholeFileBytes: -1 }));
      expect(whole, f).toEqual(streamed);
    }
  }, 120_000);
  it("gives the same entry through one reused read buffer (a worker's; subagents read their parents into it too)", async () => {
    const scratch = new ReadScratch(16 * 2 ** 20);
    for (const f of files) expect(entryOf(await auditFile(f, {}, undefined, { scratch })), f).toEqual(entryOf(await auditFile(f, {})));
  }, 120_000);
  it("readSession from bytes equals readSession from the path (a torn last line, a NUL, an empty file)", async () => {
    const cases: [string, string | Buffer][] = [
      ["torn.jsonl", '{"type":"session","version":3,"id":"a","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}\n{"type":"mess'],
      ["nul.jsonl", Buffer.from([0x7b, 0x00, 0x7d, 0x0a])],
      ["empty.jsonl", ""],
    ];
    for (const [name, body] of cases) {
      const p = join(tmp, name);
      writeFileSync(p, body);
      expect(await readSession(p, { bytes: readFileSync(p) }), name).toEqual(await readSession(p));
    }
  });
  it("reads only regular files within the limit", () => {
    const p = join(tmp, "small.jsonl");
    writeFileSync(p, "x\n");
    expect(readSmallFileSync(p, 2)?.toString()).toBe("x\n");
    expect(readSmallFileSync(p, 1)).toBeUndefined();
    expect(readSmallFileSync(tmp, 1 << 20)).toBeUndefined();
    expect(readSmallFileSync(join(tmp, "missing"), 1 << 20)).toBeUndefined();
    expect(readSmallFileSync("-", 1 << 20)).toBeUndefined();
  });
});
