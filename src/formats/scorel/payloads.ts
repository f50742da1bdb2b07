// Payload checks of the shipped loaders' assertTreeEvent (SC-CORE3..5 isHarnessItem, isCompactEvent, …), one
// function per event type, returning the first failing field with its JSON pointer (null = accepted).
import { isObject } from "../../shared/json.js";
import type { ScorelProfile } from "./model.js";
import type { ScorelProblem } from "./problems.js";

type Obj = Record<string, unknown>;
const str = (v: unknown): v is string => typeof v === "string";
const num = (v: unknown): v is number => typeof v === "number";
const nullOrStr = (v: unknown): boolean => v === null || str(v);

export interface Detail {
  detail: ScorelProblem;
  pointer: string;
}
const fail = (detail: ScorelProblem, pointer: string): Detail => ({ detail, pointer });
type Be = Extract<ScorelProblem, { problem: "must-be" }>["be"];
const must = (field: string, be: Be, pointer: string): Detail => fail({ problem: "must-be", field, be }, pointer);
const oneOf = (field: string, values: readonly unknown[], pointer: string): Detail => fail({ problem: "must-be-one-of", field, values }, pointer);

export function titleDetail(v: Obj): Detail | null {
  if (!str(v.title) || v.title.length === 0) return must("title", "nonEmptyString", "/title");
  if (v.source !== "model" && v.source !== "user") return oneOf("source", ["model", "user"], "/source");
  const d = v.derivedFrom;
  if (d !== undefined && !(isObject(d) && str(d.eventId) && num(d.seq))) return must("derivedFrom", "derivedFrom", "/derivedFrom");
  return null;
}

/** Reasoning efforts the current session core accepts on a selected model (absent is accepted too). */
export const REASONING_EFFORTS = ["minimal", "low", "medium", "high", "xhigh", "max"] as const;

/** session_model_selected.selectedModel (P6): five string fields, an optional reasoning effort from the list. */
export function selectedModelDetail(m: unknown): Detail | null {
  if (!isObject(m)) return must("selectedModel", "object", "/selectedModel");
  for (const k of ["modelId", "providerId", "provider", "id", "displayName"])
    if (!str(m[k])) return must(`selectedModel.${k}`, "string", `/selectedModel/${k}`);
  const effort = m.reasoningEffort;
  if (effort !== undefined && !(REASONING_EFFORTS as readonly unknown[]).includes(effort))
    return oneOf("selectedModel.reasoningEffort (when present)", REASONING_EFFORTS, "/selectedModel/reasoningEffort");
  return null;
}

export function snapshotDetail(s: unknown): Detail | null {
  if (!isObject(s)) return must("snapshot", "object", "/snapshot");
  if (s.version !== 1) return oneOf("snapshot.version", [1], "/snapshot/version");
  if (!str(s.cwd)) return must("snapshot.cwd", "string", "/snapshot/cwd");
  if (!Array.isArray(s.sections)) return must("snapshot.sections", "array", "/snapshot/sections");
  for (let i = 0; i < s.sections.length; i++) {
    const sec: unknown = s.sections[i];
    const at = `/snapshot/sections/${i}`;
    if (!isObject(sec)) return must(`section ${i}`, "object", at);
    if (!str(sec.kind)) return must(`section ${i}: kind`, "string", `${at}/kind`);
    if (!num(sec.frozenAt)) return must(`section ${i}: frozenAt`, "number", `${at}/frozenAt`);
    if (!str(sec.renderedBlock)) return must(`section ${i}: renderedBlock`, "string", `${at}/renderedBlock`);
  }
  return null;
}

// docs/scorel.md §15.1: no loader checks item.data.
export function harnessDetail(item: unknown): Detail | null {
  if (!isObject(item)) return must("item", "object", "/item");
  if (!str(item.kind)) return must("item.kind", "string", "/item/kind");
  if (!str(item.origin)) return must("item.origin", "string", "/item/origin");
  if (!str(item.content)) return must("item.content", "string", "/item/content");
  if (item.visibility !== "display" && item.visibility !== "hidden" && item.visibility !== "compact")
    return oneOf("item.visibility", ["display", "hidden", "compact"], "/item/visibility");
  return null;
}

