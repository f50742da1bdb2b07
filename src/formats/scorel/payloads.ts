// Payload checks of the shipped loaders' assertTreeEvent (SC-CORE3..5 isHarnessItem, isCompactEvent, …), one
// function per event type, returning the first failing field with its JSON pointer (null = accepted).
import { isObject } from "../../shared/json.js";
import type { ScorelProfile } from "./model.js";

type Obj = Record<string, unknown>;
const str = (v: unknown): v is string => typeof v === "string";
const num = (v: unknown): v is number => typeof v === "number";
const nullOrStr = (v: unknown): boolean => v === null || str(v);

export interface Detail {
  detail: string;
  pointer: string;
}
const fail = (detail: string, pointer: string): Detail => ({ detail, pointer });

export function titleDetail(v: Obj): Detail | null {
  if (!str(v.title) || v.title.length === 0) return fail("title must be a non-empty string", "/title");
  if (v.source !== "model" && v.source !== "user") return fail('source must be "model" or "user"', "/source");
  const d = v.derivedFrom;
  if (d !== undefined && !(isObject(d) && str(d.eventId) && num(d.seq))) return fail("derivedFrom must be {eventId: string, seq: number}", "/derivedFrom");
  return null;
}

export function snapshotDetail(s: unknown): Detail | null {
  if (!isObject(s)) return fail("snapshot must be an object", "/snapshot");
  if (s.version !== 1) return fail("snapshot.version must be 1", "/snapshot/version");
  if (!str(s.cwd)) return fail("snapshot.cwd must be a string", "/snapshot/cwd");
  if (!Array.isArray(s.sections)) return fail("snapshot.sections must be an array", "/snapshot/sections");
  for (let i = 0; i < s.sections.length; i++) {
    const sec: unknown = s.sections[i];
    const at = `/snapshot/sections/${i}`;
    if (!isObject(sec)) return fail(`section ${i} must be an object`, at);
    if (!str(sec.kind)) return fail(`section ${i}: kind must be a string`, `${at}/kind`);
    if (!num(sec.frozenAt)) return fail(`section ${i}: frozenAt must be a number`, `${at}/frozenAt`);
    if (!str(sec.renderedBlock)) return fail(`section ${i}: renderedBlock must be a string`, `${at}/renderedBlock`);
  }
  return null;
}

// docs/scorel.md §15.1: no loader checks item.data.
export function harnessDetail(item: unknown): Detail | null {
  if (!isObject(item)) return fail("item must be an object", "/item");
  if (!str(item.kind)) return fail("item.kind must be a string", "/item/kind");
  if (!str(item.origin)) return fail("item.origin must be a string", "/item/origin");
  if (!str(item.content)) return fail("item.content must be a string", "/item/content");
  if (item.visibility !== "display" && item.visibility !== "hidden" && item.visibility !== "compact") return fail('item.visibility must be "display", "hidden" or "compact"', "/item/visibility");
  return null;
}

export function compactDetail(v: Obj, retained: boolean): Detail | null {
  if (!str(v.summary)) return fail("summary must be a string", "/summary");
  if (!str(v.compactedThrough)) return fail("compactedThrough must be a string", "/compactedThrough");
  if (!num(v.tokensBefore)) return fail("tokensBefore must be a number", "/tokensBefore");
  if (!num(v.tokensAfter)) return fail("tokensAfter must be a number", "/tokensAfter");
  if (retained && !num(v.retainedEventCount)) return fail("retainedEventCount must be a number", "/retainedEventCount");
  return null;
}

export function contextControlDetail(v: Obj): Detail | null {
  if (v.operation !== "hide_user_turn") return fail('operation must be "hide_user_turn"', "/operation");
  if (!str(v.anchorUserEventId)) return fail("anchorUserEventId must be a string", "/anchorUserEventId");
  if (!str(v.throughEventId)) return fail("throughEventId must be a string", "/throughEventId");
  if (v.actor !== "agent" && v.actor !== "user" && v.actor !== "system") return fail('actor must be "agent", "user" or "system"', "/actor");
  if (v.reason !== undefined && !str(v.reason)) return fail("reason must be a string when present", "/reason");
  return null;
}

export function queueDetail(v: Obj): Detail | null {
  if (v.queue !== "follow_up" && v.queue !== "steer") return fail('queue must be "follow_up" or "steer"', "/queue");
  if (v.operation !== "rewrite") return fail('operation must be "rewrite"', "/operation");
  if (!Array.isArray(v.items)) return fail("items must be an array", "/items");
  if (!nullOrStr(v.anchorEventId)) return fail("anchorEventId must be a string or null", "/anchorEventId");
  for (let i = 0; i < v.items.length; i++) {
    const it: unknown = v.items[i];
    const ok = isObject(it) && str(it.id) && Array.isArray(it.content) && num(it.createdAt) && num(it.updatedAt) && str(it.clientId);
    if (!ok) return fail(`items[${i}] must have string id, array content, number createdAt/updatedAt, string clientId`, `/items/${i}`);
  }
  return null;
}

const scopes = (p: ScorelProfile): string[] => (p === "p3" ? ["user", "project"] : ["user", "project", "extension"]);

function entryDetail(e: unknown, at: string, p: ScorelProfile): Detail | null {
  if (!isObject(e)) return fail("skill entry must be an object", at);
  for (const k of ["name", "path", "description", "contentHash"]) if (!str(e[k])) return fail(`${k} must be a string`, `${at}/${k}`);
  if (!scopes(p).includes(e.scope as string)) return fail(`scope must be one of ${scopes(p).join(", ")}${e.scope === "extension" ? " (extension exists from P4 on)" : ""}`, `${at}/scope`);
  for (const k of ["mtimeMs", "size", "priority"]) if (!num(e[k])) return fail(`${k} must be a number`, `${at}/${k}`);
  return null;
}

export function skillSnapshotDetail(v: Obj, p: ScorelProfile): Detail | null {
  if (!nullOrStr(v.anchorEventId)) return fail("anchorEventId must be a string or null", "/anchorEventId");
  if (!Array.isArray(v.entries)) return fail("entries must be an array", "/entries");
  for (let i = 0; i < v.entries.length; i++) {
    const d = entryDetail(v.entries[i], `/entries/${i}`, p);
    if (d) return d;
  }
  return null;
}

export function skillDeltaDetail(v: Obj, p: ScorelProfile): Detail | null {
  if (!nullOrStr(v.anchorEventId)) return fail("anchorEventId must be a string or null", "/anchorEventId");
  for (const k of ["added", "changed", "removed"]) if (!Array.isArray(v[k])) return fail(`${k} must be an array`, `/${k}`);
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
    if (!(isObject(r) && str(r.name) && str(r.previousPath))) return fail(`removed[${i}] must be {name: string, previousPath: string}`, `/removed/${i}`);
  }
  return null;
}
