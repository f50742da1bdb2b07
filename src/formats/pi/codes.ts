// Diagnostic codes of the pi area. Loader verdict codes (loader: true) keep the upstream code verbatim;
// sightline's own findings use SCREAMING_SNAKE codes prefixed with the area.
import { show, type Catalogue } from "../../shared/codes/types.js";

export const piCodes = {
  // ---- loader verdict (what pi / oh-my-pi's loader does with the file) ----
  skipped_line: {
    severity: "warning",
    title: "pi's loader skips this line silently (blank or not parseable JSON)",
    message: (a: { reason: string }) => `The loader skips this line (${show(a.reason)})`,
    loader: true,
  },
  empty_session: {
    severity: "error",
    title: "The first record is not a valid session header: pi treats the file as empty",
    message: (a: { reason: string }) => `The file is read as an empty session: ${show(a.reason)}`,
    loader: true,
  },
  refused_session: {
    severity: "error",
    title: "pi 1.x and oh-my-pi 18 refuse to open the file (no valid session header; oh-my-pi 18 also an entry its loader fails on)",
    message: (a: { reason: string; cause?: "entry" }) =>
      a.cause === "entry"
        ? `oh-my-pi's loader fails while indexing the entries and opens nothing (it leaves the file unchanged): ${show(a.reason)}`
        : `pi refuses to open the file (not empty, no valid session header; it leaves the file unchanged): ${show(a.reason)}`,
    loader: true,
  },
  // ---- tree structure (docs/pi.md §4, §6.1) ----
  PI_DUPLICATE_ID: {
    severity: "error",
    title: "Two entries share an id",
    message: (a: { id: string; firstLine: number }) => `Duplicate entry id ${show(a.id)} (first on line ${show(a.firstLine)})`,
  },
  PI_DANGLING_PARENT: {
    severity: "error",
    title: "An entry's parentId names no entry",
    message: (a: { parentId: string; id: string }) => `parentId ${show(a.parentId)} of entry ${show(a.id)} names no entry`,
  },
  PI_PARENT_CYCLE: { severity: "error", title: "Following parentId loops", message: (a: { cycle: string }) => `The parent chain loops: ${show(a.cycle)}` },
  PI_NO_ROOT: { severity: "error", title: "No entry has parentId null", message: () => "No entry has parentId null (the tree has no root)" },
  PI_EXTRA_ROOT: {
    severity: "info",
    title: "Another entry with parentId null starts a new root",
    message: (a: { id: string; firstRoot: string }) =>
      `Entry ${show(a.id)} starts another root (the first is ${show(a.firstRoot)}): pi writes one when the user goes back to the first message (/tree), and its loader accepts it`,
  },
  PI_MISSING_ID: { severity: "error", title: "A v2+ entry has no string id", message: () => "The entry has no string id (v2+ entries must have one)" },
  PI_NOT_AN_ENTRY: {
    severity: "warning",
    title: "A line holds JSON that is not an entry object",
    message: (a: { kind: string }) => `The line holds ${show(a.kind)}, not an entry object with a string type`,
  },
  PI_EXTRA_HEADER: {
    severity: "warning",
    title: "A session header after the first record",
    message: () => "A second session header; the loader keeps the first and ignores this one for the tree",
  },
  PI_LABEL_TARGET_MISSING: {
    severity: "warning",
    title: "A label's targetId names no entry",
    message: (a: { targetId: string }) => `label targetId ${show(a.targetId)} names no entry`,
  },
  PI_FIRST_KEPT_MISSING: {
    severity: "warning",
    title: "A compaction's firstKeptEntryId names no entry",
    message: (a: { firstKeptEntryId: string }) => `firstKeptEntryId ${show(a.firstKeptEntryId)} names no entry: nothing before the compaction is kept`,
  },
  PI_FIRST_KEPT_OFF_PATH: {
    severity: "warning",
    title: "A compaction's firstKeptEntryId is not on the compaction's path",
    message: (a: { firstKeptEntryId: string }) =>
      `firstKeptEntryId ${show(a.firstKeptEntryId)} is not on the compaction's path: nothing before the compaction is kept`,
  },
  PI_EDIT_TARGET_MISSING: {
    severity: "warning",
    title: "A context_edit's targetId names no entry",
    message: (a: { targetId: string }) => `context_edit targetId ${show(a.targetId)} names no entry: the edit changes nothing`,
  },
  PI_EDIT_TARGET_OFF_PATH: {
    severity: "warning",
    title: "A context_edit's target is not before it on its branch",
    message: (a: { targetId: string }) =>
      `context_edit target ${show(a.targetId)} is not an earlier entry of the edit's branch (pi writes edits of the active branch only): it applies only on paths through both`,
  },
  PI_BRANCH_FROM_MISSING: {
    severity: "warning",
    title: "A branch_summary's fromId names no entry",
    message: (a: { fromId: string }) => `branch_summary fromId ${show(a.fromId)} names no entry`,
  },
  PI_SNAPCOMPACT_NOT_REPLAYED: {
    severity: "warning",
    title: "A compaction carries a snapcompact archive sightline does not rebuild",
    message: () =>
      "preserveData.snapcompact: v17 (profile omp17) sends the archive's text and image blocks with this summary; sightline's context has the summary only",
  },
  PI_V1_INDEX_OUT_OF_RANGE: {
    severity: "warning",
    title: "A v1 compaction's firstKeptEntryIndex points at no entry",
    message: (a: { index: number; target: string }) =>
      `firstKeptEntryIndex ${show(a.index)} points at ${show(a.target)}: the migration leaves firstKeptEntryId unset`,
  },
  PI_UNKNOWN_ENTRY_TYPE: {
    severity: "warning",
    title: "An entry type no known pi / oh-my-pi version writes",
    message: (a: { type: unknown }) =>
      `Unknown entry type ${show(a.type)}: the loader keeps it and buildSessionContext ignores it (a newer writer, or a typo?)`,
  },
} satisfies Catalogue;

// The catalogue's types learn this table here (the format registry adds it to the catalogue at run time).
declare module "../../shared/codes.js" {
  interface CodeTables {
    pi: typeof piCodes;
  }
}
