// Provider text of each AgentMessage role (docs/strings.md §2.1 pi, docs/strings.md §2.2 omp 14 details v17 inherits, docs/strings.md §2.3 v17,
// docs/strings.md §2.5 interrupted-thinking strip). Each function returns the role the provider gets and the text parts it
// receives (images excluded); the Msg joins the parts with "\n".
import { isObject } from "../../shared/json.js";
import type { Role } from "../types.js";
import { renderTemplate } from "./format-pass.js";
import type { AgentMessage } from "./messages.js";
import { formatOutputNotice } from "./output-notice.js";
import * as S from "./strings.js";

type Block = Record<string, unknown>;
export interface Lowered {
  role: Role;
  parts: string[];
}

export function textsOf(content: unknown): string[] {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  // One loop, no intermediate array: this runs for every message of a session.
  const out: string[] = [];
  for (const b of content) if (isObject(b) && b.type === "text") out.push(String(b.text));
  return out;
}
const hasImage = (content: unknown): boolean => Array.isArray(content) && content.some((b: Block) => isObject(b) && b.type === "image");

/** Trailing whitespace-only text, then the maximal run of non-blank unsigned thinking (demoteInterruptedThinking). */
export function demotedRunStart(content: readonly Block[]): number {
  let end = content.length;
  while (end > 0 && isObject(content[end - 1]) && content[end - 1].type === "text" && String(content[end - 1].text).trim() === "") end--;
  let start = end;
  while (start > 0) {
    const b = content[start - 1];
    if (!isObject(b) || b.type !== "thinking" || String(b.thinking).trim() === "" || b.thinkingSignature) break;
    start--;
  }
  return start === end ? content.length : start;
}

function bashText(m: AgentMessage, notice: string): string {
  let t = "Ran `" + String(m.command) + "`\n" + (m.output ? "```\n" + String(m.output) + "\n```" : "(no output)");
  if (m.cancelled) t += "\n\n(command cancelled)";
  else if (m.exitCode !== null && m.exitCode !== undefined && m.exitCode !== 0) t += "\n\nCommand exited with code " + String(m.exitCode);
  return t + notice;
}

function pythonText(m: AgentMessage): string {
  let t = "Ran Python:\n```python\n" + String(m.code) + "\n```\n" + (m.output ? "Output:\n```\n" + String(m.output) + "\n```" : "(no output)");
  if (m.cancelled) t += "\n\n(execution cancelled)";
  else if (m.exitCode !== null && m.exitCode !== undefined && m.exitCode !== 0) t += "\n\nExecution failed with code " + String(m.exitCode);
  return t + formatOutputNotice(m.meta);
}

function toolResultParts(m: AgentMessage): string[] {
  if (m.prunedAt !== undefined) return [textsOf(m.content).join("") || "[Output truncated]"];
  return Array.isArray(m.content) ? textsOf(m.content) : [JSON.stringify(m.content) ?? ""];
}

/** pi (docs/strings.md §2.1): plain concatenation, customs become user. */
export function lowerPi(m: AgentMessage): Lowered {
  switch (m.role) {
    case "assistant":
      return { role: "assistant", parts: textsOf(m.content) };
    case "toolResult":
      return { role: "tool_result", parts: toolResultParts(m) };
    case "compactionSummary":
      return { role: "user", parts: [S.COMPACTION_SUMMARY_PREFIX + String(m.summary) + S.COMPACTION_SUMMARY_SUFFIX] };
    case "branchSummary":
      return { role: "user", parts: [S.BRANCH_SUMMARY_PREFIX + String(m.summary) + S.BRANCH_SUMMARY_SUFFIX] };
    case "bashExecution": {
      const notice = m.truncated && m.fullOutputPath ? "\n\n[Output truncated. Full output: " + String(m.fullOutputPath) + "]" : "";
      return { role: "user", parts: m.excludeFromContext ? [] : [bashText(m, notice)] };
    }
    case "developer":
      return { role: "developer", parts: textsOf(m.content) };
    default:
      // user, custom / hookMessage, and roles pi's convertToLlm does not know (which it drops: no text).
      return { role: "user", parts: m.role === "user" || m.role === "custom" || m.role === "hookMessage" ? textsOf(m.content) : [] };
  }
}

/**
 * pi 1.5.2: convertToLlm passes system messages through; the provider sees one as its content text followed
 * by its named sections, blank-line separated (pi-ai getSystemMessageText). Tool declarations carry no text.
 */
