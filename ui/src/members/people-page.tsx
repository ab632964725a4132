import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../api/client.js';
import { customFieldsApi, type Person, peopleApi } from '../api/console-api.js';
import type { Named } from '../api/contract.js';
import { CustomFieldsets, customDraftOf, customValuesOf } from '../inventory/resource-form.js';
import { Dialog, FormActions } from '../base/dialog.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';

type CustomField = Named<'CustomField'>;

interface Draft {
  name: string;
  email: string;
  department: string;
  employeeNumber: string;
}

/** Adds a person without an account, or changes what the workspace records of one. */
function PersonForm({
  person,
  custom,
  onClose,
}: {
  person?: Person;
  /** The workspace's custom fields of people. */
  custom: CustomField[];
  onClose(): void;
}) {
  const client = useQueryClient();
  const stored = (person?.customFields ?? {}) as Record<string, unknown>;
  const [customDraft, setCustomDraft] = useState(() => customDraftOf(custom, stored));
  const paths = custom.map((field) => `customFields.${field.name}`);
  const [draft, setDraft] = useState<Draft>({
    name: person?.name ?? '',
    email: person?.email ?? '',
    department: person?.department ?? '',
    employeeNumber: person?.employeeNumber ?? '',
  });
  // A member's name and e-mail are their account's: only the workspace's own record changes.
  const own = !person?.member;
  const save = useMutation({
    mutationFn: () => {
      const text = (value: string) => value.trim() || undefined;
      const values = customValuesOf(custom, customDraft, person ? stored : undefined);
      const customFields = Object.keys(values).length > 0 ? { customFields: values } : {};
      if (!person)
        return peopleApi.create(
          {
            name: draft.name.trim(),
            ...(text(draft.email) && { email: text(draft.email) }),
            ...(text(draft.department) && { department: text(draft.department) }),
            ...(text(draft.employeeNumber) && { employeeNumber: text(draft.employeeNumber) }),
            ...customFields,
          },
          paths,
        );
      const clearable = (value: string) => value.trim() || null;
      return peopleApi.update(
        person.id,
        {
          ...(own && { name: draft.name.trim(), email: clearable(draft.email) }),
          department: clearable(draft.department),
          employeeNumber: clearable(draft.employeeNumber),
          ...customFields,
        },
        paths,
      );
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['people'] });
      onClose();
    },
  });
  const errors = errorsOf(save.error);
  const fieldError = (field: string) => (errors.field === field ? errors.fieldError : undefined);
  const input = (key: keyof Draft, type = 'text', disabled = false) => (
    <input
      type={type}
      value={draft[key]}
      disabled={disabled}
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <Dialog title={person ? `Change ${person.name}` : 'Add person'} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Field label="Name" error={fieldError('name')}>
          {input('name', 'text', !own)}
        </Field>
        <Field label="Email" error={fieldError('email')} hint={own ? 'Optional.' : "A member's, from their account."}>
          {input('email', 'email', !own)}
        </Field>
        <Field label="Department" error={fieldError('department')}>
          {input('department')}
        </Field>
        <Field label="Employee number" error={fieldError('employeeNumber')}>
          {input('employeeNumber')}
        </Field>
        <CustomFieldsets
          fields={custom}
          draft={customDraft}
          onChange={setCustomDraft}
          errors={errors.field ? { [errors.field]: errors.fieldError } : {}}
          creating={!person}
        />
        <FormError error={errors.formError} />
        <FormActions submit={person ? 'Save' : 'Add'} onCancel={onClose} busy={save.isPending} />
      </form>
    </Dialog>
  );
}

/** A custom field's value in a cell: a list's items joined, none as a dash. */
function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * /ui/people: everyone of the workspace, members and the people it records without an account
 * (owners, assignees, team members who never sign in). Admins of the organisation add, change and
 * remove the latter; members are managed on the Members page.
 */
export function PeoplePage() {
  const { can } = useAbilities();
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [member, setMember] = useState('');
  const [editing, setEditing] = useState<Person | 'new'>();
  const people = useQuery({
    queryKey: ['people', q, member],
    queryFn: () => peopleApi.list({ ...(q && { q }), ...(member && { member }) }),
  });
  const fields = useQuery({ queryKey: ['custom-fields', 'users'], queryFn: () => customFieldsApi.list('users') });
  const custom = fields.data?.data ?? [];
  const remove = useMutation({
    mutationFn: (id: string) => peopleApi.remove(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['people'] }),
  });
  const total = people.data?.pagination.total ?? 0;
  return (
    <>
      <PageHeader title="People" />
      <p className="lead">
        Members, and the people the estate is assigned to who never sign in: they own, are assigned and belong to teams
        as members do.
      </p>
      <p>
        <label>
          Search <input type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        </label>{' '}
        <label>
          Show{' '}
          <select value={member} onChange={(event) => setMember(event.target.value)}>
            <option value="">everyone</option>
            <option value="true">members</option>
            <option value="false">without an account</option>
          </select>
        </label>{' '}
        {can('organisation:add') && (
          <button type="button" onClick={() => setEditing('new')}>
            Add person
          </button>
        )}
      </p>
      <FormError error={messageOf(people.error ?? remove.error)} />
      <p role="status">{total === 1 ? '1 person' : `${total.toLocaleString('en')} people`}</p>
      <table aria-label="People">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Department</th>
            <th scope="col">Employee number</th>
            <th scope="col">Member</th>
            {custom.map((field) => (
              <th scope="col" key={field.name}>
                {field.label}
              </th>
            ))}
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {(people.data?.data ?? []).map((person) => (
            <tr key={person.id}>
              <th scope="row">{person.name}</th>
              <td>{person.email ?? '—'}</td>
              <td>{person.department ?? '—'}</td>
              <td>{person.employeeNumber ?? '—'}</td>
              <td>{person.member ? 'yes' : 'no'}</td>
              {custom.map((field) => (
                <td key={field.name}>{shownValue((person.customFields as Record<string, unknown>)[field.name])}</td>
              ))}
              <td>
                {can('organisation:edit') && (
                  <button type="button" onClick={() => setEditing(person)}>
                    Change {person.name}
                  </button>
                )}{' '}
                {!person.member && can('organisation:delete') && (
                  <button type="button" className="danger" onClick={() => remove.mutate(person.id)}>
                    Remove {person.name}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing && (
        <PersonForm
          person={editing === 'new' ? undefined : editing}
          custom={custom}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
