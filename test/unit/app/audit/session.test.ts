import { describe, expect, it } from "vitest";
import { resolveTurn, SessionBuilder } from "../../../../src/app/audit/session.js";
import { diagnostic, msg, result, session, tokens } from "../../report/builders.js";

describe("app/audit/session: message table and delta references", () => {
  it("stores each distinct message once and resolves every turn to its full context", () => {
    const a = msg("user", "hello");
    const b = msg("assistant", "hi");
    const c = msg("user", "more");
    const contexts = [[a], [a, b, c], [a, b, c, msg("assistant", "done")], [msg("user", "summary"), c]];
    const s = session("s.jsonl", contexts);
    expect(s.messages.map((m) => m.text)).toEqual(["hello", "hi", "more", "done", "summary"]);
    contexts.forEach((ctx, i) => {
      expect(resolveTurn(s, i).map((k) => s.messages[k].text)).toEqual(ctx.map((m) => m.text));
    });
    expect(s.turns[2].refs).toEqual({ base: 1, keep: 3, add: [3] });
    expect(s.turns[3].refs).toEqual({ base: null, keep: 0, add: [4, 2] });
  });
  it("dedupes content-equal messages that are distinct objects", () => {
    const s = session("s.jsonl", [[msg("user", "x")], [msg("user", "x"), msg("assistant", "y")]]);
    expect(s.messages).toHaveLength(2);
    expect(s.turns[1].refs).toEqual({ base: 0, keep: 1, add: [1] });
  });
  it("stores system prompts once", () => {
    const s = session("s.jsonl", [[msg("user", "a")], [msg("user", "a")], [msg("user", "a")]]);
    expect(s.prompts).toEqual(["You are helpful."]);
    expect(s.turns.map((t) => t.systemPrompt)).toEqual([null, 0, 0]);
  });
  it("elides base64 image payloads but keeps the text", () => {
    const img = msg("user", "look", {
      blocks: [
        { type: "text", text: "look" },
        { type: "image", data: "A".repeat(5000), mimeType: "image/png" },
      ],
    });
    const s = session("s.jsonl", [[img]]);
    expect(s.messages[0].text).toBe("look");
    expect((s.messages[0].blocks[1] as { data: string }).data).toBe("[5000 chars of image data elided]");
  });
  it("grows with distinct messages, not turns × context (484 turns)", () => {
    const b = new SessionBuilder({ path: "long.jsonl", format: "pi", profile: "pi", diagnostics: [] });
    const ctx = [];
    for (let i = 0; i < 484; i++) {
      ctx.push(msg("user", `q${i}`), msg("assistant", `a${i}`));
      b.addTurn({ index: i, leafId: null, responseId: `r${i}`, systemPrompt: null, messages: [...ctx], tokens: tokens(i) });
    }
    const s = b.finish();
    const refs = s.turns.reduce((n, t) => n + t.refs.add.length, 0);
    expect(s.messages).toHaveLength(968);
    expect(refs).toBe(968);
    expect(resolveTurn(s, 483)).toHaveLength(968);
  });
  it("derives checks, status and loader verdict from diagnostics", () => {
    const s = session("bad.jsonl", [], { diagnostics: [diagnostic({ code: "invalid_json", loader: true })] });
    expect(s.loader.verdict).toBe("rejected");
    expect(s.status).toBe("error");
    expect(s.checks.find((c) => c.name === "loader verdict")?.status).toBe("fail");
    const w = session("warn.jsonl", [], { diagnostics: [diagnostic({ code: "skipped_line", severity: "warning", loader: true })] });
    expect(w.loader.verdict).toBe("tolerated");
    expect(w.status).toBe("warning");
  });
  it("a failed capsule check fails the session", () => {
    const s = session("c.jsonl", [[msg("user", "a")]], {
      compactions: [
        {
          id: "c1",
          dropped: [msg("user", "a")],
          kept: [],
          added: [msg("user", "sum")],
          tokens: { before: 10, after: 2 },
          capsule: { valid: true, missing: [], warnings: [], lost: [{ kind: "hard-deny", value: "deny rm -rf" }] },
        },
      ],
    });
    expect(s.checks.find((c) => c.name === "compaction c1 capsule")).toMatchObject({ status: "fail", message: "lost in compaction: hard-deny deny rm -rf" });
    expect(s.status).toBe("error");
    expect(result([s]).summary.capsuleFailures).toBe(1);
  });
});

describe("app/audit/session: resolveTurn on very long base chains", () => {
  it("resolves a 20 000-turn chain without deep recursion", () => {
    const b = new SessionBuilder({ path: "long.jsonl", format: "pi", profile: "pi", diagnostics: [] });
    // Delta turns as turnViews({delta:true}) returns them: each keeps the previous context and adds one message.
    for (let i = 0; i < 20_000; i++)
      b.addDeltaTurn({
        index: i,
        leafId: null,
        responseId: `r${i}`,
        systemPrompt: null,
        messages: { base: i === 0 ? null : i - 1, keep: i, added: [msg("user", `m${i}`)] },
        tokens: tokens(i),
      });
    const s = b.finish();
    expect(s.turns[5].refs).toEqual({ base: 4, keep: 5, add: [5] });
    const full = resolveTurn(s, 19_999);
    expect(full).toHaveLength(20_000);
    expect(full.slice(0, 3)).toEqual([0, 1, 2]);
  });
});
