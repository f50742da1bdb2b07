// sightline ttsr run <sessions..> --rules DIR: TTSR replay over recorded sessions (docs/product.md §4, §5).
import { MISSING } from "../../io/fs-reason.js";
import { isStdin, STDIN } from "../../io/read.js";
import { pathKind } from "../../io/stat.js";
import { parseChunking } from "../../app/options/options.js";
import { defineCommand, defineGroup, commandName, type Command } from "../command.js";
import { ttsrRunExitCode, EXITS } from "../exit-codes.js";
import { UsageError } from "../../shared/errors.js";
import { out, err, outJson, tableWidth } from "../output.js";
import { formatDiagnostic } from "./ttsr-test.js";
import { profileOption, TTSR_PROFILE_CHOICES } from "../profile-help.js";

/** The `ttsr` command group: run, test, list, lint as real subcommands (each with its own --help). */
export const ttsrGroup = (subcommands: readonly Command[]): Command =>
  defineGroup("ttsr", `TTSR stream rules (${subcommands.map(commandName).join(", ")})`, subcommands);

export const ttsrRunCommand = defineCommand({
  command: "run <sessions..>",
  describe: "Replay TTSR rules over recorded sessions and compare with the recorded injections",
  exits: EXITS.ttsrRun,
  builder: (y) =>
    y
      .positional("sessions", { type: "string", array: true, describe: "Session files, folders or quoted globs (- for stdin)" })
      .option("rules", { type: "string", array: true, describe: "Rule folder (repeatable, highest priority first; required by run)" })
      .option("settings", {
        type: "string",
        describe: "TTSR settings JSON (flat or under a ttsr key; default: a settings.json beside each session, else the defaults)",
      })
      .option("profile", profileOption())
      .option("ttsr-profile", {
        choices: TTSR_PROFILE_CHOICES,
        describe: "TTSR behaviour to replay (default: the session's — v17 for omp17, v18 for omp18 sessions — else seed)",
      })
      .option("agent", {
        type: "string",
        describe: "v18: the agent a session ran as, for rule `agents` scoping, when the session does not record it (default: main)",
      })
      .option("verdicts", { type: "string", describe: "v18: judged-rule verdicts JSON (rule → yes/no, per response optional) to replay judged rules with" })
      .option("chunking", { type: "string", default: "whole", describe: "Delta synthesis: whole | fixed:N | random:SEED" })
      .option("cwd", {
        type: "string",
        describe:
          "Replay cwd: the agent's cwd for rule paths in templates (default: the folder holding the rules' .omp/, or the session's recorded cwd mapped onto the rules)",
      })
      .option("home", { type: "string", describe: "Replay home directory (default: the user's)" })
      .option("resumed-at", { type: "string", array: true, describe: "The agent process restarted just before this entry id (repeatable)" })
      .option("regex-budget", { type: "number", default: 2000, describe: "Milliseconds one regex test may take before its rule is excluded (0: no worker)" })
      .option("full", { type: "boolean", default: false, describe: "Print every turn's row (default: only the turns that disagree or are unverifiable)" })
      .option("json", { type: "boolean", default: false, describe: "Print the ttsr run document (schemaVersion 1) only" })
      .example(
        "$0 ttsr run session.jsonl --rules project/.omp/rules --settings settings.json",
        "Replay a recording with its project's rules (profile and cwd follow the session and the rules)",
      ),
  handler: async (a) => {
    const [{ ttsrRun }, { verdictsProblem }, { renderTtsrRun }] = await Promise.all([
      import("../../app/ttsr/run.js"),
      import("../../app/ttsr/verdicts.js"),
      import("../../report/ttsr-run.js"),
    ]);
    const rules = a.rules ?? [];
    if (rules.length === 0) throw new UsageError("ttsr run needs --rules DIR");
    // Checked before the replay: a replay without its rules or settings would only print a wrong answer.
    for (const dir of rules) {
      const kind = pathKind(dir);
      if (kind === "missing") throw new UsageError(`--rules ${dir}: ${MISSING}`);
      if (kind !== "dir" && !(kind === "file" && /\.(md|mdc)$/.test(dir))) throw new UsageError(`--rules ${dir}: not a rule folder or a *.md rule file`);
    }
    if (a.settings !== undefined && pathKind(String(a.settings)) !== "file")
      throw new UsageError(`--settings ${a.settings}: ${pathKind(String(a.settings)) === "missing" ? MISSING : "not a file"}`);
    if (a.verdicts !== undefined && pathKind(String(a.verdicts)) !== "file")
      throw new UsageError(`--verdicts ${a.verdicts}: ${pathKind(String(a.verdicts)) === "missing" ? MISSING : "not a file"}`);
    const badVerdicts = a.verdicts !== undefined ? verdictsProblem(String(a.verdicts)) : undefined;
    if (badVerdicts) throw new UsageError(badVerdicts);
    const chunking = parseChunking(String(a.chunking));
    if (!chunking) throw new UsageError(`--chunking must be whole, fixed:N (N ≥ 1) or random:SEED, not ${JSON.stringify(a.chunking)}`);
    const budgetMs = Number(a.regexBudget);
    if (!Number.isFinite(budgetMs) || budgetMs < 0) throw new UsageError("--regex-budget must be a number of milliseconds ≥ 0");
    // main.ts hands a bare "-" over as STDIN_ARG (yargs cannot carry it); the app layer reads "-" as stdin.
    const sessions = a.sessions.map((p) => (isStdin(p) ? STDIN : p));
    const doc = await ttsrRun(sessions, {
      budgetMs,
      rules,
      settings: a.settings,
      profile: a.profile,
      ttsrProfile: a.ttsrProfile,
      chunking,
      cwd: a.cwd,
      home: a.home,
      resumedAt: a.resumedAt ?? [],
      agent: a.agent,
      verdicts: a.verdicts,
    });
    if (a.json) outJson(doc);
    else out(renderTtsrRun(doc, { width: tableWidth(), full: a.full }));
    for (const d of doc.diagnostics) if (a.json || d.severity !== "info") err(`${formatDiagnostic(d)}\n`);
    return ttsrRunExitCode(doc);
  },
});
