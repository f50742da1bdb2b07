// Spilled sessions: compact in memory, heavy parts read back from a store on access; every projection
// sees the same session, and the compact projections never read a session back.
import { describe, expect, it } from "vitest";
import { auditJunit } from "../../../src/report/junit.js";
import { renderMarkdown } from "../../../src/report/markdown.js";
import type { AuditSession } from "../../../src/audit/model.js";
import { redactDeep } from "../../../src/report/redact.js";
import { countsOf, digestInterner, digestOf, HEAVY_KEYS, redactSpilled, spilledSession, spillOf, type SessionStore } from "../../../src/audit/store.js";
import { summarize } from "../../../src/audit/summary.js";
import { renderTerminal } from "../../../src/report/terminal.js";
import { diagnostic, msg, result, session } from "../report/builders.js";

const AWS = "AKIAIOSFODNN7EXAMPLE";

/** An in-memory store that keeps sessions as JSON text and counts reads. */
class TextStore implements SessionStore {
  loads = 0;
  private text = new Map<string, string>();
  put(key: string, s: AuditSession) {
    this.text.set(key, JSON.stringify(s));
  }
  load(key: string, redacted: boolean): AuditSession {
    this.loads++;
    const s = JSON.parse(this.text.get(key)!) as AuditSession;
    return redacted ? redactDeep(s) : s;
  }
  piece(): undefined {
    return undefined;
  }
}

function spill<S extends TextStore>(sessions: AuditSession[], store: S = new TextStore() as S) {
  const out = sessions.map((s, i) => {
    store.put(String(i), s);
    return spilledSession(digestOf(s, String(i), redactDeep(s) === s), store);
  });
  return { store, out };
}

const full = [
  session("a.jsonl", [[msg("user", "hi")], [msg("user", "hi"), msg("assistant", `key ${AWS}`)]], {
    compactions: [
      {
        id: "c1",
        dropped: [msg("user", "hi")],
        kept: [],
        added: [],
        tokens: { before: 9, after: 1 },
        capsule: { valid: false, missing: ["goal"], warnings: [], lost: [] },
      },
    ],
  }),
  session("b.jsonl", [], { diagnostics: [diagnostic({ file: "b.jsonl", message: `bad ${AWS}` })] }),
];

/** Summary, Markdown, JUnit and terminal of spilled sessions equal those of the full ones. */
function expectSameProjections(out: AuditSession[]): void {
  expect(out.map(countsOf)).toEqual(full.map(countsOf));
  const spilledResult = { ...result(out), summary: summarize(out) };
  const plain = result(full);
  expect(spilledResult.summary).toEqual(plain.summary);
  expect(renderMarkdown(spilledResult)).toBe(renderMarkdown(plain));
  expect(auditJunit(spilledResult)).toBe(auditJunit(plain));
  expect(renderTerminal(spilledResult)).toBe(renderTerminal(plain));
}

/** Redacted spilled sessions equal the redacted full ones; returns them. */
function expectRedactedLikeFull(out: AuditSession[]): AuditSession[] {
  const red = out.map((s) => redactSpilled(s, redactDeep));
  red.forEach((s, i) => {
    expect(JSON.stringify(s)).toBe(JSON.stringify(redactDeep(full[i])));
  });
  expect(JSON.stringify(red)).not.toContain(AWS);
  return red;
}

describe("audit/store", () => {
  it("a spilled session serializes exactly like the session it stands for, keys in the same order", () => {
    const { out } = spill(full);
    out.forEach((s, i) => {
      expect(JSON.stringify(s)).toBe(JSON.stringify(full[i]));
    });
  });
  it("keeps only compact data: the heavy parts are accessors that read the store", () => {
    const { store, out } = spill(full);
    for (const k of HEAVY_KEYS) {
      const d = Object.getOwnPropertyDescriptor(out[0], k);
      if (d) expect(d.get, k).toBeTypeOf("function");
      expect(d !== undefined && "value" in d, k).toBe(false);
    }
    expect(store.loads).toBe(0);
    expect(out[0].turns).toHaveLength(2);
    expect(store.loads).toBe(1);
  });
  it("counts come from the digest; summary, Markdown, JUnit and terminal read no session back", () => {
    const { store, out } = spill(full);
    expect(countsOf(out[0])).toEqual({ turns: 2, compactions: 1, capsuleFailures: 1, ttsrDisagreements: null, ttsrUnverifiable: 0 });
    expectSameProjections(out);
    expect(store.loads).toBe(0);
  });
  it("redacted, a spilled session equals the redacted session and stays spilled", () => {
    const { out } = spill(full);
    const red = expectRedactedLikeFull(out);
    expect(spillOf(red[0])?.redacted).toBe(true);
    expect(spillOf(out[0])?.redacted).toBe(false);
  });
});

