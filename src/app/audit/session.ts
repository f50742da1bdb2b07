// Builds one AuditSession (canonical result) from what the engines return: contract turns (docs/product.md §5),
// compaction diffs, TTSR evidence. Every distinct message goes into the session's message table once;
// turns become references (the previous turn's first `keep` messages plus additions), so a 484-turn
// session costs its distinct messages, not 484 full copies.
import type { Diagnostic } from "../../shared/diagnostics.js";
import type { Msg } from "../../formats/types.js";
import type { CompactionDiff } from "../../context/compaction.js";
import type { DeltaMessages, Turn } from "../../context/turns.js";
import type { AuditCheck, AuditCompaction, AuditSession, AuditTtsr, TtsrTurnEvidence } from "../../audit/model.js";
import { capsuleFailed } from "../../audit/store.js";
import { sessionStatus } from "../../audit/summary.js";

/** What the builder reads of a turn view (context/turns.ts Turn) with its full message list. */
export type TurnInput = Pick<Turn, "index" | "leafId" | "responseId" | "systemPrompt" | "tokens"> & { messages: readonly Msg[] };
/** A delta turn view: `base` is a turn index, `added` the messages after `keep`. */
export type DeltaTurnInput = Omit<TurnInput, "messages"> & { messages: Pick<DeltaMessages, "base" | "keep"> & { added: readonly Msg[] } };
/** What the builder reads of a compaction diff (context/compaction.ts); an audit may name its line and summary. */
export type CompactionInput = Pick<CompactionDiff, "id" | "tokens" | "capsule" | "trigger"> & {
  dropped: readonly Msg[];
  kept: readonly Msg[];
  added: readonly Msg[];
  line?: number;
  summary?: string;
};

export interface SessionFacts {
  path: string;
  format: string;
  profile: string;
  profileReason?: string;
  id?: string;
  lineCount?: number;
  activeLeafId?: string | null;
  leaves?: string[];
  diagnostics: readonly Diagnostic[];
}

/** Large inline payloads (base64 images) are elided from reports; the text the model read is kept. */
const IMAGE_KEEP = 256;
function slimBlock(b: unknown): unknown {
  if (!b || typeof b !== "object") return b;
  const o = b as Record<string, unknown>;
  const type = typeof o.type === "string" ? o.type : "";
  if (!type.includes("image")) return b;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = typeof v === "string" && v.length > IMAGE_KEEP ? `[${v.length} chars of image data elided]` : v;
  return out;
}
function slimMsg(m: Msg): Msg {
  if (!m.blocks.some((b) => b && typeof b === "object" && String((b as { type?: unknown }).type ?? "").includes("image"))) return m;
  return { ...m, blocks: m.blocks.map(slimBlock) };
}

/** Interns messages: by identity first (persistent lists share cells), then by content. */
export class MessageTable {
  readonly messages: Msg[] = [];
  private byRef = new Map<Msg, number>();
  /**
   * Candidate indices by the first source id (a string the session's tree maps have hashed already), or by a
   * fingerprint for a message without one; content is compared (as JSON) only among candidates of the same shape.
   */
  private byFirstId = new Map<string, number | number[]>();
  private byPrint = new Map<string, number | number[]>();
  /** Per index: the message as given (before slimming) and its JSON once computed. */
  private given: Msg[] = [];
  private json: (string | undefined)[] = [];
  index(m: Msg): number {
    const r = this.byRef.get(m);
    if (r !== undefined) return r;
    // Equal JSON implies an equal first id and shape (and an equal fingerprint), so this interns exactly as
    // JSON keys would, but a message seen for the first time (the common case) is never stringified.
    const first = firstId(m);
    const map = first === undefined ? this.byPrint : this.byFirstId;
    const key = first ?? fingerprint(m);
    const bucket = map.get(key);
    let i: number | undefined;
    if (bucket !== undefined) {
      let json: string | undefined;
      const same = (j: number): boolean => {
        const g = this.given[j];
        if (!sameShape(g, m)) return false;
        json ??= JSON.stringify(m);
        this.json[j] ??= JSON.stringify(g);
        return this.json[j] === json;
      };
      if (typeof bucket === "number") i = same(bucket) ? bucket : undefined;
      else i = bucket.find(same);
    }
    if (i === undefined) {
      i = this.messages.length;
      this.messages.push(slimMsg(m));
      this.given.push(m);
      this.json.push(undefined);
      if (bucket === undefined) map.set(key, i);
      else if (typeof bucket === "number") map.set(key, [bucket, i]);
      else bucket.push(i);
    }
    this.byRef.set(m, i);
    return i;
  }
}

