// Tiny typed builders for Scorel sessions in the notation of scorel-format §13: U() user, A() assistant
// text, AT() assistant with a tool call (A*), T() tool result, H() harness item, C() compact, X()
// context_control, Q() queue_update, IS() instruction_snapshot; D*() design events; G*() G0 entries.
// session() turns raw event objects into a ScorelSession the way the reader does (tree from tree events
// whose parent is an earlier tree node; byId first wins).
import type { ScorelEvent, ScorelProfile, ScorelSession } from "../../../../../src/formats/scorel/model.js";
import { buildScorelContext } from "../../../../../src/formats/scorel/context/build.js";
import { scorelToMsgs } from "../../../../../src/formats/scorel/context/lower.js";
import { renderScorelReminder } from "../../../../../src/formats/scorel/context/reminders.js";

export type Raw = Record<string, unknown>;
const SID = "ses_test";

const ev = (type: string, id: string, parentId: string | null, seq: number, payload: Raw): Raw => ({
  type,
  id,
  parentId,
  seq,
  sessionId: SID,
  clientId: "cli_1",
  ts: 1_700_000_000_000 + seq,
  ...payload,
});

export const text = (t: string): Raw => ({ type: "text", text: t });
export const call = (id: string): Raw => ({ type: "tool_call", toolCallId: id, toolName: "read", args: { path: "a.ts" } });
export const toolResult = (result: unknown, callId = "call_1"): Raw => ({ type: "tool_result", toolCallId: callId, toolName: "read", result });

export const U = (id: string, parent: string | null, seq: number, t: string, meta?: unknown): Raw =>
  ev("user_message", id, parent, seq, { message: { role: "user", content: [text(t)], ...(meta !== undefined ? { meta } : {}) } });
export const UC = (id: string, parent: string | null, seq: number, content: unknown, extra: Raw = {}): Raw =>
  ev("user_message", id, parent, seq, { message: { role: "user", content, ...extra } });
export const A = (id: string, parent: string | null, seq: number, t: string, extra: Raw = {}): Raw =>
  ev("assistant_message", id, parent, seq, { message: { role: "assistant", content: [text(t)], stopReason: "end_turn", ...extra } });
export const AT = (id: string, parent: string | null, seq: number, callId = "call_1"): Raw =>
  ev("assistant_message", id, parent, seq, { message: { role: "assistant", content: [text("calling"), call(callId)], stopReason: "tool_call" } });
export const T = (id: string, parent: string | null, seq: number, t: string, callId = "call_1"): Raw =>
  ev("tool_result", id, parent, seq, { message: { role: "tool_result", content: [toolResult({ content: [text(t)] }, callId)] } });
export const TR = (id: string, parent: string | null, seq: number, blocks: unknown[]): Raw =>
  ev("tool_result", id, parent, seq, { message: { role: "tool_result", content: blocks } });
export const H = (id: string, parent: string | null, seq: number, kind: string, origin: string, content: string, visibility = "display", data?: unknown): Raw =>
  ev("harness_item", id, parent, seq, { item: { kind, origin, content, visibility, ...(data !== undefined ? { data } : {}) } });
export const C = (id: string, parent: string | null, seq: number, through: string, summary: string, n: unknown): Raw =>
  ev("compact", id, parent, seq, { summary, compactedThrough: through, tokensBefore: 1000, tokensAfter: 100, retainedEventCount: n });
export const X = (id: string, seq: number, anchor: string, through: string): Raw =>
  ev("context_control", id, null, seq, { operation: "hide_user_turn", anchorUserEventId: anchor, throughEventId: through, actor: "agent" });
export const Q = (id: string, seq: number, items: unknown[] = []): Raw =>
  ev("queue_update", id, null, seq, { queue: "follow_up", operation: "rewrite", items, anchorEventId: null });
export const IS = (id: string, seq: number, blocks: string[]): Raw =>
  ev("instruction_snapshot", id, null, seq, {
    snapshot: { version: 1, cwd: "/repo", sections: blocks.map((b, i) => ({ kind: `k${i}`, frozenAt: 1, renderedBlock: b })) },
  });

// design model (§4.3)
export const DM = (id: string, parent: string | null, seq: number, role: string, content: unknown, meta?: Raw): Raw =>
  ev("message", id, parent, seq, { message: { role, content, ...(meta ? { meta } : {}) } });
export const DEV = (type: string, id: string, parent: string | null, seq: number, payload: Raw = {}): Raw => ev(type, id, parent, seq, payload);

