// The invariants of docs/yoi.md §8 as findings. docs/yoi.md §8.1 and §8.7 (known kinds, task_reminder.source) are
// the loader verdict itself (`corrupt` / YOI_INVALID_ENTRY); the rest get one code each below.
import type { DiagnosticBag } from "../../shared/diagnostics.js";
import type { ReminderWrapProblem } from "./codes.js";
import { isObject } from "../../shared/json.js";
import { rustTrim } from "./rust-trim.js";
import { checkPodScope } from "./catalog.js";
import { baseKind, itemEra, type YoiEntry, type YoiSession } from "./model.js";
import { v3HistoryFindings } from "./v3-invariants.js";
import { SYSTEM_REMINDER_CLOSE as CLOSE, SYSTEM_REMINDER_OPEN as OPEN } from "./wrap-once.js";

const UUID_DIR = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const TERMINAL = new Set(["run_completed", "run_errored", "paused_turn_abandoned"]);
const KNOWN_SEGMENTS = {
  seed: ["text", "paste", "file_ref", "knowledge_ref", "workflow_invoke"],
  head: ["text", "paste", "file_ref", "flow"],
  v3: ["text", "paste", "paste_artifact", "uploaded_file", "file_ref", "flow"],
};
/** What replay makes of an unknown atom: seed's marker text, head's nothing; v3 replays its stored history instead. */
const UNKNOWN_AS = { seed: "[unknown input segment]", head: "nothing", v3: "its stored history entries" };

/** docs/yoi.md §8.5: which entry an invoke trigger must be followed by (undefined = no fixed payload). */
function payloadOf(trigger: unknown): { kind: string; item?: string[] } | undefined {
  if (trigger === "user_send") return { kind: "user_input" };
  if (trigger === "notify") return { kind: "system_item", item: ["notification"] };
  if (trigger === "pod_event" || trigger === "worker_event") return { kind: "system_item", item: ["pod_event", "worker_event"] };
  return undefined;
}

/** docs/yoi.md §8.8: is a task_reminder body wrapped as its era wrote it? Returns the problem or undefined. */
export function reminderWrapProblem(body: string, profile: "seed" | "head"): ReminderWrapProblem | undefined {
  if (profile === "head") return body.includes(OPEN) ? "head-still-wrapped" : undefined;
  if (!body.startsWith(`${OPEN}\n`) || !body.endsWith(`\n${CLOSE}`) || body.length < OPEN.length + CLOSE.length + 2) {
    return "seed-not-wrapped";
  }
  const inner = rustTrim(body.slice(OPEN.length + 1, body.length - CLOSE.length - 1));
  if (inner.startsWith(OPEN) && inner.endsWith(CLOSE)) return "seed-wrapped-twice";
  return undefined;
}

