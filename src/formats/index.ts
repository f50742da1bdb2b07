// The format registry with every format loaded, and the pure entry point parseSession(text) (docs/product.md §6).
// The package's `sightline/formats` subpath is src/entry-formats.ts. The registry itself (heads, lazy loading) is
// registry.ts; importing this file loads all five formats at once, as the library and the commands expect.
import { claudeCodeFormat } from "./claude-code/index.js";
import { codexFormat } from "./codex/index.js";
import { piFormat } from "./pi/index.js";
import { loadedFormats, provideFormats, type RegisteredFormat } from "./registry.js";
import { scorelFormat } from "./scorel/index.js";
import { yoiFormat } from "./yoi/index.js";

provideFormats([claudeCodeFormat, scorelFormat, piFormat, yoiFormat, codexFormat] as readonly RegisteredFormat[]);

/** The formats in sniff order. */
export const formats: readonly RegisteredFormat[] = loadedFormats();

/** The format a profile name belongs to (profile names are distinct across formats), or undefined. */
export const formatOfProfile = (profile: string): RegisteredFormat | undefined => formats.find((f) => f.profiles.includes(profile));

export {
  createSessionParser,
  formatModule,
  isSession,
  moduleOf,
  parseSession,
  type FormatModules,
  type FormatName,
  type ParsedSession,
  type RegisteredFormat,
  type Session,
  type SessionParseOptions,
  type UnreadSession,
} from "./registry.js";
export type * from "./types.js";
