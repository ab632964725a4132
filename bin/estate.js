#!/usr/bin/env node
// The `estate` command runs the compiled CLI (built by `npm ci` through the `prepare` script).
import { main } from '../dist/src/cli/main.js';

await main(process.argv);
