// defineCommand: the handler's argument types come from the yargs declaration (checked by tsc in `npm run
// lint`), and the registered command hands the handler's exit code back to main.
import yargs from "yargs";
import { describe, expect, expectTypeOf, it } from "vitest";
import { commandName, defineCommand, defineGroup, type Command } from "../../../src/cli/command.js";

const greet = (seen: unknown[]) =>
  defineCommand({
    command: "greet <name> [others..]",
    describe: "Greets",
    exits: { 0: "greeted" },
    builder: (y) =>
      y
        .positional("name", { type: "string" })
        .positional("others", { type: "string", array: true })
        .option("loud", { type: "boolean", default: false })
        .option("tone", { choices: ["warm", "dry"] as const })
        .option("max-words", { type: "number" }),
    handler: async (a) => {
      expectTypeOf(a.name).toEqualTypeOf<string>();
      expectTypeOf(a.others).toEqualTypeOf<string[] | undefined>();
      expectTypeOf(a.loud).toEqualTypeOf<boolean>();
      expectTypeOf(a.tone).toEqualTypeOf<"warm" | "dry" | undefined>();
      expectTypeOf(a.maxWords).toEqualTypeOf<number | undefined>();
      expectTypeOf(a.color).toEqualTypeOf<boolean | undefined>();
      seen.push({ name: a.name, others: a.others, loud: a.loud, tone: a.tone, maxWords: a.maxWords });
      return a.loud ? 1 : 0;
    },
  });

async function run(commands: readonly Command[], argv: string[]): Promise<{ code?: number; error?: string }> {
  let code: number | undefined;
  const parser = yargs(argv)
    .option("color", { type: "boolean" })
    .strict()
    .exitProcess(false)
    .fail((msg, e) => {
      throw e ?? new Error(msg);
    });
  for (const c of commands) c.register(parser, (n) => (code = n));
  try {
    await parser.parseAsync();
    return { code };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

describe("defineCommand", () => {
  it("runs the handler on the parsed, camel-cased arguments and reports its exit code", async () => {
    const seen: unknown[] = [];
    expect(await run([greet(seen)], ["greet", "Ann", "Bo", "--loud", "--tone", "dry", "--max-words", "3"])).toEqual({ code: 1 });
    expect(await run([greet(seen)], ["greet", "Ann"])).toEqual({ code: 0 });
    expect(seen).toEqual([
      { name: "Ann", others: ["Bo"], loud: true, tone: "dry", maxWords: 3 },
      { name: "Ann", others: [], loud: false, tone: undefined, maxWords: undefined },
    ]);
  });
  it("leaves a missing demanded positional to yargs: the handler never runs", async () => {
    const seen: unknown[] = [];
    const r = await run([greet(seen)], ["greet"]);
    expect(r.code).toBeUndefined();
    expect(r.error).toMatch(/Not enough non-option arguments/);
    expect(seen).toEqual([]);
  });
  it("declares its options for argv-check through builder, and is named by its first word", () => {
    const c = greet([]);
    expect(commandName(c)).toBe("greet");
    expect(c.builder(yargs([]).option("color", { type: "boolean" }))).toBeDefined();
  });
});

describe("defineGroup", () => {
  it("registers its subcommands beneath it and demands one", async () => {
    const seen: unknown[] = [];
    const group = defineGroup("say", "Saying things", [greet(seen)]);
    expect(group.subcommands?.map(commandName)).toEqual(["greet"]);
    expect(await run([group], ["say", "greet", "Cy"])).toEqual({ code: 0 });
    expect(seen).toEqual([{ name: "Cy", others: [], loud: false, tone: undefined, maxWords: undefined }]);
    expect((await run([group], ["say"])).error).toBe("Name a say subcommand (see --help).");
  });
});
