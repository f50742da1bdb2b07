// yargs without what only its help text needs. Its Node entry ("yargs") loads cliui, wrap-ansi and two versions
// of string-width, which build Unicode tables, regular expressions and an Intl.Segmenter as they load: ≈ 35 ms of
// the main thread's CPU at every start (docs/performance.md §4.39), for text that only --help prints. Here yargs'
// own factory is given the platform functions its Node entry gives it (io/yargs-platform.ts), cliui and
// string-width loaded on their first call. Should a yargs release move the files reached here, its Node entry is
// used instead: the same parser, the start as before.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type Yargs from "yargs";
import { yargsPlatform } from "../io/yargs-platform.js";

type YargsFn = typeof Yargs;

async function load(): Promise<YargsFn> {
  try {
    const entry = import.meta.resolve("yargs");
    const [factory, argvBin, parser] = await Promise.all([
      import(new URL("build/lib/yargs-factory.js", entry).href),
      import(new URL("build/lib/utils/process-argv.js", entry).href),
      import(pathToFileURL(createRequire(entry).resolve("yargs-parser")).href),
    ]);
    const make = (factory as { YargsFactory?: (shim: object) => YargsFn }).YargsFactory;
    const getProcessArgvBin = (argvBin as { getProcessArgvBin?: () => string | undefined }).getProcessArgvBin;
    const Parser = (parser as { default?: unknown }).default;
    if (typeof make === "function" && typeof getProcessArgvBin === "function" && typeof Parser === "function")
      return make(yargsPlatform({ entry, getProcessArgvBin, Parser }));
  } catch {
    // The layout changed: the entry below.
  }
  return (await import("yargs")).default;
}

/** yargs' default export (`yargs(argv)` makes a parser). */
export const yargs: YargsFn = await load();
