// Scripted Codex CLI sessions: what the fake model answers, request by request, and which `codex` commands run.
// A compaction request (its last input item is the compaction prompt) is answered with a summary and does not
// consume the script; every other request takes the next scripted reply. Usage figures drive automatic
// compaction: a reply reporting more input tokens than the config's limit makes Codex compact before it asks again.

const call = (id, cmd, extra = {}) => ({ type: "function_call", name: "exec_command", call_id: id, arguments: JSON.stringify({ cmd, ...extra }) });
const say = (text) => ({ type: "message", text });
const think = (...summary) => ({ type: "reasoning", summary });
const usage = (input, output = 20) => ({ input, output });
// An app-server turn on the thread the first step started.
const turn = (text) => ({
  method: "turn/start",
  params: (_ctx, results) => ({ threadId: results[0].thread.id, input: [{ type: "text", text }] }),
  waitFor: "turn/completed",
});

/** True when a request body is a compaction request (the prompt is appended as the last user message). */
export function isCompactionRequest(body) {
  const last = body.input?.[body.input.length - 1];
  const text = last?.type === "message" && last.role === "user" ? (last.content?.[0]?.text ?? "") : "";
  return /CONTEXT CHECKPOINT COMPACTION/.test(text);
}

/** True when a request body is a remote compaction request (the openai provider: a `compaction_trigger` item last). */
export function isRemoteCompactionRequest(body) {
  return body.input?.[body.input.length - 1]?.type === "compaction_trigger";
}

/** The compaction limit every scenario's config sets (model_auto_compact_token_limit). */
export const COMPACT_LIMIT = 100000;

