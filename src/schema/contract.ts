// The JSON output contract (docs/product.md §5), as shipped schemas. Every --json document validates against one.
import diagnostic from "./json/contract/diagnostic.json" with { type: "json" };
import msg from "./json/contract/msg.json" with { type: "json" };
import turn from "./json/contract/turn.json" with { type: "json" };
import replay from "./json/contract/replay.json" with { type: "json" };
import diff from "./json/contract/diff.json" with { type: "json" };
import sessionDiff from "./json/contract/session-diff.json" with { type: "json" };
import ttsrRun from "./json/contract/ttsr-run.json" with { type: "json" };
import validate from "./json/contract/validate.json" with { type: "json" };
import ttsrTest from "./json/ttsr/ttsr-test.json" with { type: "json" };
import ttsrList from "./json/ttsr/ttsr-list.json" with { type: "json" };
import ttsrLint from "./json/ttsr/ttsr-lint.json" with { type: "json" };
import audit from "./json/audit/audit.json" with { type: "json" };
import checkResult from "./json/audit/check.json" with { type: "json" };
import reportSummary from "./json/audit/report-summary.json" with { type: "json" };
import reportSession from "./json/audit/report-session.json" with { type: "json" };
import { addSchemas, check, type SchemaIssue } from "./ajv.js";

// Every --json document sightline prints (docs/product.md §5 names the first ones; the rest follow the same rules).
const all = {
  diagnostic,
  msg,
  turn,
  replay,
  diff,
  "session-diff": sessionDiff,
  "ttsr-run": ttsrRun,
  validate,
  "ttsr-test": ttsrTest,
  "ttsr-list": ttsrList,
  "ttsr-lint": ttsrLint,
  audit,
  "audit-report-summary": reportSummary,
  "audit-report-session": reportSession,
  check: checkResult,
} as const;
addSchemas(Object.values(all));

export type ContractName = keyof typeof all;

export function checkContract(name: ContractName, doc: unknown): SchemaIssue[] {
  return check(all[name], doc);
}

export const contractSchemas = all;

/** The first few schema issues of a document, as one line ("" when it matches the contract). */
export function contractProblem(name: ContractName, doc: unknown, max = 3): string {
  const issues = checkContract(name, doc);
  const shown = issues.slice(0, max).map((i) => `${i.pointer || "/"} ${i.detail}`);
  return issues.length > max ? `${shown.join("; ")}; and ${issues.length - max} more` : shown.join("; ");
}
