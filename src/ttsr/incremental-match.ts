// Exact incremental condition tests for append-only buffers. Upstream re-tests every condition against the
// whole buffer after every delta (ttsr-spec §8.5); the answer is the same when we remember, per buffer and
// condition, what the last test at length n found and look again only where the answer can have changed:
// * no match at length n, and the regex has bounds (regex-window.ts): a match that is new after appending
//   must end where its assertions inspect position ≥ n, so it starts at or after n − reach − maxLen + 1.
//   A global clone searches from there with `lastIndex`, seeing the whole buffer (`^`, `\b` and lookbehind
//   keep their left context).
// * a match that ends at least `reach` characters before the buffer's end inspected nothing past the old
//   text, so it survives every append (sticky). Any other match (`foo$` at the end) is tested again in full.
// Regexes without bounds are always tested in full, as upstream does.
import { windowBounds, type WindowBounds } from "./regex-window.js";

const UNKNOWN = 0;
const NO_MATCH = 1; // no match at length `len`
const MATCH = 2; // a match at length `len` that an append may undo
const STICKY = 3; // a match no append can undo

interface Prepared {
  /** The rule's own regex: what the full test uses, exactly as upstream. */
  re: RegExp;
  bounds?: WindowBounds;
  /** A `g` clone for searches from a lastIndex; present with bounds. */
  global?: RegExp;
}

interface BufferState {
  status: number[];
  len: number[];
}

export class IncrementalMatcher {
  readonly #prepared: Prepared[] = [];
  readonly #states = new Map<string, BufferState>();

  /** Registers a condition; returns its id for `test`. */
  add(re: RegExp): number {
    const p: Prepared = { re };
    const bounds = windowBounds(re);
    if (bounds) {
      p.bounds = bounds;
      p.global = new RegExp(re.source, `${re.flags}g`);
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

  /**
   * Whether condition `id` matches `buffer`, the current content of the buffer `key`. Callers guarantee that
   * the buffer only grew by appending since the last call for the same key, unless `forget`/`clear` was called.
   */
  test(key: string, buffer: string, id: number): boolean {
    let st = this.#states.get(key);
    if (!st) {
      st = { status: [], len: [] };
      this.#states.set(key, st);
    }
    const p = this.#prepared[id];
    const status = st.status[id] ?? UNKNOWN;
    const n = st.len[id] ?? 0;
    const L = buffer.length;
    if (status === STICKY) return true;
    if (n === L && status !== UNKNOWN) return status === MATCH;
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
