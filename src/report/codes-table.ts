// The code catalogue as a table (the docs print it: `sightline codes`).
import { fitTable } from "./table-fit.js";
import type { AnyCodeSpec } from "../shared/codes/types.js";

export function renderCodes(entries: ReadonlyArray<[string, AnyCodeSpec]>, o: { markdown?: boolean; width?: number }): string {
  if (o.markdown) {
    const rows = entries.map(([code, s]) => `| \`${code}\` | ${s.severity} | ${s.loader ? "yes" : ""} | ${s.title.replace(/\|/g, "\\|")} |`);
    return ["| code | severity | loader verdict | meaning |", "| --- | --- | --- | --- |", ...rows].join("\n") + "\n";
  }
  const rows = entries.map(([code, s]) => [code, s.severity, s.loader ? "yes" : "", s.title]);
  return `${fitTable({ head: ["code", "severity", "loader", "meaning"], style: { head: [], border: [] } }, rows, { width: o.width, flex: [0, 3] })}\n`;
}
