// Issue 21: `validate` of one large pi file on several threads (app/validate/parallel.ts) gives exactly the
// findings of the single-core reader, wherever the file is cut. Files are generated with everything the
// per-line work and the whole-file checks react to (bad JSON, blank and CRLF lines, lone surrogates,
// invalid UTF-8, long text that the threads slim away, usage without cost, references that resolve or not,
// markers of newer writers, a torn last line), cut at random offsets, and read both ways.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { readSession } from "../../src/app/read/read.js";
import { chunkFacts } from "../../src/app/validate/chunks.js";
import { inProcessReader } from "../../src/app/validate/others.js";
import { readSessionParallel } from "../../src/app/validate/parallel.js";
import { validateDocument, validatePaths } from "../../src/app/validate/validate.js";
import { workerScript } from "../../src/app/workers/pool.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-vpar-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ts = "2026-01-01T00:00:00.000Z";
const usage = (cost: boolean) => ({
  input: 1,
  output: 2,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 3,
  ...(cost ? { cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } } : {}),
});
const long = (n: number) => "lorem ipsum ".repeat(n);

/** One line kind, given the ids so far (references may hit or miss). */
const lineArb = fc.oneof(
  fc.record({
    k: fc.constantFrom(
      "user",
      "assistant",
      "assistantNoCost",
      "system",
      "toolResult",
      "task",
      "compaction",
      "compactionOmp18",
      "label",
      "branch",
      "custom",
      "customMsg",
      "usage",
      "unknown",
      "edit",
      "hook",
      "noMessage",
    ),
    ref: fc.nat(40),
    dup: fc.boolean(),
    text: fc.nat(30),
  }),
  fc.constantFrom("BAD", "BLANK", "ARRAY", "NULL", "HEADER", "SURROGATE", "INVALID_UTF8", "CRLF", "DEEP", "INFINITE", "PROTO"),
);

function entry(x: { k: string; ref: number; dup: boolean; text: number }, i: number, ids: string[]): object {
  const id = x.dup && ids.length ? ids[x.ref % ids.length] : `e${i}`;
  const parentId = ids.length ? (x.ref % 7 === 6 ? "missing" : ids[ids.length - 1]) : null;
  const target = x.ref % 5 === 4 ? "nowhere" : (ids[x.ref % Math.max(1, ids.length)] ?? "none");
  const base = { id, parentId, timestamp: ts };
  const text = long(x.text);
  switch (x.k) {
    case "user":
      return { type: "message", ...base, message: { role: "user", timestamp: 1, content: [{ type: "text", text }] } };
    case "assistant":
    case "assistantNoCost":
      return {
        type: "message",
        ...base,
        message: {
          role: "assistant",
          timestamp: 1,
          content: [
            { type: "text", text },
            { type: "toolCall", id: "t", name: "read", arguments: { path: text } },
          ],
          api: "a",
          provider: "p",
          model: "m",
          usage: usage(x.k === "assistant"),
          stopReason: "stop",
        },
      };
    case "system":
      return { type: "message", ...base, message: { role: "system", content: text } };
    case "toolResult":
      return {
        type: "message",
        ...base,
        message: { role: "toolResult", toolCallId: "t", toolName: "read", content: [{ type: "text", text }], isError: false, timestamp: 1 },
      };
    case "task":
      return {
        type: "message",
        ...base,
        message: {
          role: "toolResult",
          toolCallId: "t",
          toolName: "task",
          content: [],
          details: { usage: x.ref % 3 === 0 ? null : usage(x.ref % 3 === 1) },
          isError: false,
          timestamp: 1,
        },
      };
    case "compaction":
      return { type: "compaction", ...base, summary: text, firstKeptEntryId: target, tokensBefore: 10 };
    case "compactionOmp18":
      return {
        type: "compaction",
        ...base,
        summary: text,
        firstKeptEntryId: "",
        providerReplayThroughEntryId: target,
        method: x.ref % 3 ? "remote" : "weird",
        tokensBefore: 10,
        preserveData: { snapcompact: { a: text } },
      };
    case "label":
      return { type: "label", ...base, targetId: target, label: text };
    case "branch":
      return { type: "branch_summary", ...base, fromId: target, summary: text };
    case "custom":
      return { type: "custom", ...base, customType: x.ref % 2 ? "experimental_context_notes" : "x", data: { text } };
    case "customMsg":
      return { type: "custom_message", ...base, customType: "c", content: text, display: true, details: x.ref % 2 ? { deliveryId: "d" } : { other: text } };
    case "usage":
      return { type: "model_usage", ...base, usage: x.ref % 2 ? usage(true) : usage(false) };
    case "edit":
      return { type: "context_edit", ...base, targetId: target };
    case "hook":
      return { type: "message", ...base, message: { role: "hookMessage", customType: "h", content: text, display: true, timestamp: 1 } };
    case "noMessage":
      return { type: "message", ...base, message: [null, "text", [text]][x.ref % 3] };
    default:
      return { type: "mystery_type", ...base, payload: text };
  }
}

