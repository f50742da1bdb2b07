// JsonValues writes `replay --json`'s long string values escaped by another thread, in order, and escapes them
// itself whenever that thread is late, gone or out of room: whatever the schedule, the bytes must be those of
// the text written with every value as JSON.stringify gives it. The other thread is simulated here on this
// thread (escapeSlot is what the real one runs), answering at once, late, never, or out of order of posting.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeSlot, type EscapeBatch, type EscapedBatch } from "../../../../src/app/replay/escape-worker.js";
import { type Escaper, JsonValues, workerEscaper } from "../../../../src/app/replay/json-values.js";

type Schedule = "prompt" | "late" | "newest first" | "never";

/**
 * The other thread on this thread: answers the oldest batch posted at the first poll ("prompt") or the fourth
 * ("late"), the newest first once two are out, or never.
 */
function simulated(schedule: Schedule, slots = 3, slotChars = 64, outBytes = 3 * 64) {
  const input = Buffer.alloc(slots * 2 * slotChars);
  const output = Buffer.alloc(slots * outBytes);
  const posted: { b: EscapeBatch; polls: number }[] = [];
  const stats = { posts: 0, answers: 0 };
  let waited = false;
  const escaper: Escaper = {
    slots,
    slotChars,
    input: (i) => input.subarray(2 * slotChars * i, 2 * slotChars * (i + 1)),
    output: (i) => output.subarray(outBytes * i, outBytes * (i + 1)),
    post: (b) => {
      stats.posts++;
      posted.push({ b, polls: 0 });
    },
    poll: (): EscapedBatch | undefined => {
      const p = schedule === "newest first" ? posted[posted.length - 1] : posted[0];
      // Newest first: a batch is held until another is out (or the writer waits for it, at the end).
      if (schedule === "newest first" && posted.length < 2 && !waited) return undefined;
      if (p === undefined || schedule === "never" || p.polls++ < (schedule === "late" ? 3 : 0)) return undefined;
      posted.splice(posted.indexOf(p), 1);
      stats.answers++;
      return { id: p.b.id, ends: escapeSlot(escaper.input(p.b.slot), p.b.ends, escaper.output(p.b.slot)) };
    },
    wait: () => {
      waited = true;
      return schedule !== "never" && posted.length > 0;
    },
    close: () => undefined,
  };
  return { escaper, stats };
}

type Step = { text: string } | { value: string };

async function run(steps: Step[], escaper: Escaper | null, limits = { start: 0, ahead: 200, patienceMs: 1 }): Promise<Buffer> {
  const parts: Buffer[] = [];
  const v = new JsonValues(
    { write: (t) => void parts.push(Buffer.from(t, "utf8")), writeBytes: (b) => void parts.push(Buffer.from(b)) },
    limits,
    () => escaper,
  );
  for (const s of steps) await ("text" in s ? v.text(s.text) : v.value(s.value));
  await v.finish();
  return Buffer.concat(parts);
}

const expected = (steps: Step[]): Buffer => Buffer.from(steps.map((s) => ("text" in s ? s.text : JSON.stringify(s.value))).join(""), "utf8");

// Texts that escape to more bytes than code units, lone surrogates (escaped as \udxxx), and texts longer than a slot.
const piece = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom('"quoted"\n\ttab', "\u0001\u001f controls", "lone \ud800 high", "lone \udc00 low", "😀é✓", "x".repeat(70), "\u0007".repeat(40)),
);
// As writeReplayJson calls them: each value twice, with text between.
const steps = fc
  .array(fc.tuple(fc.string({ maxLength: 8 }), piece), { maxLength: 60 })
  .map((xs) => xs.flatMap(([t, v]): Step[] => [{ text: t }, { value: v }, { text: "," }, { value: v }]));

