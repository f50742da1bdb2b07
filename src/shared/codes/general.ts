// Codes shared by every format and by the IO edge.
import { show, type Catalogue } from "./types.js";

export const generalCodes = {
  UNREADABLE_PATH: { severity: "error", title: "A path could not be read", message: (a: { path: string; reason: string }) => `Cannot read ${show(a.path)}: ${show(a.reason)}` },
  NO_MATCH: { severity: "error", title: "A glob or folder matched no file", message: (a: { pattern: string }) => `No file matches ${show(a.pattern)}` },
  EMPTY_FILE: { severity: "error", title: "The file is empty", message: () => "The file is empty" },
  BINARY_FILE: { severity: "error", title: "The file is not text", message: (a: { offset: number }) => `The file is not text (NUL byte at byte ${show(a.offset)})` },
  INVALID_UTF8: { severity: "error", title: "A line is not valid UTF-8", message: () => "The line is not valid UTF-8 (bytes were replaced with U+FFFD)" },
  UNKNOWN_FORMAT: { severity: "error", title: "The file is not a recognised session, rule, capsule, settings or config file", message: (a: { detail?: string }) => `Cannot tell what this file is${a.detail ? `: ${show(a.detail)}` : ""}` },
  INVALID_JSON: { severity: "error", title: "A line is not valid JSON", message: (a: { detail: string }) => `Invalid JSON: ${show(a.detail)}` },
  TOO_DEEP: { severity: "error", title: "JSON nesting is too deep to process safely", message: (a: { limit: number }) => `JSON nesting depth exceeds ${show(a.limit)}; the line is not processed further` },
  LONE_SURROGATE: { severity: "warning", title: "A string holds an unpaired UTF-16 surrogate", message: (a: { pointer?: string }) => `String at ${show(a.pointer ?? "/")} holds an unpaired surrogate (not valid Unicode; JSON.parse accepts it)` },
  CRLF_LINE: { severity: "info", title: "A line ends with CR LF", message: () => "Line ends with \\r\\n (writers of this format use \\n)" },
  TORN_LAST_LINE: { severity: "warning", title: "The last line has no newline", message: () => "The last line is not terminated by \\n (a torn write?)" },
  SCHEMA: { severity: "warning", title: "A record does not match its JSON Schema", message: (a: { pointer?: string; detail: string }) => `${show(a.pointer || "/")}: ${show(a.detail)}` },
  SCHEMA_ERROR: { severity: "error", title: "A record does not match its JSON Schema in a way the loader rejects", message: (a: { pointer?: string; detail: string }) => `${show(a.pointer || "/")}: ${show(a.detail)}` },
  PROFILE_CHOSEN: { severity: "info", title: "The profile sightline chose for a file", message: (a: { format: string; profile: string; why?: string }) => `Read as ${show(a.format)} with profile ${show(a.profile)}${a.why ? ` (${show(a.why)})` : ""}` },
  PROFILE_MISMATCH: { severity: "warning", title: "The file has features of another profile than the one asked for", message: (a: { detail: string }) => show(a.detail) },
  PROFILE_NEWER: {
    severity: "warning",
    title: "The file was written by a release newer than every profile sightline knows",
    message: (a: { writer: string; evidence: string; more: number; profile: string }) =>
      `Written by a release of ${show(a.writer)} newer than sightline knows: ${show(a.evidence)}${Number(a.more) > 0 ? ` and ${show(a.more)} more` : ""}. ` +
      `Read with profile ${show(a.profile)} (the newest that fits); contexts and TTSR decisions may differ from what the agent sent`,
  },
  INTERNAL: { severity: "error", title: "sightline failed on this input (please report)", message: (a: { detail: string }) => `Internal error: ${show(a.detail)}` },
} satisfies Catalogue;
