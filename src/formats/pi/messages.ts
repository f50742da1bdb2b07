// Runtime AgentMessages that buildSessionContext creates from non-message entries (docs/pi.md §6.1,
// docs/strings.md §2.6–2.7): custom, branchSummary and compactionSummary. Undefined fields are left out, as
// JSON output of the real objects would.
import { isObject } from "../../shared/json.js";
import type { PiEntry, PiProfile } from "./model.js";

/** An AgentMessage as the context builders return it (the parsed message object or a runtime one). */
export type AgentMessage = Record<string, unknown> & { role: string };

/** `new Date(iso).getTime()`, as the message factories do (NaN for a bad timestamp, like upstream). */
export const toMillis = (ts: unknown): number => new Date(ts as string).getTime();

function compact(o: Record<string, unknown>): AgentMessage {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o as AgentMessage;
}

const isCustomContent = (c: unknown): boolean => typeof c === "string" || Array.isArray(c);

/** custom_message entry → runtime custom message; undefined when v17 would not emit it. */
export function customFromEntry(e: PiEntry, profile: PiProfile): AgentMessage | undefined {
  const r = e.raw;
  if (profile === "pi") {
    // pi createCustomMessage: customType, content, display, details, timestamp (oh-my-pi's attribution is dropped;
    // checked against pi 0.74 with `npm run conformance -- --upstream pi@0.74.0 --profile pi`).
    return compact({ role: "custom", customType: r.customType, content: r.content, display: r.display, details: r.details, timestamp: toMillis(r.timestamp) });
  }
  if (!isCustomContent(r.content)) return undefined;
  // v17 normalizeCustomMessagePayload: defaults for type and display; attribution only "user" or "agent".
  return compact({
    role: "custom",
    customType: typeof r.customType === "string" && r.customType.length > 0 ? r.customType : "custom-message",
    content: r.content,
    display: typeof r.display === "boolean" ? r.display : false,
    details: r.details,
    attribution: r.attribution === undefined ? undefined : r.attribution === "user" ? "user" : "agent",
    timestamp: toMillis(r.timestamp),
  });
}

export const branchSummaryFromEntry = (e: PiEntry): AgentMessage =>
  compact({ role: "branchSummary", summary: e.raw.summary, fromId: e.raw.fromId, timestamp: toMillis(e.raw.timestamp) });

/** The providerPayload of an OpenAI remote compaction (docs/strings.md §2.7), or undefined. */
export function remoteCompactionPayload(c: PiEntry): Record<string, unknown> | undefined {
  const pd = c.raw.preserveData;
  const remote = isObject(pd) ? pd.openaiRemoteCompaction : undefined;
  if (!isObject(remote)) return undefined;
  if (typeof remote.provider !== "string" || remote.provider.length === 0 || !Array.isArray(remote.replacementHistory)) return undefined;
  return { type: "openaiResponsesHistory", provider: remote.provider, items: remote.replacementHistory };
}

export function compactionSummaryFromEntry(c: PiEntry, profile: PiProfile): AgentMessage {
  const r = c.raw;
  if (profile === "pi") {
    return compact({
      role: "compactionSummary",
      summary: r.summary,
      tokensBefore: r.tokensBefore,
      providerPayload: remoteCompactionPayload(c),
      timestamp: toMillis(r.timestamp),
    });
  }
  return compact({
    role: "compactionSummary",
    summary: r.summary,
    shortSummary: r.shortSummary,
    tokensBefore: r.tokensBefore,
    providerPayload: remoteCompactionPayload(c),
    warning: r.warning,
    timestamp: toMillis(r.timestamp),
  });
}
