// `sightline capsule validate|restore|render <file>`.
import { fsReason } from "../../io/fs-reason.js";
import { capsuleDiagnostics, findCapsule, renderCompactCapsulePrompt, restoreFromCapsule } from "../../capsule/index.js";
import type { RenderResult, RestoreResult } from "../../capsule/index.js";
import type { Diagnostic } from "../../shared/diagnostics.js";
import { parseJson } from "../../shared/json.js";
import { isStdin, STDIN_LABEL } from "../../io/read.js";
import { readStdinText, readText } from "../../io/text.js";
import { InputError } from "../../shared/errors.js";

/** Reads a capsule file: a standalone capsule, or one embedded under `capsule` (e.g. a compaction's details). */
export async function readCapsule(path: string): Promise<{ file: string; capsule: unknown }> {
  const file = isStdin(path) ? STDIN_LABEL : path;
  let text: string;
  try {
    text = isStdin(path) ? await readStdinText() : await readText(path);
  } catch (e) {
    throw new InputError(`cannot read ${path}: ${fsReason(e)}`);
  }
  const parsed = parseJson(text);
  if (!parsed.ok) throw new InputError(`${file}: not valid JSON (${parsed.detail})`);
  return { file, capsule: findCapsule(parsed.value) ?? parsed.value };
}

export type CapsuleAction = "validate" | "restore" | "render";

/** validate: the findings (result null); restore: the RestoredState or the upstream throw; render: the prompt text or the throw. */
export type CapsuleOutcome = { file: string; ok: boolean; diagnostics: Diagnostic[] } & (
  | { action: "validate"; result: null }
  | { action: "restore"; result: RestoreResult }
  | { action: "render"; result: RenderResult }
);

export async function runCapsule(action: CapsuleAction, path: string): Promise<CapsuleOutcome> {
  const { file, capsule } = await readCapsule(path);
  const diagnostics = capsuleDiagnostics(capsule, file);
  if (action === "validate") {
    const ok = !diagnostics.some((d) => d.severity === "error");
    return { action, file, ok, diagnostics, result: null };
  }
  if (action === "restore") {
    const r = restoreFromCapsule(capsule);
    return { action, file, ok: r.ok, diagnostics, result: r };
  }
  const r = renderCompactCapsulePrompt(capsule);
  return { action, file, ok: r.ok, diagnostics, result: r };
}
