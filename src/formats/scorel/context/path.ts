// Root→leaf paths and the context_control hidden set (docs/scorel.md §7.3 step 1, docs/scorel.md §7.6).
import type { ScorelEvent, ScorelSession } from "../model.js";
import type { Rules } from "./rules.js";

/** Ids from the root down to `leafId`, or null when `leafId` is not a tree node. Stops at a cycle. */
export function pathTo(session: ScorelSession, leafId: string): string[] | null {
  const { parent } = session.tree;
  if (!parent.has(leafId)) return null;
  const out: string[] = [];
  const seen = new Set<string>();
  for (let id: string | null | undefined = leafId; id != null && parent.has(id) && !seen.has(id); id = parent.get(id)) {
    seen.add(id);
    out.push(id);
  }
  return out.reverse();
}

export const controlEvents = (session: ScorelSession): ScorelEvent[] => session.events.filter((e) => e.type === "context_control");

/**
 * docs/scorel.md §7.6: every context_control with seq ≤ seq(leaf) whose anchor and through both lie on the path, through
 * not before anchor, hides the inclusive path slice. Spans are unioned (no "same anchor replaces").
 */
export function hiddenSet(controls: readonly ScorelEvent[], path: readonly string[], leaf: ScorelEvent | undefined, rules: Rules): Set<string> {
  const out = new Set<string>();
  if (!rules.hiding || !leaf || controls.length === 0) return out;
  const pos = new Map(path.map((id, i) => [id, i]));
  for (const x of controls) {
    if (!((x.seq as number) <= (leaf.seq as number))) continue; // JS comparison, as upstream: undefined never passes
    const a = pos.get(x.raw.anchorUserEventId as string);
    const t = pos.get(x.raw.throughEventId as string);
    if (a === undefined || t === undefined || t < a) continue;
    for (let k = a; k <= t; k++) out.add(path[k]);
  }
  return out;
}
