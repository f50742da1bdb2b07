// Streaming reader for pi / oh-my-pi session files (docs/pi.md §1–§4, §10): title slot, header,
// per-line loader verdict, in-memory migration v1→v2→v3, then tree checks and the profile choice.
import { DiagnosticBag, sortDiagnostics } from "../../shared/diagnostics.js";
import { isObject, parseJson } from "../../shared/json.js";
import { splitText, type LineRecord, type LineSink } from "../../shared/lines.js";
import type { ParseOptions } from "../types.js";
import { omp18LoadFailure } from "./load18.js";
import { migrateEntry, type V1Index } from "./migrate.js";
import type { PiEntry, PiSession, PiTitleSlot, PiVersion } from "./model.js";
import { chooseProfile, EntryMarkers } from "./profile.js";
import { NEWER_ENTRY_TYPES, newerMarker } from "./newer.js";
import { isKnownEntryType, checkHeaderSchema, checkRecordSchema, checkTitleSlotSchema } from "./schema.js";
import type { SchemaIssue } from "../../schema/ajv.js";
import { piLineFacts, type PiLineFacts } from "./line-facts.js";
import { TreeBuilder } from "./tree.js";

export { sniffPi } from "./head.js";

/** The v17 loader's title-slot test (session-title-slot.ts parseTitleSlotObject, as documented in docs/pi.md §2.1). */
function asTitleSlot(v: unknown): { title: string; source?: string } | undefined {
  if (!isObject(v) || v.type !== "title" || v.v !== 1) return undefined;
  if (typeof v.title !== "string" || typeof v.updatedAt !== "string" || typeof v.pad !== "string") return undefined;
  if (v.source !== undefined && v.source !== "auto" && v.source !== "user") return undefined;
  return v.source === undefined ? { title: v.title } : { title: v.title, source: v.source as string };
}

/** Markers of newer writers seen in the file: the profile choice reads them (docs/pi.md §8.7, §9). */
class NewerEvidence {
  readonly pi1: string[] = [];
  readonly omp18: string[] = [];

  add(m: ReturnType<typeof newerMarker>): void {
    if (m?.writer === "pi") this.pi1.push(m.what);
    else if (m && this.omp18.length < 3) this.omp18.push(m.what);
  }

  /** The marker of a record with a string type, if it is one a newer release writes. */
  addRecord(value: unknown, line: number): void {
    this.add(isObject(value) && typeof value.type === "string" ? newerMarker({ line, id: "", parentId: null, type: value.type, raw: value }) : undefined);
  }
}

/**
 * The pi reader as steps over one line at a time: the line's own facts (line-facts.ts: made here, or on another
 * thread and handed in with pushFacts), line checks (`#checkLine`), JSON (`#parseLine`), the v17 title
 * slot (`#takeTitleSlot`), then the header (`#onHeader`) or an entry (`#onEntry`); `finish` assembles the session
 * (`#session`) and gives the loader's verdict once the profile is known (`#verdict`).
 */
export class PiParser implements LineSink<PiSession> {
  readonly #opts: ParseOptions;
  readonly #bag: DiagnosticBag;
  #lineCount = 0;
  /** Parsed records so far (title slot excluded): the loader's entry index. */
  #records = 0;
  /** Lines the loader cannot parse (omp18's verdict counts them, docs/pi.md §8.7). */
  #malformed = 0;
  #header: Record<string, unknown> | null = null;
  #headerLine = 0;
  #version: PiVersion = 3;
  #titleSlot: PiTitleSlot | null = null;
  #crlfSeen = false;
  readonly #entries: PiEntry[] = [];
  /** The ids, lines and tree of the entries, built as they come. */
  readonly #tree = new TreeBuilder();
  readonly #v1: V1Index = { ids: [], prevId: null };
  readonly #evidence = new NewerEvidence();
  /** What the profile choice reads of the entries, gathered as they come. */
  readonly #markers = new EntryMarkers();
  /** No valid header: the file reads as empty (or is refused, once the profile is known). */
  #empty = false;
  #rejected: { line: number; reason: string } | undefined;

  constructor(opts: ParseOptions) {
    this.#opts = opts;
    this.#bag = new DiagnosticBag(opts.file);
  }

  push(rec: LineRecord): void {
    this.#lineCount = rec.no;
    if (this.#empty) {
      this.#evidenceOnly(rec);
      return;
    }
    // A line the byte reader saw without "\u" holds no escaped surrogate to look for.
    this.#line(piLineFacts(rec, undefined, rec.noUnicodeEscape !== true));
  }

