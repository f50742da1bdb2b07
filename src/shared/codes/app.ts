// Diagnostic codes of the app area (validate of non-session files, audit, check). sightline's own
// findings use SCREAMING_SNAKE codes prefixed with the area.
import { show, type Catalogue } from "./types.js";

export const appCodes = {
  // --- validate: settings and capsule files (lead) ---
  APP_ODD_SETTING: {
    severity: "warning",
    title: "A TTSR setting has a legal but unusual value",
    message: (a: { key: string; value: string }) =>
      `${show(a.key)} = ${show(a.value)} is passed through verbatim (negative or fractional values are legal but unusual)`,
  },
  APP_CAPSULE_MISSING: {
    severity: "error",
    title: "A CompactCapsule lacks a required field (validateCompactCapsule `missing`)",
    message: (a: { field: string }) => `Capsule is missing ${show(a.field)}`,
  },
  APP_CAPSULE_WARNING: {
    severity: "warning",
    title: "validateCompactCapsule reports a warning",
    message: (a: { warning: string }) => `Capsule warning: ${show(a.warning)}`,
  },
  APP_CAPSULE_THROWS: {
    severity: "error",
    title: "The upstream capsule module would throw on this capsule",
    message: (a: { message: string }) => `The upstream module throws: ${show(a.message)}`,
  },
  APP_RULE_BAD_REGEX: {
    severity: "error",
    title: "A rule condition is not a valid regular expression (the rule skips it)",
    message: (a: { rule: string; token: string; error: string }) =>
      `Rule ${show(a.rule)}: condition ${show(a.token)} does not compile (${show(a.error)}); oh-my-pi skips it`,
  },
  APP_RULE_NOT_REGISTERED: {
    severity: "warning",
    title: "TtsrManager.addRule would refuse the rule",
    message: (a: { rule: string; reason: string }) => `Rule ${show(a.rule)} is not registered as a TTSR rule: ${show(a.reason)}`,
  },
  // --- audit / check (reports) ---
  APP_AUDIT_TIMEOUT: {
    severity: "error",
    title: "A file took longer than the per-file time budget and was stopped",
    message: (a: { ms: number }) => `Stopped after ${show(a.ms)} ms (time budget per file); the rest of the corpus was audited`,
  },
  APP_AUDIT_WORKER_FAILED: {
    severity: "error",
    title: "The worker auditing a file failed (please report)",
    message: (a: { detail: string }) => `The worker failed on this file: ${show(a.detail)}`,
  },
  APP_INPUT_PROBLEM: {
    severity: "error",
    title: "An input path or pattern could not be read",
    message: (a: { input: string; reason: string }) => `cannot read ${show(a.input)}: ${show(a.reason)}`,
  },
  APP_CONFIG_INVALID: {
    severity: "error",
    title: "sightline.config.json does not match its schema",
    message: (a: { pointer?: string; detail: string }) => `${show(a.pointer || "/")}: ${show(a.detail)}`,
  },
  APP_SUITE_NO_SESSIONS: {
    severity: "error",
    title: "A check suite's session globs match no file",
    message: (a: { suite: string; patterns: string[] }) => `Suite ${show(a.suite)}: no session matches ${show(a.patterns)}`,
  },
  APP_EXPECTATIONS_MISSING: {
    severity: "error",
    title: "A check suite has no expectations yet (an update run records them)",
    message: (a: { suite: string; path: string }) => `Suite ${show(a.suite)}: no expectations file ${show(a.path)}; option \`update\` records them`,
  },
  APP_EXPECTATIONS_INVALID: {
    severity: "error",
    title: "An expectations file cannot be read",
    message: (a: { path: string; detail: string }) => `Expectations ${show(a.path)}: ${show(a.detail)}`,
  },
  APP_MERGE_SHARDS_MISSING: {
    severity: "error",
    title: "merge-reports was not given every shard of the split (nothing is merged unless partial merges are allowed)",
    message: (a: { missing: string[]; count: number }) =>
      `Shard(s) ${show(
        ([] as unknown[])
          .concat(a.missing ?? [])
          .map(String)
          .join(", "),
      )} of ${show(a.count)} missing: pass every shard's report, or option \`allowPartial\` to merge an incomplete set`,
  },
  APP_MERGE_PARTIAL: {
    severity: "warning",
    title: "A merge allowed to be partial merged an incomplete set of shards",
    message: (a: { missing: string[]; count: number }) =>
      `Partial merge: shard(s) ${show(
        ([] as unknown[])
          .concat(a.missing ?? [])
          .map(String)
          .join(", "),
      )} of ${show(a.count)} missing (option \`allowPartial\`); the verdict covers only the shards given`,
  },
  APP_MERGE_OVERLAP: {
    severity: "error",
    title: "merge-reports was given reports that cover the same sessions (a shard twice, or a shard and the whole run)",
    message: (a: { first: string; second: string; what: string }) =>
      `${show(a.first)} and ${show(a.second)} overlap: ${show(a.what)}; give each shard's report once`,
  },
  APP_MERGE_MIXED_KINDS: {
    severity: "error",
    title: "merge-reports was given both audit and check reports",
    message: (a: { audit: number; check: number }) => `Cannot merge audit reports with check reports (${show(a.audit)} audit, ${show(a.check)} check)`,
  },
  APP_REPORT_INVALID: {
    severity: "error",
    title: "A folder given to merge-reports holds no readable audit or check summary.json",
    message: (a: { path: string; detail: string }) => `${show(a.path)}: ${show(a.detail)}`,
  },
} satisfies Catalogue;
