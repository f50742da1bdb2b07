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

// The UTF-8 forms of JSON_RAW's characters: 7F; C2 80-9F; D8 9C; E2 80 8E-8F, E2 80 A8-AE; E2 81 A6-A9.
const E2_80 = Buffer.from([0xe2, 0x80]);
const E2_81 = Buffer.from([0xe2, 0x81]);
const D8_9C = Buffer.from([0xd8, 0x9c]);

/**
 * True when UTF-8 bytes hold a character guardJson escapes. A search for the few byte sequences those
 * characters start with (Buffer's native indexOf) costs a fraction of the regex over the decoded text and
 * almost always finds none, so a large output is checked as bytes and guarded as text only when needed.
 */
export function jsonBytesNeedGuard(bytes: Buffer): boolean {
  if (bytes.indexOf(0x7f) !== -1 || bytes.indexOf(D8_9C) !== -1) return true;
  for (let i = bytes.indexOf(0xc2); i !== -1; i = bytes.indexOf(0xc2, i + 1)) if (bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9f) return true;
  for (let i = bytes.indexOf(E2_80); i !== -1; i = bytes.indexOf(E2_80, i + 1)) {
    const c = bytes[i + 2];
    if (c === 0x8e || c === 0x8f || (c >= 0xa8 && c <= 0xae)) return true;
  }
  for (let i = bytes.indexOf(E2_81); i !== -1; i = bytes.indexOf(E2_81, i + 1)) if (bytes[i + 2] >= 0xa6 && bytes[i + 2] <= 0xa9) return true;
  return false;
}
