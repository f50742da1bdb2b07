// Types of corpus.mjs for the TypeScript tests (the generator itself is plain ESM JavaScript).
export interface CachedFile {
  path: string;
  bytes: number;
}
export declare const ARCHIVE_SOURCE: string;
export declare function ensureArchive(dir: string, source: string, copies: number): { dir: string; files: CachedFile[]; bytes: number };
