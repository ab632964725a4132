import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../api/client.js';
import { consoleApi, type SignInLocks } from '../api/console-api.js';
import { invalidate, stale } from '../api/queries.js';
import { formatDate } from '../base/format.js';

export type SignInLock = SignInLocks['data'][number];

/**
 * A member's sign-in lock as admins see it: locked from some address until a time (with Unlock,
 * which ends the locks of addresses), or slowed by failed passwords, which ends by itself or by the
 * operator's `estate member unlock EMAIL`.
 */
export function SignInLockState({ lock, name }: { lock: SignInLock; name: string }) {
  const client = useQueryClient();
  const unlock = useMutation({
    mutationFn: () => consoleApi.unlockMember(lock.memberId),
    onSuccess: () => invalidate(client, stale.members),
  });
  const error = messageOf(unlock.error);
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
          onClick={() => unlock.mutate()}
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
