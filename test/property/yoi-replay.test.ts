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
// docs/yoi.md §9.2: the same records in v3's annotated form (metadata beside each item), plus its own records.
const meta = { entry_id: "e", origin: { kind: "legacy_unknown" } };
function annotate(e: Record<string, unknown>): Record<string, unknown> {
  const { kind, item, history, segments, ...rest } = e;
  if (kind === "segment_start") return { kind: "annotated_segment_start", ...rest, history: (history as unknown[]).map((h) => ({ item: h, metadata: meta })) };
  if (kind === "user_input") {
    const text = (segments as Array<{ content: string }>).map((x) => x.content).join("");
    return { kind: "annotated_user_input", ...rest, segments, history: [{ item: msg("user", text), metadata: meta }] };
  }
  if (kind === "assistant_item" || kind === "tool_result" || kind === "system_item")
    return { kind: `annotated_${kind}`, ...rest, entry: { item, metadata: meta } };
  return e;
}
const v3Only = fc.oneof(
  fc.nat(9).map((n) => ({ kind: "active_run_checkpoint", ts: 1, active_turn_count: 1, total_turn_count: n })),
  fc.constant({ kind: "input_segments_checkpoint", ts: 1, user_segments: [[{ kind: "text", content: "x" }]] }),
);
const session = fc
  .tuple(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }), fc.array(fc.oneof(entry, v3Only), { maxLength: 25 }), fc.constantFrom("seed", "head", "v3"))
  .map(([seed, es, profile]) => {
    const lines = [{ kind: "segment_start", ts: 0, session_id: SID, system_prompt: "sp", config: CONFIG, history: seed.map((t) => msg("user", t)) }, ...es];
    return { text: lines.map((e) => `${JSON.stringify(profile === "v3" ? annotate(e) : e)}\n`).join(""), profile };
  });

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
