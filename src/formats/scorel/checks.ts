// The per-line checks of the shipped loaders (SC-CORE3..5 parseHeader / validateSessionMatch /
// assertTreeEvent), re-implemented as pure functions that return the upstream code and message plus a
// precise sightline detail. The design profile reuses them with the design event table.
import type { CodesWithArgs } from "../../shared/codes.js";
import type { BaseField, ScorelProblem } from "./problems.js";
import { isObject } from "../../shared/json.js";
import type { ScorelProfile } from "./model.js";
import { CONTROL_TYPES, TRANSIENT_TYPES, TREE_TYPES } from "./profiles.js";
import {
  compactDetail,
  contextControlDetail,
  harnessDetail,
  queueDetail,
  selectedModelDetail,
  skillDeltaDetail,
  skillSnapshotDetail,
  snapshotDetail,
  titleDetail,
} from "./payloads.js";

export interface Problem {
  /** Upstream SessionStoreError code and message (what the loader would say). */
  loaderCode: string;
  loaderMessage: string;
  /** sightline's own finding. */
  inv: Inv;
  detail: ScorelProblem;
  pointer?: string;
}

type Obj = Record<string, unknown>;
type Inv = CodesWithArgs<ScorelProblem>;
const must = (field: string, be: Extract<ScorelProblem, { problem: "must-be" }>["be"]): ScorelProblem => ({ problem: "must-be", field, be });
const str = (v: unknown): v is string => typeof v === "string";
const num = (v: unknown): v is number => typeof v === "number";
const nullOrStr = (v: unknown): boolean => v === null || str(v);

/** parseHeader of SC-CORE3..5 (design: no projectId, design SessionMeta has none, docs/scorel.md §2.2). */
export function headerProblem(v: unknown, profile: ScorelProfile): Problem | null {
  const p = (loaderMessage: string, detail: ScorelProblem, pointer?: string): Problem => ({
    loaderCode: "invalid_header",
    loaderMessage,
    inv: "SCOREL_INV_03_INVALID_HEADER",
    detail,
    pointer,
  });
  if (!isObject(v)) return p("Session header must be an object", { problem: "header-not-object" });
  if (v.version !== 1) return p("Session header is missing required identity fields", { problem: "header-version", found: v.version }, "/version");
  if (!str(v.sessionId)) return p("Session header is missing required identity fields", must("sessionId", "string"), "/sessionId");
  if (!str(v.deviceId)) return p("Session header is missing required identity fields", must("deviceId", "string"), "/deviceId");
  if (!num(v.createdAt)) return p("Session header is missing createdAt or meta", must("createdAt", "number"), "/createdAt");
  if (!isObject(v.meta)) return p("Session header is missing createdAt or meta", must("meta", "object"), "/meta");
  if (profile !== "design" && (!str(v.meta.projectId) || v.meta.projectId.length === 0)) {
    return p("Session header is missing meta.projectId", { problem: "header-project-id" }, "/meta/projectId");
  }
  return null;
}

/** validateSessionMatch: runs before the type check, hence `invalid_header` for a missing sessionId (sic). */
export function sessionProblem(v: unknown, headerSid: string | undefined): Problem | null {
  if (!isObject(v) || !str(v.sessionId)) {
    return {
      loaderCode: "invalid_header",
      loaderMessage: "Event must be an object with a sessionId",
      inv: "SCOREL_INV_05_SESSION_MISMATCH",
      detail: { problem: "no-session-id", object: isObject(v) },
      pointer: isObject(v) ? "/sessionId" : undefined,
    };
  }
  if (headerSid !== undefined && v.sessionId !== headerSid) {
    return {
      loaderCode: "session_mismatch",
      loaderMessage: `Event belongs to ${v.sessionId}, expected ${headerSid}`,
      inv: "SCOREL_INV_05_SESSION_MISMATCH",
      detail: { problem: "session-mismatch", sessionId: v.sessionId, header: headerSid },
      pointer: "/sessionId",
    };
  }
  return null;
}

const ev = (loaderMessage: string, inv: Inv, detail: ScorelProblem, pointer?: string): Problem => ({
  loaderCode: "invalid_event",
  loaderMessage,
  inv,
  detail,
  pointer,
});
/** A payload checker's finding (or none) as an invalid_event problem. */
const evOf = (loaderMessage: string, inv: Inv, d: { detail: ScorelProblem; pointer?: string } | null | undefined): Problem | null =>
  d ? ev(loaderMessage, inv, d.detail, d.pointer) : null;

