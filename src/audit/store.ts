// Sessions kept out of memory during an audit (docs/product.md §8 "peak memory follows the largest single session,
// not the corpus"). A finished session is written to a store as soon as it is done; the run keeps only its
// compact part (status, diagnostics, checks, counts), or, when the store keeps digests too (an audit's spill
// folder), only its kind and status. The heavy parts (prompts, message table, turns, compactions, TTSR
// evidence) and digests a store keeps stay readable as properties that load from the store on access, one
// session at a time, so every projection and every API user still sees a complete AuditSession.
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
  /**
   * A store that keeps digests (add them before the session is made): the session's compact part and counts,
   * redacted when asked. Its sessions then hold no findings in memory, only their kind and status.
   */
  digest?(key: string, redacted: boolean): { compact: Partial<AuditSession>; counts: SessionCounts };
}

export interface SpillRef {
  store: SessionStore;
  key: string;
  redacted: boolean;
  /** Absent when the store keeps the digest (store.digest). */
  counts?: SessionCounts;
  /** Redaction changes nothing in this session (its redacted view may share the raw compact values). */
  clean?: boolean;
  /** A session whose store keeps its digest: the two compact values every projection sorts or filters by. */
  kind?: AuditSession["kind"];
  status?: AuditSession["status"];
  /** Compact values assigned since (they win over the store's). */
  over?: Record<string, unknown>;
}

const SPILL = Symbol("sightline.spill");

/** A capsule check fails when the capsule is invalid or state it must keep is missing after compaction. */
export const capsuleFailed = (c: AuditCompaction): boolean => !!c.capsule && (!c.capsule.valid || c.capsule.lost.length > 0);

export function countsOf(s: AuditSession): SessionCounts {
  const ref = spillOf(s);
  if (ref) return ref.counts ?? ref.store.digest!(ref.key, ref.redacted).counts;
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
 * structured clone, so every session brings its own copy of the same key list, kind and status: what the run
 * keeps of a session whose store keeps its digest. One interner per run; values stay equal, only copies are shared.
 */
export function digestInterner(): (d: SessionDigest) => SessionDigest {
  const keyLists = new Map<string, string[]>();
  const strings = new Map<string, string>();
  return (d) => {
    const joined = d.keys.join("\u0000");
    const keys = keyLists.get(joined);
    if (keys) d.keys = keys;
    else keyLists.set(joined, d.keys);
    const c = d.compact as Record<string, unknown>;
    for (const k of ["kind", "status"]) {
      const v = c[k];
      if (typeof v !== "string") continue;
      const known = strings.get(v);
      if (known !== undefined) c[k] = known;
      else strings.set(v, v);
    }
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

// One accessor pair per compact key, shared by every session whose store keeps its digest (same getters: same
// hidden class for every such session, nothing per session but its SpillRef).
const COMPACT_ACCESSORS = new Map<string, { get: () => unknown; set: (v: unknown) => void }>();
function compactAccessor(k: string) {
  let a = COMPACT_ACCESSORS.get(k);
  if (a) return a;
  const kept = k === "kind" || k === "status";
  a = {
    get(this: { [SPILL]: SpillRef }) {
      const ref = this[SPILL];
      if (ref.over && k in ref.over) return ref.over[k];
      if (kept) return ref[k as "kind" | "status"];
      return (ref.store.digest!(ref.key, ref.redacted).compact as Record<string, unknown>)[k];
    },
    set(this: { [SPILL]: SpillRef }, v: unknown) {
      const ref = this[SPILL];
      ref.over ??= {};
      ref.over[k] = v;
    },
  };
  COMPACT_ACCESSORS.set(k, a);
  return a;
}

/** A session whose every field reads its store: heavy parts through load, compact ones through digest. */
function storedSession(keys: readonly string[], ref: SpillRef): AuditSession {
  const out: Record<string, unknown> = {};
  Object.defineProperty(out, SPILL, { value: ref, enumerable: false });
  for (const k of keys)
    Object.defineProperty(
      out,
      k,
      HEAVY.has(k)
        ? { enumerable: true, configurable: true, get: HEAVY_GETTERS[k as HeavyKey] }
        : { enumerable: true, configurable: true, ...compactAccessor(k) },
    );
  return out as unknown as AuditSession;
}

/**
 * A session object over a store: compact fields as data, heavy fields loaded on access. When the store keeps
 * digests (store.digest), the compact fields load from it too, and only kind and status stay in memory.
 */
export function spilledSession(
  d: Pick<SessionDigest, "key" | "keys" | "compact" | "counts"> & { clean?: boolean },
  store: SessionStore,
  redacted = false,
): AuditSession {
  if (store.digest) {
    const ref: SpillRef = { store, key: d.key, redacted, kind: d.compact.kind, status: d.compact.status };
    if (d.clean) ref.clean = true;
    return storedSession(d.keys, ref);
  }
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
 * redaction leaves unchanged (most of a corpus) shares its compact values instead of copying them. A session
 * whose store keeps its digest stays on disk: its compact fields are redacted when read, like its heavy ones.
 */
export function redactSpilled(s: AuditSession, redactCompact: <T>(v: T) => T): AuditSession {
  const ref = spillOf(s)!;
  const keys = Object.keys(s);
  const same = <T>(v: T): T => (ref.clean ? v : redactCompact(v));
  if (!ref.counts) {
    const red: SpillRef = { store: ref.store, key: ref.key, redacted: true, kind: same(ref.kind), status: same(ref.status) };
    if (ref.clean) red.clean = true;
    // Assigned values were never checked for secrets: always redacted.
    if (ref.over) red.over = Object.fromEntries(Object.entries(ref.over).map(([k, v]) => [k, redactCompact(v)]));
    return storedSession(keys, red);
  }
  const compact: Record<string, unknown> = {};
  for (const k of keys) if (!HEAVY.has(k)) compact[k] = same((s as unknown as Record<string, unknown>)[k]);
  return spilledSession({ key: ref.key, keys, compact: compact as Partial<AuditSession>, counts: ref.counts, clean: ref.clean }, ref.store, true);
}
