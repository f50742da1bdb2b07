// Reads a Claude Code transcript (docs/claude-code.md §2): one JSON object per line, conversation entries linked
// by uuid / parentUuid, request records (2.1.3xx) kept by id and hash. Pure: receives lines, never the disk.
import { DiagnosticBag } from "../../shared/diagnostics.js";
import { isObject, parseJson } from "../../shared/json.js";
import type { LineRecord, LineSink } from "../../shared/lines.js";
import type { ParseOptions } from "../types.js";
import { iterRebuiltRequests } from "./requests.js";
import { checkEntry, checkInvariants, rewrittenFields } from "./validate.js";
import {
  CC_PROFILES,
  CONVERSATION_TYPES,
  KNOWN_TYPES,
  type ApiMessage,
  type ApiRequestRecord,
  type CcProfile,
  type CcRecord,
  type CcSession,
  type Json,
} from "./model.js";

const str = (v: unknown): v is string => typeof v === "string";

class ClaudeCodeParser implements LineSink<CcSession> {
  private readonly bag: DiagnosticBag;
  private readonly records: CcRecord[] = [];
  private readonly entries = new Map<string, CcRecord>();
  private readonly lineOf = new Map<string, number>();
  private readonly blobs: CcSession["blobs"] = new Map();
  private readonly shapes: CcSession["shapes"] = new Map();
  private readonly requests: ApiRequestRecord[] = [];
  private lineCount = 0;
  private version: string | undefined;
  private agentId: string | undefined;
  private unknown: { type: string; line: number; count: number } | undefined;

  constructor(private readonly opts: ParseOptions) {
    this.bag = new DiagnosticBag(opts.file);
  }

  push(line: LineRecord): void {
    this.lineCount = line.no;
    if (line.text.trim() === "") return;
    const parsed = parseJson(line.text.replace(/^\uFEFF/, ""));
    if (!parsed.ok || !isObject(parsed.value) || !str(parsed.value.type)) {
      this.bag.add("CC_INVALID_LINE", { line: line.no }, { detail: parsed.ok ? "no string type" : parsed.detail });
      return;
    }
    const raw = parsed.value as Json;
    const rec: CcRecord = { line: line.no, type: raw.type as string, raw };
    this.records.push(rec);
    if (!KNOWN_TYPES.has(rec.type)) {
      if (this.unknown) this.unknown.count++;
      else this.unknown = { type: rec.type, line: line.no, count: 1 };
      return;
    }
    for (const d of checkEntry(rec)) this.bag.add(d.code, { line: line.no }, d.args);
    this.version ??= str(raw.version) ? raw.version : undefined;
    this.agentId ??= str(raw.agentId) && raw.isSidechain === true ? raw.agentId : undefined;
    if (CONVERSATION_TYPES.has(rec.type) && str(raw.uuid)) {
      const first = this.entries.get(raw.uuid);
      if (first) {
        const added = rewrittenFields(first.raw, raw);
        if (added) this.bag.add("CC_ENTRY_REWRITTEN", { line: line.no }, { uuid: raw.uuid, first: first.line, added: added.join(", ") });
        else this.bag.add("CC_DUPLICATE_UUID", { line: line.no }, { uuid: raw.uuid, first: first.line });
      } else {
        this.entries.set(raw.uuid, rec);
        this.lineOf.set(raw.uuid, line.no);
      }
    } else if (rec.type === "api-request-blob" && str(raw.hash) && isObject(raw.message)) {
      this.blobs.set(raw.hash, raw.message as unknown as ApiMessage);
    } else if (rec.type === "api-request-shape" && str(raw.shapeHash) && isObject(raw.shape)) {
      const s = raw.shape as Json;
      this.shapes.set(raw.shapeHash, { system: Array.isArray(s.system) ? s.system : [], tools: Array.isArray(s.tools) ? s.tools : [] });
    } else if (rec.type === "api-request" && str(raw.id)) {
      this.requests.push({
        id: raw.id,
        line: line.no,
        shapeHash: str(raw.shapeHash) ? raw.shapeHash : "",
        params: isObject(raw.params) ? (raw.params as Json) : {},
        base: str(raw.base) ? raw.base : undefined,
        keep: typeof raw.keep === "number" ? raw.keep : 0,
        tail: Array.isArray(raw.tail) ? raw.tail.filter(str) : [],
        cacheControl: Array.isArray(raw.cacheControl) ? (raw.cacheControl as ApiRequestRecord["cacheControl"]) : [],
        requestDigest: str(raw.requestDigest) ? raw.requestDigest : "",
        querySource: str(raw.querySource) ? raw.querySource : undefined,
        agentId: str(raw.agentId) ? raw.agentId : undefined,
      });
      this.lineOf.set(raw.id, line.no);
    }
  }

