// Types of agents.mjs for the TypeScript tests.
import type { CachedFile } from "./corpus.d.mts";
export interface AgentArchive {
  dir: string;
  root: string;
  files: CachedFile[];
  bytes: number;
  jsonBytes: number;
  largest: number;
  sessions: number;
  variants: string[];
  subagents?: number;
  toolResults?: number;
  addedTurns?: number;
}
export declare function claudeCodeArchive(dir: string, bytes: number, seed?: number, releases?: string[]): Promise<AgentArchive>;
export declare function codexArchive(dir: string, bytes: number, seed?: number, releases?: string[]): Promise<AgentArchive>;
