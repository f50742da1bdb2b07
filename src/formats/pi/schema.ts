// JSON Schemas of the pi format (src/schema/json/pi): header per version, title slot, entries, messages, blocks.
// Schema findings are warnings (the loader tolerates them); they carry a JSON pointer into the record.
// Schemas are named by $id: the build precompiles every pi validator (schema/ajv.ts), so a process or worker
// thread reading a pi file loads none of the 44 schema documents (≈ 15 ms of a worker's start-up); they are
// loaded (schema-docs.ts) only to compile a validator at run time, as when running from the sources.
import { isObject } from "../../shared/json.js";
import { addSchemas, check, checkInto, isPrecompiled, type SchemaIssue } from "../../schema/ajv.js";

const id = (name: string): string => `sightline:pi/${name}.json`;
const BLOCKS = ["block-image", "block-redactedThinking", "block-text", "block-thinking", "block-toolCall"].map(id);
const ENTRY_TYPES = [
  "thinking_level_change",
  "model_change",
  "compaction",
  "branch_summary",
  "custom",
  "custom_message",
  "label",
  "session_info",
  "ttsr_injection",
  "service_tier_change",
  "session_init",
  "mode_change",
  "mcp_tool_selection",
  "title_change",
  "credential_pin",
  "reset_boundary",
  "context_edit",
  "usage",
];
const ROLES = [
  "user",
  "assistant",
  "toolResult",
  "bashExecution",
  "custom",
  "hookMessage",
  "developer",
  "fileMention",
  "pythonExecution",
  "branchSummary",
  "compactionSummary",
  "system",
];
/** Schema $id by entry type / message role (null prototype: a type such as "__proto__" or "toString" has none). */
const byName = (names: readonly string[], prefix: string): Record<string, string> =>
  Object.assign(Object.create(null) as Record<string, string>, Object.fromEntries(names.map((n) => [n, id(prefix + n)])));
const ENTRY = byName(ENTRY_TYPES, "entry-");
const ROLE = byName(ROLES, "message-");
const HEADER = { 1: id("header-v1"), 2: id("header-v2"), 3: id("header-v3") } as const;
const ENTRY_BASE = id("entry-base");
const ENTRY_V2 = id("entry-v2");
const TITLE_SLOT = id("title-slot");
const CHECKED = [...BLOCKS, ...Object.values(ENTRY), ...Object.values(ROLE), ...Object.values(HEADER), ENTRY_BASE, ENTRY_V2, TITLE_SLOT];

/** The documents, when some validator must be compiled here; else each schema is its $id alone. */
const docs: ReadonlyMap<string, object> | undefined = CHECKED.every(isPrecompiled) ? undefined : (await import("./schema-docs.js")).PI_SCHEMAS;
// One object per $id, made once: the entry checks run for every line of a file (a new `{ $id }` per check was garbage).
const byId = new Map<string, object>();
const schema = (schemaId: string): object => {
  let s = byId.get(schemaId);
  if (s === undefined) {
    s = docs?.get(schemaId) ?? { $id: schemaId };
    byId.set(schemaId, s);
  }
  return s;
};

let registered = false;
/** Role schemas $ref the block schemas; nothing else is registered (the dispatchers are documents only). */
function register(): void {
  if (registered) return;
  registered = true;
  addSchemas(BLOCKS.map(schema));
}

/** Schema issues of a header, by the file's version (before migration). */
export function checkHeaderSchema(value: unknown, version: 1 | 2 | 3): SchemaIssue[] {
  return check(schema(HEADER[version]), value);
}

export const checkTitleSlotSchema = (value: unknown): SchemaIssue[] => check(schema(TITLE_SLOT), value);

/**
 * Schema issues of an entry record as written (v1 records have no id/parentId; v2+ ones must). Each part's
 * issues go straight into one list (checkInto): a valid entry, nearly every one, makes no array but the result.
 */
export function checkRecordSchema(value: Record<string, unknown>, version: 1 | 2 | 3): SchemaIssue[] {
  register();
  const issues: SchemaIssue[] = [];
  checkInto(schema(ENTRY_BASE), value, issues);
  if (version !== 1) checkInto(schema(ENTRY_V2), value, issues);
  const type = value.type;
  if (type === "message") {
    const m = value.message;
    if (!isObject(m)) issues.push({ pointer: "/message", detail: "must be object" });
    else if (typeof m.role === "string" && ROLE[m.role]) checkInto(schema(ROLE[m.role]), m, issues, "/message");
    else issues.push({ pointer: "/message/role", detail: `must be one of ${JSON.stringify(ROLES)}` });
  } else if (typeof type === "string" && ENTRY[type]) checkInto(schema(ENTRY[type]), value, issues);
  // The base and per-version schemas overlap (e.g. parentId): report each problem once.
  if (issues.length < 2) return issues;
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.pointer}\u0000${i.detail}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Entry types this reader knows (any version); others are kept by the loader and ignored by the context. */
export const isKnownEntryType = (type: unknown): boolean => type === "message" || (typeof type === "string" && type in ENTRY);
