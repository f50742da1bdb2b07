// Audit-level (V) invariants about harness items, compacts, context control and control state:
// scorel-format §12 rules 15, 17, 19, 21, 23, 25, 27 (V part).
import { isObject } from "../../shared/json.js";
import type { ScorelEvent } from "./model.js";
import { ancestors, finding, isAncestorOrSelf, messageOf, wellFormed, type AuditInput, type Push } from "./audit-context.js";
import { harnessKinds, HARNESS_ORIGINS, SECTION_KINDS } from "./profiles.js";

const isNode = (a: AuditInput, id: unknown): id is string => typeof id === "string" && a.tree.parent.has(id);

export function checkControl(a: AuditInput, push: Push): void {
  if (a.profile === "g0" || a.profile === "design") return;
  const kinds = harnessKinds(a.profile);
  const removed = { follow_up: new Set<string>(), steer: new Set<string>() };
  const queues = { follow_up: [] as string[], steer: [] as string[] };
  const snapshots: ScorelEvent[] = [];
  let firstUser: ScorelEvent | undefined;
  for (const e of a.events) {
    if (!wellFormed(a, e)) continue;
    const v = e.raw;
    switch (e.type) {
      case "harness_item": {
        const item = v.item as Record<string, unknown>;
        if (!kinds.has(item.kind as string)) push(finding("SCOREL_INV_17_HARNESS_ENUM", e, "/item/kind", `Harness kind ${JSON.stringify(item.kind)} is not a ${a.profile} kind (P5 lowers it to runtime_notice)`));
        if (!HARNESS_ORIGINS.has(item.origin as string)) push(finding("SCOREL_INV_17_HARNESS_ENUM", e, "/item/origin", `Harness origin ${JSON.stringify(item.origin)} is not one of user, system, tool, skill`));
        else if (item.kind === "steer" && item.origin !== "user") push(finding("SCOREL_INV_17_HARNESS_ENUM", e, "/item/origin", `A steer harness item comes from origin ${JSON.stringify(item.origin)} (expected "user")`));
        const qid = isObject(item.data) ? item.data.queueItemId : undefined;
        if (item.kind === "steer" && typeof qid === "string" && !removed.steer.has(qid)) push(finding("SCOREL_INV_25_QUEUE_CONSUMPTION", e, "/item/data/queueItemId", `Steer item ${qid} was never queued and removed from the steer queue before this event`));
        break;
      }
      case "user_message": {
        firstUser ??= e;
        const meta = messageOf(e)?.meta;
        const qid = isObject(meta) ? meta.queueItemId : undefined;
        if (typeof qid === "string" && !removed.follow_up.has(qid)) push(finding("SCOREL_INV_25_QUEUE_CONSUMPTION", e, "/message/meta/queueItemId", `Follow-up item ${qid} was never queued and removed from the follow_up queue before this message`));
        break;
      }
      case "compact":
        checkCompact(a, e, push);
        break;
      case "context_control":
        checkSpan(a, e, push);
        break;
      case "instruction_snapshot":
        snapshots.push(e);
        checkSections(e, push);
        break;
      case "queue_update": {
        const q = v.queue as "follow_up" | "steer";
        const next = (v.items as Array<{ id: string }>).map((x) => x.id);
        for (const id of queues[q]) if (!next.includes(id)) removed[q].add(id);
        queues[q] = next;
        checkAnchor(a, e, push);
        break;
      }
      case "skill_index_snapshot":
      case "skill_index_delta":
        checkAnchor(a, e, push);
        break;
      case "session_title_updated": {
        const d = v.derivedFrom as { eventId: string; seq: number } | undefined;
        if (!d) break;
        const t = a.byId.get(d.eventId);
        if (!t) push(finding("SCOREL_INV_27_TITLE_DERIVED_FROM", e, "/derivedFrom/eventId", `derivedFrom.eventId ${d.eventId} names no event`));
        else if (t.seq !== d.seq) push(finding("SCOREL_INV_27_TITLE_DERIVED_FROM", e, "/derivedFrom/seq", `derivedFrom.seq ${d.seq} differs from the seq ${String(t.seq)} of ${d.eventId}`));
        break;
      }
    }
  }
  checkSnapshotPlacement(a, snapshots, firstUser, push);
}

/** 15 / 25: a non-null anchorEventId (an "active leaf" value) names an existing tree event. */
function checkAnchor(a: AuditInput, e: ScorelEvent, push: Push): void {
  const id = e.raw.anchorEventId;
  if (typeof id !== "string" || isNode(a, id)) return;
  const t = a.byId.get(id);
  if (t) push(finding("SCOREL_INV_15_LEAF_NOT_TREE", e, "/anchorEventId", `anchorEventId ${id} names the ${t.type} event on line ${t.line}, not a tree event`));
  else push(finding("SCOREL_INV_25_QUEUE_CONSUMPTION", e, "/anchorEventId", `anchorEventId ${id} names no tree event`));
}

