// The replay cwd of a TTSR replay (docs/product.md §2): v17 renders a rule's `{{path}}` relative to the agent's cwd
// (docs/ttsr.md §10.3), seed renders the absolute path under it. A recording replayed elsewhere must render the
// paths the agent rendered, so without --cwd the cwd is derived from where the rules live.
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { nodeRuleFs } from "../../io/rule-fs.js";

import type { CwdSource } from "../../ttsr/simulate/run-doc.js";

export type { CwdSource };

export interface ReplayCwd {
  path: string;
  from: CwdSource;
}

export interface ReplayCwdInput {
  /** --cwd, when given. */
  named?: string;
  /** The rule folders (or files), highest priority first. */
  ruleDirs: readonly string[];
  /** The cwd the session recorded (pi header, Scorel instruction snapshot), if any. */
  recordedCwd: string | null;
  processCwd?: string;
  isDir?: (path: string) => boolean;
}

const within = (root: string, p: string): boolean => {
  const rel = relative(root, p);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/** The folder holding a project-level `.omp/` on the path (not `~/.omp/agent/…`, which is the user's home). */
function ompProject(p: string): string | undefined {
  const parts = p.split(sep);
  for (let i = parts.length - 1; i > 0; i--) if (parts[i] === ".omp" && parts[i + 1] !== "agent") return parts.slice(0, i).join(sep) || sep;
  return undefined;
}

export function replayCwd(o: ReplayCwdInput): ReplayCwd {
  const processCwd = resolve(o.processCwd ?? process.cwd());
  if (o.named !== undefined) return { path: resolve(processCwd, o.named), from: "option" };
  const dirs = o.ruleDirs.map((d) => resolve(processCwd, d));
  const isDir = o.isDir ?? ((p: string) => nodeRuleFs.list(p) !== null);
  const recorded = o.recordedCwd !== null && isAbsolute(o.recordedCwd) ? o.recordedCwd : undefined;
  if (recorded !== undefined && dirs.some((d) => within(recorded, d)) && isDir(recorded)) return { path: recorded, from: "recorded" };
  for (const d of dirs) {
    const project = ompProject(d);
    if (project !== undefined) return { path: project, from: "rules" };
  }
  const name = recorded !== undefined ? basename(recorded) : "";
  if (name !== "") for (const d of dirs) for (let p = d; dirname(p) !== p; p = dirname(p)) if (basename(p) === name) return { path: p, from: "recorded-name" };
  return { path: processCwd, from: "process" };
}
