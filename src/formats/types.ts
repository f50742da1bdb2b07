// What every format reader produces and what the format-neutral layers (context/, ttsr/, app/) rely on.
// Each format keeps its own typed model (ScorelSession, PiSession, YoiSession) that extends SessionBase.
import type { Catalogue } from "../shared/codes/types.js";
import type { Diagnostic } from "../shared/diagnostics.js";
import type { LineSink } from "../shared/lines.js";
import type { List } from "../shared/plist.js";

/** The conversation tree. Formats without ids use the synthetic ids of docs/product.md §2 (pi v1: line index; G0: legacy-<kind>-<line>; yoi: L<line>). */
export interface SessionTree {
  /** Tree node ids in file order. */
  nodes: string[];
  parent: Map<string, string | null>;
  children: Map<string, string[]>;
  /** Nodes without children, in file order. */
  leaves: string[];
  /** The leaf the real program resumes at (null: no tree nodes). */
  activeLeafId: string | null;
}

export interface SessionBase {
  /** The reading format's name (its model narrows it; `FormatName` in src/formats/index.ts is the registry's union). */
  format: string;
  /** The format profile used (docs/product.md §2), e.g. "p5", "pi", "omp17", "seed". */
  profile: string;
  /** Why that profile: "requested", "default", or what in the file decided it. */
  profileReason: string;
  /** Path as given, or "<stdin>". */
  file: string;
  /** Session id from the header, where the format has one. */
  id?: string;
  /** Schema findings, invariant findings and the loader verdict, in file order. */
  diagnostics: Diagnostic[];
  tree: SessionTree;
  /** Physical line of every record that has an id (tree nodes and other entries). */
  lineOf: Map<string, number>;
  /** Number of physical lines read. */
  lineCount: number;
}

export interface ParseOptions {
  /** Path shown in diagnostics ("<stdin>" for standard input). */
  file: string;
  /** Format profile requested with --profile; undefined = detect / default. */
  profile?: string;
}

// ---- built context -------------------------------------------------------------------------------

export type Role = "system" | "user" | "assistant" | "tool_result" | "developer";

export interface Reminder {
  kind: string;
  origin?: string;
  /** Id of the record the reminder came from (harness item, system item, ttsr entry, …). */
  sourceId: string;
}

/** One message of a built context, in the JSON contract's shape (docs/product.md §5 "Msg"). */
export interface Msg {
  role: Role;
  /** The role as the format names it (e.g. pi "toolResult", "compactionSummary"). */
  nativeRole: string;
  /** What the provider receives for this message, parts joined with "\n" (images excluded). */
  text: string;
  /** Native content of the built message, merges applied. */
  blocks: unknown[];
  /** Ids of the records this message was built from. */
  sourceIds: string[];
  reminders: Reminder[];
  /** Raw summary text, on summary messages. */
  summary?: string;
  /** pi 1.x: the `context_edit` entry whose replacement this message carries (docs/pi.md §9.1). */
  editedBy?: string;
}

/** The result of a format's real context builder: native messages plus the system prompt in effect. */
export interface NativeContext<N = unknown> {
  systemPrompt: string | null;
  messages: N[];
  /** sourceIds[i] = ids of the records messages[i] was built from. */
  sourceIds: string[][];
}

export interface ContextOptions {
  /** Format profile override (defaults to the session's). */
  profile?: string;
}

/** One LLM request/response (docs/product.md §3 "Turn view"). */
export interface TurnRef {
  index: number;
  /** The response record (assistant message; yoi: first assistant_item of the run). */
  responseId: string;
  /** Where the context was built: the response's parent (null = empty context). */
  leafId: string | null;
}

/**
 * A turn's context as a persistent list. Contract: toArray(messages) equals toMsgs(buildContext(session,
 * leafId)), and messages unchanged since an ancestor turn share list cells with it (delta = O(changes)).
 */
