// The request body of one turn as far as the rollout records it (docs/codex.md §3), and the paths it does not
// record, each with why: the `request` and `notRecorded` fields of a contract Turn.
import { toArray } from "../../shared/plist.js";
import { baseInstructions, developerText } from "./instructions.js";
import type { NotRecordedPart } from "../types.js";
import type { CodexSession } from "./model.js";
import type { CodexTurn } from "./replay.js";
import { COMPACTION_PROMPT_0169 } from "./strings.js";

/** Fields the rollout keeps but the wire does not carry (stripped when the request is built). */
const ROLLOUT_ONLY = new Set(["internal_chat_message_metadata_passthrough"]);

/** An item as the wire carries it: the rollout's object without its rollout-only fields. */
export function wireItem(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!ROLLOUT_ONLY.has(k)) out[k] = v;
  return out;
}

/**
 * 0.169.0 talking to OpenAI's own provider sends the items' metadata too (session_meta.model_provider), but not as
 * the rollout keeps it (measured: without content_item_metadata, and some create_time values differ).
 */
const openaiWire = (session: CodexSession, turn: CodexTurn): boolean => turn.era === "codex-0.169" && session.meta?.model_provider === "openai";

/** What 0.169.0 tags its developer message with, on the openai provider's wire (measured). */
const DEVELOPER_METADATA = { content_item_kinds: ["model.base_instructions"] };

export const compactionPromptItem = (): Record<string, unknown> => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text: COMPACTION_PROMPT_0169 }],
});

const RUNTIME: ReadonlyArray<readonly [string, string]> = [
  ["$.tool_choice", "a runtime constant of the client; not recorded"],
  ["$.parallel_tool_calls", "depends on the model's capabilities at runtime; not recorded"],
  ["$.reasoning", "the effective reasoning settings are resolved at runtime (turn_context records the configured ones only)"],
  ["$.store", "a provider setting; not recorded"],
  ["$.stream", "a client constant; not recorded"],
  ["$.include", "derived from the reasoning settings at runtime; not recorded"],
  ["$.client_metadata", "installation id, window and turn metadata built per request; not recorded"],
];

export function turnRequest(session: CodexSession, turn: CodexTurn): { request: Record<string, unknown>; notRecorded: NotRecordedPart[] } {
  const notRecorded: NotRecordedPart[] = [];
  const input: unknown[] = [];
  let instructions: string | null = null;
  if (turn.era === "codex-0.100") {
    // 0.100.0 sends the base instructions whole as `instructions`, and no developer message of its own.
    instructions = baseInstructions(session);
    if (instructions === null) notRecorded.push({ path: "$.instructions", why: "session_meta records no base_instructions" });
  } else {
    const dev = developerText(session);
    if (dev) {
      input.push({
        type: "message",
        role: "developer",
        content: [{ type: "input_text", text: dev.text }],
        ...(openaiWire(session, turn) && { internal_chat_message_metadata_passthrough: DEVELOPER_METADATA }),
      });
      notRecorded.push({ path: "$.input[0].id", why: "a name-based id Codex derives at runtime; no line records it" });
      if (!dev.verified)
        notRecorded.push({
          path: "$.input[0].content[0].text",
          why: "the sections for update_plan are left out as 0.169.0 does in codex exec and the app server; for this session's source the rule is not verified",
        });
    } else notRecorded.push({ path: "$.input[0]", why: "session_meta records no base_instructions" });
  }
  const metadata = openaiWire(session, turn);
  for (const h of toArray(turn.history)) {
    if (metadata && h.item.internal_chat_message_metadata_passthrough !== undefined)
      notRecorded.push({
        path: `$.input[${input.length}].internal_chat_message_metadata_passthrough`,
        why: "OpenAI's provider gets the item's metadata in a form the rollout does not keep (without content_item_metadata, create times differ)",
      });
    input.push(wireItem(h.item));
  }
  if (turn.kind === "compaction") input.push(turn.remote ? { type: "compaction_trigger" } : compactionPromptItem());
  const request: Record<string, unknown> = {};
  if (turn.model !== null) request.model = turn.model;
  else notRecorded.push({ path: "$.model", why: "no turn_context before this request names the model" });
  if (instructions !== null) request.instructions = instructions;
  request.input = input;
  if (turn.kind === "compaction" && !turn.remote) request.tools = [];
  else notRecorded.push({ path: "$.tools", why: "tool definitions are built at runtime from the config and features; the rollout does not record them" });
  if (typeof session.meta?.id === "string") request.prompt_cache_key = session.meta.id;
  else notRecorded.push({ path: "$.prompt_cache_key", why: "not recorded" });
  for (const [path, why] of RUNTIME) if (path !== "$.client_metadata" || turn.era !== "codex-0.100") notRecorded.push({ path, why });
  return { request, notRecorded };
}
