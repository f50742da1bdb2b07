// Design profile leaf pointer (docs/scorel.md §7.2): folded over the events in file
// (= seq) order. message/custom_message/compact/harness_item join the tree and become the leaf; rewind
// moves the leaf to its target (the rewind node itself stays a dead end under the old leaf); branch moves
// it to an existing leaf; everything else leaves it alone.
import type { ScorelSession } from "../model.js";

const JOINS = new Set(["message", "custom_message", "compact", "harness_item"]);

/** The design model's leaf after each event is applied: the returned array is parallel to session.events. */
export function designLeaves(session: ScorelSession): (string | null)[] {
  let leaf: string | null = null;
  return session.events.map((ev) => {
    if (JOINS.has(ev.type)) leaf = ev.id;
    else if (ev.type === "rewind" && typeof ev.raw.targetEventId === "string") leaf = ev.raw.targetEventId;
    else if (ev.type === "branch" && typeof ev.raw.leafEventId === "string") leaf = ev.raw.leafEventId;
    return leaf;
  });
}

/** The design model's active leaf after the whole file (null: no conversation yet). */
export function designActiveLeaf(session: ScorelSession): string | null {
  const leaves = designLeaves(session);
  return leaves.length > 0 ? leaves[leaves.length - 1] : null;
}
