// readSession(path): the IO side of parseSession — streams the file into the format parser.
import { fsReason } from "../../io/fs-reason.js";
import { dirname, join } from "node:path";
import { createSessionParser, isSession, moduleOf, type ParsedSession, type SessionParseOptions } from "../../formats/index.js";
import { diag, type Severity } from "../../shared/diagnostics.js";
import type { ArgsParam } from "../../shared/codes.js";
import { bytesInto, isStdin, STDIN_LABEL, readInto } from "../../io/read.js";
import { isDirectory, readText } from "../../io/text.js";
import { newerManifestSchema } from "../../formats/yoi/manifest.js";
import { newestSegmentIn } from "./yoi-lineage.js";

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
}

/** Reads one session file (or "-"). Unreadable paths come back as an UnreadSession with UNREADABLE_PATH. */
export async function readSession(path: string, opts: ReadOptions = {}): Promise<ParsedSession> {
  const file = opts.label ?? (isStdin(path) ? STDIN_LABEL : path);
  const { bytes, ...parseOpts } = opts;
  if (!isStdin(path) && bytes === undefined) {
    try {
      if (await isDirectory(path)) {
        // A yoi session folder stands for its newest segment (docs/product.md §2).
        const seg = await newestSegmentIn(path);
        if (seg === undefined) return unread(file, "UNREADABLE_PATH", { path, reason: "is a folder without a yoi segment file" });
        const session = await readSession(seg, { ...opts, label: opts.label });
        await checkWorkerManifest(session, path, seg);
        return session;
      }
    } catch (e) {
      return unread(file, "UNREADABLE_PATH", { path, reason: fsReason(e) });
    }
  }
  try {
    const sink = createSessionParser({ ...parseOpts, file });
    const { result, stats } = bytes !== undefined ? bytesInto(bytes, sink) : await readInto(path, sink);
    if (stats.bytes === 0 && result.format === null) return unread(file, "EMPTY_FILE", {});
    if (stats.nulOffset >= 0 && result.format === null) return unread(file, "BINARY_FILE", { offset: stats.nulOffset });
    if (opts.origin !== false && isSession(result)) await readOrigin(result, path);
    return result;
  } catch (e) {
    return unread(file, "UNREADABLE_PATH", { path, reason: fsReason(e) });
  }
}

/** A Worker Session folder whose manifest names a schema newer than `v3` gets PROFILE_NEWER (docs/yoi.md §9). */
async function checkWorkerManifest(session: ParsedSession, dir: string, seg: string): Promise<void> {
  if (session.format !== "yoi" || dirname(seg) !== join(dir, "segments")) return;
  const manifest = join(dir, "session.json");
  const text = await readText(manifest).catch(() => undefined);
  const version = text === undefined ? undefined : newerManifestSchema(text);
  if (version === undefined) return;
  session.diagnostics.push(
    diag("PROFILE_NEWER", { file: session.file }, { writer: "yoi", evidence: `session.json schema_version ${version}`, more: 0, profile: session.profile }),
  );
}

/** Reads the session a session names as its origin into it (one level: the origin's own origin is not read). */
async function readOrigin(session: Exclude<ParsedSession, { format: null }>, path: string): Promise<void> {
  const m = moduleOf(session);
  const name = m.originFile?.(session);
  if (name === undefined) return;
  const o = await readSession(join(dirname(path), name), { origin: false });
  m.setOrigin?.(session, isSession(o) && o.format === session.format ? o : undefined);
}

function unread<C extends "UNREADABLE_PATH" | "EMPTY_FILE" | "BINARY_FILE">(file: string, code: C, ...args: ArgsParam<C, Severity>): ParsedSession {
  return { format: null, file, diagnostics: [diag(code, { file }, ...args)], lineCount: 0 };
}
