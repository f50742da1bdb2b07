// Secret redaction for shareable outputs (docs/product.md §8). Applied to the canonical result's strings BEFORE
// any projection, so every format (HTML, Markdown, JUnit, JSON) sees the same redacted text and no pattern
// has to survive a format's escaping (a PEM block inside JSON has "\n" escapes; in HTML, "&quot;").
// Patterns favour precision: ordinary prose and code (sortKey=, "sk-learn", MONKEY=) stay untouched.

export interface RedactRule {
  kind: string;
  re: RegExp;
  /** Replacement; `$1`-style groups keep the non-secret part (a variable name, a header). */
  to: string | ((match: string, ...groups: string[]) => string);
  /** A cheaper pattern that every match of `re` also matches: text without it skips `re` (perf only). */
  pre?: RegExp;
  /** The literals (of ANCHOR_SCANS) every match of `re` contains: text holding none of them skips `re` (perf only). */
  anchor: RegExp;
}

import { bytesMayHold, textMayHold } from "./secret-scan.js";

const R = (kind: string) => `[REDACTED:${kind}]`;

// Names of .env-style secrets: a keyword as a whole underscore-separated part (DB_PASSWORD, GITHUB_TOKEN,
// AWS_SECRET_ACCESS_KEY, SECRET_KEY_BASE), so TOKENS_USED or MONKEY do not count.
const NAME = `(?:[A-Z0-9]+_)*(?:SECRET|TOKEN|KEY|PASSWORD|PASSWD|PASSPHRASE|API_KEY|APIKEY|CREDENTIALS?)(?:_[A-Z0-9]+)*`;
// What every NAME ends with (API_KEY and APIKEY end in KEY): the literal-first pre-checks of the env
// rules, which otherwise try their leading (?:[A-Z0-9]+_)* at every word boundary of a long text.
const NAME_TAIL = `(?:SECRET|TOKEN|KEY|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?)(?:_[A-Z0-9]+)*`;
// A value already redacted by an earlier rule is left alone (idempotence).
const NOT_DONE = String.raw`(?!\[REDACTED)`;

const ENV_ANCHOR = /SECRET|TOKEN|KEY|PASSW|PASSPHRASE|CREDENTIAL/;

