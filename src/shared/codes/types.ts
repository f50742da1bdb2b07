/** How bad a finding is. */
export type Severity = "error" | "warning" | "info";

/**
 * One entry of the code catalogue: default severity, one-line title for docs, and the wording. `A` is the
 * data the code is worded from; the wording function declares it, so a call site that passes another shape
 * (or a sentence of its own) does not compile (publint's message union).
 */
export interface CodeSpec<A = Record<string, never>> {
  severity: Severity;
  title: string;
  message: (args: A) => string;
  /** Loader verdict codes carry the upstream loader's own code verbatim. */
  loader?: boolean;
}

/** Any entry, whatever its args (a wording function of any args is assignable to one taking `never`). */
export type AnyCodeSpec = CodeSpec<never>;
export type Catalogue = Record<string, AnyCodeSpec>;

/** Words any entry from untyped args (reporters and docs that hold a code as a plain string). */
export const wordUntyped = (spec: AnyCodeSpec, args: Record<string, unknown>): string => (spec.message as (a: Record<string, unknown>) => string)(args);

/** Renders an arg for a message: strings as-is, everything else as JSON. */
export const show = (v: unknown): string => (typeof v === "string" ? v : v === undefined ? "" : String(JSON.stringify(v)));
