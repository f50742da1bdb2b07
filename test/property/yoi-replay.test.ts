// design §8 properties for yoi replay: incremental turn contexts equal the full fold at every turn,
// and building contexts leaves the session unchanged.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toArray } from "../../src/shared/plist.js";
import { buildYoiContext, parseYoi, restoreYoi, yoiFormat, yoiToMsgs, yoiTurns } from "../../src/formats/yoi/index.js";

const SID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const CONFIG = { stop_sequences: [] };
const msg = (role: string, text: string) => ({ kind: "message", role, content: [{ kind: "text", text }] });

const entry = fc.oneof(
  fc.string({ maxLength: 6 }).map((t) => ({ kind: "user_input", ts: 1, segments: [{ kind: "text", content: t }] })),
  fc.string({ maxLength: 6 }).map((t) => ({ kind: "assistant_item", ts: 1, item: msg("assistant", t) })),
  fc.constantFrom("c1", "c2").map((id) => ({ kind: "assistant_item", ts: 1, item: { kind: "tool_call", call_id: id, name: "Read", arguments: "{}" } })),
  fc.constantFrom("c1", "c2").map((id) => ({ kind: "tool_result", ts: 1, item: { kind: "tool_result", call_id: id, summary: "ok" } })),
  fc
    .constantFrom("knowledge", "workflow", "task_reminder", "interrupt")
    .map((k) => ({ kind: "system_item", ts: 1, item: { kind: k, slug: "s", body: `${k} body` } })),
  fc
    .nat(5)
    .map((n) => ({ kind: "llm_usage", ts: 1, history_len: n, input_total_tokens: 10 * n, cache_read_tokens: 0, cache_write_tokens: 0, output_tokens: 1 })),
  fc.nat(9).map((n) => ({ kind: "turn_end", ts: 1, turn_count: n })),
  fc.constant({ kind: "segment_start", ts: 1, session_id: SID, system_prompt: "again", config: CONFIG, history: [msg("user", "re-seeded")] }),
);
const session = fc
  .tuple(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }), fc.array(entry, { maxLength: 25 }), fc.constantFrom("seed", "head"))
  .map(([seed, es, profile]) => ({
    text: [{ kind: "segment_start", ts: 0, session_id: SID, system_prompt: "sp", config: CONFIG, history: seed.map((t) => msg("user", t)) }, ...es]
      .map((e) => `${JSON.stringify(e)}\n`)
      .join(""),
    profile,
  }));

describe("yoi replay properties", () => {
  it("turnContexts(session)[i] equals toMsgs(buildYoiContext(session, leafId)) for every turn", () => {
    fc.assert(
      fc.property(session, ({ text, profile }) => {
        const s = parseYoi(text, { file: "p.jsonl", profile });
        const turns = [...yoiFormat.turnContexts(s)];
        expect(turns.map((t) => t.ref)).toEqual(yoiTurns(s));
        for (const t of turns) {
          const ctx = buildYoiContext(s, t.ref.leafId);
          expect(toArray(t.messages)).toEqual(yoiToMsgs(s, ctx));
          expect(t.systemPrompt).toBe(ctx.systemPrompt);
        }
      }),
      { numRuns: 150 },
    );
  });
  it("the full fold equals the context at the last entry; replay leaves the session unchanged", () => {
    fc.assert(
      fc.property(session, ({ text, profile }) => {
        const s = parseYoi(text, { file: "p.jsonl", profile });
        const frozen = JSON.stringify(s.entries);
        const last = s.entries[s.entries.length - 1].id;
        expect(restoreYoi(s).history).toEqual(buildYoiContext(s, last).messages);
        expect(JSON.stringify(s.entries)).toBe(frozen);
      }),
      { numRuns: 100 },
    );
  });
});
