// Turns of a Claude Code session (docs/claude-code.md §3, §4): one per API request. With request records
// (cc-2.1) each turn carries the request rebuilt from them and checked against its digest; without them
// (cc-2.1-early) one per streamed response, the messages rebuilt from the conversation lines.
import { isObject } from "../../shared/json.js";
import { size, toArray, type List } from "../../shared/plist.js";
import type { CompactionRef, Msg, NativeContext, NotRecordedPart, TurnContext, TurnRef } from "../types.js";
import { ccCompactionRequest } from "./compaction.js";
import { lineContext, linesNotRecorded } from "./lines.js";
import type { ApiMessage, CcRecord, CcSession, Json } from "./model.js";
import { MsgCells } from "./msgs.js";
import { withoutCacheControl } from "./hash.js";
import { iterRebuiltRequests, RECORDS_NOT_RECORDED, wireForm, type RebuiltRequest } from "./requests.js";

const str = (v: unknown): v is string => typeof v === "string";

interface CcTurn extends TurnRef {
  /** cc-2.1: index into session.requests. */
  request?: number;
  /** The response's first line (usage, model). */
  response?: CcRecord;
}

/** The last conversation entry written before `line` (the leaf of a request that got no response). */
function entryBefore(s: CcSession, line: number): string | null {
  let best: string | null = null;
  for (const id of s.tree.nodes) {
    if ((s.lineOf.get(id) ?? Number.POSITIVE_INFINITY) < line) best = id;
    else break;
  }
  return best;
}

const isResponse = (r: CcRecord): boolean =>
  r.type === "assistant" && r.raw.isApiErrorMessage !== true && isObject(r.raw.message) && r.raw.message.model !== "<synthetic>";

const turnCache = new WeakMap<CcSession, CcTurn[]>();

function ccTurnList(s: CcSession): CcTurn[] {
  const cached = turnCache.get(s);
  if (cached) return cached;
  const out: CcTurn[] = [];
  if (s.profile === "cc-2.1") {
    const firstByRef = new Map<string, CcRecord>();
    for (const r of s.records) if (isResponse(r) && str(r.raw.requestRef) && !firstByRef.has(r.raw.requestRef)) firstByRef.set(r.raw.requestRef, r);
    s.requests.forEach((rec, i) => {
      const resp = firstByRef.get(rec.id);
      const leaf = resp ? (str(resp.raw.parentUuid) ? resp.raw.parentUuid : null) : entryBefore(s, rec.line);
      out.push({ index: i, responseId: resp ? (resp.raw.uuid as string) : rec.id, leafId: leaf, request: i, response: resp });
    });
  } else {
    const seen = new Set<string>();
    for (const r of s.records) {
      if (!isResponse(r) || !str(r.raw.uuid) || s.entries.get(r.raw.uuid) !== r) continue;
      const mid = isObject(r.raw.message) && str(r.raw.message.id) ? r.raw.message.id : r.raw.uuid;
      if (seen.has(mid)) continue;
      seen.add(mid);
      out.push({ index: out.length, responseId: r.raw.uuid, leafId: str(r.raw.parentUuid) ? r.raw.parentUuid : null, response: r });
    }
  }
  turnCache.set(s, out);
  return out;
}

export const ccTurns = (s: CcSession): TurnRef[] => ccTurnList(s).map(({ index, responseId, leafId }) => ({ index, responseId, leafId }));

/** input + cache read + cache creation tokens of the response's usage (what the request cost as input). */
function loggedInput(r: CcRecord | undefined): number | undefined {
  const u = r && isObject(r.raw.message) && isObject(r.raw.message.usage) ? (r.raw.message.usage as Json) : undefined;
  if (!u) return undefined;
  const n = (k: string) => (typeof u[k] === "number" ? (u[k] as number) : 0);
  return n("input_tokens") + n("cache_read_input_tokens") + n("cache_creation_input_tokens");
}

// The last system prompt joined, with its parts: every request of a shape (and the next session's, often) sends
// the same blocks, so one string serves them all instead of a copy per turn.
let lastSystem: { parts: string[]; text: string } = { parts: [], text: "" };

function systemText(system: unknown): string | null {
  if (!Array.isArray(system)) return null;
  const parts = system.flatMap((b) => (isObject(b) && str(b.text) ? [b.text] : []));
  const last = lastSystem;
  if (parts.length !== last.parts.length || parts.some((p, i) => p !== last.parts[i])) lastSystem = { parts, text: parts.join("\n\n") };
  return lastSystem.text;
}

function listOf(cells: MsgCells, messages: readonly ApiMessage[], ids: readonly string[][]): List<Msg> {
  let l: List<Msg> = null;
  messages.forEach((m, i) => {
    l = cells.push(l, m, ids[i] ?? []);
  });
  return l;
}

/**
 * The list of a rebuilt request's messages. A record that reuses its base's first `keep` messages starts from the
 * base's list cut there: the cells are interned by (predecessor, hash, sources), and those messages have the
 * base's hashes (cache_control aside) and sources, so the cells are the ones listOf would find.
 */