const firstId = (m: Msg): string | undefined => {
  const ids = m.sourceIds;
  return Array.isArray(ids) && typeof ids[0] === "string" ? ids[0] : undefined;
};

/** What two messages with equal JSON share, compared without making any string. */
function sameShape(a: Msg, b: Msg): boolean {
  if (String(a.role) !== String(b.role)) return false;
  if ((typeof a.text === "string" ? a.text.length : -1) !== (typeof b.text === "string" ? b.text.length : -1)) return false;
  if ((Array.isArray(a.blocks) ? a.blocks.length : -1) !== (Array.isArray(b.blocks) ? b.blocks.length : -1)) return false;
  const x = a.sourceIds;
  const y = b.sourceIds;
  if (!Array.isArray(x) || !Array.isArray(y)) return Array.isArray(x) === Array.isArray(y);
  if (x.length !== y.length) return false;
  // Only strings are told apart here (a null and an undefined id have the same JSON).
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k] && typeof x[k] === "string" && typeof y[k] === "string") return false;
  return true;
}

const fingerprint = (m: Msg): string =>
  `${String(m.role)}\u0000${Array.isArray(m.sourceIds) ? m.sourceIds.join("\u0001") : ""}\u0000${typeof m.text === "string" ? m.text.length : -1}\u0000${Array.isArray(m.blocks) ? m.blocks.length : -1}`;

export class SessionBuilder {
  private table = new MessageTable();
  private prompts: string[] = [];
  private promptIdx = new Map<string, number>();
  private turns: AuditSession["turns"] = [];
  /**
   * Turn index (docs/product.md §5) → position in `turns`: an array used as a map (turn indices are 0, 1, 2, …;
   * any other number is a key all the same), one slot per turn instead of a map entry.
   */
  private posOfIndex: number[] = [];
  private prev: { msgs: readonly Msg[]; idx: number[] } | null = null;
  private compactions: AuditCompaction[] = [];
  private ttsr: AuditTtsr | undefined;

  constructor(private readonly facts: SessionFacts) {}

  addTurn(t: TurnInput): void {
    const prev = this.prev;
    // Shared prefix by identity is O(prefix) and needs no hashing; the rest is interned.
    let keep = 0;
    if (prev) {
      const n = Math.min(prev.msgs.length, t.messages.length);
      while (keep < n && prev.msgs[keep] === t.messages[keep]) keep++;
    }
    const idx = new Array<number>(t.messages.length);
    for (let i = 0; i < keep; i++) idx[i] = prev!.idx[i];
    for (let i = keep; i < t.messages.length; i++) idx[i] = this.table.index(t.messages[i]);
    // Content-equal but distinct objects still share the reference prefix.
    if (prev) while (keep < Math.min(prev.idx.length, idx.length) && prev.idx[keep] === idx[keep]) keep++;
    const sp = this.prompt(t.systemPrompt);
    const base = prev && keep > 0 ? this.turns.length - 1 : null;
    this.posOfIndex[t.index] = this.turns.length;
    this.turns.push({
      index: t.index,
      leafId: t.leafId,
      responseId: t.responseId,
      systemPrompt: sp,
      refs: { base, keep: base === null ? 0 : keep, add: idx.slice(base === null ? 0 : keep) },
      size: idx.length,
      tokens: t.tokens,
    });
    this.prev = { msgs: t.messages, idx };
  }

