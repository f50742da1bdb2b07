// Profile pi-1.5 (@earendil-works/pi-coding-agent 1.5.2, session-manager.js buildSessionProjection /
// buildContextEntries / sessionEntryToContextMessages / projectContextEntry, and the loader _setSessionFile),
// pinned on the hand-written pi1-* fixtures. `npm run conformance` checks the same files against the package.
import { describe, expect, it } from "vitest";
import { buildPiContext } from "../../../../src/formats/pi/context.js";
import { piToMsgs } from "../../../../src/formats/pi/lower.js";
import { piTurnContexts } from "../../../../src/formats/pi/turn-contexts.js";
import { toArray } from "../../../../src/shared/plist.js";
import { codes, json, parseFixture, readFixture } from "./helpers.js";
import { parsePi, sniffPi } from "../../../../src/formats/pi/parse.js";

const EDIT = "hand/pi1-context-edit-replace-delete-branch-local.jsonl";
const SYS = "hand/pi1-system-messages-compaction.jsonl";
const NONE = "hand/pi1-retain-none-compaction.jsonl";
const NULLS = "hand/pi1-null-content-custom-fields.jsonl";
const REFUSED = "hand/pi1-refused-without-header.jsonl";

/** [sourceIds, provider role, provider text] per message of the context at `leaf`. */
function view(rel: string, leaf?: string): [string, string, string][] {
  const s = parseFixture(rel);
  return piToMsgs(s, buildPiContext(s, leaf)).map((m) => [m.sourceIds.join(","), m.role, m.text]);
}

describe("profile choice from the file's evidence", () => {
  it("a file with pi 1.x entries is read as pi-1.5, the reason lists the evidence, and no PROFILE_NEWER", () => {
    const s = parseFixture(EDIT);
    expect(s.profile).toBe("pi-1.5");
    expect(s.profileReason).toBe("pi 1.x evidence: message with role system (line 2), context_edit entry (line 7), context_edit entry (line 8) …");
    expect(s.diagnostics.find((d) => d.code === "PROFILE_CHOSEN")?.message).toContain(
      "with profile pi-1.5 (pi 1.x evidence: message with role system (line 2)",
    );
    expect(codes(s)).not.toContain("PROFILE_NEWER");
  });

  it("naming a profile the file contradicts replays with it and warns (PROFILE_MISMATCH)", () => {
    const mismatch = (rel: string, p: string) =>
      parseFixture(rel, p)
        .diagnostics.filter((d) => d.code === "PROFILE_MISMATCH")
        .map((d) => d.message);
    expect(mismatch(EDIT, "omp17")).toEqual([
      "Read with profile omp17 but the file was written by pi 1.x (message with role system (line 2)); profile pi-1.5 reads it as pi 1.5.2 does",
    ]);
    expect(mismatch("hand/newer-omp18-markers.jsonl", "pi-1.5")).toEqual([
      "Profile pi-1.5 was requested but the file has an oh-my-pi marker (oh-my-pi 18 marker: model_usage entry (line 4))",
    ]);
    expect(mismatch(EDIT, "pi-1.5")).toEqual([]);
  });

  it("a file without pi 1.x evidence keeps the pi default", () => {
    expect(parseFixture("hand/tree-summary-as-second-root.jsonl").profile).toBe("pi");
  });
});

