// yoi segment log, seed era (yoi-format §1–§6 at e0caf7d1): segment_start, then per run invoke(user_send),
// user_input (text and @file atoms, file attachments as system_item), assistant_item per history item
// (reasoning, message, tool_call with its JSON-string arguments), llm_usage after each model call,
// tool_result, task reminders as system_item (seed-era wrapped body), turn_end and run_completed.
// Entries carry no ids; branches and compactions are new segments (see corpus.mjs).
import { Clock } from "./driver.mjs";

/** @param {{sessionId?:string, compactedFrom?:{segment_id:string, at_turn_index:number}, seedHistory?:object[]}} [opts] */
export function yoiEmitter(rng, prose, opts = {}) {
  const clock = new Clock(rng);
  const sessionId = opts.sessionId ?? rng.uuid(7);
  let historyLen = 0;
  let turnCount = 0;
  const line = (kind, fields) => JSON.stringify({ kind, ts: clock.tick(), ...fields });
  const item = (kind, it) => {
    historyLen++;
    return line(kind, { item: it });
  };
  const usage = (sendLen) => {
    const input = rng.int(2000, 150000);
    return line("llm_usage", {
      history_len: sendLen,
      input_total_tokens: input,
      cache_read_tokens: rng.int(0, input),
      cache_write_tokens: rng.int(0, 2000),
      output_tokens: rng.int(20, 1200),
    });
  };

  return {
    sessionId,
    header() {
      const history = opts.seedHistory ?? [];
      historyLen = history.length;
      const start = {
        session_id: sessionId,
        system_prompt: prose.paragraph(),
        config: { max_tokens: 8192, temperature: null, top_p: null, top_k: null, stop_sequences: [], reasoning: null },
        history,
      };
      if (opts.compactedFrom) start.compacted_from = opts.compactedFrom;
      return [line("segment_start", start)];
    },
    step(s) {
      const out = [];
      switch (s.t) {
        case "user": {
          out.push(line("invoke", { trigger: "user_send" }));
          const segments = [{ kind: "text", content: s.text }];
          const file = rng.chance(0.15) ? prose.file() : null;
          if (file) segments.push({ kind: "text", content: " see " }, { kind: "file_ref", path: file });
          historyLen++;
          out.push(line("user_input", { segments }));
          if (file) out.push(item("system_item", { kind: "file_attachment", path: file, body: `[File: ${file}]\n${prose.code(rng.int(5, 40))}` }));
          break;
        }
        case "assistant": {
          if (s.stop === "aborted") break; // yoi has no stream rules; a cut reply is not recorded as such
          const sendLen = historyLen; // history.len() when the request was sent
          if (s.thinking) out.push(item("assistant_item", { kind: "reasoning", text: s.thinking, signature: rng.hex(40) }));
          if (s.text) out.push(item("assistant_item", { kind: "message", role: "assistant", content: [{ kind: "text", text: s.text }] }));
          for (const c of s.calls) out.push(item("assistant_item", { kind: "tool_call", call_id: c.id, name: c.name, arguments: JSON.stringify(c.args) }));
          out.push(usage(sendLen));
          break;
        }
        case "tool": {
          const it = { kind: "tool_result", call_id: s.call.id, summary: s.output.split("\n")[0].slice(0, 80), content: s.output };
          if (s.isError) it.is_error = true;
          out.push(item("tool_result", it));
          break;
        }
        case "reminder": {
          // Seed-era task reminder: body rendered once inside <system-reminder> (yoi-format §5, §6 T2).
          const body = `<system-reminder>\nActive session tasks are still open. If progress changed, call TaskUpdate.\n- taskid ${rng.int(1, 9)} (in_progress) ${s.text}\n</system-reminder>`;
          out.push(item("system_item", { kind: "task_reminder", source: "task_inactivity", body }));
          break;
        }
        case "turnEnd":
          out.push(line("turn_end", { turn_count: ++turnCount }));
          out.push(line("run_completed", { interrupted: false, result: "finished" }));
          break;
      }
      return out;
    },
    get turnCount() {
      return turnCount;
    },
  };
}
