// Replay views (yoi-format §4, design §3): buildYoiContext, the Msg mapping, turns and incremental contexts.
import { describe, expect, it } from "vitest";
import { size, toArray } from "../../../../src/shared/plist.js";
import { applyEntry, initialState } from "../../../../src/formats/yoi/restore.js";
import { buildYoiContext, parseYoi, yoiFormat, yoiItemToMsg, yoiToMsgs, yoiTurns } from "../../../../src/formats/yoi/index.js";
import * as b from "./builders.js";

const parse = (text: string) => parseYoi(text, { file: "seg.jsonl" });

const SESSION = b.file(
  b.start({ history: [b.systemMsg("[Compacted context summary]\n\nearlier work"), b.userMsg("seeded")] }),
  b.invoke("user_send"),
  b.say("read it"),
  b.assistant({ kind: "reasoning", text: "need the file" }),
  b.assistant(b.toolCall("c1")),
  b.usage(3),
  b.assistant(b.assistantMsg("second request, same run of entries split by llm_usage")),
  b.toolResult("c1", "Read src/main.rs", "fn main() {}"),
  b.systemItem({ kind: "notification", message: "m", body: "[Notification]\nm" }),
  b.assistant({
    kind: "message",
    role: "assistant",
    content: [
      { kind: "text", text: "a" },
      { kind: "refusal", refusal: "no" },
    ],
  }),
  b.turnEnd(1),
  b.runCompleted(),
);

