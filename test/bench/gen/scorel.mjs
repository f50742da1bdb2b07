// Scorel P5 session JSONL (scorel-format §1–§9): header line, one instruction_snapshot, a tree of
// user_message / assistant_message / tool_result / harness_item / compact events, control events
// (session_title_updated, queue_update, context_control) with parentId null, seq strictly increasing
// with gaps (transient events share the counter), P5 structured system_reminder blocks.
import { createHash } from "node:crypto";
import { Clock } from "./driver.mjs";

const SECTION_KINDS = ["baseline", "agents", "memory", "workspace", "environment", "time"];
const STOP = { toolUse: "tool_call", stop: "end_turn", aborted: "cancelled" };

export function scorelEmitter(rng, prose) {
  const clock = new Clock(rng);
  const sessionId = `ses_${rng.uuid()}`;
  const clientId = `cli_${rng.hex(8)}`;
  const cwd = "/home/dev/acme-api";
  let seq = 0;
  let leaf = null;
  /** Turns on the active path: user event id and the leaf before it (for branching and snips). */
  let turns = [];
  let lastWasCompact = false;
  let titled = false;

  const base = (type, parentId) => ({ type, id: rng.uuid(), parentId, seq: (seq += rng.int(1, 24)), sessionId, clientId, ts: clock.tick() });
  const tree = (ev) => {
    leaf = ev.id;
    lastWasCompact = ev.type === "compact";
    return JSON.stringify(ev);
  };
  const harness = (kind, origin, content, visibility, data) => {
    const ev = base("harness_item", leaf);
    ev.item = { kind, origin, content, visibility };
    if (data) ev.item.data = data;
    return tree(ev);
  };

  return {
    header() {
      const createdAt = clock.ms;
      const header = {
        version: 1,
        sessionId,
        deviceId: `dev_${rng.hex(12)}`,
        createdAt,
        meta: {
          projectId: `prj_${rng.hex(10)}`,
          model: "Claude Sonnet 4.5",
          selectedModel: {
            modelId: "claude-sonnet-4-5",
            providerId: "anthropic",
            provider: "anthropic",
            id: "anthropic/claude-sonnet-4-5",
            displayName: "Claude Sonnet 4.5",
            contextWindow: 200000,
          },
        },
      };
      const frozenAt = clock.tick();
      const snap = {
        ...base("instruction_snapshot", null),
        snapshot: {
          version: 1,
          cwd,
          sections: SECTION_KINDS.map((kind) => ({
            kind,
            frozenAt,
            renderedBlock:
              kind === "baseline" ? prose.paragraph() + " Text inside <system-reminder> tags is added by the harness." : `# ${kind}\n${prose.paragraph()}`,
            ...(kind === "agents"
              ? { sources: [{ sourceType: "agents_md", path: `${cwd}/AGENTS.md`, scope: "project", priority: 1, content: prose.paragraph() }] }
              : {}),
          })),
        },
      };
      return [
        JSON.stringify(header),
        JSON.stringify(snap),
        harness("skill_listing", "system", prose.bullets(), "hidden"),
        harness("memory", "system", prose.paragraph(), "hidden", { date: "2026-03-03", projectId: header.meta.projectId }),
      ];
    },
    step(s) {
      const out = [];
      switch (s.t) {
        case "user": {
          if (s.fork && turns.length > s.fork) {
            const target = turns[turns.length - s.fork];
            leaf = target.parentBefore;
            turns = turns.slice(0, turns.length - s.fork);
            lastWasCompact = true; // the branch point may be a compact: never snip across it
          }
          const prev = turns[turns.length - 1];
          const canSnip = prev && !lastWasCompact && leaf !== prev.userId;
          const parentBefore = leaf;
          const ev = base("user_message", leaf);
          const ref = "u_" + createHash("sha256").update(ev.id).digest("hex").slice(0, 8);
          ev.message = {
            role: "user",
            content: [
              { type: "text", text: s.text },
              {
                type: "system_reminder",
                kind: "message_ref",
                origin: "system",
                visibility: "model",
                scope: "message",
                text: `snip.userMessageId: ${ref}`,
                data: { userMessageId: ref },
              },
            ],
          };
          out.push(tree(ev));
          turns.push({ userId: ev.id, parentBefore });
          if (!titled) {
            titled = true;
            out.push(
              JSON.stringify({
                ...base("session_title_updated", null),
                title: prose.sentence().slice(0, 60),
                source: "model",
                derivedFrom: { eventId: ev.id, seq: ev.seq },
              }),
            );
          }
          // The Snip tool hides the previous user turn (anchor .. the event just before this user message).
          if (canSnip && rng.chance(0.03))
            out.push(
              JSON.stringify({
                ...base("context_control", null),
                operation: "hide_user_turn",
                anchorUserEventId: prev.userId,
                throughEventId: parentBefore,
                actor: "agent",
                reason: "superseded",
              }),
            );
          break;
        }
        case "assistant": {
          const ev = base("assistant_message", leaf);
          const content = [];
          if (s.thinking) content.push({ type: "thinking", text: s.thinking });
          if (s.text) content.push({ type: "text", text: s.text });
          for (const c of s.calls) content.push({ type: "tool_call", toolCallId: c.id, toolName: c.name, args: c.args });
          const out_ = rng.int(20, 900);
          const input = rng.int(2000, 150000);
          const meta = { api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-5" };
          if (s.stop === "aborted") meta.partial = true;
          ev.message = {
            role: "assistant",
            content,
            usage: { inputTokens: input, outputTokens: out_, totalTokens: input + out_ },
            stopReason: STOP[s.stop],
            meta,
          };
          out.push(tree(ev));
          break;
        }
        case "tool": {
          const ev = base("tool_result", leaf);
          const result = { content: [{ type: "text", text: s.output }] };
          if (s.call.name === "edit") result.details = { diff: `--- a/${s.call.args.path}\n+++ b/${s.call.args.path}` };
          ev.message = { role: "tool_result", content: [{ type: "tool_result", toolCallId: s.call.id, toolName: s.call.name, result, isError: s.isError }] };
          out.push(tree(ev));
          break;
        }
        case "reminder": {
          if (rng.chance(0.5)) {
            // Steer: queued while the turn ran, consumed between model calls (scorel-format §10).
            const item = { id: `q_${rng.hex(10)}`, content: [{ type: "text", text: s.text }], createdAt: clock.ms, updatedAt: clock.ms, clientId };
            out.push(JSON.stringify({ ...base("queue_update", null), queue: "steer", operation: "rewrite", items: [item], anchorEventId: leaf }));
            out.push(JSON.stringify({ ...base("queue_update", null), queue: "steer", operation: "rewrite", items: [], anchorEventId: leaf }));
            out.push(harness("steer", "user", s.text, "display", { queueItemId: item.id }));
          } else {
            out.push(harness(rng.pick(["runtime_notice", "date_change", "attachment"]), "system", s.text, rng.pick(["hidden", "compact"])));
          }
          break;
        }
        case "compact": {
          if (lastWasCompact) break; // the daemon never compacts a compact leaf (invariant 19)
          const ev = base("compact", leaf);
          Object.assign(ev, {
            summary: s.summary,
            compactedThrough: leaf,
            tokensBefore: s.tokensBefore,
            tokensAfter: Math.ceil(s.summary.length / 3),
            retainedEventCount: 8,
          });
          out.push(tree(ev));
          break;
        }
      }
      return out;
    },
  };
}
