// The omp18 profile on hand-written oh-my-pi 18 scenarios (docs/pi.md §8; @oh-my-pi/pi-coding-agent 18.3.4
// session-context.ts, context-notes.ts, messages.ts, session-manager.ts): each fixture is named after the rule it shows.
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../../../src/formats/pi/context.js";
import { piToMsgs } from "../../../../src/formats/pi/lower.js";
import { isEmptyErrorTurn } from "../../../../src/formats/pi/omp18.js";
import { OMP18_CONTEXT_NOTES_TEMPLATE } from "../../../../src/formats/pi/strings.js";
import { piContextsAt, piTurnContexts } from "../../../../src/formats/pi/turn-contexts.js";
import { toArray } from "../../../../src/shared/plist.js";
import { assistant, entry, header, jsonl, parseFixture, parseText, text, user } from "./helpers.js";

const ids = (s: ReturnType<typeof parseFixture>, leaf?: string, profile?: string) =>
  buildPiContext(s, leaf, profile ? { profile } : undefined).sourceIds.map((x) => x.join(","));
const codes = (s: ReturnType<typeof parseFixture>) => s.diagnostics.filter((d) => d.severity !== "info").map((d) => d.code);

/** Every entry's incremental context equals the batch one (the property test's claim, on the fixture). */
function expectIncrementalEqualsBatch(s: ReturnType<typeof parseFixture>): void {
  const at = piContextsAt(s, { profile: "omp18" });
  for (const e of s.entries) expect(at(e.id)?.messages).toEqual(piToMsgs(s, buildPiContext(s, e.id, { profile: "omp18" }), { profile: "omp18" }));
}

describe("docs/pi.md §8.2 empty error turns and vibe-mode messages are dropped", () => {
  const s = parseFixture("omp18-empty-error-turns-and-vibe-mode.jsonl");

  it("is read as omp18 (a model_usage entry) without findings", () => {
    expect([s.profile, s.profileReason]).toEqual(["omp18", "oh-my-pi 18 marker: model_usage entry (line 3)"]);
    expect(codes(s)).toEqual([]);
  });

  it("omp18: empty error turns never enter the context, so the continuity message stays alone; the vibe-mode message is dropped", () => {
    // e1 (no content) and e2 (blank text and thinking) are empty; e3 streamed text and is dropped by the v17 failed-turn
    // rule; e4 (a signature) is not empty and stays, as interrupted-thinking follows it.
    expect(ids(s)).toEqual(["u1", "it1", "u2", "u3", "e4", "it2", "a5"]);
  });

  it("omp17 keeps e1 (interrupted-thinking follows it) and the vibe-mode message", () => {
    expect(ids(s, undefined, "omp17")).toEqual(["u1", "e1", "it1", "u2", "u3", "e4", "it2", "v1", "a5"]);
  });

  it.each([
    [[], true],
    [[{ type: "text", text: " \n" }], true],
    [[{ type: "fallback" }], true],
    [[{ type: "redactedThinking", data: "x" }], false],
    [[{ type: "toolCall", id: "t" }], false],
    [[{ type: "image" }], false],
  ])("isEmptyErrorTurn(%j) is %s (unknown block kinds count as content)", (content, empty) => {
    expect(isEmptyErrorTurn({ role: "assistant", stopReason: "error", content })).toBe(empty);
    expect(isEmptyErrorTurn({ role: "assistant", stopReason: "aborted", content })).toBe(false);
  });

  it("the incremental builder agrees at every entry", () => expectIncrementalEqualsBatch(s));
});

