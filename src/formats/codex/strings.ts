// Runtime strings of the Codex CLI that must be byte-identical to what it sent (docs/strings.md, docs/codex.md §3).
// They are data, reproduced verbatim.

// @openai/codex@0.169.0, the compaction prompt (codex-rs core/templates/compact/prompt.md), taken from the request
// body the 0.169.0 binary sent (fixtures/codex/0.169.0/compact/requests.json, request 1, last input item).
export const COMPACTION_PROMPT_0169 =
  "You are performing a CONTEXT CHECKPOINT COMPACTION. Create a handoff summary for another LLM that will resume the task.\n\nInclude:\n- Current progress and key decisions made\n- Important context, constraints, or user preferences\n- What remains to be done (clear next steps)\n- Any critical data, examples, or references needed to continue\n\nBe concise, structured, and focused on helping the next LLM seamlessly continue the work.\n";

// @openai/codex@0.169.0, the prefix of a compaction summary message (codex-rs core/templates/compact/summary_prefix.md),
// as the 0.169.0 binary wrote it in `compacted.message` (fixtures/codex/0.169.0/compact), before the "\n" and the summary.
export const SUMMARY_PREFIX =
  "Another language model started to solve this problem and produced a summary of its thinking process. You also have access to the state of the tools that were used by that language model. Use this to build on the work that has already been done and avoid duplicating work. Here is the summary produced by the other language model, use the information in this summary to assist with your own analysis:";

// codex-rs core/src/compact.rs build_compacted_history: the summary text used when the model returned none.
export const NO_SUMMARY = "(no summary available)";

/**
 * Markdown headings of base_instructions that 0.169.0 leaves out of the developer message it sends (the update_plan
 * tool is not offered, in `codex exec` nor in the app server): measured by comparing
 * session_meta.base_instructions.text with input[0] of every captured request (docs/codex.md §3.1).
 */
export const EXEC_REMOVED_SECTIONS_0169: readonly string[] = ["## Planning", "## `update_plan`"];
