import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../api/client.js';
import { consoleApi, type Role, type RolesView } from '../api/console-api.js';
import { invalidate, queries, stale } from '../api/queries.js';
import { Field, FormError } from '../base/field.js';
import { formatCount, humanize } from '../base/format.js';
import { ScopePicker, toggled } from '../base/scope-picker.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';
import { useCatalog } from '../inventory/catalog.js';
import { labelOf } from '../inventory/schema.js';
import { FilterControl } from '../lists/filter-control.js';

type Restrictions = Role['restrictions'];
type FamilyChoice = RolesView['families'][number];

/** One restriction: items of `family` must match `filter=value`. */
interface Term {
  family: string;
  filter: string;
  value: string;
}

const termsOf = (restrictions: Restrictions): Term[] =>
  Object.entries(restrictions).flatMap(([family, filters]) =>
    Object.entries(filters).flatMap(([filter, values]) => values.map((value) => ({ family, filter, value }))),
  );

function restrictionsOf(terms: readonly Term[]): Restrictions {
  const restrictions: Restrictions = {};
  for (const { family, filter, value } of terms) {
    const filters = restrictions[family] ?? {};
    filters[filter] = [...(filters[filter] ?? []), value];
    restrictions[family] = filters;
  }
  return restrictions;
}

const sameTerm = (a: Term, b: Term) => a.family === b.family && a.filter === b.filter && a.value === b.value;

/** What the restrictions reach, counted by the server before they are saved: "1,204 servers". */
function ReachPreview({ restrictions }: { restrictions: Restrictions }) {
  const { isAdmin } = useAbilities();
  const named = Object.keys(restrictions).length > 0;
  const reach = useQuery({
    queryKey: ['roles', 'reach', JSON.stringify(restrictions)],
    queryFn: () => consoleApi.roleReach(restrictions),
    enabled: named && isAdmin,
  });
  if (!named) return <p className="hint">Reaches every item of the workspace.</p>;
  if (reach.error) return <FormError error={messageOf(reach.error)} />;
  const counts = reach.data?.counts;
  return (
    <p role="status" aria-live="polite">
      {counts
        ? `Reaches ${counts.map((count) => `${formatCount(count.total)} ${count.many}`).join(', ')}; ` +
          'every item of the other families.'
        : 'Counting what it reaches…'}
    </p>
  );
}