  finish(): CcSession {
    const profile = this.pickProfile();
    if (this.unknown)
      this.bag.add(
        "PROFILE_NEWER",
        { line: this.unknown.line },
        { writer: "Claude Code", evidence: `record type ${this.unknown.type}`, more: this.unknown.count - 1, profile },
      );
    const session: CcSession = {
      format: "claude-code",
      profile,
      profileReason:
        this.opts.profile === profile ? "requested" : this.requests.length > 0 ? "the file holds api-request records" : "the file holds no request records",
      file: this.opts.file,
      id: this.sessionId(),
      diagnostics: [],
      tree: buildTree(this.records, this.entries),
      lineOf: this.lineOf,
      lineCount: this.lineCount,
      records: this.records,
      entries: this.entries,
      blobs: this.blobs,
      shapes: this.shapes,
      requests: this.requests,
      version: this.version,
      agentId: this.agentId,
    };
    for (const d of checkInvariants(session)) this.bag.add(d.code, { line: d.line }, d.args);
    // Every recorded request is rebuilt once here so that a digest that does not match is a finding of the file.
    if (profile === "cc-2.1")
      for (const rb of iterRebuiltRequests(session)) {
        const at = { line: rb.record.line };
        if (rb.missing) this.bag.add("CC_REQUEST_PART_MISSING", at, { request: rb.record.id, part: rb.missing });
        else if (rb.check === "digest-mismatch")
          this.bag.add("CC_DIGEST_MISMATCH", at, { request: rb.record.id, expected: rb.record.requestDigest, actual: rb.digest ?? "" });
      }
    session.diagnostics = this.bag.items;
    return session;
  }

  private pickProfile(): CcProfile {
    const asked = this.opts.profile;
    if (asked && (CC_PROFILES as readonly string[]).includes(asked)) return asked as CcProfile;
    return this.requests.length > 0 ? "cc-2.1" : "cc-2.1-early";
  }

  private sessionId(): string | undefined {
    for (const r of this.records) if (str(r.raw.sessionId)) return r.raw.sessionId;
    return undefined;
  }
}

/**
 * The tree over conversation entries. A compact_boundary has parentUuid null and names the entry it follows
 * in logicalParentUuid; the tree keeps that link (so a compaction's before and after are one tree), while
 * contexts stop at the boundary (context.ts).
 */
function buildTree(records: readonly CcRecord[], entries: ReadonlyMap<string, CcRecord>): CcSession["tree"] {
  const nodes: string[] = [];
  const parent = new Map<string, string | null>();
  const children = new Map<string, string[]>();
  for (const r of records) {
    const id = r.raw.uuid;
    if (!str(id) || entries.get(id) !== r) continue;
    nodes.push(id);
    const p = str(r.raw.parentUuid) ? r.raw.parentUuid : str(r.raw.logicalParentUuid) ? r.raw.logicalParentUuid : null;
    const known = p !== null && entries.has(p) ? p : null;
    parent.set(id, known);
    children.set(id, []);
  }
  for (const id of nodes) {
    const p = parent.get(id);
    if (p) children.get(p)?.push(id);
  }
  const leaves = nodes.filter((id) => (children.get(id) ?? []).length === 0);
  // Claude Code resumes at the last conversation entry written (its leaf for --continue / --resume).
  const activeLeafId = leaves.length > 0 ? (leaves[leaves.length - 1] as string) : null;
  return { nodes, parent, children, leaves, activeLeafId };
}

export const createClaudeCodeParser = (opts: ParseOptions): LineSink<CcSession> => new ClaudeCodeParser(opts);
