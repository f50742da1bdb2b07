// G0: the pre-v1 `sessions/<id>/log.jsonl` (SC-G0 SessionStore.readEntries + replayLogEntries, docs/scorel.md §11).
// The G0 reader splits on "\n", drops whitespace-only lines, parses each remaining line and normalises it
// (missing ids become `legacy-msg-<n>` / `legacy-rewind-<n>` / `legacy-compact-<n>`, n = 1-based index among
// the non-blank lines, which is the physical line when the file has no blank lines); any bad line throws.
// Replay keeps a linear list of message entries; `rewind {targetMessageId}` truncates it after the target,
// which must be an active user message. sightline models that as a tree: each message hangs under the last
// active message, so a rewind starts a new branch and the path to the active leaf is the replayed history.
import { isObject } from "../../shared/json.js";
import type { ScorelEvent } from "./model.js";
import { emptyLoad, type Finding, type LoadResult } from "./load.js";
import type { LineRec } from "./records.js";

const LEGACY: Record<string, string> = { message: "msg", rewind: "rewind", compact: "compact" };

export function loadG0(recs: readonly LineRec[], file: string): LoadResult {
  const r: LoadResult = { ...emptyLoad(), lineOf: new Map() };
  const fail = (f: Finding, message: string): void => {
    r.findings.push(f);
    if (!r.verdict) r.verdict = { code: "SCOREL_G0_LOAD_ERROR", message, line: f.line, eventId: f.eventId };
  };
  // readEntries: the first bad line (in order) throws, whatever its problem.
  let index = 0;
  const entries: ScorelEvent[] = [];
  for (const rec of recs) {
    if (rec.blank) continue;
    index++;
    const where = `Invalid session log JSON at ${file}:${index}`;
    if (!rec.ok) {
      fail(
        { code: "INVALID_JSON", line: rec.no, args: { detail: rec.bom ? "the line starts with a byte order mark (U+FEFF)" : (rec.error ?? "") } },
        `${where}: ${rec.error}`,
      );
      continue;
    }
    const v = rec.value;
    if (!isObject(v) || !("kind" in v)) {
      fail({ code: "SCOREL_G0_NOT_AN_ENTRY", line: rec.no, args: {} }, `${where}: Entry is not an object`);
      continue;
    }
    const kind = v.kind;
    const known = typeof kind === "string" && (kind in LEGACY || kind === "channel");
    if (!known)
      fail(
        { code: "SCOREL_G0_UNSUPPORTED_KIND", line: rec.no, pointer: "/kind", args: { kind } },
        `${where}: Unsupported session log entry kind: ${String(kind)}`,
      );
    const k = typeof kind === "string" ? kind : String(kind);
    // Channel entries keep no id upstream; sightline names them like the others (docs/product.md §2).
    const id = typeof v.id === "string" && k !== "channel" ? v.id : `legacy-${LEGACY[k] ?? k}-${index}`;
    const ev: ScorelEvent = { line: rec.no, type: k, id, parentId: null, seq: undefined, raw: v, tree: k === "message" };
    r.events.push(ev);
    if (known) entries.push(ev);
  }
  replay(entries, r, r.lineOf!, fail);
  return r;
}

function replay(entries: ScorelEvent[], r: LoadResult, lineOf: Map<string, number>, fail: (f: Finding, message: string) => void): void {
  const { tree } = r;
  const active: ScorelEvent[] = [];
  // The replay crashes reading `.message.role` of a message entry whose message is null/undefined.
  const crash = (e: ScorelEvent): string | undefined => {
    const m = e.raw.message;
    return m === undefined || m === null ? `Cannot read properties of ${m === null ? "null" : "undefined"} (reading 'role')` : undefined;
  };
  const crashed = new Set<string>();
  for (const e of entries) {
    if (!lineOf.has(e.id)) lineOf.set(e.id, e.line);
    if (e.type === "message") {
      const seen = r.byId.get(e.id);
      if (seen) {
        r.findings.push({ code: "SCOREL_G0_DUPLICATE_ID", line: e.line, eventId: e.id, pointer: "/id", args: { id: e.id, firstLine: seen.line } });
        continue;
      }
      r.byId.set(e.id, e);
      const parent = active.at(-1)?.id ?? null;
      e.parentId = parent;
      tree.nodes.push(e.id);
      tree.parent.set(e.id, parent);
      tree.children.set(e.id, []);
      if (parent !== null) tree.children.get(parent)!.push(e.id);
      active.push(e);
    } else {
      if (!r.byId.has(e.id)) r.byId.set(e.id, e);
      if (e.type !== "rewind") continue;
      const target = e.raw.targetMessageId;
      const at = active.findIndex((x) => x.id === target);
      if (at === -1) {
        const m = `Cannot rewind to ${String(target)}: message id was not found in active history`;
        fail({ code: "SCOREL_G0_REWIND_TARGET", line: e.line, eventId: e.id, pointer: "/targetMessageId", args: { target, why: "not-found" } }, m);
        continue;
      }
      const c = crash(active[at]);
      if (c) {
        crashed.add(active[at].id);
        fail({ code: "SCOREL_G0_MESSAGE_MISSING", line: active[at].line, eventId: active[at].id, pointer: "/message", args: { id: active[at].id } }, c);
        continue;
      }
      const role = (active[at].raw.message as { role?: unknown }).role;
      if (role !== "user") {
        const m = `Cannot rewind to ${String(target)}: not a rewindable turn boundary`;
        fail({ code: "SCOREL_G0_REWIND_TARGET", line: e.line, eventId: e.id, pointer: "/targetMessageId", args: { target, why: "not-user", role } }, m);
        continue;
      }
      active.splice(at + 1);
    }
  }
  // toReplayResult maps every active entry's rewindable flag, which reads message.role.
  for (const e of active) {
    const c = crash(e);
    if (c && !crashed.has(e.id)) {
      fail({ code: "SCOREL_G0_MESSAGE_MISSING", line: e.line, eventId: e.id, pointer: "/message", args: { id: e.id } }, c);
    }
  }
  tree.leaves = tree.nodes.filter((id) => tree.children.get(id)!.length === 0);
  tree.activeLeafId = active.at(-1)?.id ?? null;
}
