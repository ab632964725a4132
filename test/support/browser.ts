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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}
