// The format registry's core: every format's head (name, codes, profiles, detection) always, the rest of each
// format (reader, context builders: most of sightline's code) once it is loaded. index.ts loads all five at once
// and is what the library and the commands import; an audit worker imports only this file, so it loads just the
// formats of the files it is given (every module costs each worker's isolate memory, issue 21). Reading a file
// whose format is not loaded yet throws FormatNotLoaded from the parser; app/read/read.ts loads it and reads again.
import { feedLines, splitText } from "../shared/lines.js";
import { registerCodes } from "../shared/codes.js";
import { claudeCodeHead } from "./claude-code/head.js";
import type { claudeCodeFormat } from "./claude-code/index.js";
import { codexHead } from "./codex/head.js";
import type { codexFormat } from "./codex/index.js";
import { piHead } from "./pi/head.js";
import type { piFormat } from "./pi/index.js";
import { scorelHead } from "./scorel/head.js";
import type { scorelFormat } from "./scorel/index.js";
import { SessionSniffer, type SniffOptions, type UnreadSession } from "./sniff.js";
import type { LineSink } from "../shared/lines.js";
import type { FormatHead, FormatModule, ParseOptions, SessionBase } from "./types.js";
import { yoiHead } from "./yoi/head.js";
import type { yoiFormat } from "./yoi/index.js";

// Each format folder exports one head and one descriptor (its FormatModule); the names, sessions, codes and profiles
// of the formats all follow from this list (docs/adding-a-format.md). The order matters only for sniffing: each
// module recognises a distinct first record. Claude Code comes first: its lines carry `version` and `sessionId`,
// which Scorel's header test alone would accept.
const HEADS = [claudeCodeHead, scorelHead, piHead, yoiHead, codexHead] as const;

// The catalogue holds each registered format's codes (src/shared/codes.ts cannot import them: it sits below).
for (const h of HEADS) registerCodes(h.name, h.codes);

type Registered = typeof claudeCodeFormat | typeof scorelFormat | typeof piFormat | typeof yoiFormat | typeof codexFormat;
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

/** A registered format's module, seen format-neutrally. */
export type RegisteredFormat = FormatModule & { name: FormatName };

/** The formats' heads in sniff order. */
export const formatHeads: readonly (FormatHead & { name: FormatName })[] = HEADS;

// Where each format's module comes from: only these dynamic imports reach a format's reader from this file.
const LOADERS: { [K in FormatName]: () => Promise<FormatModules[K]> } = {
  "claude-code": async () => (await import("./claude-code/index.js")).claudeCodeFormat,
  scorel: async () => (await import("./scorel/index.js")).scorelFormat,
  pi: async () => (await import("./pi/index.js")).piFormat,
  yoi: async () => (await import("./yoi/index.js")).yoiFormat,
  codex: async () => (await import("./codex/index.js")).codexFormat,
};

const loaded: Partial<FormatModules> = {};

/** A format's module was needed before it was loaded (ensureFormat loads it). */
export class FormatNotLoaded extends Error {
  override name = "FormatNotLoaded";
  constructor(readonly format: FormatName) {
    super(`the ${format} format is not loaded`);
  }
}

/** Makes modules already imported known (index.ts: all of them, at once). */
export function provideFormats(modules: readonly RegisteredFormat[]): void {
  for (const m of modules) (loaded as Record<string, RegisteredFormat>)[m.name] = m;
}

/** Loads a format's module (once). */
export async function ensureFormat(name: FormatName): Promise<void> {
  if (loaded[name]) return;
  provideFormats([(await LOADERS[name]()) as RegisteredFormat]);
}

/** Loads every format; gives them in sniff order. */
export async function loadAllFormats(): Promise<readonly RegisteredFormat[]> {
  await Promise.all(HEADS.map((h) => ensureFormat(h.name)));
  return loadedFormats();
}

/** The loaded formats in sniff order. */
export const loadedFormats = (): RegisteredFormat[] => HEADS.flatMap((h) => (loaded[h.name] ? [loaded[h.name] as RegisteredFormat] : []));

export function formatModule<K extends FormatName>(name: K): FormatModules[K] {
  const m = loaded[name];
  if (m) return m;
  if (name in LOADERS) throw new FormatNotLoaded(name);
  throw new Error(`unknown format ${name}`);
}

/** A format's parser, typed with its own session model (the union of the three). */
function parserOf(name: FormatName, opts: ParseOptions): LineSink<Session> {
  return formatModule(name).createParser(opts);
}

/** The module that reads a session, seen format-neutrally (its hooks take the session they are given). */
export const moduleOf = (session: SessionBase): FormatModule => formatModule(session.format as FormatName);

/** The head of the format a profile name belongs to (profile names are distinct across formats), or undefined. */
export const headOfProfile = (profile: string): (typeof formatHeads)[number] | undefined => formatHeads.find((f) => f.profiles.includes(profile));

/**
 * A line sink that detects the format and parses with it (the streaming reader feeds it). Detection needs only
 * the heads; the detected format's parser throws FormatNotLoaded when that format is not loaded.
 */
export function createSessionParser(opts: SessionParseOptions): SessionSniffer<Session> {
  const byProfile = opts.profile !== undefined ? headOfProfile(opts.profile) : undefined;
  return new SessionSniffer(formatHeads, { ...opts, fallback: byProfile?.name }, parserOf);
}

/** Parses a whole session text (pure). Never throws for bad input: problems are diagnostics. */
export function parseSession(text: string, opts: Partial<SessionParseOptions> = {}): ParsedSession {
  return feedLines(createSessionParser({ file: "<text>", ...opts }), splitText(text));
}

/** How to read a session: the file's name for findings, and a format or profile to use rather than detect. */
export interface SessionParseOptions extends SniffOptions<FormatName> {}

export type { UnreadSession } from "./sniff.js";
