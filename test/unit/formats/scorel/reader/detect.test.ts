// Generation detection and profile choice (scorel-format §0.2, design §2).
import { describe, expect, it } from "vitest";
import { sniffScorel } from "../../../../../src/formats/scorel/parse.js";
import { A, byCode, ev, H, header, IS, jsonl, parse, parseFixture, text, U } from "./helpers.js";

describe("sniffScorel", () => {
  it("accepts a header (version + meta or sessionId) and a G0 entry", () => {
    expect(sniffScorel(header())).toBe(true);
    expect(sniffScorel({ version: 1, sessionId: "s" })).toBe(true);
    expect(sniffScorel({ version: 1, meta: {} })).toBe(true);
    for (const kind of ["message", "rewind", "compact", "channel", "file_snapshot"]) expect(sniffScorel({ kind, at: 1 })).toBe(true);
  });
  it("rejects other first records (pi session, yoi segment, an event, non-objects)", () => {
    expect(sniffScorel({ type: "session", version: 3, id: "x", cwd: "/" })).toBe(false);
    expect(sniffScorel({ kind: "segment_start" })).toBe(false);
    expect(sniffScorel({ type: "user_message", id: "u" })).toBe(false);
    expect(sniffScorel({ kind: "message", type: "x" })).toBe(false);
    expect(sniffScorel(null)).toBe(false);
    expect(sniffScorel([1])).toBe(false);
    expect(sniffScorel("version")).toBe(false);
  });
});

describe("generation detection", () => {
  const cases: Array<[string, string, string]> = [
    ["g0/log.jsonl", "g0", "g0"],
    ["design/session-example.jsonl", "design", "design"],
    ["valid/p3-session.jsonl", "p3", "p5"],
    ["valid/p4a-session.jsonl", "p4", "p5"],
    ["valid/p4-session.jsonl", "p4", "p5"],
    ["valid/p5-session.jsonl", "p5", "p5"],
  ];
  for (const [file, generation, profile] of cases) {
    it(`${file}: generation ${generation}, default profile ${profile}`, () => {
      const s = parseFixture(file);
      expect(s.generation).toBe(generation);
      expect(s.profile).toBe(profile);
      const chosen = byCode(s, "PROFILE_CHOSEN");
      expect(chosen).toHaveLength(1);
      expect(chosen[0]).toMatchObject({ severity: "info", args: { format: "scorel", profile } });
      expect(byCode(s, "PROFILE_MISMATCH")).toEqual([]);
    });
  }
  it("design §2: shipped files default to p5 and say what they look like", () => {
    const s = parseFixture("valid/p3-session.jsonl");
    expect(s.profileReason).toContain("default for shipped files");
    expect(s.profileReason).toContain("p3");
  });
  it("a requested profile wins and is reported as requested", () => {
    const s = parseFixture("valid/p3-session.jsonl", "p3");
    expect(s.profile).toBe("p3");
    expect(s.profileReason).toBe("requested");
  });
  it("an unknown requested profile is a warning and detection is used", () => {
    const s = parseFixture("valid/p5-session.jsonl", "p9");
    expect(s.profile).toBe("p5");
    expect(byCode(s, "PROFILE_MISMATCH")[0].message).toContain('Unknown Scorel profile "p9"');
  });
  it("p4 features: compact, context_control, channel_context harness, extension skills", () => {
    const one = (e: object) => parse(jsonl(header(), IS("is", 1), U("u1", null, 2), e)).generation;
    expect(one(ev("compact", "c", "u1", 3, { summary: "", compactedThrough: "u1", tokensBefore: 1, tokensAfter: 1, retainedEventCount: 1 }))).toBe("p4");
    expect(one(H("h", "u1", 3, "channel_context", "system", "c", "hidden"))).toBe("p4");
    expect(one(ev("skill_index_snapshot", "s", null, 3, { anchorEventId: null, entries: [{ scope: "extension" }] }))).toBe("p4");
    expect(one(A("a", "u1", 3))).toBe("p3");
  });
  it("a shipped file with a stray design event stays shipped (p5) and the mismatch is reported", () => {
    const s = parse(jsonl(header(), IS("is", 1), U("u1", null, 2), ev("message", "m", "u1", 3, { message: { role: "user", content: "x" } })));
    expect(s.generation).toBe("p3");
    expect(s.profile).toBe("p5");
    expect(s.verdict).toMatchObject({ code: "invalid_event", message: "Unsupported session event type", line: 4 });
    expect(byCode(s, "PROFILE_MISMATCH")[0].message).toContain('design-model event type "message"');
  });
  it("p5: a system_reminder content block anywhere", () => {
    const rem = { type: "system_reminder", kind: "message_ref", origin: "system", text: "t", visibility: "model", scope: "message" };
    expect(parse(jsonl(header(), U("u1", null, 1, "x", { content: [text("x"), rem] }))).generation).toBe("p5");
  });
});

