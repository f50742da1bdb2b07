// Design-profile invariants (D), scorel-format §12 rules 28-32, read with the leaf pointer of §7.2.
import { isObject } from "../../shared/json.js";
import type { ScorelEvent } from "./model.js";
import { ancestors, finding, messageOf, wellFormed, type AuditInput, type Push } from "./audit-context.js";

const MESSAGE_TYPES = new Set(["message", "custom_message"]);

export function checkDesign(a: AuditInput, push: Push): void {
  if (a.profile !== "design") return;
  a.events.forEach((e, i) => {
    if (!wellFormed(a, e)) return;
    if (e.type === "rewind") checkRewind(a, e, i, push);
    else if (e.type === "branch") checkBranch(a, e, push);
    else if (e.type === "compact") checkCompactThrough(a, e, push);
    else if (e.type === "channel_inject") {
      const next = a.events[i + 1];
      if (!next || !MESSAGE_TYPES.has(next.type)) push(finding("SCOREL_INV_31_CHANNEL_INJECT", e, undefined, next ? `channel_inject is followed by a ${next.type} (line ${next.line}), not by the message it annotates` : "channel_inject is the last event: no message follows it"));
    } else if (e.type === "message") checkInternal(e, push);
  });
}

/** `i`: the rewind's index in a.events (the next message is searched from there, without copying the rest). */
function checkRewind(a: AuditInput, e: ScorelEvent, i: number, push: Push): void {
  const bad = (pointer: string | undefined, detail: string): void => push(finding("SCOREL_INV_28_REWIND_TARGET", e, pointer, detail));
  const id = e.raw.targetEventId as string;
  const target = a.byId.get(id);
  if (!target) {
    bad("/targetEventId", `targetEventId ${id} names no event`);
    return;
  }
  if (target.line > e.line) bad("/targetEventId", `The target ${id} comes later in the file (line ${target.line})`);
  // Turn boundary (session.md §4): after a user message or after a completed tool-result batch.
  const role = target.type === "message" ? messageOf(target)?.role : undefined;
  if (role !== "user" && role !== "tool_result") bad("/targetEventId", `The target ${id} is not a turn boundary (a ${target.type}${role ? ` with role ${JSON.stringify(role)}` : ""})`);
  const pastCompact = compactAbove(a, a.leafBefore.get(e.line) ?? null, id);
  if (pastCompact) bad("/targetEventId", `The target ${id} lies before the latest compact ${pastCompact} on the current path (cannot_rewind_past_compact)`);
  let next: ScorelEvent | undefined;
  for (let j = i + 1; j < a.events.length && !next; j++) if (MESSAGE_TYPES.has(a.events[j].type)) next = a.events[j];
  if (next && next.raw.parentId !== id) bad(undefined, `The next message ${next.id} (line ${next.line}) hangs under ${JSON.stringify(next.raw.parentId)}, not under the rewind target ${id}`);
}

/**
 * The latest compact on the root path of `leaf` when `target` lies before it on that path, else undefined.
 * Walks up from the leaf and stops at the target: O(distance), not O(depth), when it lies after the compact.
 */
function compactAbove(a: AuditInput, leaf: string | null, target: string): string | undefined {
  if (leaf === null || !a.tree.parent.has(leaf)) return undefined;
  let latest: string | undefined;
  const up = ancestors(a, leaf);
  for (let x: IteratorResult<string> = { done: false, value: leaf }; !x.done; x = up.next()) {
    if (x.value === target) return latest;
    if (latest === undefined && a.byId.get(x.value)?.type === "compact") latest = x.value;
  }
  return undefined;
}

function checkBranch(a: AuditInput, e: ScorelEvent, push: Push): void {
  const id = e.raw.leafEventId as string;
  if (!a.tree.parent.has(id)) {
    push(finding("SCOREL_INV_29_BRANCH_LEAF", e, "/leafEventId", `leafEventId ${id} names no tree event`));
    return;
  }
  const child = (a.tree.children.get(id) ?? []).find((c) => (a.lineOf.get(c) ?? Infinity) < e.line);
  if (child) push(finding("SCOREL_INV_29_BRANCH_LEAF", e, "/leafEventId", `${id} is not a leaf when the branch is recorded (child ${child})`));
}

function checkCompactThrough(a: AuditInput, e: ScorelEvent, push: Push): void {
  if (!a.tree.parent.has(e.id)) return;
  const through = e.raw.compactedThrough as string;
  // Stops at `through` instead of listing the whole root path first.
  let onPath = false;
  for (const x of ancestors(a, e.id)) if (x === through) { onPath = true; break; }
  if (!onPath) push(finding("SCOREL_INV_30_COMPACT_THROUGH", e, "/compactedThrough", `compactedThrough ${through} is not on the compact's root path`));
}

// Role `internal` messages are skipped by the design builder; a steer/followUp meta would merge_prev them
// into the context (events.md §6.3), which only custom_message may do.
function checkInternal(e: ScorelEvent, push: Push): void {
  const m = messageOf(e);
  if (m?.role !== "internal") return;
  const src = isObject(m.meta) ? m.meta.source : undefined;
  if (src === "steer" || src === "followUp") push(finding("SCOREL_INV_32_INTERNAL_ROLE", e, "/message/meta/source", `An internal-role message marked ${src} would be merged into the model's context; use custom_message`));
}
