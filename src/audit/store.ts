// Sessions kept out of memory during an audit (docs/product.md §8 "peak memory follows the largest single session,
// not the corpus"). A finished session is written to a store as soon as it is done; the run keeps only its
// compact part (status, diagnostics, checks, counts). The heavy parts (prompts, message table, turns,
// compactions, TTSR evidence) stay readable as properties that load from the store on access, one session
// at a time, so every projection and every API user still sees a complete AuditSession.
import type { AuditCompaction, AuditSession } from "./model.js";

/** The parts of a session that grow with its length; everything else is small and stays in memory. */
export const HEAVY_KEYS = ["prompts", "messages", "turns", "compactions", "ttsr"] as const;
type HeavyKey = (typeof HEAVY_KEYS)[number];
const HEAVY = new Set<string>(HEAVY_KEYS);
/** Whether a session key is one of the heavy parts (kept in the store, not in memory). */
export const isHeavyKey = (k: string): boolean => HEAVY.has(k);

/** What the projections need from the heavy parts (Markdown, JUnit, terminal, corpus summary). */
export interface SessionCounts {
  turns: number;
  compactions: number;
  capsuleFailures: number;
  /** Null when the session carries no TTSR evidence. */
  ttsrDisagreements: number | null;
  /** Turns whose recorded evidence has no trigger in the log (neither agreement nor disagreement). */
  ttsrUnverifiable?: number;
}

/** The TTSR verdict of a session in one cell: "—" without evidence, else agreement, with what was unverifiable. */
export function ttsrVerdict(c: SessionCounts, none = "—"): string {
  if (c.ttsrDisagreements === null) return none;
  const unverifiable = c.ttsrUnverifiable ? `${c.ttsrUnverifiable} unverifiable` : "";
  if (c.ttsrDisagreements) return [`${c.ttsrDisagreements} disagree`, unverifiable].filter(Boolean).join(", ");
  return unverifiable ? `agrees, ${unverifiable}` : "agrees";
}

/** A finished session reduced to what stays in memory (structured-clone safe: it crosses threads). */
export interface SessionDigest {
  key: string;
  /** The full session's keys, in order: outputs keep JSON.stringify's key order. */
  keys: string[];
  compact: Partial<AuditSession>;
  counts: SessionCounts;
  /** Redaction changes nothing in this session: the raw and redacted pieces are the same. */
  clean: boolean;
}

/** Where spilled sessions live (the app layer implements it over files). */
export interface SessionStore {
  /** The full session, redacted when asked. */
  load(key: string, redacted: boolean): AuditSession;
  /** The session of its detail file (sessions/<n>.js) precomputed, if there is one. */
  piece(key: string, redacted: boolean): Uint8Array | undefined;
  /**
   * Moves the session's ready-made detail file (DATA_PREFIX + piece + DATA_SUFFIX) to `target`, when the store
   * has one and can move it (once: a second report copies from the first); false: the caller writes it.
   */
  moveDetail?(key: string, redacted: boolean, target: string): boolean;
}

export interface SpillRef {
  store: SessionStore;
  key: string;
  redacted: boolean;
  counts: SessionCounts;
  /** Redaction changes nothing in this session (its redacted view may share the raw compact values). */
  clean?: boolean;
}

const SPILL = Symbol("sightline.spill");

/** A capsule check fails when the capsule is invalid or state it must keep is missing after compaction. */
export const capsuleFailed = (c: AuditCompaction): boolean => !!c.capsule && (!c.capsule.valid || c.capsule.lost.length > 0);

export function countsOf(s: AuditSession): SessionCounts {
  const ref = spillOf(s);
  if (ref) return ref.counts;
  return {
    turns: s.turns.length,
    compactions: s.compactions.length,
    capsuleFailures: s.compactions.filter(capsuleFailed).length,
    ttsrDisagreements: s.ttsr ? s.ttsr.disagreements.length : null,
    ttsrUnverifiable: s.ttsr ? s.ttsr.turns.filter((t) => t.agree === "unverifiable").length : 0,
  };
}

export const spillOf = (s: AuditSession): SpillRef | undefined => (s as unknown as { [SPILL]?: SpillRef })[SPILL];

