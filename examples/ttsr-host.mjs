// A minimal agent host around sightline's TTSR session layer (ttsr-spec §9): the coordinator decides, the
// host acts. It imports only the package entry. Run it with `node examples/ttsr-host.mjs` after a build.
//
// The duties the coordinator leaves to its host, each marked "HOST DUTY" below:
//   1. generation capture: remember the prompt generation when an interrupt is scheduled, and tell the task
//      whether it changed (a new prompt cancels the injection);
//   2. cutting messages at the target: find the interrupted assistant message; on `replace_messages` keep
//      only the messages before it;
//   3. persisting delivered messages: append every `persist` record to the session file as given;
//   4. the continue rule: `continue` resumes the agent; `schedule_continue` (deferred path) resumes it only
//      when it is not streaming and has queued messages;
//   5. a skipped continue: when the scheduled continue finds the prompt generation changed (a new prompt or a
//      reset came first), the agent drops its queued follow-ups unsent; the host hands each one's details to
//      `releaseDeferred`, or a v18 follow-up's rules stay reserved and never fire again (docs/ttsr.md §17.9).
// `node examples/ttsr-host.mjs v18` runs it with the v18 profile: the host also reports each assistant message
// start, and a v18 follow-up carries its deliveryId (docs/ttsr.md §17.1, §17.5). A third argument `no-release`
// skips duty 5, to show what it prevents.
import { TtsrCoordinator, TtsrManager, parseRuleFile } from "sightline";

const profile = process.argv[2] === "v18" ? "v18" : "v17";
const release = process.argv[3] !== "no-release";
const manager = new TtsrManager({ interruptMode: "always", contextMode: "discard" }, { profile });
manager.addRule(parseRuleFile("---\ncondition: console\\.log\n---\nUse the project logger, not console.log.\n", "/proj/.omp/rules/no-console.md"));
manager.addRule(parseRuleFile("---\ncondition: TODO\ninterruptMode: never\n---\nFile an issue instead of a TODO.\n", "/proj/.omp/rules/no-todo.md"));
manager.addRule(parseRuleFile("---\ncondition: FIXME\ninterruptMode: never\n---\nFix it now rather than leaving a FIXME.\n", "/proj/.omp/rules/no-fixme.md"));
// Default renderer: sightline's own templates for the manager's profile, rule paths shown against cwd.
const coordinator = new TtsrCoordinator({ manager, cwd: "/proj" });

const state = { messages: [], entries: [], generation: 0, streaming: false, queued: [], continued: 0, discarded: [] };
let task; // the scheduled interrupt task
let pendingContinue; // a scheduled continue, with the generation it was scheduled in

function stream(deltas) {
  const assistant = { role: "assistant", content: "" };
  state.messages.push(assistant);
  act(coordinator.assistantMessageStart());
  state.streaming = true;
  for (const delta of deltas) {
    if (!state.streaming) break;
    assistant.content += delta;
    act(coordinator.messageUpdate({ type: "text_delta", delta }).effects, assistant);
  }
  const aborted = !state.streaming;
  state.streaming = false;
  return aborted ? "aborted" : "stop";
}

function act(effects, target) {
  for (const e of effects) {
    if (e.kind === "abort") state.streaming = false; // the agent stops the stream
    else if (e.kind === "schedule_interrupt") task = { token: e.token, generation: state.generation, target }; // HOST DUTY 1
    else if (e.kind === "replace_messages") state.messages = state.messages.slice(0, state.messages.indexOf(task.target)); // HOST DUTY 2
    else if (e.kind === "append_message") state.messages.push(e.message);
    else if (e.kind === "follow_up") state.queued.push(e.message);
    else if (e.kind === "persist") state.entries.push(e.record); // HOST DUTY 3
    else if (e.kind === "continue") state.continued++; // HOST DUTY 4
    else if (e.kind === "schedule_continue") pendingContinue = { generation: state.generation };
  }
}

// The scheduled continue runs (a moment after the turn ended).
function runContinue() {
  const due = pendingContinue;
  pendingContinue = undefined;
  if (!due) return;
  if (due.generation !== state.generation) {
    // HOST DUTY 5: the continue is skipped and the queued follow-ups are dropped unsent: free what they reserved.
    for (const message of state.queued.splice(0)) {
      state.discarded.push(message.details.rules.join(","));
      if (release) coordinator.releaseDeferred(message.details);
    }
    return;
  }
  if (!state.streaming && state.queued.length > 0) state.continued++; // HOST DUTY 4
}

/** The agent drains its follow-up queue; at each follow-up's message_end the host hands it back (HOST DUTY 3). */
function drainFollowUps() {
  for (const message of state.queued.splice(0)) {
    state.messages.push(message);
    act(coordinator.customMessageEnd(message));
  }
}

// One prompt: the user asks, the assistant streams and trips the rule mid-message.
state.generation++;
state.messages.push({ role: "user", content: "add debug output" });
act(coordinator.turnStart());
act(coordinator.assistantMessageEnd(stream(["Sure: ", "console", ".log(x)", " and more"])));
act(coordinator.turnEnd());

// 50 ms later the task runs: the host reports what only it can know.
const targetFound = state.messages.includes(task.target); // HOST DUTY 2
const generationChanged = state.generation !== task.generation; // HOST DUTY 1
act(coordinator.runInterruptTask(task.token, { targetFound, generationChanged }));

// The continued turn writes prose that trips a deferred rule: it is delivered as a follow-up after the message.
act(coordinator.turnStart());
act(coordinator.assistantMessageEnd(stream(["Done. ", "TODO: tests"])));
act(coordinator.turnEnd());
runContinue();
// The records persisted at the follow-up's message_end: the custom_message record carries its own details object.
drainFollowUps();

// A FIXME queues a follow-up, but the user sends a new prompt before the scheduled continue runs: the continue
// is skipped and the follow-up dropped unsent (HOST DUTY 5 releases its rules).
act(coordinator.turnStart());
act(coordinator.assistantMessageEnd(stream(["Docs next; ", "FIXME: examples"])));
act(coordinator.turnEnd());
state.generation++;
state.messages.push({ role: "user", content: "write the changelog" });
runContinue();
// The new prompt's answer trips the same rule: it is delivered now, as it was never delivered before.
act(coordinator.turnStart());
act(coordinator.assistantMessageEnd(stream(["Changelog: ", "FIXME: dates"])));
act(coordinator.turnEnd());
runContinue();
drainFollowUps();

console.log(JSON.stringify({
  messages: state.messages.map((m) => (m.role === "custom" ? `custom ${m.customType} ${m.details.rules.join(",")}` : `${m.role}: ${m.content}`)),
  persisted: state.entries.map((e) => (e.type === "ttsr_injection" ? `ttsr_injection ${e.injectedRules.join(",")}` : `${e.type} ${e.details.rules.join(",")}`)),
  injected: manager.getInjectedRuleNames(),
  continued: state.continued,
  discarded: state.discarded,
  details: state.entries.flatMap((e) => (e.type === "custom_message" ? [e.details] : [])),
}));