  /** A line whose own facts were made elsewhere (parse-parallel: only lines after an accepted header). */
  pushFacts(f: PiLineFacts): void {
    this.#lineCount = f.no;
    if (this.#empty) throw new Error("pushFacts after a rejected header");
    this.#line(f);
  }

  /** The file's version once its header is accepted (the schema of every later line depends on it). */
  headerVersion(): PiVersion | undefined {
    return this.#header && !this.#empty ? this.#version : undefined;
  }

  #line(f: PiLineFacts): void {
    if (!this.#checkLine(f)) return;
    const value = this.#parseLine(f);
    if (value === NOT_JSON || this.#takeTitleSlot(f.no, value)) return;
    const index = this.#records++;
    if (index === 0) this.#onHeader(value, f.no);
    else this.#onEntry(value, f.no, f.schema);
  }

  finish(): PiSession {
    if (this.#records === 0 && !this.#rejected)
      this.#rejectHeader(this.#lineCount || 1, this.#lineCount === 0 ? "the file has no lines" : "the file has no record");
    const session = this.#session();
    if (!this.#empty) this.#tree.check(session, this.#bag);
    if (this.#evidence.pi1.length > 0) session.pi1Evidence = this.#evidence.pi1;
    if (this.#evidence.omp18.length > 0) session.omp18Evidence = this.#evidence.omp18;
    chooseProfile(session, this.#opts.profile, this.#bag, this.#empty ? undefined : this.#markers);
    this.#verdict(session);
    session.diagnostics = sortDiagnostics(this.#bag.items);
    return session;
  }

  // After a rejected header, a line is still evidence for the profile choice (which decides the verdict), nothing else.
  #evidenceOnly(rec: LineRecord): void {
    if (this.#evidence.pi1.length >= 3 || !rec.text.includes('"')) return;
    const p = parseJson(rec.text);
    this.#evidence.addRecord(p.ok ? p.value : undefined, rec.no);
  }

  /** Findings about the line as bytes; false for a blank line, which holds no record. */
  #checkLine(f: PiLineFacts): boolean {
    if (f.invalidUtf8) this.#bag.add("INVALID_UTF8", { line: f.no });
    if (!this.#crlfSeen && f.cr) {
      this.#crlfSeen = true;
      this.#bag.add("CRLF_LINE", { line: f.no });
    }
    if (!f.blank) return true;
    this.#bag.add("skipped_line", { line: f.no }, { reason: "blank line" });
    return false;
  }

  /** The line's JSON value, or NOT_JSON (reported) for a line the loader skips. */
  #parseLine(f: PiLineFacts): unknown {
    const rec = f;
    const parsed = f.parsed!;
    if (!parsed.ok) {
      this.#malformed++;
      if (parsed.tooDeep) this.#bag.add("TOO_DEEP", { line: rec.no }, { limit: 1000 });
      else {
        const reason = rec.terminated ? `not valid JSON: ${parsed.detail}` : `torn last line, not valid JSON: ${parsed.detail}`;
        this.#bag.add("skipped_line", { line: rec.no, ...(parsed.column ? { column: parsed.column } : {}) }, { reason });
      }
      return NOT_JSON;
    }
    if (!rec.terminated) this.#bag.add("TORN_LAST_LINE", { line: rec.no });
    if (f.surrogate !== undefined) this.#bag.add("LONE_SURROGATE", { line: f.no, pointer: f.surrogate }, { pointer: f.surrogate });
    return parsed.value;
  }

  /** A v17 title slot on line 1 is kept aside (pi 1.5.2 has none: asked for that profile, it is a record). */
  #takeTitleSlot(no: number, value: unknown): boolean {
    if (no !== 1 || this.#opts.profile === "pi-1.5") return false;
    const slot = asTitleSlot(value);
    if (!slot) return false;
    this.#titleSlot = { line: 1, ...slot, raw: value as Record<string, unknown> };
    for (const i of checkTitleSlotSchema(value)) this.#bag.add("SCHEMA", { line: 1, pointer: i.pointer }, { pointer: i.pointer, detail: i.detail });
    return true;
  }

  // The verdict waits for the profile: pi ≤ 0.73 reads the file as empty, pi 1.x and oh-my-pi 18 refuse a
  // non-empty one.
  #rejectHeader(line: number, reason: string): void {
    this.#empty = true;
    this.#rejected = { line, reason };
  }

  #onHeader(value: unknown, line: number): void {
    if (!isObject(value) || value.type !== "session" || typeof value.id !== "string") {
      this.#evidence.addRecord(value, line);
      this.#rejectHeader(line, isObject(value) && value.type === "session" ? "the header has no string id" : "the first record is not a session header");
      return;
    }
    const header: Record<string, unknown> = { ...value };
    this.#header = header;
    this.#headerLine = line;
    // migrateToCurrentVersion: `version ?? 1`, compared with JS coercion (`< 2` → v1, `< 3` → v2).
    const v = (value.version ?? 1) as number;
    this.#version = v < 2 ? 1 : v < 3 ? 2 : 3;
    for (const i of checkHeaderSchema(value, this.#version)) this.#bag.add("SCHEMA", { line, pointer: i.pointer }, { pointer: i.pointer, detail: i.detail });
    const slot = this.#titleSlot;
    if (slot) {
      // foldTitleSlot: the slot's title and source replace the header's in memory.
      if (slot.title.length > 0) header.title = slot.title;
      else delete header.title;
      if (slot.source) header.titleSource = slot.source;
      else delete header.titleSource;
    }
    if (this.#version < 3) header.version = 3;
    this.#v1.ids.push(undefined);
  }

  #onEntry(value: unknown, line: number, schema?: readonly SchemaIssue[]): void {
    const bag = this.#bag;
    if (!isObject(value)) {
      this.#v1.ids.push(undefined);
      bag.add("PI_NOT_AN_ENTRY", { line }, { kind: Array.isArray(value) ? "an array" : value === null ? "null" : typeof value });
      return;
    }
    if (value.type === "session") {
      this.#v1.ids.push(undefined);
      bag.add("PI_EXTRA_HEADER", { line });
      return;
    }
    for (const i of schema ?? checkRecordSchema(value as Record<string, unknown>, this.#version))
      bag.add("SCHEMA", { line, pointer: i.pointer }, { pointer: i.pointer, detail: i.detail });
    // Types a newer release writes are reported once per file (PROFILE_NEWER), not per line.
    if (!isKnownEntryType(value.type) && !(typeof value.type === "string" && Object.hasOwn(NEWER_ENTRY_TYPES, value.type)))
      bag.add("PI_UNKNOWN_ENTRY_TYPE", { line, pointer: "/type" }, { type: value.type });
    const entry = migrateEntry(value, line, this.#version, this.#v1, bag);
    this.#entries.push(entry);
    this.#tree.add(entry);
    this.#markers.add(entry);
  }

  /** The session the entries make (an empty file keeps none), before the profile choice. */
  #session(): PiSession {
    const empty = this.#empty;
    const kept = empty ? [] : this.#entries;
    const built = empty ? new TreeBuilder() : this.#tree;
    const h = empty ? null : this.#header;
    const session: PiSession = {
      format: "pi",
      profile: "pi",
      profileReason: "default",
      file: this.#opts.file,
      diagnostics: [],
      tree: EMPTY_TREE,
      lineOf: EMPTY_LINES,
      lineCount: this.#lineCount,
      header: h,
      headerLine: empty ? 0 : this.#headerLine,
      version: empty ? 3 : this.#version,
      titleSlot: this.#titleSlot,
      cwd: h && typeof h.cwd === "string" ? h.cwd : null,
      entries: kept,
      byId: built.byId,
      empty,
    };
    if (h && typeof h.id === "string") session.id = h.id;
    lazily(session, "tree", () => built.tree());
    lazily(session, "lineOf", () => built.lineOf);
    return session;
  }

  /** The loader's verdict under the chosen profile: an empty file read as empty or refused, an omp18 entry it refuses. */
  #verdict(session: PiSession): void {
    const rejected = this.#rejected;
    if (rejected)
      this.#bag.add(
        refuses(session.profile, this.#lineCount, this.#records + this.#malformed) ? "refused_session" : "empty_session",
        { line: rejected.line },
        { reason: rejected.reason },
      );
    const fails = !this.#empty && session.profile === "omp18" ? omp18LoadFailure(session.entries) : undefined;
    if (fails) this.#bag.add("refused_session", { line: fails.line }, { reason: fails.reason, cause: "entry" });
  }
}

const NOT_JSON: unique symbol = Symbol("not JSON");
// Placeholders of the session literal: `lazily` replaces both before the session is returned.
const EMPTY_TREE = { nodes: [], parent: new Map(), children: new Map(), leaves: [], activeLeafId: null };
const EMPTY_LINES = new Map<string, number>();

/**
 * The session's `key` made on first read (then an ordinary value): the tree and the lines of a large file cost
 * a pass over every entry, which `validate` (findings only) never needs. Reads, spreads, clones and assignments
 * see a plain property.
 */
function lazily<K extends "tree" | "lineOf">(session: PiSession, key: K, make: () => PiSession[K]): void {
  let value: PiSession[K] | undefined;
  Object.defineProperty(session, key, {
    get: () => (value ??= make()),
    set: (v: PiSession[K]) => {
      value = v;
    },
    enumerable: true,
    configurable: true,
  });
}

export function createPiParser(opts: ParseOptions): PiParser {
  return new PiParser(opts);
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
