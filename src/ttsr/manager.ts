// TtsrManager: the stream matcher of oh-my-pi (docs/ttsr.md §8), seed-era (v14 code) and v17 profiles.
// Method names follow docs/product.md §6 exactly.
import { analyzeRule, type TtsrScope } from "./compile.js";
import { matchesGlob, type PathGlob } from "./glob.js";
import { IncrementalMatcher } from "./incremental-match.js";
import { reportRegexDone, reportRegexTest } from "./probe.js";
import { mergeTtsrSettings } from "./settings.js";
import type { Rule, TtsrMatchContext, TtsrProfile, TtsrSettings } from "./types.js";

interface Entry {
  rule: Rule;
  conditions: RegExp[];
  /** The conditions' ids in the incremental matcher, in condition order. */
  conditionIds: number[];
  /** #canTrigger's answer, valid while `gateStamp` equals the manager's repeat stamp. */
  gateStamp: number;
  gateOk: boolean;
  astConditions: string[];
  scope: TtsrScope;
  globalGlobs?: PathGlob[];
}

export interface TtsrManagerOptions {
  profile?: TtsrProfile;
}

export class TtsrManager {
  readonly profile: TtsrProfile;
  readonly #settings: TtsrSettings;
  readonly #rules = new Map<string, Entry>();
  /** The entries in registration order (a plain array: iterating the map allocates per entry). */
  readonly #entries: Entry[] = [];
  /** Per prose source, the entries whose scope and global gate pass a context without file paths. */
  #proseCandidates: { text: Entry[]; thinking: Entry[] } | undefined;
  /** rule name → lastInjectedAt, in first-insertion order (docs/ttsr.md §8.7). */
  readonly #records = new Map<string, number>();
  readonly #buffers = new Map<string, string>();
  /** Remembers per buffer what each condition found, so appends are not re-scanned from the start. */
  readonly #incremental = new IncrementalMatcher();
  /** Scratch lists of #match (reused: it runs after every delta). */
  readonly #candidates: (Entry | undefined)[] = [];
  readonly #candidateIds: number[] = [];
  readonly #globMemo = new Map<PathGlob, { paths: readonly string[] | undefined; hit: boolean }>();
  #messageCount = 0;
  #canMatchText = false;
  #canMatchThinking = false;

  constructor(settings?: Partial<TtsrSettings> | Record<string, unknown>, options: TtsrManagerOptions = {}) {
    this.profile = options.profile ?? "seed";
    this.#settings = mergeTtsrSettings(settings);
  }

  getSettings(): TtsrSettings {
    return this.#settings;
  }

  /** Changes whenever a record or the message count changes: #canTrigger answers stay valid until then. */
  #repeatStamp = 0;