/** A store that keeps digests too (as an audit's spill folder does): its sessions hold no compact data. */
class DigestTextStore extends TextStore {
  digestLoads = 0;
  digest(key: string, redacted: boolean) {
    this.digestLoads++;
    const s = super.load(key, redacted);
    this.loads--;
    const compact = Object.fromEntries(Object.entries(s).filter(([k]) => !(HEAVY_KEYS as readonly string[]).includes(k)));
    return { compact, counts: countsOf(s) };
  }
}

const spillDigests = (sessions: AuditSession[]) => spill(sessions, new DigestTextStore());

describe("audit/store with a store that keeps digests", () => {
  it("a session serializes exactly like the session it stands for, keys in the same order", () => {
    const { out } = spillDigests(full);
    out.forEach((s, i) => {
      expect(JSON.stringify(s)).toBe(JSON.stringify(full[i]));
      expect(Object.keys(s)).toEqual(Object.keys(full[i]));
    });
  });
  it("holds no findings, checks or counts in memory: every field is an accessor, the reference only kind and status", () => {
    const { store, out } = spillDigests(full);
    for (const s of out) {
      for (const k of Object.keys(s)) expect("value" in Object.getOwnPropertyDescriptor(s, k)!, k).toBe(false);
      expect(Object.keys(spillOf(s)!).sort()).toEqual(expect.arrayContaining(["key", "kind", "redacted", "status", "store"]));
      expect(Object.keys(spillOf(s)!).filter((k) => !["clean", "key", "kind", "redacted", "status", "store"].includes(k))).toEqual([]);
    }
    expect(store.digestLoads).toBe(0);
    expect(out[1].diagnostics[0].message).toBe(`bad ${AWS}`);
    expect(store.digestLoads).toBe(1);
  });
  it("summary, Markdown, JUnit and terminal equal the plain ones, reading no full session back", () => {
    const { store, out } = spillDigests(full);
    expectSameProjections(out);
    expect(store.loads).toBe(0);
  });
  it("redacted, a session equals the redacted session and stays on the store", () => {
    const { out } = spillDigests(full);
    const red = expectRedactedLikeFull(out);
    expect(JSON.stringify(out)).toContain(AWS);
    expect(spillOf(red[1])?.redacted).toBe(true);
  });
  it("a compact field assigned keeps its new value (and the redacted view sees it redacted)", () => {
    const { out } = spillDigests(full);
    out[0].path = `moved ${AWS}.jsonl`;
    out[0].status = "error";
    expect(out[0].path).toBe(`moved ${AWS}.jsonl`);
    expect(JSON.parse(JSON.stringify(out[0]))).toMatchObject({ path: `moved ${AWS}.jsonl`, status: "error" });
    const red = redactSpilled(out[0], redactDeep);
    expect(red.path).not.toContain(AWS);
    expect(red.status).toBe("error");
  });
});

describe("audit/store digestInterner", () => {
  // Digests as they arrive from a worker: structured clones, so nothing is shared between them.
  const arrived = (path: string) => {
    const s = session(path, [[msg("user", "hi")]], { diagnostics: [diagnostic({ file: path, code: "INVALID_JSON" })] });
    return structuredClone(digestOf(s, path, true));
  };

  it("shares the key list between digests and leaves every value equal", () => {
    const intern = digestInterner();
    const [a, b] = [arrived("one.jsonl"), arrived("two.jsonl")];
    const [a0, b0] = [structuredClone(a), structuredClone(b)];
    expect(a.keys).not.toBe(b.keys);
    expect(a.compact.diagnostics![0].code).toBe(b.compact.diagnostics![0].code);
    intern(a);
    intern(b);
    expect(a).toEqual(a0);
    expect(b).toEqual(b0);
    expect(b.keys).toBe(a.keys);
    expect(b.compact.status).toBe(a.compact.status);
    // (Which copy of an equal string is kept cannot be seen from JavaScript; the memory test of many files can.)
  });
});