function requestList(cells: MsgCells, rb: RebuiltRequest, lists: Map<string, List<Msg>>): List<Msg> {
  const rec = rb.record;
  const ms = (rb.request?.messages ?? []) as ApiMessage[];
  // Messages in the params would replace the rebuilt ones (never seen): then no list is shared.
  const own = !("messages" in rec.params);
  const base = own && rec.base !== undefined ? lists.get(rec.base) : undefined;
  let l: List<Msg> = null;
  let from = 0;
  if (base !== undefined && rec.keep <= size(base) && rec.keep <= ms.length) {
    l = base;
    while (l !== null && l.size > rec.keep) l = l.prev;
    from = rec.keep;
  }
  for (let j = from; j < ms.length; j++) l = cells.push(l, ms[j] as ApiMessage, rb.sourceIds[j] ?? []);
  if (own) lists.set(rec.id, l);
  else lists.delete(rec.id);
  return l;
}

/** The request a line-rebuilt context stands for: cache_control on the last block, single texts as strings. */
export function linesRequest(messages: readonly ApiMessage[]): Json {
  const out = structuredClone(messages) as ApiMessage[];
  const last = out[out.length - 1];
  if (last) {
    if (str(last.content)) last.content = [{ type: "text", text: last.content }];
    const blocks = last.content as unknown[];
    const b = blocks[blocks.length - 1];
    if (isObject(b)) b.cache_control = { type: "ephemeral" };
  }
  return { messages: out.map(wireForm) };
}

export function* ccTurnContexts(s: CcSession): Generator<TurnContext> {
  const cells = new MsgCells();
  const turns = ccTurnList(s);
  if (s.profile === "cc-2.1") {
    // Turns follow the request records one to one, in file order.
    let i = 0;
    const lists = new Map<string, List<Msg>>();
    for (const rb of iterRebuiltRequests(s)) {
      const t = turns[i++];
      if (!t) break;
      const req = rb.request;
      if (!req) lists.delete(rb.record.id);
      const messages = req ? requestList(cells, rb, lists) : null;
      const ctx: TurnContext = {
        ref: { index: t.index, responseId: t.responseId, leafId: t.leafId },
        systemPrompt: req ? systemText(req.system) : null,
        messages,
        loggedTokens: loggedInput(t.response),
        notRecorded: req ? [...RECORDS_NOT_RECORDED] : [{ path: "$", why: `the request cannot be rebuilt: ${rb.missing ?? "a part"} is not in the file` }],
        requestCheck: rb.check ?? "incomplete",
      };
      if (req) ctx.request = req;
      yield ctx;
    }
    return;
  }
  for (const t of turns) {
    const lc = lineContext(s, t.leafId);
    yield {
      ref: { index: t.index, responseId: t.responseId, leafId: t.leafId },
      systemPrompt: null,
      messages: listOf(cells, lc.messages, lc.sourceIds),
      loggedTokens: loggedInput(t.response),
      request: linesRequest(lc.messages),
      notRecorded: linesNotRecorded(lc),
      requestCheck: "rebuilt-from-lines",
    };
  }
}

const recordedAt = new WeakMap<CcSession, Map<string | null, NativeContext<ApiMessage>>>();

/**
 * cc-2.1: the context of each turn's leaf, from its rebuilt request (the last request made there), and the
 * context at the last line of each response: that request's messages and the response (what a compaction
 * right after it summarises; the reconstructed compaction requests, equal to the captured bodies, hold it).
 */
function recordedContexts(s: CcSession): Map<string | null, NativeContext<ApiMessage>> {
  let m = recordedAt.get(s);
  if (m) return m;
  m = new Map();
  const lastLine = new Map<string, CcRecord[]>();
  for (const r of s.records)
    if (isResponse(r) && str(r.raw.requestRef) && str(r.raw.uuid)) lastLine.set(r.raw.requestRef, [...(lastLine.get(r.raw.requestRef) ?? []), r]);
  const atRequest = new Map<string | null, NativeContext<ApiMessage>>();
  const turns = ccTurnList(s);
  let i = 0;
  for (const rb of iterRebuiltRequests(s)) {
    const t = turns[i++];
    if (!t || !rb.request) continue;
    const messages = rb.request.messages as ApiMessage[];
    const systemPrompt = systemText(rb.request.system);
    atRequest.set(t.leafId, { systemPrompt, messages, sourceIds: rb.sourceIds });
    const lines = lastLine.get(rb.record.id);
    const last = lines?.[lines.length - 1];
    if (!lines || !last) continue;
    const content = lines.flatMap((r) => (isObject(r.raw.message) && Array.isArray(r.raw.message.content) ? r.raw.message.content : []));
    m.set(last.raw.uuid as string, {
      systemPrompt,
      messages: [...messages.map((x) => wireForm(withoutCacheControl(x) as ApiMessage)), { role: "assistant", content }],
      sourceIds: [...rb.sourceIds, lines.map((r) => r.raw.uuid as string)],
    });
  }
  for (const [k, v] of atRequest) m.set(k, v);
  recordedAt.set(s, m);
  return m;
}

