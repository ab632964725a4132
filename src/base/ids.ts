import { uuidv7 } from 'uuidv7';

/** Time-ordered UUID v7 for every new row (index-friendly; docs/decisions.md). */
export function newId(): string {
  return uuidv7();
}

/** The current instant as ISO-8601 UTC with milliseconds, the only timestamp format Estate writes. */
export function nowIso(): string {
  return new Date().toISOString();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
