import { describe, expect, it } from "vitest";
import { capsuleCheck, capsuleDiagnostics, findCapsule } from "../../../src/capsule/index.js";
import { capsule, without } from "./builders.js";

const c = capsule({
  hardDenySummary: ["禁止写入:config（生产）", "  "],
  openQuestions: [
    { id: "q-db", question: "Which DB?", blocking: true, phase: "p" },
    { id: "q-nice", question: "?", blocking: false, phase: "p" },
  ],
  writeTransactions: [
    { id: "w1", path: "src/a.ts", status: "planned" },
    { id: "w2", path: "src/b.ts", status: "blocked" },
    { id: "w3", path: "src/c.ts", status: "written" },
  ],
  sourceAnchors: [{ path: "src/a.ts", fileHash: "h", refCount: 1 }],
});

describe("capsule check of a compaction diff (design §3)", () => {
  it("lists every active hard deny, blocking question id and pending write path missing from after", () => {
    expect(capsuleCheck(c, "nothing kept").lost).toEqual([
      { kind: "hard-deny", value: "禁止写入:config（生产）" },
      { kind: "blocking-question", value: "q-db" },
      { kind: "pending-write", value: "src/a.ts" },
      { kind: "pending-write", value: "src/b.ts" },
    ]);
  });
  it("compares after NFKC normalisation (full-width and ASCII punctuation match)", () => {
    const after = "禁止写入：config(生产) q-db src/a.ts src/b.ts";
    const r = capsuleCheck(c, after);
    expect(r.lost).toEqual([]);
    expect(r.valid).toBe(true);
    expect(r.warnings).toEqual(["存在 blocking question 但无 resumeSnapshot,恢复后可能丢失处理断点"]);
  });
  it("carries validation and upstream crashes", () => {
    const r = capsuleCheck(without(c, "openQuestions"), "");
    expect(r.valid).toBe(false);
    expect(r.upstreamThrows).toBe(true);
    expect(r.missing).toEqual(["openQuestions"]);
  });
  it("capsuleDiagnostics: missing, warnings, crashes and schema findings", () => {
    const ds = capsuleDiagnostics(capsule({ traceId: "", writeTransactions: [{ id: "w", path: "p", status: "planned" }] }), "c.json");
    expect(ds.map((d) => d.code)).toEqual(["CAPSULE_MISSING", "CAPSULE_WARNING", "SCHEMA"]);
    expect(capsuleDiagnostics(capsule(), "ok.json")).toEqual([]);
    expect(capsuleDiagnostics(without(capsule(), "currentGate"), "g.json").map((d) => d.code)).toContain("CAPSULE_UPSTREAM_THROWS");
  });
  it("finds a capsule standalone or embedded under capsule / data.capsule / details.capsule", () => {
    expect(findCapsule(c)).toBe(c);
    expect(findCapsule({ capsule: c })).toBe(c);
    expect(findCapsule({ data: { capsule: c } })).toBe(c);
    expect(findCapsule({ details: { capsule: c } })).toBe(c);
    expect(findCapsule({ summary: "x" })).toBeUndefined();
  });
});
