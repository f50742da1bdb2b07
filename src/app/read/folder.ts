// A session stored as a folder: the formats say which file of a folder stands for the session (their `folder`
// hook, e.g. yoi's newest segment, docs/yoi.md §7, §9); this side lists the folders and reads the manifest.
import { join } from "node:path";
import { loadAllFormats, loadedFormats, type RegisteredFormat } from "../../formats/registry.js";
import { listDir } from "../../io/text.js";

export interface FolderSession {
  /** The session file the folder stands for. */
  file: string;
  format: RegisteredFormat;
  /** A manifest beside the subfolder the file was found in, whose findings apply to the session. */
  manifest?: string;
}

/** The session file a folder stands for, by the first format that recognises the folder; undefined when none does. */
export async function folderSession(dir: string): Promise<FolderSession | undefined> {
  const names = await listDir(dir);
  // Only a full module has the folder hook: a folder is rare enough among an audit's inputs to load every format.
  for (const format of await loadAllFormats()) {
    const entry = format.folder?.entry(names);
    if (entry === undefined) continue;
    if ("file" in entry) return { file: join(dir, entry.file), format };
    const inner = await folderSession(join(dir, entry.folder));
    if (inner === undefined) return undefined;
    return inner.manifest !== undefined || entry.manifest === undefined ? inner : { ...inner, manifest: join(dir, entry.manifest) };
  }
  return undefined;
}

/** What a session folder's file is called, for a folder holding none ("yoi segment file"); after folderSession. */
export const folderFileKinds = (): string =>
  loadedFormats()
    .flatMap((f) => (f.folder ? [f.folder.fileKind] : []))
    .join(" or ");
