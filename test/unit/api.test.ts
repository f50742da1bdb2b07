// design §6: the library exposes at least these names (renderSystemReminder moved to the sightline/formats tier),
// with the TtsrManager method names of ttsr-spec §8.
import { describe, expect, it } from "vitest";
import * as api from "../../src/index.js";
import { renderSystemReminder } from "../../src/entry-formats.js";

describe("library API (design §6)", () => {
  it("exports every function the design names", () => {
    for (const name of [
      "readSession",
      "parseSession",
      "buildContext",
      "turnViews",
      "validateSession",
      "loadRules",
      "parseRuleFile",
      "TtsrManager",
      "simulateTtsr",
      "validateCompactCapsule",
      "restoreFromCapsule",
      "renderCompactCapsulePrompt",
    ])
      expect(typeof (api as Record<string, unknown>)[name], name).toBe("function");
  });

  it("TtsrManager has exactly the §8 method names", () => {
    const m = new api.TtsrManager({}, { profile: "seed" });
    for (const method of [
      "addRule",
      "checkDelta",
      "resetBuffer",
      "incrementMessageCount",
      "getMessageCount",
      "hasRules",
      "markInjectedByNames",
      "restoreInjected",
      "getInjectedRuleNames",
    ]) {
      expect(typeof (m as unknown as Record<string, unknown>)[method], method).toBe("function");
    }
  });

  it("parseSession → buildContext → turnViews on a tiny pi session", () => {
    const text = [
      { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" },
      { type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:00.000Z", message: { role: "user", content: "hi", timestamp: 1 } },
      {
        type: "message",
        id: "a1",
        parentId: "u1",
        timestamp: "2026-01-01T00:00:00.000Z",
        message: {
          role: "assistant",
          content: [{ type: "text", text: "hello" }],
          api: "x",
          provider: "p",
          model: "m",
          usage: {},
          stopReason: "stop",
          timestamp: 2,
        },
      },
    ]
      .map((x) => JSON.stringify(x))
      .join("\n");
    const s = api.parseSession(text);
    if (!api.isSession(s)) throw new Error("not a session");
    expect(api.buildContext(s, "a1").messages).toHaveLength(2);
    const { turns } = api.turnViews(s);
    expect(turns.map((t) => [t.responseId, t.leafId])).toEqual([["a1", "u1"]]);
    expect(turns[0].messages).toMatchObject([{ role: "user", text: "hi", sourceIds: ["u1"] }]);
    expect(renderSystemReminder("x", { style: "scorel" })).toBe("<system-reminder>\nx\n</system-reminder>");
  });
});
