// Per-type schema checks and file invariants of a Claude Code transcript (docs/claude-code.md §5): the fields
// each known record type always carries, dangling and duplicate uuids (the parser counts duplicates), a
// streamed assistant message split over lines that disagree. Digest checks run where requests are rebuilt.
import { isObject } from "../../shared/json.js";
import { jsonEqual } from "./digest.js";
import type { CcRecord, CcSession, Json } from "./model.js";

type Finding =
  | { code: "CC_ENTRY_SHAPE"; args: { type: string; field: string } }
  | { code: "CC_DANGLING_PARENT"; args: { parent: string }; line: number }
  | { code: "CC_SPLIT_INCONSISTENT"; args: { messageId: string; field: string }; line: number };

const str = (v: unknown): v is string => typeof v === "string";

/** Required fields per record type: [field, test]. */
const REQUIRED: Record<string, Array<[string, (v: unknown) => boolean]>> = {
  user: [
    ["uuid", str],
    ["message", (m) => isObject(m) && m.role === "user" && (str(m.content) || Array.isArray(m.content))],
  ],
  assistant: [
    ["uuid", str],
    ["message", (m) => isObject(m) && m.role === "assistant" && Array.isArray(m.content)],
  ],
  attachment: [
    ["uuid", str],
    ["attachment", isObject],
  ],
  system: [["uuid", str]],
  "api-request": [
    ["id", str],
    ["shapeHash", str],
    ["params", isObject],
    ["tail", Array.isArray],
    ["requestDigest", str],
  ],
  "api-request-shape": [
    ["shapeHash", str],
    ["shape", isObject],
  ],
  "api-request-blob": [
    ["hash", str],
    ["message", isObject],
  ],
};

export function checkEntry(rec: CcRecord): Array<Extract<Finding, { code: "CC_ENTRY_SHAPE" }>> {
  const out: Array<Extract<Finding, { code: "CC_ENTRY_SHAPE" }>> = [];
  for (const [field, ok] of REQUIRED[rec.type] ?? []) if (!ok(rec.raw[field])) out.push({ code: "CC_ENTRY_SHAPE", args: { type: rec.type, field } });
  return out;
}

/**
 * The fields a later line with an entry's uuid adds to it, when that line is the same entry written again: every
 * field of the first line present and equal, more fields beside them (2.1.220 writes the prompt that triggered an
 * automatic compaction a second time, with a `slug` added, in about half the recordings). Undefined: a
 * different entry under the same uuid.
 */
export function rewrittenFields(first: Json, again: Json): string[] | undefined {
  if (first.type !== again.type) return undefined;
  for (const k of Object.keys(first)) if (!Object.hasOwn(again, k) || !jsonEqual(first[k], again[k])) return undefined;
  return Object.keys(again).filter((k) => !Object.hasOwn(first, k));
}

export function checkInvariants(s: CcSession): Array<Exclude<Finding, { code: "CC_ENTRY_SHAPE" }>> {
  const out: Array<Exclude<Finding, { code: "CC_ENTRY_SHAPE" }>> = [];
  const split = new Map<string, { requestId: unknown; model: unknown }>();
  for (const r of s.records) {
    const p = r.raw.parentUuid;
    if (s.entries.get(r.raw.uuid as string) === r && str(p) && !s.entries.has(p)) out.push({ code: "CC_DANGLING_PARENT", args: { parent: p }, line: r.line });
    if (r.type !== "assistant" || !isObject(r.raw.message) || !str(r.raw.message.id)) continue;
    const id = r.raw.message.id;
    const seen = split.get(id);
    const now = { requestId: r.raw.requestId, model: r.raw.message.model };
    if (!seen) split.set(id, now);
    else if (seen.requestId !== now.requestId) out.push({ code: "CC_SPLIT_INCONSISTENT", args: { messageId: id, field: "requestId" }, line: r.line });
    else if (seen.model !== now.model) out.push({ code: "CC_SPLIT_INCONSISTENT", args: { messageId: id, field: "model" }, line: r.line });
  }
  return out;
}
