// Behaviours a single unit test used to pin, now held on real-shaped fixtures (issue 20): GitHub annotation
// escaping of `%` on a real audit finding, redaction of strings inside any array of a real session.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { annotation } from "../../src/report/annotations.js";
import { redactDeep } from "../../src/report/redact.js";
import { runAudit } from "../../src/app/audit/audit.js";

describe("GitHub annotations of a real audit: % and line breaks escaped so the message reads back exactly", () => {
  // GitHub's decoding of workflow command data.
  const decode = (s: string) => s.replace(/%0A/g, "\n").replace(/%0D/g, "\r").replace(/%25/g, "%");
  it("any message (with %, %25, %0A, CR, LF) put on a real finding decodes back to itself", async () => {
    const { result } = await runAudit({ paths: ["fixtures/pi/hand/three-errors.jsonl"], workers: 0 });
    const d = result.sessions[0].diagnostics.find((x) => x.severity === "error")!;
    expect(d).toBeDefined();
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("%", "2", "5", "0", "A", "D", "\r", "\n", "a", " "), maxLength: 40 }), (message) => {
        const line = annotation({ ...d, message });
        const data = line.slice(line.indexOf("::", 2) + 2);
        expect(data).not.toMatch(/[\r\n]/);
        expect(decode(data)).toBe(message);
      }),
    );
  });
});

describe("redaction reaches strings inside arrays of a real session", () => {
  it("a secret placed in any array of the real pi session's entries is redacted, and nothing else changes", () => {
    const lines = readFileSync("fixtures/pi/before-compaction.jsonl", "utf8").trim().split("\n").slice(0, 40);
    const entries = lines.map((l) => JSON.parse(l) as unknown);
    // Every array in the entries, found by walking them.
    const arrays: unknown[][] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) {
        arrays.push(v);
        v.forEach(walk);
      } else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
    };
    entries.forEach(walk);
    expect(arrays.length).toBeGreaterThan(20);
    const SECRET = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
    fc.assert(
      fc.property(fc.integer({ min: 0, max: arrays.length - 1 }), fc.boolean(), (k, nested) => {
        const copy = structuredClone(entries);
        const targets: unknown[][] = [];
        const find = (v: unknown) => {
          if (Array.isArray(v)) {
            targets.push(v);
            v.forEach(find);
          } else if (v !== null && typeof v === "object") Object.values(v).forEach(find);
        };
        copy.forEach(find);
        targets[k].push(nested ? [`token ${SECRET} here`] : `token ${SECRET} here`);
        const out = JSON.stringify(redactDeep(copy));
        expect(out).not.toContain(SECRET);
        expect(out).toContain("token [REDACTED");
        expect(JSON.stringify(redactDeep(entries))).toBe(JSON.stringify(entries));
      }),
      { numRuns: 50 },
    );
  });
});
