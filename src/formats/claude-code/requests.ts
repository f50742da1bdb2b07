// Rebuilds each request Claude Code 2.1.3xx recorded (docs/claude-code.md §3) and checks it against the record's
// requestDigest. A record holds the params, a shapeHash (system blocks and tools), an optional base request
// whose first `keep` messages it reuses, and `tail`: hashes of the messages after them, each found in an
// api-request-blob or derived from the conversation lines (assistant lines merged by message.id, tool results
// of one turn merged). The digest is taken before single-text messages are sent as strings.
import { isObject } from "../../shared/json.js";
import { digestState, requestDigest } from "./digest.js";
import { hashForm, messageHash } from "./hash.js";
import type { ApiMessage, ApiRequestRecord, CcSession, Json } from "./model.js";

export interface NotRecorded {
  path: string;
  why: string;
}

export type RequestCheck = "verified" | "digest-mismatch" | "rebuilt-from-lines";

export interface RebuiltRequest {
  record: ApiRequestRecord;
  /** The body as sent (billing block and metadata aside: see notRecorded); undefined when a part is missing. */
  request?: Json;
  /** Ids of the conversation entries each message came from ([] for a blob). */
  sourceIds: string[][];
  check?: Exclude<RequestCheck, "rebuilt-from-lines">;
  digest?: string;
  /** What could not be found (a base request, a shape, a message hash). */
  missing?: string;
}

/** Parts of every 2.1.3xx main-loop request that no record holds. */
export const RECORDS_NOT_RECORDED: readonly NotRecorded[] = [
  {
    path: "$.system[0]",
    why: "sent before the recorded system blocks: a billing header block (x-anthropic-billing-header: cc_version=…; cc_entrypoint=…;) that no record holds",
  },
  { path: "$.metadata", why: "metadata.user_id (device id, account uuid, session id) is sent with every request but not recorded" },
];

interface Derived {
  message: ApiMessage;
  ids: string[];
}

const derivedCache = new WeakMap<CcSession, Map<string, Derived>>();

/** Messages derivable from the conversation lines, by hash (worked out once per session). */
function derivedMessages(s: CcSession, blocks: Map<object, string>): Map<string, Derived> {
  const cached = derivedCache.get(s);
  if (cached) return cached;
  const out = new Map<string, Derived>();
  derivedCache.set(s, out);
  const put = (m: ApiMessage, ids: string[]) => out.set(messageHash(m, blocks), { message: m, ids });
  const groups = new Map<string, Derived>();
  let run: Derived | null = null;
  for (const r of s.records) {
    if (r.type !== "user" && r.type !== "assistant") continue;
    const msg = r.raw.message;
    const uuid = r.raw.uuid;
    if (!isObject(msg) || typeof uuid !== "string") continue;
    if (r.type === "assistant") {
      run = null;
      const id = typeof msg.id === "string" ? msg.id : uuid;
      const content = Array.isArray(msg.content) ? msg.content : [];
      const prev = groups.get(id);
      const g: Derived = prev
        ? { message: { role: "assistant", content: [...(prev.message.content as unknown[]), ...content] }, ids: [...prev.ids, uuid] }
        : { message: { role: "assistant", content }, ids: [uuid] };
      groups.set(id, g);
      put(g.message, g.ids);
      continue;
    }
    const m: ApiMessage = { role: "user", content: msg.content };
    put(m, [uuid]);
    const c = msg.content;
    const toolResults = Array.isArray(c) && c.length > 0 && c.every((b) => isObject(b) && b.type === "tool_result");
    if (!toolResults) {
      run = null;
      continue;
    }
    run = run ? { message: { role: "user", content: [...(run.message.content as unknown[]), ...c] }, ids: [...run.ids, uuid] } : { message: m, ids: [uuid] };
    put(run.message, run.ids);
  }
  return out;
}

/**
 * Sets `value` as cache_control at `path` (a string content on the way is read as one text block). Copy on
 * write: every container on the path is copied (req itself is the caller's), so the shapes, blobs and messages
 * the requests share are never changed and need no deep copy per request.
 */
function applyCacheControl(req: Json, path: Array<string | number>, value: unknown): boolean {
  let o: unknown = req;
  for (const k of path) {
    if (isObject(o) && k === "content" && typeof o.content === "string") o.content = [{ type: "text", text: o.content }];
    let next: unknown;
    if (Array.isArray(o) && typeof k === "number") next = o[k];
    else if (isObject(o) && typeof k === "string") next = o[k];
    else return false;
    const copy = Array.isArray(next) ? next.slice() : isObject(next) ? { ...next } : next;
    if (copy !== next) (o as Record<string | number, unknown>)[k] = copy;
    o = copy;
  }
  if (!isObject(o)) return false;
  o.cache_control = value;
  return true;
}

/** Each record's digest, worked out once per session (parse checks it; contexts and compactions rebuild again). */
const digests = new WeakMap<ApiRequestRecord, string>();

/** A user or system message holding one plain text block is sent with that text as its content. */
export function wireForm(m: ApiMessage): ApiMessage {
  const c = m.content;
  if (m.role === "assistant" || !Array.isArray(c) || c.length !== 1) return m;
  const b = c[0];
  if (!isObject(b) || b.type !== "text" || typeof b.text !== "string" || Object.keys(b).length !== 2) return m;
  return { ...m, content: b.text };
}

