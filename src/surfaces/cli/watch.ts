/**
 * `estate watch`: follows a workspace's audit log through the public API (@estate/client) and
 * delivers each event, oldest first: a JSON line on stdout, a command's standard input (--exec) or
 * a signed webhook (--post). The position after each handled event is saved atomically in the
 * cursor file, so a follower stopped at any moment resumes after the last event it handled:
 * nothing is skipped, and only an event whose handling was interrupted can come twice.
 */
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { closeSync, constants, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AuditEvent, type AuditFilter, type AuditPosition, createClient, EstateError } from '@estate/client';
import { type Command, InvalidArgumentError } from 'commander';
import { fail, warn } from '../../base/cli/run.js';

/** Attempts at one event before it goes to the dead-letter file. */
export const DELIVERY_ATTEMPTS = 5;
const POST_TIMEOUT_MS = 30_000;

interface WatchOptions {
  server: string;
  apiKey: string;
  cursorFile?: string;
  from: 'now' | 'start';
  filter: AuditFilter;
  exec?: string;
  post?: { url: string; secret: Uint8Array };
  once: boolean;
  intervalMs: number;
  /** First pause between attempts, doubled each time (ESTATE_WATCH_BACKOFF_MS, default 1000). */
  backoffMs: number;
  signal: AbortSignal;
}

const log = (message: string) => process.stderr.write(`estate watch: ${message}\n`);

/** `--filter resourceType=server,action=create,action=delete,category=inventory` as the audit log's filters. */
export function parseFilter(text: string): AuditFilter {
  const filter: Record<string, string | string[]> = {};
  const single = ['resourceType', 'resourceId', 'category', 'actorId'];
  for (const pair of text.split(',').filter((part) => part.trim() !== '')) {
    const at = pair.indexOf('=');
    const key = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (at < 1 || value === '') throw new InvalidArgumentError(`write key=value pairs (got "${pair}")`);
    if (key === 'action' || key === 'actions') filter.actions = [...((filter.actions as string[]) ?? []), value];
    else if (single.includes(key)) filter[key] = value;
    else
      throw new InvalidArgumentError(
        `unknown filter ${key}; one of: resourceType, action, category, resourceId, actorId`,
      );
  }
  return filter as AuditFilter;
}

/** `500ms`, `10s`, `5m`, `1h` (a bare number is seconds). */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) throw new InvalidArgumentError('write 500ms, 10s, 5m or 1h');
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
}

/**
 * The signing key of ESTATE_WEBHOOK_SECRET: a Standard Webhooks secret `whsec_<base64>` is the
 * bytes the base64 holds; any other text is used as it is (its UTF-8 bytes).
 */
export function webhookKey(secret: string): Uint8Array {
  if (!secret.startsWith('whsec_')) return Buffer.from(secret, 'utf8');
  const encoded = secret.slice('whsec_'.length);
  const key = Buffer.from(encoded, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || key.length === 0)
    throw new Error('ESTATE_WEBHOOK_SECRET starts with whsec_ but the rest is not base64');
  return key;
}

/** The Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`. */
export function webhookSignature(key: Uint8Array, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The saved position: undefined when there is no file yet (the follower starts at --from). */
function readCursor(file: string): AuditPosition | null | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { position } = JSON.parse(text) as { position: AuditPosition | null };
    if (position === null || (typeof position.timestamp === 'string' && typeof position.id === 'string'))
      return position;
  } catch {
    // Reported below.
  }
  throw new Error(`${file} is not a cursor file of estate watch (expected {"position":{"timestamp","id"}})`);
}

/** Never through a symbolic link: a directory others can write to must not aim our writes elsewhere. */
const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
const APPEND = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW;

/** Writes the file whole or not at all: a temporary file, fsync, rename, fsync of the directory. */
function writeDurably(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  let fd: number;
  try {
    fd = openSync(temporary, NEW_FILE, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Left by a killed follower that had this process id.
    unlinkSync(temporary);
    fd = openSync(temporary, NEW_FILE, 0o600);
  }
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, file);
  const directory = openSync(dirname(file), 'r');
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
}

