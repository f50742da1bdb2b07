// How commands show a path they resolved: relative to the current folder when inside it, else as it is. One rule for
// `ttsr run`, `ttsr list` and `audit --rules`, so a rule file reads the same in each (and runs are reproducible).
import { isAbsolute, relative, resolve } from "node:path";

export const shownPath = (p: string): string => {
  const rel = isAbsolute(p) ? relative(process.cwd(), p) : p;
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : p;
};

/** A folder: "." for the current one. */
export const shownDir = (p: string): string => (resolve(p) === process.cwd() ? "." : shownPath(p));
