// Compares rebuilt requests with request bodies captured from the real binary (docs/codex.md §5): turn i against
// request i, every field of the body either rebuilt equal or named in the turn's notRecorded (JSON paths such as
// `$.tools`, `$.input[0].id`). Key order does not matter; everything else does. Used by the conformance harness
// and the fixture tests; pure.
import type { NotRecordedPart } from "../types.js";

type Json = unknown;

/** `$.a[0].b` → ["a", 0, "b"]. */
export function parseJsonPath(path: string): Array<string | number> {
  const out: Array<string | number> = [];
  for (const m of path.slice(1).matchAll(/\.([^.[\]]+)|\[(\d+)\]/g)) out.push(m[1] !== undefined ? m[1] : Number(m[2]));
  return out;
}

/** A deep copy of `value` without the parts at `paths` (array elements become null, so later indexes stay). */
export function withoutPaths(value: Json, paths: readonly string[]): Json {
  const copy = structuredClone(value);
  for (const p of paths) {
    const steps = parseJsonPath(p);
    if (steps.length === 0) return undefined;
    let cur: Json = copy;
    for (const s of steps.slice(0, -1)) cur = cur && typeof cur === "object" ? (cur as Record<string | number, Json>)[s] : undefined;
    const last = steps[steps.length - 1];
    if (!cur || typeof cur !== "object" || !(last in cur)) continue;
    if (Array.isArray(cur)) cur[last as number] = null;
    else delete (cur as Record<string | number, Json>)[last];
  }
  return copy;
}

const canon = (v: Json): Json => {
  if (Array.isArray(v)) return v.map(canon);
  if (v && typeof v === "object") {
    const o = v as Record<string, Json>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, canon(o[k])]),
    );
  }
  return v;
};
const same = (a: Json, b: Json): boolean => JSON.stringify(canon(a)) === JSON.stringify(canon(b));

export interface RequestDifference {
  turn: number;
  path: string;
  sightline: Json;
  upstream: Json;
}

/** The first path where two JSON values differ, or null. */
export function firstDifference(a: Json, b: Json, at = "$"): Omit<RequestDifference, "turn"> | null {
  if (same(a, b)) return null;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${at}[${i}]`);
      if (d) return d;
    }
  } else if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const ao = a as Record<string, Json>;
    const bo = b as Record<string, Json>;
    for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      const d = firstDifference(ao[k], bo[k], `${at}.${k}`);
      if (d) return d;
    }
  }
  return { path: at, sightline: a, upstream: b };
}

export interface RequestTurn {
  request?: Record<string, unknown>;
  notRecorded?: NotRecordedPart[];
}

export interface RequestComparison {
  turns: number;
  requests: number;
  /** Turns compared with a captured body. */
  compared: number;
  differences: RequestDifference[];
}

const threadOf = (x: unknown): string => {
  const k = x && typeof x === "object" ? (x as Record<string, unknown>).prompt_cache_key : undefined;
  return typeof k === "string" ? k : "";
};

/**
 * Each turn's request against the captured body at the same position within its thread (the first difference
 * per turn; `turn` is the position in `turns`). Codex sends the thread id as `prompt_cache_key`, and sightline
 * rebuilds it: turns and bodies are grouped by it, since a parent that goes on after a fork interleaves its
 * requests with the fork's. Within a thread, turns in file order (a revert segment after its base).
 */
export function compareRequests(turns: readonly RequestTurn[], bodies: readonly Json[]): RequestComparison {
  const differences: RequestDifference[] = [];
  let compared = 0;
  const threads = [...new Set([...turns.map((t) => threadOf(t.request)), ...bodies.map(threadOf)])];
  for (const thread of threads) {
    const ts = turns.flatMap((t, i) => (threadOf(t.request) === thread ? [{ t, i }] : []));
    const bs = bodies.filter((b) => threadOf(b) === thread);
    for (let k = 0; k < Math.max(ts.length, bs.length); k++) {
      const t = ts[k]?.t;
      const i = ts[k]?.i ?? turns.length + k;
      const body = bs[k];
      if (!t?.request || body === undefined) {
        differences.push({ turn: i, path: "$", sightline: t?.request ? "a request" : "no request", upstream: body === undefined ? "no request" : "a request" });
        continue;
      }
      const paths = (t.notRecorded ?? []).map((r) => r.path);
      const d = firstDifference(withoutPaths(t.request, paths), withoutPaths(body, paths));
      compared++;
      if (d) differences.push({ turn: i, ...d });
    }
  }
  differences.sort((x, y) => x.turn - y.turn);
  return { turns: turns.length, requests: bodies.length, compared, differences };
}