describe("app/replay/json-values: values escaped elsewhere, written in order", () => {
  for (const schedule of ["prompt", "late", "newest first", "never"] as const) {
    it(`the bytes are the text with each value JSON.stringify'd (the other thread answering ${schedule === "prompt" ? "at once" : schedule})`, async () => {
      await fc.assert(
        // Little or much output queued before this thread escapes a late batch itself.
        fc.asyncProperty(steps, fc.constantFrom(200, 100_000), async (s, ahead) => {
          const { escaper } = simulated(schedule);
          expect((await run(s, escaper, { start: 0, ahead, patienceMs: 1 })).equals(expected(s))).toBe(true);
        }),
        { numRuns: 150 },
      );
    });
  }

  it("a prompt thread escapes the values, one slot reused after another; without one, this thread does", async () => {
    const s: Step[] = Array.from({ length: 40 }, (_, i): Step[] => [
      { text: `[${i}]` },
      { value: `value ${i} "q"`.repeat(3) },
      { value: `value ${i} "q"`.repeat(3) },
    ]).flat();
    const { escaper, stats } = simulated("prompt");
    expect((await run(s, escaper)).equals(expected(s))).toBe(true);
    expect(stats.posts).toBeGreaterThan(3 * 3); // more batches than slots
    expect(stats.answers).toBe(stats.posts);
    expect((await run(s, null)).equals(expected(s))).toBe(true);
  });

  it("a batch answered before an older one keeps its slot until its values are written", async () => {
    // Two values per 64-unit slot; the oldest batch is answered last, so later ones wait written out of order.
    const s: Step[] = Array.from({ length: 12 }, (_, i): Step[] => {
      const v = String(i).repeat(30);
      return [{ text: "|" }, { value: v }, { text: "," }, { value: v }];
    }).flat();
    const { escaper, stats } = simulated("newest first");
    expect((await run(s, escaper, { start: 0, ahead: 1e6, patienceMs: 1 })).equals(expected(s))).toBe(true);
    expect(stats.posts).toBeGreaterThanOrEqual(3);
  });

  it("small outputs never start the other thread", async () => {
    let started = 0;
    const v = new JsonValues({ write: () => undefined, writeBytes: () => undefined }, { start: 100, ahead: 10, patienceMs: 1 }, () => {
      started++;
      return null;
    });
    await v.value("x".repeat(99));
    expect(started).toBe(0);
    await v.value("y");
    expect(started).toBe(1);
  });
});

describe("app/replay/escape-worker: escapeSlot", () => {
  it("writes each text's JSON.stringify as UTF-8 and marks a text that does not fit (−1)", () => {
    const texts = ["a\u0000b", "lone \ud83d", "é".repeat(10), "fits"];
    const input = Buffer.alloc(200);
    let at = 0;
    const ends = texts.map((t) => (at += input.write(t, 2 * at, "utf16le") / 2));
    const out = Buffer.alloc(30);
    const r = escapeSlot(input, Uint32Array.from(ends), out);
    expect([...r]).toEqual([10, 23, -1, 29]);
    expect(out.subarray(0, 10).toString()).toBe(JSON.stringify(texts[0]));
    expect(out.subarray(10, 23).toString()).toBe('"lone \\ud83d"');
    expect(out.subarray(23, 29).toString()).toBe('"fits"');
  });
});

describe("app/replay/json-values: the real thread (built worker)", () => {
  it("escapes values on its own thread, the bytes the same", async () => {
    const real = workerEscaper();
    expect(real).not.toBeNull();
    let answers = 0;
    const counted: Escaper = {
      ...(real as Escaper),
      input: (i) => (real as Escaper).input(i),
      output: (i) => (real as Escaper).output(i),
      poll: () => {
        const r = (real as Escaper).poll();
        if (r !== undefined) answers++;
        return r;
      },
    };
    const s: Step[] = Array.from({ length: 300 }, (_, i): Step[] => [{ text: `,${i}:` }, { value: `ünï "${i}"\n`.repeat(50 + (i % 7)) }]).flat();
    expect((await run(s, counted, { start: 0, ahead: 1 << 20, patienceMs: 5000 })).equals(expected(s))).toBe(true);
    expect(answers).toBeGreaterThan(0);
  });
});
