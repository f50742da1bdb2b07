// The per-line checks of the shipped loaders (SC-CORE3..5 parseHeader / validateSessionMatch /
// assertTreeEvent), re-implemented as pure functions that return the upstream code and message plus a
// precise sightline detail. The design profile reuses them with the design event table.
import type { CodesWithArgs } from "../../shared/codes.js";
import { isObject } from "../../shared/json.js";
import type { ScorelProfile } from "./model.js";
import { CONTROL_TYPES, TRANSIENT_TYPES, TREE_TYPES } from "./profiles.js";
import { compactDetail, contextControlDetail, harnessDetail, queueDetail, skillDeltaDetail, skillSnapshotDetail, snapshotDetail, titleDetail } from "./payloads.js";

export interface Problem {
  /** Upstream SessionStoreError code and message (what the loader would say). */
  loaderCode: string;
  loaderMessage: string;
  /** sightline's own finding. */
  inv: CodesWithArgs<{ detail: string }>;
  detail: string;
  pointer?: string;
}

type Obj = Record<string, unknown>;
const str = (v: unknown): v is string => typeof v === "string";
const num = (v: unknown): v is number => typeof v === "number";
const nullOrStr = (v: unknown): boolean => v === null || str(v);

/** parseHeader of SC-CORE3..5 (design: no projectId, design SessionMeta has none, §2.2). */
export function headerProblem(v: unknown, profile: ScorelProfile): Problem | null {
  const p = (loaderMessage: string, detail: string, pointer?: string): Problem => ({ loaderCode: "invalid_header", loaderMessage, inv: "SCOREL_INV_03_INVALID_HEADER", detail, pointer });
  if (!isObject(v)) return p("Session header must be an object", "Line 1 is not a JSON object");
  if (v.version !== 1) return p("Session header is missing required identity fields", `version must be 1 (found ${JSON.stringify(v.version) ?? "nothing"})`, "/version");
  if (!str(v.sessionId)) return p("Session header is missing required identity fields", "sessionId must be a string", "/sessionId");
  if (!str(v.deviceId)) return p("Session header is missing required identity fields", "deviceId must be a string", "/deviceId");
  if (!num(v.createdAt)) return p("Session header is missing createdAt or meta", "createdAt must be a number", "/createdAt");
  if (!isObject(v.meta)) return p("Session header is missing createdAt or meta", "meta must be an object", "/meta");
  if (profile !== "design" && (!str(v.meta.projectId) || v.meta.projectId.length === 0)) {
    return p("Session header is missing meta.projectId", "meta.projectId must be a non-empty string (files from before S0048 used meta.projectSlug)", "/meta/projectId");
  }
  return null;
}

/** validateSessionMatch: runs before the type check, hence `invalid_header` for a missing sessionId (sic). */
export function sessionProblem(v: unknown, headerSid: string | undefined): Problem | null {
  if (!isObject(v) || !str(v.sessionId)) {
    return { loaderCode: "invalid_header", loaderMessage: "Event must be an object with a sessionId", inv: "SCOREL_INV_05_SESSION_MISMATCH", detail: isObject(v) ? "The event has no string sessionId" : "The line is not a JSON object", pointer: isObject(v) ? "/sessionId" : undefined };
  }
  if (headerSid !== undefined && v.sessionId !== headerSid) {
    return { loaderCode: "session_mismatch", loaderMessage: `Event belongs to ${v.sessionId}, expected ${headerSid}`, inv: "SCOREL_INV_05_SESSION_MISMATCH", detail: `sessionId ${JSON.stringify(v.sessionId)} differs from the header's ${JSON.stringify(headerSid)}`, pointer: "/sessionId" };
  }
  return null;
}

const ev = (loaderMessage: string, inv: CodesWithArgs<{ detail: string }>, detail: string, pointer?: string): Problem => ({ loaderCode: "invalid_event", loaderMessage, inv, detail, pointer });
/** A payload checker's finding (or none) as an invalid_event problem. */
const evOf = (loaderMessage: string, inv: CodesWithArgs<{ detail: string }>, d: { detail: string; pointer?: string } | null | undefined): Problem | null =>
  d ? ev(loaderMessage, inv, d.detail, d.pointer) : null;

