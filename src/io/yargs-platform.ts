// The platform functions yargs' factory is built with (cli/yargs.ts): what yargs' own Node entry gives it, written
// here because yargs reads files through them (package.json for --version, its locales). The two that only draw
// help text, cliui and string-width, are loaded on their first call (see cli/yargs.ts for why).
import { notStrictEqual, strictEqual } from "node:assert";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { inspect } from "node:util";

/** What the platform needs from yargs' package: where it is, and the modules it brings. */
export interface YargsParts {
  /** The URL of yargs' Node entry (index.mjs): the locales and the dependencies are found from it. */
  entry: string;
  getProcessArgvBin: () => string | undefined;
  Parser: unknown;
}

type Lazy = (...args: unknown[]) => unknown;

export function yargsPlatform({ entry, getProcessArgvBin, Parser }: YargsParts): object {
  // yargs' own dependencies, found from its folder (not sightline's: knip.json ignores their names).
  const require = createRequire(entry);
  const entryPath = fileURLToPath(entry);
  // yargs looks for package.json (--version) from the folder above its node_modules, as its entry does.
  const mainFilename = entryPath.substring(0, entryPath.lastIndexOf("node_modules"));
  const y18n = require("y18n") as (o: object) => unknown;
  const getCallerFile = require("get-caller-file") as (n: number) => string;
  const onFirstCall = (id: string): Lazy => {
    let f: Lazy | undefined;
    return (...args) => {
      if (f === undefined) {
        // An ES module loaded synchronously (Node ≥ 20.19): only help text gets here. cliui names its function
        // as what require gives ("module.exports"), string-width as its default export.
        const m = require(id) as Lazy | { default: Lazy };
        f = typeof m === "function" ? m : m.default;
      }
      return f(...args);
    };
  };
  return {
    assert: { notStrictEqual, strictEqual },
    cliui: onFirstCall("cliui"),
    findUp: require("escalade/sync"),
    getEnv: (key: string) => process.env[key],
    inspect,
    getProcessArgvBin,
    mainFilename: mainFilename || process.cwd(),
    Parser,
    path: { basename, dirname, extname, relative, resolve, join },
    process: {
      argv: () => process.argv,
      cwd: process.cwd,
      emitWarning: (warning: string, type?: string) => process.emitWarning(warning, type),
      execPath: () => process.execPath,
      exit: (code?: number) => process.exit(code),
      nextTick: process.nextTick,
      stdColumns: typeof process.stdout.columns !== "undefined" ? process.stdout.columns : null,
    },
    readFileSync,
    readdirSync,
    require,
    getCallerFile: () => {
      const file = getCallerFile(3);
      return file.startsWith("file://") ? fileURLToPath(file) : file;
    },
    stringWidth: onFirstCall("string-width"),
    y18n: y18n({ directory: fileURLToPath(new URL("locales", entry)), updateFiles: false }),
  };
}
