// Terminal safety. Session logs are untrusted: tool output from the web, file contents and user text can
// carry ESC, OSC (window title, hyperlinks), CSI (clear screen, colours), BEL, C1 and bidi controls. Every
// byte sightline prints passes through here, so no log can drive the terminal: control characters are shown
// visibly (`\x1b`, `\x9b`, `\u202e`) instead of being written.

/** C0 (except tab and newline), DEL, C1, and the bidi overrides/isolates that reorder what is shown. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The same set, plus our own colour escapes (SGR: ESC [ digits ; m), which the guard may keep. */
const CONTROL_OR_SGR = /\u001B\[[0-9;]*m|[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const visible = (c: string): string => {
  const n = c.charCodeAt(0);
  if (n === 0x0d) return "\\r";
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u${n.toString(16).padStart(4, "0")}`;
};

/** Shows every control character of `s` visibly; tab and newline are kept. For data placed in terminal text. */
export const terminalText = (s: string): string => s.replace(CONTROL, visible);

/** Like terminalText, on one line: newlines and tabs are shown as `\n` and `\t` too. */
export const terminalLine = (s: string): string => terminalText(s).replace(/\n/g, "\\n").replace(/\t/g, "\\t");

/**
 * The last gate before a terminal stream. With `keepSgr`, sightline's own colour escapes (SGR only) survive;
 * everything else that is a control character is shown visibly. Renderers escape data first (terminalText),
 * so colours from a log are already inert text when they reach this gate.
 */
export function guardTerminal(text: string, keepSgr: boolean): string {
  if (!keepSgr) return text.replace(CONTROL, visible);
  return text.replace(CONTROL_OR_SGR, (m) => (m.length > 1 ? m : visible(m)));
}

/**
 * JSON text for a terminal: JSON.stringify escapes C0 but writes DEL, C1 and bidi controls raw. As \u
 * escapes they parse back to the same string, so the document is unchanged for any JSON reader.
 */
const JSON_RAW = /[\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/g;
export const guardJson = (json: string): string => json.replace(JSON_RAW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