describe("docs/pi.md §8.3 the latest context notes go first", () => {
  const s = parseFixture("omp18-context-notes-first.jsonl");
  const notesText = (leaf: string) => {
    const c = buildPiContext(s, leaf);
    return c.messages[0].customType === "experimental_context_notes" ? [c.sourceIds[0][0], c.messages[0].content] : undefined;
  };
  const render = (notes: string) => OMP18_CONTEXT_NOTES_TEMPLATE.replace("{{notes}}", notes).trim();

  it("a revision becomes a hidden custom message before everything else, timestamped like its entry", () => {
    const c = buildPiContext(s, "a1");
    expect(c.sourceIds.map((x) => x[0])).toEqual(["n1", "u1", "a1"]);
    expect(c.messages[0]).toEqual({
      role: "custom",
      customType: "experimental_context_notes",
      content: render("- task: build\n- next: test"),
      display: false,
      timestamp: Date.parse("2026-10-02T09:00:02.000Z"),
    });
  });

  it("the latest valid revision wins; one whose data is not exactly {version: 1, text} is skipped; the format pass runs over the notes", () => {
    expect(notesText("u2")).toEqual(["n2", render("- task: build\n- done: build\n- next: ship")]);
  });

  it("an empty revision clears the notes; a later one brings them back; a reset boundary hides them", () => {
    expect(notesText("a2")).toBeUndefined();
    expect(notesText("n5")?.[0]).toBe("n5");
    expect(ids(s, "u3")).toEqual(["u3"]);
  });

  it("the provider gets the notes as a developer message; omp17 has no notes message", () => {
    expect(piToMsgs(s, buildPiContext(s, "a1"))[0].role).toBe("developer");
    expect(ids(s, "a1", "omp17")).toEqual(["u1", "a1"]);
  });

  it("the incremental builder agrees at every entry", () => expectIncrementalEqualsBatch(s));
});

describe("docs/pi.md §8.4 compactions: summary fields and the kept tail", () => {
  it("an Anthropic server compaction with firstKeptEntryId '' keeps the entries after providerReplayThroughEntryId", () => {
    const s = parseFixture("omp18-anthropic-compaction-replays-through.jsonl");
    expect(codes(s)).toEqual([]);
    expect(ids(s)).toEqual(["c1", "u2", "a2", "u3", "a3", "u4"]);
    expect(buildPiContext(s, undefined).messages[0]).toEqual({
      role: "compactionSummary",
      summary: "native summary",
      tokensBefore: 60000,
      tokensAfter: 900,
      method: "remote",
      providerPayload: { type: "anthropicCompaction", provider: "anthropic", content: "native summary", signature: "sig-1", encryptedContent: "opaque" },
      // One millisecond before the first retained entry (u2), so the retained tail keeps its signed thinking.
      historyRewriteAt: Date.parse("2026-10-02T09:00:03.000Z") - 1,
      timestamp: Date.parse("2026-10-02T09:00:07.000Z"),
    });
    expectIncrementalEqualsBatch(s);
  });

  it("omp17 reads the same file as keeping nothing", () => {
    expect(ids(parseFixture("omp18-anthropic-compaction-replays-through.jsonl"), undefined, "omp17")).toEqual(["c1", "u4"]);
  });

  it("an OpenAI remote compaction replays natively through providerReplayThroughEntryId; the entries after it replay as messages", () => {
    const s = parseFixture("omp18-remote-compaction-replays-through.jsonl");
    expect(ids(s)).toEqual(["c1", "u2", "a3", "u3"]);
    expect(ids(s, undefined, "omp17")).toEqual(["c1", "u3"]);
    expectIncrementalEqualsBatch(s);
  });

  it("a remote payload with a non-object replacement item is no payload (the kept entries replay)", () => {
    const t = jsonl(
      header(),
      user("u1", null, "a"),
      assistant("a1", "u1", [text("b")]),
      entry("compaction", "c1", "a1", {
        summary: "s",
        firstKeptEntryId: "a1",
        tokensBefore: 1,
        method: "remote",
        preserveData: { openaiRemoteCompaction: { provider: "openai", replacementHistory: ["x"] } },
      }),
    );
    const s = parseText(t);
    expect(ids(s)).toEqual(["c1", "a1"]);
    expect(buildPiContext(s, undefined).messages[0].providerPayload).toBeUndefined();
  });
});

