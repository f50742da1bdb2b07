// The code catalogue as a table (the docs print it: `sightline codes`).
import Table from "cli-table3";
import type { AnyCodeSpec } from "../shared/codes/types.js";

export function renderCodes(entries: ReadonlyArray<[string, AnyCodeSpec]>, o: { markdown?: boolean }): string {
  if (o.markdown) {
    const rows = entries.map(([code, s]) => `| \`${code}\` | ${s.severity} | ${s.loader ? "yes" : ""} | ${s.title.replace(/\|/g, "\\|")} |`);
    return ["| code | severity | loader verdict | meaning |", "| --- | --- | --- | --- |", ...rows].join("\n") + "\n";
  }
  const t = new Table({ head: ["code", "severity", "loader", "meaning"], style: { head: [], border: [] }, colWidths: [40, 10, 8, 62], wordWrap: true });
  for (const [code, s] of entries) t.push([code, s.severity, s.loader ? "yes" : "", s.title]);
  return t.toString() + "\n";
}
