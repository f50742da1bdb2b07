// The developer message Codex puts first in every request (docs/codex.md §3.1): session_meta.base_instructions
// with the sections for tools absent in that mode left out. The rule is measured on `codex exec` 0.169.0 (the
// update_plan tool is absent there); for other sources the text is given as recorded and said to be unverified.
import type { CodexSession } from "./model.js";
import { EXEC_REMOVED_SECTIONS_0169 } from "./strings.js";

/** The recorded base instructions text, or null. */
export function baseInstructions(session: CodexSession): string | null {
  // A fork records none: it uses its parent's (docs/codex.md §2.4).
  const bi = session.meta?.base_instructions ?? session.origin?.meta?.base_instructions;
  if (typeof bi === "string") return bi;
  if (bi && typeof bi === "object" && typeof (bi as Record<string, unknown>).text === "string") return (bi as Record<string, string>).text;
  return null;
}

/** True when the session was started by `codex exec` (the mode the section rule was measured in). */
export const isExec = (session: CodexSession): boolean => session.meta?.source === "exec" || session.meta?.originator === "codex_exec";

/**
 * Removes each Markdown section whose heading line is one of `headings`: from the heading to the next heading of
 * the same or a higher level (or the end), so the blank line before the next heading stays as it was.
 */
export function removeSections(text: string, headings: readonly string[]): string {
  const found: Array<{ at: number; level: number; line: string }> = [];
  for (const m of text.matchAll(/^(#+) [^\n]*$/gm)) found.push({ at: m.index, level: m[1].length, line: m[0] });
  const cuts: Array<[number, number]> = [];
  found.forEach((h, i) => {
    if (!headings.includes(h.line)) return;
    const next = found.slice(i + 1).find((n) => n.level <= h.level);
    cuts.push([h.at, next ? next.at : text.length]);
  });
  let out = text;
  for (const [a, b] of cuts.reverse()) out = out.slice(0, a) + out.slice(b);
  return out;
}

/** The developer message's text as sent, and whether the rule that made it was verified for this session's mode. */
export function developerText(session: CodexSession): { text: string; verified: boolean } | null {
  const base = baseInstructions(session);
  if (base === null) return null;
  return isExec(session) ? { text: removeSections(base, EXEC_REMOVED_SECTIONS_0169), verified: true } : { text: base, verified: false };
}
