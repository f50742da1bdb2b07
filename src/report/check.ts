// A regression list (audit/expectations.ts compares a check run with its expectations) as a CI log shows it.
import { terminalLine } from "../shared/terminal.js";
import type { Regression } from "../audit/expectations.js";
import { regressionGroups, turnList } from "./check-report.js";

/** How many regressions of one session, rule and kind are printed before the rest is counted. */
const SHOWN_PER_GROUP = 3;

/** A regression list as a person reads it in a CI log: per session file and rule, the first few in full, then the
 * count and the turns of the rest (summary.md and summary.json hold each). */
export function renderRegressions(rs: readonly Regression[]): string {
  const lines: string[] = [];
  let last = "";
  for (const g of regressionGroups(rs)) {
    g.items.forEach((r, k) => {
      if (k === SHOWN_PER_GROUP) {
        const rest = g.items.slice(k);
        lines.push(`    … ${rest.length} more for ${terminalLine(g.what)} at ${terminalLine(turnList(rest))} (each in summary.md)`);
      }
      if (k >= SHOWN_PER_GROUP) return;
      const head = terminalLine(`✗ ${r.suite} · ${r.session}${r.turn !== undefined ? ` · turn ${r.turn} (response ${r.responseId})` : ""}`);
      if (head !== last) lines.push(head);
      last = head;
      lines.push(`    ${terminalLine(r.message)}`);
      for (const text of [r.detail, r.diff])
        if (text)
          lines.push(
            ...text
              .trimEnd()
              .split("\n")
              .map((l) => `      ${terminalLine(l)}`),
          );
    });
  }
  return lines.length ? `${lines.join("\n")}\n` : "";
}
