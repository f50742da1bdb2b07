// The messages of a request rebuilt from the conversation lines alone (docs/claude-code.md §4): what sightline
// does for a release that writes no request records (2.1.220), and for a context at any entry. Rules measured
// against the bodies 2.1.220 sent: the path from the leaf to its root (a compact_boundary ends it; the
// preserved messages it names follow the summary); assistant lines sharing message.id form one message; an
// attachment becomes a system message, and user messages on either side of one are merged across it (the
// system message follows them; attachments sent together form one); merged user texts are joined by a "\n" at the end of the earlier text.
import { isObject } from "../../shared/json.js";
import { CC220_AGENT_LISTING_HEAD, CC220_SKILL_LISTING_HEAD, CC220_TASK_NOTIFICATION_PREFIX } from "./strings.js";
import type { ApiMessage, CcRecord, CcSession, Json } from "./model.js";
import type { NotRecorded } from "./requests.js";

export interface LineContext {
  messages: ApiMessage[];
  sourceIds: string[][];
  /** Attachments on the path whose rendering the transcript does not hold (by attachment type). */
  unrendered: string[];
}

const str = (v: unknown): v is string => typeof v === "string";
const SYSTEM_REMINDER = /^<system-reminder>\n([\s\S]*)\n<\/system-reminder>$/;

/** The entries the context at `leafId` is built from, root first. */
export function pathEntries(s: CcSession, leafId: string | null): CcRecord[] {
  const out: CcRecord[] = [];
  const seen = new Set<string>();
  for (let id = leafId; id !== null && !seen.has(id); ) {
    seen.add(id);
    const r = s.entries.get(id);
    if (!r) break;
    out.push(r);
    id = str(r.raw.parentUuid) ? r.raw.parentUuid : null;
  }
  out.reverse();
  withParallelResults(s, out);
  const head = out[0];
  const meta = head && head.type === "system" && isObject(head.raw.compactMetadata) ? (head.raw.compactMetadata as Json) : undefined;
  const kept = meta && isObject(meta.preservedMessages) ? (meta.preservedMessages as Json) : undefined;
  if (kept && str(kept.anchorUuid) && Array.isArray(kept.uuids)) {
    const at = out.findIndex((r) => r.raw.uuid === kept.anchorUuid);
    const preserved = kept.uuids.filter(str).flatMap((u) => (s.entries.has(u) ? [s.entries.get(u) as CcRecord] : []));
    if (at >= 0) out.splice(at + 1, 0, ...preserved);
  }
  return out;
}

const isToolResults = (r: CcRecord): boolean => {
  const c = isObject(r.raw.message) ? r.raw.message.content : undefined;
  return r.type === "user" && Array.isArray(c) && c.length > 0 && c.every((b) => isObject(b) && b.type === "tool_result");
};

/**
 * Parallel tool calls: each tool_use of one streamed message is its own line, and each result's parentUuid is
 * the line of its own call, so the path from the leaf passes through one result only. The others (results
 * whose parent is a line of the same message) are put back before it, in file order.
 */
function withParallelResults(s: CcSession, path: CcRecord[]): void {
  const onPath = new Set(path.map((r) => r.raw.uuid));
  for (let i = 0; i < path.length; i++) {
    const r = path[i] as CcRecord;
    if (r.type !== "assistant" || !isObject(r.raw.message) || !str(r.raw.message.id)) continue;
    const next = path[i + 1];
    if (next && next.type === "assistant") continue; // not the group's last line on the path
    const mid = r.raw.message.id;
    const group: string[] = [];
    for (let j = i; j >= 0; j--) {
      const g = path[j] as CcRecord;
      if (g.type !== "assistant" || !isObject(g.raw.message) || g.raw.message.id !== mid) break;
      group.push(g.raw.uuid as string);
    }
    const extra = group
      .flatMap((g) => s.tree.children.get(g) ?? [])
      .map((k) => s.entries.get(k) as CcRecord)
      .filter((k) => k && !onPath.has(k.raw.uuid) && isToolResults(k))
      .sort((a, b) => a.line - b.line);
    if (extra.length === 0) continue;
    path.splice(i + 1, 0, ...extra);
    for (const e of extra) onPath.add(e.raw.uuid);
    i += extra.length;
  }
}

/** A rendered attachment (2.1.3xx writes `rendered`), or the 2.1.220 rendering of the two kinds it sends. */
function attachmentText(r: CcRecord): { role: "system" | "user"; text: string; beside: boolean } | undefined {
  const a = isObject(r.raw.attachment) ? (r.raw.attachment as Json) : {};
  if (Array.isArray(r.raw.rendered)) {
    const parts = r.raw.rendered.flatMap((x) => (isObject(x) && str(x.content) ? [x.content] : []));
    if (parts.length === 0) return undefined;
    const role = r.raw.renderedRole === "user" ? "user" : "system";
    const text = parts.join("\n");
    return { role, text: role === "system" ? (SYSTEM_REMINDER.exec(text)?.[1] ?? text) : text, beside: r.raw.renderedBesideToolResult === true };
  }
  if (a.type === "agent_listing_delta" && Array.isArray(a.addedLines))
    return { role: "system", text: CC220_AGENT_LISTING_HEAD + a.addedLines.filter(str).join("\n"), beside: false };
  if (a.type === "skill_listing" && str(a.content)) return { role: "system", text: CC220_SKILL_LISTING_HEAD + a.content, beside: false };
  return undefined;
}

