// Turns command-line inputs (files, folders, quoted globs, "-") into a list of files, in input order.
// Folders are walked recursively in sorted order; a glob is expanded by sightline itself (quoted globs).
import { fsReason } from "./fs-reason.js";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { createRequire } from "node:module";
import { isStdin } from "./read.js";

export interface InputProblem {
  input: string;
  reason: string;
}

export interface ExpandedInputs {
  files: string[];
  problems: InputProblem[];
}

const SKIP_DIRS = new Set(["node_modules", ".git"]);

// The glob library is loaded only for an input that is no file or folder (≈ 6 ms of start-up that commands on
// existing paths, the common case, never need).
const require = createRequire(import.meta.url);
const globs = (): typeof import("tinyglobby") => require("tinyglobby") as typeof import("tinyglobby");

/**
 * Sorted, except that a folder X comes right after a file X.jsonl beside it: a Claude Code session
 * `<id>.jsonl` and its `<id>/subagents/` (docs/claude-code.md §2) are listed parent first, subagents next.
 */
function walkOrder(names: string[]): string[] {
  const sorted = [...names].sort();
  const present = new Set(sorted);
  const deferred = sorted.filter((n) => present.has(`${n}.jsonl`));
  if (deferred.length === 0) return sorted;
  const later = new Set(deferred);
  return sorted.filter((n) => !later.has(n)).flatMap((n) => (n.endsWith(".jsonl") && later.has(n.slice(0, -6)) ? [n, n.slice(0, -6)] : [n]));
}

function walk(dir: string, out: string[]): void {
  const names = walkOrder(readdirSync(dir));
  for (const name of names) {
    if (SKIP_DIRS.has(name)) continue;
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p, out);
    else if (st.isFile()) out.push(p);
  }
}

export function expandInputs(inputs: readonly string[], cwd = process.cwd()): ExpandedInputs {
  const files: string[] = [];
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  const add = (f: string) => {
    if (!seen.has(f)) {
      seen.add(f);
      files.push(f);
    }
  };
  for (const input of inputs) {
    if (isStdin(input)) {
      add(input);
      continue;
    }
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(input);
    } catch (e) {
      const { globSync, isDynamicPattern } = globs();
      if (isDynamicPattern(input)) {
        const matches = globSync(input, { cwd, dot: true, onlyFiles: true, ignore: ["**/node_modules/**", "**/.git/**"] }).sort();
        if (matches.length === 0) problems.push({ input, reason: "no file matches this pattern" });
        for (const m of matches) add(relative(cwd, join(cwd, m)) || m);
        continue;
      }
      problems.push({ input, reason: fsReason(e) });
      continue;
    }
    if (st.isDirectory()) {
      const found: string[] = [];
      try {
        walk(input, found);
      } catch (e) {
        problems.push({ input, reason: fsReason(e) });
      }
      if (found.length === 0) problems.push({ input, reason: "the folder holds no file" });
      found.forEach(add);
    } else add(input);
  }
  return { files, problems };
}
