// Markdown frontmatter as oh-my-pi's pi-utils `parseFrontmatter` reads it (docs/ttsr.md §2.1).
// Bun's YAML parser is replaced by the `yaml` package (uniqueKeys: false: a repeated key keeps the last value).
import YAML from "yaml";
import { sinceV17 } from "./profiles.js";
import type { TtsrProfile } from "./types.js";

export interface FallbackValue {
  key: string;
  raw: string;
  /** 1-based line inside the metadata block. */
  line: number;
  /** True when the value stayed the raw trimmed text (v14 always; v17 when it did not re-parse). */
  keptRaw: boolean;
}

export interface FrontmatterResult {
  frontmatter: Record<string, unknown>;
  body: string;
  hasFrontmatter: boolean;
  /** The YAML error that sent parsing to the line-by-line fallback (undefined when YAML parsed). */
  yamlError?: string;
  /** v17: the YAML parsed only after ambiguous `key: a: b` scalars were quoted. */
  repairedAmbiguous?: boolean;
  fallback?: FallbackValue[];
  /** Fallback only: metadata lines that are not `key: value` (block list items etc.) and were lost. */
  lostLines?: { line: number; text: string }[];
  /** Warnings of the YAML library (e.g. BAD_ALIAS), kept as data instead of reaching the terminal. */
  yamlWarnings?: YamlWarning[];
}

export interface YamlWarning {
  /** 1-based line inside the metadata block. */
  line: number;
  code: string;
  detail: string;
}

// YAML.parse, minus its logging: the library prints warnings through process.emitWarning, which would
// leak `[BAD_ALIAS] YAMLWarning` onto the terminal; here they are collected for the rule's diagnostics.
function yamlLoad(src: string, warnings: YamlWarning[], lineOffset = 0): unknown {
  const lineCounter = new YAML.LineCounter();
  // logLevel "error": the library prints nothing; its warnings are read from the document instead.
  const doc = YAML.parseDocument(src, { uniqueKeys: false, logLevel: "error", lineCounter });
  for (const w of doc.warnings)
    warnings.push({ line: (w.linePos?.[0].line ?? 1) + lineOffset, code: w.code, detail: w.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "") });
  if (doc.errors.length > 0) throw doc.errors[0];
  // The one warning toJS would print: a map key that is itself a map or list becomes its string form.
  YAML.visit(doc, {
    Pair(_, pair) {
      if (YAML.isCollection(pair.key))
        warnings.push({
          line: lineCounter.linePos(pair.key.range?.[0] ?? 0).line + lineOffset,
          code: "COLLECTION_KEY",
          detail: "a key that is a map or list is turned into a string",
        });
    },
  });
  return doc.toJS({ uniqueKeys: false } as never);
}

/** Same result as upstream's `replace(/<!--[\s\S]*?-->/g, "")`, in linear time (no rescans after an unclosed `<!--`). */
export function stripHtmlComments(s: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const open = s.indexOf("<!--", at);
    if (open === -1) break;
    const close = s.indexOf("-->", open + 4);
    if (close === -1) break; // no later comment can close either
    out += s.slice(at, open);
    at = close + 3;
  }
  return out + s.slice(at);
}

const kebabToCamel = (key: string): string => (key.includes("-") ? key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) : key);

