// Audit-level (V) invariants about harness items, compacts, context control and control state:
// docs/scorel.md §12 rules 15, 17, 19, 21, 23, 25, 27 (V part).
import { isObject } from "../../shared/json.js";
import type { ScorelEvent } from "./model.js";
import type { ScorelProblem } from "./problems.js";
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
        if (!kinds.has(item.kind as string))
          push(finding("SCOREL_INV_17_HARNESS_ENUM", e, "/item/kind", { problem: "harness-kind", kind: item.kind, profile: a.profile }));
        if (!HARNESS_ORIGINS.has(item.origin as string))
          push(finding("SCOREL_INV_17_HARNESS_ENUM", e, "/item/origin", { problem: "harness-origin", origin: item.origin }));
        else if (item.kind === "steer" && item.origin !== "user")
          push(finding("SCOREL_INV_17_HARNESS_ENUM", e, "/item/origin", { problem: "steer-origin", origin: item.origin }));
        const qid = isObject(item.data) ? item.data.queueItemId : undefined;
        if (item.kind === "steer" && typeof qid === "string" && !removed.steer.has(qid))
          push(finding("SCOREL_INV_25_QUEUE_CONSUMPTION", e, "/item/data/queueItemId", { problem: "steer-not-consumed", item: qid }));
        break;
      }
      case "user_message": {
        firstUser ??= e;
        const meta = messageOf(e)?.meta;
        const qid = isObject(meta) ? meta.queueItemId : undefined;
        if (typeof qid === "string" && !removed.follow_up.has(qid))
          push(finding("SCOREL_INV_25_QUEUE_CONSUMPTION", e, "/message/meta/queueItemId", { problem: "follow-up-not-consumed", item: qid }));
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
        if (!t) push(finding("SCOREL_INV_27_TITLE_DERIVED_FROM", e, "/derivedFrom/eventId", { problem: "derived-from-missing", eventId: d.eventId }));
        else if (t.seq !== d.seq)
          push(
            finding("SCOREL_INV_27_TITLE_DERIVED_FROM", e, "/derivedFrom/seq", { problem: "derived-from-seq", eventId: d.eventId, seq: d.seq, actual: t.seq }),
          );
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
  if (t) push(finding("SCOREL_INV_15_LEAF_NOT_TREE", e, "/anchorEventId", { problem: "anchor-not-tree", id, type: t.type, line: t.line }));
  else push(finding("SCOREL_INV_25_QUEUE_CONSUMPTION", e, "/anchorEventId", { problem: "anchor-missing", id }));
}

function checkCompact(a: AuditInput, e: ScorelEvent, push: Push): void {
  const v = e.raw;
  const n = v.retainedEventCount as number;
  if (!Number.isInteger(n) || n < 0)
    push(finding("SCOREL_INV_19_COMPACT_SHAPE", e, "/retainedEventCount", { problem: "retained-count", count: n, integer: Number.isInteger(n) }));
  if (!a.tree.parent.has(e.id)) return;
  const through = v.compactedThrough as string;
  const parent = a.tree.parent.get(e.id) ?? null;
  if (!a.byId.has(through)) push(finding("SCOREL_INV_19_COMPACT_SHAPE", e, "/compactedThrough", { problem: "compacted-through-missing", through }));
  else if (parent === null || !isAncestorOrSelf(a, through, parent))
    push(finding("SCOREL_INV_19_COMPACT_SHAPE", e, "/compactedThrough", { problem: "compacted-through-not-ancestor", through }));
  if (parent !== null && a.byId.get(parent)?.type === "compact")
    push(finding("SCOREL_INV_19_COMPACT_SHAPE", e, "/parentId", { problem: "compact-under-compact", parent }));
}