describe("context_edit: latest edit per target among the context entries, branch-local, null omits", () => {
  it("on the edited branch: the user turn has the latest replacement (string kept as is for user), the tool result is gone", () => {
    expect(view(EDIT, "a3")).toEqual([
      ["y1", "system", "You are a coding agent."],
      ["u1,e3", "user", "deploy it"],
      ["a1", "assistant", "Deploying."],
      ["a2", "assistant", "Done."],
      ["u2", "user", "and the docs?"],
      ["a3", "assistant", "Docs deployed too."],
    ]);
    const s = parseFixture(EDIT);
    expect(json(buildPiContext(s, "a3").messages[1])).toEqual({ role: "user", content: "deploy it", timestamp: 1 });
  });

  it("on the other branch the first-branch edits do not apply; its own string edit of an assistant becomes one text block", () => {
    expect(view(EDIT, "a4").map((v) => v[0])).toEqual(["y1", "u1", "a1,e4", "r1", "a2", "u3", "a4"]);
    const s = parseFixture(EDIT);
    expect(buildPiContext(s, "a4").messages[2].content).toEqual([{ type: "text", text: "Deploying (edited on the other branch)." }]);
    expect(buildPiContext(s, "a4").messages[1].content).toEqual([{ type: "text", text: "my token is hunter2, deploy it" }]);
  });

  it("read as pi 0.73 the edits are ignored and the system prompt is no user text (what sightline did before)", () => {
    const s = parsePi(readFixture(EDIT), { file: EDIT, profile: "pi" });
    const ids = buildPiContext(s, "a3").sourceIds.map((x) => x.join(","));
    expect(ids).toEqual(["y1", "u1", "a1", "r1", "a2", "u2", "a3"]);
  });
});

describe("system messages and the compaction systemMessage", () => {
  it("before the compaction every system message is in place, as role system (content, then sections)", () => {
    expect(view(SYS, "u2")).toEqual([
      ["y1", "system", "You are a coding agent.\n\nBe brief."],
      ["u1", "user", "first task"],
      ["a1", "assistant", "first answer"],
      ["y2", "system", "Be thorough.\n\nServers: none."],
      ["u2", "user", "second task"],
    ]);
  });

  it("after it: the systemMessage leads, then the summary; the kept range drops y2; later system messages and usage entries stay as written", () => {
    expect(view(SYS).map((v) => v.slice(0, 2))).toEqual([
      ["k1", "system"],
      ["k1", "user"],
      ["a1", "assistant"],
      ["u2", "user"],
      ["a2", "assistant"],
      ["u3", "user"],
      ["y3", "system"],
      ["a3", "assistant"],
      ["u4", "user"],
      ["a4", "assistant"],
    ]);
    expect(view(SYS)[0][2]).toBe("You are a coding agent.\n\nBe thorough.\n\nServers: none.");
  });

  it("the compaction summary carries summary, tokensBefore and timestamp only", () => {
    const s = parseFixture(SYS);
    expect(Object.keys(buildPiContext(s, undefined).messages[1]).sort()).toEqual(["role", "summary", "timestamp", "tokensBefore"]);
  });
});

describe("retain-none compaction (firstKeptEntryId = its own id)", () => {
  it("keeps nothing before it and is no off-path warning", () => {
    expect(view(NONE, "k1").map((v) => v.slice(0, 2))).toEqual([
      ["k1", "system"],
      ["k1", "user"],
    ]);
    expect(codes(parseFixture(NONE))).not.toContain("PI_FIRST_KEPT_OFF_PATH");
  });

  it("an older compaction inside a newer one's kept range contributes nothing (not even its system message)", () => {
    expect(view(NONE).map((v) => v[0])).toEqual(["k2", "u2", "a2", "u3", "a3"]);
  });
});

describe("null content and custom message fields", () => {
  it("system null content becomes '', user / assistant / toolResult null content []; custom content null []", () => {
    const m = json(buildPiContext(parseFixture(NULLS), undefined).messages);
    expect(m.slice(0, 4).map((x) => [x.role, x.content])).toEqual([
      ["system", ""],
      ["user", []],
      ["assistant", []],
      ["custom", []],
    ]);
  });

  it("custom messages carry customType, content, display, details and timestamp: no attribution", () => {
    const m = json(buildPiContext(parseFixture(NULLS), undefined).messages);
    expect(m[4]).toEqual({
      role: "custom",
      customType: "note",
      content: "plain note",
      display: false,
      details: { k: 1 },
      timestamp: Date.parse("2026-11-10T10:00:44.000Z"),
    });
  });
});