export interface TurnContext {
  ref: TurnRef;
  systemPrompt: string | null;
  messages: List<Msg>;
  /** Token figures the log itself records for this request, when it does. */
  loggedTokens?: number;
  /** The request body as the agent sent it, where the format can rebuild it (Claude Code: docs/claude-code.md §3). */
  request?: Record<string, unknown>;
  /** The parts of `request` the log does not hold: JSON paths into it (`$.system[0]`) and why. */
  notRecorded?: NotRecordedPart[];
  /** How `request` was obtained: checked against the log's own digest, or rebuilt without one. */
  requestCheck?: RequestCheck;
  /** This request asked for a compaction summary (Codex): the compaction it fed. */
  compactionRequest?: CompactionRequestNote;
}

/** A compaction request: its input is the history at the turn's leaf plus the release's compaction prompt. */
export interface CompactionRequestNote {
  /** The compaction line the reply became. */
  compaction: string;
  /** False when the log holds no reply of this request (Codex before 0.169.0: only the compacted line). */
  responseRecorded: boolean;
  /** Remote compaction (Codex on OpenAI's provider): the input ends in a compaction_trigger item, not a prompt. */
  remote?: true;
}

export interface NotRecordedPart {
  path: string;
  why: string;
}

/** verified: equals the log's digest; digest-mismatch: does not (an error finding); rebuilt-from-lines: no digest to check; incomplete: a part is missing. */
export type RequestCheck = "verified" | "digest-mismatch" | "rebuilt-from-lines" | "incomplete";

export interface CompactionRef {
  id: string;
  /** The record whose context is "before" (pi/Scorel: the compaction's parent). */
  beforeLeafId: string | null;
  /** The record whose context is "after" (pi/Scorel: the compaction itself). */
  afterLeafId: string;
  line: number;
  summary: string;
  /** Who started it, where the log says so (Claude Code: compactMetadata.trigger): the user, or the agent's threshold. */
  trigger?: "manual" | "automatic";
  tokensBefore?: number;
  tokensAfter?: number;
  /** A CompactCapsule found in the compaction's data/details under "capsule". */
  capsule?: unknown;
  /** The compaction request as the agent sent it, reconstructed where the format can (Claude Code). */
  request?: Record<string, unknown>;
  /** Parts of `request` the log does not hold, as for a turn. */
  notRecorded?: NotRecordedPart[];
}

/** One profile of a format: what it replays and the release its behaviour is checked against. */
export interface ProfileInfo {
  /** What the profile replays, in one line. */
  readonly about: string;
  /** The upstream release (or commit) whose behaviour the profile is checked against. */
  readonly checkedAgainst: string;
}

/** What a format says of itself for people: every --help and the README's Formats table read it. */
export interface FormatAbout<P extends string = string> {
  /** The format's name for people ("pi / oh-my-pi"). */
  readonly title: string;
  /** The profile used when neither the profile option nor the file decides. */
  readonly defaultProfile: P;
  /** Every profile, newest first as --help lists them. */
  readonly profiles: Readonly<Record<P, ProfileInfo>>;
}

/**
 * What a format offers to the rest of sightline: its descriptor. A format folder exports one, and the format
 * registry (`formats` in src/formats/index.ts) lists them; everything else is derived from that list.
 */
