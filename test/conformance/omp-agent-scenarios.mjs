// Scenarios for omp-agent.mjs: the rules in the project, the agent config, the prompts and the fake model's
// replies (one per request: `text` chunks, `calls` with argument parts, or an HTTP `status` error).
const rule = (front, body) => `---\n${front.trim()}\n---\n${body}\n`;
const tsIgnore = rule('condition: "@ts-(ignore|nocheck)"\nscope: text', "Do not silence the type checker with `@ts-ignore`.");
const ttsr = (settings) =>
  `ttsr:\n${Object.entries(settings)
    .map(([k, v]) => `  ${k}: ${v}`)
    .join("\n")}\n`;

export const AGENT_SCENARIOS = {
  "ttsr-text-interrupt": {
    notes: "interruptMode always: the first answer streams @ts-ignore, is aborted, the reminder is injected and the retry answers.",
    rules: { "no-ts-ignore.md": tsIgnore },
    settings: { interruptMode: "always", contextMode: "discard" },
    config: ttsr({ interruptMode: "always", contextMode: "discard" }),
    prompts: ["fix the types"],
    replies: [{ text: ["I will add ", "// @ts-", "ignore here", " and move on"] }, { text: ["Fixed the type ", "properly."] }],
  },
  "ttsr-deferred-follow-up": {
    notes:
      "A text rule with interruptMode never: the answer completes, then the reminder follows as a ttsr-injection custom message whose details carry a deliveryId, and the agent continues.",
    rules: { "no-ts-ignore.md": rule('condition: "@ts-(ignore|nocheck)"\nscope: text\ninterruptMode: never', "Do not silence the type checker.") },
    settings: { interruptMode: "always" },
    config: ttsr({ interruptMode: "always" }),
    prompts: ["fix the types"],
    replies: [{ text: ["Added ", "// @ts-ignore", " for now."] }, { text: ["Replaced it with a real fix."] }],
  },
  "ttsr-toolcall-end": {
    notes: "A tool:bash rule (interruptMode never) matches the bash call's arguments, checked when the call ends; the reminder rides on the tool result.",
    rules: { "no-sudo.md": rule('condition: "\\\\bsudo\\\\s"\nscope: "tool:bash"\ninterruptMode: never', "Never use sudo.") },
    settings: { interruptMode: "always" },
    config: ttsr({ interruptMode: "always" }),
    prompts: ["list the files"],
    replies: [{ text: ["Listing."], calls: [{ id: "call_1", name: "bash", args: ['{"command":"echo sudo', ' ls"}'] }] }, { text: ["Done without sudo."] }],
  },
  "ttsr-agents-and-disabled-rules": {
    notes:
      "Three rules match the same text: one scoped to agents: main (fires), one to agents: reviewer (not this agent) and one with enabled: false (not loaded).",
    rules: {
      "main-only.md": rule('condition: "FIXME"\nscope: text\nagents: main', "Resolve FIXMEs before answering."),
      "reviewer-only.md": rule('condition: "FIXME"\nscope: text\nagents: reviewer', "Reviewers flag FIXMEs."),
      "switched-off.md": rule('condition: "FIXME"\nscope: text\nenabled: false', "This rule is disabled."),
    },
    settings: { interruptMode: "always" },
    config: ttsr({ interruptMode: "always" }),
    prompts: ["write the function"],
    replies: [{ text: ["function f() { ", "// FIXME", " later }"] }, { text: ["function f() { return 1; }"] }],
  },
  "empty-error-turn": {
    notes: "The model request fails (HTTP 400): the agent records an assistant turn with stopReason error and no content.",
    rules: {},
    settings: {},
    config: "",
    prompts: ["hello"],
    replies: [{ status: 400, error: "scripted bad request" }],
  },
  "handoff-compaction": {
    notes:
      "compaction.methodOrder [handoff], thresholdTokens 50, keepRecentTokens 1, a 4000-token window: the first answer reports 3900 prompt tokens, so automatic maintenance asks the model for a handoff document and records a compaction with method handoff; the next prompt continues from it, and (still over 50 tokens) is handed off again.",
    rules: {},
    settings: {},
    contextWindow: 4000,
    config: "compaction:\n  methodOrder:\n    - handoff\n  thresholdTokens: 50\n  keepRecentTokens: 1\n",
    rpc: [
      { type: "prompt", message: "do the work" },
      { type: "prompt", message: "carry on" },
    ],
    replies: [
      { text: ["Did the work."], promptTokens: 3900 },
      { text: ["## Goal\nDo the work.\n## Progress\nDone.\n## Next Steps\nCarry on."] },
      { text: ["Carried on."] },
      { text: ["## Goal\nCarry on.\n## Progress\nCarried on."] },
    ],
  },
  "soft-compaction": {
    notes:
      "compaction.methodOrder [soft], keepRecentTokens 1 (RPC mode): after one exchange, compact asks the model for a summary and a short summary and records a compaction with method soft.",
    rules: {},
    settings: {},
    config: "compaction:\n  methodOrder:\n    - soft\n  keepRecentTokens: 1\n",
    rpc: [{ type: "prompt", message: "do the work" }, { type: "compact" }, { type: "prompt", message: "carry on" }],
    replies: [{ text: ["Did the work."] }, { text: ["## Goal\nDo the work.\n## Progress\nDone."] }, { text: ["Work done."] }, { text: ["Carried on."] }],
  },
  "remote-endpoint-compaction": {
    notes:
      "compaction.methodOrder [remote] with compaction.remoteEndpoint set to the fake server's /compact (RPC mode): compact posts the summarization prompt there (the split turn's prefix is summarized by the model) and records a compaction with method remote.",
    rules: {},
    settings: {},
    config: "compaction:\n  methodOrder:\n    - remote\n  remoteEndpoint: http://127.0.0.1:{PORT}/compact\n  keepRecentTokens: 1\n",
    rpc: [{ type: "prompt", message: "do the work" }, { type: "compact" }, { type: "prompt", message: "carry on" }],
    remoteSummary: "## Goal\nDo the work.\n## Progress\nDone (remote summary).",
    replies: [{ text: ["Did the work."] }, { text: ["The turn so far: did the work."] }, { text: ["Carried on."] }],
  },
};
