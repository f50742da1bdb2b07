// One measurement in a fresh process: `node child.mjs <result.json> <workload> <json args>`. Timing
// starts after imports (so Node start-up and module loading are excluded for every contender alike),
// and the peak RSS of the process is reported from getrusage. The workload's own stdout goes wherever
// the parent pointed it (/dev/null for CLI output).
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { floorParse, extractStreamText, scanTexts } from "./floor.mjs";

const [resultPath, workload, rawArgs] = process.argv.slice(2);
/** CPU time (user + system, every thread of the process) since `c0`, in ms: less disturbed by other load than wall time. */
const cpuMsSince = (c0) => {
  const u = process.cpuUsage(c0);
  return (u.user + u.system) / 1000;
};
const args = JSON.parse(rawArgs ?? "{}");

async function run() {
  switch (workload) {
    case "floor": {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = await floorParse(args.files);
      return { ms: performance.now() - t0, cpuMs: cpuMsSince(c0), ...r };
    }
    case "cli": {
      const { main } = await import(pathToFileURL(args.mainJs).href);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const code = await main(args.argv);
      return { ms: performance.now() - t0, cpuMs: cpuMsSince(c0), code };
    }
    case "scan": {
      // The single-pass baseline of the TTSR workload: every streamed text once through the same 50 regexes.
      const texts = await extractStreamText(args.file);
      const t0 = performance.now();
      const r = scanTexts(texts, args.conditions);
      return { ms: performance.now() - t0, ...r };
    }
    case "lib-ttsr": {
      // simulateTtsr alone, on a session already read: the matcher's cost beside the single-pass scan.
      const lib = await import(pathToFileURL(args.indexJs).href);
      const session = await lib.readSession(args.file, {});
      const loaded = await lib.loadRules([args.rulesDir], { ttsrProfile: "seed", cwd: args.cwd, home: args.cwd });
      const ruleList = loaded.rules ?? loaded;
      const t0 = performance.now();
      const r = await lib.simulateTtsr(session, ruleList, { ttsrProfile: "seed", chunking: { kind: "fixed", size: 16 }, cwd: args.cwd, home: args.cwd });
      const ms = performance.now() - t0;
      return { ms, turns: Array.isArray(r?.turns) ? r.turns.length : undefined };
    }
    default:
      throw new Error(`unknown workload ${workload}`);
  }
}

try {
  const r = await run();
  writeFileSync(resultPath, JSON.stringify({ ok: true, ...r, maxRssMB: process.resourceUsage().maxRSS / 1024 }));
} catch (e) {
  writeFileSync(
    resultPath,
    JSON.stringify({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e), maxRssMB: process.resourceUsage().maxRSS / 1024 }),
  );
}
