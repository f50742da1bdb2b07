// The wording of what a Scorel invariant check found (docs/scorel.md §12). Every SCOREL_INV_* code is worded
// from one of these cases: the checks name the case and give the values, the sentences live here.
const EXPECT = {
  string: "a string",
  nonEmptyString: "a non-empty string",
  number: "a number",
  object: "an object",
  array: "an array",
  stringOrNull: "a string or null",
  stringWhenPresent: "a string when present",
  derivedFrom: "{eventId: string, seq: number}",
  removedSkill: "{name: string, previousPath: string}",
} as const;

/** The base fields an event needs, with the type the loader asks for. */
const BASE_FIELD = { id: "id (string)", parentId: "parentId (string or null)", seq: "seq (number)", clientId: "clientId (string)", ts: "ts (number)" } as const;
export type BaseField = keyof typeof BASE_FIELD;

/** "a", "a or b", "a, b or c" (values as JSON). */
const orList = (vs: readonly unknown[]): string => {
  const s = vs.map((v) => JSON.stringify(v));
  return s.length < 2 ? s.join("") : `${s.slice(0, -1).join(", ")} or ${s[s.length - 1]}`;
};

const PARENT_WHY = {
  self: () => "names the event itself",
  missing: (a: { unreadable: number }) => (a.unreadable > 0 ? `names no event (or one on the ${a.unreadable} line(s) that are not JSON)` : "names no event"),
  later: (a: { line?: number }) => `names a later event (line ${a.line})`,
  control: (a: { type: string; line?: number }) => `names a control event (${a.type}, line ${a.line}); control events are not tree nodes`,
  "not-tree": (a: { type: string; line?: number; profile: string }) => `names a ${a.type} event (line ${a.line}), which is not a ${a.profile} tree event`,
};
type ParentWhy = { [K in keyof typeof PARENT_WHY]: { why: K } & (Parameters<(typeof PARENT_WHY)[K]> extends [infer A] ? A : unknown) }[keyof typeof PARENT_WHY];

