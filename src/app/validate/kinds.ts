// Validation of the non-session inputs: rule files, capsules, settings and config files. Each kind's
// checks live with its area (ttsr/, capsule/, schema/); this file only reads text and adds line numbers.
import { capsuleDiagnostics, findCapsule } from "../../capsule/index.js";
import { DiagnosticBag, type Diagnostic } from "../../shared/diagnostics.js";
import { parseJson } from "../../shared/json.js";
import { parseRuleFile, readTtsrSettings } from "../../ttsr/index.js";
import { ruleFindings } from "../../ttsr/findings.js";
import { V18_KEY_CODES } from "../../ttsr/profiles.js";
import { configDiagnostics } from "../check/files.js";
import type { FileKind } from "../read/classify.js";

export interface KindOptions {
  ttsrProfile?: "seed" | "v17" | "v18";
}

export function validateTextFile(kind: Exclude<FileKind, "session">, path: string, text: string, opts: KindOptions): Diagnostic[] {
  if (kind === "rule") {
    // Unnamed, the profile follows the file: keys only v18 reads (`agents`, `enabled`, `question`) mean it was
    // written for oh-my-pi 18, so it is read as v18 reads it rather than warned about as seed (docs/ttsr.md §18.8).
    let profile = opts.ttsrProfile ?? "seed";
    let rule = parseRuleFile(text, path, { profile });
    if (opts.ttsrProfile === undefined && (rule.diagnostics ?? []).some((d) => V18_KEY_CODES.has(d.code))) {
      profile = "v18";
      rule = parseRuleFile(text, path, { profile });
    }
    // parseRuleFile already attaches the rule's findings; only what the catastrophic analysis adds is new.
    const seen = new Set((rule.diagnostics ?? []).map((d) => JSON.stringify(d)));
    return [...(rule.diagnostics ?? []), ...ruleFindings(rule, { profile, catastrophic: true }).filter((d) => !seen.has(JSON.stringify(d)))];
  }
  const bag = new DiagnosticBag(path);
  const parsed = parseJson(text);
  if (!parsed.ok) {
    bag.add("INVALID_JSON", lineCol(text, parsed.column), { detail: parsed.detail });
    return bag.items;
  }
  const v = parsed.value;
  let found: Diagnostic[];
  if (kind === "settings") {
    // readTtsrSettings reports unknown keys and every value upstream would never write (it covers the schema).
    found = readTtsrSettings(text, path).diagnostics;
  } else if (kind === "capsule") found = capsuleDiagnostics(findCapsule(v) ?? v, path);
  else found = configDiagnostics(v, path);
  return found.map((d) => (d.line === undefined && d.pointer ? withLine(d, lineOfPointer(text, d.pointer)) : d));
}

const withLine = (d: Diagnostic, line: number | undefined): Diagnostic => (line === undefined ? d : { ...d, line });

function lineCol(text: string, column: number | undefined): { line?: number; column?: number } {
  if (column === undefined) return {};
  const before = text.slice(0, column - 1);
  const line = before.split("\n").length;
  return { line, column: column - before.lastIndexOf("\n") - 1 };
}

/** Best-effort line of the last key of a pointer in pretty-printed JSON (for readable output). */
export function lineOfPointer(text: string, pointer: string): number | undefined {
  const key = pointer.split("/").filter(Boolean).pop();
  if (!key || /^\d+$/.test(key)) return undefined;
  const idx = text.indexOf(`"${key.replace(/~1/g, "/").replace(/~0/g, "~")}"`);
  return idx < 0 ? undefined : text.slice(0, idx).split("\n").length;
}
