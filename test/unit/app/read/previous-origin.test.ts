// An audit worker given a yoi session folder's segments in turn offers each read the session it read before
// (read.ts `previous`): a compacted segment takes it as its origin instead of parsing that file again, but only
// when it is that file read the way an origin read would read it.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readSession } from "../../../../src/app/read/read.js";
import { isSession } from "../../../../src/formats/registry.js";
import { isYoiSegmentName } from "../../../../src/formats/yoi/segment-name.js";

const DIR = resolve(import.meta.dirname, "../../../../fixtures/yoi/session-0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
const FIRST = `${DIR}/0190a1b2-c3d4-7e5f-8a9b-000000000001.jsonl`;
const SECOND = `${DIR}/0190a1b2-c3d4-7e5f-8a9b-000000000002.jsonl`;

async function yoi(path: string, opts: Parameters<typeof readSession>[1] = {}) {
  const s = await readSession(path, opts);
  if (!isSession(s) || s.format !== "yoi") throw new Error("not a yoi session");
  return s;
}

describe("app/read: the previous session as the origin a segment names", () => {
  it("is taken as the origin when it is the named file, read without a forced profile", async () => {
    const first = await yoi(FIRST);
    const second = await yoi(SECOND, { previous: { file: FIRST, profile: undefined, session: first } });
    expect(second.origin).toBe(first);
  });

  it("gives the origin a fresh read would give (same entries, same findings)", async () => {
    const first = await yoi(FIRST);
    const reused = await yoi(SECOND, { previous: { file: FIRST, profile: undefined, session: first } });
    const fresh = await yoi(SECOND);
    expect(fresh.origin).not.toBe(first);
    expect(JSON.stringify(reused.origin?.entries)).toBe(JSON.stringify(fresh.origin?.entries));
    expect(reused.origin?.diagnostics).toEqual(fresh.origin?.diagnostics);
  });

  it("is not taken for another path spelling, another file, or a read that forced a profile", async () => {
    const first = await yoi(FIRST);
    const other = `${DIR}/./0190a1b2-c3d4-7e5f-8a9b-000000000001.jsonl`;
    expect((await yoi(SECOND, { previous: { file: other, profile: undefined, session: first } })).origin).not.toBe(first);
    expect((await yoi(SECOND, { previous: { file: SECOND, profile: undefined, session: first } })).origin).not.toBe(first);
    expect((await yoi(SECOND, { previous: { file: FIRST, profile: "seed", session: first } })).origin).not.toBe(first);
  });

  it("segment names: UUID v7 ids only, no trace files", () => {
    expect(isYoiSegmentName("0190a1b2-c3d4-7e5f-8a9b-000000000001.jsonl")).toBe(true);
    expect(isYoiSegmentName("0190a1b2-c3d4-7e5f-8a9b-000000000003.trace.jsonl")).toBe(false);
    // A Claude Code session id (UUID v4) in a project folder is not a yoi segment.
    expect(isYoiSegmentName("3f2b8c1e-9a4d-4e6f-b1c2-7d8e9f0a1b2c.jsonl")).toBe(false);
  });
});