/** The restrictions of a custom role: the terms it has, and a form that adds one (family, filter, value). */
function RestrictionsEditor({
  terms,
  families,
  editable,
  onChange,
  roleName,
}: {
  terms: Term[];
  families: FamilyChoice[];
  editable: boolean;
  onChange(terms: Term[]): void;
  roleName: string;
}) {
  const catalog = useCatalog();
  const [family, setFamily] = useState(families[0]?.key ?? '');
  const choice = families.find((candidate) => candidate.key === family);
  const [filter, setFilter] = useState('');
  const [value, setValue] = useState('');
  const listed = catalog.find((candidate) => candidate.key === family);
  const schema = listed?.listQuery.properties?.[filter];
  const add = (chosen = value) => {
    const term = { family, filter, value: chosen.trim() };
    if (!term.filter || !term.value || terms.some((known) => sameTerm(known, term))) return;
    onChange([...terms, term]);
    setValue('');
  };
  return (
    <fieldset className="restrictions">
      <legend>Restrictions of the {roleName} role</legend>
      {terms.length === 0 ? (
        <p className="hint">None: the role reaches every item its scopes allow.</p>
      ) : (
        <ul>
          {terms.map((term) => (
            <li key={`${term.family} ${term.filter} ${term.value}`}>
              {humanize(term.family)}: {labelOf(term.filter)} = <code>{term.value}</code>{' '}
              {editable && (
                <button
                  type="button"
                  className="link"
                  onClick={() => onChange(terms.filter((known) => !sameTerm(known, term)))}
                >
                  Remove {term.filter}={term.value}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <div className="restriction-add">
          <Field label="Family">
            <select
              value={family}
              onChange={(event) => {
                setFamily(event.target.value);
                setFilter('');
                setValue('');
              }}
            >
              {families.map((candidate) => (
                <option key={candidate.key} value={candidate.key}>
                  {humanize(candidate.many)}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Filter">
            <select
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value);
                setValue('');
              }}
            >
              <option value="">Choose a filter</option>
              {choice?.filters.map((name) => (
                <option key={name} value={name}>
                  {labelOf(name)}
                </option>
              ))}
            </select>
          </Field>
          {filter && schema && (
            <FilterControl
              name={filter}
              schema={schema}
              value={value}
              references={listed?.references ?? {}}
              onChange={setValue}
              onChoose={(chosen) => add(chosen)}
            />
          )}
          <button type="button" disabled={!filter || !value.trim()} onClick={() => add()}>
            Add restriction
          </button>
        </div>
      )}
    </fieldset>
  );
}

/** One role: its scopes and, for a custom role, its description and restrictions; admins change them. */
function RoleEditor({ role, view, editable }: { role: Role; view: RolesView; editable: boolean }) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState(new Set(role.permissions));
  const [description, setDescription] = useState(role.description ?? '');
  const [terms, setTerms] = useState(termsOf(role.restrictions));
  const [deleting, setDeleting] = useState(false);
  const restrictions = restrictionsOf(terms);
  const save = useMutation({
    mutationFn: async () =>
      role.system
        ? consoleApi.setRole(role.name, [...chosen].sort())
        : consoleApi.updateRole(role.name, {
            description: description.trim() || null,
            permissions: [...chosen].sort(),
            restrictions,
          }),
    onSuccess: (saved) => {
      setChosen(new Set(saved.permissions));
      void invalidate(client, stale.roles);
    },
  });
  const remove = useMutation({
    mutationFn: () => consoleApi.deleteRole(role.name),
    onSuccess: () => void invalidate(client, stale.roles),
  });
  const heading = role.system ? humanize(role.name) : role.name;
  return (
    <section className="role" aria-label={`${role.name} role`}>
      <h2>
        {heading} {role.system && <span className="badge">system</span>}
      </h2>
      <p className="hint">
        {formatCount(role.members)} member{role.members === 1 ? '' : 's'}
        {role.system ? '; reaches every item its scopes allow.' : ''}
      </p>
      {!role.system && (
        <Field label={`Description of ${role.name}`}>
          <input
            type="text"
            maxLength={500}
            value={description}
            disabled={!editable}
            onChange={(event) => setDescription(event.target.value)}
          />
        </Field>
      )}
      <fieldset disabled={!editable} className="scopes">
        <legend>Permissions of the {role.name} role</legend>
        <ScopePicker scopes={view.scopes} chosen={chosen} onToggle={(scope) => setChosen(toggled(chosen, scope))} />
      </fieldset>
      {!role.system && (
        <>
          <RestrictionsEditor
            terms={terms}
            families={view.families}
            editable={editable}
            onChange={setTerms}
            roleName={role.name}
          />
          <ReachPreview restrictions={restrictions} />
        </>
      )}
      <FormError error={messageOf(save.error ?? remove.error)} />
      {save.data && <p role="status">Saved: {save.data.permissions.length} scopes.</p>}
      {editable && (
        <div className="actions">
          <button type="button" className="primary" onClick={() => save.mutate()}>
            Save {role.name} role
          </button>
          {!role.system &&
            (deleting ? (
              <button type="button" className="danger" onClick={() => remove.mutate()}>
                Confirm: delete {role.name}
              </button>
            ) : (
              <button type="button" onClick={() => setDeleting(true)}>
                Delete {role.name} role
              </button>
            ))}
        </div>
      )}
    </section>
  );
}

/** An admin's form for a new custom role: a name and what it is for; scopes and restrictions follow. */
function NewRoleForm() {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useMutation({
    mutationFn: () =>
      consoleApi.createRole({ name: name.trim(), description: description.trim() || null, permissions: [] }),
    onSuccess: () => {
      setName('');
      setDescription('');
      void invalidate(client, stale.roles);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="New role">
      <Field label="New role name">
        <input type="text" required maxLength={60} value={name} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field label="What it is for">
        <input
          type="text"
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      <button type="submit" className="primary" disabled={!name.trim()}>
        Create role
      </button>
      <FormError error={messageOf(create.error)} />
    </form>
  );
}

/**
 * /ui/roles: the system roles and the workspace's custom roles. A custom role's restrictions narrow
 * what its holders reach to the items matching list filters; admins edit every role and see what
 * restrictions reach before they save them.
 */
export function RolesPage() {
  const { isAdmin } = useAbilities();
  const roles = useQuery(queries.roles());
  const view = roles.data;
  return (
    <>
      <PageHeader title="Roles" />
      <p className="lead">
        A member acts with their role's permissions and restrictions as they are now. Existing API keys keep the frozen
        copy they were made with: editing a role changes no key.
      </p>
      {isAdmin && <NewRoleForm />}
      <FormError error={messageOf(roles.error)} />
      {view?.roles.map((role) => (
        <RoleEditor key={role.id} role={role} view={view} editable={isAdmin} />
      ))}
    </>
  );
}