/** assertTreeEvent: type, base fields, payload (in the loader's order). */
export function typeProblem(v: Obj, profile: Exclude<ScorelProfile, "g0">): Problem | null {
  const t = v.type;
  if (t === "session_header") return ev("Session header must be stored as the JSONL header line", "SCOREL_INV_04_MISPLACED_EVENT", "A session_header event after line 1", "/type");
  if (!str(t) || !(TREE_TYPES[profile].has(t) || CONTROL_TYPES[profile].has(t))) {
    const transient = str(t) && TRANSIENT_TYPES.has(t);
    const detail = transient ? `"${t}" is a transient (wire-only) event type` : `Type ${JSON.stringify(t) ?? "missing"} is not a ${profile} event type`;
    return ev("Unsupported session event type", transient ? "SCOREL_INV_04_MISPLACED_EVENT" : "SCOREL_INV_06_INVALID_EVENT", detail, "/type");
  }
  const bad = [
    !str(v.id) && "id (string)",
    !nullOrStr(v.parentId) && "parentId (string or null)",
    !num(v.seq) && "seq (number)",
    !str(v.clientId) && "clientId (string)",
    !num(v.ts) && "ts (number)",
  ].filter((x): x is string => typeof x === "string");
  if (bad.length > 0) return ev("Event is missing required base fields", "SCOREL_INV_06_INVALID_EVENT", `Bad or missing base fields: ${bad.join(", ")}`, `/${bad[0].split(" ")[0]}`);
  return profile === "design" ? designPayload(v, t) : shippedPayload(v, t, profile);
}

function shippedPayload(v: Obj, t: string, profile: Exclude<ScorelProfile, "g0" | "design">): Problem | null {
  switch (t) {
    case "user_message":
    case "assistant_message":
    case "tool_result":
      return isObject(v.message) ? null : ev("Message event is missing message payload", "SCOREL_INV_06_INVALID_EVENT", "message must be an object", "/message");
    case "session_title_updated":
      return evOf("session_title_updated is missing title payload", "SCOREL_INV_27_TITLE_UPDATE", titleDetail(v));
    case "instruction_snapshot":
      return evOf("instruction_snapshot is missing snapshot payload", "SCOREL_INV_22_INSTRUCTION_SNAPSHOT", snapshotDetail(v.snapshot));
    case "harness_item":
      return evOf("harness_item is missing item payload", "SCOREL_INV_16_HARNESS_ITEM", harnessDetail(v.item));
    case "compact":
      return evOf("compact is missing summary payload", "SCOREL_INV_18_COMPACT_PAYLOAD", compactDetail(v, true));
    case "context_control":
      return evOf("context_control is missing hide_user_turn payload", "SCOREL_INV_20_CONTEXT_CONTROL_PAYLOAD", contextControlDetail(v));
    case "queue_update":
      return evOf("queue_update is missing queue payload", "SCOREL_INV_24_QUEUE_UPDATE", queueDetail(v));
    case "skill_index_snapshot":
      return evOf("skill_index_snapshot is missing entries", "SCOREL_INV_26_SKILL_INDEX", skillSnapshotDetail(v, profile));
    case "skill_index_delta":
      return evOf("skill_index_delta is missing delta payload", "SCOREL_INV_26_SKILL_INDEX", skillDeltaDetail(v, profile));
  }
  return null;
}

// The design model has no loader; these mirror its TypeScript types (events.md §4) with the same rigour.
function designPayload(v: Obj, t: string): Problem | null {
  const need = (ok: boolean, inv: CodesWithArgs<{ detail: string }>, detail: string, pointer: string): Problem | null => (ok ? null : ev("(design model)", inv, detail, pointer));
  switch (t) {
    case "message":
      return need(isObject(v.message), "SCOREL_INV_06_INVALID_EVENT", "message must be an object", "/message");
    case "custom_message":
      return need(str(v.kind), "SCOREL_INV_06_INVALID_EVENT", "kind must be a string", "/kind") ?? need(isObject(v.message), "SCOREL_INV_06_INVALID_EVENT", "message must be an object", "/message");
    case "rewind":
      return need(str(v.targetEventId), "SCOREL_INV_06_INVALID_EVENT", "targetEventId must be a string", "/targetEventId");
    case "branch":
      return need(str(v.leafEventId), "SCOREL_INV_06_INVALID_EVENT", "leafEventId must be a string", "/leafEventId");
    case "channel_inject":
      return need(str(v.channel), "SCOREL_INV_06_INVALID_EVENT", "channel must be a string", "/channel") ?? need(str(v.externalId), "SCOREL_INV_06_INVALID_EVENT", "externalId must be a string", "/externalId");
    case "session_info":
      return need(isObject(v.changes), "SCOREL_INV_06_INVALID_EVENT", "changes must be an object", "/changes");
    case "custom":
      return need(str(v.kind), "SCOREL_INV_06_INVALID_EVENT", "kind must be a string", "/kind");
    case "compact":
      return evOf("(design model)", "SCOREL_INV_18_COMPACT_PAYLOAD", compactDetail(v, false));
    case "harness_item":
      return evOf("(design model)", "SCOREL_INV_16_HARNESS_ITEM", harnessDetail(v.item));
    case "instruction_snapshot":
      return evOf("(design model)", "SCOREL_INV_22_INSTRUCTION_SNAPSHOT", snapshotDetail(v.snapshot));
    case "context_control":
      return evOf("(design model)", "SCOREL_INV_20_CONTEXT_CONTROL_PAYLOAD", contextControlDetail(v));
  }
  return null;
}
