// The v17 display transcript (docs/pi.md §6.2 "Transcript mode"; session-context.ts with
// `transcript: true`): every path entry in order, compactions inline (older ones elided), retry and
// prewalk messages kept, dangling tool calls stripped but emptied turns kept and marked, no failed-turn drop.
import type { AgentMessage } from "./messages.js";
import { compactionSummaryFromEntry } from "./messages.js";
import type { PiSession } from "./model.js";
import { entryMessage, pathTo } from "./context.js";
import { blocksOf, isToolCall, stripDangling, type Item } from "./postprocess.js";

// @oh-my-pi/pi-coding-agent@17.2.15 src/session/session-context.ts (verbatim runtime strings).
const SUPERSEDED_COMPACTION_SUMMARY = "[Superseded compaction summary elided after a newer compaction]";
const SUPERSEDED_COMPACTION_SHORT_SUMMARY = "Superseded compaction elided";

export function buildPiTranscript(s: PiSession, leafId: string | null | undefined): Item[] {
  const leaf = leafId === null ? undefined : ((leafId !== undefined ? s.byId.get(leafId) : undefined) ?? s.entries[s.entries.length - 1]);
  if (!leaf) return [];
  const path = pathTo(s, leaf);
  let active: string | undefined;
  for (const e of path) if (e.type === "compaction") active = e.id;
  const items: Item[] = [];
  for (const e of path) {
    if (e.type === "compaction") {
      const m = compactionSummaryFromEntry(e, "omp17");
      delete m.providerPayload; // inline summaries carry no provider payload in the transcript
      if (e.id !== active) {
        m.summary = SUPERSEDED_COMPACTION_SUMMARY;
        m.shortSummary = SUPERSEDED_COMPACTION_SHORT_SUMMARY;
      }
      items.push({ msg: m, src: [e.id] });
      continue;
    }
    const m = entryMessage(e, "omp17", true);
    if (m !== undefined) items.push({ msg: m, src: [e.id] });
  }
  const paired = new Set<unknown>();
  for (const it of items) if (it.msg.role === "toolResult") paired.add(it.msg.toolCallId);
  return items.map((it) => {
    if (it.msg.role !== "assistant") return it;
    const stripped = blocksOf(it.msg).filter((b) => isToolCall(b) && !paired.has(b.id)).length;
    if (stripped === 0) return it;
    const m: AgentMessage = stripDangling(it.msg, (id) => paired.has(id)) ?? { ...it.msg, content: [] };
    return { msg: { ...m, strippedToolCalls: stripped }, src: it.src };
  });
}
