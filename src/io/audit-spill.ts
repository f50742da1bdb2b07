// The audit's spill folder: each finished session is written here (by the worker that built it) as its
// ready-made report pieces, and only its digest goes back to the main thread. Files per session key:
//   <key>.json             the full session, unredacted (read back when a caller needs its heavy parts)
//   <key>.data             the session inside its sessions/<n>.js, redacted (unredacted when nothing needed
//                          redacting)
// The folder lives under the OS temp folder (or a folder the caller names, e.g. the run folder) and is
// removed by dispose(), when its store is garbage-collected (no session of the result is reachable), or
// when the process exits normally. A process killed by a signal leaves it to the OS temp cleanup.
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Msg } from "../formats/types.js";
import { escapeScriptFileJson } from "../report/escape.js";
import { pageMessage, pageShell } from "../report/html.js";
import { splitJson } from "../report/json.js";
import type { AuditSession } from "../audit/model.js";
import { redactDeep } from "../report/redact.js";
import { digestOf, type SessionDigest, type SessionStore } from "../audit/store.js";

/**
 * Writes a finished session's pieces and returns what the run keeps of it. Without `keepFull` the full
 * session (<key>.json) is not written: the report needs only its pieces, and the session is most of the
 * spill's cost; its heavy parts then cannot be read back.
 */
export function spillSession(dir: string, key: string, s: AuditSession, keepFull = true): SessionDigest {
  if (keepFull) writeSessionJson(join(dir, `${key}.json`), s, (m) => m, same);
  const red = redactDeep(s);
  const clean = red === s;
  writeSessionJson(join(dir, `${key}.data`), pageShell(red), pageMessage, escapeScriptFileJson);
  return digestOf(s, key, clean);
}

const same = (t: string) => t;

/**
 * JSON.stringify(s) — with each message as `item` gives it, and the text escaped by `escapeText` (per
 * character, so pieces escape like the whole) — written a message at a time: no string of the whole
 * session (the largest allocation of a long session) is ever built.
 */
function writeSessionJson(path: string, s: { messages: Msg[] }, item: (m: Msg) => unknown, escapeText: (t: string) => string): void {
  const out = new FileSink(path);
  try {
    if (!Array.isArray(s.messages)) out.put(escapeText(JSON.stringify(s)));
    else {
      const [before, after] = splitJson(s, "messages");
      out.put(escapeText(before));
      // The comma on its own: prefixed, it would make each message's JSON a new string to flatten and copy.
      s.messages.forEach((m, i) => {
        if (i) out.put(",");
        out.put(escapeText(JSON.stringify(item(m))));
      });
      out.put(escapeText(after));
    }
  } finally {
    out.close();
  }
}

// Per thread, reused by every file: writing is synchronous, one file at a time.
let sinkBuffer: Buffer | undefined;

/**
 * A file written through a reused 1 MiB buffer: strings are encoded as UTF-8 straight into it and it is
 * written out when full — no joined copy of the pieces and no new buffer per flush (the pieces of a long
 * session are most of the spill's garbage). close() writes the rest.
 */
class FileSink {
  private readonly fd: number;
  private readonly buf: Buffer;
  private used = 0;

  constructor(path: string) {
    this.buf = sinkBuffer ??= Buffer.allocUnsafe(1 << 20);
    this.fd = openSync(path, "w");
  }

  put(t: string): void {
    // A UTF-16 code unit takes at most 3 bytes of UTF-8 (a surrogate pair: 4 bytes for 2 units).
    if (this.used + 3 * t.length > this.buf.length) {
      this.flush();
      if (3 * t.length > this.buf.length) {
        this.writeAll(Buffer.from(t, "utf8"));
        return;
      }
    }
    this.used += this.buf.write(t, this.used, "utf8");
  }

  close(): void {
    try {
      this.flush();
    } finally {
      closeSync(this.fd);
    }
  }

  private flush(): void {
    this.writeAll(this.buf.subarray(0, this.used));
    this.used = 0;
  }

  private writeAll(b: Uint8Array): void {
    for (let off = 0; off < b.length; ) off += writeSync(this.fd, b, off, b.length - off);
  }
}

const live = new Set<string>();
let hooked = false;
const removeDir = (dir: string) => {
  rmSync(dir, { recursive: true, force: true });
  live.delete(dir);
};
// Held value: the folder name only, so the registration does not keep the store alive.
const collected = new FinalizationRegistry<string>(removeDir);

/** Removes every spill folder this process still has (test runners end their workers without "exit"). */
export function removeSpillDirs(): void {
  for (const d of [...live]) removeDir(d);
}

/** A fresh spill folder, removed at process exit (or by FileSessionStore.dispose). */
export function makeSpillDir(root = tmpdir()): string {
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, ".sightline-audit-spill-"));
  live.add(dir);
  if (!hooked) {
    hooked = true;
    process.once("exit", removeSpillDirs);
  }
  return dir;
}

/** Reads spilled sessions back: the last one loaded is cached, so a projection walking one session's
 * turns and messages reads it once; older ones are dropped (memory stays at one session). */
export class FileSessionStore implements SessionStore {
  private clean = new Map<string, boolean>();
  private last: { key: string; redacted: boolean; value: AuditSession } | null = null;
  /** How many sessions were parsed back from disk (tests). */
  loads = 0;

  constructor(readonly dir: string) {
    collected.register(this, dir, this);
  }

  add(d: Pick<SessionDigest, "key" | "clean">): void {
    this.clean.set(d.key, d.clean);
  }

  load(key: string, redacted: boolean): AuditSession {
    const l = this.last;
    if (l && l.key === key && l.redacted === redacted) return l.value;
    this.last = null;
    this.loads++;
    const file = join(this.dir, `${key}.json`);
    if (!existsSync(file))
      throw new Error(`the audit kept no full sessions (keepSessions: false): session ${key}'s messages, turns and compactions are only in the report files`);
    const raw = JSON.parse(readFileSync(file, "utf8")) as AuditSession;
    const value = redacted ? redactDeep(raw) : raw;
    this.last = { key, redacted, value };
    return value;
  }

  piece(key: string, redacted: boolean): Uint8Array | undefined {
    const clean = this.clean.get(key);
    if (clean === undefined) return undefined;
    // The stored data is the redacted one; unredacted it is the same only when nothing was redacted.
    return redacted || clean ? readFileSync(join(this.dir, `${key}.data`)) : undefined;
  }

  dispose(): void {
    this.last = null;
    collected.unregister(this);
    removeDir(this.dir);
  }
}
