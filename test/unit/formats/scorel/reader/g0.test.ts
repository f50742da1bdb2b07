// G0 loader verdict (SC-G0 SessionStore.readEntries + replayLogEntries, scorel-format §11).
import { describe, expect, it } from "vitest";
import { byCode, parse } from "./helpers.js";

const g = (...entries: unknown[]): string => entries.map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("\n") + "\n";
const m = (id: string | undefined, role: string) => ({ kind: "message", ...(id ? { id } : {}), at: 1, message: { role, content: role === "user" ? "q" : [] } });

describe("G0 (§11)", () => {
  it("§13 case 43: rewind to a user message truncates after it; to a non-user message the replay fails", () => {
    const ok = parse(
      g(m("m1", "user"), m("m2", "assistant"), m("m3", "user"), m("m4", "assistant"), { kind: "rewind", id: "r", at: 2, targetMessageId: "m3" }),
    );
    expect(ok.verdict).toBeNull();
    expect(ok.tree.activeLeafId).toBe("m3");
    const bad = parse(g(m("m1", "user"), m("m2", "assistant"), { kind: "rewind", at: 2, targetMessageId: "m2" }));
    expect(bad.verdict).toMatchObject({
      code: "SCOREL_G0_LOAD_ERROR",
      message: "Cannot rewind to m2: not a rewindable turn boundary",
      loader: true,
      eventId: "legacy-rewind-3",
    });
    expect(bad.tree.activeLeafId).toBe("m2");
  });
  it("a rewind target must be in the active history (a truncated message no longer is)", () => {
    const s = parse(
      g(
        m("m1", "user"),
        m("m2", "assistant"),
        m("m3", "user"),
        { kind: "rewind", at: 2, targetMessageId: "m1" },
        { kind: "rewind", at: 3, targetMessageId: "m3" },
      ),
    );
    expect(s.verdict?.message).toBe("Cannot rewind to m3: message id was not found in active history");
  });
  it("invalid JSON quotes the file, the index among non-blank lines and JSON.parse's message", () => {
    const s = parse(g(m("m1", "user")) + "\n  \n{nope\n");
    expect(s.profile).toBe("g0");
    expect(s.verdict).toMatchObject({ code: "SCOREL_G0_LOAD_ERROR", line: 4 });
    expect(s.verdict!.message).toMatch(/^Invalid session log JSON at t\.jsonl:2: /);
    expect(byCode(s, "INVALID_JSON")).toHaveLength(1);
  });
  it("a line that is not an object with a kind, and an unsupported kind, each stop the reader", () => {
    const s = parse(g(m("m1", "user"), [1, 2], { kind: 5 }));
    expect(s.verdict!.message).toBe("Invalid session log JSON at t.jsonl:2: Entry is not an object");
    expect(byCode(s, "SCOREL_G0_NOT_AN_ENTRY")).toHaveLength(1);
    expect(byCode(s, "SCOREL_G0_UNSUPPORTED_KIND")[0].message).toBe("Unsupported session log entry kind: 5");
  });
  it("a reader error wins over an earlier replay error (every line is read before replay)", () => {
    const s = parse(g(m("m1", "user"), { kind: "rewind", at: 2, targetMessageId: "zz" }, { kind: "run_started", at: 3 }));
    expect(s.verdict!.message).toBe("Invalid session log JSON at t.jsonl:3: Unsupported session log entry kind: run_started");
    expect(byCode(s, "SCOREL_G0_REWIND_TARGET")).toHaveLength(1);
  });
  it("compact and channel entries do not change the replay; duplicate message ids are flagged", () => {
    const s = parse(g(m("m1", "user"), { kind: "compact", at: 2 }, { kind: "channel", at: 3, channel: "tg", externalId: "x" }, m("m1", "assistant")));
    expect(s.verdict).toBeNull();
    expect(s.tree.nodes).toEqual(["m1"]);
    expect(s.events.map((e) => e.id)).toEqual(["m1", "legacy-compact-2", "legacy-channel-3", "m1"]);
    expect(byCode(s, "SCOREL_G0_DUPLICATE_ID")).toMatchObject([{ line: 4, severity: "warning" }]);
  });
  it("a non-string id is replaced by the legacy id, as upstream does", () => {
    const s = parse(g({ kind: "message", id: 7, at: 1, message: { role: "user", content: "x" } }));
    expect(s.tree.nodes).toEqual(["legacy-msg-1"]);
  });
});
