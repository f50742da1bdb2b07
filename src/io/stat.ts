// What a path names on disk, for the usage checks commands make before any work (docs/product.md §4: a usage
// problem is exit 2 and one line, never a stack trace after a long run).
import { statSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

export type PathKind = "file" | "dir" | "other" | "missing";

export function pathKind(path: string): PathKind {
  try {
    const s = statSync(path);
    return s.isFile() ? "file" : s.isDirectory() ? "dir" : "other";
  } catch {
    return "missing";
  }
}

/** Why `path` cannot become an output folder (it, or the nearest existing folder above it, is not a folder). */
export function outFolderProblem(path: string): string | undefined {
  let p = resolve(path);
  for (;;) {
    const kind = pathKind(p);
    if (kind === "dir") return undefined;
    if (kind !== "missing")
      return p === resolve(path)
        ? `is a ${kind === "file" ? "file" : "special file"}, not a folder`
        : `cannot be created: ${relative(process.cwd(), p) || p} is not a folder`;
    const up = dirname(p);
    if (up === p) return undefined;
    p = up;
  }
}

/** A file's size in bytes; 0 when it cannot be stat'ed (the audit reports why when it reads it). */
export function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
