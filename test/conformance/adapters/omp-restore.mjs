// What an oh-my-pi install needs when the registry lacks the release's own @oh-my-pi siblings and the adapter
// falls back to the nearest older ones: the behaviour the release relies on and those siblings lack, restored
// as the release's bundled dist/cli.js (which embeds the siblings at the release's version) shows it. Each
// entry is applied only when the installed sibling lacks it; everything applied is logged and recorded in
// install.json. A difference the harness reports in a field one of these siblings builds may still be such a
// gap: check the release's dist/cli.js before changing sightline.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Modules the release imports that the sibling lacks: path under node_modules → text. */
const MODULES = {
  // 18.3.4 session-storage.ts opens the transcript with close-on-exec (pi-utils 18.2.9 has no fs-open).
  "@oh-my-pi/pi-utils/src/fs-open.ts": `import * as fs from "node:fs";
const CLOEXEC = process.platform === "linux" ? 0o2000000 : process.platform === "darwin" ? 0x1000000 : 0;
export function openCloexecSync(path: fs.PathLike, flags: number, mode?: fs.Mode): number {
\treturn fs.openSync(path, flags | CLOEXEC, mode);
}
`,
};

/** Edits to sibling sources: file, `has` (present: the sibling already does it, skipped), the text to find, its replacement. */
const EDITS = [
  {
    why: "compaction summary messages carry historyRewriteAt (18.3.4 session-context.ts passes it)",
    file: "@oh-my-pi/pi-agent-core/src/compaction/messages.ts",
    has: "historyRewriteAt } = options",
    find: "const { shortSummary, providerPayload, images, blocks, warning, method, tokensAfter } = options;",
    replace: "const { shortSummary, providerPayload, images, blocks, warning, method, tokensAfter, historyRewriteAt } = options;",
    also: {
      find: "\t\twarning,\n\t\ttimestamp: new Date(timestamp).getTime(),",
      replace: "\t\twarning,\n\t\thistoryRewriteAt,\n\t\ttimestamp: new Date(timestamp).getTime(),",
    },
  },
  {
    why: "preserved Anthropic compaction data keeps its signature",
    file: "@oh-my-pi/pi-agent-core/src/compaction/anthropic.ts",
    has: "candidate.signature",
    find: "\t\tcontent: candidate.content,\n",
    replace:
      '\t\tcontent: candidate.content,\n\t\t...(typeof candidate.signature === "string" && candidate.signature.length > 0 ? { signature: candidate.signature } : {}),\n',
  },
  {
    why: "the Anthropic compaction payload replays its signature",
    file: "@oh-my-pi/pi-agent-core/src/compaction/anthropic.ts",
    has: "preserved.signature",
    find: "\t\tcontent: preserved.content,\n",
    replace: "\t\tcontent: preserved.content,\n\t\t...(preserved.signature ? { signature: preserved.signature } : {}),\n",
  },
  {
    why: "the native loader exports what the bundled CLI (dist/cli.js, used by omp-agent.mjs) imports; stubs that throw, never called there",
    file: "@oh-my-pi/pi-natives/native/index.js",
    has: "appleFmAvailability",
    find: "// --- end generated native exports ---\n",
    replace: `// --- end generated native exports ---
const absentIn182 = (name) => () => {
\tthrow new Error(\`\${name} is not in this pi-natives release\`);
};
export const ShellFsFileType = {};
export const ShellFsMissing = {};
export const ShellFsOp = {};
export const ShellFsResolve = {};
export const TextPredictor = class {
\tconstructor() {
\t\tthrow new Error("TextPredictor is not in this pi-natives release");
\t}
};
export const appleFmAvailability = absentIn182("appleFmAvailability");
export const appleFmCancel = absentIn182("appleFmCancel");
export const appleFmGenerate = absentIn182("appleFmGenerate");
`,
  },
];

const packageOf = (rel) => rel.split("/").slice(0, 2).join("/");

/**
 * Applies what the install in `nm` (a node_modules folder) lacks, in the packages `substituted` (installed at
 * another version than the release pins; a sibling at its own version is left as published). Returns what it applied.
 */
export function restoreReleaseBehaviour(nm, substituted, log) {
  const applied = [];
  for (const [rel, text] of Object.entries(MODULES)) {
    const file = join(nm, rel);
    if (!substituted.has(packageOf(rel)) || existsSync(file)) continue;
    writeFileSync(file, text);
    applied.push(`added ${rel}`);
  }
  for (const e of EDITS) {
    if (!substituted.has(packageOf(e.file))) continue;
    const file = join(nm, e.file);
    let src = readFileSync(file, "utf8");
    if (src.includes(e.has) || !src.includes(e.find) || (e.also && !src.includes(e.also.find))) continue;
    src = src.replace(e.find, e.replace);
    if (e.also) src = src.replace(e.also.find, e.also.replace);
    writeFileSync(file, src);
    applied.push(`${e.file}: ${e.why}`);
  }
  for (const a of applied) log(`restored: ${a}`);
  return applied;
}
