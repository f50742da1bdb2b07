// A message of the page data (sessions/<n>.js) written straight as the detail file's bytes: the bytes of
// escapeScriptFileJson(JSON.stringify(pageMessage(m))), without the page form as an object or its JSON as a
// string. Each string is encoded natively and escaped in one pass over its bytes (shared/json-escape.ts), as
// replay does (docs/performance.md §4.30, §4.34). Only a message the spill would write unredacted is kept
// here: the spill redacts a message when its JSON holds a secret pattern's literal, and the written bytes are
// that JSON (its U+2028/2029 as \u escapes, which spell no literal), tested as the JSON was. Anything else the
// spill does as before (app/audit/spill.ts).
import type { Msg } from "../formats/types.js";
import { escapedRoom, escapeScriptFileJsonInto, type ByteRoom } from "../shared/json-escape.js";
import { escapeScriptFileJson } from "./escape.js";
import { bytesMayHoldSecret, redactDeep } from "./redact.js";

const bytes = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, "latin1"));
const OPEN = bytes('{"role":');
const TEXT = bytes(',"text":');
const IDS = bytes(',"sourceIds":[');
const NATIVE = bytes(',"nativeRole":');
const REMINDERS = bytes(',"reminders":');
const EXTRA = bytes(',"extra":[');
/** The keys, brackets and commas around the strings. */
const FRAME = OPEN.length + TEXT.length + IDS.length + NATIVE.length + REMINDERS.length + EXTRA.length + 8;

function lit(out: Uint8Array, at: number, b: Uint8Array): number {
  for (let i = 0; i < b.length; i++) out[at++] = b[i];
  return at;
}

/** A list's strings, comma-separated, then its closing bracket; -1 as escapeScriptFileJsonInto. */
function strings(list: readonly string[], buf: Uint8Array, at: number, scratch: Buffer): number {
  for (let i = 0; i < list.length; i++) {
    if (i) buf[at++] = 0x2c;
    at = escapeScriptFileJsonInto(list[i], buf, at, scratch);
    if (at < 0) return -1;
  }
  buf[at++] = 0x5d;
  return at;
}

/** Room for a list's strings, or -1 when one is no string. */
function roomOf(list: readonly unknown[]): number {
  let room = 0;
  for (const x of list) {
    if (typeof x !== "string") return -1;
    room += escapedRoom(x.length) + 1;
  }
  return room;
}

/**
 * Writes `,` (unless first) and pageMessage(m)'s JSON escaped for a script file into `out`, `extra` being
 * pageExtras(m); true when written, false when nothing was kept (a secret to redact, a text with a
 * lone surrogate or U+FFFD, a value of another type than the Msg type says, or more bytes than `out` can take):
 * the caller then writes the message as before.
 */
export function writePageMessage(m: Msg, extra: readonly string[] | undefined, first: boolean, out: ByteRoom): boolean {
  const { role, text, sourceIds, nativeRole, reminders } = m;
  if (typeof role !== "string" || typeof text !== "string" || !Array.isArray(sourceIds) || !Array.isArray(reminders)) return false;
  const native = nativeRole !== role && nativeRole !== undefined;
  if (native && typeof nativeRole !== "string") return false;
  const ids = roomOf(sourceIds);
  const extras = extra ? roomOf(extra) : 0;
  if (ids < 0 || extras < 0) return false;
  const rem = reminders.length ? JSON.stringify(reminders) : "";
  const room = FRAME + escapedRoom(role.length) + escapedRoom(text.length) + ids + (native ? escapedRoom(nativeRole.length) : 0) + 6 * rem.length + extras;
  const buf = out.reserve(room);
  if (buf === null) return false;
  const scratch = out.scratch;
  const start = out.at;
  let at = start;
  if (!first) buf[at++] = 0x2c;
  at = lit(buf, at, OPEN);
  at = escapeScriptFileJsonInto(role, buf, at, scratch);
  if (at < 0) return false;
  at = lit(buf, at, TEXT);
  at = escapeScriptFileJsonInto(text, buf, at, scratch);
  if (at < 0) return false;
  at = strings(sourceIds, buf, lit(buf, at, IDS), scratch);
  if (at < 0) return false;
  if (native) {
    at = lit(buf, at, NATIVE);
    at = escapeScriptFileJsonInto(nativeRole, buf, at, scratch);
    if (at < 0) return false;
  }
  if (rem) {
    at = lit(buf, at, REMINDERS);
    at += buf.write(escapeScriptFileJson(rem), at, "utf8");
  }
  if (extra) {
    at = strings(extra, buf, lit(buf, at, EXTRA), scratch);
    if (at < 0) return false;
  }
  buf[at++] = 0x7d;
  // The secret literals are ASCII, and no byte of a multi-byte UTF-8 character is: read as Latin-1, the bytes hold
  // one exactly when the message's JSON does (the \u2028 escapes spell none). One search of the bytes (secret-scan.ts).
  // As the spill did: a message whose JSON may hold one is redacted, and written as it is when that changes nothing.
  if (bytesMayHoldSecret(buf, start, at) && redactDeep(m) !== m) return false;
  out.at = at;
  return true;
}
