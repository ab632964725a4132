import { createHash, randomBytes } from 'node:crypto';

/** Every key starts with svc_ (docs/api.md); live keys carry svc_live_ and 32 random bytes. */
export const KEY_PREFIX = 'svc_';
const LIVE_PREFIX = 'svc_live_';
const DISPLAY_PREFIX_LENGTH = LIVE_PREFIX.length + 4;

export interface KeySecret {
  secret: string;
  hash: string;
  prefix: string;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new secret, its SHA-256 hash (the only thing stored) and a short prefix to recognise it by. */
export function generateKeySecret(): KeySecret {
  const secret = LIVE_PREFIX + randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret), prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH) };
}