describe("yoi replay views", () => {
  it("buildYoiContext = RestoredState history at the entry, with the segment's system prompt", () => {
    const s = parse(SESSION);
    const ctx = buildYoiContext(s, "L3");
    expect(ctx.systemPrompt).toBe("You are yoi.");
    expect(ctx.sourceIds).toEqual([["L1"], ["L1"], ["L3"]]);
    expect(buildYoiContext(s, null)).toEqual({ systemPrompt: null, messages: [], sourceIds: [] });
    expect(buildYoiContext(s, "L99").messages).toEqual([]);
  });

  it("turns: maximal runs of assistant_item, split at llm_usage; leaf = the entry before the run", () => {
    expect(yoiTurns(parse(SESSION))).toEqual([
      { index: 0, responseId: "L4", leafId: "L3" },
      { index: 1, responseId: "L7", leafId: "L6" },
      { index: 2, responseId: "L10", leafId: "L9" },
    ]);
  });

  it("Msg mapping: roles, native roles, reminders for system items, stored text", () => {
    const s = parse(SESSION);
    const msgs = yoiToMsgs(s, buildYoiContext(s, "L10"));
    expect(msgs.map((m) => [m.role, m.nativeRole, m.text])).toEqual([
      ["system", "message:system", "[Compacted context summary]\n\nearlier work"],
      ["user", "message:user", "seeded"],
      ["user", "message:user", "read it"],
      ["assistant", "reasoning", "need the file"],
      ["assistant", "tool_call", '{"path":"src/main.rs"}'],
      ["assistant", "message:assistant", "second request, same run of entries split by llm_usage"],
      ["tool_result", "tool_result", "Read src/main.rs\nfn main() {}"],
      ["system", "system_item:notification", "[Notification]\nm"],
      ["assistant", "message:assistant", "a\nno"],
    ]);
    expect(msgs[7].reminders).toEqual([{ kind: "notification", sourceId: "L9" }]);
    expect(msgs[1].reminders).toEqual([]);
    expect(yoiItemToMsg({ item: { kind: "tool_result", call_id: "x", summary: "only summary" }, sourceId: "L2" }).text).toBe("only summary");
  });

  it("every Msg kind has the same keys in the same order (JSON outputs write them in that order)", () => {
    const s = parse(SESSION);
    const msgs = yoiToMsgs(s, buildYoiContext(s, "L10"));
    for (const m of msgs) expect(Object.keys(m)).toEqual(["sourceIds", "reminders", "role", "nativeRole", "text", "blocks"]);
    expect(new Set(msgs.map((m) => m.nativeRole))).toEqual(
      new Set(["message:system", "message:user", "reasoning", "tool_call", "message:assistant", "tool_result", "system_item:notification"]),
    );
    // A role outside the three still names itself (the reader's checks keep such records out, this is the fallback).
    const odd = yoiItemToMsg({ item: { kind: "message", role: "developer" as "user", content: [] }, sourceId: "L4" });
    expect([odd.role, odd.nativeRole, odd.text, odd.blocks]).toEqual(["developer", "message:developer", "", []]);
  });

  it("incremental turn contexts equal toMsgs(buildYoiContext) at every turn and share cells", () => {
    const s = parse(SESSION);
    const turns = [...yoiFormat.turnContexts(s)];
    expect(turns).toHaveLength(3);
    for (const t of turns) {
      expect(toArray(t.messages)).toEqual(yoiToMsgs(s, buildYoiContext(s, t.ref.leafId)));
      expect(t.systemPrompt).toBe(buildYoiContext(s, t.ref.leafId).systemPrompt);
    }
    // turn 1's list grows out of turn 0's: the first cells are shared by reference
    let c = turns[1].messages;
    while (c && c.size > (turns[0].messages?.size ?? 0)) c = c.prev;
    expect(c).toBe(turns[0].messages);
    // llm_usage(history_len 3) is the first request's record (its context had 3 items)
    expect(turns.map((t) => t.loggedTokens)).toEqual([1000, undefined, undefined]);
  });

  it("applyEntry with itemsOnly returns the full fold's items and system prompt, and builds none of the rest", () => {
    const s = parse(SESSION);
    for (const profile of ["seed", "head", "v3"] as const) {
      const full = initialState(profile);
      const lean = initialState(profile);
      for (const e of s.entries) {
        const a = applyEntry(full, e, profile);
        const b2 = applyEntry(lean, e, profile, true);
        expect(b2).toEqual(a);
        expect(lean.system_prompt).toBe(full.system_prompt);
        expect(lean.turn_count).toBe(full.turn_count);
      }
      expect(size(full.history)).toBeGreaterThan(0);
      expect(full.usage_history).toHaveLength(1);
      expect(full.user_segments).toHaveLength(1);
      expect([lean.history, lean.usage_history, lean.user_segments, lean.extensions]).toEqual([null, [], [], []]);
    }
  });

  it("the id tables and the children are made on first read, once, and hold every entry in file order", () => {
    const s = parse(SESSION);
    const ids = s.entries.map((e) => e.id);
    expect(s.lineOf).toBe(s.lineOf);
    expect([...s.lineOf]).toEqual(s.entries.map((e) => [e.id, e.line]));
    expect(s.byId).toBe(s.byId);
    expect([...s.byId]).toEqual(s.entries.map((e) => [e.id, e]));
    expect(s.tree.children).toBe(s.tree.children);
    expect([...s.tree.children]).toEqual(ids.map((id, i) => [id, i + 1 < ids.length ? [ids[i + 1]] : []]));
    expect([...s.tree.parent]).toEqual(ids.map((id, i) => [id, i > 0 ? ids[i - 1] : null]));
    expect([s.tree.nodes, s.tree.leaves, s.tree.activeLeafId]).toEqual([ids, [ids[ids.length - 1]], ids[ids.length - 1]]);
  });

  it("a second segment_start resets the incremental history like the fold", () => {
    const s = parse(b.file(b.start(), b.say("a"), b.start({ history: [b.userMsg("fresh")] }), b.assistant(b.assistantMsg("x"))));
    const [t] = [...yoiFormat.turnContexts(s)];
    expect(toArray(t.messages).map((m) => m.text)).toEqual(["fresh"]);
    expect(toArray(t.messages)).toEqual(yoiToMsgs(s, buildYoiContext(s, "L3")));
  });

  it("the profile option switches history_text", () => {
    const s = parse(b.file(b.start(), b.systemItem({ kind: "knowledge", slug: "k", body: "K" }), b.assistant(b.assistantMsg("x"))));
    expect(yoiToMsgs(s, buildYoiContext(s, "L2"))[0].text).toBe("K");
    expect(yoiToMsgs(s, buildYoiContext(s, "L2", { profile: "head" }))[0].text).toBe("");
    expect(toArray([...yoiFormat.turnContexts(s, { profile: "head" })][0].messages)[0].text).toBe("");
  });

  it("buildYoiContext leaves the session unchanged", () => {
    const s = parse(SESSION);
    const before = JSON.stringify(s.entries);
    buildYoiContext(s, "L12");
    [...yoiFormat.turnContexts(s)];
    expect(JSON.stringify(s.entries)).toBe(before);
  });
});
