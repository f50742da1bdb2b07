// renderSystemReminder (docs/product.md §6): the two `<system-reminder>` renderers sightline reproduces.
// scorel: docs/scorel.md §9.1 (SC-REM5), one layer regardless of kind or body; yoi-wrap-once: the
// seed-era yoi rule of docs/yoi.md §5 (an exactly wrapped body is not wrapped again).
import { wrapOnceSeed } from "./yoi/wrap-once.js";

export type ReminderStyle = "scorel" | "yoi-wrap-once";

export function renderSystemReminder(body: string, opts: { style: ReminderStyle }): string {
  if (opts.style === "yoi-wrap-once") return wrapOnceSeed(body);
  return `<system-reminder>\n${body}\n</system-reminder>`;
}
