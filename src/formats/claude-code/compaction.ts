// The compaction request of a 2.1.3xx session, reconstructed (docs/claude-code.md §6): no release records it.
// Measured on the bodies 2.1.328 sent: the request before the boundary (same model, system, tools and params),
// its messages, then the response to it with cache_control on its last block, then the release's instruction
// as a last user message (compact-strings.ts: one text for /compact, one for automatic compaction).
import { isObject } from "../../shared/json.js";
import type { NotRecordedPart } from "../types.js";
import { CC2_1_328_COMPACT_AUTO, CC2_1_328_COMPACT_MANUAL } from "./compact-strings.js";
import { withoutCacheControl } from "./hash.js";
import type { ApiMessage, CcRecord, CcSession, Json } from "./model.js";
import { iterRebuiltRequests, RECORDS_NOT_RECORDED, wireForm } from "./requests.js";

export interface CompactionRequest {
  request?: Json;
  notRecorded: NotRecordedPart[];
}

const str = (v: unknown): v is string => typeof v === "string";

/** The arguments of the /compact command written after the boundary ("" without any; undefined: automatic). */
function compactArgs(s: CcSession, boundary: CcRecord): string | undefined {
  for (const r of s.records) {
    if (r.line <= boundary.line || r.type !== "user" || !isObject(r.raw.message) || !str(r.raw.message.content)) continue;
    const m = /<command-name>\/compact<\/command-name>[\s\S]*<command-args>([\s\S]*)<\/command-args>/.exec(r.raw.message.content);
    if (m) return (m[1] ?? "").trim();
  }
  return undefined;
}

export function ccCompactionRequest(s: CcSession, boundary: CcRecord): CompactionRequest {
  const unbuilt = (why: string): CompactionRequest => ({ notRecorded: [{ path: "$", why }] });
  if (s.profile !== "cc-2.1") return unbuilt("this release records no request: the compaction request cannot be rebuilt");
  const meta = isObject(boundary.raw.compactMetadata) ? boundary.raw.compactMetadata : {};
  const manual = meta.trigger === "manual";
  const args = compactArgs(s, boundary);
  if (manual && args) return unbuilt("/compact with instructions: the release adds the user's text to its instruction, which sightline does not rebuild");
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
  const request: Json = {
    ...structuredClone(base.request),
    messages: [...before, { role: "assistant", content: reply }, { role: "user", content: manual ? CC2_1_328_COMPACT_MANUAL : CC2_1_328_COMPACT_AUTO }],
  };
  return {
    request,
    notRecorded: [
      ...RECORDS_NOT_RECORDED,
      {
        path: "$.messages",
        why: "the compaction request is not recorded: rebuilt from the request before it, its response and the release's instruction text",
      },
    ],
  };
}
