/// <reference lib="dom" />
// The data the viewer page's script reads (sessions/<n>.js, report/html.ts pageSession), typed from the audit model
// so the client is checked against what the report writes. The client files are compiled like every source, and
// their functions' text is the script (html-client.ts): each reads nothing from its module at run time.
import type { AuditCheck, AuditSession, AuditTurn } from "../../audit/model.js";
import type { Diagnostic } from "../../shared/diagnostics.js";

/** A message of the page's message table (report/html.ts pageMessage). */
export interface PageMessage {
  role: string;
  nativeRole?: string;
  text?: string;
  extra?: string[];
  sourceIds?: string[];
  editedBy?: string;
  reminders?: { kind: string; origin?: string }[];
}

/** An input as its detail file carries it (report/html.ts pageSession). */
export interface PageSession extends Pick<AuditSession, "path" | "kind" | "format" | "profile" | "status" | "prompts" | "turns" | "compactions" | "ttsr"> {
  loader: { verdict: string };
  diagnostics: Pick<Diagnostic, "severity" | "code" | "line" | "message">[];
  diagnosticCount: number;
  checks: Pick<AuditCheck, "name" | "status" | "message">[];
  messages: PageMessage[];
  /** The turns' token constants, once (report/page-turns.ts); absent in the earlier layout. */
  turnTokens?: { estimator: string; loggedAlsoCounts?: AuditTurn["tokens"]["loggedAlsoCounts"] };
}

export type Attrs = Record<string, string | number>;
export type Cell = string | Node;
