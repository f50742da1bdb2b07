// The requestDigest of a rebuilt request (hash.ts: SHA-256 of its sorted-key JSON), worked out incrementally. A
// request repeats the messages of the one before it and the system prompt and tools of every request of its shape
// (most of its bytes), so: the hash state after each run of shared messages is kept and only the messages after it
// are hashed; the text around the messages (the frame) is built once and hashed as bytes. Linear in the session
// rather than in requests × context (docs/claude-code.md §3).
import { createHash, type Hash } from "node:crypto";
import { isObject } from "../../shared/json.js";
import { messageJson, sha256Hex, sortedJson } from "./hash.js";
import type { ApiRequestRecord, Json } from "./model.js";

/** A point of a digest's input after some messages: the hash state there, and where each next message leads. */
interface Point {
  hash: Hash;
  first: boolean;
  /** The first message seen after this point and where it leads; any other in `more` (most points have one). */
  key?: object;
  to?: Point;
  more?: Map<object, Point>;
}

const nextPoint = (p: Point, m: object): Point | undefined => (p.key === m ? p.to : p.more?.get(m));

function link(p: Point, m: object, q: Point): void {
  if (p.key === undefined) {
    p.key = m;
    p.to = q;
  } else {
    p.more ??= new Map();
    p.more.set(m, q);
  }
}

/** The digest input around the messages: the text before them and, as UTF-8, the text after them. */
interface Frame {
  head: string;
  after: Buffer;
}

/** What the digests of one rebuild share: the frames by what determines them, the hash states after each head. */
export interface DigestState {
  frames: Map<string, Frame | null>;
  roots: Map<string, Point>;
  /** messageJson's blocks, for this rebuild only (dropped with it: the strings do not outlive the check). */
  blocks: Map<object, string>;
  /** The record whose frame was asked for last, and that frame. */
  last?: { rec: ApiRequestRecord; frame: Frame | null };
}

export const digestState = (): DigestState => ({ frames: new Map(), roots: new Map(), blocks: new Map() });

type Shape = { system: unknown[]; tools: unknown[] };

/**
 * Frames of the sessions read before (an archive holds many sessions of one release, system prompt and tool
 * list), by frame key; one is reused when the shape's system and tools are equal as JSON, which a walk tells
 * for a fraction of what serialising them costs. A few kept: memory stays bounded.
 */
const recent = new Map<string, { shape: Shape; frame: Frame | null }>();
const RECENT = 8;

/** Equal as JSON values (the same keys and values at every level; key order aside, as sorted JSON has it). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!Object.hasOwn(y, k) || !jsonEqual(x[k], y[k])) return false;
  return true;
}

/** The cache_control paths that are not into `messages` (a path into them only changes messages). */
const outside = (rec: ApiRequestRecord) => rec.cacheControl.filter((c) => !(Array.isArray(c.path) && c.path[0] === "messages"));

function frameFor(req: Json, rec: ApiRequestRecord, shape: Shape, st: DigestState): Frame | null {
  // Most records repeat the one before in all the frame depends on: equal as JSON, the same frame.
  const last = st.last;
  if (last && last.rec.shapeHash === rec.shapeHash && jsonEqual(last.rec.params, rec.params) && jsonEqual(outside(last.rec), outside(rec))) return last.frame;
  const frame = frameByKey(req, rec, shape, st);
  st.last = { rec, frame };
  return frame;
}

function frameByKey(req: Json, rec: ApiRequestRecord, shape: Shape, st: DigestState): Frame | null {
  const key = frameKey(rec);
  let frame = st.frames.get(key);
  if (frame !== undefined) return frame;
  const seen = recent.get(key);
  if (seen && jsonEqual(seen.shape.system, shape.system) && jsonEqual(seen.shape.tools, shape.tools)) frame = seen.frame;
  else {
    frame = frameOf(req);
    recent.delete(key);
    recent.set(key, { shape, frame });
    if (recent.size > RECENT) recent.delete(recent.keys().next().value as string);
  }
  st.frames.set(key, frame);
  return frame;
}

/**
 * What determines every key of a request but its messages: the shape, the params and the cache_control paths that
 * do not start at `messages` (a path that does only changes messages).
 */
const frameKey = (rec: ApiRequestRecord): string => `${rec.shapeHash}\u0000${JSON.stringify(rec.params)}\u0000${JSON.stringify(outside(rec))}`;

/** The frame of a request (null when it has no list of message objects: then it is hashed whole). */
function frameOf(req: Json): Frame | null {
  const keys = Object.keys(req)
    .filter((k) => req[k] !== undefined)
    .sort();
  const at = keys.indexOf("messages");
  const messages = req.messages;
  if (at < 0 || !Array.isArray(messages) || !messages.every(isObject)) return null;
  const part = (k: string) => `${JSON.stringify(k)}:${sortedJson(req[k])}`;
  let head = "{";
  for (const k of keys.slice(0, at)) head += `${part(k)},`;
  let after = "]";
  for (const k of keys.slice(at + 1)) after += `,${part(k)}`;
  return { head: `${head}"messages":[`, after: Buffer.from(`${after}}`, "utf8") };
}

/**
 * sha256Hex(sortedJson(req)) (hash.ts), worked out incrementally: a request repeats the messages of the ones before
 * it, so the hash state after each run of messages (the same objects, from `roots` keyed by the text before the
 * messages) is kept and only the messages after it are hashed; the text around the messages (system prompt and
 * tools, most of a request's bytes) is built once per frame and hashed as bytes. Linear in the session rather
 * than in requests × context.
 */
export function requestDigest(req: Json, rec: ApiRequestRecord, shape: Shape, st: DigestState): string {
  const frame = frameFor(req, rec, shape, st);
  if (frame === null || !Array.isArray(req.messages) || !req.messages.every(isObject)) return sha256Hex(sortedJson(req));
  let p: Point | undefined = st.roots.get(frame.head);
  if (!p) {
    p = { hash: createHash("sha256").update(frame.head, "utf8"), first: true };
    st.roots.set(frame.head, p);
  }
  let point: Point = p;
  for (const m of req.messages as object[]) {
    let q = nextPoint(point, m);
    if (!q) {
      const json = messageJson(m, st.blocks);
      q = { hash: point.hash.copy().update(point.first ? json : `,${json}`, "utf8"), first: false };
      link(point, m, q);
    }
    point = q;
  }
  return point.hash.copy().update(frame.after).digest("hex");
}