const problems = {
  // ── payload fields (the shipped loaders' payload checks, and the design model's types) ──
  "must-be": (a: { field: string; be: keyof typeof EXPECT }) => `${a.field} must be ${EXPECT[a.be]}`,
  "must-be-one-of": (a: { field: string; values: readonly unknown[] }) => `${a.field} must be ${orList(a.values)}`,
  "skill-scope": (a: { scopes: readonly string[]; extension: boolean }) =>
    `scope must be one of ${a.scopes.join(", ")}${a.extension ? " (extension exists from P4 on)" : ""}`,
  "queue-item-shape": (a: { index: number }) => `items[${a.index}] must have string id, array content, number createdAt/updatedAt, string clientId`,
  // ── header, session, type and base fields ──
  "line-1-empty": () => "Physical line 1 is empty",
  "invalid-json": (a: { cause: "bom" | "blank" | "parse"; error?: string }) =>
    `Invalid JSON: ${a.cause === "bom" ? "the line starts with a byte order mark (U+FEFF)" : a.cause === "blank" ? "the line holds only whitespace" : a.error}`,
  "header-not-object": () => "Line 1 is not a JSON object",
  "header-version": (a: { found: unknown }) => `version must be 1 (found ${JSON.stringify(a.found) ?? "nothing"})`,
  "header-project-id": () => "meta.projectId must be a non-empty string (files from before S0048 used meta.projectSlug)",
  "header-is-event": (a: { line: number; type: string }) => `Line ${a.line} is a "${a.type}" event, not a session header`,
  "no-session-id": (a: { object: boolean }) => (a.object ? "The event has no string sessionId" : "The line is not a JSON object"),
  "session-mismatch": (a: { sessionId: string; header: string }) =>
    `sessionId ${JSON.stringify(a.sessionId)} differs from the header's ${JSON.stringify(a.header)}`,
  "header-after-line-1": () => "A session_header event after line 1",
  "transient-type": (a: { type: string }) => `"${a.type}" is a transient (wire-only) event type`,
  "unknown-type": (a: { type: unknown; profile: string }) => `Type ${JSON.stringify(a.type) ?? "missing"} is not a ${a.profile} event type`,
  "base-fields": (a: { fields: readonly BaseField[] }) => `Bad or missing base fields: ${a.fields.map((f) => BASE_FIELD[f]).join(", ")}`,
  // ── ids, seq, ts, tree ──
  "duplicate-id": (a: { id: string; firstLine: number }) => `Event id ${a.id} is already used on line ${a.firstLine}`,
  "seq-not-positive": (a: { seq: unknown }) => `seq ${String(a.seq)} must be greater than 0`,
  "seq-not-increasing": (a: { seq: unknown; prev: unknown; prevLine: number }) =>
    `seq ${String(a.seq)} is not greater than ${String(a.prev)} (line ${a.prevLine})`,
  "ts-before-previous": (a: { ts: number; prev: number; prevLine: number }) => `ts ${a.ts} is earlier than ts ${a.prev} on line ${a.prevLine}`,
  "ts-before-header": (a: { ts: number; createdAt: number }) => `ts ${a.ts} is earlier than the header's createdAt ${a.createdAt}`,
  "second-root": (a: { root: string; rootLine?: number }) => `A second tree event with parentId null (the root is ${a.root}, line ${a.rootLine})`,
  "bad-parent": (a: { parentId: unknown; noRoot: boolean } & ParentWhy) =>
    `parentId ${JSON.stringify(a.parentId)} ${(PARENT_WHY[a.why] as (x: typeof a) => string)(a)}${a.noRoot ? " (no root yet: the first tree event must have parentId null)" : ""}`,
  "control-parent": (a: { type: string; parentId: unknown }) => `Control event ${a.type} has parentId ${JSON.stringify(a.parentId)} (expected null)`,
  // ── messages and content ──
  "role-mismatch": (a: { type: string; role: unknown; want: string }) => `${a.type} carries role ${JSON.stringify(a.role)} (expected "${a.want}")`,
  "content-not-array": (a: { is: "a string" | "missing" | "not an array" }) => `message.content is ${a.is} (buildContext needs an array)`,
  /** `first` is the first unknown block's type when the block is an object, else the block itself. */
  "unknown-blocks": (a: { indexes: readonly number[]; profile: string; firstIsObject: boolean; first: unknown }) =>
    `Content block ${a.indexes.join(", ")} unknown to ${a.profile} (first: ${a.firstIsObject ? `type ${JSON.stringify(a.first)}` : JSON.stringify(a.first)})`,
  "tool-result-not-answering": (a: { toolCallId: unknown; assistant: string }) =>
    `tool_result ${String(a.toolCallId)} answers no tool_call of the nearest assistant message ${a.assistant}`,
  "tool-result-no-assistant": (a: { toolCallId: unknown }) => `tool_result ${String(a.toolCallId)} has no assistant message above it`,
  "tool-calls-unanswered": (a: { toolCallIds: readonly string[] }) =>
    `tool call(s) ${a.toolCallIds.join(", ")} get no tool_result before the next assistant/user message`,
  "internal-role-merged": (a: { source: string }) => `An internal-role message marked ${a.source} would be merged into the model's context; use custom_message`,
  // ── harness items and queues ──
  "harness-kind": (a: { kind: unknown; profile: string }) =>
    `Harness kind ${JSON.stringify(a.kind)} is not a ${a.profile} kind (P5 lowers it to runtime_notice)`,
  "harness-origin": (a: { origin: unknown }) => `Harness origin ${JSON.stringify(a.origin)} is not one of user, system, tool, skill`,
  "steer-origin": (a: { origin: unknown }) => `A steer harness item comes from origin ${JSON.stringify(a.origin)} (expected "user")`,
  "steer-not-consumed": (a: { item: string }) => `Steer item ${a.item} was never queued and removed from the steer queue before this event`,
  "follow-up-not-consumed": (a: { item: string }) => `Follow-up item ${a.item} was never queued and removed from the follow_up queue before this message`,
  "anchor-not-tree": (a: { id: string; type: string; line: number }) => `anchorEventId ${a.id} names the ${a.type} event on line ${a.line}, not a tree event`,
  "anchor-missing": (a: { id: string }) => `anchorEventId ${a.id} names no tree event`,
  "leaf-not-tree": (a: { id: string; type?: string; line?: number }) =>
    a.type !== undefined
      ? `${a.id} is the ${a.type} event on line ${a.line}, not a tree event (buildContext: invalid_parent "Unknown event id: ${a.id}")`
      : `${a.id} names no event (buildContext: invalid_parent "Unknown event id: ${a.id}")`,
  // ── titles ──
  "derived-from-missing": (a: { eventId: string }) => `derivedFrom.eventId ${a.eventId} names no event`,
  "derived-from-seq": (a: { eventId: string; seq: unknown; actual: unknown }) =>
    `derivedFrom.seq ${String(a.seq)} differs from the seq ${String(a.actual)} of ${a.eventId}`,
  // ── compacts ──
  "retained-count": (a: { count: unknown; integer: boolean }) =>
    `retainedEventCount ${String(a.count)} is not a non-negative integer${a.integer ? "" : " (nothing is retained, docs/scorel.md §15.5)"}`,
  "compacted-through-missing": (a: { through: string }) => `compactedThrough ${a.through} names no event`,
  "compacted-through-not-ancestor": (a: { through: string }) => `compactedThrough ${a.through} is not the compact's parent or one of its ancestors`,
  "compact-under-compact": (a: { parent: string }) => `The compact's parent ${a.parent} is itself a compact (nothing in between)`,
  "compacted-through-off-path": (a: { through: string }) => `compactedThrough ${a.through} is not on the compact's root path`,
  // ── context_control spans ──
  "anchor-user-missing": (a: { id: unknown }) => `anchorUserEventId ${String(a.id)} names no event`,
  "anchor-not-user": (a: { id: string; type: string }) => `The anchor ${a.id} is a ${a.type}, not a user_message`,
  "through-missing": (a: { id: unknown }) => `throughEventId ${String(a.id)} names no event`,
  "through-not-after-anchor": (a: { through: string; anchor: string }) =>
    `throughEventId ${a.through} does not lie on a root path after the anchor ${a.anchor}`,
  "span-crosses-user": (a: { user: string }) => `The span crosses the next user message ${a.user}`,
  "span-hides-compact": (a: { compact: string }) => `The span hides the compact ${a.compact}: buildContext skips its summary and reset`,
  "seq-not-after": (a: { seq: unknown; otherSeq: number; other: string }) => `seq ${String(a.seq)} is not greater than the seq ${a.otherSeq} of ${a.other}`,
  // ── instruction snapshots ──
  "section-kinds": (a: { kinds: readonly unknown[]; expected: readonly string[] }) =>
    `Section kinds are [${a.kinds.join(", ")}], expected [${a.expected.join(", ")}]`,
  "agents-source-incomplete": () => "An agents source lacks path, scope, priority or content",
  "no-snapshot": () => "No instruction_snapshot before the first user message (the session has none)",
  "clone-no-snapshot": () => "A cloned session (header clonedFrom) carries no instruction_snapshot",
  "second-snapshot": (a: { firstLine: number }) => `A second instruction_snapshot (the first is on line ${a.firstLine}); the last one wins`,
  "snapshot-after-user": (a: { userLine: number }) => `The instruction_snapshot comes after the first user message (line ${a.userLine})`,
  // ── design profile: channel_inject, rewind, branch ──
  "inject-not-followed": (a: { type: string; line: number }) => `channel_inject is followed by a ${a.type} (line ${a.line}), not by the message it annotates`,
  "inject-last": () => "channel_inject is the last event: no message follows it",
  "rewind-target-missing": (a: { id: string }) => `targetEventId ${a.id} names no event`,
  "rewind-target-later": (a: { id: string; line: number }) => `The target ${a.id} comes later in the file (line ${a.line})`,
  "rewind-not-boundary": (a: { id: string; type: string; role?: unknown }) =>
    `The target ${a.id} is not a turn boundary (a ${a.type}${a.role ? ` with role ${JSON.stringify(a.role)}` : ""})`,
  "rewind-past-compact": (a: { id: string; compact: string }) =>
    `The target ${a.id} lies before the latest compact ${a.compact} on the current path (cannot_rewind_past_compact)`,
  "rewind-next-elsewhere": (a: { next: string; line: number; parentId: unknown; id: string }) =>
    `The next message ${a.next} (line ${a.line}) hangs under ${JSON.stringify(a.parentId)}, not under the rewind target ${a.id}`,
  "branch-leaf-missing": (a: { id: string }) => `leafEventId ${a.id} names no tree event`,
  "branch-not-leaf": (a: { id: string; child: string }) => `${a.id} is not a leaf when the branch is recorded (child ${a.child})`,
};

type Problems = typeof problems;
/** What a Scorel invariant check found: the case and its values (the args of every SCOREL_INV_* code). */
export type ScorelProblem = { [K in keyof Problems]: { problem: K } & (Parameters<Problems[K]> extends [infer A] ? A : unknown) }[keyof Problems];

export const wordScorelProblem = (a: ScorelProblem): string => (problems[a.problem] as (x: ScorelProblem) => string)(a);