export interface FormatModule<S extends SessionBase = SessionBase, N = unknown> {
  /** The format's name: its folder's name, and the `format` of the sessions it reads. */
  name: S["format"];
  /** The format's diagnostic codes (its folder's codes.ts), worded once; the registry adds them to the catalogue. */
  codes: Catalogue;
  profiles: readonly string[];
  /** Title and profiles as people read them (the keys of `about.profiles` are `profiles`). */
  about: FormatAbout;
  /** True when the first JSON record of a file belongs to this format. */
  sniff(first: unknown): boolean;
  /**
   * Its parser also takes each line's own facts made on another thread (`pushFacts`, as pi's): `validate` reads
   * a large file of this format on every core (app/validate/parallel.ts), and starts those threads as soon as
   * the head names it.
   */
  readsLineFacts?: true;
  createParser(opts: ParseOptions): LineSink<S>;
  buildContext(session: S, leafId: string | null, opts?: ContextOptions): NativeContext<N>;
  /**
   * buildContext(session, leafId, opts).systemPrompt, for a format that knows it without building the context
   * (a replay's head asks for it at the active leaf: a walk of the whole path otherwise).
   */
  systemPromptAt?(session: S, leafId: string | null, opts?: ContextOptions): string | null;
  toMsgs(session: S, ctx: NativeContext<N>, opts?: ContextOptions): Msg[];
  turns(session: S): TurnRef[];
  turnContexts(session: S, opts?: ContextOptions): Iterable<TurnContext>;
  compactions(session: S): CompactionRef[];
  /**
   * Hooks for format-specific steps (absent = the format has none), so format-neutral layers never branch on
   * the format name.
   */
  /** A session the agent stores as a folder rather than one file (yoi): how to find its file in a folder. */
  folder?: SessionFolder<S>;
  /** The file name, in the session's folder, of the session this one continues (yoi: a compacted or forked segment's source); readSession reads it into the session. */
  originFile?(session: S): string | undefined;
  /**
   * False when the agent has no TTSR (Claude Code, Codex): its logs record no injection, so a TTSR replay of them is
   * counterfactual, what the rules would have done, with nothing recorded to agree or disagree with.
   */
  ttsrRecorded?: boolean;
  /**
   * Where this session's history starts in its origin (a fork's parent): the origin's file as read and how many
   * of the origin's turns came before that point (`diff parent fork` shows them once, as shared); `revert` when
   * the session is the same thread going on after a revert (Codex).
   */
  forkPoint?(session: S): { file: string; turns: number; revert?: true } | undefined;
  /** Whether the origin's own origin is read too, and so on (Codex: a revert segment's base is the previous segment). */
  chainedOrigin?: boolean;
  /** Keeps the origin readSession read (undefined: named, but no session of this format could be read there). */
  setOrigin?(session: S, origin: SessionBase | undefined): void;
  /** Findings of the session against its origin (docs/yoi.md §8.3); only once readSession has set the origin. */
  originFindings?(session: S): Diagnostic[];
  /** The context "before" a compaction when it is not a leaf of this session (yoi: the source segment's). */
  compactionBefore?(session: S, c: CompactionRef): CompactionBefore | undefined;
  /**
   * Contexts at many leaves of one session sharing one incremental build (compaction diffs: two per
   * compaction, each otherwise a walk from the root). `at(leafId)` equals toMsgs(buildContext(leafId)) with
   * its system prompt; undefined where the shortcut does not apply (the caller builds that one in full).
   */
  contextsAt?(session: S, opts?: ContextOptions): (leafId: string | null) => LoweredContext | undefined;
  /** The session as pi-shaped replay steps for TTSR simulation (docs/product.md §5). */
  ttsrSteps?(session: S): ReplayStep[];
  /** The working directory the session recorded, for tool argument paths (null: it records none). */
  recordedCwd?(session: S): string | null;
}

/**
 * How a format's sessions are stored as folders (yoi, docs/yoi.md §7, §9). The reader lists a folder it is given and
 * asks each format that has this hook which file stands for the session; pure, so the file system stays in app/.
 */
export interface SessionFolder<S extends SessionBase = SessionBase> {
  /** What the session file is called, for a folder that holds none ("yoi segment file"). */
  readonly fileKind: string;
  /**
   * From a folder's file names: the file that stands for the session, or a subfolder to look in (with a manifest
   * file beside it whose content may add findings), or undefined when the folder is not one of this format's.
   */
  entry(names: readonly string[]): { file: string } | { folder: string; manifest?: string } | undefined;
  /** Findings a manifest named by `entry` adds to the session read from its subfolder. */
  manifestFindings?(session: S, text: string): Diagnostic[];
}

/** A context as provider-neutral messages with its system prompt. */
export interface LoweredContext {
  systemPrompt: string | null;
  messages: Msg[];
}

/** A compaction's "before" context taken from outside the session's own tree. */
export interface CompactionBefore {
  context: NativeContext;
  leafId: string | null;
  /** How the patch names the "before" side. */
  label: string;
}

/** One TTSR replay step: a pi-shaped assistant or toolResult message, any other message (ends a turn), or no message. */
export interface ReplayStep {
  id: string;
  msg?: Record<string, unknown>;
}

/**
 * What a format says of itself without its reader: enough to detect its files, word its findings and list its
 * profiles. The format registry holds every format's head and loads the rest of a format on first use.
 */
export type FormatHead<S extends SessionBase = SessionBase> = Pick<FormatModule<S>, "name" | "codes" | "profiles" | "about" | "sniff" | "readsLineFacts">;