/** messageHash of message objects the rebuild made from messages it had hashed (cache_control aside, as the hash is). */
export const knownHashes = new WeakMap<object, string>();

// One wire form per message object, so that requests sharing a message share its wire form too.
const wireForms = new WeakMap<ApiMessage, ApiMessage>();
function sharedWireForm(m: ApiMessage): ApiMessage {
  let w = wireForms.get(m);
  if (w === undefined) {
    w = wireForm(m);
    wireForms.set(m, w);
    const h = knownHashes.get(m);
    if (h !== undefined) knownHashes.set(w, h);
  }
  return w;
}

/**
 * A message cache_control was set on (a copy) has the hash of the message it was copied from when the path only
 * added the key (on the message or on one of its blocks): messageHash leaves cache_control out.
 */
function knowCopies(before: readonly ApiMessage[], after: readonly ApiMessage[], cc: ApiRequestRecord["cacheControl"]): void {
  for (const c of cc) {
    const p = c.path;
    if (!Array.isArray(p) || p[0] !== "messages" || typeof p[1] !== "number") continue;
    if (!(p.length === 2 || (p.length === 4 && p[2] === "content" && typeof p[3] === "number"))) continue;
    const was = before[p[1]];
    const now = after[p[1]];
    const h = was === undefined ? undefined : knownHashes.get(was);
    if (now !== undefined && now !== was && h !== undefined) knownHashes.set(now, h);
  }
}

/** `sent` (messages after cache_control).map(sharedWireForm), from the wire forms of `messages` where it kept them. */
function sentForm(messages: readonly ApiMessage[], wire: readonly ApiMessage[], sent: readonly ApiMessage[]): ApiMessage[] {
  const out = wire.slice();
  for (let i = 0; i < sent.length; i++) if (sent[i] !== messages[i]) out[i] = sharedWireForm(sent[i] as ApiMessage);
  return out;
}

/** Every recorded request of the session, rebuilt, in file order. */
export const rebuildRequests = (s: CcSession): RebuiltRequest[] => [...iterRebuiltRequests(s)];

/** The same, one at a time (a caller that checks or prints them keeps one request in memory). */
export function* iterRebuiltRequests(s: CcSession): Generator<RebuiltRequest> {
  // Per record: its messages before cache_control, their sources and their wire forms (the next request keeps a prefix of each).
  const done = new Map<string, { messages: ApiMessage[]; ids: string[][]; wire: ApiMessage[] }>();
  // Only the first rebuild of a session works digests out (the parser's); they are kept per record.
  const st = digestState();
  const derived = derivedMessages(s, st.blocks);
  for (const rec of s.requests) {
    let messages: ApiMessage[] = [];
    let ids: string[][] = [];
    let wire: ApiMessage[] = [];
    let missing: string | undefined;
    if (rec.base !== undefined) {
      const base = done.get(rec.base);
      if (!base) missing = `base request ${rec.base}`;
      else {
        messages = base.messages.slice(0, rec.keep);
        ids = base.ids.slice(0, rec.keep);
        wire = base.wire.slice(0, rec.keep);
      }
    }
    for (const h of rec.tail) {
      const blob = s.blobs.get(h);
      const d = blob ? undefined : derived.get(h);
      if (!blob && !d) {
        missing ??= `message ${h}`;
        continue;
      }
      const m = hashForm((blob ?? d?.message) as ApiMessage);
      // A message derived from the lines was looked up by its own hash: later users need not hash it again. A
      // blob's key is only what the record says: its hash is worked out (once, from the blocks this rebuild
      // serialised), so that the copies cache_control is set on have it too (knowCopies).
      if (d) knownHashes.set(m, h);
      else if (!knownHashes.has(m)) knownHashes.set(m, messageHash(m, st.blocks));
      messages.push(m);
      ids.push(d ? d.ids : []);
      wire.push(sharedWireForm(m));
    }
    done.set(rec.id, { messages, ids, wire });
    const shape = s.shapes.get(rec.shapeHash);
    if (!shape) missing ??= `shape ${rec.shapeHash}`;
    if (missing || !shape) {
      yield { record: rec, sourceIds: ids, missing };
      continue;
    }
    const { betas, model, ...rest } = rec.params;
    const req: Json = { model, messages: messages.slice(), system: shape.system, tools: shape.tools, ...structuredClone(rest) };
    for (const c of rec.cacheControl) applyCacheControl(req, c.path, c.value);
    if (!("messages" in rest)) knowCopies(messages, req.messages as ApiMessage[], rec.cacheControl);
    let digest = digests.get(rec);
    if (digest === undefined) {
      digest = requestDigest(betas === undefined ? req : { ...req, betas }, rec, shape, st);
      digests.set(rec, digest);
    }
    req.messages = "messages" in rest ? (req.messages as ApiMessage[]).map(sharedWireForm) : sentForm(messages, wire, req.messages as ApiMessage[]);
    // Claude Code streams every main-loop request (both checked releases); the records do not repeat it.
    req.stream = true;
    yield { record: rec, request: req, sourceIds: ids, digest, check: digest === rec.requestDigest ? "verified" : "digest-mismatch" };
  }
}
