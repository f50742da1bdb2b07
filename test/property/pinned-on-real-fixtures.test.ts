// Behaviours a single unit test used to pin, now held on real-shaped fixtures (issue 20): GitHub annotation
// escaping of `%` on a real audit finding, redaction of strings inside any array of a real session, oh-my-pi 18's
// empty error turns dropped from a real-shaped session, each finding stored once in a real audit's summary.json,
// v18 TTSR matching the final arguments of toolcall_end on the tool calls the fixtures recorded.
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { annotation } from "../../src/report/annotations.js";
import { redactDeep } from "../../src/report/redact.js";
import { runAudit } from "../../src/app/audit/audit.js";
import { formatModule, isSession, parseSession } from "../../src/formats/index.js";
import { resolveRefs } from "../../src/report/layout.js";
import { summaryJson } from "../../src/report/stream.js";
import { R, setup } from "../unit/ttsr/session/builders.js";

describe("GitHub annotations of a real audit: % and line breaks escaped so the message reads back exactly", () => {
  // GitHub's decoding of workflow command data.
  const decode = (s: string) => s.replace(/%0A/g, "\n").replace(/%0D/g, "\r").replace(/%25/g, "%");
  it("any message (with %, %25, %0A, CR, LF) put on a real finding decodes back to itself", async () => {
    const { result } = await runAudit({ paths: ["fixtures/pi/hand/three-errors.jsonl"], workers: 0 });
    const d = result.sessions[0].diagnostics.find((x) => x.severity === "error")!;
    expect(d).toBeDefined();
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("%", "2", "5", "0", "A", "D", "\r", "\n", "a", " "), maxLength: 40 }), (message) => {
        const line = annotation({ ...d, message });
        const data = line.slice(line.indexOf("::", 2) + 2);
        expect(data).not.toMatch(/[\r\n]/);
        expect(decode(data)).toBe(message);
      }),
      { examples: [["100%"], ["%25"], ["%0A\n%0D\r"]] },
    );
  });
});

describe("redaction reaches strings inside arrays of a real session", () => {
  it("a secret placed in any array of the real pi session's entries is redacted, and nothing else changes", () => {
    const lines = readFileSync("fixtures/pi/before-compaction.jsonl", "utf8").trim().split("\n").slice(0, 40);
    const entries = lines.map((l) => JSON.parse(l) as unknown);
    // Every array in the entries, found by walking them.
    const arrays: unknown[][] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) {
        arrays.push(v);
        v.forEach(walk);
      } else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
    };
    entries.forEach(walk);
    expect(arrays.length).toBeGreaterThan(20);
    const SECRET = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    fc.assert(
      fc.property(fc.integer({ min: 0, max: arrays.length - 1 }), fc.boolean(), (k, nested) => {
        const copy = structuredClone(entries);
        const targets: unknown[][] = [];
        const find = (v: unknown) => {
          if (Array.isArray(v)) {
            targets.push(v);
            v.forEach(find);
          } else if (v !== null && typeof v === "object") Object.values(v).forEach(find);
        };
        copy.forEach(find);
        targets[k].push(nested ? [`token ${SECRET} here`] : `token ${SECRET} here`);
        const out = JSON.stringify(redactDeep(copy));
        expect(out).not.toContain(SECRET);
        expect(out).toContain("token [REDACTED");
        expect(JSON.stringify(redactDeep(entries))).toBe(JSON.stringify(entries));
      }),
      { numRuns: 50 },
    );
  });
});

describe("oh-my-pi 18 drops an error turn with nothing to replay, on a real-shaped session (docs/pi.md §8.2)", () => {
  const base = readFileSync("fixtures/pi/omp18-empty-error-turns-and-vibe-mode.jsonl", "utf8").trim().split("\n");
  const last = JSON.parse(base[base.length - 1]) as { id: string; message: { usage: unknown } };
  const lastId = last.id;
  const usage = last.message.usage;
  const interrupted = JSON.parse(base.find((l) => l.includes('"customType":"interrupted-thinking"')) ?? "{}") as Record<string, unknown>;
  const entry = (o: Record<string, unknown>) => JSON.stringify({ timestamp: "2026-10-02T10:00:00.000Z", ...o });
  const user = (id: string, parentId: string) => entry({ type: "message", id, parentId, message: { role: "user", content: "next", timestamp: 90 } });
  /** The entries the context after the session (and a last user message) is built from, as the pi module replays it. */
  const contextOf = (lines: string[]) => {
    const s = parseSession(`${lines.join("\n")}\n`, { profile: "omp18" });
    if (!isSession(s) || s.format !== "pi") throw new Error("not a pi session");
    // Read without an error (a block kind the schema does not know is a warning), so what is left out the replay left out.
    expect(s.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    return formatModule("pi").buildContext(s, "u-next").sourceIds.flat();
  };
  const without = contextOf([...base, entry({ ...interrupted, id: "it-new", parentId: lastId }), user("u-next", "it-new")]);
  // The spec, written apart from the code: blank text and thinking (without signature), blank redacted thinking and
  // fallback blocks are nothing to replay; any other block (an unknown kind here: a tool call without its result is
  // stripped by another pass) is content.
  const replayable = (b: Record<string, unknown>): boolean => {
    const blank = (v: unknown) => String(v ?? "").trim() === "";
    if (b.type === "text") return !blank(b.text);
    if (b.type === "thinking") return !blank(b.thinking) || !blank(b.thinkingSignature);
    if (b.type === "redactedThinking") return !blank(b.data);
    return b.type !== "fallback";
  };
  const block = fc.oneof(
    fc.record({ type: fc.constant("text"), text: fc.constantFrom("", " ", "\n", "done") }),
    fc.record({ type: fc.constant("thinking"), thinking: fc.constantFrom("", " ", "hm"), thinkingSignature: fc.constantFrom("", " ", "sig") }),
    fc.record({ type: fc.constant("redactedThinking"), data: fc.constantFrom("", "enc") }),
    fc.record({ type: fc.constant("fallback"), text: fc.constantFrom("", "x") }),
    fc.record({ type: fc.constant("image_v2"), data: fc.constant("") }),
  );
  it("an error turn is dropped exactly when none of its blocks could be replayed; other stop reasons always stay", () => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 3 }), fc.constantFrom("error", "error", "stop", "aborted"), (content, stopReason) => {
        const turn = entry({
          type: "message",
          id: "e-new",
          parentId: lastId,
          message: { role: "assistant", content, api: "anthropic-messages", provider: "anthropic", model: "claude", usage, stopReason, timestamp: 80 },
        });
        const kept = stopReason !== "error" || content.some(replayable);
        // The continuity message oh-my-pi writes after a failed turn, so only the empty-turn rule can drop it.
        const continuity = entry({ ...interrupted, id: "it-new", parentId: "e-new" });
        const ids = contextOf([...base, turn, continuity, user("u-next", "it-new")]);
        expect(ids.includes("e-new")).toBe(kept);
        expect(ids.filter((id) => id !== "e-new")).toEqual(without);
        expect(without).toContain("it-new");
      }),
      { numRuns: 150, examples: [[[{ type: "thinking", thinking: " ", thinkingSignature: "sig" }], "error"]] },
    );
  });
});

