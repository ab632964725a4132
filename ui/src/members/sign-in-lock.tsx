import { useState } from 'react';
import type { SignInLocks } from '../../../src/console/sign-in-locks.routes.js';
import { ApiFailure } from '../api/client.js';
import { consoleApi } from '../api/console-api.js';
import { formatDate } from '../base/format.js';

export type SignInLock = SignInLocks['data'][number];

/**
 * A member's sign-in lock as admins see it: locked from some address until a time (with Unlock,
 * which ends the locks of addresses), or slowed by failed passwords, which ends by itself or by the
 * operator's `estate member unlock EMAIL`.
 */
export function SignInLockState({ lock, name, onUnlocked }: { lock: SignInLock; name: string; onUnlocked(): void }) {
  const [error, setError] = useState<string>();
  const unlock = async () => {
    try {
      await consoleApi.unlockMember(lock.memberId);
      onUnlocked();
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : String(failure));
    }
  };
  const text = lock.lockedUntil
    ? `Sign-in locked until ${formatDate(lock.lockedUntil)}`
    : 'Sign-in slowed by failed passwords';
  return (
    <span className="sign-in-lock">
      <span className="status status-revoked">{text}</span>
      {lock.lockedUntil ? (
        <button
          type="button"
          className="compact"
          onClick={() => void unlock()}
          aria-label={`Unlock sign-in of ${name}`}
        >
          Unlock
        </button>
      ) : (
        <span className="hint"> (ends within 15 minutes, or at once with the operator's estate member unlock)</span>
      )}
      {error && <span role="alert"> {error}</span>}
    </span>
  );
}