export const scenarios = {
  // Several tool calls (two in one response), reasoning items, a long output Codex truncates, a final answer.
  tools: {
    runs: [
      {
        args: ["exec", "--skip-git-repo-check", "List the numbers and count the files."],
        replies: [
          { items: [think("Plan: run two commands."), call("call_a1", "echo alpha"), call("call_a2", "printf 'beta\\ngamma\\n'")], usage: usage(3000) },
          { items: [think("Now a long listing.", "It will be truncated."), call("call_a3", "seq 1 40000")], usage: usage(3500) },
          { items: [say("Counted: the listing was long.")], usage: usage(9000) },
        ],
      },
    ],
  },
  // A session continued with `exec resume --last`: the second process rebuilds the history from the rollout.
  resume: {
    runs: [
      {
        args: ["exec", "--skip-git-repo-check", "Create a note."],
        replies: [
          { items: [call("call_r1", "echo first > note.txt && cat note.txt")], usage: usage(3000) },
          { items: [say("Wrote note.txt.")], usage: usage(3200) },
        ],
      },
      {
        args: ["exec", "--skip-git-repo-check", "resume", "--last", "Append a second line."],
        replies: [
          { items: [think("Append, then show."), call("call_r2", "echo second >> note.txt && cat note.txt")], usage: usage(3600) },
          { items: [say("note.txt has two lines.")], usage: usage(3800) },
        ],
      },
    ],
  },
  // Two automatic compactions in one session: replies reporting more than COMPACT_LIMIT input tokens.
  compact: {
    runs: [
      {
        args: ["exec", "--skip-git-repo-check", "Work through three steps."],
        replies: [
          { items: [think("Step one."), call("call_c1", "echo step one")], usage: usage(150000) },
          { items: [call("call_c2", "echo step two")], usage: usage(4000) },
          { items: [call("call_c3", "echo step three")], usage: usage(160000) },
          { items: [say("All three steps are done.")], usage: usage(5000) },
        ],
      },
      {
        args: ["exec", "--skip-git-repo-check", "resume", "--last", "One more step after the compactions."],
        replies: [
          { items: [call("call_c4", "echo step four")], usage: usage(6000) },
          { items: [say("Step four done.")], usage: usage(6200) },
        ],
      },
    ],
  },
  // A fork: a second session that starts from the first one's history (`exec fork <id>`), then the first goes on.
  fork: {
    // `exec fork` is not in 0.100.0.
    since: "0.169.0",
    runs: [
      {
        args: ["exec", "--skip-git-repo-check", "Start the parent."],
        replies: [
          { items: [call("call_f1", "echo parent")], usage: usage(3000) },
          { items: [say("Parent done.")], usage: usage(3100) },
        ],
      },
      {
        args: (ctx) => ["exec", "--skip-git-repo-check", "fork", ctx.sessionIds[0], "Continue in the fork."],
        replies: [
          { items: [think("Forked."), call("call_f2", "echo child")], usage: usage(3300) },
          { items: [say("Fork done.")], usage: usage(3400) },
        ],
      },
      // The parent goes on after the fork: `diff parent fork` pairs its later turns with the fork's.
      {
        args: (ctx) => ["exec", "--skip-git-repo-check", "resume", ctx.sessionIds[0], "Continue the parent."],
        replies: [
          { items: [call("call_f3", "echo parent again")], usage: usage(3500) },
          { items: [say("Parent continued.")], usage: usage(3600) },
        ],
      },
    ],
  },
  // Manual compaction (only the app server offers it): a session from `exec`, resumed in `codex app-server`,
  // compacted with thread/compact/start, then one more turn.
  manual: {
    runs: [
      {
        args: ["exec", "--skip-git-repo-check", "Begin a task."],
        replies: [
          { items: [call("call_m1", "echo begin")], usage: usage(3000) },
          { items: [say("Begun.")], usage: usage(3100) },
        ],
      },
      {
        appServer: [
          { method: "thread/resume", params: (ctx) => ({ threadId: ctx.sessionIds[0] }) },
          { method: "thread/compact/start", params: (ctx) => ({ threadId: ctx.sessionIds[0] }), waitFor: "turn/completed" },
          {
            method: "turn/start",
            params: (ctx) => ({ threadId: ctx.sessionIds[0], input: [{ type: "text", text: "Go on after the manual compaction." }] }),
            waitFor: "turn/completed",
          },
        ],
        replies: [
          { items: [call("call_m2", "echo after")], usage: usage(3300) },
          { items: [say("Done after compacting.")], usage: usage(3400) },
        ],
      },
    ],
  },
  // A session an older release wrote, with a compaction, resumed by this one (users upgrade mid-session).
  "resume-older": {
    since: "0.169.0",
    runs: [
      {
        release: "0.100.0",
        args: ["exec", "--skip-git-repo-check", "Start with the older release."],
        replies: [
          { items: [call("call_o1", "echo old")], usage: usage(150000) },
          { items: [say("Old release done.")], usage: usage(3000) },
        ],
      },
      {
        args: ["exec", "--skip-git-repo-check", "resume", "--last", "Continue with the newer release."],
        replies: [
          { items: [call("call_o2", "echo new")], usage: usage(3300) },
          { items: [say("New release done.")], usage: usage(3400) },
        ],
      },
    ],
  },
  // Remote compaction: the built-in openai provider pointed at the scripted server compacts by a request ending in a
  // compaction_trigger item and keeps the opaque compaction item it gets back (docs/codex.md §4).
  remote: {
    since: "0.169.0",
    provider: "openai",
    runs: [
      {
        args: ["exec", "--skip-git-repo-check", "Compact remotely."],
        replies: [
          { items: [call("call_x1", "echo remote")], usage: usage(150000) },
          { items: [say("Remote compaction done.")], usage: usage(3000) },
        ],
      },
      {
        args: ["exec", "--skip-git-repo-check", "resume", "--last", "After the remote compaction."],
        replies: [{ items: [say("Resumed after it.")], usage: usage(3200) }],
      },
    ],
  },
  // A thread started in the app server (source vscode, not exec): which sections its developer message keeps.
  appserver: {
    runs: [
      {
        appServer: [
          { method: "thread/start", params: {} },
          {
            method: "turn/start",
            params: (_ctx, results) => ({ threadId: results[0].thread.id, input: [{ type: "text", text: "Hello from the app server." }] }),
            waitFor: "turn/completed",
          },
        ],
        replies: [
          { items: [call("call_s1", "echo app")], usage: usage(3000) },
          { items: [say("Hello.")], usage: usage(3100) },
        ],
      },
    ],
  },
  // A rollback in an older release's app server (thread/rollback drops the last user turn: a thread_rolled_back
  // line), one more turn there, then the scenario's release resumes the file (0.169.0 has no thread/rollback).
  rollback: {
    runs: [
      {
        release: "0.100.0",
        args: ["exec", "--skip-git-repo-check", "First request."],
        replies: [
          { items: [call("call_b1", "echo first")], usage: usage(3000) },
          { items: [say("First done.")], usage: usage(3100) },
        ],
      },
      {
        release: "0.100.0",
        args: ["exec", "--skip-git-repo-check", "resume", "--last", "Second request, rolled back later."],
        replies: [{ items: [say("Second done.")], usage: usage(3200) }],
      },
      {
        release: "0.100.0",
        appServer: [
          { method: "thread/resume", params: (ctx) => ({ threadId: ctx.sessionIds[0] }) },
          { method: "thread/rollback", params: (ctx) => ({ threadId: ctx.sessionIds[0], numTurns: 1 }) },
          {
            method: "turn/start",
            params: (ctx) => ({ threadId: ctx.sessionIds[0], input: [{ type: "text", text: "Third request, after the rollback." }] }),
            waitFor: "turn/completed",
          },
        ],
        replies: [{ items: [say("Third done.")], usage: usage(3300) }],
      },
      {
        args: ["exec", "--skip-git-repo-check", "resume", "--last", "Fourth request, resumed."],
        replies: [{ items: [say("Fourth done.")], usage: usage(3400) }],
      },
    ],
  },
  // 0.169.0's rollback: thread/revert (experimental) ends the thread's file and starts a segment file whose
  // history_base names the previous one; two reverts make a chain of three files.
  revert: {
    since: "0.169.0",
    runs: [
      {
        capabilities: { experimentalApi: true },
        appServer: [
          { method: "thread/start", params: { historyMode: "paginated" } },
          turn("First turn."),
          turn("Second turn, reverted."),
          { method: "thread/revert", params: (_ctx, r) => ({ threadId: r[0].thread.id, beforeTurnId: r[2].turn.id }) },
          turn("Third turn."),
          turn("Fourth turn, reverted."),
          { method: "thread/revert", params: (_ctx, r) => ({ threadId: r[0].thread.id, beforeTurnId: r[5].turn.id }) },
          turn("Fifth turn."),
        ],
        replies: [
          { items: [call("call_v1", "echo one")], usage: usage(3000) },
          { items: [say("One.")], usage: usage(3100) },
          { items: [say("Two.")], usage: usage(3200) },
          { items: [say("Three.")], usage: usage(3300) },
          { items: [say("Four.")], usage: usage(3400) },
          { items: [say("Five.")], usage: usage(3500) },
        ],
      },
    ],
  },
};

/** The summary a compaction request gets, numbered so each compaction's replacement is distinct. */
/** Whether a scenario runs on a release (`since`: the first release checked to have what it needs). */
export function runsOn(scenario, version) {
  if (!scenario.since) return true;
  const v = (s) => s.split(".").map(Number);
  const [a, b] = [v(version), v(scenario.since)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

/** A remote compaction's reply: one opaque compaction item, numbered so each is distinct. */
export const remoteCompactionReply = (k) => ({
  items: [{ type: "compaction", encrypted_content: `gAAAA-scripted-opaque-compaction-${k}` }],
  usage: usage(2000, 40),
});

export const summaryReply = (k) => ({ items: [say(`Summary ${k}: the steps so far ran echo commands; continue with the next step.`)], usage: usage(2000, 40) });
