// GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`): one line per finding, so a
// CI log shows them inline on the changed files. Escaping follows @actions/core (escapeData/escapeProperty).
import type { Diagnostic } from "../shared/diagnostics.js";
import { clip, escapeAnnotationData, escapeAnnotationProperty } from "./escape.js";
import type { AuditResult } from "../audit/model.js";
import { terminalLine } from "../shared/terminal.js";

const LEVEL = { error: "error", warning: "warning", info: "notice" } as const;

export function annotation(d: Diagnostic, opts: { title?: string } = {}): string {
  const props = [`file=${escapeAnnotationProperty(d.file)}`];
  if (d.line !== undefined) props.push(`line=${d.line}`);
  if (d.column !== undefined) props.push(`col=${d.column}`);
  props.push(`title=${escapeAnnotationProperty(opts.title ?? `sightline ${d.code}`)}`);
  // The workflow-command escapes leave other control characters alone: a CI log is a terminal too.
  return terminalLine(`::${LEVEL[d.severity]} ${props.join(",")}::${escapeAnnotationData(clip(d.message, 2000))}`);
}

/** Errors and warnings (infos are noise in a CI log), plus failed checks that carry no diagnostic. */
export function renderAnnotations(result: AuditResult): string {
  const out: string[] = [];
  for (const d of result.diagnostics) if (d.severity !== "info") out.push(annotation(d));
  for (const s of result.sessions) {
    for (const d of s.diagnostics) if (d.severity !== "info") out.push(annotation(d));
    for (const k of s.checks)
      if ((k.status === "fail" || k.status === "warn") && !k.diagnostics?.length)
        out.push(
          annotation(
            { code: "CHECK", severity: k.status === "fail" ? "error" : "warning", file: s.path, message: `${k.name}${k.message ? `: ${k.message}` : ""}` },
            { title: `sightline ${k.name}` },
          ),
        );
  }
  return out.length ? `${out.join("\n")}\n` : "";
}
