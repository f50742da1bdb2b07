// TtsrManager: the stream matcher of oh-my-pi (docs/ttsr.md §8), seed-era (v14 code), v17 and v18 profiles
// (v18: judged rules never stream-match, docs/ttsr.md §17.6). Method names follow docs/product.md §6 exactly.
import { astConditionsMatch, astLanguageOf } from "./ast-match.js";
import { analyzeRule, type TtsrScope } from "./compile.js";
import type { PathGlob } from "./glob.js";
import { IncrementalMatcher } from "./incremental-match.js";
import { reportRegexDone, reportRegexTest } from "./probe.js";
import { ScopeGate } from "./scope-gate.js";
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
  /** v18 judged rule: its question; its conditions only prefilter completed outputs (docs/ttsr.md §17.6). */
  question?: string;
}

/** The trimmed `question` of a v18 judged rule, or undefined (the rule side parses the key). */
export function ruleQuestion(rule: Rule): string | undefined {
  const q = (rule as { question?: unknown }).question;
  return typeof q === "string" && q.trim().length > 0 ? q.trim() : undefined;
}

/** A judged rule eligible for one completed output (docs/ttsr.md §17.6). */
export interface JudgedCandidate {
  rule: Rule;
  question: string;
  /** The rule's prefilter passed only through astCondition in a language sightline has no grammar for: eligibility is unknown. */
  astUnchecked?: true;
}

/** v18 `checkAstSnapshot`: the AST rules that matched, and those whose language sightline cannot parse (docs/ttsr.md §17.11). */
export interface AstCheck {
  rules: Rule[];
  unevaluated: Rule[];
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
  /** The scope and `globs` gates (docs/ttsr.md §8.4, §8.5). */
  readonly #gate = new ScopeGate();
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