  #canTriggerCached(e: Entry): boolean {
    if (e.gateStamp !== this.#repeatStamp) {
      e.gateStamp = this.#repeatStamp;
      e.gateOk = this.#canTrigger(e.rule.name);
    }
    return e.gateOk;
  }

  /** docs/ttsr.md §8.6 `#canTrigger`. `x >= undefined` is false, as in JavaScript upstream. */
  #canTrigger(name: string): boolean {
    const last = this.#records.get(name);
    if (last === undefined) return true;
    if (this.#settings.repeatMode === "once") return false;
    return this.#messageCount - last >= (this.#settings.repeatGap as number);
  }

  /** docs/ttsr.md §8.4. Seed ignores `enabled` (D1); v17 refuses every rule when it is false. */
  addRule(rule: Rule): boolean {
    if (this.profile !== "seed" && !this.#settings.enabled) return false;
    if (this.#rules.has(rule.name)) return false;
    const a = analyzeRule(rule, this.profile);
    if (a.reason) return false;
    const conditionIds = a.regexes.map((re) => this.#incremental.add(re));
    const entry: Entry = { rule, conditions: a.regexes, conditionIds, gateStamp: -1, gateOk: true, astConditions: a.astConditions, scope: a.built.scope };
    if (a.globalGlobs) entry.globalGlobs = a.globalGlobs;
    this.#rules.set(rule.name, entry);
    this.#entries.push(entry);
    this.#proseCandidates = undefined;
    if (a.built.scope.allowText) this.#canMatchText = true;
    if (a.built.scope.allowThinking) this.#canMatchThinking = true;
    return true;
  }

  hasRules(): boolean {
    if (this.profile !== "seed" && !this.#settings.enabled) return false;
    return this.#rules.size > 0;
  }

  /** Registered rules in registration order. */
  getRules(): Rule[] {
    return this.#entries.map((e) => e.rule);
  }

  /** docs/ttsr.md §8.3 `#bufferKey`: a non-blank streamKey verbatim, else the source, else `tool:<name>` / `tool`. */
  bufferKey(ctx: TtsrMatchContext): string {
    if (ctx.streamKey && ctx.streamKey.trim().length > 0) return ctx.streamKey;
    if (ctx.source !== "tool") return ctx.source;
    const name = ctx.toolName?.trim().toLowerCase();
    return name ? `tool:${name}` : "tool";
  }

  /** The current buffer for a context's key (undefined when nothing was buffered). */
  getBuffer(ctx: TtsrMatchContext): string | undefined {
    return this.#buffers.get(this.bufferKey(ctx));
  }

  /** D3: v17 does not buffer text/thinking that no registered rule can match. */
  #skipsSource(ctx: TtsrMatchContext): boolean {
    if (this.profile === "seed") return false;
    return (ctx.source === "text" && !this.#canMatchText) || (ctx.source === "thinking" && !this.#canMatchThinking);
  }

  /**
   * docs/ttsr.md §8.5: append the delta to its buffer and return the matching rules in registration order. `streamed`, when
   * the caller has it, is everything its stream (one message block) sent so far, this delta included, as one
   * string (a replay slices it from the recording). While the buffer holds nothing but that stream's earlier
   * deltas, `streamed` becomes the buffer as it is: the same text, but regexes need not first copy a growing
   * concatenation into one piece on every delta (quadratic over a long block).
   */
  checkDelta(delta: string, ctx: TtsrMatchContext, streamed?: string): Rule[] {
    if (this.#skipsSource(ctx)) return [];
    const key = this.bufferKey(ctx);
    const prev = this.#buffers.get(key) ?? "";
    const whole =
      streamed !== undefined &&
      streamed.length === prev.length + delta.length &&
      (prev.length === 0 || this.#streamedKeys.has(key)) &&
      streamed.endsWith(delta);
    const next = whole ? streamed : `${prev}${delta}`;
    if (whole) this.#streamedKeys.add(key);
    else this.#streamedKeys.delete(key);
    this.#buffers.set(key, next);
    return this.#match(next, key, ctx, true);
  }
  /** Buffers that are, at present, a caller's `streamed` text (see checkDelta). */
  readonly #streamedKeys = new Set<string>();

  /** v17 (D4): the tool's digest replaces the buffer, then the same walk runs. */
  checkSnapshot(snapshot: string, ctx: TtsrMatchContext): Rule[] {
    const key = this.bufferKey(ctx);
    const prev = this.#buffers.get(key);
    this.#buffers.set(key, snapshot);
    this.#streamedKeys.delete(key);
    // A digest that only grew (a streamed file's content) is an append: what was learnt about the buffer holds.
    if (prev === undefined || !snapshot.startsWith(prev)) this.#incremental.forget(key);
    return this.#match(snapshot, key, ctx, true);
  }

  /**
   * The rules that would match the context's current buffer if no rule had been injected yet. Touches no
   * buffer and no record (docs/product.md §3 "suppressed-repeat").
   */
  evaluateIgnoringRepeat(ctx: TtsrMatchContext, buffer?: string): Rule[] {
    if (this.#skipsSource(ctx)) return [];
    const key = this.bufferKey(ctx);
    const stored = this.#buffers.get(key);
    const text = buffer ?? stored;
    if (text === undefined) return [];
    // Only the stored buffer has incremental state; any other text is tested in full.
    return this.#match(text, text === stored ? key : undefined, ctx, false);
  }

  /** `key`: the buffer key whose stored content `buffer` is (incremental tests), or undefined (full tests). */
  #match(buffer: string, key: string | undefined, ctx: TtsrMatchContext, honourRepeat: boolean): Rule[] {
    const gate = honourRepeat && this.#records.size > 0; // no record: every rule can trigger (docs/ttsr.md §8.6)
    const candidates = this.#candidates;
    const ids = this.#candidateIds;
    let count = 0;
    let idCount = 0;
    // Text and thinking contexts without paths pass the same rules every time: their list is kept.
    const prose = ctx.source !== "tool" && ctx.filePaths === undefined ? this.#prose()[ctx.source] : undefined;
    for (const e of prose ?? this.#entries) {
      if (gate && !this.#canTriggerCached(e)) continue;
      if (prose === undefined && (!this.#matchesScope(e, ctx) || !this.#matchesGlobalPaths(e, ctx))) continue;
      candidates[count++] = e;
      for (const id of e.conditionIds) ids[idCount++] = id;
    }
    const out: Rule[] = [];
    const st = key === undefined ? undefined : this.#incremental.state(key);
    if (st !== undefined) this.#incremental.sweep(st, buffer, ids, idCount);
    for (let k = 0; k < count; k++) {
      const e = candidates[k] as Entry;
      candidates[k] = undefined; // no stale references to rules between calls
      // Conditions in order, stopping at the first hit, as upstream's `some`.
      let hit = false;
      if (st === undefined) {
        reportRegexTest(e.rule.name);
        for (const re of e.conditions) {
          re.lastIndex = 0;
          if (re.test(buffer)) {
            hit = true;
            break;
          }
        }
        reportRegexDone();
      } else {
        // The regex budget only needs to hear of rules whose regexes actually run.
        let reported = false;
        for (const id of e.conditionIds) {
          const known = this.#incremental.known(st, buffer.length, id);
          if (known === false) continue;
          if (known === undefined) {
            if (!reported) {
              reportRegexTest(e.rule.name);
              reported = true;
            }
            if (!this.#incremental.test(st, buffer, id)) continue;
          }
          hit = true;
          break;
        }
        if (reported) reportRegexDone();
      }
      if (hit) out.push(e.rule);
    }
    return out;
  }

  #prose(): { text: Entry[]; thinking: Entry[] } {
    if (!this.#proseCandidates) {
      const pass = (source: "text" | "thinking") => this.#entries.filter((e) => this.#matchesScope(e, { source }) && this.#matchesGlobalPaths(e, { source }));
      this.#proseCandidates = { text: pass("text"), thinking: pass("thinking") };
    }
    return this.#proseCandidates;
  }

  #matchesScope(e: Entry, ctx: TtsrMatchContext): boolean {
    if (ctx.source === "text") return e.scope.allowText;
    if (ctx.source === "thinking") return e.scope.allowThinking;
    if (e.scope.allowAnyTool) return true;
    const toolName = ctx.toolName?.trim().toLowerCase();
    for (const ts of e.scope.toolScopes)
      if ((!ts.toolName || ts.toolName === toolName) && (!ts.pathGlob || this.#globMatches(ts.pathGlob, ctx.filePaths))) return true;
    return false;
  }

  #matchesGlobalPaths(e: Entry, ctx: TtsrMatchContext): boolean {
    if (!e.globalGlobs) return true;
    return e.globalGlobs.some((g) => this.#globMatches(g, ctx.filePaths));
  }

  /** matchesGlob, remembered per glob for the last path list (streamed arguments repeat it delta after delta). */
  #globMatches(glob: PathGlob, filePaths: readonly string[] | undefined): boolean {
    const last = this.#globMemo.get(glob);
    if (last && sameList(last.paths, filePaths)) return last.hit;
    const hit = matchesGlob(glob, filePaths);
    this.#globMemo.set(glob, { paths: filePaths === undefined ? undefined : [...filePaths], hit });
    return hit;
  }

  /** Clears every buffer; records, count and rules stay (docs/ttsr.md §8.8). */
  resetBuffer(): void {
    this.#buffers.clear();
    this.#streamedKeys.clear();
    this.#incremental.clear();
  }

  incrementMessageCount(): void {
    this.#messageCount++;
    this.#repeatStamp++;
  }

  getMessageCount(): number {
    return this.#messageCount;
  }

  markInjected(rules: readonly Rule[]): void {
    this.markInjectedByNames(rules.map((r) => r.name));
  }

  /** docs/ttsr.md §8.7: trimmed, non-empty names get lastInjectedAt = messageCount; need not be registered. */
  markInjectedByNames(names: readonly string[]): void {
    for (const raw of names) {
      if (typeof raw !== "string") continue; // upstream callers filter to strings first
      const name = raw.trim();
      if (name.length === 0) continue;
      this.#records.set(name, this.#messageCount);
      this.#repeatStamp++;
    }
  }

  /** docs/ttsr.md §8.7: names verbatim (no trim), lastInjectedAt = 0, overwriting any record. */
  restoreInjected(names: readonly string[]): void {
    for (const name of names) this.#records.set(name, 0);
    this.#repeatStamp++;
  }

  /** Whether any injection record exists (the repeat policy can hold a rule back only then). */
  hasInjectionRecords(): boolean {
    return this.#records.size > 0;
  }

  getInjectedRuleNames(): string[] {
    return [...this.#records.keys()];
  }

  /** lastInjectedAt of a rule, for reports (undefined without a record). */
  getLastInjectedAt(name: string): number | undefined {
    return this.#records.get(name);
  }
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
