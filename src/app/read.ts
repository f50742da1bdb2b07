// readSession(path): the IO side of parseSession — streams the file into the format parser.
import { stat } from "node:fs/promises";
import { createSessionParser, type ParsedSession, type SessionParseOptions } from "../formats/index.js";
import { diag, type Severity } from "../shared/diagnostics.js";
import type { ArgsParam } from "../shared/codes.js";
import { isStdin, STDIN_LABEL, readInto } from "../io/read.js";
import { newestSegmentIn } from "./yoi-lineage.js";

export interface ReadOptions extends Omit<SessionParseOptions, "file"> {
  /** Label used in diagnostics instead of the path. */
  label?: string;
}

/** Reads one session file (or "-"). Unreadable paths come back as an UnreadSession with UNREADABLE_PATH. */
export async function readSession(path: string, opts: ReadOptions = {}): Promise<ParsedSession> {
  const file = opts.label ?? (isStdin(path) ? STDIN_LABEL : path);
  if (!isStdin(path)) {
    try {
      const st = await stat(path);
      if (st.isDirectory()) {
        // A yoi session folder stands for its newest segment (design §2).
        const seg = await newestSegmentIn(path);
        if (seg === undefined) return unread(file, "UNREADABLE_PATH", { path, reason: "is a folder without a yoi segment file" });
        return readSession(seg, { ...opts, label: opts.label });
      }
    } catch (e) {
      return unread(file, "UNREADABLE_PATH", { path, reason: (e as NodeJS.ErrnoException).code ?? (e as Error).message });
    }
  }
  try {
    const { result, stats } = await readInto(path, createSessionParser({ ...opts, file }));
    if (stats.bytes === 0 && result.format === null) return unread(file, "EMPTY_FILE", {});
    if (stats.nulOffset >= 0 && result.format === null) return unread(file, "BINARY_FILE", { offset: stats.nulOffset });
    return result;
  } catch (e) {
    return unread(file, "UNREADABLE_PATH", { path, reason: (e as Error).message });
  }
}

function unread<C extends "UNREADABLE_PATH" | "EMPTY_FILE" | "BINARY_FILE">(file: string, code: C, ...args: ArgsParam<C, Severity>): ParsedSession {
  return { format: null, file, diagnostics: [diag(code, { file }, ...args)], lineCount: 0 };
}
