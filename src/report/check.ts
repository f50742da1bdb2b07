// A regression list (audit/expectations.ts compares a check run with its expectations) as a CI log shows it.
import { terminalLine } from "../shared/terminal.js";
import type { Regression } from "../audit/expectations.js";

/** A regression list as a person reads it in a CI log. */
export function renderRegressions(rs: readonly Regression[]): string {
  const lines: string[] = [];
  let last = "";
  for (const r of rs) {
    const head = terminalLine(`✗ ${r.suite} · ${r.session}${r.turn !== undefined ? ` · turn ${r.turn} (${r.responseId})` : ""}`);
    if (head !== last) lines.push(head);
    last = head;
    lines.push(`    ${terminalLine(r.message)}`);
    if (r.diff)
      lines.push(
        ...r.diff
          .trimEnd()
          .split("\n")
          .map((l) => `      ${terminalLine(l)}`),
      );
  }
  return lines.length ? `${lines.join("\n")}\n` : "";
}
