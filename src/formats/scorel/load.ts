// The load pass for header-based files (shipped P3-P5 and the design model): walks the parsed lines in the
// shipped loader's order (docs/scorel.md §1 reader steps, docs/scorel.md §3 validation order (a)-(f), docs/scorel.md §15.7), records EVERY problem as a
// finding, and remembers the first one the real loader would stop at (the verdict). It also builds the
// event list and sightline's tree.
//
// sightline's tree keeps reading past problems. A tree event becomes a node when its id is a fresh string
// and its parent is null (first root only) or an earlier node; events with bad payloads, seq or sessionId
// stay in the tree (they are still conversation), events with unusable id/parent do not (nor their
// descendants, each reported). Design profile: the same rules plus the leaf pointer of docs/scorel.md §7.2.
import { coded, type Coded } from "../../shared/codes.js";
import type { ScorelProblem } from "./problems.js";
import { isObject } from "../../shared/json.js";
import type { SessionTree } from "../types.js";
import type { ScorelEvent, ScorelProfile } from "./model.js";
import { headerProblem, sessionProblem, typeProblem, type Problem } from "./checks.js";
import { CONTROL_TYPES, TREE_TYPES } from "./profiles.js";
import type { LineRec } from "./records.js";

/** A problem the load pass found, as data: a code with the args its wording needs, and where. */
export type Finding = Coded & {
  line?: number;
  eventId?: string;
  pointer?: string;
};

export interface Verdict {
  code: string;
  message: string;
  line?: number;
  eventId?: string;
}

export interface LoadResult {
  header: Record<string, unknown> | null;
  /** Physical line of the header (the first non-empty line), when there is one. */
  headerLine?: number;
  events: ScorelEvent[];
  byId: Map<string, ScorelEvent>;
  /**
   * G0 only: the first line of every entry id (messages, rewinds, compacts alike). For the header profiles an id's
   * line is its event's in `byId` (the one table is made per event; the session's lineOf is made from it if asked).
   */
  lineOf?: Map<string, number>;
  tree: SessionTree;
  findings: Finding[];
  verdict: Verdict | null;
  /** Lines whose type, base fields or payload failed the loader checks (schemas skip them). */
  badPayload: Set<number>;
  /** Design profile: the active leaf just before each event (by line), for the D-rules. */
  leafBefore: Map<number, string | null>;
}

type HeaderProfile = Exclude<ScorelProfile, "g0">;

export function emptyTree(): SessionTree {
  return { nodes: [], parent: new Map(), children: new Map(), leaves: [], activeLeafId: null };
}

/** A load result with nothing read yet. */
export function emptyLoad(): LoadResult {
  return {
    header: null,
    events: [],
    byId: new Map(),
    tree: emptyTree(),
    findings: [],
    verdict: null,
    badPayload: new Set(),
    leafBefore: new Map(),
  };
}