/**
 * cc-2.1: the recorded context at an entry, or at the nearest entry above it when only attachments that
 * 2.1.3xx sends nothing for (no `rendered`, e.g. prompt_snapshot) come between.
 */
function recordedAtOrAbove(s: CcSession, leafId: string | null): NativeContext<ApiMessage> | undefined {
  if (s.profile !== "cc-2.1") return undefined;
  const rec = recordedContexts(s);
  const seen = new Set<string>();
  for (let id = leafId; ; ) {
    const hit = rec.get(id);
    if (hit || id === null || seen.has(id)) return hit;
    seen.add(id);
    const r = s.entries.get(id);
    if (r?.type !== "attachment" || Array.isArray(r.raw.rendered)) return undefined;
    id = str(r.raw.parentUuid) ? r.raw.parentUuid : null;
  }
}

/** cc-2.1: whether the context at an entry comes from a recorded request (else it is rebuilt from the lines). */
export const ccContextRecorded = (s: CcSession, leafId: string | null): boolean => recordedAtOrAbove(s, leafId) !== undefined;

/**
 * The context at an entry: where a recorded request was made (cc-2.1), that request's messages; elsewhere,
 * and for cc-2.1-early, the messages rebuilt from the lines (docs/claude-code.md §4).
 */
export function buildCcContext(s: CcSession, leafId: string | null): NativeContext<ApiMessage> {
  const recorded = recordedAtOrAbove(s, leafId);
  if (recorded) return recorded;
  const lc = lineContext(s, leafId);
  return { systemPrompt: nextSystemPrompt(s, leafId), messages: lc.messages, sourceIds: lc.sourceIds };
}

/**
 * cc-2.1, a context rebuilt from the lines: the system prompt of the first recorded request written after the
 * entry, whose shape is the one sent next to it (a compaction's "after" and the request after it). Without a
 * later request, or for a release that records none: null (not recorded), never a guess from an earlier one.
 */
function nextSystemPrompt(s: CcSession, leafId: string | null): string | null {
  if (s.profile !== "cc-2.1" || leafId === null) return null;
  const line = s.lineOf.get(leafId);
  const rec = line === undefined ? undefined : s.requests.find((r) => r.line > line);
  const shape = rec ? s.shapes.get(rec.shapeHash) : undefined;
  return shape ? systemText(shape.system) : null;
}

export function ccToMsgs(_s: CcSession, ctx: NativeContext<ApiMessage>): Msg[] {
  return toArray(listOf(new MsgCells(), ctx.messages, ctx.sourceIds));
}

/**
 * The "before" and "after" of a compaction, where no recorded request stands for them: said as notRecorded
 * parts with the paths "before" and "after" (docs/claude-code.md §6), not passed off as what was sent.
 */
function contextNotes(s: CcSession, c: CompactionRef): NotRecordedPart[] {
  const out: NotRecordedPart[] = [];
  const lines = "rebuilt from the conversation lines";
  if (s.profile === "cc-2.1") {
    if (!ccContextRecorded(s, c.beforeLeafId))
      out.push({ path: "before", why: `${lines}: no recorded request or response ends at the entry the compaction follows` });
    out.push({
      path: "after",
      why: `${lines}: 2.1.3xx records no request at the summary; the first request after it (replay) holds the summary as sent, with the next prompt`,
    });
  } else for (const path of ["before", "after"]) out.push({ path, why: `${lines} (this release records no request)` });
  return out;
}

/** Each compact_boundary: before = the entry it follows (logicalParentUuid), after = the first summary written after it. */
export function ccCompactions(s: CcSession): CompactionRef[] {
  const out: CompactionRef[] = [];
  for (const r of s.records) {
    if (r.type !== "system" || r.raw.subtype !== "compact_boundary" || !str(r.raw.uuid)) continue;
    // The summary is written after the boundary, directly under it or after re-injected attachments.
    const summary = s.records.find((e) => e.line > r.line && e.type === "user" && e.raw.isCompactSummary === true);
    const meta = isObject(r.raw.compactMetadata) ? (r.raw.compactMetadata as Json) : {};
    const msg = summary && isObject(summary.raw.message) ? (summary.raw.message as Json) : undefined;
    const c: CompactionRef = {
      id: r.raw.uuid,
      beforeLeafId: str(r.raw.logicalParentUuid) ? r.raw.logicalParentUuid : null,
      afterLeafId: summary ? (summary.raw.uuid as string) : r.raw.uuid,
      line: r.line,
      summary: msg && str(msg.content) ? msg.content : "",
    };
    if (meta.trigger === "manual" || meta.trigger === "auto") c.trigger = meta.trigger === "auto" ? "automatic" : "manual";
    if (typeof meta.preTokens === "number") c.tokensBefore = meta.preTokens;
    if (typeof meta.postTokens === "number") c.tokensAfter = meta.postTokens;
    const req = ccCompactionRequest(s, r);
    if (req.request) c.request = req.request;
    c.notRecorded = [...req.notRecorded, ...contextNotes(s, c)];
    out.push(c);
  }
  return out;
}
