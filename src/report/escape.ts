// Escaping for every output format. Session text is hostile by default: any of it may contain markup,
// "</script>", control characters or lone surrogates.

const HTML: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text and attribute values in HTML. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML[c]);

/**
 * JSON to embed in `<script type="application/json">`: `<`, `>`, `&` and U+2028/2029 become \u escapes,
 * so no "</script>" or "<!--" can end or alter the element; JSON.parse restores the exact text.
 */
export function jsonForScript(value: unknown): string {
  return escapeScriptJson(JSON.stringify(value));
}

// Looked up, not formatted per match: code-heavy sessions have many "<" and ">".
const SCRIPT_ESCAPES: Record<string, string> = Object.fromEntries(
  ["<", ">", "&", "\u2028", "\u2029"].map((c) => [c, `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`]),
);

/** The escaping of jsonForScript on JSON text; per character, so JSON cut in pieces escapes the same. */
export const escapeScriptJson = (json: string): string => json.replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]);

/**
 * JSON as the argument of a call in a script file (never parsed as HTML): only U+2028/2029 become \u escapes
 * (line terminators to engines before ES2019); the value is a literal, so nothing in it can run.
 */
export const jsonForScriptFile = (value: unknown): string => escapeScriptFileJson(JSON.stringify(value));

export const escapeScriptFileJson = (json: string): string => json.replace(/[\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]);

// XML 1.0 allows tab, LF, CR and U+0020 and above except surrogates and U+FFFE/FFFF; lone surrogates and
// other controls become U+FFFD so the document stays well-formed.
const XML_BAD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Element text in XML. */
export const escapeXmlText = (s: string): string => s.replace(XML_BAD, "\uFFFD").replace(/[&<>]/g, (c) => HTML[c]);

/** Attribute values in XML (also keeps newlines and tabs as character references). */
export const escapeXmlAttr = (s: string): string =>
  escapeXmlText(s).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");

/** CDATA is avoided: "]]>" in session text would need splitting; plain escaped text is simpler. */

// Markdown escaping is Markdown's own: a backslash before each ASCII punctuation character that could start
// markup (the CommonMark spec, section 2.4, lets any ASCII punctuation be escaped). `<` and `&` are escaped the same way, so
// no raw HTML, autolink or entity can form; HTML entities would be shown literally by GitHub inside code
// spans and by plain-text readers of the file.
const MD_SPECIAL = /[\\`*_[\]#|<>&~]/g;

/** One Markdown table cell: no pipes, no newlines, no raw HTML (line breaks become the one `<br>` we write). */
export const escapeMdCell = (s: string): string => s.replace(MD_SPECIAL, "\\$&").replace(/\r?\n/g, "<br>");

/** Inline Markdown text (outside tables): one line. */
export const escapeMd = (s: string): string => s.replace(MD_SPECIAL, "\\$&").replace(/\r?\n/g, " ");

/** GitHub workflow command message (`::error ...::<data>`), per @actions/core escapeData. */
export const escapeAnnotationData = (s: string): string => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

/** GitHub workflow command property value (file=, title=), per @actions/core escapeProperty. */
export const escapeAnnotationProperty = (s: string): string => escapeAnnotationData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** Shortens long text for summaries, on a code point boundary. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = max;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${s.slice(0, end)}… (${s.length - end} more chars)`;
}
