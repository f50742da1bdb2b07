// Streaming reader for one yoi segment file: JSON per line, the profile decision, the loader verdict
// of the real reader (docs/yoi.md §1, Corrections) and the docs/yoi.md §8 invariants.
import { DiagnosticBag, sortDiagnostics } from "../../shared/diagnostics.js";
import { findLoneSurrogate, hasLoneSurrogate, isObject, parseJson } from "../../shared/json.js";
import { splitText, feedLines, type LineRecord, type LineSink } from "../../shared/lines.js";
import { rustTrim } from "./rust-trim.js";
import type { ParseOptions, SessionTree } from "../types.js";
import { checkLogEntry, checkMigratingEntry, LEGACY_HISTORY, LOG_ENTRY_KINDS } from "./catalog.js";
import { yoiInvariants } from "./invariants.js";
import { baseKind, entryId, YOI_PROFILES, type YoiEntry, type YoiProfile, type YoiSession, type YoiVerdict } from "./model.js";
import { needsSerdeView, serdeView } from "./lexeme.js";
import { addHeadMarkers, v3Marker } from "./profile.js";

export { sniffYoi } from "./head.js";

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** serde_json's recursion limit is 128: a value nested 128 deep fails ("recursion limit exceeded"). */
const SERDE_MAX_DEPTH = 127;

interface Line {
  no: number;
  terminated: boolean;
  blank: boolean;
  invalidUtf8: boolean;
  /** UTF-8 byte offset of the line's start in the file (for the head reader's Utf8Error index). */
  byteStart: number;
  /** UTF-8 bytes before the first U+FFFD of an invalid line (where the bad sequence starts, as far as we know). */
  badAt?: number;
  value?: unknown;
  /** What serde sees, when it differs from `value` (f64 lexemes, duplicate keys; lexeme.ts). */
  serdeValue?: unknown;
  jsonError?: string;
}

function utf8Length(s: string, end = s.length): number {
  // Every line's length in bytes: counted natively (V8's UTF-8 length, no encoding), several times faster than a
  // loop over each character. A string with a lone surrogate (never a line decoded from bytes) keeps the loop's count.
  if (end === s.length && !hasLoneSurrogate(s)) return Buffer.byteLength(s, "utf8");
  let n = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** serde_json's message for a string escape holding an unpaired surrogate. */
function surrogateMessage(value: unknown, ptr: string): string {
  let v: unknown = value;
  for (const part of ptr.split("/").slice(1))
    v = isObject(v) || Array.isArray(v) ? (v as Record<string, unknown>)[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  const s = typeof v === "string" && hasLoneSurrogate(v) ? v : "";
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) return "lone leading surrogate in hex escape";
    if (c >= 0xd800 && c <= 0xdbff) {
      const n = s.charCodeAt(i + 1);
      if (n >= 0xdc00 && n <= 0xdfff) i++;
      else return "unexpected end of hex escape";
    }
  }
  return "unexpected end of hex escape";
}

function readLine(rec: LineRecord, byteStart: number): Line {
  const line: Line = { no: rec.no, terminated: rec.terminated, blank: false, invalidUtf8: !!rec.invalidUtf8, byteStart };
  if (line.invalidUtf8) {
    const at = rec.text.indexOf("\uFFFD");
    line.badAt = byteStart + utf8Length(rec.text, at < 0 ? rec.text.length : at);
    return line;
  }
  // Rust `lines()` drops a "\r" before "\n"; str::trim() is Unicode White_Space.
  if (rustTrim(rec.text) === "") {
    line.blank = true;
    return line;
  }
  const r = parseJson(rec.text, SERDE_MAX_DEPTH);
  if (!r.ok) {
    line.jsonError = r.tooDeep ? "recursion limit exceeded" : r.detail;
    return line;
  }
  // A lone surrogate in a parsed string comes from a \uD8xx–\uDFxx escape (or raw UTF-16 in a JS string):
  // walk the value only when the text has one (the line splitters say when it holds no "\u" at all).
  const escaped = rec.noUnicodeEscape !== true && SURROGATE_ESCAPE.test(rec.text);
  const ptr = escaped || hasLoneSurrogate(rec.text) ? findLoneSurrogate(r.value) : undefined;
  if (ptr !== undefined) line.jsonError = surrogateMessage(r.value, ptr);
  else {
    line.value = r.value;
    if (needsSerdeView(rec.text, r.value)) line.serdeValue = serdeView(rec.text);
  }
  return line;
}

const dirOf = (file: string): string | undefined => {
  const parts = file.split(/[\\/]/);
  return parts.length >= 2 ? parts[parts.length - 2] : undefined;
};

