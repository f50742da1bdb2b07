// Codes shared by every format and by the IO edge.
import { show, type Catalogue } from "./types.js";

// A format's display name and what its reader does with a profile name it does not know, where they differ from the
// defaults (the format's own name; choosing a profile from the file): a new format needs no entry here.
const FORMAT_NAME: Readonly<Record<string, string>> = { scorel: "Scorel", codex: "Codex" };
const UNKNOWN_PROFILE_THEN: Readonly<Record<string, string>> = { scorel: "detecting instead", yoi: "using seed" };

/** What contradicts the profile (PROFILE_MISMATCH): the reader names the case, the wording is here. */
export type ProfileMismatch =
  | { problem: "unknown-profile"; format: string; requested: string; known?: readonly string[] }
  | { problem: "pi-v17-marker"; marker: string }
  | { problem: "pi1-omp-marker"; marker: string }
  | { problem: "omp17-omp18-marker"; marker: string }
  | { problem: "pi1-evidence"; profile: string; evidence: string }
  | { problem: "scorel-g0-not-g0" }
  | { problem: "scorel-g0-file"; profile: string }
  | { problem: "scorel-design-shipped-type"; type: string }
  | { problem: "scorel-shipped-design-type"; type: string; profile: string }
  | { problem: "scorel-p3-compact" | "scorel-p3-channel-context" | "scorel-p3-extension-scope" }
  | { problem: "scorel-context-control-before-p4b" | "scorel-system-reminder-before-p5"; profile: string }
  | { problem: "scorel-model-selected-before-p6"; profile: string; line: number };

function profileMismatch(a: ProfileMismatch): string {
  switch (a.problem) {
    case "unknown-profile":
      return `Unknown ${FORMAT_NAME[a.format] ?? a.format} profile ${JSON.stringify(a.requested)}${a.known ? ` (known: ${a.known.join(", ")})` : ""}; ${UNKNOWN_PROFILE_THEN[a.format] ?? "choosing one from the file"}`;
    case "pi-v17-marker":
      return `Profile pi was requested but the file has a v17 marker (${a.marker})`;
    case "pi1-omp-marker":
      return `Profile pi-1.5 was requested but the file has an oh-my-pi marker (${a.marker})`;
    case "omp17-omp18-marker":
      return `Profile omp17 was requested but the file has an oh-my-pi 18 marker (${a.marker}); profile omp18 reads it as oh-my-pi 18.3.4 does`;
    case "pi1-evidence":
      return `Read with profile ${a.profile} but the file was written by pi 1.x (${a.evidence}); profile pi-1.5 reads it as pi 1.5.2 does`;
    case "scorel-g0-not-g0":
      return "Profile g0 reads `kind` log entries without a header; this file has a header or `type` events";
    case "scorel-g0-file":
      return `Profile ${a.profile} expects a header line and \`type\` events; this file is a G0 log (\`kind\` entries)`;
    case "scorel-design-shipped-type":
      return `The design model does not know the shipped event type "${a.type}"`;
    case "scorel-shipped-design-type":
      return `No shipped loader knows the design-model event type "${a.type}" (profile ${a.profile})`;
    case "scorel-p3-compact":
      return "compact events exist from P4 on; the P3 loader rejects them";
    case "scorel-p3-channel-context":
      return "harness kind channel_context exists from P4 on";
    case "scorel-p3-extension-scope":
      return 'skill scope "extension" exists from P4 on; the P3 loader rejects it';
    case "scorel-context-control-before-p4b":
      return `context_control exists from P4b only (docs/scorel.md §15.3); the ${a.profile} loader rejects it`;
    case "scorel-system-reminder-before-p5":
      return `system_reminder content blocks exist from P5 on; ${a.profile} treats them as unknown blocks`;
    case "scorel-model-selected-before-p6":
      return `Written by a newer Scorel than profile ${a.profile}: session_model_selected (line ${a.line}) exists from the current session core on; the ${a.profile} loader rejects it, profile p6 reads it`;
  }
}

