// Streaming reader for pi / oh-my-pi session files (docs/pi.md §1–§4, §10): title slot, header,
// per-line loader verdict, in-memory migration v1→v2→v3, then tree checks and the profile choice.
import { DiagnosticBag, sortDiagnostics } from "../../shared/diagnostics.js";
import { isObject, parseJson } from "../../shared/json.js";
import { splitText, type LineRecord, type LineSink } from "../../shared/lines.js";
import type { ParseOptions } from "../types.js";
import { omp18LoadFailure } from "./load18.js";
import { migrateEntry, type V1Index } from "./migrate.js";
import type { PiEntry, PiSession, PiTitleSlot, PiVersion } from "./model.js";
import { chooseProfile } from "./profile.js";
import { NEWER_ENTRY_TYPES, newerMarker } from "./newer.js";
import { isKnownEntryType, checkHeaderSchema, checkRecordSchema, checkTitleSlotSchema } from "./schema.js";
import type { SchemaIssue } from "../../schema/ajv.js";
import { piLineFacts, type PiLineFacts } from "./line-facts.js";
import { buildTree, checkTree } from "./tree.js";

/**
 * True when the first JSON record of a file is a pi header, a v17 title slot, or shaped like a pi entry (string
 * type and id, a parentId, an ISO timestamp string): a pi file without its header, which gets pi's verdict.
 */
export function sniffPi(first: unknown): boolean {
  if (!isObject(first)) return false;
  if (first.type === "session" || first.type === "title") return true;
  return typeof first.type === "string" && typeof first.id === "string" && "parentId" in first && typeof first.timestamp === "string";
}

/** The v17 loader's title-slot test (session-title-slot.ts parseTitleSlotObject, as documented in docs/pi.md §2.1). */
function asTitleSlot(v: unknown): { title: string; source?: string } | undefined {
  if (!isObject(v) || v.type !== "title" || v.v !== 1) return undefined;
  if (typeof v.title !== "string" || typeof v.updatedAt !== "string" || typeof v.pad !== "string") return undefined;
  if (v.source !== undefined && v.source !== "auto" && v.source !== "user") return undefined;
  return v.source === undefined ? { title: v.title } : { title: v.title, source: v.source as string };
}

/** The pi parser, which can also take lines whose per-line work was done elsewhere (another thread). */
export interface PiParser extends LineSink<PiSession> {
  pushFacts(f: PiLineFacts): void;
  /** The file's version once its header is accepted (the schema of every later line depends on it). */
  headerVersion(): PiVersion | undefined;
}