/** assertTreeEvent: type, base fields, payload (in the loader's order). */
export function typeProblem(v: Obj, profile: Exclude<ScorelProfile, "g0">): Problem | null {
  const t = v.type;
  if (t === "session_header")
    return ev("Session header must be stored as the JSONL header line", "SCOREL_INV_04_MISPLACED_EVENT", { problem: "header-after-line-1" }, "/type");
  if (!str(t) || !(TREE_TYPES[profile].has(t) || CONTROL_TYPES[profile].has(t))) {
    const transient = str(t) && TRANSIENT_TYPES.has(t);
    const detail: ScorelProblem = transient ? { problem: "transient-type", type: t } : { problem: "unknown-type", type: t, profile };
    return ev("Unsupported session event type", transient ? "SCOREL_INV_04_MISPLACED_EVENT" : "SCOREL_INV_06_INVALID_EVENT", detail, "/type");
  }
  // The common case first: no list of fields is made for an event whose base fields are all there.
  if (str(v.id) && nullOrStr(v.parentId) && num(v.seq) && str(v.clientId) && num(v.ts))
    return profile === "design" ? designPayload(v, t) : shippedPayload(v, t, profile);
  const bad = [!str(v.id) && "id", !nullOrStr(v.parentId) && "parentId", !num(v.seq) && "seq", !str(v.clientId) && "clientId", !num(v.ts) && "ts"].filter(
    (x): x is BaseField => typeof x === "string",
  );
  if (bad.length > 0) return ev("Event is missing required base fields", "SCOREL_INV_06_INVALID_EVENT", { problem: "base-fields", fields: bad }, `/${bad[0]}`);
  return profile === "design" ? designPayload(v, t) : shippedPayload(v, t, profile);
}

function shippedPayload(v: Obj, t: string, profile: Exclude<ScorelProfile, "g0" | "design">): Problem | null {
  switch (t) {
    case "user_message":
    case "assistant_message":
    case "tool_result":
      return isObject(v.message) ? null : ev("Message event is missing message payload", "SCOREL_INV_06_INVALID_EVENT", must("message", "object"), "/message");
    case "session_title_updated":
      return evOf("session_title_updated is missing title payload", "SCOREL_INV_27_TITLE_UPDATE", titleDetail(v));
    case "session_model_selected": // only reached under p6, the one profile whose type list has it
      return evOf("session_model_selected is missing selectedModel payload", "SCOREL_INV_33_MODEL_SELECTED", selectedModelDetail(v.selectedModel));
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

// The design model has no loader; these mirror its TypeScript types (docs/scorel.md §4.3) with the same rigour.
function designPayload(v: Obj, t: string): Problem | null {
  const need = (ok: boolean, inv: Inv, detail: ScorelProblem, pointer: string): Problem | null => (ok ? null : ev("(design model)", inv, detail, pointer));
  switch (t) {
    case "message":
      return need(isObject(v.message), "SCOREL_INV_06_INVALID_EVENT", must("message", "object"), "/message");
    case "custom_message":
      return (
        need(str(v.kind), "SCOREL_INV_06_INVALID_EVENT", must("kind", "string"), "/kind") ??
        need(isObject(v.message), "SCOREL_INV_06_INVALID_EVENT", must("message", "object"), "/message")
      );
    case "rewind":
      return need(str(v.targetEventId), "SCOREL_INV_06_INVALID_EVENT", must("targetEventId", "string"), "/targetEventId");
    case "branch":
      return need(str(v.leafEventId), "SCOREL_INV_06_INVALID_EVENT", must("leafEventId", "string"), "/leafEventId");
    case "channel_inject":
      return (
        need(str(v.channel), "SCOREL_INV_06_INVALID_EVENT", must("channel", "string"), "/channel") ??
        need(str(v.externalId), "SCOREL_INV_06_INVALID_EVENT", must("externalId", "string"), "/externalId")
      );
    case "session_info":
      return need(isObject(v.changes), "SCOREL_INV_06_INVALID_EVENT", must("changes", "object"), "/changes");
    case "custom":
      return need(str(v.kind), "SCOREL_INV_06_INVALID_EVENT", must("kind", "string"), "/kind");
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
