// A CompactCapsule is JSON, standalone or embedded in a compaction's data/details under "capsule"
// (docs/product.md §2). This finds it without judging it (validation is validateCompactCapsule's job).
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keys only a CompactCapsule has together; two of them are enough to call an object a capsule. */
const CAPSULE_KEYS = ["hardDenySummary", "openQuestions", "resumeSnapshot", "currentGate", "writeTransactions", "sourceAnchors", "traceId"];

export function looksLikeCapsule(v: unknown): boolean {
  return isRecord(v) && CAPSULE_KEYS.filter((k) => Object.hasOwn(v, k)).length >= 2;
}

/** The capsule in a value: itself, or its `capsule` member, or `data.capsule` / `details.capsule`. */
export function findCapsule(v: unknown): unknown {
  if (looksLikeCapsule(v)) return v;
  if (!isRecord(v)) return undefined;
  if (Object.hasOwn(v, "capsule")) return v.capsule;
  for (const k of ["data", "details"]) {
    const inner = v[k];
    if (isRecord(inner) && Object.hasOwn(inner, "capsule")) return inner.capsule;
  }
  return undefined;
}