export function yoiInvariants(session: YoiSession, bag: DiagnosticBag, dir: string | undefined): void {
  const { entries, profile } = session;
  if (entries.length === 0) return;
  const at = (e: YoiEntry) => ({ line: e.line, eventId: e.id });

  // The LoggedItem / SystemItem of a record: v3's annotated records wrap it with its metadata (docs/yoi.md §9.2).
  const itemOf = (r: Record<string, unknown>): unknown => (isObject(r.entry) ? r.entry.item : r.item);
  const annotated = (r: Record<string, unknown>): boolean => typeof r.kind === "string" && r.kind.startsWith("annotated_");
  const seedItems = (r: Record<string, unknown>): unknown[] => (r.history as unknown[]).map((h) => (annotated(r) && isObject(h) ? h.item : h));
  if (profile === "v3") v3HistoryFindings(entries, bag);

  // docs/yoi.md §8.2 / §8.3: the segment_start.
  if (baseKind(entries[0].kind) !== "segment_start") bag.add("YOI_FIRST_NOT_SEGMENT_START", at(entries[0]), { kind: entries[0].kind });
  const start = session.segmentStart;
  if (start) {
    if (dir && UUID_DIR.test(dir) && typeof start.session_id === "string" && start.session_id.toLowerCase() !== dir.toLowerCase()) {
      bag.add("YOI_SESSION_DIR_MISMATCH", at(entries[0]), { sessionId: start.session_id, dir });
    }
    if (start.forked_from != null && start.compacted_from != null) bag.add("YOI_BOTH_ORIGINS", at(entries[0]));
  }

  let historyLen = 0;
  let prevTs: number | undefined;
  let prevTurn: number | undefined;
  let openInvoke: YoiEntry | undefined;
  const openCalls = new Map<string, string>();
  const answered = new Set<string>();
  const noteItem = (item: unknown, e: YoiEntry | undefined) => {
    if (!isObject(item)) return;
    if (item.kind === "tool_call") openCalls.set(item.call_id as string, e?.id ?? "");
    if (item.kind === "tool_result") {
      const id = item.call_id as string;
      if (openCalls.has(id)) {
        openCalls.delete(id);
        answered.add(id);
      } else if (e) bag.add("YOI_TOOL_RESULT_ORPHAN", at(e), { callId: id, duplicate: answered.has(id) });
    }
  };

  entries.forEach((e, i) => {
    const r = e.raw;
    const ts = r.ts as number;
    if (prevTs !== undefined && ts < prevTs) bag.add("YOI_TS_DECREASING", at(e), { ts, prev: prevTs });
    prevTs = ts;
    switch (baseKind(e.kind)) {
      case "segment_start":
        if (i > 0) bag.add("YOI_SEGMENT_START_REPEATED", at(e));
        historyLen = (r.history as unknown[]).length;
        openCalls.clear();
        for (const h of seedItems(r)) noteItem(h, undefined);
        break;
      case "invoke": {
        if (openInvoke) bag.add("YOI_INVOKE_UNTERMINATED", at(openInvoke), { trigger: openInvoke.raw.trigger, head: profile !== "seed" });
        openInvoke = e;
        const want = payloadOf(r.trigger);
        const next = entries[i + 1];
        const nextRaw = next ? itemOf(next.raw) : undefined;
        const nextItem = isObject(nextRaw) ? (nextRaw.kind as string) : undefined;
        if (want && (!next || baseKind(next.kind) !== want.kind || (want.item && !want.item.includes(nextItem ?? "")))) {
          const expected = want.item ? `system_item(${want.item.join("|")})` : want.kind;
          bag.add("YOI_INVOKE_PAYLOAD", at(e), {
            trigger: r.trigger,
            next: next ? (nextItem ? `${next.kind}(${nextItem})` : next.kind) : "end of file",
            expected,
          });
        }
        break;
      }
      case "user_input": {
        historyLen += annotated(r) ? (r.history as unknown[]).length : 1;
        if (openCalls.size > 0) bag.add("YOI_TOOL_CALL_OPEN", at(e), { callIds: [...openCalls.keys()] });
        const known = KNOWN_SEGMENTS[profile];
        (r.segments as Array<Record<string, unknown>>).forEach((s, index) => {
          if (!known.includes(s.kind as string)) bag.add("YOI_UNKNOWN_SEGMENT", at(e), { index, kind: s.kind, as: UNKNOWN_AS[profile] });
        });
        break;
      }
      case "assistant_item":
      case "tool_result":
        historyLen++;
        noteItem(itemOf(r), e);
        break;
      case "system_item": {
        historyLen++;
        const item = itemOf(r) as Record<string, unknown>;
        const kind = item.kind as string;
        if (kind === "task_reminder") {
          const problem = reminderWrapProblem(item.body as string, itemEra(profile));
          if (problem) bag.add("YOI_REMINDER_WRAP", at(e), { problem });
        }
        if (kind === "notification" || kind === "pod_event" || kind === "worker_event") {
          const body = item.body as string;
          if (body === "") bag.add("YOI_NOTIFICATION_BODY", at(e), { kind, empty: true });
          // Only the default notify_wrapper template starts with "[Notification]": a custom one may not.
          else if (!body.startsWith("[Notification]")) bag.add("YOI_NOTIFICATION_BODY", at(e), { kind, empty: false }, "info");
        }
        if (profile !== "seed" && kind === "knowledge") bag.add("YOI_EMPTY_REPLAY_ITEM", at(e), { kind });
        break;
      }
      case "turn_end": {
        const v = r.turn_count as number;
        if (prevTurn !== undefined && v !== prevTurn + 1) {
          bag.add("YOI_TURN_COUNT_ORDER", at(e), { value: v, prev: prevTurn, expected: prevTurn + 1 }, v > prevTurn ? "warning" : "error");
        }
        prevTurn = v;
        break;
      }
      case "extension": {
        // Seed only: collect_state parses `pod.scope` and drops a malformed one with a tracing warning.
        const detail = profile === "seed" && r.domain === "pod.scope" ? checkPodScope(r.payload) : null;
        if (detail !== null) bag.add("YOI_POD_SCOPE_MALFORMED", at(e), { detail });
        break;
      }
      case "llm_usage":
        if ((r.history_len as number) > historyLen) bag.add("YOI_USAGE_HISTORY_LEN", at(e), { value: r.history_len, len: historyLen });
        break;
      default:
        if (TERMINAL.has(e.kind)) openInvoke = undefined;
        // v3: a checkpoint restores a run budget at a segment boundary: the turn count continues from it.
        if (e.kind === "active_run_checkpoint") prevTurn = r.total_turn_count as number;
    }
  });
  if (openInvoke) bag.add("YOI_INVOKE_UNTERMINATED", at(openInvoke), { trigger: openInvoke.raw.trigger, head: profile !== "seed" });
}