function fileOf(lines: (string | { k: string; ref: number; dup: boolean; text: number })[], version: number, torn: boolean): Buffer {
  const ids: string[] = [];
  const parts: Buffer[] = [Buffer.from(`${JSON.stringify({ type: "session", version, id: "s", timestamp: ts, cwd: "/w" })}\n`)];
  lines.forEach((l, i) => {
    let text: string | Buffer;
    if (typeof l === "string") {
      text =
        l === "BAD"
          ? '{"type":"message","id":'
          : l === "BLANK"
            ? "   "
            : l === "ARRAY"
              ? "[1,2]"
              : l === "NULL"
                ? "null"
                : l === "HEADER"
                  ? JSON.stringify({ type: "session", version: 3, id: "again", timestamp: ts })
                  : l === "SURROGATE"
                    ? `{"type":"label","id":"u${i}","parentId":null,"timestamp":"${ts}","label":"\\ud800 ${long(8)}"}`
                    : l === "INVALID_UTF8"
                      ? Buffer.concat([
                          Buffer.from(`{"type":"label","id":"b${i}","parentId":null,"timestamp":"${ts}","label":"`),
                          Buffer.from([0xff, 0xfe]),
                          Buffer.from('"}'),
                        ])
                      : l === "INFINITE"
                        ? // Numbers JSON cannot write back (a v1 index and a cost read as Infinity, -0): they must cross threads as they are.
                          [
                            `{"type":"compaction","id":"n${i}","parentId":null,"timestamp":"${ts}","summary":"s","firstKeptEntryIndex":1e999,"tokensBefore":-0}`,
                            `{"type":"model_usage","id":"n${i}","parentId":null,"timestamp":"${ts}","usage":{"input":1,"cost":-1e999}}`,
                          ][i % 2]
                        : l === "PROTO"
                          ? // A "__proto__" key is an own key of the parsed entry (an unknown compaction field for omp18).
                            [
                              `{"type":"custom_message","id":"p${i}","parentId":null,"timestamp":"${ts}","__proto__":{"type":"x"},"customType":"c","content":"t","display":true,"details":{"__proto__":null,"deliveryId":"d"}}`,
                              `{"type":"compaction","id":"p${i}","parentId":null,"timestamp":"${ts}","summary":"s","firstKeptEntryId":"","providerReplayThroughEntryId":"x","method":"remote","tokensBefore":1,"__proto__":{"a":1}}`,
                            ][i % 2]
                          : l === "CRLF"
                            ? `${JSON.stringify({ type: "label", id: `c${i}`, parentId: null, timestamp: ts })}\r`
                            : `${"[".repeat(1200)}${"]".repeat(1200)}`;
    } else {
      const e = entry(l, i, ids) as { id: string };
      ids.push(e.id);
      text = JSON.stringify(e);
    }
    parts.push(typeof text === "string" ? Buffer.from(text) : text, Buffer.from("\n"));
  });
  const b = Buffer.concat(parts);
  return torn && b.length > 1 ? b.subarray(0, b.length - 1 - (b.length % 7)) : b;
}

const facts = (s: Awaited<ReturnType<typeof readSession>>) => ({
  format: s.format,
  profile: "profile" in s ? s.profile : undefined,
  lineCount: s.lineCount,
  diagnostics: s.diagnostics,
});

