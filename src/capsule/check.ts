// The capsule check of a compaction diff (docs/product.md §3): the capsule's validation, plus every active hard
// deny, blocking question id and pending write path that the text of "after" does not contain. Both
// sides are NFKC-normalised first (the seed's ASCII punctuation is NFKC of the presumable full-width
// original, docs/capsule.md §6). Never throws: malformed members are skipped here.
import type { UpstreamThrow } from "./types.js";
import { validateCompactCapsule } from "./validate.js";

export interface LostItem {
  kind: "hard-deny" | "blocking-question" | "pending-write";
  /** The text that must appear in "after": the deny line, the question id, the write path. */
  value: string;
}

export interface CapsuleCheck {
  valid: boolean;
  missing: string[];
  warnings: string[];
  lost: LostItem[];
  upstreamThrows?: true;
  errorName?: string;
  message?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** What the capsule says must survive compaction, with restore's definitions of "active" and "pending". */
export function mustSurvive(capsule: unknown): LostItem[] {
  if (!isRecord(capsule)) return [];
  const out: LostItem[] = [];
  for (const d of arr(capsule.hardDenySummary)) if (typeof d === "string" && d.trim().length > 0) out.push({ kind: "hard-deny", value: d });
  for (const q of arr(capsule.openQuestions)) if (isRecord(q) && q.blocking && typeof q.id === "string") out.push({ kind: "blocking-question", value: q.id });
  for (const t of arr(capsule.writeTransactions)) {
    if (isRecord(t) && (t.status === "planned" || t.status === "blocked") && typeof t.path === "string") out.push({ kind: "pending-write", value: t.path });
  }
  return out;
}

export function capsuleCheck(capsule: unknown, afterText: string): CapsuleCheck {
  const v = validateCompactCapsule(capsule);
  const hay = afterText.normalize("NFKC");
  const lost = mustSurvive(capsule).filter((x) => !hay.includes(x.value.normalize("NFKC")));
  const out: CapsuleCheck = { valid: v.valid, missing: v.missing, warnings: v.warnings, lost };
  if (v.upstreamThrows) Object.assign(out, { upstreamThrows: true, errorName: v.errorName, message: v.message } satisfies UpstreamThrow);
  return out;
}
