// Design-profile invariants (D), docs/scorel.md §12 rules 28-32, read with the leaf pointer of docs/scorel.md §7.2.
import { isObject } from "../../shared/json.js";
import type { ScorelEvent } from "./model.js";
import type { ScorelProblem } from "./problems.js";
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
      if (!next || !MESSAGE_TYPES.has(next.type))
        push(
          finding(
            "SCOREL_INV_31_CHANNEL_INJECT",
            e,
            undefined,
            next ? { problem: "inject-not-followed", type: next.type, line: next.line } : { problem: "inject-last" },
          ),
        );
    } else if (e.type === "message") checkInternal(e, push);
  });
}

/** `i`: the rewind's index in a.events (the next message is searched from there, without copying the rest). */
function checkRewind(a: AuditInput, e: ScorelEvent, i: number, push: Push): void {
  const bad = (pointer: string | undefined, found: ScorelProblem): void => push(finding("SCOREL_INV_28_REWIND_TARGET", e, pointer, found));
  const id = e.raw.targetEventId as string;
  const target = a.byId.get(id);
  if (!target) {
    bad("/targetEventId", { problem: "rewind-target-missing", id });
    return;
  }
  if (target.line > e.line) bad("/targetEventId", { problem: "rewind-target-later", id, line: target.line });
  // Turn boundary (docs/scorel.md §7.2): after a user message or after a completed tool-result batch.
  const role = target.type === "message" ? messageOf(target)?.role : undefined;
  if (role !== "user" && role !== "tool_result") bad("/targetEventId", { problem: "rewind-not-boundary", id, type: target.type, role });
  const pastCompact = compactAbove(a, a.leafBefore.get(e.line) ?? null, id);
  if (pastCompact) bad("/targetEventId", { problem: "rewind-past-compact", id, compact: pastCompact });
  let next: ScorelEvent | undefined;
  for (let j = i + 1; j < a.events.length && !next; j++) if (MESSAGE_TYPES.has(a.events[j].type)) next = a.events[j];
  if (next && next.raw.parentId !== id) bad(undefined, { problem: "rewind-next-elsewhere", next: next.id, line: next.line, parentId: next.raw.parentId, id });
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
    push(finding("SCOREL_INV_29_BRANCH_LEAF", e, "/leafEventId", { problem: "branch-leaf-missing", id }));
    return;
  }
  const child = (a.tree.children.get(id) ?? []).find((c) => (a.byId.get(c)?.line ?? Infinity) < e.line);
  if (child) push(finding("SCOREL_INV_29_BRANCH_LEAF", e, "/leafEventId", { problem: "branch-not-leaf", id, child }));
}

function checkCompactThrough(a: AuditInput, e: ScorelEvent, push: Push): void {
  if (!a.tree.parent.has(e.id)) return;
  const through = e.raw.compactedThrough as string;
  // Stops at `through` instead of listing the whole root path first.
  let onPath = false;
  for (const x of ancestors(a, e.id))
    if (x === through) {
      onPath = true;
      break;
    }
  if (!onPath) push(finding("SCOREL_INV_30_COMPACT_THROUGH", e, "/compactedThrough", { problem: "compacted-through-off-path", through }));
}

// Role `internal` messages are skipped by the design builder; a steer/followUp meta would merge_prev them
// into the context (docs/scorel.md §6.3), which only custom_message may do.
function checkInternal(e: ScorelEvent, push: Push): void {
  const m = messageOf(e);
  if (m?.role !== "internal") return;
  const src = isObject(m.meta) ? m.meta.source : undefined;
  if (src === "steer" || src === "followUp")
    push(finding("SCOREL_INV_32_INTERNAL_ROLE", e, "/message/meta/source", { problem: "internal-role-merged", source: src }));
}
