// v18 lookahead-only conditions (docs/ttsr.md §18.7). oh-my-pi 18 compiles a condition made only of positive
// lookaheads that each start with a greedy `[\s\S]*` as a sticky regex: tried at index 0 only. Such a regex
// matches at 0 exactly when it matches anywhere (each lookahead can skip the prefix itself), so the verdict is
// the v17 one; sightline keeps the unanchored regex (its incremental matcher needs it) and only reports the form.

const PREFIX = "(?=[\\s\\S]*";

/** End index (exclusive) of the group opened at `open`, or -1 when it does not close. Escapes and classes skipped. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < source.length; i++) {
    const ch = source[i];
    if (ch === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === "]") inClass = false;
    } else if (ch === "[") inClass = true;
    else if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * True when the regex source is one or more `(?=[\s\S]*…)` groups and nothing else, none with a lazy `[\s\S]*?`
 * prefix (a lazy prefix can make a later backreference depend on where the match starts).
 */
export function isLookaheadOnly(source: string): boolean {
  let at = 0;
  let groups = 0;
  while (source.startsWith(PREFIX, at) && source[at + PREFIX.length] !== "?") {
    const end = groupEnd(source, at);
    if (end === -1) return false;
    at = end;
    groups++;
  }
  return groups > 0 && at === source.length;
}

/** The regex v18 would test: sticky for a lookahead-only source (same verdict, fewer start positions). */
export function v18Anchored(re: RegExp): RegExp {
  return re.sticky || !isLookaheadOnly(re.source) ? re : new RegExp(re.source, `${re.flags}y`);
}