function checkCompact(a: AuditInput, e: ScorelEvent, push: Push): void {
  const v = e.raw;
  const n = v.retainedEventCount as number;
  if (!Number.isInteger(n) || n < 0) push(finding("SCOREL_INV_19_COMPACT_SHAPE", e, "/retainedEventCount", `retainedEventCount ${n} is not a non-negative integer${Number.isInteger(n) ? "" : " (nothing is retained, §15.5)"}`));
  if (!a.tree.parent.has(e.id)) return;
  const through = v.compactedThrough as string;
  const parent = a.tree.parent.get(e.id) ?? null;
  if (!a.byId.has(through)) push(finding("SCOREL_INV_19_COMPACT_SHAPE", e, "/compactedThrough", `compactedThrough ${through} names no event`));
  else if (parent === null || !isAncestorOrSelf(a, through, parent)) push(finding("SCOREL_INV_19_COMPACT_SHAPE", e, "/compactedThrough", `compactedThrough ${through} is not the compact's parent or one of its ancestors`));
  if (parent !== null && a.byId.get(parent)?.type === "compact") push(finding("SCOREL_INV_19_COMPACT_SHAPE", e, "/parentId", `The compact's parent ${parent} is itself a compact (nothing in between)`));
}

/** 21: the span the daemon's Snip tool would write (SC-DAEMON5 #snipUserTurn). */
function checkSpan(a: AuditInput, e: ScorelEvent, push: Push): void {
  const anchor = a.byId.get(e.raw.anchorUserEventId as string);
  const through = a.byId.get(e.raw.throughEventId as string);
  const bad = (pointer: string, detail: string): void => push(finding("SCOREL_INV_21_CONTEXT_CONTROL_SPAN", e, pointer, detail));
  if (!anchor) {
    bad("/anchorUserEventId", `anchorUserEventId ${String(e.raw.anchorUserEventId)} names no event`);
    return;
  }
  if (anchor.type !== "user_message") bad("/anchorUserEventId", `The anchor ${anchor.id} is a ${anchor.type}, not a user_message`);
  if (!through) {
    bad("/throughEventId", `throughEventId ${String(e.raw.throughEventId)} names no event`);
    return;
  }
  // through may be the anchor itself: the daemon's through is "the event before the next user message",
  // which is the anchor when two user messages follow each other (SC-DAEMON5 #snipUserTurn).
  if (!isNode(a, anchor.id) || !isNode(a, through.id) || !isAncestorOrSelf(a, anchor.id, through.id)) {
    bad("/throughEventId", `throughEventId ${through.id} does not lie on a root path after the anchor ${anchor.id}`);
  } else {
    // Walk lazily from through up to the anchor (an ancestor, checked above): O(span), not O(depth).
    const span: string[] = [through.id];
    if (through.id !== anchor.id) {
      for (const id of ancestors(a, through.id)) {
        span.push(id);
        if (id === anchor.id) break;
      }
    }
    const crossed = span.find((id) => id !== anchor.id && a.byId.get(id)?.type === "user_message");
    if (crossed) bad("/throughEventId", `The span crosses the next user message ${crossed}`);
    // §13 case 35: a hidden compact is skipped by buildContext, so its reset and summary never happen.
    const compact = span.find((id) => a.byId.get(id)?.type === "compact");
    if (compact) bad("/throughEventId", `The span hides the compact ${compact}: buildContext skips its summary and reset`);
  }
  const seq = e.seq ?? -Infinity;
  for (const x of [anchor, through]) if (x.seq !== undefined && !(seq > x.seq)) bad("/seq", `seq ${String(e.seq)} is not greater than the seq ${x.seq} of ${x.id}`);
}

function checkSections(e: ScorelEvent, push: Push): void {
  const sections = (e.raw.snapshot as { sections: Array<Record<string, unknown>> }).sections;
  const kinds = sections.map((s) => s.kind);
  if (kinds.join() !== SECTION_KINDS.join()) push(finding("SCOREL_INV_23_SNAPSHOT_PLACEMENT", e, "/snapshot/sections", `Section kinds are [${kinds.join(", ")}], expected [${SECTION_KINDS.join(", ")}]`));
  sections.forEach((s, i) => {
    if (s.kind !== "agents" || !Array.isArray(s.sources)) return;
    s.sources.forEach((src: unknown, j: number) => {
      const ok = isObject(src) && typeof src.path === "string" && typeof src.scope === "string" && typeof src.priority === "number" && typeof src.content === "string";
      if (!ok) push(finding("SCOREL_INV_23_SNAPSHOT_PLACEMENT", e, `/snapshot/sections/${i}/sources/${j}`, "An agents source lacks path, scope, priority or content"));
    });
  });
}

function checkSnapshotPlacement(a: AuditInput, snaps: ScorelEvent[], firstUser: ScorelEvent | undefined, push: Push): void {
  const cloned = a.header !== null && a.header.clonedFrom !== undefined;
  if (snaps.length === 0) {
    const at = firstUser ?? (cloned ? undefined : null);
    if (at) push(finding("SCOREL_INV_23_SNAPSHOT_PLACEMENT", at, undefined, "No instruction_snapshot before the first user message (the session has none)"));
    else if (at === undefined) push({ code: "SCOREL_INV_23_SNAPSHOT_PLACEMENT", line: 1, pointer: "/clonedFrom", args: { detail: "A cloned session (header clonedFrom) carries no instruction_snapshot" } });
    return;
  }
  for (const s of snaps.slice(1)) push(finding("SCOREL_INV_23_SNAPSHOT_PLACEMENT", s, undefined, `A second instruction_snapshot (the first is on line ${snaps[0].line}); the last one wins`));
  if (firstUser && snaps[0].line > firstUser.line) push(finding("SCOREL_INV_23_SNAPSHOT_PLACEMENT", snaps[0], undefined, `The instruction_snapshot comes after the first user message (line ${firstUser.line})`));
}
