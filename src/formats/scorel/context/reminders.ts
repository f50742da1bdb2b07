/** SC-REM5: the text envelope a reminder gets, whatever its kind/visibility/scope. */
export const renderScorelReminder = (text: string): string => "<system-reminder>\n" + text + "\n</system-reminder>";

/** Harness kinds of P4/P5 (docs/scorel.md §8) that keep their name as a reminder-block kind. */
const KEPT_KINDS = new Set(["attachment", "skill_listing", "skill_delta", "memory", "steer", "runtime_notice", "channel_context"]);

/** P5 block kind of a harness kind: date_change → time, any other unknown kind → runtime_notice (docs/scorel.md §7.5). */
export function reminderKind(kind: unknown): string {
  if (kind === "date_change") return "time";
  return typeof kind === "string" && KEPT_KINDS.has(kind) ? kind : "runtime_notice";
}

/** P5 scope, decided by the *harness* kind (case 11: "foo" → session although its block kind is runtime_notice). */
export function reminderScope(kind: unknown): string {
  if (kind === "steer" || kind === "skill_delta" || kind === "runtime_notice") return "next_model_call";
  if (kind === "channel_context" || kind === "attachment" || kind === "date_change") return "turn";
  return "session";
}

/** JS string concatenation, as the upstream template does for a non-string (invalid) content. */
const str = (v: unknown): string => String(v);

/** P3/P4/design: the reminder string of a harness item. */
export const harnessReminderText = (item: Record<string, unknown>): string => renderScorelReminder(str(item.content));

/** P5: the system_reminder block of a harness item. `data` is object-spread only when truthy (docs/scorel.md §15.1). */
export function harnessReminderBlock(item: Record<string, unknown>): Record<string, unknown> {
  const block: Record<string, unknown> = {
    type: "system_reminder",
    kind: reminderKind(item.kind),
    origin: item.origin,
    text: item.content,
    visibility: item.visibility === "hidden" ? "model" : item.visibility,
    scope: reminderScope(item.kind),
  };
  if (item.data) block.data = { ...(item.data as object) };
  return block;
}

/** The inner text of a P4/P5 compact summary (docs/scorel.md §7.7 step 1). */
export const compactSummaryText = (summary: string): string =>
  "Earlier session context has been compacted.\n\n" +
  summary.trim() +
  "\n\nUse this summary as continuity context. Verify current repository facts before acting.";

/** Stored P5 system_reminder blocks keep their fields; `data` gets the truthy-only spread (docs/scorel.md §7.4, §15.1). */
export function copyReminderBlock(block: Record<string, unknown>): Record<string, unknown> {
  const { data, ...rest } = block;
  return data ? { ...rest, data: { ...(data as object) } } : rest;
}
