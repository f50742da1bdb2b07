// --shard i/n as given on the command line: parsed by the app layer, a bad value is a usage error (exit 2).
import { parseShard, type Shard } from "../app/report-folder/shard.js";
import { UsageError } from "../shared/errors.js";

export function shardArg(value: unknown): Shard | undefined {
  if (value === undefined) return undefined;
  const s = parseShard(String(value));
  if (typeof s === "string") throw new UsageError(s);
  return s;
}