describe("custom messages under the pi profile (pi 0.74 createCustomMessage)", () => {
  it("carry customType, content, display, details and timestamp: oh-my-pi's attribution is dropped", () => {
    const s = parsePi(readFixture(NULLS), { file: NULLS, profile: "pi" });
    expect(json(buildPiContext(s, "c2").messages.at(-1))).toEqual({
      role: "custom",
      customType: "note",
      content: "plain note",
      display: false,
      details: { k: 1 },
      timestamp: Date.parse("2026-11-10T10:00:44.000Z"),
    });
  });
});

describe("loader verdicts", () => {
  it("a non-empty file without a valid header is refused (pi 1.5.2 throws and leaves the file alone)", () => {
    const s = parseFixture(REFUSED);
    expect(s.profile).toBe("pi-1.5");
    expect(s.diagnostics.filter((d) => d.loader).map((d) => [d.code, d.line, d.severity])).toEqual([["refused_session", 1, "error"]]);
    expect(s.entries).toEqual([]);
  });

  it("the same file read as pi 0.73 is an empty session (pi then starts a new one over it)", () => {
    expect(codes(parseFixture(REFUSED, "pi"), "error")).toEqual(["empty_session"]);
  });

  it("a zero-byte file stays an empty session under pi-1.5 (pi writes a header into it)", () => {
    expect(codes(parsePi("", { file: "e.jsonl", profile: "pi-1.5" }), "error")).toEqual(["empty_session"]);
  });

  it("asked for pi-1.5, a v17 title slot is a first record that is not a header", () => {
    expect(codes(parseFixture("hand/title-slot-folded.jsonl", "pi-1.5"), "error")).toEqual(["refused_session"]);
  });

  it("a file whose first record is shaped like a pi entry is detected as pi, so it gets pi's verdict rather than an unknown format", () => {
    expect(sniffPi(JSON.parse(readFixture(REFUSED).split("\n")[0]))).toBe(true);
    expect(sniffPi({ type: "message", id: "a", parentId: null, seq: 1, ts: 5 })).toBe(false);
  });

  it("a branch summary as a second root is valid (info only)", () => {
    expect(codes(parseFixture("hand/tree-summary-as-second-root.jsonl", "pi-1.5"), "error")).toEqual([]);
  });
});

describe("edits the writer would not make are reported", () => {
  it("an edit of a missing entry, and one of an entry not before it on its branch", () => {
    const text = [
      { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" },
      { type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: "a", timestamp: 1 } },
      { type: "context_edit", id: "e1", parentId: "u1", timestamp: "2026-01-01T00:00:02.000Z", targetId: "gone", replacement: null },
      { type: "context_edit", id: "e2", parentId: "u1", timestamp: "2026-01-01T00:00:03.000Z", targetId: "e1", replacement: null },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n");
    const s = parsePi(text + "\n", { file: "t.jsonl" });
    expect(s.diagnostics.filter((d) => d.code.startsWith("PI_EDIT")).map((d) => [d.code, d.line])).toEqual([
      ["PI_EDIT_TARGET_MISSING", 3],
      ["PI_EDIT_TARGET_OFF_PATH", 4],
    ]);
  });
});

describe("incremental turn contexts equal the batch builder on every pi1 fixture", () => {
  it.each([EDIT, SYS, NONE, NULLS])("%s", (rel) => {
    const s = parseFixture(rel);
    for (const t of piTurnContexts(s)) expect(toArray(t.messages)).toEqual(piToMsgs(s, buildPiContext(s, t.ref.leafId)));
  });
});

describe("docs/pi.md §9.1 an edited message names its edit", () => {
  it("editedBy is the context_edit entry; unedited messages have none", () => {
    const s = parseFixture(EDIT);
    const msgs = piToMsgs(s, buildPiContext(s, "a4"));
    expect(msgs.filter((m) => m.editedBy !== undefined).map((m) => [m.sourceIds.join(","), m.editedBy])).toEqual([["a1,e4", "e4"]]);
    expect(msgs.filter((m) => m.sourceIds.length === 1).every((m) => m.editedBy === undefined)).toBe(true);
  });
});
