// Tool match context file paths (docs/ttsr.md §9.2): candidates from the arguments' `*path` / `*paths` keys
// (or a v17 `matcherPaths` hook), each expanded against the RECORDED session cwd (docs/product.md §2).
import { posix } from "node:path";

/** Expands one candidate: slash-normalised, without `./`, absolute, and cwd-relative when inside the cwd. */
export function expandPath(value: string, cwd: string | null): string[] {
  const base = value.trim().replace(/\\/g, "/");
  if (base.length === 0) return [];
  const out = [base];
  if (base.startsWith("./")) out.push(base.slice(2));
  // The agent resolves against its cwd; without a recorded cwd only an already absolute path has a form.
  const abs = posix.isAbsolute(base) ? posix.normalize(base) : cwd !== null ? posix.normalize(posix.join(cwd, base)) : undefined;
  if (abs !== undefined) {
    out.push(abs);
    if (cwd !== null) {
      const rel = posix.relative(posix.normalize(cwd), abs);
      if (rel !== "" && rel !== "." && !rel.startsWith("..") && !posix.isAbsolute(rel)) out.push(rel);
    }
  }
  return out;
}

/** The generic key scan: top-level `path`/`*path` strings and `paths`/`*paths` string arrays, case-insensitive. */
export function argumentPathCandidates(args: unknown): string[] {
  if (args === null || typeof args !== "object" || Array.isArray(args)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(args as Record<string, unknown>)) {
    const k = key.toLowerCase();
    if (k.endsWith("path") && typeof value === "string") out.push(value);
    else if (k.endsWith("paths") && Array.isArray(value)) for (const v of value) if (typeof v === "string") out.push(v);
  }
  return out;
}

/** Expanded, deduplicated candidates; undefined when there are none (docs/ttsr.md §9.2). */
export function toFilePaths(candidates: readonly string[], cwd: string | null): string[] | undefined {
  const seen = new Set<string>();
  for (const c of candidates) for (const p of expandPath(c, cwd)) seen.add(p);
  return seen.size > 0 ? [...seen] : undefined;
}
