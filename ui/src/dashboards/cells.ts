import { formatDate } from '../base/format.js';
import { isKnownValue, valueLabel } from '../base/glossary.js';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day (`2027-03-31`) as the reader's browser writes it, that same day whatever the time zone. */
export function formatDay(day: string): string {
  const [, year, month, date] = DAY.exec(day) ?? [];
  if (!year) return day;
  return new Date(Number(year), Number(month) - 1, Number(date)).toLocaleDateString(undefined, {
    dateStyle: 'medium',
  });
}

/**
 * A table cell in people's words: instants and days in the reader's format, enum values
 * (`in_stock`) from the glossary, lists joined, anything else as it is.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'string') {
    if (INSTANT.test(value)) return formatDate(value);
    if (DAY.test(value)) return formatDay(value);
    if (isKnownValue(value)) return valueLabel(value);
  }
  return String(value);
}
