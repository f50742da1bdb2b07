// Runtime strings that must be byte-identical (docs/strings.md §2). They are data, reproduced verbatim.

// badlogic/pi-mono packages/coding-agent/src/core/messages.ts (docs/strings.md §2.1).
export const COMPACTION_SUMMARY_PREFIX = "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
export const COMPACTION_SUMMARY_SUFFIX = "\n</summary>";
export const BRANCH_SUMMARY_PREFIX = "The following is a summary of a branch that this conversation came back from:\n\n<summary>\n";
export const BRANCH_SUMMARY_SUFFIX = "</summary>";

// @oh-my-pi/pi-agent-core@17.2.15 src/compaction/prompts/compaction-summary-context.md (docs/strings.md §2.3).
export const OMP17_COMPACTION_SUMMARY_TEMPLATE =
  "Prior model work/tool state available.\nMUST build on prior work; NEVER duplicate prior work.\n\n<summary>\n{{summary}}\n</summary>\n";

// @oh-my-pi/pi-agent-core@17.2.15 src/compaction/prompts/branch-summary-context.md (docs/strings.md §2.3).
export const OMP17_BRANCH_SUMMARY_TEMPLATE = "Branch-return summary:\n\n<summary>\n{{summary}}\n</summary>\n";

// @oh-my-pi/pi-coding-agent@17.2.15 src/prompts/steering/user-interjection.md (docs/strings.md §2.3).
export const OMP17_USER_INTERJECTION_TEMPLATE =
  "<system-notice>\nUser interjection during work: priority; supersedes conflicting prior instructions. Re-read; ensure current work reflects user intent.\n</system-notice>\n{{message}}\n";

/** v17 custom message types with special handling (docs/strings.md §2.3, §2.5, §2.6). */
export const INTERRUPTED_THINKING_TYPE = "interrupted-thinking";
export const PREWALK_PLAN_TYPE = "prewalk-plan";
export const COLLAB_PROMPT_TYPE = "collab-prompt";
export const SKILL_PROMPT_TYPE = "skill-prompt";
export const TTSR_INJECTION_TYPE = "ttsr-injection";

/** How a TTSR per-tool reminder starts (docs/pi.md §7, docs/ttsr.md §9.8). */
export const TTSR_TOOL_REMINDER_PREFIX = '<system-reminder reason="rule_violation"';