/** The digest of a finished session (computed where the session was built, e.g. in a worker). */
export function digestOf(s: AuditSession, key: string, clean: boolean): SessionDigest {
  const compact: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) if (!HEAVY.has(k)) compact[k] = v;
  return { key, keys: Object.keys(s), compact: compact as Partial<AuditSession>, counts: countsOf(s), clean };
}

/**
 * Shares what digests repeat (issue 21: memory flat in the number of files). A digest crosses threads by
 * structured clone, so every session brings its own copies of the same key list and the same short strings
 * (kinds, statuses, check names, finding codes and messages, its own path again in each finding's file):
 * ≈ 2 KB kept per input (≈ 1.5 KB with this). One interner per run; values stay equal, only copies are shared.
 * Strings up to 256 characters are shared: a finding's message is often longer than a name and the same in every
 * session of a kind (a Codex tree's "Read as codex with profile …": 1.9 → 1.4 KB kept per input).
 */
export function digestInterner(): (d: SessionDigest) => SessionDigest {
  const keyLists = new Map<string, string[]>();
  const strings = new Map<string, string>();
  const SHORT = 256;
  const LIMIT = 50_000;
  const walk = (v: unknown, path: string): unknown => {
    if (typeof v === "string") {
      if (v === path) return path;
      if (v.length > SHORT) return v;
      const known = strings.get(v);
      if (known !== undefined) return known;
      if (strings.size < LIMIT) strings.set(v, v);
      return v;
    }
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = walk(v[i], path);
    } else if (v !== null && typeof v === "object") {
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) o[k] = walk(o[k], path);
    }
    return v;
  };
  return (d) => {
    const joined = d.keys.join("\u0000");
    const keys = keyLists.get(joined);
    if (keys) d.keys = keys;
    else keyLists.set(joined, d.keys);
    const c = d.compact as Record<string, unknown>;
    const path = typeof c.path === "string" ? c.path : "";
    // Per-session values (path, ids, leaves) are never repeated by another input: not worth remembering.
    for (const k of ["kind", "format", "profile", "status", "profileReason", "loader", "diagnostics", "checks"]) if (k in c) c[k] = walk(c[k], path);
    return d;
  };
}

// One getter per heavy key, shared by every spilled session (it finds its store through the session's
// SpillRef): a corpus of many small sessions holds no closures per session.
const HEAVY_GETTERS = Object.fromEntries(
  HEAVY_KEYS.map((k) => [
    k,
    function (this: { [SPILL]: SpillRef }) {
      const ref = this[SPILL];
      return ref.store.load(ref.key, ref.redacted)[k];
    },
  ]),
) as Record<HeavyKey, () => unknown>;

/** A session object over a store: compact fields as data, heavy fields loaded on access. */
export function spilledSession(
  d: Pick<SessionDigest, "key" | "keys" | "compact" | "counts"> & { clean?: boolean },
  store: SessionStore,
  redacted = false,
): AuditSession {
  const ref: SpillRef = { store, key: d.key, redacted, counts: d.counts };
  if (d.clean) ref.clean = true;
  const out: Record<string, unknown> = {};
  Object.defineProperty(out, SPILL, { value: ref, enumerable: false });
  for (const k of d.keys) {
    if (HEAVY.has(k)) Object.defineProperty(out, k, { enumerable: true, configurable: true, get: HEAVY_GETTERS[k as HeavyKey] });
    else Object.defineProperty(out, k, { value: (d.compact as Record<string, unknown>)[k], enumerable: true, writable: true, configurable: true });
  }
  return out as unknown as AuditSession;
}

/**
 * The same spilled session seen redacted: compact fields redacted now, heavy ones when loaded. A session
 * redaction leaves unchanged (most of a corpus) shares its compact values instead of copying them.
 */
export function redactSpilled(s: AuditSession, redactCompact: <T>(v: T) => T): AuditSession {
  const ref = spillOf(s)!;
  const compact: Record<string, unknown> = {};
  const keys = Object.keys(s);
  for (const k of keys)
    if (!HEAVY.has(k)) compact[k] = ref.clean ? (s as unknown as Record<string, unknown>)[k] : redactCompact((s as unknown as Record<string, unknown>)[k]);
  return spilledSession({ key: ref.key, keys, compact: compact as Partial<AuditSession>, counts: ref.counts, clean: ref.clean }, ref.store, true);
}
