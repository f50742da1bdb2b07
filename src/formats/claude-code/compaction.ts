// The compaction request of a Claude Code session, reconstructed (docs/claude-code.md §6): no release records
// it. Measured on the bodies the CLI sent:
// - 2.1.328: the last recorded request before the boundary that got a response (same model, system, tools and
//   params), its messages, the response with cache_control on its last block, then the release's instruction
//   as a last user message; compacting automatically after a tool call (before the request that would send its
//   result), the instruction follows the result blocks in one user message, the reminders after them not sent;
// - 2.1.220: the messages of the context before the preserved tail (compactMetadata.preservedSegment), the
//   instruction merged into the last user message as a block of its own (the earlier text gaining "\n"), and
//   cache_control on the last block of the message before it.
// The instruction is the release's text (compact-strings.ts), the /compact arguments put before its reminder.
import { isObject } from "../../shared/json.js";
import type { NotRecordedPart } from "../types.js";
import { CC_COMPACT_ARGS_HEAD, CC_COMPACT_REMINDER_AT, CC2_1_328_COMPACT_AUTO, CC2_1_328_COMPACT_MANUAL } from "./compact-strings.js";
import { withoutCacheControl } from "./hash.js";
import { lineContext, linesNotRecorded } from "./lines.js";
import type { ApiMessage, CcProfile, CcRecord, CcSession, Json } from "./model.js";
import { iterRebuiltRequests, RECORDS_NOT_RECORDED, wireForm } from "./requests.js";

export interface CompactionRequest {
  request?: Json;
  notRecorded: NotRecordedPart[];
}

const str = (v: unknown): v is string => typeof v === "string";

/** The arguments of the /compact command written after the boundary ("" without any; undefined: none found). */
function compactArgs(s: CcSession, boundary: CcRecord): string | undefined {
  for (const r of s.records) {
    if (r.line <= boundary.line || r.type !== "user" || !isObject(r.raw.message) || !str(r.raw.message.content)) continue;
    const m = /<command-name>\/compact<\/command-name>[\s\S]*<command-args>([\s\S]*)<\/command-args>/.exec(r.raw.message.content);
    if (m) return (m[1] ?? "").trim();
  }
  return undefined;
}

/**
 * The instruction text a release sends for this compaction (compact-strings.ts). 2.1.328 adds its item-6
 * sentence when the preserved tail holds a reply (`keptReply`), manual or automatic, with or without arguments:
 * measured on the fixtures compact, compact-args, compact-first-turn (no tail), autocompact (the tail is the new
 * prompt alone) and autocompact-tool (the tail starts at the tool call), and so its code reads. 2.1.220 never does.
 */
export function compactInstruction(profile: CcProfile, keptReply: boolean, args: string): string {
  const base = profile === "cc-2.1" && keptReply ? CC2_1_328_COMPACT_MANUAL : CC2_1_328_COMPACT_AUTO;
  if (args === "") return base;
  const at = base.lastIndexOf(CC_COMPACT_REMINDER_AT);
  return `${base.slice(0, at)}${CC_COMPACT_ARGS_HEAD}${args}${base.slice(at)}`;
}

const COMPACTION_NOTE = (from: string): NotRecordedPart => ({
  path: "$.messages",
  why: `the compaction request is not recorded: rebuilt from ${from} and the release's instruction text`,
});

export function ccCompactionRequest(s: CcSession, boundary: CcRecord): CompactionRequest {
  const meta = isObject(boundary.raw.compactMetadata) ? boundary.raw.compactMetadata : {};
  const manual = meta.trigger === "manual";
  const args = manual ? compactArgs(s, boundary) : "";
  if (args === undefined) return unbuilt("the /compact command line after the boundary is missing: its arguments are unknown");
  const instruction = compactInstruction(s.profile, keepsReply(s, meta), args);
  return s.profile === "cc-2.1" ? fromRecords(s, boundary, instruction) : fromLines(s, boundary, meta, instruction);
}

/** Whether the preserved tail the boundary names holds an assistant entry (compactMetadata.preservedMessages). */
function keepsReply(s: CcSession, meta: Json): boolean {
  const kept = isObject(meta.preservedMessages) && Array.isArray(meta.preservedMessages.uuids) ? meta.preservedMessages.uuids : [];
  const head = isObject(meta.preservedSegment) ? [meta.preservedSegment.headUuid] : [];
  return [...kept, ...head].some((u) => str(u) && s.entries.get(u)?.type === "assistant");
}

const unbuilt = (why: string): CompactionRequest => ({ notRecorded: [{ path: "$", why }] });

