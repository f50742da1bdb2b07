// Generation detection and profile choice (docs/scorel.md §0.2, docs/product.md §2). Detection looks at what the file
// contains; the profile is what sightline reads it with (shipped files default to p5).
import { isObject } from "../../shared/json.js";
import type { DiagnosticBag } from "../../shared/diagnostics.js";
import type { ProfileMismatch } from "../../shared/codes/general.js";
import { SCOREL_PROFILES, type ScorelGeneration, type ScorelProfile } from "./model.js";
import { CONTROL_TYPES, DESIGN_ONLY_TYPES, G0_DESIGN_KINDS, TRANSIENT_TYPES, TREE_TYPES } from "./profiles.js";
import type { LineRec } from "./records.js";

const isHeaderLike = (v: unknown): boolean => isObject(v) && "version" in v && ("meta" in v || "sessionId" in v);

/** True when the first JSON record of a file is a Scorel header or a G0 log entry. */
export function sniffScorel(first: unknown): boolean {
  if (isHeaderLike(first)) return true;
  return isObject(first) && typeof first.kind === "string" && G0_DESIGN_KINDS.has(first.kind) && !("type" in first);
}

/** Features that tie a file to a generation; also used for PROFILE_MISMATCH. */
export interface Features {
  g0: boolean;
  /** First design-only event type seen (e.g. "message"). */
  designType?: string;
  /** First shipped-only event type seen (user_message, …). */
  shippedType?: string;
  compact: boolean;
  contextControl: boolean;
  channelContext: boolean;
  extensionScope: boolean;
  systemReminder: boolean;
  /** Line of the first `session_model_selected` event (only the current session core writes it; docs/scorel.md §16). */
  modelSelectedLine?: number;
  /** The first event type no profile knows (evidence of a Scorel newer than sightline), and how many such events. */
  unknownType?: { type: string; line: number };
  unknownTypes: number;
  /** At least one line parsed as JSON (an empty file contradicts no profile). */
  anyRecord: boolean;
}

/** Every event type some profile, the design model or the wire knows; any other is newer than sightline. */
const KNOWN_TYPES: ReadonlySet<string> = new Set([
  ...Object.values(TREE_TYPES).flatMap((t) => [...t]),
  ...Object.values(CONTROL_TYPES).flatMap((t) => [...t]),
  ...DESIGN_ONLY_TYPES,
  ...TRANSIENT_TYPES,
  "session_header",
]);

const SHIPPED_ONLY = new Set([
  "user_message",
  "assistant_message",
  "tool_result",
  "session_title_updated",
  "queue_update",
  "skill_index_snapshot",
  "skill_index_delta",
  "session_model_selected",
]);

export function scanFeatures(recs: readonly LineRec[]): Features {
  const first = recs.find((r) => r.ok);
  const f: Features = {
    g0: false,
    compact: false,
    contextControl: false,
    channelContext: false,
    extensionScope: false,
    systemReminder: false,
    unknownTypes: 0,
    anyRecord: first !== undefined,
  };
  const fv = first?.value;
  f.g0 = isObject(fv) && !isHeaderLike(fv) && typeof fv.kind === "string" && !("type" in fv);
  for (const r of recs) {
    const v = r.value;
    if (!isObject(v) || typeof v.type !== "string") continue;
    const t = v.type;
    if (DESIGN_ONLY_TYPES.has(t)) f.designType ??= t;
    if (SHIPPED_ONLY.has(t)) f.shippedType ??= t;
    if (t === "compact") f.compact = true;
    if (t === "context_control") f.contextControl = true;
    if (t === "session_model_selected") f.modelSelectedLine ??= r.no;
    if (!KNOWN_TYPES.has(t)) {
      f.unknownType ??= { type: t, line: r.no };
      f.unknownTypes++;
    }
    if (t === "harness_item" && isObject(v.item) && v.item.kind === "channel_context") f.channelContext = true;
    if (t === "skill_index_snapshot" || t === "skill_index_delta") {
      const entries = [v.entries, v.added, v.changed].flatMap((x) => (Array.isArray(x) ? x : []));
      if (entries.some((e) => isObject(e) && e.scope === "extension")) f.extensionScope = true;
    }
    const msg = v.message;
    // Once one is found the answer is known: the blocks of the other messages are not looked at.
    if (!f.systemReminder && isObject(msg) && Array.isArray(msg.content) && msg.content.some((b) => isObject(b) && b.type === "system_reminder"))
      f.systemReminder = true;
  }
  return f;
}

