import { ApiError } from './errors/api-error.js';

/** Shared input checks for services called from both the CLI and HTTP. */
export function requireName(value: string | undefined, field: string, max = 200): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) throw new ApiError('bad_request', `${field} must not be blank`);
  if (trimmed.length > max) throw new ApiError('bad_request', `${field} must be at most ${max} characters`);
  return trimmed;
}

const ISO_DATETIME = /^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d)(?::(\d\d)(\.\d{1,9})?)?([Zz]|[+-](\d\d):(\d\d))$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * An ISO-8601 date-time with a time zone that names a real instant: no 30 February, no hour 24,
 * no leap second (23:59:60, which JavaScript dates cannot hold). The API's schemas (the
 * `date-time` format) and the CLI use this one rule.
 */
export function isValidDateTime(value: string): boolean {
  const m = ISO_DATETIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false;
  return !Number.isNaN(Date.parse(value));
}

/** Parses an ISO-8601 date-time with an explicit offset into ISO UTC with milliseconds. */
export function parseIsoDateTime(value: string, field: string): string {
  const time = isValidDateTime(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new ApiError(
      'invalid_datetime',
      `${field} must be an ISO-8601 date-time with a time zone, e.g. 2027-01-31T00:00:00Z`,
    );
  }
  return new Date(time).toISOString();
}

/** An absolute http: or https: URL (no javascript:, data:, file: or relative URLs). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requireEmail(value: string | undefined): string {
  const email = (value ?? '').trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254)
    throw new ApiError('bad_request', 'email must be a valid e-mail address');
  // The id rows of people without an account have addresses there (users/people.service.ts).
  if (email.endsWith('.invalid')) throw new ApiError('bad_request', 'email must not be under the .invalid domain');
  return email;
}
