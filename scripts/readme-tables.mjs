#!/usr/bin/env node
// The README's generated tables: Commands (from the command definitions and their exit codes,
// src/cli/commands/ and src/cli/exit-codes.ts) and Formats and profiles (from the profile registry,
// src/formats/profiles.ts and src/ttsr/profiles.ts). Each sits between `<!-- generated:NAME -->` and
// `<!-- /generated:NAME -->`; test/arch/readme-generated.test.ts fails when README and code drift. Also the profile
// names the CLI declares without loading the formats (src/app/options/profile-names.ts, its generated block).
// Usage: node scripts/readme-tables.mjs [--check] [--readme FILE]   (run after `npm run build`)
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const at = process.argv.indexOf("--readme");
const README = at > 0 ? resolve(process.argv[at + 1]) : join(root, "README.md");
const dist = (p) => import(pathToFileURL(join(root, "dist", p)).href);

const cell = (s) => s.replaceAll("|", "\\|");
const exitText = (m) =>
  Object.entries(m ?? {})
    .map(([code, what]) => `${code} ${what}`)
    .join("; ");

async function commandsTable() {
  const { commands } = await dist("cli/commands/index.js");
  const { GLOBAL_EXITS } = await dist("cli/exit-codes.js");
  const rows = ["| command | does | exit |", "| --- | --- | --- |"];
  const add = (prefix, c) => rows.push(`| \`sightline ${cell(prefix + c.command)}\` | ${cell(c.describe)} | ${cell(exitText(c.exits))} |`);
  for (const c of commands) {
    if (c.subcommands) for (const s of c.subcommands) add(`${c.command} `, s);
    else add("", c);
  }
  const global = Object.entries(GLOBAL_EXITS)
    .map(([code, what]) => `${code} ${what}`)
    .join("; ");
  return [...rows, "", `Every command: ${global}.`].join("\n");
}

async function profilesTable() {
  const { FORMAT_PROFILES } = await dist("formats/profiles.js");
  const { TTSR_PROFILE_INFO } = await dist("ttsr/profiles.js");
  const rows = ["| format | profile | what it replays | checked against |", "| --- | --- | --- | --- |"];
  for (const f of FORMAT_PROFILES)
    for (const [name, p] of Object.entries(f.profiles))
      rows.push(`| ${f.title} | \`${name}\`${name === f.defaultProfile ? " (default)" : ""} | ${cell(p.about)} | ${cell(p.checkedAgainst)} |`);
  for (const [name, p] of Object.entries(TTSR_PROFILE_INFO)) rows.push(`| TTSR (\`--ttsr-profile\`) | \`${name}\` | ${cell(p.about)} | ${cell(p.checkedAgainst)} |`);
  return rows.join("\n");
}

/** README with every generated block replaced; throws when a block's markers are missing. */
export async function readmeWithTables(text) {
  const tables = { commands: await commandsTable(), profiles: await profilesTable() };
  let out = text;
  for (const [name, body] of Object.entries(tables)) {
    const open = `<!-- generated:${name} -->`;
    const close = `<!-- /generated:${name} -->`;
    const a = out.indexOf(open);
    const b = out.indexOf(close);
    if (a < 0 || b < a) throw new Error(`README.md has no ${open} … ${close} block`);
    out = `${out.slice(0, a + open.length)}\n${body}\n${out.slice(b)}`;
  }
  return out;
}

// The CLI's written-out profile names (src/app/options/profile-names.ts): --profile's help and check, without
// loading every format's parser into the main thread.
const PROFILE_NAMES = join(root, "src/app/options/profile-names.ts");

/** profile-names.ts with its generated block replaced from the profile registry. */
export async function profileNamesWithList(text) {
  const { FORMAT_PROFILES, profilesOf } = await dist("formats/profiles.js");
  const key = (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  const body = FORMAT_PROFILES.map((f) => `  ${key(f.format)}: [${profilesOf(f).map((p) => JSON.stringify(p)).join(", ")}],`).join("\n");
  const open = "// <generated:profile-names>";
  const close = "  // </generated:profile-names>";
  const a = text.indexOf(open);
  const b = text.indexOf(close);
  if (a < 0 || b < a) throw new Error(`${PROFILE_NAMES} has no ${open} … ${close.trim()} block`);
  return `${text.slice(0, a + open.length)}\n${body}\n${text.slice(b)}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = [
    [README, readmeWithTables],
    [PROFILE_NAMES, profileNamesWithList],
  ];
  for (const [file, generate] of files) {
    const text = readFileSync(file, "utf8");
    const next = await generate(text);
    if (process.argv.includes("--check")) {
      if (next !== text) {
        process.stderr.write(`${file}: the generated tables are out of date: run npm run build && npm run readme-tables, and review the diff\n`);
        process.exitCode = 1;
      }
    } else writeFileSync(file, next);
  }
}
