// Whole-file text reads and small folder operations for the app layer (small inputs only: settings,
// capsules, JSON documents, goldens). Sessions are streamed through read.ts instead.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";

export const readText = (path: string): Promise<string> => readFile(path, "utf8");
export const readTextSync = (path: string): string => readFileSync(path, "utf8");
export const exists = (path: string): boolean => existsSync(path);
export const listDir = (dir: string): Promise<string[]> => readdir(dir);
export const listDirSync = (dir: string): string[] => readdirSync(dir);
export const removeFile = (path: string): void => rmSync(path, { force: true });
export const isDirectory = async (path: string): Promise<boolean> => (await stat(path)).isDirectory();

/** All of standard input as UTF-8 text. */
export async function readStdinText(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** sightline's own version, from its package.json ("0.0.0" when that cannot be read). */
export function toolVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
  } catch {
    return "0.0.0";
  }
}
