// The seed-era `<system-reminder>` wrap-once rule (docs/yoi.md §5): SystemReminder::new normalises an
// exactly wrapped body back to its inner text, rendered_body wraps it once. Whitespace is Rust's
// (str::trim = Unicode White_Space: strips NEL, keeps BOM), not JavaScript's trim().
import { rustTrim } from "./rust-trim.js";

// Upstream constants SYSTEM_REMINDER_OPEN / SYSTEM_REMINDER_CLOSE (system_item.rs @e0caf7d1).
export const SYSTEM_REMINDER_OPEN = "<system-reminder>";
export const SYSTEM_REMINDER_CLOSE = "</system-reminder>";

/** Strips only "\n" from both ends (Rust `trim_matches('\n')`). */
function trimLf(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) === 10) a++;
  while (b > a && s.charCodeAt(b - 1) === 10) b--;
  return s.slice(a, b);
}

/** normalize_unwrapped_system_reminder_body: the body SystemReminder::new stores. */
export function normalizeSeedReminderBody(body: string): string {
  const t = rustTrim(body);
  if (t.startsWith(SYSTEM_REMINDER_OPEN)) {
    const rest = t.slice(SYSTEM_REMINDER_OPEN.length);
    if (rest.endsWith(SYSTEM_REMINDER_CLOSE)) return trimLf(rest.slice(0, rest.length - SYSTEM_REMINDER_CLOSE.length));
  }
  return body;
}

/** render_system_reminder: wraps a stored body in one layer. */
export const renderSeedReminder = (stored: string): string => `${SYSTEM_REMINDER_OPEN}\n${stored}\n${SYSTEM_REMINDER_CLOSE}`;

/** The persisted `body` of a seed-era task reminder built from `body` (SystemReminder::new + rendered_body). */
export const wrapOnceSeed = (body: string): string => renderSeedReminder(normalizeSeedReminderBody(body));