  /** docs/ttsr.md §8.4. Seed ignores `enabled` (D1); v17 and v18 refuse every rule when it is false. */
  addRule(rule: Rule): boolean {
    if (this.profile !== "seed" && !this.#settings.enabled) return false;
    if (this.#rules.has(rule.name)) return false;
    const a = analyzeRule(rule, this.profile);
    // v18: a question alone makes a rule (judged, docs/ttsr.md §17.6); its scope must still admit a stream.
    const question = this.profile === "v18" ? ruleQuestion(rule) : undefined;
    if (a.reason && !(a.reason === "no-valid-condition" && question !== undefined)) return false;
    const conditionIds = question === undefined ? a.regexes.map((re) => this.#incremental.add(re)) : [];
    const entry: Entry = { rule, conditions: a.regexes, conditionIds, gateStamp: -1, gateOk: true, astConditions: a.astConditions, scope: a.built.scope };
    if (a.globalGlobs) entry.globalGlobs = a.globalGlobs;
    if (question !== undefined) entry.question = question;
    this.#rules.set(rule.name, entry);
    this.#entries.push(entry);
    this.#proseCandidates = undefined;
    if (question === undefined && a.built.scope.allowText) this.#canMatchText = true;
    if (question === undefined && a.built.scope.allowThinking) this.#canMatchThinking = true;
    return true;
  }

  hasRules(): boolean {
    if (this.profile !== "seed" && !this.#settings.enabled) return false;
    return this.#rules.size > 0;
  }

  /** v18: whether any judged rule is registered (docs/ttsr.md §17.6). */
  hasJudgedRules(): boolean {
    return this.#settings.enabled && this.#entries.some((e) => e.question !== undefined);
  }

  /** v18: whether any stream rule has astCondition, which upstream evaluates only at toolcall_end (docs/ttsr.md §17.3). */
  hasAstRules(): boolean {
    return this.profile === "v18" && this.#settings.enabled && this.#entries.some((e) => e.astConditions.length > 0 && e.question === undefined);
  }

  /**
   * v18 `judgedCandidates`: the judged rules to ask about one completed output: scope, `globs` gate, repeat gate, and
   * a prefilter when the rule also has conditions (docs/ttsr.md §17.6). Touches no buffer.
   */
  judgedCandidates(content: string, ctx: TtsrMatchContext): JudgedCandidate[] {
    if (!this.hasJudgedRules()) return [];
    const out: JudgedCandidate[] = [];
    for (const e of this.#entries) {
      if (e.question === undefined || !this.#canTrigger(e.rule.name) || !this.#gate.passes(e, ctx)) continue;
      if (e.conditions.length === 0 && e.astConditions.length === 0) out.push({ rule: e.rule, question: e.question });
      else if (testsAny(e.conditions, content)) out.push({ rule: e.rule, question: e.question });
      else if (e.astConditions.length > 0 && ctx.source === "tool") {
        const language = astLanguageOf(ctx.filePaths);
        const answer = language === undefined ? false : astConditionsMatch(e.astConditions, content, language);
        if (answer === true) out.push({ rule: e.rule, question: e.question });
        else if (answer === "unevaluated") out.push({ rule: e.rule, question: e.question, astUnchecked: true });
      }
    }
    return out;
  }

  /**
   * v18 `checkAstSnapshot` (docs/ttsr.md §17.10, §17.11): the stream rules with AST conditions that match a tool call's final
   * snapshot, in the language of its first path with an extension. A snapshot equal to the last one checked on the
   * same buffer key is not checked again (until the buffers reset). Touches no text buffer.
   */
  checkAstSnapshot(snapshot: string, ctx: TtsrMatchContext): AstCheck {
    const out: AstCheck = { rules: [], unevaluated: [] };
    if (!this.#settings.enabled || ctx.source !== "tool") return out;
    const language = astLanguageOf(ctx.filePaths);
    if (language === undefined) return out;
    const candidates = this.#entries.filter(
      (e) => e.astConditions.length > 0 && e.question === undefined && this.#canTrigger(e.rule.name) && this.#gate.passes(e, ctx),
    );
    if (candidates.length === 0) return out;
    const key = this.bufferKey(ctx);
    if (this.#lastAstSnapshots.get(key) === snapshot) return out;
    this.#lastAstSnapshots.set(key, snapshot);
    for (const e of candidates) {
      const answer = astConditionsMatch(e.astConditions, snapshot, language);
      if (answer === true) out.rules.push(e.rule);
      else if (answer === "unevaluated") out.unevaluated.push(e.rule);
    }
    return out;
  }
  /** Per buffer key, the last snapshot `checkAstSnapshot` looked at. */
  readonly #lastAstSnapshots = new Map<string, string>();

  /** v18 `claim`: the verdict rules that may still fire, marked at once so no other verdict delivers them twice. */
  claim(rules: readonly Rule[]): Rule[] {
    const claimed = rules.filter((r) => this.#canTrigger(r.name));
    this.markInjected(claimed);
    return claimed;
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

  /** D3: v17 and v18 do not buffer text/thinking that no registered rule can match. */
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
      if (e.question !== undefined) continue; // judged rules never match a stream (docs/ttsr.md §17.6)
      if (gate && !this.#canTriggerCached(e)) continue;
      if (prose === undefined && !this.#gate.passes(e, ctx)) continue;
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
      const pass = (source: "text" | "thinking") => this.#entries.filter((e) => e.question === undefined && this.#gate.passes(e, { source }));
      this.#proseCandidates = { text: pass("text"), thinking: pass("thinking") };
    }
    return this.#proseCandidates;
  }

  /** Clears every buffer; records, count and rules stay (docs/ttsr.md §8.8). */
  resetBuffer(): void {
    this.#buffers.clear();
    this.#lastAstSnapshots.clear();
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

function testsAny(conditions: readonly RegExp[], text: string): boolean {
  for (const re of conditions) {
    re.lastIndex = 0;
    if (re.test(text)) return true;
  }
  return false;
}
