// Profile choice (design §2) and schema findings (warnings with pointer and line).
import { describe, expect, it } from "vitest";
import { assistant, entry, header, jsonl, parseFixture, parseText, text, user } from "./helpers.js";

const chosen = (s: ReturnType<typeof parseText>) => s.diagnostics.find((d) => d.code === "PROFILE_CHOSEN")!;

describe("design §2 profile choice", () => {
  it("pi by default, reported as PROFILE_CHOSEN info", () => {
    const s = parseText(jsonl(header(), user("u1", null, "a")));
    expect([s.profile, s.profileReason]).toEqual(["pi", "default"]);
    expect(chosen(s)).toMatchObject({ severity: "info", args: { format: "pi", profile: "pi", why: "default" } });
  });

  it.each([
    [[header(), entry("reset_boundary", "rb", null)], "reset_boundary entry on line 2"],
    [[header(), entry("title_change", "t", null, { title: "x", source: "auto" })], "title_change entry on line 2"],
    [[header(), entry("credential_pin", "c", null, { provider: "p", hash: "h" })], "credential_pin entry on line 2"],
    [[header({ providerPromptCacheKey: "k" }), user("u1", null, "a")], "header field providerPromptCacheKey"],
  ])("omp17 when the file has a v17-only marker (%#)", (records, why) => {
    const s = parseText(jsonl(...records));
    expect([s.profile, s.profileReason]).toEqual(["omp17", why]);
  });

  it("--profile overrides; asking pi for a v17 file warns", () => {
    const s = parseFixture("omp17-written-tool-reminder.jsonl", "pi");
    expect([s.profile, s.profileReason]).toEqual(["pi", "requested"]);
    expect(s.diagnostics.filter((d) => d.code === "PROFILE_MISMATCH").length).toBe(1);
    const t = parseText(jsonl(header(), user("u1", null, "a")), "omp17");
    expect([t.profile, t.profileReason]).toEqual(["omp17", "requested"]);
    const u = parseText(jsonl(header(), user("u1", null, "a")), "bogus");
    expect(u.profile).toBe("pi");
    expect(u.diagnostics.map((d) => d.code)).toContain("PROFILE_MISMATCH");
  });
});

describe("schema findings", () => {
  it("wrong types and missing fields are SCHEMA warnings with the line and a pointer", () => {
    const s = parseText(
      jsonl(
        header({ version: 3, cwd: 7 }),
        user("u1", null, "a", { content: 5 }),
        assistant("a1", "u1", [text("x"), { type: "toolCall", id: "t", name: "bash" }], { stopReason: "done" }),
        entry("ttsr_injection", "r1", "a1", { injectedRules: "no-any" }),
        entry("message", "m1", "r1", { message: { role: "wizard" } }),
        { type: "custom", id: "c1", timestamp: "t", customType: "x" },
      ),
    );
    const found = s.diagnostics.filter((d) => d.code === "SCHEMA").map((d) => [d.line, d.pointer, d.severity]);
    expect(found).toEqual(
      expect.arrayContaining([
        [1, "/cwd", "warning"],
        [2, "/message/content", "warning"],
        [3, "/message/content/1", "warning"],
        [3, "/message/stopReason", "warning"],
        [4, "/injectedRules", "warning"],
        [5, "/message/role", "warning"],
        [6, "", "warning"],
      ]),
    );
    expect(s.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual([]);
    expect(s.diagnostics.filter((d) => d.code === "PI_EXTRA_ROOT").map((d) => d.severity)).toEqual(["info"]);
  });

  it("the real fixtures have no schema findings", () => {
    for (const f of [
      "before-compaction.jsonl",
      "omp17-written-tool-reminder.jsonl",
      "omp17-branch-after-gap/session.jsonl",
      "omp17-deferred-then-compaction/session.jsonl",
      "omp17-interrupt-then-tool-reminder/session.jsonl",
    ]) {
      expect(parseFixture(f).diagnostics.filter((d) => d.code === "SCHEMA")).toEqual([]);
    }
  });
});

describe("schema findings for types and roles named like Object.prototype keys", () => {
  it("an entry type or a message role such as toString is unknown, not a schema to compile", () => {
    const s = parseText(
      jsonl(
        header(),
        entry("toString", "a", null),
        entry("constructor", "b", "a"),
        entry("message", "c", "b", { message: { role: "hasOwnProperty", content: "x" } }),
        entry("message", "d", "c", { message: { role: "__proto__", content: "x" } }),
      ),
    );
    expect(s.diagnostics.filter((d) => d.code === "PI_UNKNOWN_ENTRY_TYPE").map((d) => [d.line, d.args?.type])).toEqual([
      [2, "toString"],
      [3, "constructor"],
    ]);
    expect(s.diagnostics.filter((d) => d.code === "SCHEMA" && d.pointer === "/message/role").map((d) => d.line)).toEqual([4, 5]);
  });
});
