// Sessions written by oh-my-pi itself: fast-check programs of SessionManager calls (messages, empty error
// turns, custom messages with and without a deliveryId, context notes, compactions of every method with
// tokensAfter / providerReplayThroughEntryId / provider payloads / a rollover, branching with and without a
// summary, model usage, model / thinking / mode changes, TTSR injections, /clear boundaries, labels, titles,
// credential pins) run by the installed release under Bun (adapters/omp-bun-write.mjs).
import fc from "fast-check";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";

const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ o: fc.constant("user"), s: fc.string({ maxLength: 3 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      o: fc.constant("assistant"),
      call: fc.boolean(),
      stop: fc.constantFrom("stop", "toolUse", "aborted", "error"),
      empty: fc.boolean(),
      model: fc.constantFrom(undefined, "m", "m2"),
    }),
  },
  { weight: 2, arbitrary: fc.record({ o: fc.constant("toolResult") }) },
  {
    weight: 2,
    arbitrary: fc.record({
      o: fc.constant("custom"),
      type: fc.constantFrom("ext", "ttsr-injection", "async-result", "prewalk-plan"),
      s: fc.constantFrom("c", ""),
      display: fc.boolean(),
      delivery: fc.boolean(),
      details: fc.boolean(),
      attribution: fc.constantFrom(undefined, "agent", "user"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("notes"), text: fc.constantFrom("", "remember x") }) },
  {
    weight: 2,
    arbitrary: fc.record({
      o: fc.constant("compact"),
      pick: fc.nat(),
      method: fc.constantFrom(undefined, "remote", "snapcompact", "handoff", "soft", "shake"),
      tokensAfter: fc.boolean(),
      replayThrough: fc.boolean(),
      payload: fc.constantFrom("none", "none", "anthropic", "openai"),
      rollover: fc.boolean(),
      emptyKept: fc.boolean(),
      short: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("branch"), pick: fc.nat(), summary: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("usage") }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("model"), role: fc.constantFrom(undefined, "default", "smol", "fallback") }) },
  {
    weight: 1,
    arbitrary: fc.record({ o: fc.constant("thinking"), level: fc.constantFrom(undefined, "low", "high"), configured: fc.constantFrom(undefined, "auto") }),
  },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("ttsr"), rule: fc.constantFrom("r1", "r2") }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("mode"), mode: fc.constantFrom("plan", "none") }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("reset") }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("label"), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("title"), source: fc.constantFrom("auto", "user") }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("pin") }) },
);

/** `runs` programs reproducible from `seed`, each with its own session folder under `work`. */
export function ompPrograms(runs, seed, work) {
  return fc
    .sample(fc.array(op, { minLength: 1, maxLength: 25 }), { numRuns: runs, seed: seed + 1 })
    .map((ops) => ({ dir: mkdtempSync(join(work, "write-")), ops }));
}

/** Session texts written by the release (programs that write no file are left out; a failing program is reported). */
export function writeOmpSessions(api, runs, seed, work) {
  const results = api.run("write", ompPrograms(runs, seed, work));
  const failed = results.filter((r) => r.error);
  if (failed.length > 0) process.stderr.write(`conformance: ${failed.length} omp write program(s) failed, e.g. ${failed[0].error}\n`);
  return results.filter((r) => typeof r.text === "string").map((r) => r.text);
}
