// Path globs with Bun.Glob semantics (docs/ttsr.md §6.1) on top of picomatch.
import picomatch from "picomatch";

export interface PathGlob {
  pattern: string;
  match(path: string): boolean;
}

// Bun.Glob: `*` matches dot-files, matching is case-sensitive, braces and a leading `!` work, and there are no
// extglobs (`+(a)` is literal). picomatch is configured to agree; `windows: false` keeps `\` an escape (paths are
// normalised first).
const OPTIONS = { dot: true, nocase: false, windows: false, noextglob: true } as const;

// Bun reads `[!ab]` as a negated class; picomatch 4 does not, so it is rewritten to `[^ab]`.
const bunClasses = (pattern: string): string => pattern.replace(/(^|[^\\])\[!/g, "$1[^");

/** Compiles a glob; never throws (an unusable pattern matches nothing). */
export function compileGlob(pattern: string): PathGlob {
  let test: (p: string) => boolean;
  const source = bunClasses(pattern);
  try {
    test = picomatch(source, OPTIONS);
  } catch {
    test = () => false;
  }
  // Bun: `src/**` does not match `src` itself, picomatch says it does. Reject a path the pattern
  // without its trailing `/**` already matches (only when the pattern is not negated).
  if (source.endsWith("/**") && !source.startsWith("!") && source.length > 3) {
    const prefix = picomatch(source.slice(0, -3), OPTIONS);
    const inner = test;
    test = (p) => inner(p) && !prefix(p);
  }
  return { pattern, match: test };
}

export const normalizeSlashes = (p: string): string => p.replaceAll("\\", "/");

/** docs/ttsr.md §6.1: whole path, then its basename when different; false without candidate paths. */
export function matchesGlob(glob: PathGlob, filePaths: readonly string[] | undefined): boolean {
  if (!filePaths || filePaths.length === 0) return false;
  for (const filePath of filePaths) {
    const normalized = normalizeSlashes(filePath);
    if (glob.match(normalized)) return true;
    const slash = normalized.lastIndexOf("/");
    const base = slash === -1 ? normalized : normalized.slice(slash + 1);
    if (base !== normalized && glob.match(base)) return true;
  }
  return false;
}