export function createPiParser(opts: ParseOptions): PiParser {
  const bag = new DiagnosticBag(opts.file);
  let lineCount = 0;
  let records = 0; // parsed records so far (title slot excluded): the loader's entry index
  let header: Record<string, unknown> | null = null;
  let headerLine = 0;
  let version: PiVersion = 3;
  let empty = false;
  let emptyReported = false;
  let titleSlot: PiTitleSlot | null = null;
  let crlfSeen = false;
  const entries: PiEntry[] = [];
  const v1: V1Index = { ids: [], prevId: null };

  let rejected: { line: number; reason: string } | undefined;
  const pi1Evidence: string[] = [];
  const omp18Evidence: string[] = [];
  let malformed = 0; // lines the loader cannot parse (omp18's verdict counts them, docs/pi.md §8.7)
  const evidence = (m: ReturnType<typeof newerMarker>): void => {
    if (m?.writer === "pi") pi1Evidence.push(m.what);
    else if (m && omp18Evidence.length < 3) omp18Evidence.push(m.what);
  };
  // The verdict waits for the profile: pi ≤ 0.73 reads the file as empty, pi 1.x and oh-my-pi 18 refuse a
  // non-empty one.
  const rejectHeader = (line: number, reason: string): void => {
    empty = true;
    emptyReported = true;
    rejected = { line, reason };
  };

  const onRecord = (value: unknown, line: number, schema?: readonly SchemaIssue[]): void => {
    const index = records++;
    if (index === 0) {
      if (!isObject(value) || value.type !== "session" || typeof value.id !== "string") {
        evidence(isObject(value) && typeof value.type === "string" ? newerMarker({ line, id: "", parentId: null, type: value.type, raw: value }) : undefined);
        rejectHeader(line, isObject(value) && value.type === "session" ? "the header has no string id" : "the first record is not a session header");
        return;
      }
      header = { ...value };
      headerLine = line;
      // migrateToCurrentVersion: `version ?? 1`, compared with JS coercion (`< 2` → v1, `< 3` → v2).
      const v = (value.version ?? 1) as number;
      version = v < 2 ? 1 : v < 3 ? 2 : 3;
      for (const i of checkHeaderSchema(value, version)) bag.add("SCHEMA", { line, pointer: i.pointer }, { pointer: i.pointer, detail: i.detail });
      if (titleSlot) {
        // foldTitleSlot: the slot's title and source replace the header's in memory.
        if (titleSlot.title.length > 0) header.title = titleSlot.title;
        else delete header.title;
        if (titleSlot.source) header.titleSource = titleSlot.source;
        else delete header.titleSource;
      }
      if (version < 3) header.version = 3;
      v1.ids.push(undefined);
      return;
    }
    if (!isObject(value)) {
      v1.ids.push(undefined);
      bag.add("PI_NOT_AN_ENTRY", { line }, { kind: Array.isArray(value) ? "an array" : value === null ? "null" : typeof value });
      return;
    }
    if (value.type === "session") {
      v1.ids.push(undefined);
      bag.add("PI_EXTRA_HEADER", { line });
      return;
    }
    for (const i of schema ?? checkRecordSchema(value as Record<string, unknown>, version))
      bag.add("SCHEMA", { line, pointer: i.pointer }, { pointer: i.pointer, detail: i.detail });
    // Types a newer release writes are reported once per file (PROFILE_NEWER), not per line.
    if (!isKnownEntryType(value.type) && !(typeof value.type === "string" && Object.hasOwn(NEWER_ENTRY_TYPES, value.type)))
      bag.add("PI_UNKNOWN_ENTRY_TYPE", { line, pointer: "/type" }, { type: value.type });
    const entry = migrateEntry(value, line, version, v1, bag);
    entries.push(entry);
  };

  // Everything after the line's own facts (piLineFacts): findings in the order the loader meets them.
  const lineFacts = (f: PiLineFacts): void => {
    if (f.invalidUtf8) bag.add("INVALID_UTF8", { line: f.no });
    if (!crlfSeen && f.cr) {
      crlfSeen = true;
      bag.add("CRLF_LINE", { line: f.no });
    }
    if (f.blank) {
      bag.add("skipped_line", { line: f.no }, { reason: "blank line" });
      return;
    }
    const parsed = f.parsed!;
    if (!parsed.ok) {
      malformed++;
      if (parsed.tooDeep) {
        bag.add("TOO_DEEP", { line: f.no }, { limit: 1000 });
        return;
      }
      const reason = f.terminated ? `not valid JSON: ${parsed.detail}` : `torn last line, not valid JSON: ${parsed.detail}`;
      bag.add("skipped_line", { line: f.no, ...(parsed.column ? { column: parsed.column } : {}) }, { reason });
      return;
    }
    if (!f.terminated) bag.add("TORN_LAST_LINE", { line: f.no });
    if (f.surrogate !== undefined) bag.add("LONE_SURROGATE", { line: f.no, pointer: f.surrogate }, { pointer: f.surrogate });
    // pi 1.5.2 has no title slot: asked for that profile, the slot is a first record that is not a header.
    if (f.no === 1 && opts.profile !== "pi-1.5") {
      const slot = asTitleSlot(parsed.value);
      if (slot) {
        titleSlot = { line: 1, ...slot, raw: parsed.value as Record<string, unknown> };
        for (const i of checkTitleSlotSchema(parsed.value)) bag.add("SCHEMA", { line: 1, pointer: i.pointer }, { pointer: i.pointer, detail: i.detail });
        return;
      }
    }
    onRecord(parsed.value, f.no, f.schema);
  };

  return {
    push(rec: LineRecord): void {
      lineCount = rec.no;
      if (empty) {
        // Still evidence for the profile choice (which decides the loader verdict), nothing else.
        if (pi1Evidence.length < 3 && rec.text.includes('"')) {
          const p = parseJson(rec.text);
          evidence(
            p.ok && isObject(p.value) && typeof p.value.type === "string"
              ? newerMarker({ line: rec.no, id: "", parentId: null, type: p.value.type, raw: p.value })
              : undefined,
          );
        }
        return;
      }
      lineFacts(piLineFacts(rec));
    },
    pushFacts(f: PiLineFacts): void {
      lineCount = f.no;
      // Facts are made for lines after an accepted header only (parse-parallel.ts); anything else is a bug.
      if (empty) throw new Error("pushFacts after a rejected header");
      lineFacts(f);
    },
    headerVersion(): PiVersion | undefined {
      return header && !empty ? version : undefined;
    },
    finish(): PiSession {
      if (records === 0 && !emptyReported) rejectHeader(lineCount || 1, lineCount === 0 ? "the file has no lines" : "the file has no record");
      const kept = empty ? [] : entries;
      const byId = new Map<string, PiEntry>();
      const lineOf = new Map<string, number>();
      for (const e of kept) {
        byId.set(e.id, e);
        lineOf.set(e.id, e.line);
      }
      const h = empty ? null : (header as Record<string, unknown> | null);
      const session: PiSession = {
        format: "pi",
        profile: "pi",
        profileReason: "default",
        file: opts.file,
        diagnostics: [],
        tree: buildTree(kept, byId),
        lineOf,
        lineCount,
        header: h,
        headerLine: empty ? 0 : headerLine,
        version: empty ? 3 : version,
        titleSlot,
        cwd: h && typeof h.cwd === "string" ? h.cwd : null,
        entries: kept,
        byId,
        empty,
      };
      if (h && typeof h.id === "string") session.id = h.id;
      if (!empty) checkTree(session, bag);
      if (pi1Evidence.length > 0) session.pi1Evidence = pi1Evidence;
      if (omp18Evidence.length > 0) session.omp18Evidence = omp18Evidence;
      chooseProfile(session, opts.profile, bag);
      if (rejected)
        bag.add(
          refuses(session.profile, lineCount, records + malformed) ? "refused_session" : "empty_session",
          { line: rejected.line },
          { reason: rejected.reason },
        );
      const fails = !empty && session.profile === "omp18" ? omp18LoadFailure(kept) : undefined;
      if (fails) bag.add("refused_session", { line: fails.line }, { reason: fails.reason, cause: "entry" });
      session.diagnostics = sortDiagnostics(bag.items);
      return session;
    },
  };
}

/**
 * Whether the loader refuses a file without a valid header rather than starting over in it: pi 1.x when it has a
 * line, oh-my-pi 18.3.4 when it has a record or an unparseable line (session-loader.ts invalidHeader, docs/pi.md §8.7).
 */
const refuses = (profile: string, lines: number, recordsOrMalformed: number): boolean =>
  profile === "pi-1.5" ? lines > 0 : profile === "omp18" && recordsOrMalformed > 0;

/** Parses a whole text (a string already in memory). */
export function parsePi(text: string, opts: ParseOptions): PiSession {
  const p = createPiParser(opts);
  for (const l of splitText(text)) p.push(l);
  return p.finish();
}
