// Findings are data: code + location + args. The wording lives in the code catalogue (codes.ts),
// never at the place a finding is made (publint's messages + formatMessage).
import { codeSpec, type ArgsParam, type Coded, type CodeName } from "./codes.js";
import { wordUntyped, type Severity } from "./codes/types.js";

export type { Severity };

/** The Diagnostic of the JSON contract (docs/product.md §5). */
export interface Diagnostic {
  code: string;
  severity: Severity;
  file: string;
  line?: number;
  column?: number;
  eventId?: string;
  pointer?: string;
  message: string;
  /** Set on the loader verdict: what the real loader of the format would do. */
  loader?: true;
  /** The values the message was worded from (kept for reporters and tests). */
  args?: Record<string, unknown>;
}

export interface Where {
  file: string;
  line?: number;
  column?: number;
  eventId?: string;
  pointer?: string;
}

export type Args = Record<string, unknown>;

/**
 * Builds a diagnostic from the catalogue; `severity` overrides the code's default. The args are checked
 * against the code's wording: `diag("PI_DUPLICATE_ID", where, { id, firstLine })`.
 */
export function diag<C extends CodeName>(code: C, where: Where, ...rest: ArgsParam<C, Severity>): Diagnostic {
  const [args, severity] = rest;
  return build(code, where, (args ?? {}) as Args, severity);
}

/** The diagnostic of a finding kept as data (`{code, args}`), e.g. one a format's load pass recorded. */
export function diagOf(f: Coded, where: Where, severity?: Severity): Diagnostic {
  return build(f.code, where, f.args as Args, severity);
}

function build(code: CodeName, where: Where, args: Args, severity?: Severity): Diagnostic {
  const spec = codeSpec(code);
  // Only a format's codes can be missing: the format registry adds them (src/formats/index.ts).
  if (spec === undefined) throw new Error(`${code} is in no registered code table`);
  const d: Diagnostic = { code, severity: severity ?? spec.severity, file: where.file, message: wordUntyped(spec, args) };
  if (where.line !== undefined) d.line = where.line;
  if (where.column !== undefined) d.column = where.column;
  if (where.eventId !== undefined) d.eventId = where.eventId;
  if (where.pointer !== undefined) d.pointer = where.pointer;
  if ("loader" in spec && spec.loader) d.loader = true;
  if (Object.keys(args).length > 0) d.args = args;
  return d;
}

/** A small collector bound to one file, so call sites only say what and where. */
export class DiagnosticBag {
  readonly items: Diagnostic[] = [];
  constructor(readonly file: string) {}
  add<C extends CodeName>(code: C, at: Omit<Where, "file"> = {}, ...rest: ArgsParam<C, Severity | undefined>): Diagnostic {
    const [args, severity] = rest;
    const d = build(code, { file: this.file, ...at }, (args ?? {}) as Args, severity);
    this.items.push(d);
    return d;
  }
  get hasErrors(): boolean {
    return this.items.some((d) => d.severity === "error");
  }
}

const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Stable order for output: file, line, then severity, then code. */
export function sortDiagnostics(ds: readonly Diagnostic[]): Diagnostic[] {
  return [...ds].sort(
    (a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || rank[a.severity] - rank[b.severity] || a.code.localeCompare(b.code),
  );
}

export function countBySeverity(ds: readonly Diagnostic[]): Record<Severity, number> {
  const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const d of ds) out[d.severity]++;
  return out;
}

/**
 * Findings that say a replay may not be what the agent did (a file newer than every profile, a profile that
 * contradicts the file). Every command that replays shows them, whatever else it leaves to `validate`.
 */
export const FIDELITY_CODES: ReadonlySet<string> = new Set(["PROFILE_NEWER", "PROFILE_MISMATCH"]);
export const isFidelityFinding = (d: Diagnostic): boolean => FIDELITY_CODES.has(d.code);
