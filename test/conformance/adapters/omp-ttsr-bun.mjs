// Runs under Bun inside the conformance cache (ttsr-omp.mjs starts it; not part of the build or of `npm test`):
// drives oh-my-pi's own TtsrManager and TtsrCoordinator over the cases of a JSON file and prints, per case, the
// decisions the coordinator took, as one JSON array on stdout.
//
//   bun --no-install omp-ttsr-bun.mjs <package src dir> <cases.json>
//
// The host the coordinator borrows (agent, session manager, scheduling) is a recorder: every call that carries
// a decision becomes a log record. The event driver follows the rules ttsr-omp.mjs documents, so both sides see
// the same stream: after an interrupt the rest of that message is not streamed and it ends "aborted"; scheduled
// tasks (the interrupt task, a queued follow-up's delivery) run before the next turn_start/message_start and at
// the end of the case.

import { readFileSync } from "node:fs";

const [srcDir, casesPath] = process.argv.slice(2);
const { TtsrManager } = await import(`${srcDir}/export/ttsr.ts`);
const { TtsrCoordinator } = await import(`${srcDir}/session/ttsr-coordinator.ts`);
// The natives package as the upstream sources resolve it (this file lives outside the install).
const { editInspect } = await import(Bun.resolveSync("@oh-my-pi/pi-natives", srcDir));

const HOME = process.env.HOME ?? "";
const withHome = (p) => p.replaceAll("~HOME~", HOME);

/**
 * The edit tool's matcher hooks for one edit mode: the three methods of upstream's EditTool (src/edit/index.ts),
 * which only ask the native `editInspect`. EditTool itself does not load with the 18.2 siblings of 18.3.4.
 */
function editTool(mode) {
  const inspect = (args) => {
    try {
      return editInspect(mode, JSON.stringify(args ?? {}));
    } catch {
      return { paths: [], entries: [], fileOps: [] };
    }
  };
  return {
    name: "edit",
    matcherDigest: (args) =>
      inspect(args)
        .entries.map((e) => e.digest)
        .filter(Boolean)
        .join("\n") || undefined,
    matcherPaths: (args) => {
      const i = inspect(args);
      const paths = i.entries.length > 0 ? i.entries.map((e) => e.path) : i.paths;
      return paths.length > 0 ? paths : undefined;
    },
    matcherEntries: (args) => {
      const entries = inspect(args).entries;
      return entries.length > 0 ? entries : undefined;
    },
  };
}

/** upstream's WriteTool.matcherDigest (src/tools/write.ts): the file content as it is. */
const writeTool = { name: "write", matcherDigest: (args) => (typeof args?.content === "string" ? args.content : undefined) };

const reasonOf = (r) =>
  typeof r === "string" || r === undefined
    ? r
    : { kind: r.kind, message: r.message, toolCallMessages: r.toolCallMessages, defaultToolCallMessage: r.defaultToolCallMessage };

