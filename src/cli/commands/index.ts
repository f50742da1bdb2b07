// Every command of the CLI, in the order --help lists them. Add one import and one array entry per command.
import type { Command } from "../command.js";
import { capsuleCommand } from "./capsule.js";
import { codesCommand } from "./codes.js";
import { diffCommand } from "./diff.js";
import { replayCommand } from "./replay.js";
import { validateCommand } from "./validate.js";
import { auditCommand } from "./audit.js";
import { checkCommand } from "./check.js";
import { mergeReportsCommand } from "./merge-reports.js";
import { ttsrGroup, ttsrRunCommand } from "./ttsr-run.js";
import { ttsrTestCommand } from "./ttsr-test.js";
import { ttsrListCommand } from "./ttsr-list.js";
import { ttsrLintCommand } from "./ttsr-lint.js";

export type { Command } from "../command.js";

export const commands: Command[] = [
  validateCommand,
  replayCommand,
  diffCommand,
  capsuleCommand,
  checkCommand,
  auditCommand,
  mergeReportsCommand,
  ttsrGroup([ttsrRunCommand, ttsrTestCommand, ttsrListCommand, ttsrLintCommand]),
  codesCommand,
];
