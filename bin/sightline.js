#!/usr/bin/env node
// Launcher: the CLI lives in the built dist/; main() returns the exit code.
import { main } from "../dist/cli/main.js";

// `sightline … | head` closes the pipe early: that is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (e) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await main(process.argv.slice(2));
