// The audit's spill folder (docs/product.md §8): each finished session is written there (by the worker that built
// it) as its ready-made report pieces, and only its digest goes back to the main thread. Files per session key:
//   <key>.json             the full session, unredacted (read back when a caller needs its heavy parts)
//   <key>.js               the whole sessions/<n>.js detail file, its session redacted (unredacted when nothing
//                          needed redacting): the report writer moves it into the report folder when it can
//                          (a rename, no second copy of its bytes), else copies it
//   digests.jsonl          every session's compact part and counts, one line each (written by the main thread)
// What goes in the files is decided here; io/spill.ts only moves their bytes and owns the folder's lifetime.
import { join } from "node:path";
import type { Msg } from "../../formats/types.js";
import { escapeScriptFileJson } from "../../report/escape.js";
import { pageExtras, pageMessage, pageShell } from "../../report/html.js";
import { writePageMessage } from "../../report/page-bytes.js";
import { DATA_PREFIX, DATA_SUFFIX } from "../../report/html-session.js";
import { splitJson } from "../../report/json.js";
import type { AuditSession } from "../../audit/model.js";
import { redactDeep, textMayHoldSecret } from "../../report/redact.js";
import { digestOf, isHeavyKey, type SessionCounts, type SessionDigest, type SessionStore } from "../../audit/store.js";
import { SpillLog } from "../../io/spill-log.js";
import {
  forgetOwner,
  moveSpillFile,
  readSpillBytes,
  readSpillText,
  removeSpillDir,
  removeWithOwner,
  spillFileExists,
  writePiecesSync,
} from "../../io/spill.js";

/**
 * Writes a finished session's pieces and returns what the run keeps of it. Without `keepFull` the full
 * session (<key>.json) is not written: the report needs only its pieces, and the session is most of the
 * spill's cost; its heavy parts then cannot be read back.
 */
export function spillSession(dir: string, key: string, s: AuditSession, keepFull = true): SessionDigest {
  if (keepFull) writeSessionJson(join(dir, `${key}.json`), s);
  const clean = writeDetailFile(join(dir, `${key}.js`), s) && compactClean(s);
  return digestOf(s, key, clean);
}

const PREFIX_BYTES = Buffer.byteLength(DATA_PREFIX);
const SUFFIX_BYTES = Buffer.byteLength(DATA_SUFFIX);

/**
 * JSON.stringify(s) written a message at a time: no string of the whole session (the largest allocation of
 * a long session) is ever built.
 */
function writeSessionJson(path: string, s: AuditSession): void {
  writePiecesSync(path, (put) => {
    if (!Array.isArray(s.messages)) return put(JSON.stringify(s));
    const [before, after] = splitJson(s, "messages");
    put(before);
    // The comma on its own: prefixed, it would make each message's JSON a new string to flatten and copy.
    s.messages.forEach((m, i) => {
      if (i) put(",");
      put(JSON.stringify(m));
    });
    put(after);
  });
}

/**
 * The detail file (sessions/<n>.js) of the session redacted: DATA_PREFIX + the JSON of pageShell(redactDeep(s))
 * with each message as pageMessage gives it + DATA_SUFFIX, escaped for a script file. True when redaction
 * changed none of it. Each value is stringified as it is and redacted only when its JSON holds a literal that
 * every secret pattern needs: those literals are letters, digits, "-" and "_", which JSON writes as they are,
 * so a string holding one still shows it in its JSON. The session is then neither walked nor copied whole to
 * be redacted (most sessions hold no secret), and what the page does not show (a message's text blocks, the
 * same text as its `text`) is not scanned at all. A message is written straight into the file's bytes
 * (report/page-bytes.ts), its bytes tested as its JSON was; only one with a secret to redact, a lone surrogate or
 * U+FFFD, or too large for the buffer is stringified here.
 */
