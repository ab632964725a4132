import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isConflict, messageOf } from '../api/client.js';
import { consoleApi, etagAsShown, type Member, type MemberKey } from '../api/console-api.js';
import { queries } from '../api/queries.js';
import { ConfirmDialog } from '../base/dialog.js';
import { FormError } from '../base/field.js';
import { formatDate } from '../base/format.js';
import { TableHead } from '../base/table-head.js';
import { KeyCells } from '../keys/key-cells.js';

/**
 * Removing or demoting a member, with the keys they made: an admin sees the member's active keys in
 * the confirmation and chooses whether to revoke them in the same change. The box starts unticked,
 * as the API and CLI keep keys by default (docs/decisions.md); members who are not admins get the
 * plain change.
 */

export type MemberChange = { kind: 'remove' } | { kind: 'demote'; role: Member['role'] };

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** One sentence for the page about what the change did to the member's keys: nothing is silent. */
function outcomeMessage(what: string, outcome: { revokedKeys: string[]; activeKeys: MemberKey[] }): string {
  const { revokedKeys, activeKeys } = outcome;
  const parts = [what];
  if (revokedKeys.length)
    parts.push(`${revokedKeys.length} ${plural(revokedKeys.length, 'key', 'keys')} they made revoked`);
  if (activeKeys.length) {
    const names = activeKeys.map((key) => `“${key.name}”`).join(', ');
    parts.push(
      `${plural(activeKeys.length, 'this key they made still works', 'these keys they made still work')}: ` +
        `${names} (revoke on the Keys page)`,
    );
  }
  return `${parts.join('; ')}.`;
}

/** The member's active keys, for an admin (undefined while loading). */
export function useMemberKeys(memberId: string, enabled: boolean): { keys?: MemberKey[]; error?: string } {
  const found = useQuery({ ...queries.memberKeys(memberId), enabled });
  return { keys: found.data?.data, error: messageOf(found.error) };
}

function KeysOfMember({
  member,
  keys,
  revoke,
  onRevoke,
}: {
  member: Member;
  keys: MemberKey[];
  revoke: boolean;
  onRevoke(revoke: boolean): void;
}) {
  if (keys.length === 0) return <p>They made no key that still works.</p>;
  return (
    <>
      <p>
        {keys.length} {plural(keys.length, 'key', 'keys')} they made {plural(keys.length, 'still works', 'still work')},
        with the permissions {plural(keys.length, 'it was', 'they were')} made with. Keys belong to the workspace: they
        keep working unless revoked.
      </p>
      <div className="table-scroll">
        <table>
          <TableHead
            caption={`Active keys made by ${member.name}`}
            columns={['Name', 'Prefix', 'Permissions', 'Last change']}
            actions={false}
          />
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <KeyCells keyShown={key} />
                <td title="The last change made with the key; reads are not recorded.">
                  {key.lastWriteAt ? formatDate(key.lastWriteAt) : 'none recorded'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <label>
          <input type="checkbox" checked={revoke} onChange={(event) => onRevoke(event.target.checked)} />{' '}
          {plural(keys.length, 'Also revoke this key', `Also revoke these ${keys.length} keys`)}
        </label>
      </p>
    </>
  );
}

/**
 * The confirmation of a removal or demotion. Admins see the member's active keys and may revoke
 * them in the same transaction (the console's /ui/api/members/{id} routes); `onDone` gets a
 * sentence saying what happened to the keys, and the member as changed by a demotion.
 */
export function MemberChangeDialog({
  member,
  change,
  isAdmin,
  onDone,
  onClose,
}: {
  member: Member;
  change: MemberChange;
  isAdmin: boolean;
  onDone(message: string, changed?: Member): void;
  onClose(): void;
}) {
  const { keys, error: loadError } = useMemberKeys(member.id, isAdmin);
  const [revoke, setRevoke] = useState(false);
  const confirm = useMutation({
    mutationFn: async (): Promise<{ message: string; changed?: Member }> => {
      const revokeKeys = revoke && (keys?.length ?? 0) > 0;
      // The member as the list showed them: a change saved meanwhile elsewhere answers 412.
      const ifMatch = await etagAsShown('members', member);
      if (change.kind === 'remove') {
        if (!isAdmin) {
          await consoleApi.removeMember(member.id, ifMatch);
          return { message: `${member.name} was removed.` };
        }
        const removed = await consoleApi.removeMemberWithKeys(member.id, revokeKeys, ifMatch);
        return { message: outcomeMessage(`${member.name} was removed`, removed) };
      }
      const changed = await consoleApi.changeRoleWithKeys(member.id, change.role, revokeKeys, ifMatch);
      return { message: outcomeMessage(`${member.name} is now ${change.role}`, changed), changed: changed.member };
    },
    onSuccess: ({ message, changed }) => onDone(message, changed),
    onError: (failure) => {
      // Changed (or removed) since the list was loaded: nothing was done; the list reloads with the current values.
      if (isConflict(failure))
        onDone(
          `${member.name} changed since the list was loaded, so nothing was done. ` +
            'The list now shows the current values: choose again to reapply.',
        );
    },
  });
  const error = isConflict(confirm.error) ? undefined : messageOf(confirm.error);

  const title = change.kind === 'remove' ? `Remove ${member.name}?` : `Make ${member.name} ${change.role}?`;
  return (
    <ConfirmDialog
      title={title}
      onConfirm={() => confirm.mutate()}
      onClose={onClose}
      busy={confirm.isPending || (isAdmin && !keys && !loadError)}
    >
      {change.kind === 'remove' ? (
        <p>
          They leave the workspace, its teams and the applications and servers they own; their workstations are
          unassigned.
        </p>
      ) : (
        <p>
          Their role becomes {change.role}. Keys they made keep the permissions they were made with, whatever their
          role.
        </p>
      )}
      {!isAdmin && <p>Keys they made keep working; an admin can see and revoke them on the Keys page.</p>}
      {isAdmin && !keys && !loadError && <p>Looking for keys they made…</p>}
      {keys && <KeysOfMember member={member} keys={keys} revoke={revoke} onRevoke={setRevoke} />}
      <FormError error={loadError ?? error} />
    </ConfirmDialog>
  );
}
