// Exact incremental condition tests for append-only buffers. Upstream re-tests every condition against the
// whole buffer after every delta (docs/ttsr.md §8.5); the answer is the same when we remember, per buffer and
// condition, what the last test at length n found and look again only where the answer can have changed:
// * no match at length n, and the regex has bounds (regex-window.ts): a match that is new after appending
//   must end where its assertions inspect position ≥ n, so it starts at or after n − reach − maxLen + 1.
//   A global clone searches from there with `lastIndex`, seeing the whole buffer (`^`, `\b` and lookbehind
//   keep their left context).
// * a match that ends at least `reach` characters before the buffer's end inspected nothing past the old
//   text, so it survives every append (sticky). Any other match (`foo$` at the end) is tested again in full.
// Regexes without bounds are tested in full, as upstream does, once a run of literal characters every match
// must contain is in the buffer (looking for that run is incremental too: only its possible new ends).
import { findCatastrophic } from "./regex-safety.js";
import { requiredLiteral, windowBounds, type WindowBounds } from "./regex-window.js";

const UNKNOWN = 0;
const NO_MATCH = 1; // no match at length `len`
const MATCH = 2; // a match at length `len` that an append may undo
const STICKY = 3; // a match no append can undo
const ABSENT = 4; // the required literal is not in the buffer at length `len` (so no match)

interface Prepared {
  /** The rule's own regex: what the full test uses, exactly as upstream. */
  re: RegExp;
  /** `re.flags`, read once (the getter assembles the string on every read). */
  flags: string;
  bounds?: WindowBounds;
  /** A `g` clone for searches from a lastIndex; present with bounds. */
  global?: RegExp;
  /** Without bounds: a literal every match contains. */
  literal?: string;
  /**
   * May join a combined search. Not when the regex may backtrack catastrophically: the regex time budget
   * (app/ttsr/guard.ts) must see it run under its own rule's name.
   */
  sweepable: boolean;
}

/** What was learnt about one buffer, per condition id (typed arrays: this is the per-delta hot path). */
export interface BufferState {
  status: Uint8Array;
  len: Int32Array;
}

/** One alternation of several conditions' sources (null: they do not combine, e.g. clashing group names). */
interface Combo {
  ids: number[];
  re: RegExp | null;
}

const MAX_COMBOS = 256;

const escapeLiteral = (w: string): string => w.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

export class IncrementalMatcher {
  readonly #prepared: Prepared[] = [];
  readonly #states = new Map<string, BufferState>();
  /** Combined regexes by a hash of their condition ids (collisions resolved by comparing the ids). */
  readonly #combos = new Map<number, Combo[]>();
  readonly #eligible: number[] = [];

  /** Registers a condition; returns its id for `test`. */
  add(re: RegExp): number {
    const p: Prepared = { re, flags: re.flags, sweepable: findCatastrophic(re.source, re.flags).length === 0 };
    const bounds = windowBounds(re);
    if (bounds) {
      p.bounds = bounds;
      p.global = new RegExp(re.source, `${re.flags}g`);
    } else {
      const literal = requiredLiteral(re);
      if (literal !== undefined) p.literal = literal;
    }
    this.#prepared.push(p);
    return this.#prepared.length - 1;
  }

  /** Forgets what was learnt about one buffer (it was replaced, not appended to). */
  forget(key: string): void {
    this.#states.delete(key);
  }

  /** Forgets every buffer. */
  clear(): void {
    this.#states.clear();
  }

  /** The state of buffer `key`, sized for every condition registered so far. */
  state(key: string): BufferState {
    const size = this.#prepared.length;
    let st = this.#states.get(key);
    if (!st || st.status.length < size) {
      // Conditions registered after the state was made start UNKNOWN (zeros).
      const grown: BufferState = { status: new Uint8Array(size), len: new Int32Array(size) };
      if (st) {
        grown.status.set(st.status);
        grown.len.set(st.len);
      }
      st = grown;
      this.#states.set(key, st);
    }
    return st;
  }

