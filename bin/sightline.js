#!/usr/bin/env node
// Launcher: the CLI lives in the built dist/; main() returns the exit code.
// An audit's workers start before the CLI's modules load (dist/cli/early.js), which is why main is imported here.
if (process.argv[2] === "audit") (await import("../dist/cli/early.js")).startEarly(process.argv.slice(2));
const { main } = await import("../dist/cli/main.js");

// `sightline … | head` closes the pipe early: that is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await main(process.argv.slice(2));