/** Recursive kebab-case → camelCase keys; defineProperty so a `__proto__` key stays an own key. */
export function normalizeKeys(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(normalizeKeys);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    Object.defineProperty(out, kebabToCamel(k), { value: normalizeKeys(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function parseRecord(metadata: string, warnings: YamlWarning[]): Record<string, unknown> | null {
  const loaded: unknown = yamlLoad(metadata.replaceAll("\t", "  "), warnings);
  if (loaded === null || loaded === undefined || typeof loaded !== "object" || Array.isArray(loaded)) return null;
  return loaded as Record<string, unknown>;
}

// v17 retry: quote a plain scalar value that itself contains ": " (not flow, quoted or explicit). Upstream matches
// /^(\s*[A-Za-z_][\w-]*:\s+)(\S.*?)(\s*)$/; this is the same split without the lazy scan (quadratic on long
// runs of spaces): the value is the rest trimmed at the end, and it may not hold a line terminator (`.`).
const KEY_PREFIX = /^\s*[A-Za-z_][\w-]*:\s+/;
const EXPLICIT_START = new Set(['"', "'", "[", "{", "|", ">", "!", "&", "*", "#"]);

function splitPlainKeyValue(line: string): [string, string, string] | undefined {
  const m = KEY_PREFIX.exec(line);
  if (!m) return undefined;
  const rest = line.slice(m[0].length);
  const value = rest.trimEnd();
  if (value.length === 0 || /[\n\r\u2028\u2029]/.test(value)) return undefined;
  return [m[0], value, rest.slice(value.length)];
}

function quoteAmbiguousPlainScalars(metadata: string): string | undefined {
  let changed = false;
  const lines = metadata.split("\n").map((line) => {
    const m = splitPlainKeyValue(line);
    if (!m) return line;
    const value = m[1];
    if (!value.includes(": ") || EXPLICIT_START.has(value[0])) return line;
    changed = true;
    return `${m[0]}${JSON.stringify(value)}${m[2]}`;
  });
  return changed ? lines.join("\n") : undefined;
}

/** Exposed for the equivalence test with upstream's regex. */
export const _splitPlainKeyValue = splitPlainKeyValue;

/** v17 fallback: a value that parses as a YAML scalar (not null) or an array replaces the raw text. */
function reparseValue(raw: string, warnings: YamlWarning[], line: number): { value: unknown; keptRaw: boolean } {
  if (raw.length === 0) return { value: raw, keptRaw: true };
  try {
    const parsed: unknown = yamlLoad(raw, warnings, line - 1);
    if (parsed !== null && typeof parsed !== "object") return { value: parsed, keptRaw: false };
    if (Array.isArray(parsed)) return { value: parsed, keptRaw: false };
  } catch {
    // keep the raw string
  }
  return { value: raw, keptRaw: true };
}

export function parseFrontmatter(content: string, profile: TtsrProfile): FrontmatterResult {
  const normalized = stripHtmlComments(content.replace(/\r\n?/g, "\n"));
  if (!normalized.startsWith("---")) return { frontmatter: {}, body: normalized, hasFrontmatter: false };
  const end = normalized.indexOf("\n---", 3);
  if (end === -1) return { frontmatter: {}, body: normalized, hasFrontmatter: false };
  const metadata = normalized.slice(4, end);
  const body = normalized.slice(end + 4).trim();
  const warnings: YamlWarning[] = [];
  const base = (): Pick<FrontmatterResult, "body" | "hasFrontmatter" | "yamlWarnings"> => {
    const seen = new Set<string>();
    const unique = warnings.filter((w) => !seen.has(`${w.line} ${w.code}`) && seen.add(`${w.line} ${w.code}`));
    return { body, hasFrontmatter: true, ...(unique.length && { yamlWarnings: unique }) };
  };
  let firstError: string;
  try {
    const frontmatter = normalizeKeys(parseRecord(metadata, warnings) ?? {}) as Record<string, unknown>;
    return { ...base(), frontmatter };
  } catch (e) {
    firstError = e instanceof Error ? e.message.split("\n")[0] : String(e);
  }
  if (sinceV17(profile)) {
    const quoted = quoteAmbiguousPlainScalars(metadata);
    if (quoted !== undefined) {
      try {
        const frontmatter = normalizeKeys(parseRecord(quoted, warnings) ?? {}) as Record<string, unknown>;
        return { ...base(), frontmatter, repairedAmbiguous: true };
      } catch {
        // fall through to the line-by-line fallback
      }
    }
  }
  const fm: Record<string, unknown> = {};
  const fallback: FallbackValue[] = [];
  const lostLines: { line: number; text: string }[] = [];
  metadata.split("\n").forEach((text, i) => {
    const m = /^([\w-]+):\s*(.*)$/.exec(text);
    if (!m) {
      if (text.trim().length > 0) lostLines.push({ line: i + 1, text });
      return;
    }
    const raw = m[2].trim();
    const { value, keptRaw } = sinceV17(profile) ? reparseValue(raw, warnings, i + 1) : { value: raw, keptRaw: true };
    Object.defineProperty(fm, m[1], { value, enumerable: true, writable: true, configurable: true });
    fallback.push({ key: m[1], raw, line: i + 1, keptRaw });
  });
  return { ...base(), frontmatter: normalizeKeys(fm) as Record<string, unknown>, yamlError: firstError, fallback, lostLines };
}
