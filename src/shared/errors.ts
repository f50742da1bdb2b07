/**
 * The option of a library call whose value was refused (`leafId`, `turn`, `compactionId`, `profile`). The library
 * words the problem in its own option names; the CLI names its flag instead (cli/main.ts).
 */
export interface RefusedOption {
  name: string;
  value: string;
}

const worded = (problem: string, option: RefusedOption | undefined): string =>
  option ? `${option.name} ${JSON.stringify(option.value)}: ${problem}` : problem;

/**
 * Input that cannot be processed at all (unreadable path, an unknown leaf id, not a session): the CLI maps it
 * to exit code 2 (docs/product.md §4). Problems *inside* readable input are diagnostics, never thrown.
 */
export class InputError extends Error {
  override name = "InputError";
  constructor(
    readonly problem: string,
    readonly option?: RefusedOption,
  ) {
    super(worded(problem, option));
  }
}

/** A request that asks for something impossible (an unknown profile): exit code 2 with usage help. */
export class UsageError extends Error {
  override name = "UsageError";
  constructor(
    readonly problem: string,
    readonly option?: RefusedOption,
  ) {
    super(worded(problem, option));
  }
}

/** An optional dependency a requested feature needs is not installed (a usage problem: exit code 2). `option` is the
 * library option that asked for it; the CLI names its flag (cli/flags.ts). */
export class MissingPackageError extends UsageError {
  override name = "MissingPackageError";
  constructor(
    readonly packageName: string,
    problem: string,
    option?: RefusedOption,
  ) {
    super(problem, option);
  }
}
