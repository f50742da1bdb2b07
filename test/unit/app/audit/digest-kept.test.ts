// The run's digest log read back (app/audit/spill.ts FileSessionStore): a small log's digests are parsed once and
// kept (the report and the terminal read each ≈ 9 times), a large one's are read back on every access.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileSessionStore, KEEP_PARSED_BYTES } from "../../../../src/app/audit/spill.js";
import { digestOf } from "../../../../src/audit/store.js";
import type { AuditSession } from "../../../../src/audit/model.js";
import { redactDeep } from "../../../../src/report/redact.js";
import { diagnostic, msg, session } from "../../report/builders.js";

const tmp = mkdtempSync(join(tmpdir(), "sightline-digest-kept-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const AWS = "AKIAIOSFODNN7EXAMPLE";
/** A session whose one finding's message is `text` (clean: redaction changes nothing in it). */
const withFinding = (i: number, text: string): AuditSession =>
  session(`s${i}.jsonl`, [[msg("user", "hi")]], { diagnostics: [diagnostic({ code: "INVALID_JSON", severity: "error", file: `s${i}.jsonl`, message: text })] });

function storeOf(texts: string[]): FileSessionStore {
  const store = new FileSessionStore(mkdtempSync(join(tmp, "spill-")));
  for (const [i, t] of texts.entries()) store.add(digestOf(withFinding(i, t), String(i).padStart(6, "0"), !t.includes(AWS)));
  return store;
}
const keys = (n: number) => Array.from({ length: n }, (_, i) => String(i).padStart(6, "0"));

describe("app/audit/spill: digests read back", () => {
  it("a small log: each digest parsed once, raw and redacted as before, however often and in whatever order it is read", () => {
    const texts = ["plain", `key ${AWS}`, "more", `again ${AWS}`];
    const store = storeOf(texts);
    for (let pass = 0; pass < 5; pass++)
      for (const k of pass % 2 ? keys(4).reverse() : keys(4)) {
        const i = Number(k);
        expect(store.digest(k, false).compact.diagnostics?.[0].message).toBe(texts[i]);
        expect(store.digest(k, true).compact).toEqual(redactDeep(digestOf(withFinding(i, texts[i]), k, false).compact));
      }
    expect(store.digestLoads).toBe(4);
    expect(store.digest("000001", true).compact.diagnostics?.[0].message).not.toContain(AWS);
    store.dispose();
  });

  it(`a log over ${KEEP_PARSED_BYTES} bytes: read back on each access (memory flat in the number of files)`, () => {
    const big = "y".repeat(KEEP_PARSED_BYTES / 2);
    const store = storeOf([big, big, "small"]);
    for (let pass = 0; pass < 3; pass++) for (const k of keys(3)) store.digest(k, false);
    expect(store.digestLoads).toBe(9);
    expect(store.digest("000002", false).compact.diagnostics?.[0].message).toBe("small");
    store.dispose();
  });
});
