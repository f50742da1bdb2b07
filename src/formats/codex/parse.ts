// Streaming reader for one Codex rollout file (docs/codex.md §1): one RolloutLine JSON object per line
// ({timestamp, type, payload}), the profile decision, a schema check per line type and the file invariants.
import { DiagnosticBag, sortDiagnostics } from "../../shared/diagnostics.js";
import { isObject, parseJson } from "../../shared/json.js";
import type { LineRecord, LineSink } from "../../shared/lines.js";
import type { ParseOptions, SessionTree } from "../types.js";
import { CODEX_PROFILES, KNOWN_LINE_TYPES, lineId, type CodexLine, type CodexProfile, type CodexSession } from "./model.js";
import { codexReplay } from "./context.js";
import { resumedAt } from "./replay.js";
import { checkLine } from "./schema.js";

class CodexParser implements LineSink<CodexSession> {
  private readonly bag: DiagnosticBag;
  private readonly lines: CodexLine[] = [];
  private count = 0;
  private readonly newer = new Map<string, number>();

  constructor(private readonly opts: ParseOptions) {
    this.bag = new DiagnosticBag(opts.file);
  }

  push(rec: LineRecord): void {
    this.count = rec.no;
    const text = rec.text.replace(/\r$/, "").replace(/^\uFEFF/, "");
    if (text.trim() === "") return;
    const parsed = parseJson(text);
    if (!parsed.ok) {
      this.bag.add("CODEX_INVALID_LINE", { line: rec.no }, { detail: rec.terminated ? parsed.detail : `unterminated last line: ${parsed.detail}` });
      return;
    }
    const v = parsed.value;
    if (!isObject(v) || typeof v.type !== "string" || !isObject(v.payload)) {
      this.bag.add("CODEX_INVALID_LINE", { line: rec.no }, { detail: "expected an object with a string type and an object payload" });
      return;
    }
    const line: CodexLine = { id: lineId(rec.no), line: rec.no, type: v.type, payload: v.payload };
    if (typeof v.timestamp === "string") line.timestamp = v.timestamp;
    if (typeof v.ordinal === "number") line.ordinal = v.ordinal;
    if (!KNOWN_LINE_TYPES.has(v.type)) {
      if (!this.newer.has(v.type)) this.newer.set(v.type, rec.no);
    } else {
      const problem = checkLine(v.type, v.payload);
      if (problem) this.bag.add("CODEX_SCHEMA", { line: rec.no }, { type: v.type, detail: problem });
    }
    this.lines.push(line);
  }

  finish(): CodexSession {
    const { profile, reason } = chooseProfile(this.lines, this.opts, this.bag);
    this.bag.add("PROFILE_CHOSEN", {}, { format: "codex", profile, why: reason });
    if (this.newer.size > 0) {
      const [first, ...rest] = [...this.newer];
      this.bag.add("PROFILE_NEWER", {}, { writer: "codex", evidence: `line type ${first[0]} (line ${first[1]})`, more: rest.length, profile });
    }
    const metas = this.lines.filter((l) => l.type === "session_meta");
    if (this.lines.length > 0 && this.lines[0].type !== "session_meta") this.bag.add("CODEX_NO_SESSION_META", { line: this.lines[0].line });
    if (metas.length > 1) {
      const ids = [...new Set(metas.map((m) => String(m.payload.id)))];
      this.bag.add("CODEX_MULTIPLE_META", { line: metas[1].line }, { count: metas.length, ids: ids.join(", ") });
    }
    checkOrdinals(this.lines, this.bag);
    const meta = metas[0]?.payload ?? null;
    const session: CodexSession = {
      format: "codex",
      profile,
      profileReason: reason,
      file: this.opts.file,
      diagnostics: [],
      tree: linearTree(this.lines),
      lineOf: new Map(this.lines.map((l) => [l.id, l.line])),
      lineCount: this.count,
      lines: this.lines,
      byId: new Map(this.lines.map((l) => [l.id, l])),
      meta,
    };
    if (meta && typeof meta.id === "string") session.id = meta.id;
    replayFindings(session, this.bag);
    session.diagnostics = sortDiagnostics(this.bag.items);
    return session;
  }
}

