// The JSON output contract (design §5), as shipped schemas. Every --json document validates against one.
import diagnostic from "./json/contract/diagnostic.json" with { type: "json" };
import msg from "./json/contract/msg.json" with { type: "json" };
import turn from "./json/contract/turn.json" with { type: "json" };
import replay from "./json/contract/replay.json" with { type: "json" };
import diff from "./json/contract/diff.json" with { type: "json" };
import ttsrRun from "./json/contract/ttsr-run.json" with { type: "json" };
import validate from "./json/contract/validate.json" with { type: "json" };
import { addSchemas, check, type SchemaIssue } from "./ajv.js";

const all = { diagnostic, msg, turn, replay, diff, "ttsr-run": ttsrRun, validate } as const;
addSchemas(Object.values(all));

export type ContractName = keyof typeof all;

export function checkContract(name: ContractName, doc: unknown): SchemaIssue[] {
  return check(all[name], doc);
}

export const contractSchemas = all;
