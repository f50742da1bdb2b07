// Types of archives.mjs for the TypeScript tests.
import type { CachedFile } from "./corpus.d.mts";
export interface Archive {
  dir: string;
  files: CachedFile[];
  bytes: number;
}
export declare function smallRealArchive(dir: string, count: number): Archive;
export declare function smallGeneratedArchive(dir: string, count: number): Archive;