describe("summary.json of a real audit stores each finding once (loader verdict and checks refer to it by index)", () => {
  it("every session of the fixtures: no finding written twice, and every reference resolves to the finding it names", async () => {
    const { result } = await runAudit({ paths: ["fixtures/pi/hand", "fixtures/scorel"], workers: 0 });
    const doc = JSON.parse(summaryJson(result)) as { sessions: Record<string, unknown>[] };
    expect(doc.sessions.length).toBeGreaterThan(10);
    let refs = 0;
    for (const [i, entry] of doc.sessions.entries()) {
      const diags = (entry.diagnostics ?? []) as unknown[];
      const text = JSON.stringify(entry);
      // Each finding's JSON appears in the entry as often as the session holds it, never again through a reference.
      for (const d of new Set(diags.map((x) => JSON.stringify(x))))
        expect(text.split(d).length - 1, `${i}`).toBe(diags.filter((x) => JSON.stringify(x) === d).length);
      const loader = entry.loader as { diagnosticRefs?: number[]; diagnostics?: unknown };
      expect(loader.diagnostics, `${i}`).toBeUndefined();
      refs += loader.diagnosticRefs?.length ?? 0;
      const back = resolveRefs(entry);
      expect(back, `${i}`).toBeDefined();
      const s = result.sessions[i];
      expect((back as { loader: unknown }).loader).toEqual(JSON.parse(JSON.stringify(s.loader)));
      expect((back as { checks: unknown }).checks).toEqual(JSON.parse(JSON.stringify(s.checks)));
    }
    expect(refs).toBeGreaterThan(3);
  });
});

describe("v18 matches a tool call on the final arguments toolcall_end carries, on real recorded calls (docs/ttsr.md §17.2)", () => {
  // Every bash call the oh-my-pi 18 fixtures recorded, with its final arguments (bash has no matcher digest: its
  // buffer is the arguments' JSON).
  const calls = readdirSync("fixtures/pi")
    .filter((d) => d.startsWith("omp18-ttsr-"))
    .flatMap((d) => readFileSync(`fixtures/pi/${d}/session.jsonl`, "utf8").trim().split("\n"))
    .flatMap((l) => {
      const content = (JSON.parse(l) as { message?: { content?: unknown } }).message?.content;
      return Array.isArray(content)
        ? (content as { type?: string; id?: string; name?: string; arguments?: unknown }[]).filter((b) => b.type === "toolCall" && b.name === "bash")
        : [];
    });
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  it("a condition found only in the part of the arguments no delta streamed still buckets the rule in v18, never in v17", () => {
    expect(calls.length).toBeGreaterThan(2);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: calls.length - 1 }), fc.double({ min: 0, max: 0.9, noNaN: true }), (k, cut) => {
        const call = calls[k];
        const json = JSON.stringify(call.arguments);
        const at = Math.floor(json.length * cut);
        // The last characters of the final JSON: what the stream never showed before toolcall_end.
        const tail = json.slice(Math.max(at, json.length - 6));
        for (const profile of ["v18", "v17"] as const) {
          const { c, m } = setup([R("tail", literal(tail), { scope: ["tool"] })], { interruptMode: "never" }, profile);
          c.turnStart();
          const id = call.id ?? "call";
          const toolCall = { id, name: call.name ?? "bash", arguments: call.arguments };
          if (at > 0) c.messageUpdate({ type: "toolcall_delta", contentIndex: 0, delta: json.slice(0, at), toolCall: { ...toolCall, arguments: {} } });
          c.messageUpdate({ type: "toolcall_end", contentIndex: 0, toolCall });
          if (profile === "v18") {
            expect(m.getBuffer({ source: "tool", streamKey: `toolcall:${id}` })).toBe(json);
            expect(c.bucketNames(id)).toEqual(["tail"]);
          } else expect(c.bucketNames(id)).toBeUndefined();
        }
      }),
      { numRuns: 100 },
    );
  });
});
