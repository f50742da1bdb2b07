// design §2 `--ttsr-profile`: the profile follows the session's own evidence unless named; a named profile that
// contradicts the evidence is obeyed and reported.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePi } from "../../../../src/formats/pi/parse.js";
import { resolveTtsrProfile, sessionTtsrProfile } from "../../../../src/ttsr/simulate/profile.js";
import { TTSR_INTERRUPT_V14 } from "../../../../src/ttsr/templates.js";
import { FIXTURES } from "./fixture-helpers.js";

const header = JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" });
const line = (o: Record<string, unknown>) => JSON.stringify({ id: "e1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", ...o });
const seedInjection = line({
  type: "custom_message",
  customType: "ttsr-injection",
  content: TTSR_INTERRUPT_V14.replace("{{name}}", "r").replace("{{path}}", "/p/r.md").replace("{{content}}", "Body."),
  display: false,
  details: { rules: ["r"] },
});
const pi = (text: string, profile?: string) => parsePi(text, { file: "s.jsonl", ...(profile !== undefined && { profile }) });

describe("the TTSR profile of a session", () => {
  it("an omp17 recording points to v17 by its recorded injection texts", () => {
    const s = pi(readFileSync(join(FIXTURES, "omp17-deferred-then-compaction/session.jsonl"), "utf8"));
    expect(s.profile).toBe("omp17");
    expect(sessionTtsrProfile(s)).toEqual({ profile: "v17", evidence: "recorded-template" });
  });

  it("a session read as omp17 without injections points to v17 by its format profile", () => {
    const s = pi(readFileSync(join(FIXTURES, "omp17-written-tool-reminder.jsonl"), "utf8"));
    expect(s.profile).toBe("omp17");
    expect(sessionTtsrProfile(s)).toEqual({ profile: "v17", evidence: "format-profile" });
  });

  it("the seed-era interrupt wording points to seed, even when the file is read with the omp17 profile", () => {
    expect(sessionTtsrProfile(pi(`${header}\n${seedInjection}\n`, "omp17"))).toEqual({ profile: "seed", evidence: "recorded-template" });
  });

  it("a pi session without evidence says nothing: the default (seed) applies", () => {
    const s = pi(`${header}\n${line({ type: "message", message: { role: "user", content: "q" } })}\n`);
    expect(sessionTtsrProfile(s)).toBeUndefined();
    expect(resolveTtsrProfile(s, undefined)).toEqual({ profile: "seed", from: "default" });
  });

  it("a named profile wins; it carries the contradicting evidence when the session points elsewhere", () => {
    const s = pi(readFileSync(join(FIXTURES, "omp17-branch-after-gap/session.jsonl"), "utf8"));
    expect(resolveTtsrProfile(s, undefined)).toEqual({ profile: "v17", from: "session" });
    expect(resolveTtsrProfile(s, "v17")).toEqual({ profile: "v17", from: "option" });
    expect(resolveTtsrProfile(s, "seed")).toEqual({ profile: "seed", from: "option", contradicts: { profile: "v17", evidence: "recorded-template" } });
  });
});
