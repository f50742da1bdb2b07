// Paths in GitHub annotations are read relative to the repository checkout ($GITHUB_WORKSPACE), whatever
// folder the command ran in.
import { isAbsolute, relative, resolve, sep } from "node:path";

export function workspacePath(workspace: string | undefined = process.env.GITHUB_WORKSPACE): (path: string) => string {
  if (!workspace) return (p) => p;
  return (p) => {
    const rel = relative(resolve(workspace), resolve(p));
    return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split(sep).join("/") : p;
  };
}