async function runCase(c) {
  const log = [];
  let ev = 0;
  const rec = (k, o = {}) => log.push({ ev, k, ...o });
  const tasks = [];
  let clock = 1000;
  const agent = {
    state: { messages: [], tools: [writeTool, ...(c.editMode ? [editTool(c.editMode)] : [])], isStreaming: false },
    abort: (reason) => rec("abort", { reason: reasonOf(reason) }),
    followUp: (m) => {
      rec("inject", { mode: "deferred", rules: m.details.rules, text: m.content });
      tasks.push({ kind: "deliver", message: m });
    },
    replaceMessages: (ms) => {
      rec("discard");
      agent.state.messages = ms;
    },
    appendMessage: (m) => {
      rec("inject", { mode: "interrupt", rules: m.details.rules, text: m.content });
      agent.state.messages.push(m);
    },
    continue: async () => rec("continue"),
    hasQueuedMessages: () => tasks.some((t) => t.kind === "deliver"),
  };
  // v18 judged rules: a stub judge takes the requests of one message end as a batch and answers a batch when the
  // stream says (`judge_answer`, oldest first; the rest at the end of the case), flagging the rules the case's
  // `judged` map says yes to. Upstream asks about a message's outputs concurrently, so its requests arrive in the
  // order their candidate checks finish: a batch is logged and answered in output order (calls in content order,
  // then the reply, then the reasoning), the order sightline asks in.
  const batches = [];
  let asking = [];
  let generation = 1;
  const judge = {
    judge: (req) => {
      const qs = Object.values(req.questions).map((q) => q.instructions);
      return new Promise((resolve) => asking.push({ subject: req.state.output, content: req.state.content, qs, resolve }));
    },
  };
  // A call's rank: its content index; calls alike by name and path are told apart by their arguments.
  const rank = (q, used) => {
    if (q.subject === "reply") return 1e6;
    if (q.subject === "reasoning") return 1e6 + 1;
    const alike = [...message.content.entries()].filter(
      ([i, b]) => !used.has(i) && b?.type === "toolCall" && q.subject.startsWith(`\`${b.name}\` call`) && q.subject.includes(b.arguments?.path ?? ""),
    );
    const [i] = alike.find(([, b]) => JSON.stringify(b.arguments).includes(JSON.stringify(q.content).slice(1, -1))) ?? alike[0] ?? [1e6 - 1];
    used.add(i);
    return i;
  };
  const closeBatch = () => {
    if (asking.length === 0) return;
    const used = new Set();
    const ranks = new Map(asking.map((q) => [q, rank(q, used)]));
    const batch = asking.sort((a, b) => ranks.get(a) - ranks.get(b));
    for (const q of batch) rec("judge", { subject: q.subject, questions: q.qs });
    batches.push(batch);
    asking = [];
  };
  const answer = async () => {
    const batch = batches.shift();
    if (!batch) return;
    const flags = (s) => c.judged?.[/rule (\S+)\?$/.exec(s)?.[1] ?? ""] === true;
    for (const q of batch) q.resolve({ answers: Object.fromEntries(q.qs.map((s, i) => [`q${i}`, { noul: flags(s) ? 1 : 0 }])) });
    await settle();
  };
  const host = {
    agent,
    sessionManager: {
      getCwd: () => c.cwd,
      appendTtsrInjection: (names) => rec("persist", { rules: [...names] }),
      appendCustomMessageEntry: () => {},
    },
    settings: {},
    emitSessionEvent: async (e) => {
      if (e.type === "ttsr_triggered") rec("triggered", { rules: e.rules.map((r) => r.name) });
    },
    schedulePostPromptTask: (task) => tasks.push({ kind: "task", task }),
    scheduleAgentContinue: () => {},
    promptGeneration: () => 1,
    ruleJudge: () => (c.judged ? judge : undefined),
    deliverRuleWarning: async (text, rules) => rec("warning", { rules: [...rules], text }),
    sessionGeneration: () => generation,
  };
  const manager = new TtsrManager({ ...c.settings });
  for (const r of c.rules) manager.addRule({ ...r, path: withHome(r.path) });
  const coord = new TtsrCoordinator(host, manager);

  const flush = async () => {
    while (tasks.length > 0) {
      const t = tasks.shift();
      if (t.kind === "task") await t.task(new AbortController().signal);
      // A queued follow-up is delivered: the session persists it and marks its rules at its message_end.
      else coord.markInjectedFromDetails(t.message.details);
    }
  };

  let message;
  let aborted = false;
  const update = async (assistantMessageEvent) => {
    if (await coord.checkMessageUpdate({ type: "message_update", message, assistantMessageEvent })) {
      rec("consumed");
      aborted = true;
    }
  };
  for (; ev < c.events.length; ev++) {
    const e = c.events[ev];
    if (e.type === "turn_start" || e.type === "message_start") await flush();
    if (aborted && ["text_delta", "thinking_delta", "toolcall_delta", "toolcall_end", "restart"].includes(e.type)) continue;
    switch (e.type) {
      case "turn_start":
        coord.onTurnStart();
        break;
      case "message_start":
        message = { role: "assistant", content: [], timestamp: ++clock };
        agent.state.messages.push(message);
        agent.state.isStreaming = true;
        aborted = false;
        coord.onAssistantMessageStart();
        break;
      case "restart":
        await update({ type: "start", partial: message });
        break;
      case "text_delta":
      case "thinking_delta":
        // Judged cases keep the message's prose, the outputs judged rules read.
        if (c.judged) {
          const key = e.type === "text_delta" ? "text" : "thinking";
          const b = message.content[e.contentIndex ?? 0] ?? { type: key, [key]: "" };
          b[key] += e.delta;
          message.content[e.contentIndex ?? 0] = b;
        }
        await update({ type: e.type, contentIndex: e.contentIndex ?? 0, delta: e.delta, partial: message });
        break;
      case "toolcall_delta":
        message.content[e.contentIndex] = { type: "toolCall", id: e.id, name: e.name, arguments: e.args };
        await update({ type: "toolcall_delta", contentIndex: e.contentIndex, delta: e.delta, partial: message });
        break;
      case "toolcall_end": {
        const toolCall = { type: "toolCall", id: e.id, name: e.name, arguments: e.args };
        message.content[e.contentIndex] = toolCall;
        await update({ type: "toolcall_end", contentIndex: e.contentIndex, toolCall, partial: message });
        break;
      }
      case "message_end":
        agent.state.isStreaming = false;
        coord.onAssistantMessageEnd({ ...message, role: "assistant", stopReason: aborted ? "aborted" : e.stopReason });
        // The background checks find their candidates and ask the judge before the stream goes on.
        if (c.judged) {
          await settle();
          closeBatch();
        }
        break;
      case "judge_answer":
        await answer();
        break;
      case "session_replaced":
        generation++;
        break;
      case "tool_result": {
        const r = coord.afterToolCall({
          toolCall: { type: "toolCall", id: e.id, name: e.name ?? "tool", arguments: {} },
          result: { content: [{ type: "text", text: e.text }] },
        });
        if (r) rec("tool_result", { id: e.id, text: r.content.map((x) => x.text).join("\n--\n") });
        break;
      }
      case "turn_end":
        coord.onTurnEnd();
        break;
      default:
        throw new Error(`unknown event ${e.type}`);
    }
  }
  await flush();
  while (batches.length > 0) await answer();
  await flush();
  return { log, final: { injected: manager.getInjectedRuleNames(), messageCount: manager.getMessageCount() } };
}

/** Lets promise chains started by the coordinator run to their next real wait (a judge's answer). */
const settle = () => new Promise((r) => setTimeout(r, 0));

const cases = JSON.parse(readFileSync(casesPath, "utf8"));
const out = [];
for (const c of cases) {
  try {
    out.push(await runCase(c));
  } catch (e) {
    out.push({ error: String(e?.stack ?? e) });
  }
}
process.stdout.write(JSON.stringify(out));
