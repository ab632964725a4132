import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiFailure, isConflict } from '../api/client.js';
import { consoleApi, etagAsShown, type Member } from '../api/console-api.js';
import { Dialog, FormActions } from '../base/dialog.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import { formatDate } from '../base/format.js';
import { PageHeader } from '../base/layout.js';
import { ShownOnceDialog } from '../base/secret.js';
import { TableHead } from '../base/table-head.js';
import { useAbilities } from '../base/session.js';
import { SignInLockState, type SignInLock } from './sign-in-lock.js';
import { MemberChangeDialog } from './member-keys.js';

const ROLES = ['read', 'write', 'admin'] as const;
type Role = (typeof ROLES)[number];
const PAGE = 100;

function AddMemberForm({
  onClose,
  onAdded,
}: {
  onClose(): void;
  onAdded(invitation: string | undefined, notice: string | null): void;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('read');
  const [errors, setErrors] = useState<ReturnType<typeof errorsOf>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const added = await consoleApi.addMember(
        { email, role, ...(name.trim() ? { name: name.trim() } : {}) },
        { fields: ['email', 'name', 'role'] },
      );
      onAdded(added.invitation ? `${window.location.origin}${added.invitation.path}` : undefined, added.notice);
    } catch (failure) {
      setErrors(errorsOf(failure));
    }
  };
  const fieldError = (field: string) => (errors.field === field ? errors.fieldError : undefined);
  return (
    <Dialog title="Add member" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="Email"
          error={fieldError('email')}
          hint="A new person gets an invitation link. Someone who already has an Estate account is added as they are, without a link."
        >
          <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoFocus />
        </Field>
        <Field label="Full name (new person)" error={fieldError('name')}>
          <input type="text" maxLength={200} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label="Role" error={fieldError('role')}>
          <select value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </Field>
        <FormError error={errors.formError} />
        <FormActions submit="Add" onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * A member's role, changed in place; the API's refusal is shown beside the control. With
 * `onDemote` (admins), a lower role is confirmed first, with the keys the member made.
 */
function RoleControl({
  member,
  editable,
  onChanged,
  onDemote,
  onStale,
}: {
  member: Member;
  editable: boolean;
  onChanged(member: Member): void;
  onDemote?(role: Role): void;
  onStale(): void;
}) {
  const [error, setError] = useState<string>();
  if (!editable) return <>{member.role}</>;
  const change = async (role: Role) => {
    setError(undefined);
    if (onDemote && ROLES.indexOf(role) < ROLES.indexOf(member.role)) return onDemote(role);
    try {
      onChanged(await consoleApi.changeRole(member.id, role, await etagAsShown('members', member)));
    } catch (failure) {
      if (isConflict(failure)) {
        setError(`${failure.message}: the list now shows the current values; choose again to reapply.`);
        return onStale();
      }
      setError(failure instanceof ApiFailure ? failure.message : String(failure));
    }
  };
  return (
    <Field label={`Role of ${member.name}`} error={error}>
      <select className="compact" value={member.role} onChange={(event) => void change(event.target.value as Role)}>
        {ROLES.map((value) => (
          <option key={value}>{value}</option>
        ))}
      </select>
    </Field>
  );
}

/** /ui/members: people of the workspace and their roles. */
export function MembersPage() {
  const { can, isAdmin } = useAbilities();
  const [members, setMembers] = useState<Member[]>();
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [invitation, setInvitation] = useState<string>();
  const [addedNotice, setAddedNotice] = useState<string>();
  const [locks, setLocks] = useState<Map<string, SignInLock>>(new Map());
  const [removing, setRemoving] = useState<Member>();
  const [demoting, setDemoting] = useState<{ member: Member; role: Role }>();
  const [keysNotice, setKeysNotice] = useState<string>();

  const load = useCallback(() => {
    consoleApi.members({ limit: PAGE }).then(
      (page) => {
        setMembers(page.data);
        setTotal(page.pagination.total);
      },
      (failure: Error) => setError(failure.message),
    );
  }, []);
  useEffect(load, [load]);
  // Admins see whose sign-in is locked or slowed by failed passwords.
  const loadLocks = useCallback(() => {
    if (!isAdmin) return;
    consoleApi.signInLocks().then(
      (found) => setLocks(new Map(found.data.map((lock) => [lock.memberId, lock]))),
      () => setLocks(new Map()),
    );
  }, [isAdmin]);
  useEffect(loadLocks, [loadLocks]);

  return (
    <>
      <PageHeader title="Members">
        {can('members:edit') && (
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add member
          </button>
        )}
      </PageHeader>
      <FormError error={error} />
      {keysNotice && <p role="status">{keysNotice}</p>}
      {addedNotice && <p role="status">Member added. {addedNotice}</p>}
      {members && (
        <table>
          <TableHead caption="Members" columns={['Name', 'Email', 'Role', 'Joined']} />
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  {member.name}
                  {locks.has(member.id) && (
                    <SignInLockState lock={locks.get(member.id)!} name={member.name} onUnlocked={loadLocks} />
                  )}
                </th>
                <td>{member.email}</td>
                <td>
                  <RoleControl
                    member={member}
                    editable={can('members:edit')}
                    onChanged={(changed) => setMembers(members.map((m) => (m.id === changed.id ? changed : m)))}
                    onDemote={isAdmin ? (role) => setDemoting({ member, role }) : undefined}
                    onStale={load}
                  />
                </td>
                <td>{formatDate(member.createdAt)}</td>
                <td className="row-actions">
                  {can('members:delete') && (
                    <button type="button" className="danger" onClick={() => setRemoving(member)}>
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {members && total > members.length && (
        <p>
          Showing the first {members.length} of {total} members.
        </p>
      )}
      {adding && (
        <AddMemberForm
          onClose={() => setAdding(false)}
          onAdded={(link, notice) => {
            setAdding(false);
            setInvitation(link);
            setAddedNotice(notice ?? undefined);
            load();
          }}
        />
      )}
      {invitation && (
        <ShownOnceDialog
          title="Send the new member their invitation"
          intro="It is shown this once, works once, and is valid for 7 days. The new member chooses their password with it."
          values={[{ label: 'Invitation link', value: invitation }]}
          onClose={() => setInvitation(undefined)}
        />
      )}
      {removing && (
        <MemberChangeDialog
          member={removing}
          change={{ kind: 'remove' }}
          isAdmin={isAdmin}
          onClose={() => setRemoving(undefined)}
          onDone={(message) => {
            setRemoving(undefined);
            setKeysNotice(message);
            load();
          }}
        />
      )}
      {demoting && (
        <MemberChangeDialog
          member={demoting.member}
          change={{ kind: 'demote', role: demoting.role }}
          isAdmin={isAdmin}
          onClose={() => setDemoting(undefined)}
          onDone={(message, changed) => {
            setDemoting(undefined);
            setKeysNotice(message);
            // In the same render as the message, so the role shown and the message agree; without
            // a changed member (the member changed meanwhile: 412), the list is read again.
            if (changed) setMembers((current) => current?.map((m) => (m.id === changed.id ? changed : m)));
            else load();
          }}
        />
      )}
    </>
  );
}
