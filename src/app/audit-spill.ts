// The audit's spill folder: each finished session is written here (by the worker that built it) as its
// ready-made report pieces, and only its digest goes back to the main thread. Files per session key:
//   <key>.json      the session's summary.json element, unredacted
//   <key>.red.json  the same, redacted (only when redaction changes something)
//   <key>.html      its index.html data element, redacted (unredacted when nothing needed redacting)
// The folder lives under the OS temp folder (or a folder the caller names, e.g. the run folder) and is
// removed when the process exits.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pagePiece } from "../report/html.js";
import type { AuditSession } from "../report/model.js";
import { redactDeep } from "../report/redact.js";
import { digestOf, type SessionDigest, type SessionStore } from "../report/spilled.js";

/** Writes a finished session's pieces and returns what the run keeps of it. */
export function spillSession(dir: string, key: string, s: AuditSession): SessionDigest {
  // One big string at a time: each is written and dropped before the next is built.
  writeFileSync(join(dir, `${key}.json`), JSON.stringify(s));
  const red = redactDeep(s);
  const clean = red === s;
  if (!clean) writeFileSync(join(dir, `${key}.red.json`), JSON.stringify(red));
  writeFileSync(join(dir, `${key}.html`), pagePiece(red));
  return digestOf(s, key, clean);
}

const live = new Set<string>();
let hooked = false;

/** A fresh spill folder, removed at process exit (or by FileSessionStore.dispose). */
export function makeSpillDir(root = tmpdir()): string {
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, ".sightline-audit-spill-"));
  live.add(dir);
  if (!hooked) {
    hooked = true;
    process.once("exit", () => {
      for (const d of live) rmSync(d, { recursive: true, force: true });
    });
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

  constructor(readonly dir: string) {}

  add(d: Pick<SessionDigest, "key" | "clean">): void {
    this.clean.set(d.key, d.clean);
  }

  load(key: string, redacted: boolean): AuditSession {
    const l = this.last;
    if (l && l.key === key && l.redacted === redacted) return l.value;
    this.last = null;
    this.loads++;
    const raw = JSON.parse(readFileSync(join(this.dir, `${key}.json`), "utf8")) as AuditSession;
    const value = redacted ? redactDeep(raw) : raw;
    this.last = { key, redacted, value };
    return value;
  }

  piece(key: string, kind: "json" | "html", redacted: boolean): Uint8Array | undefined {
    const clean = this.clean.get(key);
    if (clean === undefined) return undefined;
    if (kind === "json") return readFileSync(join(this.dir, redacted && !clean ? `${key}.red.json` : `${key}.json`));
    // The stored page element is the redacted one; unredacted it is the same only when nothing was redacted.
    return redacted || clean ? readFileSync(join(this.dir, `${key}.html`)) : undefined;
  }

  dispose(): void {
    this.last = null;
    rmSync(this.dir, { recursive: true, force: true });
    live.delete(this.dir);
  }
}