export function lowerPi1(m: AgentMessage): Lowered {
  if (m.role !== "system") return lowerPi(m);
  const parts = [textsOf(m.content).join("\n")];
  if (isObject(m.sections)) for (const v of Object.values(m.sections)) if (typeof v === "string") parts.push(v);
  return { role: "system", parts: [parts.filter((p) => p.length > 0).join("\n\n")] };
}

const steeringText = (content: unknown): string => (typeof content === "string" ? content : textsOf(content).join("\n"));

/** v17 (docs/strings.md §2.3); `interruptedNext` = an assistant followed by the interrupted-thinking message. */
export function lowerOmp17(m: AgentMessage, interruptedNext: boolean): Lowered {
  switch (m.role) {
    case "assistant": {
      const content = Array.isArray(m.content) ? (m.content as Block[]) : [];
      return { role: "assistant", parts: textsOf(interruptedNext ? content.slice(0, demotedRunStart(content)) : content) };
    }
    case "toolResult":
      return { role: "tool_result", parts: toolResultParts(m) };
    case "compactionSummary":
      return { role: "user", parts: [renderTemplate(S.OMP17_COMPACTION_SUMMARY_TEMPLATE, { summary: m.summary as string })] };
    case "branchSummary":
      return { role: "user", parts: [renderTemplate(S.OMP17_BRANCH_SUMMARY_TEMPLATE, { summary: m.summary as string })] };
    case "bashExecution":
      return { role: "user", parts: m.excludeFromContext ? [] : [bashText(m, formatOutputNotice(m.meta))] };
    case "pythonExecution":
      return { role: "user", parts: m.excludeFromContext ? [] : [pythonText(m)] };
    case "user": {
      const text = steeringText(m.content);
      if (m.steering === true && text.length > 0) return { role: "user", parts: [renderTemplate(S.OMP17_USER_INTERJECTION_TEMPLATE, { message: text })] };
      return { role: "user", parts: textsOf(m.content) };
    }
    case "developer":
      return { role: "developer", parts: textsOf(m.content) };
    case "fileMention":
      return lowerFileMention(m);
    case "custom":
    case "hookMessage":
      return lowerCustom(m);
    default:
      return { role: "user", parts: [] };
  }
}

/**
 * v18 (docs/pi.md §8.5): as v17, but a handoff compaction's summary renders through the handoff template
 * (pi-agent-core compaction/messages.ts convertMessageToLlm).
 */
export function lowerOmp18(m: AgentMessage, interruptedNext: boolean): Lowered {
  if (m.role === "compactionSummary" && m.method === "handoff")
    return { role: "user", parts: [renderTemplate(S.OMP18_HANDOFF_SUMMARY_TEMPLATE, { summary: m.summary as string })] };
  return lowerOmp17(m, interruptedNext);
}

function lowerCustom(m: AgentMessage): Lowered {
  const c = m.content;
  if (typeof c !== "string" && !Array.isArray(c)) return { role: "developer", parts: [] };
  if (m.role === "custom" && m.attribution === "user") {
    if (m.customType === S.COLLAB_PROMPT_TYPE) {
      const text = steeringText(c);
      return { role: "user", parts: text.length > 0 ? [renderTemplate(S.OMP17_USER_INTERJECTION_TEMPLATE, { message: text })] : textsOf(c) };
    }
    if (m.customType === S.SKILL_PROMPT_TYPE) return { role: "user", parts: textsOf(c) };
  }
  if (hasImage(c)) {
    // Split in two provider messages (developer text, then user images); one Msg: developer when text exists.
    const texts = textsOf(c);
    return { role: texts.length > 0 ? "developer" : "user", parts: [...texts, `Images attached to ${String(m.customType)}.`] };
  }
  return { role: "developer", parts: textsOf(c) };
}

function lowerFileMention(m: AgentMessage): Lowered {
  const files = Array.isArray(m.files) ? (m.files as Block[]) : [];
  const wrap = (f: Block): string => `<file path="${String(f.path)}">${f.content ? `\n${String(f.content)}\n` : "\n"}</file>`;
  const textFiles = files.filter((f) => !f.image);
  const imageFiles = files.filter((f) => f.image);
  const parts: string[] = [];
  if (textFiles.length > 0) parts.push(textFiles.map(wrap).join("\n"));
  if (imageFiles.length > 0) parts.push(imageFiles.map(wrap).join("\n"));
  // Text files go as developer, image files as user; one Msg takes developer when any text file exists.
  return { role: textFiles.length > 0 ? "developer" : "user", parts };
}
