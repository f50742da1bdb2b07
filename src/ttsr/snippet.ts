// `ttsr test`: a snippet streamed through the real matcher (like `omp ttsr test`), IO-free.
import { bucketRules, type Buckets } from "./buckets.js";
import { chunkText, formatChunking, type Chunking } from "./chunking.js";
import { TtsrManager } from "./manager.js";
import { mergeTtsrSettings } from "./settings.js";
import type { Rule, TtsrMatchContext, TtsrMatchSource, TtsrProfile, TtsrSettings } from "./types.js";

export interface SnippetOptions {
  profile: TtsrProfile;
  settings?: Partial<TtsrSettings>;
  source: TtsrMatchSource;
  toolName?: string;
  /** Candidate paths, already expanded (docs/ttsr.md §9.2). */
  filePaths?: string[];
  chunking: Chunking;
  /** Rules left out (e.g. by the regex time budget). */
  excluded?: readonly string[];
  /** v18: the agent the snippet comes from, for `agents` scoping (docs/ttsr.md §18.2). */
  agentName?: string;
}

export interface SnippetMatch {
  rule: string;
  path: string;
  /** 0-based index of the first delta after which the rule matched. */
  delta: number;
  /** Buffer length (UTF-16 units) at the end of that delta. */
  offset: number;
  interruptMode?: string;
}

export interface SnippetResult {
  profile: TtsrProfile;
  context: TtsrMatchContext;
  chunking: string;
  deltas: number;
  matches: SnippetMatch[];
  buckets: Buckets;
}

/** Registers the rules as a session would (bucketing), streams the snippet, reports each rule's first match. */
export function testSnippet(rules: readonly Rule[], text: string, o: SnippetOptions): SnippetResult {
  const settings = mergeTtsrSettings(o.settings);
  const manager = new TtsrManager(settings, { profile: o.profile });
  const excluded = new Set(o.excluded ?? []);
  const buckets = bucketRules(
    rules.filter((r) => !excluded.has(r.name)),
    manager,
    settings,
    o.agentName !== undefined ? { agentName: o.agentName } : {},
  );
  const context: TtsrMatchContext = { source: o.source };
  if (o.toolName !== undefined) context.toolName = o.toolName;
  if (o.filePaths && o.filePaths.length > 0) context.filePaths = o.filePaths;
  if (o.source === "tool") context.streamKey = "toolcall:ttsr-test";
  // An empty snippet still streams one empty delta: `.*` rules fire on it (docs/ttsr.md §14 #49).
  const deltas = text.length === 0 ? [""] : chunkText(text, o.chunking);
  const matches: SnippetMatch[] = [];
  const seen = new Set<string>();
  let offset = 0;
  deltas.forEach((d, i) => {
    offset += d.length;
    for (const r of manager.checkDelta(d, context)) {
      if (seen.has(r.name)) continue;
      seen.add(r.name);
      const m: SnippetMatch = { rule: r.name, path: r.path, delta: i, offset };
      if (r.interruptMode) m.interruptMode = r.interruptMode;
      matches.push(m);
    }
  });
  return { profile: o.profile, context, chunking: formatChunking(o.chunking), deltas: deltas.length, matches, buckets };
}
