// readSession(path): the IO side of parseSession — streams the file into the format parser.
import { fsReason } from "../../io/fs-reason.js";
import { dirname, join } from "node:path";
import {
  createSessionParser,
  ensureFormat,
  FormatNotLoaded,
  isSession,
  loadAllFormats,
  moduleOf,
  type ParsedSession,
  type Session,
  type SessionParseOptions,
} from "../../formats/registry.js";
import { diag, type Severity } from "../../shared/diagnostics.js";
import type { ArgsParam } from "../../shared/codes.js";
import { bytesInto, isStdin, STDIN_LABEL, readInto, type ReadScratch } from "../../io/read.js";
import { isDirectory, readText } from "../../io/text.js";
import { folderFileKinds, folderSession, type FolderSession } from "./folder.js";

export interface ReadOptions extends Omit<SessionParseOptions, "file"> {
  /** Label used in diagnostics instead of the path. */
  label?: string;
  /**
   * Also read the session this one continues (default true): a yoi compacted or forked segment's source, a
   * file of the same folder, which its compaction diff and lineage findings need.
   */
  origin?: boolean;
  /** The file's bytes, already read (the audit reads small files whole): parsed instead of reading `path`. */
  bytes?: Uint8Array;
  /**
   * Small files (this one when no bytes are given, and the sessions it continues) are read whole into this
   * reused buffer instead of streamed: for a thread that reads one session at a time (an audit worker).
   */
  scratch?: ReadScratch;
  /**
   * A session this thread read just before (an audit worker given a session folder's segments in turn): taken
   * as the origin this one names instead of parsing that file again, when it is that file read the same way
   * (same path as written, no profile forced, a format whose origins are read one level deep).
   */
  previous?: PreviousSession;
}

/** A session already read, and how: its path as given to the read and the profile forced on it. */
export interface PreviousSession {
  file: string;
  profile: string | undefined;
  session: Session;
}

/** Reads one session file (or "-"). Unreadable paths come back as an UnreadSession with UNREADABLE_PATH. */
export function readSession(path: string, opts: ReadOptions = {}): Promise<ParsedSession> {
  return readAt(path, opts, 0);
}

// How many origins deep a chain is read (a crafted log could name itself in a loop).
const MAX_ORIGIN_CHAIN = 32;

async function readAt(path: string, opts: ReadOptions, depth: number): Promise<ParsedSession> {
  const file = opts.label ?? (isStdin(path) ? STDIN_LABEL : path);
  const { bytes: given, scratch, previous, ...parseOpts } = opts;
  if (!isStdin(path) && given === undefined) {
    try {
      if (await isDirectory(path)) {
        // A session folder stands for one of its files, as its format says (yoi: the newest segment, docs/product.md §2).
        const found = await folderSession(path);
        if (found === undefined) return unread(file, "UNREADABLE_PATH", { path, reason: `is a folder without a ${folderFileKinds()}` });
        const session = await readAt(found.file, { ...opts, label: opts.label }, depth);
        await addManifestFindings(session, found);
        return session;
      }
    } catch (e) {
      return unread(file, "UNREADABLE_PATH", { path, reason: fsReason(e) });
    }
  }
  // Standard input cannot be read twice: every format is there before it is read.
  if (isStdin(path)) await loadAllFormats();
  try {
    const bytes = given ?? scratch?.read(path);
    const { result, stats } = await parseWhole(path, file, parseOpts, bytes);
    if (stats.bytes === 0 && result.format === null) return unread(file, "EMPTY_FILE", {});
    if (stats.nulOffset >= 0 && result.format === null) return unread(file, "BINARY_FILE", { offset: stats.nulOffset });
    if (opts.origin !== false && isSession(result)) await readOrigin(result, path, depth, scratch, previous);
    return result;
  } catch (e) {
    return unread(file, "UNREADABLE_PATH", { path, reason: fsReason(e) });
  }
}

/**
 * Parses the file (from `bytes` when given). The registry may hold only some formats (an audit worker loads a
 * format with its first file): when the detected format is not loaded its parser throws at the first line it
 * would read, and the file is read again with the format loaded (once per format and thread).
 */
async function parseWhole(path: string, file: string, parseOpts: SessionParseOptions | Omit<SessionParseOptions, "file">, bytes: Uint8Array | undefined) {
  const loadedHere = new Set<string>();
  for (;;) {
    try {
      const sink = createSessionParser({ ...parseOpts, file });
      return bytes !== undefined ? bytesInto(bytes, sink) : await readInto(path, sink);
    } catch (e) {
      // A format asked for again once loaded would loop for ever: that is a bug, reported as one.
      if (!(e instanceof FormatNotLoaded) || loadedHere.has(e.format)) throw e;
      loadedHere.add(e.format);
      await ensureFormat(e.format);
    }
  }
}

/** Findings of the manifest beside a session folder's subfolder (yoi: a Worker Session's `session.json`, docs/yoi.md §9). */
async function addManifestFindings(session: ParsedSession, found: FolderSession): Promise<void> {
  const hook = found.format.folder?.manifestFindings;
  if (found.manifest === undefined || hook === undefined || session.format !== found.format.name) return;
  const text = await readText(found.manifest).catch(() => undefined);
  if (text !== undefined) session.diagnostics.push(...hook(session, text));
}

/**
 * Reads the session a session names as its origin into it: one level, or a chain of them when the format says
 * so (up to MAX_ORIGIN_CHAIN).
 */
async function readOrigin(session: Session, path: string, depth: number, scratch?: ReadScratch, previous?: PreviousSession): Promise<void> {
  const m = moduleOf(session);
  const name = m.originFile?.(session);
  if (name === undefined) return;
  const file = join(dirname(path), name);
  // The origin read below forces no profile and, unless chained, reads no origin of its own: the previous
  // session stands for it only then (its own origin, if it had one, is never read through this one).
  const o =
    previous !== undefined && previous.file === file && previous.profile === undefined && m.chainedOrigin !== true
      ? previous.session
      : await readAt(file, { origin: m.chainedOrigin === true && depth + 1 < MAX_ORIGIN_CHAIN, ...(scratch && { scratch }) }, depth + 1);
  m.setOrigin?.(session, isSession(o) && o.format === session.format ? o : undefined);
}

function unread<C extends "UNREADABLE_PATH" | "EMPTY_FILE" | "BINARY_FILE">(file: string, code: C, ...args: ArgsParam<C, Severity>): ParsedSession {
  return { format: null, file, diagnostics: [diag(code, { file }, ...args)], lineCount: 0 };
}
