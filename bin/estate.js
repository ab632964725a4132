#!/usr/bin/env node
// The `estate` command runs the bundled CLI (built by `npm ci` through the `prepare` script).
import { main } from '../dist/estate.mjs';

await main(process.argv);
