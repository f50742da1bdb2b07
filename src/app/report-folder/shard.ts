// --shard i/n (1-based): a deterministic part of the corpus. Files are sorted by path (code-unit order,
// independent of locale) and dealt round-robin, so every shard gets a similar mix and the union of all
// shards is the whole corpus, each file exactly once.
export interface Shard {
  index: number;
  count: number;
}

/** Parses "i/n"; returns an error message for anything else (a usage error, exit 2). */
export function parseShard(spec: string): Shard | string {
  const m = /^(\d+)\/(\d+)$/.exec(spec.trim());
  if (!m) return `option \`shard\` must look like i/n (e.g. 2/4), got "${spec}"`;
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) return `option \`shard\` ${spec}: need 1 <= i <= n`;
  return { index, count };
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The files of shard i/n, chosen by sorted rank and returned in input order (results keep input order). */
export function shardFiles(files: readonly string[], shard: Shard | undefined): string[] {
  if (!shard) return [...files];
  const sorted = [...new Set(files)].sort(byPath);
  const mine = new Set(sorted.filter((_, k) => k % shard.count === shard.index - 1));
  return files.filter((f) => mine.has(f));
}