/**
 * The writer's family, from what its lines carry: 0.169.0 numbers every line (`ordinal`) and writes a
 * token_usage_record per response; 0.100.0 does neither and writes compacted lines without replacement_history.
 * A requested profile wins. Releases between the two are read with the family their lines look like (unverified).
 */
function chooseProfile(lines: readonly CodexLine[], opts: ParseOptions, bag: DiagnosticBag): { profile: CodexProfile; reason: string } {
  if (opts.profile !== undefined) {
    if ((CODEX_PROFILES as readonly string[]).includes(opts.profile)) return { profile: opts.profile as CodexProfile, reason: "requested" };
    bag.add("PROFILE_MISMATCH", {}, { problem: "unknown-profile", format: "codex", requested: opts.profile, known: CODEX_PROFILES });
  }
  const version = lines.find((l) => l.type === "session_meta")?.payload.cli_version;
  const by = typeof version === "string" ? `written by codex ${version}; ` : "";
  const marker = lines.find((l) => l.ordinal !== undefined || l.type === "token_usage_record");
  if (marker) return { profile: "codex-0.169", reason: `${by}line ${marker.line} has ${marker.ordinal !== undefined ? "an ordinal" : "a token_usage_record"}` };
  const legacy = lines.find((l) => l.type === "compacted" && !Array.isArray(l.payload.replacement_history));
  if (legacy) return { profile: "codex-0.100", reason: `${by}compacted line ${legacy.line} has no replacement_history` };
  if (lines.length > 0) return { profile: "codex-0.100", reason: `${by}no line has an ordinal` };
  return { profile: "codex-0.169", reason: "default" };
}

/**
 * 0.169.0 numbers its lines (`ordinal`, one more per line appended). Ordinals that go backwards or repeat mean
 * the file was rewritten in place (a desktop build's rewrite, openai/codex#44363) or spliced by hand.
 */
function checkOrdinals(lines: readonly CodexLine[], bag: DiagnosticBag): void {
  let prev: CodexLine | undefined;
  for (const l of lines) {
    if (l.ordinal === undefined) continue;
    if (prev?.ordinal !== undefined && l.ordinal <= prev.ordinal) {
      bag.add("CODEX_REWRITTEN", { line: l.line }, { line: l.line, detail: `ordinal ${l.ordinal} after ${prev.ordinal} (line ${prev.line})` });
      return;
    }
    prev = l;
  }
}

/** What replaying the history finds: tool outputs without calls, legacy compactions, rollbacks. */
function replayFindings(session: CodexSession, bag: DiagnosticBag): void {
  // Through the session's replay cache: the turn contexts and compactions use the same replay.
  const r = codexReplay(session);
  const takeover = resumedAt(session);
  if (takeover >= 0) bag.add("CODEX_TWO_WRITERS", { line: session.lines[takeover].line }, { line: session.lines[takeover].line });
  for (const o of r.orphans) bag.add("CODEX_ORPHAN_OUTPUT", { line: o.line }, { callId: o.callId });
  for (const c of r.compactions) if (c.legacy) bag.add("CODEX_LEGACY_COMPACTION", { line: c.line });
  for (const b of r.rollbacks) bag.add("CODEX_ROLLBACK", { line: b.line }, { turns: b.turns });
}

/** Lines chained in file order: each line's parent is the previous line. */
function linearTree(lines: readonly CodexLine[]): SessionTree {
  const nodes = lines.map((l) => l.id);
  const parent = new Map<string, string | null>();
  const children = new Map<string, string[]>();
  nodes.forEach((id, i) => {
    parent.set(id, i > 0 ? nodes[i - 1] : null);
    children.set(id, i + 1 < nodes.length ? [nodes[i + 1]] : []);
  });
  const last = nodes.length ? nodes[nodes.length - 1] : null;
  return { nodes, parent, children, leaves: last ? [last] : [], activeLeafId: last };
}

export const createCodexParser = (opts: ParseOptions): LineSink<CodexSession> => new CodexParser(opts);
