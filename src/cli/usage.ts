/** A usage problem or an unreadable input: exit code 2 (design §4). */
export class UsageError extends Error {
  override name = "UsageError";
}
