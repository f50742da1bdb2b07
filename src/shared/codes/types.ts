import type { Args, Severity } from "../diagnostics.js";

/** One entry of the code catalogue: default severity, one-line title for docs, and the wording. */
export interface CodeSpec {
  severity: Severity;
  title: string;
  message: (args: Args) => string;
  /** Loader verdict codes carry the upstream loader's own code verbatim. */
  loader?: boolean;
}

export type Catalogue = Record<string, CodeSpec>;

/** Renders an arg for a message: strings as-is, everything else as JSON. */
export const show = (v: unknown): string => (typeof v === "string" ? v : v === undefined ? "" : String(JSON.stringify(v)));