describe("PROFILE_MISMATCH: the file uses features the requested profile does not know", () => {
  const cases: Array<[string, string, string]> = [
    ["valid/p4-session.jsonl", "p3", "compact events exist from P4 on"],
    ["valid/p4-session.jsonl", "p4a", "context_control exists from P4b only"],
    ["valid/p5-session.jsonl", "p4", "system_reminder content blocks exist from P5 on"],
    ["design/session-example.jsonl", "p5", 'design-model event type "message"'],
    ["valid/p5-session.jsonl", "design", 'shipped event type "user_message"'],
    ["g0/log.jsonl", "p5", "G0 log"],
    ["valid/p5-session.jsonl", "g0", "Profile g0 reads `kind` log entries"],
  ];
  for (const [file, profile, words] of cases) {
    it(`${file} read as ${profile}: "${words}"`, () => {
      const s = parseFixture(file, profile);
      const mm = byCode(s, "PROFILE_MISMATCH");
      expect(
        mm.some((d) => d.message.includes(words)),
        JSON.stringify(mm.map((d) => d.message)),
      ).toBe(true);
      expect(mm.every((d) => d.severity === "warning")).toBe(true);
    });
  }
});

describe("design files under the design profile", () => {
  it("the shipped-loader rejection is an info note, not an error; the file is not rejected", () => {
    const s = parseFixture("design/session-example.jsonl");
    expect(s.rejected).toBe(false);
    expect(s.verdict).toBeNull();
    const note = byCode(s, "SCOREL_DESIGN_NOT_SHIPPED");
    expect(note).toHaveLength(1);
    expect(note[0]).toMatchObject({ severity: "info" });
    expect(note[0].loader).toBeUndefined();
    expect(s.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
  it("a design file with a projectId: the P5 loader stops at invalid_event (Unsupported session event type)", () => {
    const s = parse(
      jsonl(
        { ...header(), meta: { projectId: "p", model: "m", thinkingLevel: "low" } },
        ev("message", "e1", null, 1, { message: { role: "user", content: "hi" } }),
      ),
    );
    expect(byCode(s, "SCOREL_DESIGN_NOT_SHIPPED")[0].message).toContain('invalid_event "Unsupported session event type"');
  });
  it("the same file read as p5 is rejected with invalid_event", () => {
    const s = parse(jsonl(header(), ev("message", "e1", null, 1, { message: { role: "user", content: "hi" } })), "p5");
    expect(s.verdict).toMatchObject({ code: "invalid_event", message: "Unsupported session event type" });
    expect(s.rejected).toBe(true);
  });
  it("structural errors still reject a design file", () => {
    const s = parse(
      jsonl(
        { ...header(), meta: { model: "m", thinkingLevel: "low" } },
        ev("message", "e1", null, 1, { message: { role: "user", content: "a" } }),
        ev("message", "e2", "nope", 2, { message: { role: "user", content: "b" } }),
      ),
    );
    expect(s.profile).toBe("design");
    expect(s.rejected).toBe(true);
    expect(byCode(s, "SCOREL_INV_10_PARENT")).toHaveLength(1);
  });
});
