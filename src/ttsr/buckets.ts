// Session-start bucketing (docs/ttsr.md §7, v17 `bucketRules`): disabled → builtin off → TTSR → always-apply →
// rulebook → discarded, in capability order.
import { analyzeRule, type NotRegisteredReason } from "./compile.js";
import type { TtsrManager } from "./manager.js";
import type { Rule, TtsrSettings } from "./types.js";

export type Bucket = "ttsr" | "always-apply" | "rulebook" | "discarded" | "disabled" | "builtin-off";

export interface BucketedRule {
  rule: Rule;
  bucket: Bucket;
  /** Why a rule with a condition did not become a TTSR rule. */
  notRegistered?: NotRegisteredReason;
}

export interface Buckets {
  ttsr: Rule[];
  alwaysApply: Rule[];
  rulebook: Rule[];
  discarded: Rule[];
  /** Dropped before registration: named in disabledRules, or builtin-defaults with builtinRules false. */
  dropped: Rule[];
  /** Every input rule in order with its bucket. */
  all: BucketedRule[];
}

const hasCondition = (r: Rule, manager: TtsrManager): boolean =>
  (r.condition?.length ?? 0) > 0 || ((manager.profile === "v17" || manager.profile === "v18") && (r.astCondition?.length ?? 0) > 0);

/** Registers the TTSR rules on `manager` and sorts every rule into its bucket. */
export function bucketRules(rules: readonly Rule[], manager: TtsrManager, settings: Pick<TtsrSettings, "builtinRules" | "disabledRules">): Buckets {
  // `disabledRules` may be anything in a hand-written settings file; only strings count, trimmed, non-empty.
  const list = Array.isArray(settings.disabledRules) ? settings.disabledRules : [];
  const disabled = new Set(
    list
      .filter((n): n is string => typeof n === "string")
      .map((n) => n.trim())
      .filter((n) => n.length > 0),
  );
  const out: Buckets = { ttsr: [], alwaysApply: [], rulebook: [], discarded: [], dropped: [], all: [] };
  for (const rule of rules) {
    const put = (bucket: Bucket, notRegistered?: NotRegisteredReason): void => {
      const entry: BucketedRule = { rule, bucket };
      if (notRegistered) entry.notRegistered = notRegistered;
      out.all.push(entry);
      if (bucket === "ttsr") out.ttsr.push(rule);
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
    let why: NotRegisteredReason | undefined;
    if (hasCondition(rule, manager)) {
      if (manager.addRule(rule)) {
        put("ttsr");
        continue;
      }
      why = whyNotRegistered(rule, manager);
    }
    if (rule.alwaysApply === true) put("always-apply", why);
    else if (rule.description) put("rulebook", why);
    else put("discarded", why);
  }
  return out;
}

/** The reason addRule refused a rule (checked in addRule's own order). */
export function whyNotRegistered(rule: Rule, manager: TtsrManager): NotRegisteredReason {
  if (manager.profile === "v17" && !manager.getSettings().enabled) return "disabled";
  if (manager.getRules().some((r) => r.name === rule.name && r !== rule)) return "duplicate-name";
  return analyzeRule(rule, manager.profile).reason ?? "duplicate-name";
}
