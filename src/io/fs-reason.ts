// One wording for a path the file system refuses, in every command: "cannot read X: no such file or folder",
// never a bare errno name (ENOENT) or Node's own sentence. Other errors keep their message.
/** The words for a path that is not there (flags say `--rules X: no such file or folder` too). */
export const MISSING = "no such file or folder";

const REASON: Record<string, string> = {
  ENOENT: MISSING,
  ENOTDIR: `${MISSING} (a part of the path is a file)`,
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "is a folder",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "the name is too long",
};

/** Why a path could not be read, in words (a node:fs error's code mapped; anything else its message). */
export function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && Object.hasOwn(REASON, code)) return REASON[code];
  return e instanceof Error ? e.message : String(e);
}