describe("app/validate/parallel: a pi file read in ranges on other threads has the single-core findings", () => {
  let n = 0;
  it("holds for generated files cut at random offsets (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineArb, { minLength: 1, maxLength: 60 }),
        fc.constantFrom(1, 2, 3),
        fc.boolean(),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
        fc.nat(300),
        fc.array(fc.nat(4), { minLength: 1, maxLength: 8 }),
        async (lines, version, torn, cutsAt, headBytes, delays) => {
          const path = join(tmp, `f${n++}.jsonl`);
          const bytes = fileOf(lines, version, torn);
          writeFileSync(path, bytes);
          const cuts = cutsAt.map((c) => Math.floor(c * bytes.length));
          // The other reader is slower or faster by turns, so the reading thread's ranges come in ahead of
          // their turn, just in time, or after the other's, in every order.
          let taken = 0;
          const runChunk = async (t: Parameters<typeof chunkFacts>[0]) => {
            for (let k = delays[taken++ % delays.length]; k > 0; k--) await new Promise((r) => setImmediate(r));
            return chunkFacts(t);
          };
          const par = await readSessionParallel(path, { workers: 2, minBytes: 0, headBytes: headBytes + 1, cuts, runChunk });
          const one = await readSession(path);
          // undefined only when the head held the whole file (nothing left to cut).
          if (par === undefined) return;
          expect(facts(par)).toEqual(facts(one));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("reads in ranges at all (the property is not vacuous)", async () => {
    const path = join(tmp, "plain.jsonl");
    writeFileSync(path, fileOf([{ k: "user", ref: 0, dup: false, text: 3 }, "BAD", { k: "assistant", ref: 1, dup: false, text: 9 }, "BLANK"], 3, false));
    const ranges: number[] = [];
    const par = await readSessionParallel(path, {
      workers: 2,
      minBytes: 0,
      headBytes: 1,
      cuts: [200, 400],
      runChunk: (t) => (ranges.push(t.start), chunkFacts(t)),
    });
    // The ranges are shared between the reading thread and runChunk (slimmed).
    expect(ranges.length).toBeGreaterThanOrEqual(1);
    expect(ranges.length).toBeLessThan(3);
    expect(par && facts(par)).toEqual(facts(await readSession(path)));
    expect(par!.diagnostics.map((d) => d.code)).toContain("skipped_line");
  });

  it("a range that fails to read fails the read (no wait for a result that never comes)", async () => {
    const path = join(tmp, "fails.jsonl");
    writeFileSync(path, fileOf([{ k: "user", ref: 0, dup: false, text: 3 }, "BLANK", { k: "assistant", ref: 1, dup: false, text: 9 }, "BAD"], 3, false));
    const runChunk = () => Promise.reject(new Error("range unreadable"));
    await expect(readSessionParallel(path, { workers: 2, minBytes: 0, headBytes: 1, cuts: [150, 300, 450], runChunk })).rejects.toThrow("range unreadable");
  });

  it("returns without waiting for the other readers to stop; a read that fails waits for them", async () => {
    const path = join(tmp, "stop.jsonl");
    writeFileSync(path, fileOf([{ k: "user", ref: 0, dup: false, text: 3 }, "BLANK", { k: "assistant", ref: 1, dup: false, text: 9 }, "BAD"], 3, false));
    const opts = { workers: 2, minBytes: 0, headBytes: 1, cuts: [150, 300, 450] };
    // Readers whose threads never finish stopping: the session comes all the same, and they were told to stop.
    let stops = 0;
    const slow = () => ({
      ...inProcessReader(chunkFacts),
      stop: () => {
        stops++;
        return new Promise<void>(() => undefined);
      },
    });
    const par = await readSessionParallel(path, { ...opts, others: slow });
    expect(par && facts(par)).toEqual(facts(await readSession(path)));
    expect(stops).toBe(1);
    // A range that fails: the readers have stopped before the error comes (the usual reader may then run).
    let stopped = false;
    const failing = () => ({
      ...inProcessReader(() => Promise.reject(new Error("range unreadable"))),
      stop: async () => {
        await new Promise((r) => setTimeout(r, 30));
        stopped = true;
      },
    });
    await expect(readSessionParallel(path, { ...opts, others: failing })).rejects.toThrow("range unreadable");
    expect(stopped).toBe(true);
  });

  it("with worker threads from the build, `validate` prints the same document as on one core", async () => {
    if (!workerScript("validate/chunk-worker.js")) return;
    const lines = Array.from({ length: 4000 }, (_, i) =>
      i % 97 === 5 ? "BAD" : { k: ["user", "assistant", "toolResult", "label", "compaction"][i % 5], ref: i, dup: i % 500 === 7, text: i % 40 },
    );
    const path = join(tmp, "big.jsonl");
    writeFileSync(path, fileOf(lines as Parameters<typeof fileOf>[0], 3, false));
    const par = await readSessionParallel(path, { workers: 2, minBytes: 0, headBytes: 1000 });
    expect(par).toBeDefined();
    const one = await validatePaths([path], { workers: 1 });
    expect(facts(par!)).toEqual(facts(await readSession(path)));
    expect(validateDocument(await validatePaths([path], { workers: 2 }))).toEqual(validateDocument(one));
  });
});