const asBlocks = (c: unknown): unknown[] => (str(c) ? [{ type: "text", text: c }] : Array.isArray(c) ? [...c] : []);

/** Appends user content to a user message: the earlier last text block gains a "\n". */
function mergeUser(into: ApiMessage, content: unknown): void {
  const blocks = asBlocks(into.content);
  const last = blocks[blocks.length - 1];
  if (isObject(last) && last.type === "text" && str(last.text)) blocks[blocks.length - 1] = { ...last, text: `${last.text}\n` };
  into.content = [...blocks, ...asBlocks(content)];
}

export function lineContext(s: CcSession, leafId: string | null): LineContext {
  const messages: ApiMessage[] = [];
  const sourceIds: string[][] = [];
  const unrendered: string[] = [];
  // 2.1.220 merges consecutive user messages; 2.1.3xx sends them as they are (docs/claude-code.md §4).
  const mergeUsers = s.profile === "cc-2.1-early";
  // System messages waiting for the user messages they are sent after.
  let pendingSystem: Array<{ text: string; id: string }> = [];
  let lastAssistantId: string | undefined;
  let userOpen = -1; // index of the user message still open for merging
  // Attachments sent together form one system message, their texts joined by a blank line.
  const flushSystem = () => {
    if (pendingSystem.length === 0) return;
    messages.push({ role: "system", content: [{ type: "text", text: pendingSystem.map((p) => p.text).join("\n\n") }] });
    sourceIds.push(pendingSystem.map((p) => p.id));
    pendingSystem = [];
  };
  for (const r of pathEntries(s, leafId)) {
    const id = r.raw.uuid as string;
    const msg = isObject(r.raw.message) ? (r.raw.message as Json) : undefined;
    if (r.type === "attachment") {
      const a = attachmentText(r);
      if (!a) {
        const t = isObject(r.raw.attachment) && str(r.raw.attachment.type) ? r.raw.attachment.type : "attachment";
        if (!Array.isArray(r.raw.rendered)) unrendered.push(t);
        continue;
      }
      if (a.role === "system") pendingSystem.push({ text: a.text, id });
      else {
        // 2.1.3xx: a user-role reminder goes before the prompt it follows (its text gaining a "\n"), or
        // after the tool results it is written beside.
        const open = userOpen >= 0 ? (messages[userOpen] as ApiMessage) : undefined;
        if (open) {
          const blocks = asBlocks(open.content);
          const afterResults = a.beside && blocks.some((b) => isObject(b) && b.type === "tool_result");
          open.content = afterResults ? [...blocks, { type: "text", text: a.text }] : [{ type: "text", text: `${a.text}\n` }, ...blocks];
          sourceIds[userOpen]?.push(id);
        } else {
          messages.push({ role: "user", content: [{ type: "text", text: a.text }] });
          sourceIds.push([id]);
          userOpen = messages.length - 1;
        }
      }
      continue;
    }
    if (r.type === "assistant" && msg) {
      if (r.raw.isApiErrorMessage === true) continue;
      flushSystem();
      userOpen = -1;
      const mid = str(msg.id) ? msg.id : id;
      const prev = messages[messages.length - 1];
      const content = Array.isArray(msg.content) ? msg.content : [];
      if (prev && prev.role === "assistant" && mid === lastAssistantId) {
        prev.content = [...(prev.content as unknown[]), ...content];
        sourceIds[sourceIds.length - 1]?.push(id);
      } else {
        messages.push({ role: "assistant", content: [...content] });
        sourceIds.push([id]);
      }
      lastAssistantId = mid;
      continue;
    }
    if (r.type === "user" && msg) {
      const content =
        isObject(r.raw.origin) && r.raw.origin.kind === "task-notification" && str(msg.content) ? CC220_TASK_NOTIFICATION_PREFIX + msg.content : msg.content;
      if (userOpen >= 0 && mergeUsers) {
        mergeUser(messages[userOpen] as ApiMessage, content);
        sourceIds[userOpen]?.push(id);
      } else {
        messages.push({ role: "user", content });
        sourceIds.push([id]);
        userOpen = messages.length - 1;
      }
    }
  }
  flushSystem();
  return { messages, sourceIds, unrendered };
}

/** What a request rebuilt from the lines lacks, as JSON paths into it. */
export function linesNotRecorded(ctx: LineContext): NotRecorded[] {
  const out: NotRecorded[] = [
    { path: "$.system", why: "this release records no system prompt: the transcript does not hold it" },
    { path: "$.tools", why: "this release records no tool definitions" },
    { path: "$.model", why: "the request's model is not recorded; the response's model is (message.model)" },
    { path: "$.max_tokens", why: "the request parameters (max_tokens, thinking, metadata, …) are not recorded" },
  ];
  const first = ctx.messages[0];
  if (first && first.role === "user")
    out.push({
      path: "$.messages[0].content",
      why: "sent first here, and not in the transcript: a <system-reminder> block with the user context (CLAUDE.md contents, current date); the blocks listed follow it",
    });
  if (ctx.unrendered.length > 0)
    out.push({ path: "$.messages", why: `attachments whose rendering this release does not record: ${[...new Set(ctx.unrendered)].join(", ")}` });
  return out;
}