export const generalCodes = {
  UNREADABLE_PATH: {
    severity: "error",
    title: "A path could not be read",
    message: (a: { path: string; reason: string }) => `cannot read ${show(a.path)}: ${show(a.reason)}`,
  },
  NO_MATCH: { severity: "error", title: "A glob or folder matched no file", message: (a: { pattern: string }) => `No file matches ${show(a.pattern)}` },
  EMPTY_FILE: { severity: "error", title: "The file is empty", message: () => "The file is empty" },
  BINARY_FILE: {
    severity: "error",
    title: "The file is not text",
    message: (a: { offset: number }) => `The file is not text (NUL byte at byte ${show(a.offset)})`,
  },
  INVALID_UTF8: { severity: "error", title: "A line is not valid UTF-8", message: () => "The line is not valid UTF-8 (bytes were replaced with U+FFFD)" },
  UNKNOWN_FORMAT: {
    severity: "error",
    title: "The file is not a recognised session, rule, capsule, settings or config file",
    message: (a: { detail?: string }) => `Cannot tell what this file is${a.detail ? `: ${show(a.detail)}` : ""}`,
  },
  INVALID_JSON: { severity: "error", title: "A line is not valid JSON", message: (a: { detail: string }) => `Invalid JSON: ${show(a.detail)}` },
  TOO_DEEP: {
    severity: "error",
    title: "JSON nesting is too deep to process safely",
    message: (a: { limit: number }) => `JSON nesting depth exceeds ${show(a.limit)}; the line is not processed further`,
  },
  LONE_SURROGATE: {
    severity: "warning",
    title: "A string holds an unpaired UTF-16 surrogate",
    message: (a: { pointer?: string }) => `String at ${show(a.pointer ?? "/")} holds an unpaired surrogate (not valid Unicode; JSON.parse accepts it)`,
  },
  CRLF_LINE: { severity: "info", title: "A line ends with CR LF", message: () => "Line ends with \\r\\n (writers of this format use \\n)" },
  TORN_LAST_LINE: { severity: "warning", title: "The last line has no newline", message: () => "The last line is not terminated by \\n (a torn write?)" },
  SCHEMA: {
    severity: "warning",
    title: "A record does not match its JSON Schema",
    message: (a: { pointer?: string; detail: string }) => `${show(a.pointer || "/")}: ${show(a.detail)}`,
  },
  SCHEMA_ERROR: {
    severity: "error",
    title: "A record does not match its JSON Schema in a way the loader rejects",
    message: (a: { pointer?: string; detail: string }) => `${show(a.pointer || "/")}: ${show(a.detail)}`,
  },
  PROFILE_CHOSEN: {
    severity: "info",
    title: "The profile sightline chose for a file",
    message: (a: { format: string; profile: string; why?: string }) =>
      `Read as ${show(a.format)} with profile ${show(a.profile)}${a.why ? ` (${show(a.why)})` : ""}`,
  },
  PROFILE_MISMATCH: { severity: "warning", title: "The file has features of another profile than the one asked for", message: profileMismatch },
  PROFILE_NEWER: {
    severity: "warning",
    title: "The file was written by a release newer than every profile sightline knows",
    message: (a: { writer: string; evidence: string; more: number; profile: string }) =>
      `Written by a release of ${show(a.writer)} newer than sightline knows: ${show(a.evidence)}${Number(a.more) > 0 ? ` and ${show(a.more)} more` : ""}. ` +
      `Read with profile ${show(a.profile)} (the newest that fits); contexts and TTSR decisions may differ from what the agent sent`,
  },
  INTERNAL: {
    severity: "error",
    title: "sightline failed on this input (please report)",
    message: (a: { detail: string }) => `Internal error: ${show(a.detail)}`,
  },
} satisfies Catalogue;