function writeDetailFile(path: string, s: AuditSession): boolean {
  let clean = true;
  /** The JSON of shape(v), with v redacted first when that JSON may hold a secret. */
  const json = <T>(v: T, shape: (x: T) => unknown): string | undefined => {
    const text = JSON.stringify(shape(v)) as string | undefined;
    if (text === undefined || !textMayHoldSecret(text)) return text;
    const r = redactDeep(v);
    if (r === v) return text;
    const red = JSON.stringify(shape(r));
    if (red !== text) clean = false;
    return red;
  };
  const value = (v: unknown) => json(v, (x) => x);
  // A message's page form stringifies its other blocks (extras), so the message is redacted before it is shaped.
  const message = (m: Msg) => json(m, pageMessage) as string;
  writePiecesSync(path, (put, bytes) => {
    put(DATA_PREFIX);
    const shell = pageShell(s);
    if (!Array.isArray(shell.messages)) put(escapeScriptFileJson(value(shell) as string));
    else {
      const [before, after] = splitJson(shell, "messages", value);
      put(escapeScriptFileJson(before));
      // A message with no secret literal in its strings goes straight into the file's bytes (report/page-bytes.ts).
      // The comma on its own: prefixed, it would make each message's JSON a new string to flatten and copy.
      shell.messages.forEach((m, i) => {
        if (writePageMessage(m, pageExtras(m), i === 0, bytes)) return;
        if (i) put(",");
        put(escapeScriptFileJson(message(m)));
      });
      put(escapeScriptFileJson(after));
    }
    put(DATA_SUFFIX);
  });
  return clean;
}

/** Redaction leaves the session's compact part (what the run keeps of it: path, findings, checks) as it is. */
function compactClean(s: AuditSession): boolean {
  const o = s as unknown as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!isHeavyKey(k) && redactDeep(o[k]) !== o[k]) return false;
  return true;
}

/** What a store keeps of each session on disk (one line of digests.jsonl per session, in finishing order). */
interface DigestRecord {
  compact: Partial<AuditSession>;
  counts: SessionCounts;
}

const CLEAN = 1;
const DIRTY = 2;

/** Reads spilled sessions back: the last one loaded is cached, so a projection walking one session's
 * turns and messages reads it once; older ones are dropped (memory stays at one session). The sessions'
 * compact parts (findings, checks, counts) are kept on disk too (digests.jsonl), so what the run holds
 * per session is a few numbers, not its findings (issue 21: memory flat in the number of files). */
/**
 * A digest log up to this size (≈ 1,100 sessions) has its digests kept once parsed (≈ 4× the bytes of heap); a
 * larger one is read back on every access, so what the run holds stays flat in the number of files (issue 21).
 */
export const KEEP_PARSED_BYTES = 2 ** 20;

export class FileSessionStore implements SessionStore {
  /** Per slot (a session's numeric key): its record's offset and length in the digest log, and whether it is clean. */
  private at = new Float64Array(64);
  private length = new Uint32Array(64);
  private flags = new Uint8Array(64);
  private log: SpillLog | null = null;
  private lastRaw: { slot: number; value: DigestRecord } | null = null;
  private lastRedacted: { slot: number; value: DigestRecord } | null = null;
  /** Bytes in the digest log. */
  private logBytes = 0;
  /**
   * Every digest read so far, raw and redacted, by slot, while the log holds at most KEEP_PARSED_BYTES (then null):
   * the report and the terminal read each digest ≈ 9 times (summary, index, junit, summary.json, Markdown, table).
   */
  private keptRaw: DigestRecord[] | null = [];
  private keptRedacted: DigestRecord[] | null = [];
  /** Detail files moved out of the spill into a report folder: where they are now (read from there, never moved again). */
  private moved = new Map<string, string>();
  private last: { key: string; redacted: boolean; value: AuditSession } | null = null;
  /** How many sessions were parsed back from disk (tests). */
  loads = 0;
  /** How many digests were parsed back from disk (tests). */
  digestLoads = 0;

  constructor(readonly dir: string) {
    removeWithOwner(this, dir);
  }

