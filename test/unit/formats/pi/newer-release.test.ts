// Evidence of a release newer than every known profile (issue: "Detect, choose, warn"): one PROFILE_NEWER
// warning per file names the evidence and the profile used; newer entry types are not also reported per line.
import { describe, expect, it } from "vitest";
import { newerMarker } from "../../../../src/formats/pi/newer.js";
import type { PiEntry } from "../../../../src/formats/pi/model.js";
import { assistant, entry, header, jsonl, parseFixture, parseText, text, user } from "./helpers.js";

const at = (type: string, raw: Record<string, unknown>, line = 7): PiEntry => ({ line, id: "x", parentId: null, type, raw: { type, ...raw } });
const newer = (s: ReturnType<typeof parseText>) => s.diagnostics.filter((d) => d.code === "PROFILE_NEWER");

describe("newer-release markers (oh-my-pi 18.3.4 session-entries.ts, pi 1.5.2 session-manager.d.ts)", () => {
  it.each([
    [at("model_usage", {}), "oh-my-pi", "model_usage entry (line 7)"],
    [at("compaction", { method: "handoff" }), "oh-my-pi", "compaction field method (line 7)"],
    [at("compaction", { tokensAfter: 3 }), "oh-my-pi", "compaction field tokensAfter (line 7)"],
    [at("compaction", { providerReplayThroughEntryId: "a" }), "oh-my-pi", "compaction field providerReplayThroughEntryId (line 7)"],
    [at("custom", { customType: "experimental_context_notes", data: { version: 1, text: "n" } }), "oh-my-pi", "context notes (line 7)"],
    [
      at("custom_message", { customType: "ttsr-injection", details: { rules: ["r"], deliveryId: "d" } }),
      "oh-my-pi",
      "custom message details.deliveryId (line 7)",
    ],
    [at("context_edit", { targetId: "a", replacement: null }), "pi", "context_edit entry (line 7)"],
    [at("usage", { kind: "cache_warm" }), "pi", "usage entry (line 7)"],
    [at("compaction", { systemMessage: { role: "system", content: [] } }), "pi", "compaction field systemMessage (line 7)"],
    [at("message", { message: { role: "system", content: [] } }), "pi", "message with role system (line 7)"],
  ])("%# marks a newer writer", (e, writer, what) => {
    expect(newerMarker(e)).toEqual({ writer, what, line: 7 });
  });

  it.each([
    at("compaction", { shortSummary: "s", preserveData: {}, warning: "w" }),
    at("custom", { customType: "todo", data: {} }),
    at("custom_message", { customType: "ttsr-injection", details: { rules: ["r"] } }),
    at("message", { message: { role: "user", content: "a" } }),
    at("ttsr_injection", { injectedRules: ["r"] }),
  ])("known v17 shapes are no evidence (%#)", (e) => {
    expect(newerMarker(e)).toBeUndefined();
  });
});

describe("PROFILE_NEWER on parse", () => {
  it("docs/pi.md §8.1 an oh-my-pi 18 file is read as omp18 (its markers are known): PROFILE_CHOSEN names the evidence, no PROFILE_NEWER", () => {
    const s = parseFixture("hand/newer-omp18-markers.jsonl");
    expect([s.profile, s.profileReason]).toEqual(["omp18", "oh-my-pi 18 marker: model_usage entry (line 4)"]);
    expect(newer(s)).toEqual([]);
    expect(s.diagnostics.find((d) => d.code === "PROFILE_CHOSEN")?.message).toBe(
      "Read as pi with profile omp18 (oh-my-pi 18 marker: model_usage entry (line 4))",
    );
    expect(s.diagnostics.map((d) => d.code)).not.toContain("PI_UNKNOWN_ENTRY_TYPE");
  });

  it("docs/pi.md §8.1 read with --profile omp17, an oh-my-pi 18 file is a PROFILE_MISMATCH (not PROFILE_NEWER)", () => {
    const s = parseFixture("hand/newer-omp18-markers.jsonl", "omp17");
    expect(s.profile).toBe("omp17");
    expect(newer(s)).toEqual([]);
    expect(s.diagnostics.filter((d) => d.code === "PROFILE_MISMATCH").map((d) => d.message)).toEqual([
      "Profile omp17 was requested but the file has an oh-my-pi 18 marker (model_usage entry (line 4)); profile omp18 reads it as oh-my-pi 18.3.4 does",
    ]);
  });

  it("docs/pi.md §8.1 what oh-my-pi 18.3.4 never writes still raises PROFILE_NEWER, naming omp18 as the profile used", () => {
    const s = parseFixture("omp18-beyond-markers.jsonl");
    expect(s.profile).toBe("omp18");
    const w = newer(s);
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ severity: "warning", line: 4, args: { writer: "oh-my-pi", profile: "omp18" } });
    expect(w[0].message).toBe(
      'Written by a release of oh-my-pi newer than sightline knows: unknown entry type "context_snapshot" (line 4), unknown compaction method "zip" (line 5), ' +
        "unknown compaction field replayMode (line 6). Read with profile omp18 (the newest that fits); contexts and TTSR decisions may differ from what the agent sent",
    );
  });

  it("a pi 1.x file is read as pi-1.5, which knows its markers: PROFILE_CHOSEN lists them and no PROFILE_NEWER", () => {
    const s = parseFixture("hand/newer-pi1-markers.jsonl");
    expect([s.profile, s.profileReason]).toEqual([
      "pi-1.5",
      "pi 1.x evidence: message with role system (line 2), context_edit entry (line 5), usage entry (line 6)",
    ]);
    expect(newer(s)).toEqual([]);
  });

  it("asked to read a pi 1.x file as pi (0.73), sightline replays with pi and warns that pi-1.5 reads it (PROFILE_MISMATCH, not PROFILE_NEWER)", () => {
    const s = parseFixture("hand/newer-pi1-markers.jsonl", "pi");
    expect(s.profile).toBe("pi");
    expect(newer(s)).toEqual([]);
    expect(s.diagnostics.filter((d) => d.code === "PROFILE_MISMATCH").map((d) => [d.line, d.severity, d.message])).toEqual([
      [2, "warning", "Read with profile pi but the file was written by pi 1.x (message with role system (line 2)); profile pi-1.5 reads it as pi 1.5.2 does"],
    ]);
  });

  it("PROFILE_NEWER counts the markers beyond the first three", () => {
    const text5 = jsonl(header(), user("u1", null, "a"), ...[1, 2, 3, 4, 5].map((i) => entry("compaction", `k${i}`, "u1", { method: "zip" })));
    expect(newer(parseText(text5))[0].message).toContain('unknown compaction method "zip" (line 5) and 2 more.');
  });

  it("a file with no newer marker gets no warning; a truly unknown type is still reported per line", () => {
    expect(newer(parseText(jsonl(header(), user("u1", null, "a"), assistant("a1", "u1", [text("b")]))))).toEqual([]);
    const s = parseText(jsonl(header(), user("u1", null, "a"), entry("telemetry_v99", "t", "u1")));
    expect(newer(s)).toEqual([]);
    expect(s.diagnostics.filter((d) => d.code === "PI_UNKNOWN_ENTRY_TYPE")).toHaveLength(1);
  });
});
