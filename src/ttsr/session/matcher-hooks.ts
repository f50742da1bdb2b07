// v17 tool matcher hooks (docs/strings.md §3): `matcherDigest` / `matcherPaths` / `matcherEntries` of `write` and
// of `edit` in its replace, patch, hashline and apply_patch modes. A JSONL reader infers the edit mode from
// the argument shape, as docs/strings.md §3 says; every other tool has no hook (raw argument JSON is matched).

export interface MatcherEntry {
  path: string;
  digest: string;
}

export interface ToolHooks {
  digest(args: unknown): string | undefined;
  paths?(args: unknown): string[] | undefined;
  entries?(args: unknown): MatcherEntry[] | undefined;
}

type Args = Record<string, unknown>;
const obj = (a: unknown): Args => (a !== null && typeof a === "object" && !Array.isArray(a) ? (a as Args) : {});
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** "Added lines": `+` lines that are not `+++ ` headers, `+` stripped, joined with "\n" (a `\r` is kept). */
export function addedLines(text: string): { text: string; count: number } {
  const kept: string[] = [];
  for (const line of text.split("\n")) if (line.startsWith("+") && !line.startsWith("+++ ")) kept.push(line.slice(1));
  return { text: kept.join("\n"), count: kept.length };
}

function mergeEntries(list: MatcherEntry[]): MatcherEntry[] | undefined {
  const byPath = new Map<string, string[]>();
  for (const e of list) {
    const parts = byPath.get(e.path);
    if (parts) parts.push(e.digest);
    else byPath.set(e.path, [e.digest]);
  }
  const out = [...byPath].map(([path, parts]) => ({ path, digest: parts.join("\n") }));
  return out.length > 0 ? out : undefined;
}

const pathHook = (args: unknown): string[] | undefined => {
  const p = obj(args).path;
  return typeof p === "string" && p.length > 0 ? [p] : undefined;
};

export const writeHooks: ToolHooks = { digest: (a) => str(obj(a).content) };

export const replaceHooks: ToolHooks = {
  digest: (a) => str(obj(a).new_string),
  paths: pathHook,
  entries(a) {
    const path = str(obj(a).path);
    const digest = str(obj(a).new_string);
    return path && digest !== undefined ? [{ path, digest }] : undefined;
  },
};

function patchDigest(a: unknown): string | undefined {
  const edits = obj(a).edits;
  if (!Array.isArray(edits)) return undefined;
  const pieces: string[] = [];
  for (const e of edits) {
    const diff = str(obj(e).diff);
    if (diff === undefined) continue;
    const added = addedLines(diff);
    // An `op:"create"` edit without `+` lines is a whole new file: its diff is the content.
    pieces.push(added.count === 0 && obj(e).op === "create" ? diff : added.text);
  }
  return pieces.length > 0 ? pieces.join("\n") : undefined;
}

export const patchHooks: ToolHooks = {
  digest: patchDigest,
  paths: pathHook,
  entries(a) {
    const path = str(obj(a).path);
    const digest = patchDigest(a);
    return path && digest !== undefined ? [{ path, digest }] : undefined;
  },
};

// A hashline section header: `[path]` or `[path#1a2b]` alone on its line; a pasted apply_patch prefix is dropped.
const HASHLINE_HEADER = /^\s*\[([^\]]+?)(?:#[0-9a-fA-F]{4})?\]\s*$/;
const PASTED_PREFIX = /^\*\*\* (?:(?:Add|Update|Delete) File|Move to):\s*/;

function hashlineSections(input: string): { path: string; body: string[] }[] {
  const out: { path: string; body: string[] }[] = [];
  for (const line of input.split("\n")) {
    const m = HASHLINE_HEADER.exec(line);
    if (m) out.push({ path: m[1].trim().replace(PASTED_PREFIX, "").trim(), body: [] });
    else out.at(-1)?.body.push(line);
  }
  return out;
}

const hashlineInput = (a: unknown): string | undefined => str(obj(a).input ?? obj(a)._input);

export const hashlineHooks: ToolHooks = {
  digest(a) {
    const input = hashlineInput(a);
    return input === undefined ? undefined : addedLines(input).text;
  },
  paths(a) {
    const input = hashlineInput(a);
    if (input === undefined) return undefined;
    const paths = hashlineSections(input).map((s) => s.path);
    return paths.length > 0 ? paths : undefined;
  },
  entries(a) {
    const input = hashlineInput(a);
    if (input === undefined) return undefined;
    const list: MatcherEntry[] = [];
    for (const s of hashlineSections(input)) {
      const added = addedLines(s.body.join("\n"));
      if (added.count > 0) list.push({ path: s.path, digest: added.text });
    }
    return mergeEntries(list);
  },
};

const PATCH_FILE = /^\*\*\* (Add|Update|Delete) File: (.*)$/;

// Per-file hunks of an `*** Begin Patch` envelope, tolerant of a stream cut anywhere. An Add File hunk is
// parsed into a create entry whose diff has no `+` prefixes, so it adds nothing (docs/strings.md §3 quirk).
function applyPatchFiles(input: string): { path: string; op: string; body: string[] }[] {
  const out: { path: string; op: string; body: string[] }[] = [];
  for (const line of input.split("\n")) {
    const m = PATCH_FILE.exec(line);
    if (m) out.push({ op: m[1], path: m[2].trim(), body: [] });
    else if (line.startsWith("*** End Patch") || line.startsWith("*** Begin Patch")) continue;
    else out.at(-1)?.body.push(line);
  }
  return out;
}

export const applyPatchHooks: ToolHooks = {
  digest(a) {
    const input = str(obj(a).input);
    return input === undefined ? undefined : addedLines(input).text;
  },
  paths(a) {
    const input = str(obj(a).input);
    if (input === undefined) return undefined;
    const paths = applyPatchFiles(input).map((f) => f.path);
    return paths.length > 0 ? paths : undefined;
  },
  entries(a) {
    const input = str(obj(a).input);
    if (input === undefined) return undefined;
    const list: MatcherEntry[] = [];
    for (const f of applyPatchFiles(input)) {
      if (f.op !== "Update") continue;
      const added = addedLines(f.body.join("\n"));
      if (added.count > 0) list.push({ path: f.path, digest: added.text });
    }
    return mergeEntries(list);
  },
};

/** The edit mode a recorded call's argument shape shows (docs/strings.md §3 table), or undefined. */
export function inferEditMode(toolName: string, args: unknown): "replace" | "patch" | "hashline" | "apply_patch" | undefined {
  const a = obj(args);
  if (toolName === "apply_patch") return "apply_patch";
  if ("old_string" in a || "new_string" in a) return "replace";
  if ("edits" in a) return "patch";
  const input = a.input ?? a._input;
  if (typeof input === "string") return a.input !== undefined && input.trimStart().startsWith("*** Begin Patch") ? "apply_patch" : "hashline";
  return undefined;
}

/** The hooks of a tool as the v17 coordinator finds them (by name or the apply_patch wire name). */
export function toolHooksFor(toolName: string, args: unknown): ToolHooks | undefined {
  const name = toolName.trim().toLowerCase();
  if (name === "write") return writeHooks;
  if (name !== "edit" && name !== "apply_patch") return undefined;
  switch (inferEditMode(name, args)) {
    case "replace":
      return replaceHooks;
    case "patch":
      return patchHooks;
    case "hashline":
      return hashlineHooks;
    case "apply_patch":
      return applyPatchHooks;
    default:
      return undefined;
  }
}