export function createYoiParser(opts: ParseOptions): LineSink<YoiSession> {
  const lines: Line[] = [];
  let bytes = 0;
  return {
    push(rec) {
      lines.push(readLine(rec, bytes));
      bytes += utf8Length(rec.text) + (rec.terminated ? 1 : 0);
    },
    finish: () => finishYoi(lines, opts),
  };
}

/** "a (line 1), b (line 4)" for the first line of each distinct key, at most `limit` of them. */
function firstLines(found: Map<string, number>, limit = 3): string {
  return (
    [...found]
      .slice(0, limit)
      .map(([k, line]) => `${k} (line ${line})`)
      .join(", ") + (found.size > limit ? ` and ${found.size - limit} more` : "")
  );
}

interface Choice {
  profile: YoiProfile;
  reason: string;
  /** docs/yoi.md §9.6: legacy history records beside records only schema 2 and later write. */
  migrating?: boolean;
}

/**
 * What the profile choice and the newer-writer warning read of the lines, in one pass over them (each was a pass
 * of its own, and the head markers a list per line): the first line of each schema 3 marker, the post-seed
 * features, the first line of each record kind no profile knows and of the first input_segments_checkpoint, and
 * whether any legacy history record is there.
 */
interface Markers {
  v3: Map<string, number>;
  features: Set<string>;
  newer: Map<string, number>;
  checkpointLine: number | undefined;
  legacy: boolean;
}

function scanMarkers(lines: readonly Line[]): Markers {
  const m: Markers = { v3: new Map(), features: new Set(), newer: new Map(), checkpointLine: undefined, legacy: false };
  for (const l of lines) {
    const v = l.value;
    // Every marker is of a JSON object.
    if (!isObject(v)) continue;
    const kind = v.kind;
    if (typeof kind === "string") {
      if (!ALL_KINDS.has(kind) && !m.newer.has(kind)) m.newer.set(kind, l.no);
      if (kind === "input_segments_checkpoint" && m.checkpointLine === undefined) m.checkpointLine = l.no;
      if (LEGACY_HISTORY.has(kind)) m.legacy = true;
      const v3 = v3Marker(v);
      if (v3 !== undefined && !m.v3.has(v3)) m.v3.set(v3, l.no);
    }
    addHeadMarkers(v, m.features);
  }
  return m;
}

function chooseProfile(markers: Markers, opts: ParseOptions, bag: DiagnosticBag): Choice {
  if (opts.profile !== undefined) {
    if ((YOI_PROFILES as readonly string[]).includes(opts.profile)) return { profile: opts.profile as YoiProfile, reason: "requested" };
    bag.add("PROFILE_MISMATCH", {}, { problem: "unknown-profile", format: "yoi", requested: opts.profile });
    return { profile: "seed", reason: "default" };
  }
  // docs/yoi.md §9.1: schema 3 records decide first; they cannot be read by head or seed at all.
  const { v3, features } = markers;
  if (v3.size > 0) {
    // Without annotated records but with legacy ones, the file predates schema 3 and is not migrated yet (docs/yoi.md §9.6).
    const legacy = ![...v3.keys()].some((k) => k.startsWith("annotated_")) && markers.legacy;
    if (legacy)
      return { profile: "v3", migrating: true, reason: `legacy history beside post-head records (${firstLines(v3)}): read as the v3 store migrates it` };
    return { profile: "v3", reason: `Worker Session schema 3 records: ${firstLines(v3)}` };
  }
  if (features.size === 0) return { profile: "seed", reason: "default" };
  const list = [...features].sort();
  bag.add("YOI_BETWEEN_ERAS", {}, { features: list.join(", ") });
  return { profile: "head", reason: `post-seed features: ${list.join(", ")}` };
}

const ALL_KINDS: ReadonlySet<string> = new Set(Object.values(LOG_ENTRY_KINDS).flat());

/**
 * docs/yoi.md §9.4: record kinds no profile knows, and v3 records only a writer later than the v3 pin has,
 * are one PROFILE_NEWER warning per file (the lines still get the chosen reader's verdict).
 */
function reportNewer(markers: Markers, profile: YoiProfile, bag: DiagnosticBag): void {
  // Each kind at its first line, in the order of those lines.
  const found = [...markers.newer];
  const cp = markers.checkpointLine;
  if (profile === "v3" && cp !== undefined && !markers.newer.has("input_segments_checkpoint")) {
    const at = found.findIndex(([, line]) => line > cp);
    found.splice(at < 0 ? found.length : at, 0, ["input_segments_checkpoint", cp]);
  }
  if (found.length === 0) return;
  const [first, ...rest] = found;
  // File-level (no line): listed first, so every command's short summary shows it; the evidence names the line.
  bag.add("PROFILE_NEWER", {}, { writer: "yoi", evidence: `record kind ${first[0]} (line ${first[1]})`, more: rest.length, profile });
}

