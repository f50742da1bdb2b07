// Hand-built scenario files (fixtures/ next to this test) read by the real reader, then built: the
// exact provider texts of scorel-format §7.5–§7.7 and §9.1 end to end.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildScorelContext } from "../../../../../src/formats/scorel/context/build.js";
import { scorelTurnContexts } from "../../../../../src/formats/scorel/context/incremental.js";
import { scorelToMsgs } from "../../../../../src/formats/scorel/context/lower.js";
import { parseScorel } from "../../../../../src/formats/scorel/parse.js";
import { toArray } from "../../../../../src/shared/plist.js";

const read = (name: string, profile?: string) => parseScorel(readFileSync(join(import.meta.dirname, "fixtures", name), "utf8"), { file: name, profile });
const R = (t: string) => `<system-reminder>\n${t}\n</system-reminder>`;

describe("scorel context scenarios (real reader)", () => {
  it("scorel-format §13 case 34 (P5 file): snip then compact — summary block, 'continue', the new turn; system prompt from the snapshot", () => {
    const s = read("p5-snip-then-compact.jsonl");
    expect(s.profile).toBe("p5");
    const turns = [...scorelTurnContexts(s)];
    const last = turns.at(-1)!;
    expect(last.ref).toEqual({ index: 2, responseId: "a9", leafId: "u8" });
    expect(last.systemPrompt).toBe("You are Scorel.\n\ncwd: /repo\n\nlinux\n\n2025-10-09");
    const view = toArray(last.messages);
    expect(view.map((m) => m.sourceIds)).toEqual([["c7"], ["u5"], ["u8"]]);
    expect(view.map((m) => m.text)).toEqual([
      R(
        "Earlier session context has been compacted.\n\nWe answered the first question.\n\nUse this summary as continuity context. Verify current repository facts before acting.",
      ),
      "continue\n" + R("snip.userMessageId: u_55555555"),
      "next\n" + R("snip.userMessageId: u_88888888"),
    ]);
    expect(view[0].summary).toBe("We answered the first question.\n");
    // The turn answering u3 was requested before the snip existed: it still sees the detour.
    expect(toArray(turns[1].messages).map((m) => m.sourceIds[0])).toEqual(["u1", "a2", "u3"]);
  });

  it("scorel-format §13 cases 5/7 (P4 file): harness items merge as text into the tool result; details dropped; P3 keeps them", () => {
    const s = read("p4-tool-result-merges.jsonl", "p4");
    const c = buildScorelContext(s, "h5");
    expect(c.sourceIds).toEqual([["u1"], ["a2"], ["t3", "h4", "h5"]]);
    expect((c.messages[2].content as any)[0].result).toEqual({
      content: [
        { type: "text", text: "file content" },
        { type: "text", text: "\n\n" + R("do not edit yet") },
        { type: "text", text: "\n\n" + R("3 files changed on disk") },
      ],
    });
    const [, , tr] = scorelToMsgs(s, c);
    expect(tr.text).toBe("file content\n\n\n" + R("do not edit yet") + "\n\n\n" + R("3 files changed on disk"));
    expect(tr.reminders).toEqual([
      { kind: "steer", origin: "user", sourceId: "h4" },
      { kind: "runtime_notice", origin: "system", sourceId: "h5" },
    ]);
    expect((buildScorelContext(s, "h5", { profile: "p3" }).messages[2].content as any)[0].result.details).toEqual({ bytes: 12 });
  });
});