  /** Keeps a finished session's digest: its compact part and counts go to the digest log. */
  add(d: Pick<SessionDigest, "key" | "clean" | "compact" | "counts">): void {
    const slot = this.slotOf(d.key);
    if (slot < 0) throw new Error(`session key ${d.key}: not a number`);
    this.log ??= new SpillLog(join(this.dir, "digests.jsonl"));
    const record: DigestRecord = { compact: d.compact, counts: d.counts };
    const { offset, length } = this.log.append(`${JSON.stringify(record)}\n`);
    this.logBytes += length;
    if (this.logBytes > KEEP_PARSED_BYTES) this.keptRaw = this.keptRedacted = null;
    this.grow(slot);
    this.at[slot] = offset;
    this.length[slot] = length;
    this.flags[slot] = d.clean ? CLEAN : DIRTY;
  }

  digest(key: string, redacted: boolean): DigestRecord {
    const slot = this.slotOf(key);
    if (slot < 0 || slot >= this.flags.length || this.flags[slot] === 0 || !this.log) throw new Error(`no digest of session ${key} in ${this.dir}`);
    const clean = this.flags[slot] === CLEAN;
    const red = redacted && !clean;
    const kept = (red ? this.keptRedacted : this.keptRaw)?.[slot];
    if (kept) return kept;
    const cached = red ? this.lastRedacted : this.lastRaw;
    if (cached?.slot === slot) return cached.value;
    let raw = this.keptRaw?.[slot] ?? (this.lastRaw?.slot === slot ? this.lastRaw.value : undefined);
    if (!raw) {
      this.digestLoads++;
      raw = JSON.parse(this.log.read(this.at[slot], this.length[slot])) as DigestRecord;
      this.lastRaw = { slot, value: raw };
      if (this.keptRaw) this.keptRaw[slot] = raw;
    }
    if (!red) return raw;
    const value = redactDeep(raw);
    this.lastRedacted = { slot, value };
    if (this.keptRedacted) this.keptRedacted[slot] = value;
    return value;
  }

  load(key: string, redacted: boolean): AuditSession {
    const l = this.last;
    if (l && l.key === key && l.redacted === redacted) return l.value;
    this.last = null;
    this.loads++;
    const file = join(this.dir, `${key}.json`);
    if (!spillFileExists(file))
      throw new Error(`the audit kept no full sessions (keepSessions: false): session ${key}'s messages, turns and compactions are only in the report files`);
    const raw = JSON.parse(readSpillText(file)) as AuditSession;
    const value = redacted ? redactDeep(raw) : raw;
    this.last = { key, redacted, value };
    return value;
  }

  piece(key: string, redacted: boolean): Uint8Array | undefined {
    if (!this.hasPiece(key, redacted)) return undefined;
    const whole = readSpillBytes(this.moved.get(key) ?? join(this.dir, `${key}.js`));
    return whole.subarray(PREFIX_BYTES, whole.length - SUFFIX_BYTES);
  }

  moveDetail(key: string, redacted: boolean, target: string): boolean {
    if (!this.hasPiece(key, redacted) || this.moved.has(key)) return false;
    if (!moveSpillFile(join(this.dir, `${key}.js`), target)) return false;
    this.moved.set(key, target);
    return true;
  }

  /** The stored data is the redacted one; unredacted it is the same only when nothing was redacted. */
  private hasPiece(key: string, redacted: boolean): boolean {
    const slot = this.slotOf(key);
    const flag = slot >= 0 && slot < this.flags.length ? this.flags[slot] : 0;
    return flag !== 0 && (redacted || flag === CLEAN);
  }

  /** A key's slot: the number it spells (the audit's keys are input positions, runAudit); -1 for any other. */
  private slotOf(key: string): number {
    return /^\d{1,9}$/.test(key) ? Number(key) : -1;
  }

  private grow(slot: number): void {
    if (slot < this.flags.length) return;
    let n = this.flags.length;
    while (n <= slot) n *= 2;
    const at = new Float64Array(n);
    at.set(this.at);
    const length = new Uint32Array(n);
    length.set(this.length);
    const flags = new Uint8Array(n);
    flags.set(this.flags);
    this.at = at;
    this.length = length;
    this.flags = flags;
  }

  dispose(): void {
    this.last = null;
    this.lastRaw = this.lastRedacted = null;
    this.keptRaw = this.keptRedacted = null;
    this.log?.close();
    forgetOwner(this);
    removeSpillDir(this.dir);
  }
}
