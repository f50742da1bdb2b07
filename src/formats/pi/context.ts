// buildSessionContext for pi sessions (docs/pi.md §6): the AgentMessages the real builder returns at a
// leaf, with the state it collects. Profile `pi` = pi / omp5 / v14 (docs/pi.md §6.1, plus v14's openaiRemoteCompaction
// rule, which pi files never trigger); `omp17` = @oh-my-pi 17.2.15 session-context.ts (docs/pi.md §6.2); `omp18` =
// 18.3.4's, the v17 rules with the changes of docs/pi.md §8 (omp18.ts).
import { isObject } from "../../shared/json.js";
import type { ContextOptions, NativeContext } from "../types.js";
import { branchSummaryFromEntry, compactionSummaryFromEntry, customFromEntry, remoteCompactionPayload, type AgentMessage } from "./messages.js";
import { isOmp, isPiProfile, type PiEntry, type PiProfile, type PiSession } from "./model.js";
import { compaction18, isEmptyErrorTurn, notesMessage, notesOnPath } from "./omp18.js";
import { pi1EntryMessages, pi1Items } from "./pi1.js";
import { postprocessOmp17, type Item } from "./postprocess.js";
import { PREWALK_PLAN_TYPE, VIBE_MODE_CONTEXT_TYPE } from "./strings.js";

export interface PiContext extends NativeContext<AgentMessage> {
  profile: PiProfile;
  /** The entry the path was built from (null: empty context). */
  leafId: string | null;
  thinkingLevel: unknown;
  /** Model per role as "provider/id" (omp style; on pi files inferred from assistant messages). */
  models: Record<string, string>;
  /** pi's own `{provider, modelId}` (last model_change or assistant message), profile `pi` only. */
  model?: { provider: unknown; modelId: unknown } | null;
  injectedTtsrRules: string[];
  mode: unknown;
}

export const profileOf = (s: PiSession, opts?: ContextOptions): PiProfile => (isPiProfile(opts?.profile) ? opts.profile : s.profile);

/** Root→leaf entries; the walk stops at a repeated id (v17; pi itself would loop forever on a cycle). */
export function pathTo(s: PiSession, leaf: PiEntry): PiEntry[] {
  const path: PiEntry[] = [];
  const seen = new Set<string>();
  for (let cur: PiEntry | undefined = leaf; cur && !seen.has(cur.id); cur = cur.parentId ? s.byId.get(cur.parentId) : undefined) {
    seen.add(cur.id);
    path.push(cur);
  }
  return path.reverse();
}

const isAssistantEntry = (e: PiEntry): boolean => e.type === "message" && isObject(e.raw.message) && e.raw.message.role === "assistant";

/** One entry → the message it contributes (appendMessage), or undefined. */
export function entryMessage(e: PiEntry, profile: PiProfile, transcript = false): AgentMessage | undefined {
  const r = e.raw;
  // pi-1.5: compactions are emitted by emitItems only (with their system message).
  if (profile === "pi-1.5") return e.type === "compaction" ? undefined : pi1EntryMessages(e)[0];
  if (e.type === "message") {
    const m = r.message as AgentMessage;
    if (isOmp(profile) && !transcript && isObject(m) && m.role === "assistant") {
      if (m.retryRecovery) return undefined;
      if (profile === "omp18" && isEmptyErrorTurn(m)) return undefined; // docs/pi.md §8.2
    }
    return m;
  }
  if (e.type === "custom_message") {
    if (isOmp(profile) && !transcript && r.customType === PREWALK_PLAN_TYPE) return undefined;
    if (profile === "omp18" && !transcript && r.customType === VIBE_MODE_CONTEXT_TYPE) return undefined; // docs/pi.md §8.2
    return customFromEntry(e, profile);
  }
  if (e.type === "branch_summary" && r.summary) return branchSummaryFromEntry(e);
  return undefined;
}

