// Design-profile invariants (D), scorel-format §12 rules 28-32, read with the leaf pointer of §7.2.
import { isObject } from "../../shared/json.js";
import type { ScorelEvent } from "./model.js";
import { ancestors, finding, messageOf, pathTo, wellFormed, type AuditInput, type Push } from "./audit-context.js";

const MESSAGE_TYPES = new Set(["message", "custom_message"]);

export function checkDesign(a: AuditInput, push: Push): void {
  if (a.profile !== "design") return;
  a.events.forEach((e, i) => {
    if (!wellFormed(a, e)) return;
    if (e.type === "rewind") checkRewind(a, e, a.events.slice(i + 1), push);
    else if (e.type === "branch") checkBranch(a, e, push);
    else if (e.type === "compact") checkCompactThrough(a, e, push);
    else if (e.type === "channel_inject") {
      const next = a.events[i + 1];
      if (!next || !MESSAGE_TYPES.has(next.type)) push(finding("SCOREL_INV_31_CHANNEL_INJECT", e, undefined, next ? `channel_inject is followed by a ${next.type} (line ${next.line}), not by the message it annotates` : "channel_inject is the last event: no message follows it"));
    } else if (e.type === "message") checkInternal(e, push);
  });
}

function checkRewind(a: AuditInput, e: ScorelEvent, later: ScorelEvent[], push: Push): void {
  const bad = (pointer: string | undefined, detail: string): void => push(finding("SCOREL_INV_28_REWIND_TARGET", e, pointer, detail));
  const id = e.raw.targetEventId as string;
  const target = a.byId.get(id);
  if (!target) return bad("/targetEventId", `targetEventId ${id} names no event`);
  if (target.line > e.line) bad("/targetEventId", `The target ${id} comes later in the file (line ${target.line})`);
  // Turn boundary (session.md §4): after a user message or after a completed tool-result batch.
  const role = target.type === "message" ? messageOf(target)?.role : undefined;
  if (role !== "user" && role !== "tool_result") bad("/targetEventId", `The target ${id} is not a turn boundary (a ${target.type}${role ? ` with role ${JSON.stringify(role)}` : ""})`);
  const path = pathTo(a, a.leafBefore.get(e.line) ?? null);
  const lastCompact = path.map((x) => a.byId.get(x)?.type).lastIndexOf("compact");
  const ti = path.indexOf(id);
  if (lastCompact !== -1 && ti !== -1 && ti < lastCompact) bad("/targetEventId", `The target ${id} lies before the latest compact ${path[lastCompact]} on the current path (cannot_rewind_past_compact)`);
  const next = later.find((x) => MESSAGE_TYPES.has(x.type));
  if (next && next.raw.parentId !== id) bad(undefined, `The next message ${next.id} (line ${next.line}) hangs under ${JSON.stringify(next.raw.parentId)}, not under the rewind target ${id}`);
}

function checkBranch(a: AuditInput, e: ScorelEvent, push: Push): void {
  const id = e.raw.leafEventId as string;
  if (!a.tree.parent.has(id)) return push(finding("SCOREL_INV_29_BRANCH_LEAF", e, "/leafEventId", `leafEventId ${id} names no tree event`));
  const child = (a.tree.children.get(id) ?? []).find((c) => (a.lineOf.get(c) ?? Infinity) < e.line);
  if (child) push(finding("SCOREL_INV_29_BRANCH_LEAF", e, "/leafEventId", `${id} is not a leaf when the branch is recorded (child ${child})`));
}

function checkCompactThrough(a: AuditInput, e: ScorelEvent, push: Push): void {
  if (!a.tree.parent.has(e.id)) return;
  const through = e.raw.compactedThrough as string;
  if (![...ancestors(a, e.id)].includes(through)) push(finding("SCOREL_INV_30_COMPACT_THROUGH", e, "/compactedThrough", `compactedThrough ${through} is not on the compact's root path`));
}

// Role `internal` messages are skipped by the design builder; a steer/followUp meta would merge_prev them
// into the context (events.md §6.3), which only custom_message may do.
function checkInternal(e: ScorelEvent, push: Push): void {
  const m = messageOf(e);
  if (m?.role !== "internal") return;
  const src = isObject(m.meta) ? m.meta.source : undefined;
  if (src === "steer" || src === "followUp") push(finding("SCOREL_INV_32_INTERNAL_ROLE", e, "/message/meta/source", `An internal-role message marked ${src} would be merged into the model's context; use custom_message`));
}