function finishYoi(lines: Line[], opts: ParseOptions): YoiSession {
  const bag = new DiagnosticBag(opts.file);
  const markers = scanMarkers(lines);
  const { profile, reason, migrating } = chooseProfile(markers, opts, bag);
  const check = (v: unknown): string | null => (migrating ? checkMigratingEntry(v) : checkLogEntry(profile, v));
  bag.add("PROFILE_CHOSEN", {}, { format: "yoi", profile, why: reason });
  reportNewer(markers, profile, bag);

  const last = lines[lines.length - 1];
  const tornTail = last && !last.terminated ? last : undefined;
  // HEAD (and v3) keep only the committed prefix (fd391ef7); the seed-era reader parses a torn tail like any line.
  const considered = profile !== "seed" && tornTail ? lines.slice(0, -1) : lines;
  if (tornTail && !tornTail.blank) {
    if (profile !== "seed") bag.add("YOI_TORN_TAIL_IGNORED", { line: tornTail.no });
    else bag.add("TORN_LAST_LINE", { line: tornTail.no });
  }

  let verdict: YoiVerdict | null = null;
  // Both readers decode UTF-8 before any JSON: the first invalid line is the verdict whatever precedes it.
  for (const l of considered) {
    if (!l.invalidUtf8) continue;
    if (!verdict) {
      verdict =
        profile === "seed"
          ? { line: l.no, message: "stream did not contain valid UTF-8", upstream: "io" }
          : { line: l.no, message: `invalid utf-8 sequence from index ${l.badAt}`, upstream: "corrupt" };
      bag.add("corrupt", { line: l.no }, { line: l.no, detail: verdict.message, upstream: verdict.upstream });
    } else bag.add("INVALID_UTF8", { line: l.no });
  }

  const entries: YoiEntry[] = [];
  for (const l of considered) {
    if (l.blank || l.invalidUtf8) continue;
    const detail = l.jsonError ?? check(l.serdeValue ?? l.value);
    if (detail !== null) {
      if (!verdict) {
        verdict = { line: l.no, message: detail, upstream: "corrupt" };
        bag.add("corrupt", { line: l.no }, { line: l.no, detail });
      } else bag.add("YOI_INVALID_ENTRY", { line: l.no }, { profile, detail });
      continue;
    }
    const raw = l.value as Record<string, unknown>;
    entries.push({ id: entryId(l.no), line: l.no, kind: raw.kind as string, raw });
  }
  // A torn tail the head reader never sees is still checked, so the user learns what it held.
  if (profile !== "seed" && tornTail && !tornTail.blank && !tornTail.invalidUtf8) {
    const detail = tornTail.jsonError ?? check(tornTail.serdeValue ?? tornTail.value);
    if (detail !== null) bag.add("YOI_INVALID_ENTRY", { line: tornTail.no }, { profile, detail }, "info");
  }

  const tree = chainTree(entries);
  const first = entries[0];
  const segmentStart = first && baseKind(first.kind) === "segment_start" ? first.raw : null;
  // The two tables by entry id are made when first read: an audit reads neither (check and TTSR do).
  let lineOf: Map<string, number> | undefined;
  let byId: Map<string, YoiEntry> | undefined;
  const session: YoiSession = {
    format: "yoi",
    profile,
    profileReason: reason,
    file: opts.file,
    diagnostics: [],
    tree,
    get lineOf() {
      lineOf ??= new Map(entries.map((e) => [e.id, e.line]));
      return lineOf;
    },
    lineCount: lines.length,
    entries,
    get byId() {
      byId ??= new Map(entries.map((e) => [e.id, e]));
      return byId;
    },
    segmentStart,
    verdict,
    rejected: verdict !== null,
  };
  if (migrating) session.migrating = true;
  if (segmentStart && typeof segmentStart.session_id === "string") session.id = segmentStart.session_id;
  yoiInvariants(session, bag, dirOf(opts.file));
  session.diagnostics = sortDiagnostics(bag.items);
  return session;
}

/** A segment is positional: every entry's parent is the entry before it. */
function chainTree(entries: readonly YoiEntry[]): SessionTree {
  const parent = new Map<string, string | null>();
  const nodes: string[] = [];
  let prev: string | null = null;
  for (const e of entries) {
    parent.set(e.id, prev);
    nodes.push(e.id);
    prev = e.id;
  }
  // Each entry's one child is the next: made when first read (the format-neutral layers read only parents).
  let children: Map<string, string[]> | undefined;
  return {
    nodes,
    parent,
    get children() {
      children ??= new Map(nodes.map((id, i) => [id, i + 1 < nodes.length ? [nodes[i + 1]] : []]));
      return children;
    },
    leaves: prev ? [prev] : [],
    activeLeafId: prev,
  };
}

export function parseYoi(text: string, opts: ParseOptions): YoiSession {
  return feedLines(createYoiParser(opts), splitText(text));
}
