/**
 * Classifies errors thrown by the database drivers (pg, better-sqlite3), so that the error
 * handler and the write helper treat both dialects alike without knowing either driver.
 */

interface DriverError {
  code?: unknown;
  message?: unknown;
}

const codeOf = (error: unknown): string => String((error as DriverError | undefined)?.code ?? '');
const messageOf = (error: unknown): string => String((error as DriverError | undefined)?.message ?? '');

/** Serialization failure or deadlock (PostgreSQL): the transaction did nothing and may run again. */
export function isRetryableDatabaseError(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40001' || code === '40P01';
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_BUSY_RECOVERY',
  'SQLITE_LOCKED',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection error',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed',
  'Connection ended',
];

/** The database cannot be reached or is busy: a transient condition answered with 503. */
export function isUnavailableDatabaseError(error: unknown): boolean {
  if (UNAVAILABLE_CODES.has(codeOf(error))) return true;
  const message = messageOf(error);
  return UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

export type ConstraintKind = 'unique' | 'foreign_key' | 'check' | 'not_null';

/** The kind of integrity constraint a statement broke, if that is what the error is. */
export function constraintViolationOf(error: unknown): ConstraintKind | undefined {
  const code = codeOf(error);
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return 'unique';
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return 'foreign_key';
  if (code === '23514' || code === 'SQLITE_CONSTRAINT_CHECK') return 'check';
  if (code === '23502' || code === 'SQLITE_CONSTRAINT_NOTNULL') return 'not_null';
  return undefined;
}