  /** A delta turn of turnViews({delta:true}): `base` is a turn index, `added` the messages after `keep`. */
  addDeltaTurn(t: DeltaTurnInput): void {
    const d = t.messages;
    const base = d.base === null ? undefined : this.posOfIndex[d.base];
    const keep = base === undefined ? 0 : d.keep;
    const add = d.added.map((m) => this.table.index(m));
    // A base the audit did not list (cannot happen with scope "all") degrades to a full list of what we have.
    this.posOfIndex[t.index] = this.turns.length;
    this.turns.push({
      index: t.index,
      leafId: t.leafId,
      responseId: t.responseId,
      systemPrompt: this.prompt(t.systemPrompt),
      refs: { base: base ?? null, keep, add },
      size: keep + add.length,
      tokens: t.tokens,
    });
    this.prev = null;
  }

  private prompt(p: string | null): number | null {
    if (p === null) return null;
    let sp = this.promptIdx.get(p);
    if (sp === undefined) {
      sp = this.prompts.push(p) - 1;
      this.promptIdx.set(p, sp);
    }
    return sp;
  }

  addCompaction(c: CompactionInput): void {
    const ix = (ms: readonly Msg[]) => ms.map((m) => this.table.index(m));
    const out: AuditCompaction = { id: c.id, dropped: ix(c.dropped), kept: ix(c.kept), added: ix(c.added), tokens: c.tokens };
    if (c.line !== undefined) out.line = c.line;
    if (c.summary !== undefined) out.summary = c.summary;
    if (c.trigger !== undefined) out.trigger = c.trigger;
    if (c.capsule) out.capsule = c.capsule;
    this.compactions.push(out);
  }

  setTtsr(turns: readonly TtsrTurnEvidence[]): void {
    this.ttsr = { turns: [...turns], disagreements: turns.filter((t) => t.agree === false).map((t) => t.responseId) };
  }

  finish(extra: readonly Diagnostic[] = [], ms?: number): AuditSession {
    const f = this.facts;
    const diagnostics = [...f.diagnostics, ...extra];
    const checks = sessionChecks(diagnostics, this.compactions, this.ttsr);
    const s: AuditSession = {
      path: f.path,
      kind: "session",
      format: f.format,
      profile: f.profile,
      status: sessionStatus(diagnostics, checks),
      loader: loaderVerdict(diagnostics),
      diagnostics,
      prompts: this.prompts,
      messages: this.table.messages,
      turns: this.turns,
      compactions: this.compactions,
      checks,
    };
    if (f.profileReason !== undefined) s.profileReason = f.profileReason;
    if (f.id !== undefined) s.id = f.id;
    if (f.lineCount !== undefined) s.lineCount = f.lineCount;
    if (f.activeLeafId !== undefined) s.activeLeafId = f.activeLeafId;
    if (f.leaves !== undefined) s.leaves = f.leaves;
    if (this.ttsr) s.ttsr = this.ttsr;
    if (ms !== undefined) s.ms = ms;
    return s;
  }
}

export function loaderVerdict(ds: readonly Diagnostic[]): AuditSession["loader"] {
  const l = ds.filter((d) => d.loader);
  return { verdict: l.some((d) => d.severity === "error") ? "rejected" : l.length ? "tolerated" : "ok", diagnostics: l };
}

