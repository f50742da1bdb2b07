// pi v3 and oh-my-pi v17 session JSONL (pi-session-format §2–§8): header, id/parentId entries, tool
// loops with toolCall/toolResult, thinking, compaction with firstKeptEntryId, branch_summary on branch
// navigation, labels; omp17 adds the title slot line, "provider/model" model_change, and TTSR evidence
// (aborted reply + custom_message ttsr-injection + ttsr_injection; per-tool reminder in content[0]).
import { Clock } from "./driver.mjs";
import { rules } from "./rules.mjs";

const RULE_BY_NAME = new Map(rules.map((r) => [r.name, r]));
const ruleBody = (r) => `Do not write \`${r.sample.trim()}\`. Rule ${r.name}: say what you checked instead.`;

/** @param {"pi"|"omp17"} flavour */
export function piEmitter(rng, prose, flavour) {
  const omp = flavour === "omp17";
  const clock = new Clock(rng);
  const used = new Set();
  let leaf = null;
  let turns = [];
  let named = false;
  const newId = () => {
    let id;
    do id = rng.hex(8);
    while (used.has(id));
    used.add(id);
    return id;
  };
  const entry = (type, fields) => {
    const id = newId();
    const e = { type, id, parentId: leaf, timestamp: (clock.tick(), clock.iso()), ...fields };
    leaf = id;
    return e;
  };
  const line = (e) => JSON.stringify(e);
  const usage = () => {
    const input = rng.int(1500, 160000);
    const output = rng.int(20, 1200);
    const cacheRead = rng.int(0, input);
    return {
      input,
      output,
      cacheRead,
      cacheWrite: 0,
      totalTokens: input + output + cacheRead,
      cost: {
        input: input * 3e-6,
        output: output * 15e-6,
        cacheRead: cacheRead * 3e-7,
        cacheWrite: 0,
        total: input * 3e-6 + output * 15e-6 + cacheRead * 3e-7,
      },
    };
  };
  const ttsrPath = (name) => `.omp/rules/${name}.md`;

  return {
    header() {
      const out = [];
      const ts = clock.iso();
      if (omp) {
        // Fixed-width title slot: 256 bytes including the newline (pi-session-format §2.1).
        const head = JSON.stringify({ type: "title", v: 1, title: "", updatedAt: ts, pad: "" });
        out.push(head.replace('"pad":""', `"pad":"${" ".repeat(255 - head.length)}"`));
      }
      out.push(line({ type: "session", version: 3, id: rng.uuid(omp ? 7 : 4), timestamp: ts, cwd: "/home/dev/acme-api" }));
      out.push(
        line(entry("model_change", omp ? { model: "anthropic/claude-sonnet-4-5", role: "default" } : { provider: "anthropic", modelId: "claude-sonnet-4-5" })),
      );
      out.push(line(entry("thinking_level_change", { thinkingLevel: rng.pick(["low", "medium", "high"]) })));
      return out;
    },
    step(s) {
      const out = [];
      switch (s.t) {
        case "user": {
          if (s.fork && turns.length > s.fork) {
            // Branch navigation with a summary: the branch_summary hangs at the branch point (pi §4).
            const target = turns[turns.length - s.fork];
            const fromId = leaf;
            turns = turns.slice(0, turns.length - s.fork);
            leaf = target.parentBefore;
            out.push(line(entry("branch_summary", { fromId, summary: prose.paragraph() })));
          }
          const parentBefore = leaf;
          const e = entry("message", { message: { role: "user", content: [{ type: "text", text: s.text }], timestamp: clock.ms } });
          if (omp) e.message.attribution = "user";
          out.push(line(e));
          turns.push({ userId: e.id, parentBefore });
          if (!omp && !named && turns.length === 2) {
            named = true;
            out.push(line(entry("session_info", { name: prose.sentence().slice(0, 50) })));
          }
          break;
        }
        case "assistant": {
          const content = [];
          if (s.thinking) content.push({ type: "thinking", thinking: s.thinking, thinkingSignature: rng.hex(48) });
          if (s.text) content.push({ type: "text", text: s.text });
          for (const c of s.calls) content.push({ type: "toolCall", id: c.id, name: c.name, arguments: c.args });
          const msg = {
            role: "assistant",
            content,
            api: "anthropic-messages",
            provider: "anthropic",
            model: "claude-sonnet-4-5",
            usage: usage(),
            stopReason: s.stop,
            timestamp: clock.ms,
          };
          if (s.stop === "aborted") msg.errorMessage = omp && s.ttsrRule ? `TTSR matched rule: ${s.ttsrRule}` : "Request was aborted.";
          out.push(line(entry("message", { message: msg })));
          if (omp && s.ttsrRule) {
            // Interrupt evidence (ttsr-spec §11.2): the injected text, then the injection record.
            const r = RULE_BY_NAME.get(s.ttsrRule);
            const text = `<system-interrupt reason="rule_violation" rule="${r.name}" path="${ttsrPath(r.name)}">\nOutput interrupted: violated user-defined rule.\nNot prompt injection; coding agent enforcing project rules.\nMUST comply:\n\n${ruleBody(r)}\n</system-interrupt>`;
            const id = newId();
            // v17 writes custom_message with the base fields last.
            out.push(
              line({
                type: "custom_message",
                customType: "ttsr-injection",
                content: text,
                display: false,
                details: { rules: [r.name] },
                attribution: "agent",
                id,
                parentId: leaf,
                timestamp: (clock.tick(0, 5), clock.iso()),
              }),
            );
            leaf = id;
            out.push(line(entry("ttsr_injection", { injectedRules: [r.name] })));
          }
          break;
        }
        case "tool": {
          const content = [{ type: "text", text: s.output }];
          if (omp && s.ttsrRule) {
            const r = RULE_BY_NAME.get(s.ttsrRule);
            out.push(line(entry("ttsr_injection", { injectedRules: [r.name] })));
            content.unshift({
              type: "text",
              text: `<system-reminder reason="rule_violation" rule="${r.name}" path="${ttsrPath(r.name)}">\nUser-defined rule matched tool-call arguments. Rule configured not to interrupt \u2192 tool ran. MUST comply with the following instruction on subsequent tool calls and responses. NOT prompt injection \u2014 coding agent enforcing project rules.\n\n${ruleBody(r)}\n</system-reminder>`,
            });
          }
          const msg = { role: "toolResult", toolCallId: s.call.id, toolName: s.call.name, content, isError: s.isError, timestamp: clock.ms };
          if (s.call.name === "edit") msg.details = { diff: `--- ${s.call.args.path}\n+++ ${s.call.args.path}` };
          out.push(line(entry("message", { message: msg })));
          break;
        }
        case "reminder": {
          // Extension notes: a custom_message reaches the model (pi §4), a custom entry does not.
          if (rng.chance(0.5)) out.push(line(entry("custom_message", { customType: "todo-reminder", content: s.text, display: true })));
          else out.push(line(entry("custom", { customType: "progress", data: { note: s.text } })));
          break;
        }
        case "compact": {
          const kept = turns[turns.length - 1];
          const fields = {
            summary: s.summary,
            firstKeptEntryId: kept.userId,
            tokensBefore: s.tokensBefore,
            details: { readFiles: [prose.file()], modifiedFiles: [prose.file()] },
          };
          if (omp) fields.shortSummary = prose.sentence().slice(0, 60);
          out.push(line(entry("compaction", fields)));
          break;
        }
        case "turnEnd":
          if (rng.chance(0.02)) {
            const target = leaf;
            out.push(line(entry("label", { targetId: target, label: prose.word() })));
          }
          break;
      }
      return out;
    },
  };
}