describe("docs/pi.md §8.5 a handoff summary renders through the handoff template", () => {
  const s = parseFixture("omp18-handoff-compaction.jsonl");

  it("the summary message carries method and tokensAfter", () => {
    expect(buildPiContext(s, undefined).messages[0]).toMatchObject({ role: "compactionSummary", method: "handoff", tokensAfter: 120, shortSummary: "handoff" });
  });

  it("omp18 wraps it in <handoff>; omp17 in the plain compaction template", () => {
    const [m18] = piToMsgs(s, buildPiContext(s, undefined, { profile: "omp18" }), { profile: "omp18" });
    expect(m18.role).toBe("user");
    expect(m18.text.startsWith("Context replaced. The <handoff> below is a handoff document")).toBe(true);
    expect(m18.text.endsWith("<handoff>\n## Goal\nShip it.\n\n## Next Steps\nI will tag the release.\n</handoff>")).toBe(true);
    const [m17] = piToMsgs(s, buildPiContext(s, undefined, { profile: "omp17" }), { profile: "omp17" });
    expect(m17.text.startsWith("Prior model work/tool state available.")).toBe(true);
  });
});

describe("docs/pi.md §8.6 a context rollover recovers the latest user request", () => {
  const s = parseFixture("omp18-rollover-recovers-request.jsonl");

  it("the user-invoked skill prompt before the kept tail comes right after the summary (not the older user message)", () => {
    expect(ids(s)).toEqual(["n1", "c1", "k1", "a2", "a3"]);
    expect(ids(s, undefined, "omp17")).toEqual(["c1", "a2", "a3"]);
  });

  it("the incremental builder agrees at every entry", () => expectIncrementalEqualsBatch(s));

  it("a rollover keeping one of its own descendants recovers the request only below it; turn contexts then build in full", () => {
    const t = parseText(
      jsonl(
        header(),
        user("u1", null, "a"),
        assistant("a1", "u1", [text("b")]),
        entry("compaction", "c1", "a1", {
          summary: "s",
          firstKeptEntryId: "a2",
          tokensBefore: 1,
          method: "soft",
          details: { kind: "experimental-context-rollover" },
        }),
        assistant("a2", "c1", [text("c")]),
        assistant("a3", "a2", [text("d")]),
      ),
      "omp18",
    );
    expect(ids(t, "c1")).toEqual(["c1"]);
    expect(ids(t, "a2")).toEqual(["c1", "u1", "a2"]);
    expect(piContextsAt(t, { profile: "omp18" })("a2")).toBeUndefined();
    for (const tc of piTurnContexts(t, { profile: "omp18" }))
      expect(toArray(tc.messages)).toEqual(piToMsgs(t, buildPiContext(t, tc.ref.leafId, { profile: "omp18" }), { profile: "omp18" }));
  });
});

describe("docs/pi.md §8.7 the 18.3.4 loader's verdicts", () => {
  it("a non-empty file without a valid header is refused (omp 18 throws and leaves the file unchanged)", () => {
    const s = parseFixture("omp18-refused-without-header.jsonl");
    expect([s.profile, s.profileReason]).toEqual(["omp18", "oh-my-pi 18 marker: model_usage entry (line 1)"]);
    expect(s.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.line])).toEqual([["refused_session", 1]]);
  });

  it("a file of blank lines only stays an empty session (omp 18 starts a new one in it)", () => {
    expect(parseText("\n\n", "omp18").diagnostics.map((d) => d.code)).toContain("empty_session");
  });

  it("a file of unparseable lines only is refused (the loader counts them as records without a header)", () => {
    expect(parseText("{oops\n", "omp18").diagnostics.map((d) => d.code)).toContain("refused_session");
    expect(parseText("{oops\n", "omp17").diagnostics.map((d) => d.code)).toContain("empty_session");
  });

  it("a message entry without a message makes the loader throw: refused", () => {
    const s = parseText(jsonl(header(), user("u1", null, "a"), entry("message", "m2", "u1", { message: null })), "omp18");
    expect(s.diagnostics.filter((d) => d.code === "refused_session").map((d) => d.line)).toEqual([3]);
  });

  it("a usage without a cost makes the loader throw while indexing: refused, at that entry", () => {
    const s = parseText(jsonl(header(), user("u1", null, "a"), assistant("a1", "u1", [text("b")])), "omp18");
    const e = s.diagnostics.find((d) => d.code === "refused_session");
    expect([e?.line, e?.message]).toEqual([
      3,
      "oh-my-pi's loader fails while indexing the entries and opens nothing (it leaves the file unchanged): the usage on line 3 has no cost (the loader reads usage.cost.total)",
    ]);
  });
});