export function loadPass(recs: readonly LineRec[], profile: HeaderProfile): LoadResult {
  const r = emptyLoad();
  const note = (f: Finding, loader?: { code: string; message: string }): void => {
    r.findings.push(f);
    if (loader && !r.verdict) r.verdict = { code: loader.code, message: loader.message, line: f.line, eventId: f.eventId };
  };
  const problem = (p: Problem, line: number, eventId?: string): void =>
    note({ ...coded(p.inv, p.detail), line, eventId, pointer: p.pointer }, { code: p.loaderCode, message: p.loaderMessage });

  // docs/scorel.md §1 step 2: physical line 1 empty (an empty file included).
  // An empty file gets EMPTY_FILE from the reader; the verdict is still missing_header.
  const first = recs[0];
  if (!first) r.verdict = { code: "missing_header", message: "Session file is missing a header", line: 1 };
  else if (first.no !== 1 || first.empty) {
    note(
      { code: "SCOREL_INV_01_MISSING_HEADER", line: 1, args: { problem: "line-1-empty" } },
      { code: "missing_header", message: "Session file is missing a header" },
    );
  }
  // docs/scorel.md §15.7: every line is parsed before any event is validated, so the first invalid-JSON line wins.
  for (const rec of recs) {
    if (rec.empty || rec.ok) continue;
    const cause = rec.bom ? "bom" : rec.blank ? "blank" : "parse";
    note(
      { code: "SCOREL_INV_02_INVALID_JSON", line: rec.no, args: { problem: "invalid-json", cause, error: rec.error } },
      { code: "invalid_json", message: `Invalid JSON at line ${rec.no}` },
    );
  }

  const parsed = recs.filter((x) => !x.empty);
  let unreadable = 0;
  for (const x of parsed) if (!x.ok) unreadable++;
  let headerRec = parsed[0];
  let headerSid: string | undefined;
  let eventsFrom = 1;
  if (headerRec && !headerRec.ok) {
    // The loader stopped at invalid_json already. To keep reading, take the header from a BOM line without
    // its BOM, or from the next line when the first one is junk and the next one is a header.
    const next = parsed[1];
    if (isObject(headerRec.recovered)) {
      r.header = headerRec.recovered;
      r.headerLine = headerRec.no;
      if (typeof headerRec.recovered.sessionId === "string") headerSid = headerRec.recovered.sessionId;
    } else if (next?.ok && isObject(next.value) && "version" in next.value) {
      headerRec = next;
      eventsFrom = 2;
    }
  }
  if (headerRec?.ok) {
    const v = headerRec.value;
    if (isObject(v) && typeof v.type === "string" && !("version" in v)) {
      // The file starts with an event: report the missing header once and still read that line as an event.
      const p = headerProblem(v, profile)!;
      problem({ ...p, detail: { problem: "header-is-event", line: headerRec.no, type: v.type }, pointer: undefined }, headerRec.no);
      eventsFrom = 0;
    } else {
      const p = headerProblem(v, profile);
      if (p) problem(p, headerRec.no);
      if (isObject(v)) {
        r.header = v;
        r.headerLine = headerRec.no;
        if (typeof v.sessionId === "string") headerSid = v.sessionId;
      }
    }
  }

  const t = new TreeBuilder(r, profile, unreadable);
  let prevSeq = 0;
  let prevSeqLine: number | undefined;
  for (let i = eventsFrom; i < parsed.length; i++) {
    const rec = parsed[i];
    if (!rec.ok) continue;
    const v = rec.value;
    const sp = sessionProblem(v, headerSid);
    const idOf = isObject(v) && typeof v.id === "string" ? v.id : undefined;
    if (sp) problem(sp, rec.no, idOf);
    if (!isObject(v)) continue;
    const tp = typeProblem(v, profile);
    if (tp) {
      problem(tp, rec.no, idOf);
      r.badPayload.add(rec.no);
    }
    if (typeof v.type !== "string") continue;
    const ev: ScorelEvent = {
      line: rec.no,
      type: v.type,
      id: idOf ?? `#line-${rec.no}`,
      parentId: typeof v.parentId === "string" ? v.parentId : null,
      seq: typeof v.seq === "number" ? v.seq : undefined,
      raw: v,
      tree: TREE_TYPES[profile].has(v.type),
    };
    r.events.push(ev);
    let fresh = false;
    if (idOf !== undefined) {
      const seen = r.byId.get(idOf);
      if (seen) {
        note(
          {
            code: "SCOREL_INV_07_DUPLICATE_ID",
            line: rec.no,
            eventId: idOf,
            pointer: "/id",
            args: { problem: "duplicate-id", id: idOf, firstLine: seen.line },
          },
          { code: "duplicate_event_id", message: `Duplicate event id: ${idOf}` },
        );
      } else {
        fresh = true;
        r.byId.set(idOf, ev);
      }
    }
    if (typeof v.seq === "number") {
      if (!(v.seq > prevSeq)) {
        const found: ScorelProblem =
          prevSeqLine === undefined
            ? { problem: "seq-not-positive", seq: v.seq }
            : { problem: "seq-not-increasing", seq: v.seq, prev: prevSeq, prevLine: prevSeqLine };
        note(
          { code: "SCOREL_INV_08_NON_MONOTONIC_SEQ", line: rec.no, eventId: idOf, pointer: "/seq", args: found },
          { code: "non_monotonic_seq", message: `Event seq ${String(v.seq)} must be greater than ${String(prevSeq)}` },
        );
      }
      prevSeq = v.seq;
      prevSeqLine = rec.no;
    }
    t.add(ev, fresh && (v.parentId === null || typeof v.parentId === "string"));
  }
  t.finish();
  return r;
}