export const REDACT_RULES: readonly RedactRule[] = [
  {
    kind: "private-key",
    re: /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?-----END \1-----/g,
    to: R("private-key"),
    anchor: /-----BEGIN/,
  },
  // Authorization headers with any scheme; the header name is kept.
  {
    kind: "authorization",
    re: /\b(Authorization["']?\s*[:=]\s*["']?)(?:(Bearer|Basic|Token|Bot)\s+)?(?!\[REDACTED)[A-Za-z0-9._~+/=-]{8,}/gi,
    to: (_m, head: string, scheme?: string) => `${head}${scheme ? `${scheme} ` : ""}${R("authorization")}`,
    anchor: /authorization/i,
  },
  { kind: "bearer", re: /\b(Bearer\s+)(?!\[REDACTED)[A-Za-z0-9._~+/-]{16,}=*/g, to: `$1${R("bearer")}`, anchor: /Bearer/ },
  { kind: "jwt", re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g, to: R("jwt"), anchor: /eyJ/ },
  { kind: "aws-access-key", re: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g, to: R("aws-access-key"), anchor: /AKIA|ASIA|ABIA|ACCA/ },
  { kind: "github-token", re: /\bgh[pousr]_[A-Za-z0-9]{30,255}\b/g, to: R("github-token"), anchor: /gh[pousr]_/ },
  { kind: "github-token", re: /\bgithub_pat_[A-Za-z0-9_]{22,255}/g, to: R("github-token"), anchor: /github_pat_/ },
  { kind: "openai-key", re: /\bsk-(?:proj-|svcacct-|admin-|ant-(?:api\d+-)?)?[A-Za-z0-9_-]{20,}/g, to: R("api-key"), anchor: /sk-/ },
  // .env style: NAME=value (quoted or bare). JSON/YAML style with a quoted key: "NAME": "value".
  {
    kind: "env",
    re: new RegExp(String.raw`\b(${NAME})(\s*=\s*)${NOT_DONE}("[^"\n]+"|'[^'\n]+'|[^\s"'#;&|]+)`, "g"),
    to: `$1$2${R("secret")}`,
    pre: new RegExp(String.raw`${NAME_TAIL}\s*=`),
    anchor: ENV_ANCHOR,
  },
  {
    kind: "env",
    re: new RegExp(String.raw`("${NAME}"\s*:\s*")${NOT_DONE}[^"\\\n]+(")`, "g"),
    to: `$1${R("secret")}$2`,
    pre: new RegExp(String.raw`${NAME_TAIL}"\s*:`),
    anchor: ENV_ANCHOR,
  },
];

// Every rule above needs one of these literals to match (the env rules' NAME needs SECRET, TOKEN, KEY,
// PASSW…, PASSPHRASE or CREDENTIAL). Scanning for them lets the usual secret-free text skip the ten rule
// regexes, which are most of a report's redaction time. Keep in step with REDACT_RULES (tested). Three
// scans, not one alternation of all: V8 runs the case-sensitive mostly-uppercase literals, the two
// lowercase prefixes and /authorization/i each several times faster than the one 17-way alternation
// (measured on real session text: 2.7 ms against 3.5–6 ms per 1.4 M characters). Without the u flag, /i
// folds only ASCII letters onto ASCII.
const ANCHOR_SCANS = [
  /-----BEGIN|Bearer|eyJ|A(?:KIA|SIA|BIA|CCA)|SECRET|TOKEN|KEY|PASSW|PASSPHRASE|CREDENTIAL/g,
  /sk-|g(?:h[pousr]|ithub_pat)_/g,
  /authorization/gi,
];

// The same literals as one alternation ("authorization" spelled out in both cases, as /i folds ASCII):
// slower per character on long text, but one regex call instead of three on the many short strings of
// a session (ids, roles, names), where the cost of a call outweighs the scan.
const ANY_ANCHOR =
  /-----BEGIN|Bearer|eyJ|AKIA|ASIA|ABIA|ACCA|gh[pousr]_|github_pat_|sk-|SECRET|TOKEN|KEY|PASSW|PASSPHRASE|CREDENTIAL|[Aa][Uu][Tt][Hh][Oo][Rr][Ii][Zz][Aa][Tt][Ii][Oo][Nn]/;
const SHORT = 256;

// The scans as plain tests: whether any anchor occurs stops at the first one (candidateRules finds them all).
const ANCHOR_TESTS = ANCHOR_SCANS.map((r) => new RegExp(r.source, r.flags.replace("g", "")));

/** Could any rule match? False means redactText returns the text unchanged. */
export const mayHoldSecret = (text: string): boolean => (text.length < SHORT ? ANY_ANCHOR.test(text) : ANCHOR_TESTS.some((r) => r.test(text)));

/** mayHoldSecret(text), long texts searched by WebAssembly SIMD first (secret-scan.ts, docs/performance.md §4.40). */
export const textMayHoldSecret = (text: string): boolean => textMayHold(mayHoldSecret, text);

/** mayHoldSecret(bytes.toString("latin1", start, end)), without that string (secret-scan.ts). */
export const bytesMayHoldSecret = (bytes: Buffer, start: number, end: number): boolean => bytesMayHold(mayHoldSecret, bytes, start, end);

/** Rules (bit i = REDACT_RULES[i]) whose anchor is this matched anchor literal; memoised per literal. */
const rulesByAnchor = new Map<string, number>();
function rulesOfAnchor(a: string): number {
  let bits = rulesByAnchor.get(a);
  if (bits === undefined) {
    bits = 0;
    REDACT_RULES.forEach((r, i) => {
      if (r.anchor.test(a)) bits! |= 1 << i;
    });
    // "authorization" comes in 2^13 spellings: bound the memo (it is only a cache).
    if (rulesByAnchor.size < 256) rulesByAnchor.set(a, bits);
  }
  return bits;
}

/**
 * The rules that can match `text`: every anchor occurrence is found (from each start position, so
 * overlapping anchors such as "SECRETOKEN" are all seen). A rule's match contains its anchor, and a
 * replacement only keeps text it matched or around it and adds "[REDACTED:kind]" (bracketed: no anchor
 * spans its edges; its only anchor is "authorization", for the rule that wrote it), so a rule whose
 * anchor is not in the original text cannot match at its turn either.
 */
function candidateRules(text: string): number {
  // The usual long text holds no anchor: one search (≈ 0.4 ns a character) instead of the three scans (≈ 2.3).
  if (text.length < SHORT ? !ANY_ANCHOR.test(text) : !textMayHoldSecret(text)) return 0;
  let bits = 0;
  for (const scan of ANCHOR_SCANS) {
    scan.lastIndex = 0;
    for (let m = scan.exec(text); m; m = scan.exec(text)) {
      bits |= rulesOfAnchor(m[0]);
      scan.lastIndex = m.index + 1;
    }
  }
  return bits;
}

/** Redacts one string; returns it unchanged (same reference) when nothing matched. */
export function redactText(text: string): string {
  const bits = candidateRules(text);
  if (bits === 0) return text;
  let out = text;
  for (let i = 0; i < REDACT_RULES.length; i++) {
    if ((bits & (1 << i)) === 0) continue;
    const r = REDACT_RULES[i];
    if (r.pre && !r.pre.test(out)) continue;
    r.re.lastIndex = 0;
    if (r.re.test(out)) {
      r.re.lastIndex = 0;
      out = out.replace(r.re, r.to as string);
    }
  }
  return out;
}

/** Counts what redactText would replace, by kind (for the report's notice). */
export function findSecrets(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  let rest = text;
  for (const r of REDACT_RULES) {
    r.re.lastIndex = 0;
    const n = rest.match(r.re)?.length ?? 0;
    if (n > 0) {
      out[r.kind] = (out[r.kind] ?? 0) + n;
      r.re.lastIndex = 0;
      rest = rest.replace(r.re, r.to as string);
    }
  }
  return out;
}

/** Strings shorter than this are scanned each time (remembering them would cost more than the scan). */
const MEMO_MIN = 64;
/** Strings remembered per length: bounds the comparisons when many strings share a length. */
const MEMO_PER_LENGTH = 8;

/**
 * redactText that scans equal strings once: a message's text is usually also in its blocks, so about half
 * of a session's characters are repeats. Remembered by length, not in a string-keyed map: a map would
 * hash every string (another pass over its characters), while comparing with the few earlier strings of
 * the same length stops at the first difference, and an equal one costs a memory compare.
 */
function redactOnce(): (text: string) => string {
  const byLength = new Map<number, [string, string][]>();
  return (text) => {
    const seen = byLength.get(text.length);
    if (seen) for (const [t, r] of seen) if (t === text) return r;
    const r = redactText(text);
    if (!seen) byLength.set(text.length, [[text, r]]);
    else {
      if (seen.length >= MEMO_PER_LENGTH) seen.shift();
      seen.push([text, r]);
    }
    return r;
  };
}

/**
 * Deep copy of a JSON-like value with every string redacted. Objects that contain no secret keep their
 * identity, so a message table shared by many turns is not copied needlessly.
 */
export function redactDeep<T>(value: T, counter?: { n: number }): T {
  // Only copies are remembered (a shared object that changed gets one copy): remembering every object of
  // a session cost more than the walk itself. An unchanged object reached twice is walked twice (trees
  // from JSON have no shared objects; the result is the same object either way).
  const seen = new Map<unknown, unknown>();
  const once = redactOnce();
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const r = v.length < MEMO_MIN ? redactText(v) : once(v);
      if (r !== v && counter) counter.n++;
      return r;
    }
    if (v === null || typeof v !== "object") return v;
    const known = seen.get(v);
    if (known !== undefined) return known;
    if (Array.isArray(v)) {
      // Copied only from the first changed item on: most arrays (turn references, ids) have no secret.
      let arr: unknown[] | null = null;
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (x === null || (typeof x !== "string" && typeof x !== "object")) {
          if (arr) arr.push(x);
          continue;
        }
        const y = walk(x);
        if (arr) arr.push(y);
        else if (y !== x) {
          arr = v.slice(0, i);
          arr.push(y);
        }
      }
      if (!arr) return v;
      seen.set(v, arr);
      return arr;
    }
    if (v instanceof Map || v instanceof Set) return v;
    let copy: Record<string, unknown> | null = null;
    const o = v as Record<string, unknown>;
    // Keys, not entries: no [key, value] pair allocated per property of every message and turn.
    for (const k of Object.keys(o)) {
      const x = o[k];
      const y = walk(x);
      if (y !== x) {
        copy ??= { ...(v as Record<string, unknown>) };
        // defineProperty: a "__proto__" key from parsed JSON stays a plain own property.
        Object.defineProperty(copy, k, { value: y, enumerable: true, writable: true, configurable: true });
      }
    }
    if (!copy) return v;
    seen.set(v, copy);
    return copy;
  };
  return walk(value) as T;
}
