/**
 * Input that cannot be processed at all (unreadable path, unknown --leaf, not a session): the CLI maps it
 * to exit code 2 (docs/product.md §4). Problems *inside* readable input are diagnostics, never thrown.
 */
export class InputError extends Error {
  override name = "InputError";
}

/** A command line that asks for something impossible (unknown --profile, bad --turn): exit code 2 with usage help. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** An optional dependency a requested feature needs is not installed (a usage problem: exit code 2). The CLI
 * names the flag that asked for it; the library does not know of flags. */
export class MissingPackageError extends UsageError {
  override name = "MissingPackageError";
  constructor(
    readonly packageName: string,
    message: string,
  ) {
    super(message);
  }
}