/** Builds SessionTree while the pass runs; parent problems become INV_09 / INV_10 findings. */
class TreeBuilder {
  private rootId: string | null = null;
  private leaf: string | null = null;
  private readonly pendingParent: Array<{ f: Finding; parentId: string; noRoot: boolean }> = [];
  constructor(
    private readonly r: LoadResult,
    private readonly profile: HeaderProfile,
    private readonly unreadable: number,
  ) {}

  add(ev: ScorelEvent, usable: boolean): void {
    const { tree } = this.r;
    if (this.profile === "design") this.r.leafBefore.set(ev.line, this.leaf);
    if (ev.tree && usable) {
      const pid = ev.raw.parentId as string | null;
      if (pid === null) {
        if (this.rootId !== null) {
          const f: Finding = {
            code: "SCOREL_INV_09_ROOT",
            line: ev.line,
            eventId: ev.id,
            pointer: "/parentId",
            args: { problem: "second-root", root: this.rootId, rootLine: this.r.byId.get(this.rootId)?.line },
          };
          this.note(f, "Only the first event can have a null parentId");
          this.moveLeaf(ev, false);
          return;
        }
        this.rootId = ev.id;
      } else if (!tree.parent.has(pid)) {
        const f: Finding = {
          code: "SCOREL_INV_10_PARENT",
          line: ev.line,
          eventId: ev.id,
          pointer: "/parentId",
          args: { problem: "bad-parent", parentId: pid, why: "missing", unreadable: 0, noRoot: false },
        };
        this.note(f, `Missing parent event: ${pid}`);
        this.pendingParent.push({ f, parentId: pid, noRoot: this.rootId === null });
        this.moveLeaf(ev, false);
        return;
      }
      tree.nodes.push(ev.id);
      tree.parent.set(ev.id, pid);
      tree.children.set(ev.id, []);
      if (pid !== null) tree.children.get(pid)!.push(ev.id);
      this.moveLeaf(ev, true);
      return;
    }
    this.moveLeaf(ev, false);
  }

  private note(f: Finding, message: string): void {
    this.r.findings.push(f);
    if (!this.r.verdict) this.r.verdict = { code: "invalid_parent", message, line: f.line, eventId: f.eventId };
  }

  /** The design leaf pointer (docs/scorel.md §7.2); shipped: the last appended node (docs/scorel.md §7.1). */
  private moveLeaf(ev: ScorelEvent, added: boolean): void {
    if (this.profile !== "design") {
      if (added) this.leaf = ev.id;
      return;
    }
    const isNode = (id: unknown): id is string => typeof id === "string" && this.r.tree.parent.has(id);
    if (ev.type === "rewind") {
      if (isNode(ev.raw.targetEventId)) this.leaf = ev.raw.targetEventId;
    } else if (ev.type === "branch") {
      if (isNode(ev.raw.leafEventId)) this.leaf = ev.raw.leafEventId;
    } else if (added && ["message", "custom_message", "compact", "harness_item"].includes(ev.type)) {
      // harness_item is conversation content in the later design (docs/scorel.md §6.3), so it moves the leaf like a message.
      this.leaf = ev.id;
    }
  }

  finish(): void {
    const { tree, byId } = this.r;
    tree.leaves = tree.nodes.filter((id) => tree.children.get(id)!.length === 0);
    tree.activeLeafId = this.leaf;
    for (const { f, parentId, noRoot } of this.pendingParent) {
      const target = byId.get(parentId);
      const line = target?.line;
      const at = { problem: "bad-parent", parentId, noRoot } as const;
      let found: ScorelProblem;
      if (parentId === f.eventId) found = { ...at, why: "self" };
      else if (!target) found = { ...at, why: "missing", unreadable: this.unreadable };
      else if (line !== undefined && line > (f.line ?? 0)) found = { ...at, why: "later", line };
      else if (CONTROL_TYPES[this.profile].has(target.type)) found = { ...at, why: "control", type: target.type, line };
      else if (!target.tree) found = { ...at, why: "not-tree", type: target.type, line, profile: this.profile };
      else {
        // The parent is a tree event left out of the tree; its own problem is reported on its line.
        Object.assign(f, { code: "SCOREL_NOT_IN_TREE", args: { id: f.eventId, parentId, parentLine: line } } satisfies Coded<"SCOREL_NOT_IN_TREE">);
        continue;
      }
      Object.assign(f, { args: found } satisfies Pick<Coded<"SCOREL_INV_10_PARENT">, "args">);
    }
  }
}
