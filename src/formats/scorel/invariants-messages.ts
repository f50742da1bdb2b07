// Audit-level (V) invariants about ordering and messages: docs/scorel.md §12 rules 8b, 11, 12, 13, 14, 15.
import { isObject } from "../../shared/json.js";
import type { ScorelEvent } from "./model.js";
import { finding, messageOf, wellFormed, type AuditInput, type Push } from "./audit-context.js";
import { blockTypes, CONTROL_TYPES } from "./profiles.js";

const ROLE_OF: Record<string, string> = { user_message: "user", assistant_message: "assistant", tool_result: "tool_result" };

/** 8b: ts non-decreasing and not before the header's createdAt (soft: wall clock). Also used by design. */
export function checkTs(a: AuditInput, push: Push): void {
  const created = a.header && typeof a.header.createdAt === "number" ? a.header.createdAt : undefined;
  // The previous timestamp and its line (no object per event).
  let prevTs: number | undefined;
  let prevLine = 0;
  for (const e of a.events) {
    const ts = e.raw.ts;
    if (typeof ts !== "number") continue;
    if (prevTs !== undefined && ts < prevTs) push(finding("SCOREL_INV_08B_TS_ORDER", e, "/ts", { problem: "ts-before-previous", ts, prev: prevTs, prevLine }));
    if (created !== undefined && ts < created) push(finding("SCOREL_INV_08B_TS_ORDER", e, "/ts", { problem: "ts-before-header", ts, createdAt: created }));
    prevTs = ts;
    prevLine = e.line;
  }
}

export function checkMessages(a: AuditInput, push: Push): void {
  if (a.profile === "g0" || a.profile === "design") return;
  const control = CONTROL_TYPES[a.profile];
  const known = blockTypes(a.profile);
  for (const e of a.events) {
    if (!wellFormed(a, e)) continue;
    // 11: the loader ignores a control event's parentId; the daemon always writes null.
    if (control.has(e.type) && e.raw.parentId !== null)
      push(finding("SCOREL_INV_11_CONTROL_PARENT", e, "/parentId", { problem: "control-parent", type: e.type, parentId: e.raw.parentId }));
    const want = ROLE_OF[e.type];
    const m = messageOf(e);
    if (!want || !m) continue;
    if (m.role !== want) push(finding("SCOREL_INV_12_ROLE_MISMATCH", e, "/message/role", { problem: "role-mismatch", type: e.type, role: m.role, want }));
    // 13: the loader only checks that message is an object; buildContext maps over content.
    if (!Array.isArray(m.content)) {
      push(
        finding("SCOREL_INV_13_CONTENT_BLOCKS", e, "/message/content", {
          problem: "content-not-array",
          is: typeof m.content === "string" ? "a string" : JSON.stringify(m.content) === undefined ? "missing" : "not an array",
        }),
      );
      continue;
    }
    // A list only for a message that has an unknown block (this runs for every message).
    let bad: number[] | undefined;
    for (let i = 0; i < m.content.length; i++) {
      const b: unknown = m.content[i];
      if (isObject(b) && typeof b.type === "string" && known.has(b.type)) continue;
      if (bad) bad.push(i);
      else bad = [i];
    }
    if (bad) {
      const b: unknown = m.content[bad[0]];
      push(
        finding("SCOREL_INV_13_CONTENT_BLOCKS", e, `/message/content/${bad[0]}`, {
          problem: "unknown-blocks",
          indexes: bad,
          profile: a.profile,
          firstIsObject: isObject(b),
          first: isObject(b) ? b.type : b,
        }),
      );
    }
  }
}

/** The toolCallIds of an assistant's tool_call blocks. */
function callIds(e: ScorelEvent): string[] {
  const out: string[] = [];
  const c = messageOf(e)?.content;
  if (Array.isArray(c)) for (const b of c) if (isObject(b) && b.type === "tool_call" && typeof b.toolCallId === "string") out.push(b.toolCallId);
  return out;
}

/** Removes from `pending` the toolCallIds an event's tool_result blocks answer (no list made). */
function answer(e: ScorelEvent, pending: Set<string>): void {
  const c = messageOf(e)?.content;
  if (Array.isArray(c)) for (const b of c) if (isObject(b) && b.type === "tool_result" && typeof b.toolCallId === "string") pending.delete(b.toolCallId);
}

/** An assistant's call ids: a list for the usual few (no set to build), a set past that. */
type Calls = readonly string[] | ReadonlySet<string>;
const SMALL_CALLS = 16;
const hasCall = (c: Calls, id: string): boolean => (Array.isArray(c) ? c.includes(id) : (c as ReadonlySet<string>).has(id));

/** 14: tool results answer the nearest assistant's calls; a tool_call turn's calls are all answered. */
export function checkToolPairs(a: AuditInput, push: Push): void {
  if (a.profile === "g0" || a.profile === "design") return;
  const { byId, tree } = a;
  // Nearest assistant_message strictly above a node, in append order (parents come first), kept for the nodes
  // that are no assistant (a child of an assistant reads its parent). The checks run in the same pass.
  const nearest = new Map<string, ScorelEvent | undefined>();
  // The calls of an assistant, once for all the results below it.
  const callsOf = new Map<ScorelEvent, Calls>();
  const calls = (asst: ScorelEvent): Calls => {
    let c = callsOf.get(asst);
    if (c === undefined) {
      const ids = callIds(asst);
      c = ids.length > SMALL_CALLS ? new Set(ids) : ids;
      callsOf.set(asst, c);
    }
    return c;
  };
  for (const id of tree.nodes) {
    const e = byId.get(id)!;
    const p = tree.parent.get(id) ?? null;
    const pe = p === null ? undefined : byId.get(p);
    const asst = pe?.type === "assistant_message" ? pe : p === null ? undefined : nearest.get(p);
    if (e.type !== "assistant_message") nearest.set(id, asst);
    if (e.type === "tool_result") {
      const c = messageOf(e)?.content;
      if (Array.isArray(c))
        for (const b of c) {
          if (!isObject(b) || b.type !== "tool_result" || typeof b.toolCallId !== "string") continue;
          const tc = b.toolCallId;
          if (!asst || !hasCall(calls(asst), tc))
            push(
              finding(
                "SCOREL_INV_14_ORPHAN_TOOL_RESULT",
                e,
                "/message/content",
                asst ? { problem: "tool-result-not-answering", toolCallId: tc, assistant: asst.id } : { problem: "tool-result-no-assistant", toolCallId: tc },
              ),
            );
        }
    }
    if (e.type === "assistant_message" && messageOf(e)?.stopReason === "tool_call") {
      // The calls the results below read too (they answer this assistant): listed once.
      const pending = new Set(calls(e));
      // Descendants up to (not into) the next assistant or user message, on every branch.
      const queue: string[] = [];
      for (const k of tree.children.get(id) ?? []) queue.push(k);
      for (let qi = 0; qi < queue.length && pending.size > 0; qi++) {
        const x = byId.get(queue[qi])!;
        if (x.type === "assistant_message" || x.type === "user_message") continue;
        answer(x, pending);
        for (const k of tree.children.get(x.id) ?? []) queue.push(k);
      }
      if (pending.size > 0)
        push(finding("SCOREL_INV_14_ORPHAN_TOOL_RESULT", e, "/message/content", { problem: "tool-calls-unanswered", toolCallIds: [...pending] }));
    }
  }
}
