// The entry tree and its structural checks (docs/pi.md §4, §6.1). The leaf the loader resumes at is
// the last entry in file order.
import type { DiagnosticBag } from "../../shared/diagnostics.js";
import { isObject } from "../../shared/json.js";
import type { SessionTree } from "../types.js";
import type { PiEntry, PiSession } from "./model.js";

/** Entry types whose references the tree checks resolve (checkReferences). */
const refers = (type: string): boolean => type === "compaction" || type === "label" || type === "branch_summary" || type === "context_edit";

/**
 * The tree and the id maps of a session, built as its entries are read (a reader on several threads hands
 * entries on while other threads still parse, so this work leaves the part that waits for the whole file).
 * A repeated id keeps its first place and the last entry's parent, as `byId` keeps the last entry.
 *
 * While every id is new and every parent came before its child (what writers do), the roots and the entries
 * the whole-file checks must look at again are gathered as entries come: such a file holds no cycle, and only
 * dangling parents and references wait for the end. A repeated id or a parent that comes after its child sends
 * the checks back to the whole-file way (`checkTree`).
 *
 * Per entry only `byId` is kept: the nodes (its keys, in first-seen order), each node's parent and line (its
 * last entry's) and the children lists follow from it, and are made when asked for (`tree`, `lineOf`). The
 * checks need none of them, so `validate` never makes them; a replay makes them once.
 */
export class TreeBuilder {
  readonly byId = new Map<string, PiEntry>();
  #lineOf: Map<string, number> | undefined;
  #last: string | null = null;
  readonly #incremental: boolean;
  #repeated = false;
  /** Entries whose parent had not come yet: dangling, or (rare) a parent further on. */
  readonly #parentLater: PiEntry[] = [];
  readonly #referring: PiEntry[] = [];
  #firstRoot: string | undefined;
  readonly #extraRoots: PiEntry[] = [];

  /** `incremental` false: always the whole-file way (tests compare the two). */
  constructor(incremental = true) {
    this.#incremental = incremental;
  }