/** Appends one line and fsyncs it, so a dead letter is on disk before the cursor passes its event. */
function appendDurably(file: string, line: string): void {
  const fd = openSync(file, APPEND, 0o600);
  try {
    writeSync(fd, `${line}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Runs the command with the event on stdin; the failure, or null when it exited 0. */
function runCommand(command: string, event: AuditEvent, attempt: number, signal: AbortSignal): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, {
      shell: true,
      // Its own process group, so that stopping the follower stops a pipeline the command started.
      detached: true,
      stdio: ['pipe', 'inherit', 'inherit'],
      env: { ...process.env, ESTATE_EVENT_ID: event.id, ESTATE_DELIVERY_ATTEMPT: String(attempt) },
    });
    const onAbort = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    };
    signal.addEventListener('abort', onAbort, { once: true });
    // A command that does not read its input is not a failure.
    child.stdin.on('error', () => {});
    child.stdin.end(`${JSON.stringify(event)}\n`);
    child.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      resolve(`cannot run the command: ${error.message}`);
    });
    child.on('close', (code, killedBy) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) reject(signal.reason);
      else resolve(code === 0 ? null : killedBy ? `the command was killed by ${killedBy}` : `exit code ${code}`);
    });
  });
}

/** POSTs the event as a Standard Webhooks message; the failure, or null on a 2xx answer. */
async function postEvent(
  target: { url: string; secret: Uint8Array },
  event: AuditEvent,
  signal: AbortSignal,
): Promise<string | null> {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'estate-watch',
        'webhook-id': event.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(target.secret, event.id, timestamp, body),
      },
      body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(POST_TIMEOUT_MS)]),
    });
    await response.body?.cancel();
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return `no answer: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}`;
  }
}

/** Writes a line to stdout and waits until it is written. */
function printLine(line: string): Promise<void> {
  return new Promise((resolve, reject) =>
    process.stdout.write(`${line}\n`, (error) => (error ? reject(error) : resolve())),
  );
}

/** The delivery of one event: attempts with backoff, then the dead-letter file. Throws only when stopped. */
function deliverer(options: WatchOptions): (event: AuditEvent) => Promise<void> {
  const { exec, post, signal } = options;
  if (!exec && !post) return (event) => printLine(JSON.stringify(event));
  const attempt = (event: AuditEvent, n: number) =>
    exec ? runCommand(exec, event, n, signal) : postEvent(post!, event, signal);
  const deadLetters = `${options.cursorFile ?? 'estate-watch'}.dead-letter.jsonl`;
  return async (event) => {
    let failure = '';
    for (let n = 1; n <= DELIVERY_ATTEMPTS; n += 1) {
      const outcome = await attempt(event, n);
      if (outcome === null) return;
      failure = outcome;
      log(`event ${event.id}: attempt ${n} of ${DELIVERY_ATTEMPTS} failed: ${failure}`);
      if (n < DELIVERY_ATTEMPTS) await sleep(options.backoffMs * 2 ** (n - 1), undefined, { signal });
    }
    appendDurably(
      deadLetters,
      JSON.stringify({ event, attempts: DELIVERY_ATTEMPTS, error: failure, failedAt: new Date().toISOString() }),
    );
    log(`event ${event.id} written to ${deadLetters} after ${DELIVERY_ATTEMPTS} failed attempts`);
  };
}

/** ESTATE_WATCH_BACKOFF_MS: the first pause between attempts (default 1000 ms; short in tests). */
function backoffBase(): number {
  const value = Number(process.env.ESTATE_WATCH_BACKOFF_MS ?? 1000);
  if (!Number.isFinite(value) || value < 0) throw new Error('ESTATE_WATCH_BACKOFF_MS must be a number of milliseconds');
  return value;
}

/** A poll that failed for a reason that may pass: no answer, 429, 5xx. */
const transient = (error: unknown) => error instanceof EstateError && (error.status === 0 || error.status >= 429);

/** Follows the audit log until stopped (or, with --once, until it has caught up). */
export async function watch(options: WatchOptions): Promise<void> {
  const { cursorFile, signal } = options;
  const estate = createClient({ baseUrl: options.server, apiKey: options.apiKey });
  const deliver = deliverer(options);
  const save = (position: AuditPosition | null) =>
    cursorFile && writeDurably(cursorFile, `${JSON.stringify({ position })}\n`);
  let position = cursorFile ? readCursor(cursorFile) : undefined;
  for (let failures = 0; !signal.aborted; ) {
    const feed = estate.auditFeed({
      position,
      from: options.from,
      filter: options.filter,
      follow: !options.once,
      pollIntervalMs: options.intervalMs,
      signal,
    });
    try {
      if (position === undefined) {
        // `now` is fixed at the first start: a restart must not jump over what came meanwhile.
        position = await feed.start();
        save(position);
      }
      for await (const event of feed) {
        await deliver(event);
        position = feed.position;
        save(position ?? null);
        failures = 0;
      }
      return;
    } catch (error) {
      if (signal.aborted) return;
      if (options.once || !transient(error)) throw error;
      const delay = Math.min(60_000, options.backoffMs * 2 ** failures);
      failures += 1;
      log(`${(error as Error).message}; polling again in ${delay} ms`);
      await sleep(delay, undefined, { signal }).catch(() => {});
    }
  }
}

export function registerWatch(program: Command): void {
  program
    .command('watch')
    .description(
      "follow the audit log of the key's workspace through the API and deliver each event, oldest first: " +
        'one JSON line on stdout, a command (--exec) or a signed webhook (--post)',
    )
    .requiredOption('--server <url>', 'Estate base URL, e.g. https://estate.example.com')
    .option('--cursor-file <file>', 'where the position after each handled event is kept (written atomically)')
    .option('--from <where>', 'where to start without a saved position: now or start', 'now')
    .option(
      '--filter <pairs>',
      'only these events: resourceType=T,action=A,category=C (also resourceId, actorId; action repeatable)',
      parseFilter,
    )
    .option('--exec <command>', 'run this shell command per event, the event as JSON on its standard input')
    .option('--post <url>', 'POST each event to this URL, signed as Standard Webhooks (ESTATE_WEBHOOK_SECRET)')
    .option('--once', 'handle the events there are now, then exit 0')
    .option('--interval <every>', 'pause between polls once caught up: 500ms, 10s, 5m … (default 10s)', parseDuration)
    .addHelpText(
      'after',
      '\nThe API key (scope audit_log:read) comes from ESTATE_API_KEY, never from a flag. ' +
        'A failed --exec (non-zero exit) or --post (no answer or not 2xx) is tried 5 times with backoff ' +
        '(1 s, 2 s, 4 s, 8 s); then the event is appended to FILE.dead-letter.jsonl beside the cursor file ' +
        '(estate-watch.dead-letter.jsonl without one) and the follower goes on. See docs/integrations.md.',
    )
    .action(
      async (opts: {
        server: string;
        cursorFile?: string;
        from: string;
        filter?: AuditFilter;
        exec?: string;
        post?: string;
        once?: boolean;
        interval?: number;
      }) => {
        const controller = new AbortController();
        const stop = () => controller.abort(new Error('stopped'));
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
        try {
          const apiKey = process.env.ESTATE_API_KEY;
          if (!apiKey) throw new Error('no API key: set ESTATE_API_KEY to a key with the audit_log:read scope');
          if (opts.from !== 'now' && opts.from !== 'start') throw new Error('--from must be now or start');
          if (opts.exec !== undefined && opts.post !== undefined) throw new Error('give --exec or --post, not both');
          const server = new URL(opts.server);
          if (server.protocol === 'http:' && !/^(localhost|127\.|\[::1\])/.test(server.hostname))
            warn(`${opts.server} is plain http to another host: the API key crosses the network in clear; use https`);
          let post: WatchOptions['post'];
          if (opts.post !== undefined) {
            const secret = process.env.ESTATE_WEBHOOK_SECRET;
            if (!secret) throw new Error('--post signs every event: set ESTATE_WEBHOOK_SECRET');
            const url = new URL(opts.post);
            if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('--post takes an http(s) URL');
            if (url.username || url.password)
              throw new Error('--post URL cannot hold a user or password: put a token in its path or query');
            post = { url: url.toString(), secret: webhookKey(secret) };
          }
          await watch({
            server: opts.server,
            apiKey,
            cursorFile: opts.cursorFile,
            from: opts.from,
            filter: opts.filter ?? {},
            exec: opts.exec,
            post,
            once: Boolean(opts.once),
            intervalMs: opts.interval ?? 10_000,
            backoffMs: backoffBase(),
            signal: controller.signal,
          });
        } catch (error) {
          fail(error instanceof Error ? error.message : String(error));
        } finally {
          process.off('SIGTERM', stop);
          process.off('SIGINT', stop);
        }
      },
    );
}