// G0 log.jsonl entries (§11)
export const GM = (id: string, role: string, t: string): Raw => ({ kind: "message", id, message: { role, content: t } });
export const GR = (id: string, target: string): Raw => ({ kind: "rewind", id, targetMessageId: target });

const SHIPPED_TREE = new Set(["user_message", "assistant_message", "tool_result", "harness_item", "compact"]);
const DESIGN_TREE = new Set(["message", "rewind", "branch", "compact", "channel_inject", "session_info", "custom", "custom_message", "harness_item"]);

export function session(raws: Raw[], profile: ScorelProfile = "p5"): ScorelSession {
  const g0 = profile === "g0";
  const isTree = (type: string): boolean =>
    g0 ? type === "message" : profile === "design" ? DESIGN_TREE.has(type) : SHIPPED_TREE.has(type) && !(profile === "p3" && type === "compact");
  const events: ScorelEvent[] = raws.map((raw, i) => {
    const type = String(g0 ? raw.kind : raw.type);
    const line = g0 ? i + 1 : i + 2;
    const id = typeof raw.id === "string" ? raw.id : `legacy-${type}-${line}`;
    return { line, type, id, parentId: (raw.parentId as string | null) ?? null, seq: raw.seq as number | undefined, raw, tree: isTree(type) };
  });
  const byId = new Map<string, ScorelEvent>();
  const lineOf = new Map<string, number>();
  for (const e of events) if (!byId.has(e.id)) byId.set(e.id, e), lineOf.set(e.id, e.line);
  const tree = {
    nodes: [] as string[],
    parent: new Map<string, string | null>(),
    children: new Map<string, string[]>(),
    leaves: [] as string[],
    activeLeafId: null as string | null,
  };
  const add = (id: string, parent: string | null): void => {
    tree.nodes.push(id);
    tree.parent.set(id, parent);
    tree.children.set(id, []);
    if (parent !== null) tree.children.get(parent)!.push(id);
    tree.activeLeafId = id;
  };
  if (g0) {
    // As the reader does: each message hangs under the last active message; a rewind truncates.
    const active: ScorelEvent[] = [];
    for (const e of events) {
      if (e.type === "message") {
        e.parentId = active.at(-1)?.id ?? null;
        add(e.id, e.parentId);
        active.push(e);
      } else if (e.type === "rewind") {
        const at = active.findIndex((a) => a.id === e.raw.targetMessageId);
        if (at >= 0) active.splice(at + 1);
      }
    }
  } else {
    let first = true;
    for (const e of events) {
      if (!e.tree || tree.parent.has(e.id)) continue;
      const okParent = e.parentId === null ? first : tree.parent.has(e.parentId);
      if (!okParent) continue;
      first = false;
      add(e.id, e.parentId);
    }
  }
  tree.leaves = tree.nodes.filter((id) => tree.children.get(id)!.length === 0);
  const s = {
    format: "scorel",
    profile,
    profileReason: "requested",
    file: "<test>",
    id: SID,
    diagnostics: [],
    tree,
    lineOf,
    lineCount: raws.length + (g0 ? 0 : 1),
    header: g0 ? null : { version: 1, sessionId: SID, deviceId: "dev", createdAt: 1_700_000_000_000, meta: { projectId: "proj" } },
    events,
    byId,
    rejected: false,
    generation: profile === "p4a" ? "p4" : profile,
    verdict: null,
  };
  return s as unknown as ScorelSession;
}

/** The reminder string R⟨t⟩ of §13. */
export const R = renderScorelReminder;

export const ctx = (s: ScorelSession, leaf: string | null, profile?: ScorelProfile) => buildScorelContext(s, leaf, { profile });
export const msgs = (s: ScorelSession, leaf: string | null, profile?: ScorelProfile) => scorelToMsgs(s, ctx(s, leaf, profile));
/** Provider texts of the context at `leaf`, one per message. */
export const texts = (s: ScorelSession, leaf: string | null, profile?: ScorelProfile): string[] => msgs(s, leaf, profile).map((m) => m.text);
export const ids = (s: ScorelSession, leaf: string | null, profile?: ScorelProfile): string[][] => ctx(s, leaf, profile).sourceIds;

/** The P3/P4 meta-user message of a harness item. */
export const metaUser = (kind: string, origin: string, content: unknown) => ({
  role: "user",
  content: [content],
  meta: { source: "harness_item", harnessKind: kind, harnessOrigin: origin },
});
