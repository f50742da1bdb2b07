// Entry/exit times of a depth-first walk of a pi session's tree: O(1) ancestor tests and depths for the incremental
// contexts (incremental.ts), made once per session that asks an ancestor question.
import type { PiSession } from "./model.js";

/** Entry/exit times of a DFS of the tree and every node's depth, for O(1) ancestor tests. */
export interface Euler {
  /** A node's place in the arrays below (one map instead of one per figure: it is made for every entry). */
  slot: Map<string, number>;
  tin: Int32Array;
  tout: Int32Array;
  depth: Int32Array;
}

/** The Euler times of an iterative DFS (no recursion: paths are 40,000 entries deep). */
export function eulerTimes(s: PiSession): Euler {
  const { tree } = s;
  const n = tree.nodes.length;
  const slot = new Map<string, number>();
  const tin = new Int32Array(n);
  const tout = new Int32Array(n);
  const depth = new Int32Array(n);
  let clock = 0;
  // The DFS stack as parallel arrays: a node's slot and its next child to visit (its depth is the stack's).
  const stackSlot: number[] = [];
  const stackKids: (readonly string[])[] = [];
  const stackNext: number[] = [];
  const enter = (id: string, d: number): void => {
    const k = slot.size;
    slot.set(id, k);
    tin[k] = clock++;
    depth[k] = d;
    stackSlot.push(k);
    stackKids.push(tree.children.get(id) ?? []);
    stackNext.push(0);
  };
  for (const root of tree.nodes) {
    if (tree.parent.get(root) !== null) continue;
    enter(root, 0);
    while (stackSlot.length > 0) {
      const top = stackSlot.length - 1;
      const kids = stackKids[top];
      if (stackNext[top] < kids.length) enter(kids[stackNext[top]++], top + 1);
      else {
        tout[stackSlot[top]] = clock++;
        stackSlot.pop();
        stackKids.pop();
        stackNext.pop();
      }
    }
  }
  return { slot, tin, tout, depth };
}