/** 21: the span the daemon's Snip tool would write (SC-DAEMON5 #snipUserTurn). */
function checkSpan(a: AuditInput, e: ScorelEvent, push: Push): void {
  const anchor = a.byId.get(e.raw.anchorUserEventId as string);
  const through = a.byId.get(e.raw.throughEventId as string);
  const bad = (pointer: string, found: ScorelProblem): void => push(finding("SCOREL_INV_21_CONTEXT_CONTROL_SPAN", e, pointer, found));
  if (!anchor) {
    bad("/anchorUserEventId", { problem: "anchor-user-missing", id: e.raw.anchorUserEventId });
    return;
  }
  if (anchor.type !== "user_message") bad("/anchorUserEventId", { problem: "anchor-not-user", id: anchor.id, type: anchor.type });
  if (!through) {
    bad("/throughEventId", { problem: "through-missing", id: e.raw.throughEventId });
    return;
  }
  // through may be the anchor itself: the daemon's through is "the event before the next user message",
  // which is the anchor when two user messages follow each other (SC-DAEMON5 #snipUserTurn).
  if (!isNode(a, anchor.id) || !isNode(a, through.id) || !isAncestorOrSelf(a, anchor.id, through.id)) {
    bad("/throughEventId", { problem: "through-not-after-anchor", through: through.id, anchor: anchor.id });
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
    if (crossed) bad("/throughEventId", { problem: "span-crosses-user", user: crossed });
    // docs/scorel.md §13 case 35: a hidden compact is skipped by buildContext, so its reset and summary never happen.
    const compact = span.find((id) => a.byId.get(id)?.type === "compact");
    if (compact) bad("/throughEventId", { problem: "span-hides-compact", compact });
  }
  const seq = e.seq ?? -Infinity;
  for (const x of [anchor, through])
    if (x.seq !== undefined && !(seq > x.seq)) bad("/seq", { problem: "seq-not-after", seq: e.seq, otherSeq: x.seq, other: x.id });
}

function checkSections(e: ScorelEvent, push: Push): void {
  const sections = (e.raw.snapshot as { sections: Array<Record<string, unknown>> }).sections;
  const kinds = sections.map((s) => s.kind);
  if (kinds.join() !== SECTION_KINDS.join())
    push(finding("SCOREL_INV_23_SNAPSHOT_PLACEMENT", e, "/snapshot/sections", { problem: "section-kinds", kinds, expected: SECTION_KINDS }));
  sections.forEach((s, i) => {
    if (s.kind !== "agents" || !Array.isArray(s.sources)) return;
    s.sources.forEach((src: unknown, j: number) => {
      const ok =
        isObject(src) && typeof src.path === "string" && typeof src.scope === "string" && typeof src.priority === "number" && typeof src.content === "string";
      if (!ok) push(finding("SCOREL_INV_23_SNAPSHOT_PLACEMENT", e, `/snapshot/sections/${i}/sources/${j}`, { problem: "agents-source-incomplete" }));
    });
  });
}

function checkSnapshotPlacement(a: AuditInput, snaps: ScorelEvent[], firstUser: ScorelEvent | undefined, push: Push): void {
  const cloned = a.header !== null && a.header.clonedFrom !== undefined;
  if (snaps.length === 0) {
    const at = firstUser ?? (cloned ? undefined : null);
    if (at) push(finding("SCOREL_INV_23_SNAPSHOT_PLACEMENT", at, undefined, { problem: "no-snapshot" }));
    else if (at === undefined) push({ code: "SCOREL_INV_23_SNAPSHOT_PLACEMENT", line: 1, pointer: "/clonedFrom", args: { problem: "clone-no-snapshot" } });
    return;
  }
  for (const s of snaps.slice(1)) push(finding("SCOREL_INV_23_SNAPSHOT_PLACEMENT", s, undefined, { problem: "second-snapshot", firstLine: snaps[0].line }));
  if (firstUser && snaps[0].line > firstUser.line)
    push(finding("SCOREL_INV_23_SNAPSHOT_PLACEMENT", snaps[0], undefined, { problem: "snapshot-after-user", userLine: firstUser.line }));
}
