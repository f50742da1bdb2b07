// The completed outputs of a recorded assistant message, as v18 offers them to judged rules (docs/ttsr.md §18.5):
// all text blocks as one reply, all thinking as one reasoning output (each only when not blank), and each tool
// call — one output per file when its tool reports entries, else its digest or its arguments as JSON. Tool calls
// come first, in block order, then the reply, then the reasoning. `subject` is what the warning names.
import { toolHooksFor } from "./session/matcher-hooks.js";
import { argumentPathCandidates, expandPath, toFilePaths } from "./session/paths.js";
import type { JudgedOutput } from "./judged.js";
import type { TtsrMatchContext } from "./types.js";

export interface NamedOutput extends JudgedOutput {
  subject: string;
}

type Block = Record<string, unknown>;
const isBlock = (b: unknown): b is Block => b !== null && typeof b === "object" && !Array.isArray(b);

function toolCallOutputs(b: Block, index: number, cwd: string | null): NamedOutput[] {
  const name = typeof b.name === "string" ? b.name : "";
  const args = b.arguments;
  const hooks = toolHooksFor(name, args);
  const context: TtsrMatchContext = { source: "tool", toolName: name };
  context.streamKey = typeof b.id === "string" && b.id ? `toolcall:${b.id}` : `tool:${name}:${index}`;
  const hooked = hooks?.paths?.(args);
  const filePaths = toFilePaths(hooked && hooked.length > 0 ? hooked : argumentPathCandidates(args), cwd);
  if (filePaths) context.filePaths = filePaths;
  const entries = hooks?.entries?.(args);
  if (entries && entries.length > 0)
    return entries.map((e) => {
      const paths = expandPath(e.path, cwd);
      const ctx: TtsrMatchContext = { ...context, filePaths: paths.length > 0 ? paths : [e.path], streamKey: `${context.streamKey}#${e.path}` };
      return { content: e.digest, context: ctx, subject: `\`${name}\` call on \`${e.path}\`` };
    });
  const content = hooks?.digest(args) ?? (typeof args === "string" ? args : JSON.stringify(args ?? {}));
  const first = context.filePaths?.[0];
  return [{ content, context, subject: first !== undefined ? `\`${name}\` call on \`${first}\`` : `\`${name}\` call` }];
}

/** The outputs a judged rule is asked about, for one completed (not aborted, not failed) assistant message. */
export function judgedOutputs(content: unknown, cwd: string | null): NamedOutput[] {
  if (!Array.isArray(content)) return [];
  const out: NamedOutput[] = [];
  const text: string[] = [];
  const thinking: string[] = [];
  content.forEach((b, i) => {
    if (!isBlock(b)) return;
    if (b.type === "text" && typeof b.text === "string") text.push(b.text);
    else if (b.type === "thinking" && typeof b.thinking === "string") thinking.push(b.thinking);
    else if (b.type === "toolCall") out.push(...toolCallOutputs(b, i, cwd));
  });
  const reply = text.join("\n\n");
  if (/\S/.test(reply)) out.push({ content: reply, context: { source: "text" }, subject: "reply" });
  const reasoning = thinking.join("\n\n");
  if (/\S/.test(reasoning)) out.push({ content: reasoning, context: { source: "thinking" }, subject: "reasoning" });
  return out;
}