/** The pass/fail items of a session: loader, well-formedness, each capsule check, each TTSR turn. */
export function sessionChecks(ds: readonly Diagnostic[], compactions: readonly AuditCompaction[], ttsr?: AuditTtsr): AuditCheck[] {
  const loader = ds.filter((d) => d.loader);
  const other = ds.filter((d) => !d.loader);
  const errs = other.filter((d) => d.severity === "error");
  const warns = other.filter((d) => d.severity === "warning");
  const checks: AuditCheck[] = [
    loader.some((d) => d.severity === "error")
      ? {
          name: "loader verdict",
          status: "fail",
          severity: "error",
          message: `the real loader rejects: ${loader.find((d) => d.severity === "error")!.code}`,
          diagnostics: loader,
        }
      : loader.length
        ? { name: "loader verdict", status: "warn", severity: "warning", message: `the real loader skips ${loader.length} record(s)`, diagnostics: loader }
        : { name: "loader verdict", status: "pass" },
    errs.length
      ? { name: "well-formed", status: "fail", severity: "error", message: `${errs.length} error(s)`, diagnostics: errs }
      : warns.length
        ? { name: "well-formed", status: "warn", severity: "warning", message: `${warns.length} warning(s)`, diagnostics: warns }
        : { name: "well-formed", status: "pass" },
  ];
  for (const c of compactions)
    if (c.capsule)
      checks.push(
        !capsuleFailed(c)
          ? { name: `compaction ${c.id} capsule`, status: "pass" }
          : {
              name: `compaction ${c.id} capsule`,
              status: "fail",
              severity: "error",
              message: [
                c.capsule.lost.length ? `lost in compaction: ${c.capsule.lost.map((l) => `${l.kind} ${l.value}`).join("; ")}` : "",
                c.capsule.valid ? "" : `capsule invalid (missing ${c.capsule.missing.join(", ")})`,
              ]
                .filter(Boolean)
                .join("; "),
            },
      );
  for (const t of ttsr?.turns ?? [])
    checks.push(
      t.agree === null
        ? { name: `ttsr turn ${t.responseId}`, status: "skip", message: "no recorded TTSR evidence in this format" }
        : t.agree === "unverifiable"
          ? { name: `ttsr turn ${t.responseId}`, status: "skip", message: "recorded TTSR evidence whose trigger is not in the log (unverifiable)" }
          : t.agree
            ? { name: `ttsr turn ${t.responseId}`, status: "pass" }
            : { name: `ttsr turn ${t.responseId}`, status: "fail", severity: "error", message: "recorded and replayed TTSR evidence disagree" },
    );
  return checks;
}

/** An input that could not be read as a session at all: its diagnostics say why. */
export function unreadableSession(path: string, diagnostics: readonly Diagnostic[], ms?: number): AuditSession {
  const checks = sessionChecks(diagnostics, []);
  const s: AuditSession = {
    path,
    kind: "unreadable",
    status: sessionStatus(diagnostics, checks),
    loader: loaderVerdict(diagnostics),
    diagnostics: [...diagnostics],
    prompts: [],
    messages: [],
    turns: [],
    compactions: [],
    checks,
  };
  if (ms !== undefined) s.ms = ms;
  return s;
}

/** A non-session input (rule, settings, capsule, config file) that was validated. */
export function validatedFile(path: string, kind: "rule" | "settings" | "capsule" | "config", diagnostics: readonly Diagnostic[], ms?: number): AuditSession {
  return { ...unreadableSession(path, diagnostics, ms), kind };
}

/**
 * Resolves a turn's references to message-table indices (check and tests use it; the HTML script mirrors it).
 * Walks the base chain iteratively and rebuilds one array (truncate to `keep`, append `add` per layer), so a
 * long chain costs O(its layers + result), not a copy per ancestor.
 */
export function resolveTurn(s: Pick<AuditSession, "turns">, i: number, cache = new Map<number, number[]>()): number[] {
  const hit = cache.get(i);
  if (hit) return hit;
  const chain: number[] = [];
  let start: number[] = [];
  for (let j: number | null = i; j !== null; j = s.turns[j].refs.base) {
    const known = cache.get(j);
    if (known) {
      start = known;
      break;
    }
    chain.push(j);
  }
  const out = start.slice();
  for (let k = chain.length - 1; k >= 0; k--) {
    const t = s.turns[chain[k]];
    out.length = t.refs.base === null ? 0 : t.refs.keep;
    for (const a of t.refs.add) out.push(a);
  }
  cache.set(i, out);
  return out;
}
