// Built context → the JSON contract's Msg (docs/product.md §5): one Msg per AgentMessage, with the provider's role
// and text for the profile, the native blocks, source ids and TTSR reminders.
import { isObject } from "../../shared/json.js";
import type { ContextOptions, Msg, NativeContext, Reminder } from "../types.js";
import type { AgentMessage } from "./messages.js";
import { isOmp, isPiProfile, type PiProfile, type PiSession } from "./model.js";
import { isInterruptedThinking } from "./postprocess.js";
import { lowerOmp17, lowerOmp18, lowerPi, lowerPi1 } from "./provider-text.js";
import { TTSR_INJECTION_TYPE, TTSR_TOOL_REMINDER_PREFIX } from "./strings.js";

const RULE_ATTR = /<system-(?:reminder|interrupt) reason="rule_violation" rule="([^"]*)"/g;
const rulesIn = (text: string): string[] => [...text.matchAll(RULE_ATTR)].map((m) => m[1]);

/**
 * The reminders of a message that carries none (nearly every one): one array for all of them, never written to
 * (a Msg's reminders are read only), instead of two new ones per message.
 */
const NO_REMINDERS: Reminder[] = [];

/** TTSR evidence carried by a context message (docs/pi.md §7). */
export function remindersOf(m: AgentMessage, sourceId: string): Reminder[] {
  let rules: string[] | undefined;
  if (m.role === "toolResult" && Array.isArray(m.content)) {
    const first = m.content[0] as Record<string, unknown> | undefined;
    if (isObject(first) && first.type === "text" && typeof first.text === "string" && first.text.startsWith(TTSR_TOOL_REMINDER_PREFIX))
      rules = rulesIn(first.text);
  } else if (m.role === "custom" && m.customType === TTSR_INJECTION_TYPE) {
    const d = m.details;
    if (isObject(d) && Array.isArray(d.rules)) rules = d.rules.filter((r): r is string => typeof r === "string");
    else if (typeof m.content === "string") rules = rulesIn(m.content);
  }
  return rules === undefined || rules.length === 0 ? NO_REMINDERS : rules.map((r) => ({ kind: "ttsr", origin: `rule:${r}`, sourceId }));
}

/** One Msg. `interruptedNext` matters only for omp17 / omp18 assistants (docs/strings.md §2.5). */
export function toMsg(m: AgentMessage, sourceIds: string[], profile: PiProfile, interruptedNext: boolean): Msg {
  const lowered =
    profile === "omp17"
      ? lowerOmp17(m, interruptedNext)
      : profile === "omp18"
        ? lowerOmp18(m, interruptedNext)
        : profile === "pi-1.5"
          ? lowerPi1(m)
          : lowerPi(m);
  const isSummary = m.role === "compactionSummary" || m.role === "branchSummary";
  const blocks = isSummary
    ? [{ type: "text", text: m.summary }]
    : typeof m.content === "string"
      ? [{ type: "text", text: m.content }]
      : Array.isArray(m.content)
        ? m.content
        : [];
  const msg: Msg = { role: lowered.role, nativeRole: m.role, text: lowered.parts.join("\n"), blocks, sourceIds, reminders: remindersOf(m, sourceIds[0] ?? "") };
  if (isSummary) msg.summary = m.summary as string;
  // pi-1.5 builds a message from two records only for a context edit: the target, then the edit (docs/pi.md §9.1).
  if (profile === "pi-1.5" && sourceIds.length > 1) msg.editedBy = sourceIds[sourceIds.length - 1];
  return msg;
}

// Msgs are cached by message identity so contexts that share a message share its Msg object too. A message
// nearly always has one Msg, kept inline (a session keeps one cache entry per message: a map each cost more
// to build and to collect); any other goes into a map by its key.
interface Cached {
  profile: PiProfile;
  interruptedNext: boolean;
  sourceIds: string[];
  msg: Msg;
  more?: Map<string, Msg>;
}
/** Where cachedMsg keeps its Msgs: a session's own map (msgCacheOf), or one weak map for callers without a session. */
export interface MsgCache {
  get(m: object): Cached | undefined;
  set(m: object, c: Cached): unknown;
}
const shared: MsgCache = new WeakMap<object, Cached>();
// A plain map per session, dropped with it: adding to one large weak map cost more than lowering the message
// (the collector also has to clear that map's entries for every dead message of every session).
const bySession = new WeakMap<PiSession, Map<object, Cached>>();
export function msgCacheOf(s: PiSession): MsgCache {
  let c = bySession.get(s);
  if (c === undefined) {
    c = new Map();
    bySession.set(s, c);
  }
  return c;
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean => {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

export function cachedMsg(m: AgentMessage, sourceIds: string[], profile: PiProfile, interruptedNext: boolean, cache: MsgCache = shared): Msg {
  const c = cache.get(m);
  if (c === undefined) {
    const msg = toMsg(m, sourceIds, profile, interruptedNext);
    cache.set(m, { profile, interruptedNext, sourceIds, msg });
    return msg;
  }
  if (c.profile === profile && c.interruptedNext === interruptedNext && sameIds(c.sourceIds, sourceIds)) return c.msg;
  const key = `${profile}|${interruptedNext ? 1 : 0}|${JSON.stringify(sourceIds)}`;
  let msg = c.more?.get(key);
  if (msg === undefined) {
    msg = toMsg(m, sourceIds, profile, interruptedNext);
    c.more ??= new Map();
    c.more.set(key, msg);
  }
  return msg;
}

export function piToMsgs(s: PiSession, ctx: NativeContext<AgentMessage>, opts?: ContextOptions): Msg[] {
  const profile: PiProfile = isPiProfile(opts?.profile) ? opts.profile : ((ctx as { profile?: PiProfile }).profile ?? s.profile);
  const cache = msgCacheOf(s);
  return ctx.messages.map((m, i) =>
    cachedMsg(m, ctx.sourceIds[i] ?? [], profile, isOmp(profile) && m.role === "assistant" && isInterruptedThinking(ctx.messages[i + 1]), cache),
  );
}
