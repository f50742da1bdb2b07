// The v18 replay inputs beyond rules and settings (docs/ttsr.md §18.2, §18.6): the verdicts file, read from disk
// into the IO-free reader, and the findings that say which agent a session was replayed as.
import { fsReason } from "../../io/fs-reason.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { ResolvedAgent } from "../../ttsr/session-agent.js";
import { readVerdicts, unusedVerdicts, type VerdictsRead } from "../../ttsr/verdicts.js";
import type { Rule } from "../../ttsr/types.js";
import { readTextSync } from "../../io/text.js";

/** Why a --verdicts file cannot be used (missing, not a file, broken JSON, wrong shape), in one line; undefined when
 * it can. Commands check it before any work: a replay without its verdicts would only print a wrong answer. */
export function verdictsProblem(path: string): string | undefined {
  let text: string;
  try {
    text = readTextSync(path);
  } catch (e) {
    return `option \`verdicts\` ${path}: ${fsReason(e)}`;
  }
  const error = readVerdicts(text, path).diagnostics.find((d) => d.severity === "error");
  return error ? `option \`verdicts\` ${path}${error.line !== undefined ? `:${error.line}` : ""}: ${error.message}` : undefined;
}

/** Reads --verdicts; an unreadable file is one error and no verdicts. */
export function readVerdictsFile(path: string, judged?: readonly Rule[]): VerdictsRead {
  let text: string;
  try {
    text = readTextSync(path);
  } catch (e) {
    const reason = fsReason(e);
    return { verdicts: new Map(), diagnostics: [diag("UNREADABLE_PATH", { file: path }, { path, reason })] };
  }
  const read = readVerdicts(text, path);
  if (judged && read.verdicts.size > 0)
    read.diagnostics.push(
      ...unusedVerdicts(
        read.verdicts,
        judged.map((r) => r.name),
        path,
      ),
    );
  return read;
}

/** What a v18 replay says about its agent: which one and why, and a contradicted --agent. */
export function agentFindings(agent: ResolvedAgent, file: string): Diagnostic[] {
  const out = [diag("TTSR_REPLAY_AGENT", { file }, { agent: agent.name, from: agent.from })];
  if (agent.contradicts !== undefined) out.push(diag("TTSR_AGENT_CONTRADICTS_SESSION", { file }, { named: agent.contradicts, recorded: agent.name }));
  return out;
}
