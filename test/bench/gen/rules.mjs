// The 50 TTSR rules of the benchmark: plausible project rules (filler words, unsafe commands, type escapes,
// secrets, ...). Each has a sample phrase the prose generator sprinkles in rarely, so some rules fire.
// Conditions are written as YAML single-quoted scalars: backslashes stay literal (ttsr-spec §2.1 trap).

/** [name, regex condition, scope or null (default scope), sample text that matches] */
const RULES = [
  ["no-filler-basically", "\\bbasically\\b", "text", "basically"],
  ["no-filler-obviously", "\\bobviously\\b", "text", "obviously"],
  ["no-filler-simply", "\\bjust simply\\b", "text", "just simply"],
  ["no-guarantees", "\\bI guarantee\\b", "text", "I guarantee"],
  ["no-promises", "\\bwill definitely work\\b", "text", "will definitely work"],
  ["no-apology-loop", "I apologi[sz]e for the confusion", "text", "I apologize for the confusion"],
  ["no-as-an-ai", "[Aa]s an AI (language )?model", "text", "As an AI model"],
  ["no-ts-ignore", "@ts-(ignore|nocheck)", null, "@ts-ignore"],
  ["no-as-any", "\\bas any\\b", null, "as any"],
  ["no-explicit-any", ":\\s*any\\b[^-]", null, ": any;"],
  ["no-console-log", "console\\.log\\(", null, "console.log("],
  ["no-debugger", "\\bdebugger;", null, "debugger;"],
  ["no-eval", "\\beval\\(", null, "eval("],
  ["no-star-import", "import \\* as \\w+ from", null, "import * as fs from"],
  ["no-default-export", "export default (function|class)", null, "export default function"],
  ["no-var", "\\bvar [a-z]\\w* =", null, "var count = "],
  ["no-todo-left", "\\bTODO\\(nobody\\)", null, "TODO(nobody)"],
  ["no-fixme", "\\bFIXME:", null, "FIXME:"],
  ["no-sleep-in-tests", "Thread\\.sleep\\(|time\\.sleep\\(", null, "time.sleep("],
  ["no-bare-except", "except:\\s*pass", null, "except: pass"],
  ["no-unwrap", "\\.unwrap\\(\\)\\.unwrap\\(\\)", null, ".unwrap().unwrap()"],
  ["no-panic", 'panic!\\("unreachable', null, 'panic!("unreachable'],
  ["no-hardcoded-password", 'password\\s*=\\s*"[^"]+"', null, 'password = "hunter2"'],
  ["no-aws-key", "AKIA[0-9A-Z]{16}", null, "AKIAIOSFODNN7EXAMPLE"],
  ["no-github-token", "ghp_[A-Za-z0-9]{20,}", null, "ghp_abcdefghijklmnopqrstuvwxyz"],
  ["no-private-key", "-----BEGIN (RSA |EC )?PRIVATE KEY-----", null, "-----BEGIN RSA PRIVATE KEY-----"],
  ["no-http-urls", "http://(?!localhost)[a-z]+\\.example\\.com", null, "http://api.example.com"],
  ["no-innerhtml", "\\.innerHTML\\s*=", null, ".innerHTML ="],
  ["no-sql-concat", "SELECT \\* FROM \\w+ WHERE \\w+ = ' \\+", null, "SELECT * FROM users WHERE id = ' +"],
  ["no-sync-fs", "readFileSync\\(|writeFileSync\\(", null, "readFileSync("],
  ["no-sudo", "\\bsudo\\s", "tool:bash", "sudo "],
  ["no-rm-rf-root", "rm -rf /(\\s|$)", "tool:bash", "rm -rf / "],
  ["no-force-push", "git push (-f|--force)\\b", "tool:bash", "git push --force"],
  ["no-no-verify", "--no-verify", "tool:bash", "--no-verify"],
  ["no-chmod-777", "chmod (-R )?777", "tool:bash", "chmod 777"],
  ["no-global-npm", "npm (i|install) -g", "tool:bash", "npm install -g"],
  ["no-curl-pipe-sh", "curl [^|]*\\|\\s*(ba)?sh", "tool:bash", "curl https://x.sh | sh"],
  ["no-git-reset-hard", "git reset --hard", "tool:bash", "git reset --hard"],
  ["no-kill-9", "kill -9 1\\b", "tool:bash", "kill -9 1 "],
  ["no-dd", "\\bdd if=/dev/", "tool:bash", "dd if=/dev/zero"],
  ["ts-no-non-null", "\\w!\\.\\w+!\\.", "tool:edit(*.ts)", "a!.b!.c"],
  ["ts-no-enum", "\\bconst enum\\b", "tool:edit(*.ts)", "const enum"],
  ["ts-no-namespace", "\\bnamespace [A-Z]\\w* \\{", "tool:edit(*.ts)", "namespace Foo {"],
  ["ts-no-require", "\\brequire\\(['\"]", "tool:edit(*.ts), tool:write(*.ts)", "require('x')"],
  ["py-no-print", '\\bprint\\(f?"DEBUG', "tool:edit(*.py)", 'print("DEBUG'],
  ["think-no-shortcut", "skip the tests", "thinking", "skip the tests"],
  ["think-no-guess", "I'll just guess", "thinking", "I'll just guess"],
  ["think-no-hack", "quick hack", "thinking", "quick hack"],
  ["think-no-disable-lint", "disable the linter", "thinking", "disable the linter"],
  ["think-no-delete-tests", "delete the failing test", "thinking", "delete the failing test"],
];

export const RULE_COUNT = RULES.length;

/** Rule records: {name, condition, scope, sample}. */
export const rules = RULES.map(([name, condition, scope, sample]) => ({ name, condition, scope, sample }));

/** The same 50 conditions compiled as the seed-era matcher compiles them: `new RegExp(token)`, no flags. */
export function compiledConditions() {
  return rules.map((r) => new RegExp(r.condition));
}

/** Markdown text of one rule file (oh-my-pi native rule format, ttsr-spec §2). */
export function ruleFile(rule) {
  const q = (s) => `'${s.replace(/'/g, "''")}'`;
  const lines = ["---", `description: ${q(`Benchmark rule ${rule.name}`)}`, `condition: ${q(rule.condition)}`];
  if (rule.scope) lines.push(`scope: ${q(rule.scope)}`);
  lines.push("---", `Do not write \`${rule.sample.trim()}\`. Rule ${rule.name}: say what you checked instead.`, "");
  return lines.join("\n");
}

/** Samples for the prose generator, split by where they should appear. */
export const samples = {
  text: rules.filter((r) => r.scope === null || r.scope === "text").map((r) => r.sample),
  thinking: rules.filter((r) => r.scope === "thinking").map((r) => r.sample),
  bash: rules.filter((r) => r.scope === "tool:bash").map((r) => r.sample),
  code: rules.filter((r) => r.scope === null || (r.scope ?? "").startsWith("tool:edit")).map((r) => r.sample),
};
