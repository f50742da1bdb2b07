// The verdicts file of judged rules (docs/ttsr.md §18.6): sightline cannot ask the judge model again, so a replay
// takes its answers from a file. Reading is IO-free (text in, data and findings out); every finding has the line.
import YAML from "yaml";
import type { SchemaIssue } from "../schema/ajv.js";
import { checkVerdicts } from "../schema/settings.js";
import { DiagnosticBag, type Diagnostic } from "../shared/diagnostics.js";
import { isObject, parseJson } from "../shared/json.js";

export type Verdict = "yes" | "no";

/** One verdict of a rule: for one response (entry id or turn index), or for every other one. */
export interface VerdictItem {
  verdict: Verdict;
  entry?: string;
  turn?: number;
}

/** Rule name → its verdicts in file order. A plain Map: it crosses to the regex-budget worker by structured clone. */
export type Verdicts = Map<string, VerdictItem[]>;

export interface VerdictsRead {
  verdicts: Verdicts;
  diagnostics: Diagnostic[];
}

/** Where a judged rule is asked: the response (assistant message entry id) and its turn index (0-based, as replay --turn and ttsr run count). */
export interface VerdictAt {
  entry?: string;
  turn?: number;
}

/** The answer for a rule at one response: an entry match, else a turn match, else the rule's general verdict. */
export function verdictFor(verdicts: Verdicts | undefined, rule: string, at: VerdictAt): Verdict | undefined {
  const items = verdicts?.get(rule);
  if (!items) return undefined;
  return (
    items.find((i) => i.entry !== undefined && i.entry === at.entry)?.verdict ??
    items.find((i) => i.turn !== undefined && i.turn === at.turn)?.verdict ??
    items.find((i) => i.entry === undefined && i.turn === undefined)?.verdict
  );
}

/** 1-based line of a JSON pointer's value in the text (JSON is YAML, so the yaml parser gives node ranges). */
function lineOf(text: string, pointer: string): number | undefined {
  const counter = new YAML.LineCounter();
  const doc = YAML.parseDocument(text, { lineCounter: counter, uniqueKeys: false, logLevel: "silent" });
  const path = pointer
    .split("/")
    .slice(1)
    .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
  // Walk down as far as the path exists: a missing property is reported on its parent.
  let node: unknown = doc.contents;
  for (const key of path) {
    let next: unknown;
    if (YAML.isMap(node)) next = node.items.find((p) => YAML.isScalar(p.key) && String(p.key.value) === key)?.value;
    else if (YAML.isSeq(node)) next = node.items[Number(key)];
    if (next === undefined || next === null) break;
    node = next;
  }
  const range = YAML.isNode(node) ? node.range : undefined;
  return range ? counter.linePos(range[0]).line : undefined;
}

const lineAtOffset = (text: string, offset: number): number => text.slice(0, offset).split("\n").length;

/** Ajv's words where they are clear; the if/then wrapper adds nothing, and `not` says what is meant here. */
function readable(i: SchemaIssue): SchemaIssue[] {
  if (/^must match "(then|else)" schema$/.test(i.detail)) return [];
  if (i.detail === "must NOT be valid") return [{ pointer: i.pointer, detail: "names both entry and turn: an item answers one response" }];
  return [i];
}

/** Reads a verdicts file; a file with any error yields no verdicts (a half-read file would replay a wrong answer). */
export function readVerdicts(text: string, file: string): VerdictsRead {
  const bag = new DiagnosticBag(file);
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const line = parsed.column !== undefined ? lineAtOffset(text, parsed.column - 1) : undefined;
    bag.add("TTSR_VERDICTS_INVALID", line !== undefined ? { line } : {}, { detail: parsed.detail });
    return { verdicts: new Map(), diagnostics: bag.items };
  }
  const issues = checkVerdicts(parsed.value).flatMap(readable);
  for (const i of issues) {
    const line = lineOf(text, i.pointer);
    bag.add("TTSR_VERDICTS_SCHEMA", { ...(line !== undefined && { line }), pointer: i.pointer || "/" }, { pointer: i.pointer || "/", detail: i.detail });
  }
  if (issues.length > 0 || !isObject(parsed.value) || !isObject(parsed.value.verdicts)) return { verdicts: new Map(), diagnostics: bag.items };
  const verdicts: Verdicts = new Map();
  for (const [rule, value] of Object.entries(parsed.value.verdicts)) {
    const items: VerdictItem[] = typeof value === "string" ? [{ verdict: value as Verdict }] : (value as VerdictItem[]).map((i) => ({ ...i }));
    // Two answers for the same response cannot both be what the judge said: the first is kept, the other reported.
    const kept = new Map<string, VerdictItem>();
    items.forEach((item, n) => {
      const key = item.entry !== undefined ? `entry ${item.entry}` : item.turn !== undefined ? `turn ${item.turn}` : "every response";
      const first = kept.get(key);
      if (!first) {
        kept.set(key, item);
        return;
      }
      const pointer = `/verdicts/${rule.replace(/~/g, "~0").replace(/\//g, "~1")}/${n}`;
      const line = lineOf(text, pointer);
      bag.add("TTSR_VERDICT_REPEATED", { ...(line !== undefined && { line }), pointer }, { rule, at: key, kept: first.verdict });
    });
    verdicts.set(rule, [...kept.values()]);
  }
  return { verdicts, diagnostics: bag.items };
}

/** Rule names the file answers that are not judged rules of the replayed set: probably a typo or another rule set. */
export function unusedVerdicts(verdicts: Verdicts, judged: readonly string[], file: string): Diagnostic[] {
  const bag = new DiagnosticBag(file);
  const known = new Set(judged);
  for (const rule of verdicts.keys()) if (!known.has(rule)) bag.add("TTSR_VERDICT_UNKNOWN_RULE", {}, { rule, judged: [...known] });
  return bag.items;
}
