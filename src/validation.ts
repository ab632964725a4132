import { ApiError } from './errors/api-error.js';

/** Shared input checks for services called from both the CLI and HTTP. */
export function requireName(value: string | undefined, field: string, max = 200): string {
  const trimmed = (value ?? '').trim();
  if (!trimmed) throw new ApiError('bad_request', `${field} must not be blank`);
  if (trimmed.length > max) throw new ApiError('bad_request', `${field} must be at most ${max} characters`);
  return trimmed;
}

const ISO_DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

/** Parses an ISO-8601 date-time with an explicit offset into ISO UTC with milliseconds. */
export function parseIsoDateTime(value: string, field: string): string {
  const time = ISO_DATETIME.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new ApiError('invalid_datetime', `${field} must be an ISO-8601 date-time with a time zone, e.g. 2027-01-31T00:00:00Z`);
  }
  return new Date(time).toISOString();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function requireEmail(value: string | undefined): string {
  const email = (value ?? '').trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new ApiError('bad_request', 'email must be a valid e-mail address');
  return email;
}
