import { setTimeout as sleep } from 'node:timers/promises';
import { collectReport } from './collect.js';

export const AGENT_VERSION = '0.1.0';

export interface AgentRunOptions {
  server: string;
  token: string;
  kind: 'server' | 'workstation';
  /** Milliseconds between reports; undefined: report once. */
  intervalMs?: number;
  maxRetries: number;
  json: boolean;
  log(line: string): void;
  print(line: string): void;
}

/** A permanent failure: retrying cannot help (bad token, report refused). */
export class AgentStop extends Error {}

/** Parses 30s, 5m, 1h (or plain seconds). */
export function parseInterval(text: string): number {
  const match = /^(\d+)(s|m|h)?$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) throw new AgentStop(`--interval must look like 30s, 5m or 1h (got "${text}")`);
  return Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 's' | 'm' | 'h'];
}

/**
 * Sends one report, retrying network errors and 5xx answers with exponential backoff (1 s, 2 s,
 * 4 s … capped at 60 s) and a 429 after its Retry-After. A 401, 413 or other 4xx is permanent and
 * stops the agent with a clear message.
 */
async function sendReport(options: AgentRunOptions): Promise<{ kind: string; id: string }> {
  const report = await collectReport(options.kind, AGENT_VERSION);
  const url = new URL('/agent/v1/report', options.server).toString();
  for (let attempt = 0; ; attempt += 1) {
    let failure: string;
    let wait: number | undefined;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(report),
      });
      if (response.ok) return (await response.json()) as { kind: string; id: string };
      if (response.status === 401)
        throw new AgentStop(
          'the server refused the agent token (401): it is wrong or revoked; ' +
            'enroll the agent again with `estate agent enroll`',
        );
      const body = await response.text();
      if (response.status === 429) {
        failure = "the server limits this agent's reports (429)";
        wait = Math.min(300, Math.max(1, Number(response.headers.get('retry-after')) || 60)) * 1000;
      } else if (response.status < 500)
        throw new AgentStop(`the server refused the report (${response.status}): ${body.slice(0, 500)}`);
      else failure = `server error ${response.status}`;
    } catch (error) {
      if (error instanceof AgentStop) throw error;
      failure = `cannot reach ${url}: ${(error as Error).message}`;
    }
    if (attempt >= options.maxRetries) throw new Error(`${failure}; gave up after ${attempt + 1} attempts`);
    const delay = wait ?? Math.min(60_000, 1000 * 2 ** attempt);
    options.log(`${failure}; retrying in ${delay / 1000}s`);
    await sleep(delay);
  }
}

/** `estate agent run`: report once, or forever at an interval (a failed cycle waits for the next). */
export async function runAgent(options: AgentRunOptions): Promise<void> {
  for (;;) {
    try {
      const result = await sendReport(options);
      options.print(
        options.json ? JSON.stringify({ kind: result.kind, id: result.id }) : `reported ${result.kind} ${result.id}`,
      );
    } catch (error) {
      if (error instanceof AgentStop || options.intervalMs === undefined) throw error;
      options.log((error as Error).message);
    }
    if (options.intervalMs === undefined) return;
    await sleep(options.intervalMs);
  }
}