  /**
   * One search for many conditions at once: the conditions among `ids[0..count)` that still need a look at
   * their tail window (no match yet, or required literal absent) are searched together, as the alternation
   * `(?:a)|(?:b)|…`, from the smallest window start. An alternation matches at a position exactly when one of
   * its parts does, so no hit means no part has a new match: each keeps its answer at the new length with
   * no search of its own. A hit changes nothing; `test` then looks at each condition as usual.
   */
  sweep(st: BufferState, buffer: string, ids: readonly number[], count: number): void {
    const L = buffer.length;
    const eligible = this.#eligible;
    let m = 0;
    let hash = 0;
    let start = L + 1;
    let flags: string | undefined;
    for (let k = 0; k < count; k++) {
      const id = ids[k];
      const status = st.status[id];
      const n = st.len[id];
      if (n === L && status !== UNKNOWN) continue;
      const p = this.#prepared[id];
      if (!p.sweepable) continue;
      // Never looked at yet (UNKNOWN): the whole buffer, from 0.
      let from: number;
      if (p.bounds !== undefined && (status === NO_MATCH || status === UNKNOWN)) from = status === UNKNOWN ? 0 : n - p.bounds.reach - p.bounds.maxLen + 1;
      else if (p.literal !== undefined && (status === ABSENT || status === UNKNOWN)) from = status === UNKNOWN ? 0 : n - p.literal.length + 1;
      else continue;
      if (flags === undefined) flags = p.flags;
      else if (p.flags !== flags) continue; // one alternation per call: other flags are tested alone
      eligible[m++] = id;
      hash = (Math.imul(hash, 31) + id + 1) | 0;
      if (from < start) start = from;
    }
    if (m < 2 || flags === undefined) return; // a single condition's own test is as cheap
    const re = this.#combo(hash, m, flags);
    if (!re) return;
    re.lastIndex = Math.max(0, start);
    if (start <= L && searchFails(re, buffer) !== true) return;
    for (let k = 0; k < m; k++) {
      const id = eligible[k];
      st.len[id] = L;
      st.status[id] = this.#prepared[id].bounds !== undefined ? NO_MATCH : ABSENT;
    }
  }

  #combo(hash: number, m: number, flags: string): RegExp | null {
    const eligible = this.#eligible;
    let list = this.#combos.get(hash);
    if (!list) {
      // Which conditions still wait differs per buffer; a bounded cache keeps odd sessions from compiling forever.
      if (this.#combos.size >= MAX_COMBOS) this.#combos.clear();
      list = [];
      this.#combos.set(hash, list);
    }
    for (const c of list) {
      if (c.ids.length !== m) continue;
      let same = true;
      for (let k = 0; k < m && same; k++) same = c.ids[k] === eligible[k];
      if (same) return c.re;
    }
    const ids = eligible.slice(0, m);
    const parts = ids.map((id) => {
      const p = this.#prepared[id];
      return p.bounds !== undefined ? `(?:${p.re.source})` : escapeLiteral(p.literal as string);
    });
    let re: RegExp | null;
    try {
      re = new RegExp(parts.join("|"), `${flags}g`);
    } catch {
      re = null;
    }
    list.push({ ids, re });
    return re;
  }

  /** The answer for condition `id` at buffer length `L` when it is already known without a search, else undefined. */
  known(st: BufferState, L: number, id: number): boolean | undefined {
    const status = st.status[id];
    if (status === STICKY) return true;
    if (status === UNKNOWN || st.len[id] !== L) return undefined;
    return status === MATCH;
  }

  /**
   * Whether condition `id` matches `buffer`, the current content of the buffer whose state `st` is. Callers
   * guarantee that the buffer only grew by appending since the state was last used, unless `forget`/`clear`
   * was called.
   */
  test(st: BufferState, buffer: string, id: number): boolean {
    const p = this.#prepared[id];
    let status = st.status[id];
    const n = st.len[id];
    const L = buffer.length;
    if (status === STICKY) return true;
    if (n === L && status !== UNKNOWN) return status === MATCH;
    const w = p.literal;
    if (w !== undefined && (status === UNKNOWN || status === ABSENT)) {
      if (buffer.indexOf(w, status === ABSENT ? Math.max(0, n - w.length + 1) : 0) < 0) {
        st.status[id] = ABSENT;
        st.len[id] = L;
        return false;
      }
      status = UNKNOWN; // the literal is there: the regex itself decides from now on
    }
    const g = p.global;
    if (!g || !p.bounds) {
      p.re.lastIndex = 0;
      const hit = p.re.test(buffer);
      st.status[id] = hit ? MATCH : NO_MATCH;
      st.len[id] = L;
      return hit;
    }
    const { maxLen, reach } = p.bounds;
    const start = status === NO_MATCH ? Math.max(0, n - reach - maxLen + 1) : 0;
    st.len[id] = L;
    if (start > L) {
      st.status[id] = NO_MATCH;
      return false;
    }
    g.lastIndex = start;
    if (reach === 0) {
      // Without reach every match inspected only text before its end: it stays.
      const hit = g.test(buffer);
      st.status[id] = hit ? STICKY : NO_MATCH;
      return hit;
    }
    const m = g.exec(buffer);
    if (!m) {
      st.status[id] = NO_MATCH;
      return false;
    }
    st.status[id] = m.index + m[0].length + reach <= L ? STICKY : MATCH;
    return true;
  }
}

/** true: the combined search found nothing; false: a hit; undefined: it threw (then each condition runs alone). */
function searchFails(re: RegExp, buffer: string): boolean | undefined {
  try {
    return !re.test(buffer);
  } catch {
    return undefined;
  }
}