export function compactDetail(v: Obj, retained: boolean): Detail | null {
  if (!str(v.summary)) return must("summary", "string", "/summary");
  if (!str(v.compactedThrough)) return must("compactedThrough", "string", "/compactedThrough");
  if (!num(v.tokensBefore)) return must("tokensBefore", "number", "/tokensBefore");
  if (!num(v.tokensAfter)) return must("tokensAfter", "number", "/tokensAfter");
  if (retained && !num(v.retainedEventCount)) return must("retainedEventCount", "number", "/retainedEventCount");
  return null;
}

export function contextControlDetail(v: Obj): Detail | null {
  if (v.operation !== "hide_user_turn") return oneOf("operation", ["hide_user_turn"], "/operation");
  if (!str(v.anchorUserEventId)) return must("anchorUserEventId", "string", "/anchorUserEventId");
  if (!str(v.throughEventId)) return must("throughEventId", "string", "/throughEventId");
  if (v.actor !== "agent" && v.actor !== "user" && v.actor !== "system") return oneOf("actor", ["agent", "user", "system"], "/actor");
  if (v.reason !== undefined && !str(v.reason)) return must("reason", "stringWhenPresent", "/reason");
  return null;
}

export function queueDetail(v: Obj): Detail | null {
  if (v.queue !== "follow_up" && v.queue !== "steer") return oneOf("queue", ["follow_up", "steer"], "/queue");
  if (v.operation !== "rewrite") return oneOf("operation", ["rewrite"], "/operation");
  if (!Array.isArray(v.items)) return must("items", "array", "/items");
  if (!nullOrStr(v.anchorEventId)) return must("anchorEventId", "stringOrNull", "/anchorEventId");
  for (let i = 0; i < v.items.length; i++) {
    const it: unknown = v.items[i];
    const ok = isObject(it) && str(it.id) && Array.isArray(it.content) && num(it.createdAt) && num(it.updatedAt) && str(it.clientId);
    if (!ok) return fail({ problem: "queue-item-shape", index: i }, `/items/${i}`);
  }
  return null;
}

const scopes = (p: ScorelProfile): string[] => (p === "p3" ? ["user", "project"] : ["user", "project", "extension"]);

function entryDetail(e: unknown, at: string, p: ScorelProfile): Detail | null {
  if (!isObject(e)) return must("skill entry", "object", at);
  for (const k of ["name", "path", "description", "contentHash"]) if (!str(e[k])) return must(k, "string", `${at}/${k}`);
  if (!scopes(p).includes(e.scope as string)) return fail({ problem: "skill-scope", scopes: scopes(p), extension: e.scope === "extension" }, `${at}/scope`);
  for (const k of ["mtimeMs", "size", "priority"]) if (!num(e[k])) return must(k, "number", `${at}/${k}`);
  return null;
}

export function skillSnapshotDetail(v: Obj, p: ScorelProfile): Detail | null {
  if (!nullOrStr(v.anchorEventId)) return must("anchorEventId", "stringOrNull", "/anchorEventId");
  if (!Array.isArray(v.entries)) return must("entries", "array", "/entries");
  for (let i = 0; i < v.entries.length; i++) {
    const d = entryDetail(v.entries[i], `/entries/${i}`, p);
    if (d) return d;
  }
  return null;
}

export function skillDeltaDetail(v: Obj, p: ScorelProfile): Detail | null {
  if (!nullOrStr(v.anchorEventId)) return must("anchorEventId", "stringOrNull", "/anchorEventId");
  for (const k of ["added", "changed", "removed"]) if (!Array.isArray(v[k])) return must(k, "array", `/${k}`);
  for (const k of ["added", "changed"]) {
    const arr = v[k] as unknown[];
    for (let i = 0; i < arr.length; i++) {
      const d = entryDetail(arr[i], `/${k}/${i}`, p);
      if (d) return d;
    }
  }
  const removed = v.removed as unknown[];
  for (let i = 0; i < removed.length; i++) {
    const r = removed[i];
    if (!(isObject(r) && str(r.name) && str(r.previousPath))) return must(`removed[${i}]`, "removedSkill", `/removed/${i}`);
  }
  return null;
}
