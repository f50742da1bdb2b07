// What kind of file is this? docs/product.md §4: validate classifies sessions, rule files, capsules, settings and
// config files by content (the extension only breaks ties).
import { basename, dirname, sep } from "node:path";
// find.js alone: the capsule barrel (validation, rendering) is not needed to classify a file.
import { findCapsule, looksLikeCapsule } from "../../capsule/find.js";
import { isObject, parseJson } from "../../shared/json.js";

export type FileKind = "session" | "rule" | "capsule" | "settings" | "config";

export interface Classified {
  kind: FileKind | null;
  /** Why a file is not validated (kind null). */
  reason?: string;
}

// `judge` is v18's (docs/ttsr.md §18.6).
const SETTINGS_KEYS = ["interruptMode", "contextMode", "repeatMode", "repeatGap", "builtinRules", "disabledRules", "enabled", "judge"];

const inRulesFolder = (path: string): boolean =>
  dirname(path)
    .split(sep)
    .some((d) => d === "rules");

/** Classifies by name and the first bytes of content (`head` = up to the first few KiB, for JSON the whole file). */
export function classify(path: string, head: string): Classified {
  const name = basename(path);
  if (name === "sightline.config.json") return { kind: "config" };
  if (/\.(md|mdc)$/i.test(name)) {
    if (inRulesFolder(path) || /^---[^\n]*\n/.test(head)) return { kind: "rule" };
    return { kind: null, reason: "markdown outside a rules folder and without frontmatter" };
  }
  if (/\.trace\.jsonl$/i.test(name)) return { kind: null, reason: "a yoi debug trace (not replay state, docs/yoi.md §1)" };
  if (/\.jsonl$/i.test(name)) return { kind: "session" };
  if (/\.json$/i.test(name)) {
    const parsed = parseJson(head);
    if (!parsed.ok) return { kind: null, reason: "not valid JSON and not a session log" };
    const v = parsed.value;
    if (!isObject(v)) return { kind: null, reason: "JSON that is not an object" };
    if (Array.isArray(v.suites)) return { kind: "config" };
    if ("schemaVersion" in v) return { kind: null, reason: "a sightline output document" };
    const capsule = findCapsule(v);
    if (capsule !== undefined && (looksLikeCapsule(capsule) || capsule === null || isObject(capsule))) return { kind: "capsule" };
    const keys = Object.keys(isObject(v.ttsr) ? v.ttsr : v).filter((k) => k !== "$schema");
    if (keys.length > 0 && keys.every((k) => SETTINGS_KEYS.includes(k))) return { kind: "settings" };
    return { kind: null, reason: "JSON that is not a capsule, settings or config file" };
  }
  if (/\.log$/i.test(name)) return { kind: null, reason: "a plain-text log (Scorel <id>.log is diagnostics, not replay state)" };
  // Other names: a session if the first line looks like a JSON record.
  if (/^\s*\{/.test(head)) return { kind: "session" };
  return { kind: null, reason: "not a session, rule, capsule, settings or config file" };
}
