// Session-start bucketing (docs/ttsr.md §7, v17 `bucketRules`; v18 order in docs/ttsr.md §18.1): disabled → builtin off →
// (v18) agents → TTSR → always-apply → rulebook → discarded, in capability order.
import { ruleAppliesToAgent } from "./agents.js";
import { analyzeRule, type NotRegisteredReason } from "./compile.js";
import type { TtsrManager } from "./manager.js";
import { sinceV17, sinceV18 } from "./profiles.js";
import type { Rule, TtsrSettings } from "./types.js";

export type Bucket = "ttsr" | "judged" | "always-apply" | "rulebook" | "discarded" | "disabled" | "builtin-off" | "agent-excluded";

export interface BucketedRule {
  rule: Rule;
  bucket: Bucket;
  /** Why a rule with a condition did not become a TTSR rule. */
  notRegistered?: NotRegisteredReason;
}

export interface Buckets {
  ttsr: Rule[];
  /** v18 judged rules (`question`): registered, but answered after the message, never matched mid-stream. */
  judged: Rule[];
  alwaysApply: Rule[];
  rulebook: Rule[];
  discarded: Rule[];
  /** Dropped before registration: disabledRules, builtin-defaults with builtinRules false, (v18) another agent's rule. */
  dropped: Rule[];
  /** Every input rule in order with its bucket. */
  all: BucketedRule[];
}

export interface BucketOptions {
  /** v18: the agent the session ran as (docs/ttsr.md §18.2); undefined = no agent scoping. */
  agentName?: string;
}

const hasCondition = (r: Rule, manager: TtsrManager): boolean =>
  (r.condition?.length ?? 0) > 0 || (sinceV17(manager.profile) && (r.astCondition?.length ?? 0) > 0) || (sinceV18(manager.profile) && r.question !== undefined);

/**
 * Registers the TTSR rules on `manager` and sorts every rule into its bucket. v18 judged rules are registered as
 * upstream does (the manager asks them after a message, never mid-stream) and listed in their own bucket
 * (docs/ttsr.md §18.5).
 */
export function bucketRules(
  rules: readonly Rule[],
  manager: TtsrManager,
  settings: Pick<TtsrSettings, "builtinRules" | "disabledRules">,
  options: BucketOptions = {},
): Buckets {
  // `disabledRules` may be anything in a hand-written settings file; only strings count, trimmed, non-empty.
  const list = Array.isArray(settings.disabledRules) ? settings.disabledRules : [];
  const disabled = new Set(
    list
      .filter((n): n is string => typeof n === "string")
      .map((n) => n.trim())
      .filter((n) => n.length > 0),
  );
  const v18 = sinceV18(manager.profile);
  const out: Buckets = { ttsr: [], judged: [], alwaysApply: [], rulebook: [], discarded: [], dropped: [], all: [] };
  for (const rule of rules) {
    const put = (bucket: Bucket, notRegistered?: NotRegisteredReason): void => {
      const entry: BucketedRule = { rule, bucket };
      if (notRegistered) entry.notRegistered = notRegistered;
      out.all.push(entry);
      if (bucket === "ttsr") out.ttsr.push(rule);
      else if (bucket === "judged") out.judged.push(rule);
      else if (bucket === "always-apply") out.alwaysApply.push(rule);
      else if (bucket === "rulebook") out.rulebook.push(rule);
      else if (bucket === "discarded") out.discarded.push(rule);
      else out.dropped.push(rule);
    };
    if (disabled.has(rule.name)) {
      put("disabled");
      continue;
    }
    if (settings.builtinRules === false && rule._source?.provider === "builtin-defaults") {
      put("builtin-off");
      continue;
    }
    if (v18 && !ruleAppliesToAgent(rule, options.agentName)) {
      put("agent-excluded");
      continue;
    }
    let why: NotRegisteredReason | undefined;
    if (hasCondition(rule, manager)) {
      // v18 judged rules register too (the manager never stream-matches them, docs/ttsr.md §17.6); they get their own bucket.
      const judged = v18 && rule.question !== undefined;
      if (manager.addRule(rule)) {
        put(judged ? "judged" : "ttsr");
        continue;
      }
      why = judged ? (judgedRefusal(rule, manager) ?? "duplicate-name") : whyNotRegistered(rule, manager);
    }
    if (rule.alwaysApply === true) put("always-apply", why);
    else if (rule.description) put("rulebook", why);
    else put("discarded", why);
  }
  return out;
}

/** addRule's refusals for a judged rule, in its order: TTSR disabled, a registered name, no trigger, no stream. */
function judgedRefusal(rule: Rule, manager: TtsrManager): NotRegisteredReason | undefined {
  if (!manager.getSettings().enabled) return "disabled";
  if (manager.getRules().some((r) => r.name === rule.name && r !== rule)) return "duplicate-name";
  return analyzeRule(rule, manager.profile).reason;
}

/** The reason addRule refused a rule (checked in addRule's own order). */
export function whyNotRegistered(rule: Rule, manager: TtsrManager): NotRegisteredReason {
  if (sinceV17(manager.profile) && !manager.getSettings().enabled) return "disabled";
  if (manager.getRules().some((r) => r.name === rule.name && r !== rule)) return "duplicate-name";
  return analyzeRule(rule, manager.profile).reason ?? "duplicate-name";
}
