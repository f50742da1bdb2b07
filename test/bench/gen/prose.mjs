// English-like prose, code and tool output for synthetic sessions. Word frequencies roughly follow real
// assistant replies (function words dominate), so regex scans see realistic text, and rule samples
// (rules.mjs) appear rarely so some TTSR rules fire.
import { samples } from "./rules.mjs";

const FUNCTION =
  "the the the a a an and and of of to to to in in is is it it that that for for on with as this be are was by at or from not we you can will".split(" ");
const NOUNS =
  "file function test module error value type config path request response handler server client cache buffer stream line parser reader writer index entry session message token rule scope branch commit change diff build step option flag field record schema result output input query table column key map list array string number object promise callback timeout retry queue worker thread process event listener router middleware component state store hook effect context provider service database connection pool transaction migration script command argument parameter variable constant interface class method property import export package dependency version release bug fix feature check case loop condition exception stack trace log warning report summary tool call".split(
    " ",
  );
const VERBS =
  "read write parse build run check update return call handle pass fail throw catch load save create delete remove add change fix refactor rename move split merge compare match replace validate test compile install configure start stop open close send receive wait retry skip keep drop use need want see find show".split(
    " ",
  );
const ADJ =
  "new old current previous next first last empty full small large simple complex async sync local remote default custom valid invalid missing broken stale fresh correct wrong safe unsafe slow fast strict loose raw typed nested flat shared private public internal external".split(
    " ",
  );
const ADV = "now then also only still already again carefully quickly directly instead first finally probably usually".split(" ");
const OPENERS = ["I", "We", "Let me", "Next I", "Now I", "First I", "The", "This", "That", "It", "Here the", "After that the"];
const FILES = [
  "src/index.ts",
  "src/server/router.ts",
  "src/db/pool.ts",
  "src/util/format.ts",
  "lib/parser.py",
  "tests/test_api.py",
  "src/main.rs",
  "Cargo.toml",
  "package.json",
  "README.md",
  "src/components/List.tsx",
  "scripts/build.sh",
  "config/settings.yaml",
  "src/net/retry.py",
  "docs/guide.md",
];
const TOOLS = ["bash", "read", "edit", "write", "grep"];