  add(e: PiEntry): void {
    this.#last = e.id;
    // Looked up before this entry is in: an entry that is its own parent waits too.
    const parentCame = e.parentId !== null && this.byId.has(e.parentId);
    // Whether the id is new, from the map's size: one look-up fewer per entry of a large file.
    const known = this.byId.size;
    this.byId.set(e.id, e);
    this.#lineOf = undefined;
    if (this.byId.size === known) this.#repeated = true;
    if (this.#repeated || !this.#incremental) return;
    if (e.parentId === null) {
      if (this.#firstRoot === undefined) this.#firstRoot = e.id;
      else if (e.type !== "branch_summary") this.#extraRoots.push(e);
    } else if (!parentCame) this.#parentLater.push(e);
    if (refers(e.type)) this.#referring.push(e);
  }

  /** Each id's line (its last entry's). */
  get lineOf(): Map<string, number> {
    if (!this.#lineOf) {
      this.#lineOf = new Map();
      for (const [id, e] of this.byId) this.#lineOf.set(id, e.line);
    }
    return this.#lineOf;
  }

  /** Whether what was gathered as entries came holds for the whole file: no repeated id, no parent after its child. */
  #gathered(): boolean {
    return this.#incremental && !this.#repeated && this.#parentLater.every((e) => !this.byId.has(e.parentId!));
  }

  /** The tree of the entries added; the leaf the loader resumes at is the last one. */
  tree(): SessionTree {
    const nodes: string[] = [];
    const parent = new Map<string, string | null>();
    for (const [id, e] of this.byId) {
      nodes.push(id);
      parent.set(id, e.parentId);
    }
    return wholeTree(nodes, parent, this.#last);
  }

  /** The tree checks of the session these entries make (`checkTree`, with what was gathered when it holds). */
  check(s: PiSession, bag: DiagnosticBag): void {
    if (!this.#gathered()) {
      checkTree(s, bag);
      return;
    }
    // The order of findings differs from checkTree's; the reader sorts them (by line, severity and code,
    // which are never the same for two of these).
    for (const e of this.#parentLater) bag.add("PI_DANGLING_PARENT", { line: e.line, eventId: e.id }, { id: e.id, parentId: e.parentId! });
    for (const e of this.#extraRoots) bag.add("PI_EXTRA_ROOT", { line: e.line, eventId: e.id }, { id: e.id, firstRoot: this.#firstRoot! });
    for (const e of this.#referring) checkReferences(s, e, bag);
    if (this.#firstRoot === undefined && s.entries.length > 0) bag.add("PI_NO_ROOT", { line: s.entries[0].line });
  }
}

/** The tree of nodes in file order, from every node's parent. */
function wholeTree(nodes: string[], parent: Map<string, string | null>, last: string | null): SessionTree {
  const children = new Map<string, string[]>();
  for (const id of nodes) children.set(id, []);
  for (const id of nodes) {
    const p = parent.get(id);
    if (p != null && children.has(p)) children.get(p)!.push(id);
  }
  return {
    nodes,
    parent,
    children,
    leaves: nodes.filter((id) => children.get(id)!.length === 0),
    activeLeafId: last,
  };
}

/**
 * Whether `target` is a proper ancestor of `id`: walks up only until it is met (or the root), so checking
 * every compaction costs O(distance to its kept entry), not O(depth). Cycle-safe: the walk stops at a
 * repeat, as v17 does, and `id` itself never counts (also when a cycle leads back to it).
 */
export function isProperAncestor(byId: ReadonlyMap<string, PiEntry>, id: string, target: string): boolean {
  if (target === id) return false;
  const seen = new Set<string>();
  let cur = byId.get(id);
  while (cur && !seen.has(cur.id)) {
    if (cur.id === target) return true;
    seen.add(cur.id);
    cur = cur.parentId ? byId.get(cur.parentId) : undefined;
  }
  return false;
}

function checkCycles(s: PiSession, bag: DiagnosticBag): void {
  // 0 = unseen, 1 = on the current walk, 2 = done. Each cycle is reported once, at its first line.
  const state = new Map<string, number>();
  for (const start of s.tree.nodes) {
    if (state.get(start)) continue;
    const walk: string[] = [];
    let cur: string | null | undefined = start;
    while (cur != null && s.byId.has(cur) && !state.get(cur)) {
      state.set(cur, 1);
      walk.push(cur);
      cur = s.tree.parent.get(cur);
    }
    if (cur != null && state.get(cur) === 1) {
      const cycle = walk.slice(walk.indexOf(cur));
      const first = cycle.reduce((a, b) => (s.byId.get(a)!.line <= s.byId.get(b)!.line ? a : b));
      bag.add("PI_PARENT_CYCLE", { line: s.byId.get(first)!.line, eventId: first }, { cycle: cycle.join(" → ") });
    }
    for (const id of walk) state.set(id, 2);
  }
}

export function checkTree(s: PiSession, bag: DiagnosticBag): void {
  const firstLine = new Map<string, number>();
  let firstRoot: string | undefined;
  for (const e of s.entries) {
    const at = { line: e.line, eventId: e.id };
    const seen = firstLine.get(e.id);
    if (seen !== undefined) bag.add("PI_DUPLICATE_ID", at, { id: e.id, firstLine: seen });
    else firstLine.set(e.id, e.line);
    if (e.parentId !== null && !s.byId.has(e.parentId)) bag.add("PI_DANGLING_PARENT", at, { id: e.id, parentId: e.parentId });
    if (e.parentId === null && seen === undefined) {
      // pi's tree navigation back to the first message starts a new root: branchWithSummary(null) writes a
      // branch_summary with parentId null (fromId: the abandoned leaf, or "root"); without a summary,
      // resetLeaf() makes the next entry a root (pi-coding-agent 1.5.2 agent-session / session-manager).
      const newRootSummary = e.type === "branch_summary";
      if (firstRoot === undefined) firstRoot = e.id;
      else if (!newRootSummary) bag.add("PI_EXTRA_ROOT", at, { id: e.id, firstRoot });
    }
    checkReferences(s, e, bag);
  }
  if (firstRoot === undefined && s.entries.length > 0) bag.add("PI_NO_ROOT", { line: s.entries[0].line });
  checkCycles(s, bag);
}

function checkReferences(s: PiSession, e: PiEntry, bag: DiagnosticBag): void {
  const at = { line: e.line, eventId: e.id };
  const r = e.raw;
  if (e.type === "compaction" && isObject(r.preserveData) && isObject(r.preserveData.snapcompact)) bag.add("PI_SNAPCOMPACT_NOT_REPLAYED", at);
  if (e.type === "label" && typeof r.targetId === "string" && !s.byId.has(r.targetId)) {
    bag.add("PI_LABEL_TARGET_MISSING", at, { targetId: r.targetId });
  } else if (e.type === "branch_summary" && typeof r.fromId === "string" && r.fromId !== "root" && !s.byId.has(r.fromId)) {
    bag.add("PI_BRANCH_FROM_MISSING", at, { fromId: r.fromId });
  } else if (e.type === "compaction" && r.firstKeptEntryId === "" && typeof r.providerReplayThroughEntryId === "string") {
    // oh-my-pi 18 native compaction: no kept entry by id; the replay-through entry bounds the tail (docs/pi.md §8.4).
  } else if (e.type === "compaction" && typeof r.firstKeptEntryId === "string") {
    if (!s.byId.has(r.firstKeptEntryId)) bag.add("PI_FIRST_KEPT_MISSING", at, { firstKeptEntryId: r.firstKeptEntryId });
    // A compaction keeping itself is pi 1.x's retain-none compaction (nothing before it is kept), not a mistake.
    else if (r.firstKeptEntryId !== e.id && !isProperAncestor(s.byId, e.id, r.firstKeptEntryId))
      bag.add("PI_FIRST_KEPT_OFF_PATH", at, { firstKeptEntryId: r.firstKeptEntryId });
  } else if (e.type === "context_edit" && typeof r.targetId === "string") {
    // pi writes edits of entries on the active branch only; any other edit changes no context of its branch.
    if (!s.byId.has(r.targetId)) bag.add("PI_EDIT_TARGET_MISSING", at, { targetId: r.targetId });
    else if (!isProperAncestor(s.byId, e.id, r.targetId)) bag.add("PI_EDIT_TARGET_OFF_PATH", at, { targetId: r.targetId });
  }
}
