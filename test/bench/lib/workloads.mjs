// The contenders, each measured the same way: floor and sightline in a fresh Node process timed after
// imports, jq as an external command timed by wall clock.
import { best, runChild, runJq } from "./measure.mjs";
import { INDEX_JS, MAIN_JS, missing } from "./sightline.mjs";

export function floor(files, reps) {
  return best(reps, () => runChild("floor", { files }));
}

export function jq(ctx, files, reps) {
  if (!ctx.jqVersion) return { unavailable: "jq is not installed (apt-get install -y jq)" };
  return best(reps, () => runJq(files));
}

/** A sightline command run through the real CLI entry (dist/cli/main.js), its stdout to /dev/null. */
export async function cli(ctx, argv, reps) {
  const why = missing(ctx.probe, { command: argv[0] });
  if (why) return { unavailable: why };
  const r = await best(reps, () => runChild("cli", { mainJs: MAIN_JS, argv }));
  // yargs reports an unknown sub-command or option as a usage error (exit 2): the command is not there yet.
  if (!r.ok && /exit 2/.test(r.error) && /Unknown|Did you mean|Not enough|command/i.test(r.error))
    return { unavailable: `\`sightline ${argv.slice(0, 2).join(" ")}\` (${r.error.replace(/^exit 2: /, "").slice(0, 80)})` };
  return r;
}

export function scan(file, conditions, reps) {
  return best(reps, () => runChild("scan", { file, conditions }));
}

export async function libTtsr(ctx, file, rulesDir, cwd, reps) {
  const why = missing(ctx.probe, { exports: ["readSession", "loadRules", "simulateTtsr"] });
  if (why) return { unavailable: why };
  return best(reps, () => runChild("lib-ttsr", { indexJs: INDEX_JS, file, rulesDir, cwd }));
}
