/**
 * The real `estate` command (bin/estate.js, the bundled CLI: `npm run build` first) run on a
 * benchmark's database, timed, with its peak resident memory (bench/peak-rss.mjs).
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/estate.js', import.meta.url));
const PEAK_RSS = fileURLToPath(new URL('peak-rss.mjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  peakRssMb: number;
  /** The process's CPU time (user and system): on a busy machine, well under its seconds. */
  cpuSeconds: number;
}

export function estateCli(databaseUrl: string, args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', PEAK_RSS, BIN, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const usage = /peak-rss-kb (\d+) cpu-us (\d+)/.exec(stderr);
      resolve({
        code,
        stdout,
        stderr,
        seconds,
        peakRssMb: usage ? Number(usage[1]) / 1024 : Number.NaN,
        cpuSeconds: usage ? Number(usage[2]) / 1e6 : Number.NaN,
      });
    });
  });
}