export class Prose {
  /** @param {import("./prng.mjs").Rng} rng  @param {number} sampleRate chance per sentence of a rule sample */
  constructor(rng, sampleRate = 0.01) {
    this.rng = rng;
    this.sampleRate = sampleRate;
  }
  word() {
    // Category weights 5:4:2:1.5:0.5 (function words dominate, as in real replies).
    const x = this.rng.next() * 13;
    const list = x < 5 ? FUNCTION : x < 9 ? NOUNS : x < 11 ? VERBS : x < 12.5 ? ADJ : ADV;
    return this.rng.pick(list);
  }
  sentence(kind = "text") {
    const r = this.rng;
    const n = r.int(6, 22);
    const words = [r.pick(OPENERS)];
    for (let i = 0; i < n; i++) {
      if (r.chance(0.05)) words.push("`" + r.pick(FILES) + "`");
      else if (r.chance(0.04)) words.push("`" + r.pick(NOUNS) + r.pick(["()", ".ts", "Id", "_count"]) + "`");
      else words.push(this.word());
      if (i > 3 && i < n - 2 && r.chance(0.08)) words[words.length - 1] += ",";
    }
    if (r.chance(this.sampleRate)) {
      const pool = kind === "thinking" ? samples.thinking.concat(samples.text) : samples.text;
      words.splice(r.int(1, words.length - 1), 0, r.pick(pool));
    }
    return words.join(" ") + r.pick([".", ".", ".", ".", ":", "?"]);
  }
  paragraph(kind = "text") {
    const n = this.rng.int(1, 5);
    const out = [];
    for (let i = 0; i < n; i++) out.push(this.sentence(kind));
    return out.join(" ");
  }
  /** An assistant reply: paragraphs, sometimes a list or a fenced code block. */
  reply(minParas = 1, maxParas = 3) {
    const r = this.rng;
    const parts = [];
    const n = r.int(minParas, maxParas);
    for (let i = 0; i < n; i++) {
      parts.push(this.paragraph());
      if (r.chance(0.15)) parts.push(this.bullets());
      if (r.chance(0.12)) parts.push("```ts\n" + this.code(r.int(3, 12)) + "\n```");
    }
    return parts.join("\n\n");
  }
  thinking() {
    return [this.paragraph("thinking"), this.paragraph("thinking")].slice(0, this.rng.int(1, 2)).join("\n\n");
  }
  bullets() {
    const n = this.rng.int(2, 5);
    const out = [];
    for (let i = 0; i < n; i++) out.push("- " + this.sentence());
    return out.join("\n");
  }
  code(lines) {
    const r = this.rng;
    const out = [];
    for (let i = 0; i < lines; i++) {
      const ind = "  ".repeat(r.int(0, 3));
      const name = r.pick(NOUNS) + r.pick(["", "Id", "Count", "List", "Map"]);
      out.push(
        r.weighted([
          [3, `${ind}const ${name} = ${r.pick(VERBS)}${r.pick(NOUNS)[0].toUpperCase()}${r.pick(NOUNS).slice(1)}(${r.pick(NOUNS)});`],
          [2, `${ind}if (${name} === ${r.pick(["null", "undefined", "0", '""'])}) return ${r.pick(["null", "false", name])};`],
          [1, `${ind}for (const ${r.pick(NOUNS)} of ${name}) {`],
          [1, `${ind}}`],
          [1, `${ind}// ${this.sentence()}`],
          [0.1, `${ind}${r.pick(samples.code)}`],
        ]),
      );
    }
    return out.join("\n");
  }
  userAsk() {
    const r = this.rng;
    const asks = [
      () => `Can you ${r.pick(VERBS)} the ${r.pick(NOUNS)} in ${r.pick(FILES)}? ${this.sentence()}`,
      () => `The ${r.pick(NOUNS)} ${r.pick(["fails", "is slow", "breaks", "returns the wrong value"])} when ${this.sentence().toLowerCase()}`,
      () => `${this.paragraph()}`,
      () => `Please ${r.pick(VERBS)} ${r.pick(FILES)} so that ${this.sentence().toLowerCase()}`,
    ];
    return r.pick(asks)();
  }
  file() {
    return this.rng.pick(FILES);
  }
  tool() {
    return this.rng.weighted([
      [5, "bash"],
      [4, "read"],
      [3, "edit"],
      [1, "write"],
      [1, "grep"],
    ]);
  }
  /** Tool arguments as an object (what pi/Scorel store; yoi stores the JSON string). */
  toolArgs(name) {
    const r = this.rng;
    switch (name) {
      case "bash": {
        const cmd = r.pick([
          "npm test",
          "git status",
          "ls -la src",
          "cargo build",
          "pytest -q tests",
          "grep -rn TODO src",
          "git diff --stat",
          "node scripts/build.mjs",
        ]);
        return { command: r.chance(0.02) ? `${r.pick(samples.bash)} ${cmd}`.trim() : cmd };
      }
      case "read":
        return { path: this.file(), offset: r.int(0, 200), limit: 200 };
      case "edit":
        return { path: this.file(), old_text: this.code(r.int(1, 4)), new_text: this.code(r.int(1, 6)) };
      case "write":
        return { path: this.file(), content: this.code(r.int(6, 24)) };
      default:
        return { pattern: r.pick(NOUNS), path: "src" };
    }
  }
  /** Tool output: mostly short, sometimes kilobytes (file reads, test logs). */
  toolOutput(name) {
    const r = this.rng;
    const size = r.weighted([
      [76, "short"],
      [21, "medium"],
      [3, "long"],
    ]);
    if (size === "short")
      return r.pick([`Edited ${this.file()}`, "ok", `${r.int(1, 40)} passed in ${r.int(1, 90) / 10}s`, this.sentence(), `exit code ${r.int(0, 2)}`]);
    const lines = size === "medium" ? r.int(5, 20) : r.int(40, 160);
    if (name === "read" || name === "write" || name === "edit") return this.code(lines);
    const out = [];
    for (let i = 0; i < lines; i++)
      out.push(
        r.chance(0.5)
          ? `${this.file()}:${r.int(1, 400)}: ${this.sentence()}`
          : `  ${r.pick(["PASS", "FAIL", "ok", "warn"])} ${r.pick(NOUNS)} ${r.pick(VERBS)}s ${r.pick(NOUNS)} (${r.int(1, 900)} ms)`,
      );
    return out.join("\n");
  }
  summary() {
    return `## Goal\n${this.sentence()}\n\n## Done\n${this.bullets()}\n\n## Next\n${this.bullets()}`;
  }
}

export { TOOLS };