function fromRecords(s: CcSession, boundary: CcRecord, instruction: string): CompactionRequest {
  // The last request before the boundary that got a response.
  const answered = new Map<string, CcRecord[]>();
  for (const r of s.records) {
    if (r.line > boundary.line) break;
    if (r.type === "assistant" && str(r.raw.requestRef) && r.raw.isApiErrorMessage !== true)
      answered.set(r.raw.requestRef, [...(answered.get(r.raw.requestRef) ?? []), r]);
  }
  let base: { request: Json; response: CcRecord[] } | undefined;
  for (const rb of iterRebuiltRequests(s)) {
    if (rb.record.line > boundary.line) break;
    const response = answered.get(rb.record.id);
    if (rb.request && response) base = { request: rb.request, response };
  }
  if (!base) return unbuilt("no recorded request with a response precedes the compaction");
  const content = base.response.flatMap((r) => (isObject(r.raw.message) && Array.isArray(r.raw.message.content) ? r.raw.message.content : []));
  const reply = structuredClone(content) as unknown[];
  const last = reply[reply.length - 1];
  if (isObject(last)) last.cache_control = { type: "ephemeral" };
  const before = (base.request.messages as ApiMessage[]).map((m) => wireForm(withoutCacheControl(m) as ApiMessage));
  const results = resultsAfter(s, boundary, base.response);
  if (!results) return unbuilt("the response before the compaction called tools whose results this rebuild does not place (measured: one call)");
  const request: Json = {
    ...structuredClone(base.request),
    messages: [
      ...before,
      { role: "assistant", content: reply },
      { role: "user", content: results.length > 0 ? [...results, { type: "text", text: instruction }] : instruction },
    ],
  };
  return { request, notRecorded: [...RECORDS_NOT_RECORDED, COMPACTION_NOTE("the request before it, its response")] };
}

/**
 * The result of the response's tool call when the compaction came between the call and the request that would
 * send it (measured with one call): its blocks as the result line holds them. [] when the response called no
 * tool; undefined when it called several (not observed) or its result line is missing.
 */
function resultsAfter(s: CcSession, boundary: CcRecord, response: CcRecord[]): unknown[] | undefined {
  const calls = new Set<unknown>();
  for (const r of response)
    if (isObject(r.raw.message) && Array.isArray(r.raw.message.content))
      for (const b of r.raw.message.content) if (isObject(b) && b.type === "tool_use") calls.add(b.id);
  if (calls.size === 0) return [];
  if (calls.size > 1) return undefined;
  const after = response[response.length - 1]?.line ?? 0;
  for (const r of s.records) {
    if (r.line <= after || r.line >= boundary.line || r.type !== "user" || !isObject(r.raw.message) || !Array.isArray(r.raw.message.content)) continue;
    const blocks = r.raw.message.content;
    if (blocks.length > 0 && blocks.every((b) => isObject(b) && b.type === "tool_result" && calls.has(b.tool_use_id)))
      return blocks.map((b) => withoutCacheControl(b));
  }
  return undefined;
}

function fromLines(s: CcSession, boundary: CcRecord, meta: Json, instruction: string): CompactionRequest {
  // The context before the preserved tail: the head's parent, or the entry the boundary follows.
  const seg = isObject(meta.preservedSegment) ? meta.preservedSegment : undefined;
  const head = seg && str(seg.headUuid) ? s.entries.get(seg.headUuid) : undefined;
  if (seg && !head) return unbuilt("the first preserved entry the boundary names is not in the file");
  const leaf = head ? (str(head.raw.parentUuid) ? head.raw.parentUuid : null) : str(boundary.raw.logicalParentUuid) ? boundary.raw.logicalParentUuid : null;
  const lc = lineContext(s, leaf);
  const messages = structuredClone(lc.messages);
  const lastMsg = messages[messages.length - 1];
  // Only the shape measured (a user message last) is rebuilt; anything else is said, not guessed.
  if (lastMsg?.role !== "user" || messages.length < 2)
    return unbuilt("the context before the compaction does not end with a user message: how this release merges its instruction there was not observed");
  const blocks: unknown[] = str(lastMsg.content) ? [{ type: "text", text: lastMsg.content }] : [...(lastMsg.content as unknown[])];
  const prev = blocks[blocks.length - 1];
  if (isObject(prev) && prev.type === "text" && str(prev.text)) blocks[blocks.length - 1] = { ...prev, text: `${prev.text}\n` };
  lastMsg.content = [...blocks, { type: "text", text: instruction }];
  const before = messages[messages.length - 2] as ApiMessage;
  if (str(before.content)) before.content = [{ type: "text", text: before.content }];
  const tail = (before.content as unknown[])[(before.content as unknown[]).length - 1];
  if (isObject(tail)) tail.cache_control = { type: "ephemeral" };
  return {
    request: { messages: messages.map(wireForm) },
    notRecorded: [...linesNotRecorded(lc), COMPACTION_NOTE("the context before its preserved tail")],
  };
}
