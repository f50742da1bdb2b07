// The format registry and the pure entry point parseSession(text) (docs/product.md §6). The package's
// `sightline/formats` subpath is src/entry-formats.ts.
import { feedLines, splitText } from "../shared/lines.js";
import { codexFormat } from "./codex/index.js";
import { piFormat } from "./pi/index.js";
import { scorelFormat } from "./scorel/index.js";
import { SessionSniffer, type SniffOptions, type UnreadSession } from "./sniff.js";
import type { LineSink } from "../shared/lines.js";
import { registerCodes } from "../shared/codes.js";
import type { FormatModule, ParseOptions, SessionBase } from "./types.js";
import { yoiFormat } from "./yoi/index.js";
import { claudeCodeFormat } from "./claude-code/index.js";

// The format registry: each format folder exports one descriptor (its FormatModule), listed here once; the names,
// sessions, codes and profiles of the formats all follow from this list (docs/adding-a-format.md). The order
// matters only for sniffing: each module recognises a distinct first record. Claude Code comes first: its lines
// carry `version` and `sessionId`, which Scorel's header test alone would accept.
const FORMATS = [claudeCodeFormat, scorelFormat, piFormat, yoiFormat, codexFormat] as const;

// The catalogue holds each registered format's codes (src/shared/codes.ts cannot import them: it sits below).
for (const f of FORMATS) registerCodes(f.name, f.codes);

type Registered = (typeof FORMATS)[number];
type SessionOf<M> = M extends FormatModule<infer S, infer _N> ? S : never;

/** A session sightline can read, discriminated by `format`. */
export type Session = SessionOf<Registered>;

/** The name of a registered format. */
export type FormatName = Session["format"];

/** What parsing a file gives: a session, or the findings that say why it is none. */
export type ParsedSession = Session | UnreadSession;

export const isSession = (p: ParsedSession): p is Session => p.format !== null;

/** The format modules by name, each typed with its own session model. */
export type FormatModules = { [M in Registered as SessionOf<M>["format"]]: M };

const registry = Object.fromEntries(FORMATS.map((m) => [m.name, m])) as unknown as FormatModules;

/** A registered format's module, seen format-neutrally. */
export type RegisteredFormat = FormatModule & { name: FormatName };

/** The formats in sniff order. */
export const formats: readonly RegisteredFormat[] = FORMATS as readonly RegisteredFormat[];

export function formatModule<K extends FormatName>(name: K): FormatModules[K] {
  const m = registry[name];
  if (!m) throw new Error(`unknown format ${name}`);
  return m;
}

/** A format's parser, typed with its own session model (the union of the three). */
function parserOf(name: FormatName, opts: ParseOptions): LineSink<Session> {
  return registry[name].createParser(opts);
}

/** The module that reads a session, seen format-neutrally (its hooks take the session they are given). */
export const moduleOf = (session: SessionBase): FormatModule => formatModule(session.format as FormatName);

/** The format a profile name belongs to (profile names are distinct across formats), or undefined. */
export const formatOfProfile = (profile: string): RegisteredFormat | undefined => formats.find((f) => f.profiles.includes(profile));

/** A line sink that detects the format and parses with it (the streaming reader feeds it). */
export function createSessionParser(opts: SessionParseOptions): SessionSniffer<Session> {
  const byProfile = opts.profile !== undefined ? formatOfProfile(opts.profile) : undefined;
  return new SessionSniffer(formats, { ...opts, fallback: byProfile?.name }, parserOf);
}

/** Parses a whole session text (pure). Never throws for bad input: problems are diagnostics. */
export function parseSession(text: string, opts: Partial<SessionParseOptions> = {}): ParsedSession {
  return feedLines(createSessionParser({ file: "<text>", ...opts }), splitText(text));
}

/** How to read a session: the file's name for findings, and a format or profile to use rather than detect. */
export interface SessionParseOptions extends SniffOptions<FormatName> {}

export type { UnreadSession } from "./sniff.js";
export type * from "./types.js";
