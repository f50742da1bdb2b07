// The oh-my-pi "format pass" that runs over every rendered prompt template (docs/strings.md §1.4 point 3;
// @oh-my-pi/pi-utils 14.9.9 / 17.2.15 `format(text, {renderPhase: "post-render"})` with ASCII-symbol
// replacement and RFC 2119 rewriting off). Used for summaries, steering wraps and TTSR templates.

const TABLE_ROW = /^\|.*\|$/;
const TABLE_SEP = /^\|[-:\s|]+\|$/;
const NON_BLANK = /\S/;
const CLOSING_TAG = /^<\/[a-z_-]+>$/;

const isBlankRaw = (line: string | undefined): boolean => line === undefined || !NON_BLANK.test(line);

/** Width of the indentation: spaces and tabs; Unicode whitespace counts only via trimStart (as upstream). */
function indentOf(line: string): number {
  let s = 0;
  while (line.charCodeAt(s) === 32 || line.charCodeAt(s) === 9) s++;
  if (line.charCodeAt(s) >= 128) s = line.length - line.trimStart().length;
  return s;
}

function compactTableSep(row: string): string {
  const cells = row.split("|").filter((c) => c.trim() !== "");
  const out = cells.map((c) => {
    const t = c.trim();
    const left = t.startsWith(":");
    const right = t.endsWith(":");
    return left && right ? ":---:" : left ? ":---" : right ? "---:" : "---";
  });
  return `|${out.join("|")}|`;
}

const compactTableRow = (row: string): string =>
  row
    .split("|")
    .map((c) => c.trim())
    .join("|");

/** Applies the post-render format pass: trailing whitespace, blank-line runs, fences, tables, closing tags. */
export function formatPass(text: string): string {
  const lines = text.split("\n");
  const out: string[] = [];
  let inFence = false;
  const dropTrailingBlanks = (): void => {
    while (out.length > 0 && out[out.length - 1] === "") out.pop();
  };
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].trimEnd();
    const s = indentOf(line);
    const rest = line.slice(s);
    if (rest.startsWith("```") || rest.startsWith("~~~")) {
      inFence = !inFence;
      out.push(line);
      continue;
    }
    if (inFence) {
      out.push(line);
      continue;
    }
    const closing = rest.startsWith("</") && CLOSING_TAG.test(rest);
    if (rest.startsWith("|")) {
      if (TABLE_SEP.test(rest)) line = line.slice(0, s) + compactTableSep(rest);
      else if (TABLE_ROW.test(rest)) line = line.slice(0, s) + compactTableRow(rest);
    }
    if (s >= line.length) {
      // A blank line: a run of two or more is deleted with any blank kept before it; a single one
      // survives only between non-blank output lines.
      if (isBlankRaw(lines[i + 1])) {
        dropTrailingBlanks();
        let j = i + 1;
        while (j < lines.length && isBlankRaw(lines[j])) j++;
        i = j - 1;
        continue;
      }
      if (out.length === 0 || out[out.length - 1] === "") continue;
    }
    if (closing) dropTrailingBlanks();
    out.push(line);
  }
  dropTrailingBlanks();
  return out.join("\n");
}

/**
 * prompt.render for the templates sightline reproduces: plain `{{name}}` references inserted verbatim
 * (noEscape), missing values as "", then the format pass. Handlebars syntax inside values is not evaluated.
 */
export function renderTemplate(template: string, vars: Record<string, string | undefined>): string {
  const rendered = template.replace(/\{\{\s*([A-Za-z_][\w]*)\s*\}\}/g, (_m, name: string) => vars[name] ?? "");
  return formatPass(rendered);
}
