import { valueLabel } from './glossary.js';

/** Dates as the person's browser writes them, with the exact instant on hover. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The family of a scope (`infrastructure:read` → infrastructure), for grouping checkboxes. */
export function groupScopes(scopes: readonly string[]): [family: string, actions: string[]][] {
  const groups = new Map<string, string[]>();
  for (const scope of scopes) {
    const [family = scope, action = ''] = scope.split(':');
    groups.set(family, [...(groups.get(family) ?? []), action]);
  }
  return [...groups.entries()];
}

/** An API word (a status, an action, a resource type) in people's words, from the glossary. */
export function humanize(value: string): string {
  return valueLabel(value);
}

/** The reader's locale (the browser's), or the one a test names. */
type Locale = string | undefined;

/** A count with the reader's digit grouping: 10000 → "10,000". */
export function formatCount(value: number, locale?: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** `value` of `units` (each `step` times the one before) in the largest unit it reaches, to one decimal. */
function scaled(value: number, units: readonly string[], step: number, locale: Locale): string {
  let at = 0;
  let amount = value;
  while (Math.abs(amount) >= step && at < units.length - 1) {
    amount /= step;
    at += 1;
  }
  const digits = new Intl.NumberFormat(locale, { maximumFractionDigits: amount >= 100 || at === 0 ? 0 : 1 });
  return `${digits.format(amount)} ${units[at]}`;
}

/**
 * Memory as people say it: the API's MiB in MB, GB or TB by 1024 (16384 → "16 GB", 1536 → "1.5 GB").
 * Empty values read "—".
 */
export function formatMemoryMb(mb: number | null | undefined, locale?: Locale): string {
  if (mb === null || mb === undefined) return '—';
  return scaled(mb, ['MB', 'GB', 'TB', 'PB'], 1024, locale);
}

/** Storage as disks are sold: GB, TB or PB by 1000 (3800 → "3.8 TB", 480 → "480 GB"). */
export function formatStorageGb(gb: number | null | undefined, locale?: Locale): string {
  if (gb === null || gb === undefined) return '—';
  return scaled(gb, ['GB', 'TB', 'PB'], 1000, locale);
}

/** A count of things with its noun, singular or plural: (64, 'core') → "64 cores", (1, 'host') → "1 host". */
export function formatQuantity(count: number, one: string, many = `${one}s`, locale?: Locale): string {
  return `${formatCount(count, locale)} ${count === 1 ? one : many}`;
}

const SPANS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago (or ahead) an instant is, in the reader's words: "3 days ago", "yesterday", "in 2
 * hours", "now". Shown with the exact date in a title (see `formatDate`).
 */
export function relativeTime(iso: string | null | undefined, now = Date.now(), locale?: Locale): string {
  if (!iso) return '—';
  const difference = Date.parse(iso) - now;
  if (Number.isNaN(difference)) return '—';
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, length] of SPANS) {
    if (Math.abs(difference) >= length) return words.format(Math.round(difference / length), unit);
  }
  return words.format(0, 'second');
}
