// The developer message Codex puts first in every request (docs/codex.md §3.1): session_meta.base_instructions
// with the sections for tools the request does not offer left out. Measured on 0.169.0 for sessions started by
// `codex exec` and by the app server (neither offers update_plan); for other sources the same rule is applied and
// the text is said to be unverified.
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

/** Sources whose sessions the section rule was measured on (exec: `codex exec`; vscode: the app server). */
const MEASURED_SOURCES = new Set(["exec", "vscode"]);

/** The session's source (a fork records its own). */
const sourceOf = (session: CodexSession): unknown => session.meta?.source ?? session.origin?.meta?.source;

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

/**
 * Whether the recorded instructions are the model's own prompt (`base_instructions.provenance.type` "model", which
 * 0.169.0 records): only then does 0.169.0 cut the sections for absent tools. Instructions without a provenance
 * (a file an older release started) are sent whole (measured: a 0.100.0 session resumed by 0.169.0).
 */
function fromModelPrompt(session: CodexSession): boolean {
  const bi = session.meta?.base_instructions ?? session.origin?.meta?.base_instructions;
  const prov = bi && typeof bi === "object" ? (bi as Record<string, unknown>).provenance : undefined;
  return !!prov && typeof prov === "object" && (prov as Record<string, unknown>).type === "model";
}

// The last cut, reused: the sessions of one release record the same instructions (and a session asks per turn).
let lastCut: { base: string; text: string } | undefined;

/** The developer message's text as sent, and whether the rule that made it was verified for this session's mode. */
export function developerText(session: CodexSession): { text: string; verified: boolean } | null {
  const base = baseInstructions(session);
  if (base === null) return null;
  if (!fromModelPrompt(session)) return { text: base, verified: true };
  if (lastCut?.base !== base) lastCut = { base, text: removeSections(base, EXEC_REMOVED_SECTIONS_0169) };
  return { text: lastCut.text, verified: MEASURED_SOURCES.has(String(sourceOf(session))) };
}
