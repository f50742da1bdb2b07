// One input file of an audit → one entry of the canonical result. Sessions get the full analysis (turns,
// compactions with capsule checks, TTSR evidence when rules are given); rule, settings, capsule and config
// files are validated; files that are none of these (a README in a fixture folder) are skipped with a
// reason. This is the unit of work a pool worker runs; it never throws for bad input.
import { fsReason } from "../../io/fs-reason.js";
import { readText } from "../../io/text.js";
import { compactionDiffs } from "../../context/compaction.js";
import { exactCounter } from "../../context/tokens-exact.js";
import { charsPer4, type TokenCounter } from "../../context/tokens.js";
import { iterTurnViews, type DeltaMessages, type Turn } from "../../context/turns.js";
import { isSession, moduleOf } from "../../formats/registry.js";
import type { Msg } from "../../formats/types.js";
import type { AuditSession } from "../../audit/model.js";
import { SessionBuilder, unreadableSession, validatedFile } from "./session.js";
import { diag, sortDiagnostics, type Diagnostic } from "../../shared/diagnostics.js";
import { isStdin, STDIN_LABEL, readHead, readSmallFileSync, type ReadScratch } from "../../io/read.js";
import { classify } from "../read/classify.js";
import { readSession, type PreviousSession } from "../read/read.js";
import type { TtsrHook, TtsrOptions } from "./ttsr.js";

export interface AuditFileOptions extends TtsrOptions {
  profile?: string;
  tokens?: "estimate" | "exact";
}

export type AuditFileResult = { entry: AuditSession } | { skipped: string };

let counterCache: Promise<TokenCounter> | undefined;
const counterFor = (mode: AuditFileOptions["tokens"]) => {
  if (mode !== "exact") return Promise.resolve(charsPer4);
  counterCache ??= exactCounter();
  return counterCache;
};

/** Files up to this size are read whole, once, synchronously (classified from their head and parsed from memory). */
export const WHOLE_FILE_BYTES = 16 * 2 ** 20;
const HEAD_BYTES = 4096;

/** How a file is read: whole up to `wholeFileBytes` (tests pass -1 to stream every file), into `scratch` if given. */
export interface AuditRead {
  wholeFileBytes?: number;
  /**
   * A buffer reused for every read of this thread (a pool worker, one file at a time): the file, and the
   * sessions it continues (a subagent's parent), are read into it instead of into new buffers.
   */
  scratch?: ReadScratch;
  /** The session this thread audited just before, offered to this read as the origin it may name (read.ts). */
  previous?: PreviousSession;
  /**
   * Called with this file's session once its audit is done, when the next file of the thread may continue it:
   * its origin, if it had one, is let go first, so that holding it holds one parsed session, as an origin read does.
   */
  keep?: (s: PreviousSession) => void;
}

export async function auditFile(path: string, opts: AuditFileOptions, ttsr?: TtsrHook, read: AuditRead = {}): Promise<AuditFileResult> {
  const wholeFileBytes = read.wholeFileBytes ?? WHOLE_FILE_BYTES;
  const t0 = performance.now();
  const label = isStdin(path) ? STDIN_LABEL : path;
  try {
    let whole: Buffer | undefined;
    if (!isStdin(path)) {
      whole = read.scratch ? read.scratch.read(path, wholeFileBytes) : readSmallFileSync(path, wholeFileBytes);
      let first: string;
      try {
        // What readHead would read: the first HEAD_BYTES bytes as UTF-8.
        first = whole ? whole.subarray(0, HEAD_BYTES).toString("utf8") : await readHead(path, HEAD_BYTES);
      } catch (e) {
        return {
          entry: unreadableSession(label, [diag("UNREADABLE_PATH", { file: label }, { path, reason: fsReason(e) })]),
        };
      }
      const all = async () => (whole ? whole.toString("utf8") : readText(path));
      const c = classify(path, /\.json$/i.test(path) ? await all().catch(() => first) : first);
      if (c.kind === null) return { skipped: c.reason ?? "not a session, rule, capsule, settings or config file" };
      if (c.kind !== "session") {
        const text = await all();
        // Loaded on first use: rule, settings and config validation pull in modules a pool worker auditing
        // only sessions never needs (worker start-up counts in every run).
        const { validateTextFile } = await import("../validate/kinds.js");
        return {
          entry: validatedFile(label, c.kind, sortDiagnostics(validateTextFile(c.kind, path, text, { ttsrProfile: opts.ttsrProfile })), performance.now() - t0),
        };
      }
    }
    return { entry: await auditSessionFile(path, label, opts, ttsr, t0, whole, read) };
  } catch (e) {
    // A bug in sightline must not stop the corpus: the file gets an INTERNAL diagnostic.
    return {
      entry: unreadableSession(
        label,
        [diag("INTERNAL", { file: label }, { detail: e instanceof Error ? (e.stack ?? e.message) : String(e) })],
        performance.now() - t0,
      ),
    };
  }
}

async function auditSessionFile(
  path: string,
  label: string,
  opts: AuditFileOptions,
  ttsr: TtsrHook | undefined,
  t0: number,
  bytes: Uint8Array | undefined,
  { scratch, previous, keep }: AuditRead,
): Promise<AuditSession> {
  const s = await readSession(path, { profile: opts.profile, bytes, ...(scratch && { scratch }), ...(previous && { previous }) });
  if (!isSession(s)) return unreadableSession(label, s.diagnostics, performance.now() - t0);
  const module = moduleOf(s);
  const tokens = await counterFor(opts.tokens);
  const b = new SessionBuilder({
    path: label,
    format: s.format,
    profile: s.profile,
    profileReason: s.profileReason,
    id: s.id,
    lineCount: s.lineCount,
    activeLeafId: s.tree.activeLeafId,
    leaves: s.tree.leaves,
    diagnostics: [],
  });
  // Every turn of the file (all branches), as deltas: O(changes) per turn, handed to the builder one at a
  // time (no list of all views held next to the builder's tables).
  // Each message's token count is made once, for the turns and the compactions alike.
  const counted = new Map<Msg, number>();
  // The views are handed over as they are (the builder reads only its fields): no copy per turn.
  // Tool-call arguments are serialised once, for the counts, and kept for the page's views of the same blocks.
  for (const t of iterTurnViews(s, { scope: "all", delta: true, tokens, counted, keepArgsText: true })) {
    if (Array.isArray(t.messages)) b.addTurn(t as Turn & { messages: Msg[] });
    else b.addDeltaTurn(t as Turn & { messages: DeltaMessages });
  }
  for (const c of compactionDiffs(s, { tokens, withPatch: false, counted, keepArgsText: true })) b.addCompaction(c);
  // Where the session came from (a subagent's parent and the call that started it, a fork's original), as validate says.
  const extra: Diagnostic[] = [...(module.originFindings?.(s) ?? [])];
  if (ttsr) {
    const r = await ttsr(s, module);
    b.setTtsr(r.turns);
    extra.push(...r.diagnostics);
  }
  const entry = b.finish(sortDiagnostics([...s.diagnostics, ...extra]), performance.now() - t0);
  if (keep && !isStdin(path)) {
    // Nothing reads an origin's own origin (read.ts reads it one level deep): letting it go changes no result.
    if (module.chainedOrigin !== true) module.setOrigin?.(s as never, undefined);
    keep({ file: path, profile: opts.profile, session: s });
  }
  return entry;
}