/** The emitted items before the v17 passes: the branch buildSessionContext takes for the path (docs/pi.md §6.1, §6.2). */
export function emitItems(path: readonly PiEntry[], profile: PiProfile): Item[] {
  if (profile === "pi-1.5") return pi1Items(path);
  let compaction: PiEntry | undefined;
  for (const e of path) if (e.type === "compaction") compaction = e;
  const items: Item[] = [];
  const append = (e: PiEntry): void => {
    const m = entryMessage(e, profile);
    if (m !== undefined) items.push({ msg: m, src: [e.id] });
  };
  const compactionIdx = compaction ? path.findIndex((e) => e.type === "compaction" && e.id === compaction!.id) : -1;
  let resetIdx = -1;
  if (isOmp(profile)) for (let i = 0; i < path.length; i++) if (path[i].type === "reset_boundary") resetIdx = i;

  if (resetIdx >= 0 && resetIdx > compactionIdx) {
    for (let i = resetIdx + 1; i < path.length; i++) append(path[i]);
  } else if (compaction && profile === "omp18") {
    const c = compaction18(path, compactionIdx, resetIdx);
    items.push({ msg: c.summary, src: [compaction.id] });
    if (c.request >= 0) append(path[c.request]);
    for (let i = c.from; i < path.length; i++) if (i !== compactionIdx) append(path[i]);
  } else if (compaction) {
    items.push({ msg: compactionSummaryFromEntry(compaction, profile), src: [compaction.id] });
    if (!remoteCompactionPayload(compaction)) {
      const firstKept = compaction.raw.firstKeptEntryId;
      let found = false;
      for (let i = 0; i < compactionIdx; i++) {
        if (path[i].id === firstKept) found = true;
        if (found) append(path[i]);
      }
    }
    for (let i = compactionIdx + 1; i < path.length; i++) append(path[i]);
  } else {
    for (const e of path) append(e);
  }
  return items;
}

export function buildPiContext(s: PiSession, leafId: string | null | undefined, opts?: ContextOptions): PiContext {
  const profile = profileOf(s, opts);
  const leaf = leafId === null ? undefined : ((leafId !== undefined ? s.byId.get(leafId) : undefined) ?? s.entries[s.entries.length - 1]);
  const ctx: PiContext = {
    systemPrompt: null,
    messages: [],
    sourceIds: [],
    profile,
    leafId: leaf?.id ?? null,
    thinkingLevel: "off",
    models: {},
    injectedTtsrRules: [],
    mode: "none",
  };
  // pi and pi-1.5 share getSessionContextSettings: `{provider, modelId}` from the last change or reply.
  const piLike = !isOmp(profile);
  if (piLike) ctx.model = null;
  if (!leaf) return ctx;
  const path = pathTo(s, leaf);

  let explicitDefault = false;
  const rules = new Set<string>();
  for (const e of path) {
    const r = e.raw;
    if (e.type === "thinking_level_change") ctx.thinkingLevel = isOmp(profile) ? (r.thinkingLevel ?? "off") : r.thinkingLevel;
    else if (e.type === "model_change") {
      if (piLike) ctx.model = { provider: r.provider, modelId: r.modelId };
      // omp reads only the `model` form; the legacy provider/modelId form is ignored (docs/pi.md §6.1, [oracle]).
      if (r.model) {
        const role = (r.role as string | undefined) ?? "default";
        ctx.models[role] = r.model as string;
        if (role === "default") explicitDefault = true;
      }
    } else if (isAssistantEntry(e)) {
      const m = r.message as Record<string, unknown>;
      if (piLike) ctx.model = { provider: m.provider, modelId: m.model };
      if (piLike || !explicitDefault) ctx.models.default = `${m.provider}/${m.model}`;
    } else if (e.type === "ttsr_injection" && Array.isArray(r.injectedRules)) for (const n of r.injectedRules) rules.add(n as string);
    else if (e.type === "mode_change") ctx.mode = r.mode;
  }
  ctx.injectedTtsrRules = [...rules];

  const items = emitItems(path, profile);
  const final = isOmp(profile) ? postprocessOmp17(items) : items;
  // v18: the latest context notes go first (docs/pi.md §8.3); the passes above never look at a message's predecessor.
  const notes = profile === "omp18" ? notesOnPath(path) : undefined;
  const notesMsg = notes && notesMessage(notes);
  if (notes && notesMsg) final.unshift({ msg: notesMsg, src: [notes.id] });
  ctx.messages = final.map((i) => i.msg);
  ctx.sourceIds = final.map((i) => i.src);
  return ctx;
}
