import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, installed by .ci/run; never a browser download. */
export const CHROMIUM = '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * Why browser tests cannot run here, or undefined when they can. In CI a missing browser is a
 * failure, not a skip: .ci/run installs it.
 */
export function browserMissing(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs the chromium package`);
  return `no ${CHROMIUM} (apt-get install chromium); browser tests skipped`;
}

/**
 * The run's browser when `npm test` shares one (ESTATE_TEST_BROWSER, its endpoint, from
 * startBrowserServer), else a browser of this process. Closing a shared one disconnects from it and
 * closes the contexts this process made; the browser itself ends with the run.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env.ESTATE_TEST_BROWSER;
  return shared
    ? chromium.connect(shared, { timeout: 60_000 })
    : chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/**
 * One browser for every job of a run (scripts/test.mjs): each job's launch cost about half a second
 * of CPU, a browser process and its helpers. It listens on 127.0.0.1 at a path nobody else knows.
 */
export async function startBrowserServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: FLAGS, host: '127.0.0.1' });
  return { endpoint: server.wsEndpoint(), close: () => server.close() };
}
