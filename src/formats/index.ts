// The format registry and the pure entry point parseSession(text) (docs/product.md §6).
import { feedLines, splitText } from "../shared/lines.js";
import { piFormat } from "./pi/index.js";
import { scorelFormat } from "./scorel/index.js";
import { SessionSniffer, type ParsedSession, type SessionParseOptions } from "./sniff.js";
import type { FormatModule, FormatName, SessionBase } from "./types.js";
import { yoiFormat } from "./yoi/index.js";

// Order matters only for sniffing: each module recognises a distinct first record.
export const formats: readonly FormatModule[] = [
  scorelFormat as unknown as FormatModule,
  piFormat as unknown as FormatModule,
  yoiFormat as unknown as FormatModule,
];

export function formatModule(name: FormatName): FormatModule {
  const m = formats.find((f) => f.name === name);
  if (!m) throw new Error(`unknown format ${name}`);
  return m;
}

export const moduleOf = (session: SessionBase): FormatModule => formatModule(session.format);

/** The format a profile name belongs to (profile names are distinct across formats), or undefined. */
export const formatOfProfile = (profile: string): FormatModule | undefined => formats.find((f) => f.profiles.includes(profile));

/** Every profile name, per format, for messages: "scorel: p5|p4|…; pi: pi|omp17; yoi: seed|head". */
export const profileNames = (): string => formats.map((f) => `${f.name}: ${f.profiles.join("|")}`).join("; ");

/** A line sink that detects the format and parses with it (the streaming reader feeds it). */
export function createSessionParser(opts: SessionParseOptions): SessionSniffer {
  const byProfile = opts.profile !== undefined ? formatOfProfile(opts.profile) : undefined;
  return new SessionSniffer(formats, { ...opts, fallback: byProfile?.name });
}

/** Parses a whole session text (pure). Never throws for bad input: problems are diagnostics. */
export function parseSession(text: string, opts: Partial<SessionParseOptions> = {}): ParsedSession {
  return feedLines(createSessionParser({ file: "<text>", ...opts }), splitText(text));
}

export { isSession, type ParsedSession, type UnreadSession, type SessionParseOptions } from "./sniff.js";
export type * from "./types.js";
