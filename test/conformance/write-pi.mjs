// Sessions written by pi itself: fast-check programs of SessionManager calls (messages of every role, context
// edits of entries on the active branch, compactions that keep a branch entry or nothing, branching with and
// without a summary, usage, custom messages, model and thinking changes) run against the installed release,
// which writes the file as it would in use. The compaction's systemMessage is the one pi computes.
import fc from "fast-check";
import { mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";

const text = (t) => ({ type: "text", text: t });
const U = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ o: fc.constant("user"), s: fc.string({ maxLength: 3 }) }) },
  { weight: 4, arbitrary: fc.record({ o: fc.constant("assistant"), call: fc.boolean(), stop: fc.constantFrom("stop", "toolUse", "aborted", "error") }) },
  { weight: 2, arbitrary: fc.record({ o: fc.constant("toolResult") }) },
  { weight: 2, arbitrary: fc.record({ o: fc.constant("system"), content: fc.constantFrom("prompt", ""), section: fc.constantFrom(undefined, "v1", null) }) },
  { weight: 3, arbitrary: fc.record({ o: fc.constant("edit"), pick: fc.nat(), rep: fc.constantFrom(null, "str", "arr") }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("compact"), pick: fc.nat(), none: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("branch"), pick: fc.nat(), summary: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("usage") }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("custom"), s: fc.constantFrom("c", "") }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("model") }) },
  { weight: 1, arbitrary: fc.record({ o: fc.constant("thinking") }) },
);

/** The SessionManager method each step calls. */
const METHOD = {
  user: "appendMessage",
  assistant: "appendMessage",
  toolResult: "appendMessage",
  system: "appendMessage",
  edit: "appendContextEdit",
  compact: "appendCompaction",
  branch: "branchWithSummary",
  usage: "appendUsage",
  custom: "appendCustomMessageEntry",
  model: "appendModelChange",
  thinking: "appendThinkingLevelChange",
};

const EDITABLE = (e) => e.type === "custom_message" || (e.type === "message" && ["user", "assistant", "toolResult"].includes(e.message.role));

function apply(sm, st, ops) {
  let n = 0;
  let lastCall;
  const now = () => ++n;
  for (const x of ops) {
    // An older release lacks some calls (e.g. appendContextEdit before 0.87): those steps are skipped.
    if (typeof sm[METHOD[x.o]] !== "function") continue;
    const branch = sm.getBranch();
    switch (x.o) {
      case "user":
        sm.appendMessage({ role: "user", content: [text(`u${x.s}`)], timestamp: now() });
        break;
      case "assistant": {
        lastCall = x.call ? `call${now()}` : undefined;
        const content = [text("a"), ...(lastCall ? [{ type: "toolCall", id: lastCall, name: "bash", arguments: {} }] : [])];
        sm.appendMessage({ role: "assistant", content, api: "x", provider: "p", model: "m", usage: U, stopReason: x.stop, timestamp: now() });
        break;
      }
      case "toolResult":
        sm.appendMessage({ role: "toolResult", toolCallId: lastCall ?? "none", toolName: "bash", content: [text("r")], isError: false, timestamp: now() });
        break;
      case "system":
        sm.appendMessage({ role: "system", content: x.content, ...(x.section !== undefined ? { sections: { s: x.section } } : {}), timestamp: now() });
        break;
      case "edit": {
        const targets = branch.filter(EDITABLE);
        if (targets.length === 0) break;
        const rep = x.rep === null ? null : x.rep === "str" ? { content: "edited" } : { content: [text("edited")] };
        sm.appendContextEdit(targets[x.pick % targets.length].id, rep);
        break;
      }
      case "compact":
        if (branch.length === 0) break;
        sm.appendCompaction("summary", x.none ? null : branch[x.pick % branch.length].id, 10);
        break;
      case "branch": {
        if (branch.length === 0) break;
        // One pick in four goes back before the first entry (/tree to the first message): a second root.
        const to = x.pick % 4 === 0 ? null : branch[x.pick % branch.length].id;
        if (x.summary) sm.branchWithSummary(to, "went back");
        else if (to === null) sm.resetLeaf();
        else sm.branch(to);
        break;
      }
      case "usage":
        sm.appendUsage("cache_warm", "p", "m", U);
        break;
      case "custom":
        sm.appendCustomMessageEntry("ext", x.s, true, { d: 1 });
        break;
      case "model":
        sm.appendModelChange("p", `m${now()}`);
        break;
      default:
        sm.appendThinkingLevelChange("high");
    }
  }
  st.written++;
}

/** Session texts written by the release's SessionManager (programs that write no file are left out). */
export function writePiSessions(api, runs, seed, work) {
  const programs = fc.sample(fc.array(op, { minLength: 1, maxLength: 25 }), { numRuns: runs, seed: seed + 1 });
  const out = [];
  const st = { written: 0 };
  for (const ops of programs) {
    const dir = mkdtempSync(join(work, "write-"));
    const sm = api.SessionManager.create("/w", dir);
    apply(sm, st, ops);
    const file = sm.getSessionFile();
    try {
      out.push(readFileSync(file, "utf8"));
    } catch {
      // No user or assistant message: pi wrote no file.
    }
  }
  return out;
}
