// The page leaves out of a message's extra strings only what its text already shows (report/page-extras.ts):
// whatever blocks a message holds and whichever of their texts its text holds, every text of every block is on the
// page, in the message text or in an extra string (as it is, or JSON-escaped inside shown arguments or JSON).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderReminder } from "../../src/context/blocks.js";
import type { Msg } from "../../src/formats/types.js";
import { blockExtras, Shown } from "../../src/report/page-extras.js";

/** A block, the texts it carries, and what a format would put of it in the message text. */
interface Gen {
  block: Record<string, unknown>;
  texts: string[];
  provider: string;
}

const s = fc.oneof(fc.string({ maxLength: 150 }), fc.string({ unit: "grapheme", maxLength: 80 }), fc.constantFrom("", "ok", "a", "\n", "{}"));

const block: fc.Arbitrary<Gen> = fc.oneof(
  s.map((t) => ({ block: { type: "text", text: t }, texts: [t], provider: t })),
  s.map((t) => ({ block: { kind: "text", text: t }, texts: [t], provider: t })),
  s.map((t) => ({ block: { kind: "refusal", refusal: t }, texts: [t], provider: t })),
  fc
    .tuple(s, fc.boolean())
    .map(([t, signed]) => ({ block: { type: "thinking", thinking: t, ...(signed ? { thinkingSignature: "x" } : {}) }, texts: [t], provider: t })),
  fc.tuple(s, s).map(([t, u]) => ({ block: { kind: "reasoning", text: t, summary: [u] }, texts: [t, u], provider: t })),
  fc
    .tuple(s, s, s)
    .map(([id, name, a]) => ({ block: { type: "toolCall", id, name, arguments: { k: a } }, texts: [id, name, a], provider: JSON.stringify({ k: a }) })),
  fc
    .tuple(s, s, s)
    .map(([id, name, a]) => ({ block: { type: "tool_call", toolCallId: id, toolName: name, args: { k: a } }, texts: [id, name, a], provider: "" })),
  fc.tuple(s, s, s).map(([id, name, a]) => ({ block: { kind: "tool_call", call_id: id, name, arguments: a }, texts: [id, name, a], provider: a })),
  fc.tuple(s, s, s, s).map(([id, name, t, r]) => ({
    block: {
      type: "tool_result",
      toolCallId: id,
      toolName: name,
      result: {
        content: [
          { type: "text", text: t },
          { type: "system_reminder", text: r },
        ],
      },
    },
    texts: [id, name, t, r],
    provider: `${t}\n${renderReminder(r)}`,
  })),
  fc
    .tuple(s, s, s)
    .map(([id, sum, c]) => ({ block: { kind: "tool_result", call_id: id, summary: sum, content: c }, texts: [id, sum, c], provider: `${sum}\n${c}` })),
  fc.tuple(s, s).map(([id, c]) => ({ block: { type: "tool_result", tool_use_id: id, content: c }, texts: [id, c], provider: c })),
  s.map((t) => ({ block: { type: "system_reminder", text: t }, texts: [t], provider: renderReminder(t) })),
  fc.tuple(s, s).map(([ty, t]) => {
    const b = { type: `x-${ty}`, payload: t };
    return { block: b, texts: [t], provider: JSON.stringify(b) };
  }),
  fc.tuple(s, s).map(([id, o]) => ({ block: { type: "function_call_output", call_id: id, output: o }, texts: [id, o], provider: o })),
  fc.tuple(s, s).map(([name, a]) => ({ block: { type: "function_call", name, arguments: a, call_id: "c" }, texts: [name, a], provider: `${name}(${a})` })),
  s.map((t) => ({ block: { type: "message", role: "user", content: [{ type: "input_text", text: t }] }, texts: [t], provider: t })),
);

const onPage = (m: Msg, extras: string[], t: string): boolean => {
  // Arguments are JSON in a text that holds them (pi, yoi): their strings are there escaped.
  const escaped = JSON.stringify(t).slice(1, -1);
  if (m.text.includes(t) || m.text.includes(escaped)) return true;
  return extras.some((x) => x.includes(t) || x.includes(escaped));
};

describe("page extras: nothing a block says is lost", () => {
  it("every block text is in the message text or an extra string, whichever texts the message text holds", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(block, fc.boolean()), { maxLength: 6 }), fc.option(s, { nil: undefined }), (gens, noise) => {
        // The text holds some blocks' provider texts, in order; sometimes it is something else altogether.
        const held = gens.filter(([, h]) => h).map(([g]) => g.provider);
        const text = noise ?? held.join("\n");
        const m: Msg = { role: "assistant", nativeRole: "assistant", text, blocks: gens.map(([g]) => g.block), sourceIds: [], reminders: [] };
        const extras = blockExtras(m);
        for (const [g] of gens) for (const t of g.texts) expect(onPage(m, extras, t), `${JSON.stringify(t)} of ${JSON.stringify(g.block)}`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

/** Shown.holds as it was before its compares at the last match's end (docs/performance.md §4.40): indexOf from there. */
class SearchShown {
  private at = 0;
  constructor(private readonly text: string) {}
  holds(t: string): boolean {
    if (t === "") return true;
    const i = this.text.indexOf(t, this.at);
    if (i >= 0) {
      this.at = i + t.length;
      return true;
    }
    return t.length >= 64 && this.text.includes(t);
  }
}

describe("page extras: where the text holds a block's text", () => {
  it("any texts looked up in any order: the answers of a search from the last match's end", () => {
    const piece = fc.oneof(fc.constantFrom("", "a", "ab", "\n", "x".repeat(70), "ab".repeat(40)), fc.string({ maxLength: 90 }));
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 6 }),
        fc.constantFrom("\n", "", " ", "\n\n"),
        fc.array(fc.oneof(fc.nat(7), piece), { maxLength: 8 }),
        (parts, sep, asks) => {
          const text = parts.join(sep);
          const shown = new Shown(text);
          const ref = new SearchShown(text);
          for (const a of asks) {
            // A part of the text (as a format joins its blocks), or any string.
            const t = typeof a === "number" ? (parts[a] ?? text.slice(a)) : a;
            expect(shown.holds(t), JSON.stringify({ text, t })).toBe(ref.holds(t));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
