#!/usr/bin/env node
// Launcher: the CLI lives in the built dist/; main() returns the exit code.
import { main } from "../dist/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
