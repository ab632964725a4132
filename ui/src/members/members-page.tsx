import { notifyManager, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Body } from '../api/contract.js';
import { isConflict, messageOf } from '../api/client.js';
import { consoleApi, etagAsShown, type Member, type OffsetList } from '../api/console-api.js';
import { invalidate, queries, stale } from '../api/queries.js';
import { Dialog, FormActions } from '../base/dialog.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import { formatCount, formatDate } from '../base/format.js';
import { PageHeader } from '../base/layout.js';
import { ShownOnceDialog } from '../base/secret.js';
import { TableHead } from '../base/table-head.js';
import { useAbilities } from '../base/session.js';
import { SignInLockState } from './sign-in-lock.js';
import { MemberChangeDialog } from './member-keys.js';

type AddMember = Body<'/members', 'post'>;

const ROLES: readonly string[] = ['read', 'write', 'admin'];
/** A system role, or a custom role of the workspace. */
type Role = string;

/** The roles a member may be given: the system roles, then the workspace's custom roles (the Roles page's list). */
function useRoleNames(): readonly string[] {
  const roles = useQuery(queries.roles());
  return roles.data?.roles.map((role) => role.name) ?? ROLES;
}
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
  const roleNames = useRoleNames();
  const add = useMutation({
    mutationFn: (body: AddMember) => consoleApi.addMember(body, { fields: ['email', 'name', 'role'] }),
    onSuccess: (added) =>
      onAdded(added.invitation ? `${window.location.origin}${added.invitation.path}` : undefined, added.notice),
  });
  const errors = errorsOf(add.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ email, role, ...(name.trim() ? { name: name.trim() } : {}) });
  };
  const fieldError = (field: string) => (errors.field === field ? errors.fieldError : undefined);
  return (
    <Dialog title="Add member" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Field
          label="Email"
          error={fieldError('email')}
          hint={
            'A new person gets an invitation link. ' +
            'Someone who already has an Estate account is added as they are, without a link.'
          }
        >
          <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoFocus />
        </Field>
        <Field label="Full name (new person)" error={fieldError('name')}>
          <input type="text" maxLength={200} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label="Role" error={fieldError('role')}>
          <select value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {roleNames.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </Field>
        <FormError error={errors.formError} />
        <FormActions submit="Add" onCancel={onClose} busy={add.isPending} />
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
  const roleNames = useRoleNames();
  const changeRole = useMutation({
    mutationFn: async (role: Role) => consoleApi.changeRole(member.id, role, await etagAsShown('members', member)),
    onSuccess: onChanged,
    onError: (failure) => {
      if (isConflict(failure)) onStale();
    },
  });
  if (!editable) return <>{member.role}</>;
  const error = isConflict(changeRole.error)
    ? `${changeRole.error.message}: the list now shows the current values; choose again to reapply.`
    : messageOf(changeRole.error);
  const change = (role: Role) => {
    if (onDemote && ROLES.indexOf(role) < ROLES.indexOf(member.role)) {
      changeRole.reset();
      return onDemote(role);
    }
    changeRole.mutate(role);
  };
  return (
    <Field label={`Role of ${member.name}`} error={error}>
      <select className="compact" value={member.role} onChange={(event) => change(event.target.value as Role)}>
        {(roleNames.includes(member.role) ? roleNames : [...roleNames, member.role]).map((value) => (
          <option key={value}>{value}</option>
        ))}
      </select>
    </Field>
  );
}

/** /ui/members: people of the workspace and their roles. */
export function MembersPage() {
  const { can, isAdmin } = useAbilities();
  const client = useQueryClient();
  const list = useQuery(queries.members({ limit: PAGE }));
  const members = list.data?.data;
  const total = list.data?.pagination.total ?? 0;
  const [adding, setAdding] = useState(false);
  const [invitation, setInvitation] = useState<string>();
  const [addedNotice, setAddedNotice] = useState<string>();
  // Admins see whose sign-in is locked or slowed by failed passwords.
  const found = useQuery({ ...queries.signInLocks(), enabled: isAdmin });
  const locks = new Map(found.data?.data.map((lock) => [lock.memberId, lock]));
  const [removing, setRemoving] = useState<Member>();
  const [demoting, setDemoting] = useState<{ member: Member; role: Role }>();
  const [keysNotice, setKeysNotice] = useState<string>();

  // A change of members changes their keys too (revoked with them) and the audit log.
  const reload = () => void invalidate(client, stale.members, stale.keys);
  /** The member as changed, shown in the list at once (the list is read again too). */
  const showChanged = (changed: Member) =>
    client.setQueryData(queries.members({ limit: PAGE }).queryKey, (page: OffsetList<Member> | undefined) =>
      page ? { ...page, data: page.data.map((one) => (one.id === changed.id ? changed : one)) } : page,
    );

  return (
    <>
      <PageHeader title="Members">
        {can('members:edit') && (
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            Add member
          </button>
        )}
      </PageHeader>
      <FormError error={messageOf(list.error)} />
      {keysNotice && <p role="status">{keysNotice}</p>}
      {addedNotice && <p role="status">Member added. {addedNotice}</p>}
      {members && (
        <div className="table-scroll">
          <table>
            <TableHead caption="Members" columns={['Name', 'Email', 'Role', 'Joined']} />
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    {member.name}
                    {locks.has(member.id) && <SignInLockState lock={locks.get(member.id)!} name={member.name} />}
                  </th>
                  <td>{member.email}</td>
                  <td>
                    <RoleControl
                      member={member}
                      editable={can('members:edit')}
                      onChanged={(changed) => {
                        showChanged(changed);
                        reload();
                      }}
                      onDemote={isAdmin ? (role) => setDemoting({ member, role }) : undefined}
                      onStale={reload}
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
        </div>
      )}
      {members && total > members.length && (
        <p>
          Showing the first {formatCount(members.length)} of {formatCount(total)} members.
        </p>
      )}
      {adding && (
        <AddMemberForm
          onClose={() => setAdding(false)}
          onAdded={(link, notice) => {
            setAdding(false);
            setInvitation(link);
            setAddedNotice(notice ?? undefined);
            reload();
          }}
        />
      )}
      {invitation && (
        <ShownOnceDialog
          title="Send the new member their invitation"
          intro={
            'It is shown this once, works once, and is valid for 7 days. ' +
            'The new member chooses their password with it.'
          }
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
            reload();
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
            // The role shown never disagrees with the message: the list's new data reaches its rows
            // first, and the message follows on the same notifyManager schedule. Without a changed
            // member (412: it changed meanwhile), the list is read again.
            if (changed) showChanged(changed);
            reload();
            notifyManager.schedule(() => {
              setDemoting(undefined);
              setKeysNotice(message);
            });
          }}
        />
      )}
    </>
  );
}