export function generationOf(f: Features): { generation: ScorelGeneration; why: string } {
  if (f.g0) return { generation: "g0", why: "no header line, `kind` entries" };
  // A file that also has shipped-only types (user_message, …) is a shipped file with a stray design event:
  // reading it as design would flag every shipped event, so it stays shipped (and PROFILE_MISMATCH says why).
  if (f.designType && !f.shippedType) return { generation: "design", why: `design-model event type "${f.designType}"` };
  if (f.modelSelectedLine !== undefined) return { generation: "p6", why: `session_model_selected event on line ${f.modelSelectedLine}` };
  if (f.systemReminder) return { generation: "p5", why: "system_reminder content blocks" };
  if (f.compact || f.contextControl || f.channelContext || f.extensionScope)
    return { generation: "p4", why: "P4 features (compact / context_control / channel_context / extension skills)" };
  return { generation: "p3", why: "only P3 features" };
}

/** Picks the profile and reports it (PROFILE_CHOSEN, and PROFILE_MISMATCH per feature the profile lacks). */
export function chooseProfile(
  f: Features,
  requested: string | undefined,
  bag: DiagnosticBag,
): { profile: ScorelProfile; reason: string; generation: ScorelGeneration } {
  const { generation, why } = generationOf(f);
  let profile: ScorelProfile;
  let reason: string;
  if (requested !== undefined && (SCOREL_PROFILES as readonly string[]).includes(requested)) {
    profile = requested as ScorelProfile;
    reason = "requested";
  } else {
    if (requested !== undefined) bag.add("PROFILE_MISMATCH", {}, { problem: "unknown-profile", format: "scorel", requested, known: SCOREL_PROFILES });
    // docs/product.md §2: shipped files default to p5 whatever generation they look like, except a file only the
    // current session core writes (a session_model_selected event): every older loader rejects it, p6 reads it.
    const detected = generation === "g0" || generation === "design" || generation === "p6";
    // A type no profile knows: never replay a newer log with older rules than sightline has (docs/scorel.md §16.4).
    const newest = !detected && f.unknownType !== undefined;
    profile = detected ? generation : newest ? "p6" : "p5";
    reason = detected
      ? why
      : newest
        ? `the newest profile: event type "${f.unknownType!.type}" on line ${f.unknownType!.line} is one no profile knows`
        : `default for shipped files (content looks like ${generation}: ${why})`;
  }
  bag.add("PROFILE_CHOSEN", {}, { format: "scorel", profile, why: reason });
  for (const m of mismatches(f, profile)) bag.add("PROFILE_MISMATCH", {}, m);
  const u = f.unknownType;
  if (u && profile !== "g0" && profile !== "design") {
    bag.add(
      "PROFILE_NEWER",
      { line: u.line },
      { writer: "Scorel", profile, evidence: `event type ${JSON.stringify(u.type)} (line ${u.line})`, more: f.unknownTypes - 1 },
    );
  }
  return { profile, reason, generation };
}

function mismatches(f: Features, p: ScorelProfile): ProfileMismatch[] {
  const out: ProfileMismatch[] = [];
  if (p === "g0") {
    if (!f.g0 && f.anyRecord) out.push({ problem: "scorel-g0-not-g0" });
    return out;
  }
  if (f.g0) out.push({ problem: "scorel-g0-file", profile: p });
  if (p === "design") {
    if (f.shippedType) out.push({ problem: "scorel-design-shipped-type", type: f.shippedType });
    return out;
  }
  if (f.designType) out.push({ problem: "scorel-shipped-design-type", type: f.designType, profile: p });
  if (p === "p3" && f.compact) out.push({ problem: "scorel-p3-compact" });
  if (p === "p3" && f.channelContext) out.push({ problem: "scorel-p3-channel-context" });
  if (p === "p3" && f.extensionScope) out.push({ problem: "scorel-p3-extension-scope" });
  if ((p === "p3" || p === "p4a") && f.contextControl) out.push({ problem: "scorel-context-control-before-p4b", profile: p });
  if (p !== "p5" && p !== "p6" && f.systemReminder) out.push({ problem: "scorel-system-reminder-before-p5", profile: p });
  // Written by a newer Scorel than the profile: its loader keeps its verdict (unsupported type), and says why.
  if (p !== "p6" && f.modelSelectedLine !== undefined) out.push({ problem: "scorel-model-selected-before-p6", profile: p, line: f.modelSelectedLine });
  return out;
}
