import { Piscina } from 'piscina';
import { workerModule } from '../../../base/paths.js';
import { ApiError } from '../../../base/errors/api-error.js';
import type { Strength, StrengthRequest } from './password-strength.worker.js';

/**
 * What a new password must be: 8 to 1,024 characters, and not guessable — scored by zxcvbn-ts
 * at 3 of 4 or more, the estimator's "safely unguessable" level (docs/console.md, "Passwords
 * chosen"). The estimator runs in one worker thread, so a slow check never stalls other requests.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;
export const MIN_PASSWORD_SCORE = 3;

let pool: Piscina<StrengthRequest, Strength> | undefined;

function strengthPool(): Piscina<StrengthRequest, Strength> {
  // One thread is enough for the rare password changes; it ends after a minute without work, and
  // holds no process open while idle (piscina unrefs it), so every app of a process shares it: a
  // new thread spends about 0.3 s of CPU on the estimator's dictionaries.
  pool ??= new Piscina({
    ...workerModule('features/accounts/members/password-strength.worker'),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    maxQueue: 64,
  });
  return pool;
}

/**
 * Refuses a password that is too short or too long (400 `bad_request`) or too guessable (422
 * `unprocessable_entity`, with the estimator's reason and advice), naming `field`. `personal` holds
 * the person's e-mail and name, which a password must not be built on.
 */
export async function requireStrongPassword(password: string, personal: string[], field = 'password'): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new ApiError('bad_request', `${field} must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH)
    throw new ApiError('bad_request', `${field} must be at most ${MAX_PASSWORD_LENGTH} characters`);
  const userInputs = personal
    .flatMap((value) => [value, ...value.split(/[^\p{L}\p{N}]+/u)])
    .filter((word) => word.length >= 3);
  let strength: Strength;
  try {
    strength = await strengthPool().run({ password, userInputs });
  } catch {
    throw new ApiError('service_unavailable', 'the password could not be checked now: try again');
  }
  if (strength.score >= MIN_PASSWORD_SCORE) return;
  const why = strength.warning ?? 'it is easy to guess';
  const advice = strength.suggestions[0] ?? 'Use a few uncommon words together.';
  throw new ApiError('unprocessable_entity', `${field} is too weak: ${why.replace(/\.$/, '')}. ${advice}`);
}
