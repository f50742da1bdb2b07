// Equality of two answers as JSON would see them (undefined-valued keys absent, NaN like null), with the
// path of the first difference; structural, so it stays fast on large contexts.
const norm = (v) => (typeof v === "number" && !Number.isFinite(v) ? null : v);

/** Undefined when equal, else the JSON path of the first difference and the two values there. */
export function firstDifference(a, b, path = "$") {
  a = norm(a);
  b = norm(b);
  if (a === b) return undefined;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return { path, upstream: a, sightline: b };
  }
  if (Array.isArray(a)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      if (i >= a.length || i >= b.length) return { path: `${path}.length`, upstream: a.length, sightline: b.length };
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  const keys = new Set([...Object.keys(a).filter((k) => a[k] !== undefined), ...Object.keys(b).filter((k) => b[k] !== undefined)]);
  for (const k of keys) {
    const d = firstDifference(a[k], b[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** A short, single-line rendering of a value for the report. */
export const brief = (v) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
};
