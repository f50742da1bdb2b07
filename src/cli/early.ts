// What the launcher does before the CLI's modules load (bin/sightline.js): for an `audit`, start its pool's workers
// (app/audit/early.ts; issue 21, docs/performance.md §4.42). yargs is not loaded yet, so the command line is read
// here by a few plain rules, as a guess only: the audit adopts the workers when they are exactly the pool it would
// start and otherwise starts its own, so a line read wrongly here costs start-up time, never a different result.
// Anything unusual (standard input, --shard, --rules, short options, --help) starts nothing.
import { startAuditEarly } from "../app/audit/early.js";

/** audit's options that take no value (yargs booleans: a following "true" or "false" is theirs). */
const FLAGS = new Set(["json", "redact", "annotations", "color"].flatMap((f) => [f, `no-${f}`]));

/** The paths and --workers of an audit command line, or undefined when it is not one this reads. */
export function auditLine(argv: readonly string[]): { paths: string[]; workers?: number } | undefined {
  if (argv[0] !== "audit") return undefined;
  const paths: string[] = [];
  let workers: number | undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("-")) {
      paths.push(a);
      continue;
    }
    if (!a.startsWith("--") || a === "--") return undefined;
    const eq = a.indexOf("=");
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (name === "help" || name === "shard" || name === "rules" || name === "version") return undefined;
    if (FLAGS.has(name)) {
      if (eq < 0 && (argv[i + 1] === "true" || argv[i + 1] === "false")) i++;
      continue;
    }
    const value = eq < 0 ? argv[++i] : a.slice(eq + 1);
    if (value === undefined) return undefined;
    if (name === "workers") {
      workers = Number(value);
      if (value.trim() === "" || !Number.isInteger(workers) || workers < 0) return undefined;
    }
  }
  return paths.length > 0 ? { paths, ...(workers !== undefined && { workers }) } : undefined;
}

/** Starts an audit's workers when `argv` is an audit this reads (and a pool would be used). */
export function startEarly(argv: readonly string[]): void {
  const line = auditLine(argv);
  if (line && line.workers !== 0) startAuditEarly(line.paths, line.workers);
}
