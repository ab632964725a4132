import { spawn, type ChildProcess } from 'node:child_process';
import { installed } from '../../src/base/paths.js';

export const ESTATE_BIN = installed('bin', 'estate.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as the one JSON object it must be. */
  json(): any;
}

/**
 * Runs the real `estate` command (the compiled CLI) with DATABASE_URL set, optionally with more
 * environment, a standard input and a working directory.
 */
export function estate(
  databaseUrl: string,
  args: string[],
  options: { env?: Record<string, string>; stdin?: string; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ESTATE_BIN, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...options.env },
      stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    if (options.stdin !== undefined) child.stdin!.end(options.stdin);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stdout,
        stderr,
        json() {
          const lines = stdout.trim().split('\n');
          if (lines.length !== 1) throw new Error(`expected exactly one JSON line on stdout, got: ${stdout}`);
          return JSON.parse(lines[0]!);
        },
      }),
    );
  });
}

/**
 * Starts `estate serve` and resolves once it prints its address, with everything printed so far
 * (`output`: stdout and stderr; `stdout`: the JSON log stream alone).
 */
export function startServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  cwd?: string,
): Promise<{ child: ChildProcess; output: () => string; stdout: () => string; base: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ESTATE_BIN, 'serve', '--port', '0'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(cwd ? { cwd } : {}),
    });
    let output = '';
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /listening on (http:\/\/\S+) .*\n/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, output: () => output, stdout: () => stdout, base: match[1]! });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${output}`));
    });
  });
}

/** Stops a server started by startServer: SIGTERM, then SIGKILL if it has not exited after 10 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
