import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../api/client.js';
import { type CustomField, customFieldsApi } from '../api/console-api.js';
import { invalidate, stale } from '../api/queries.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';
import { useCatalog } from '../inventory/catalog.js';
import { FIELD_FAMILIES } from '../../../src/base/custom-fields/field-kinds.js';

const TYPES = [
  ['text', 'Text'],
  ['longtext', 'Long text'],
  ['integer', 'Whole number'],
  ['decimal', 'Number'],
  ['boolean', 'Yes / no'],
  ['date', 'Date'],
  ['datetime', 'Date and time'],
  ['url', 'Web address'],
  ['json', 'JSON'],
  ['select', 'One of a list'],
  ['multiselect', 'Several of a list'],
  ['reference', 'An item'],
  ['multireference', 'Several items'],
] as const;

type FieldType = (typeof TYPES)[number][0];
const typeLabel = (type: string) => TYPES.find(([value]) => value === type)?.[1] ?? type;

interface Draft {
  name: string;
  label: string;
  type: FieldType;
  choices: string;
  required: boolean;
  filterable: boolean;
  searchable: boolean;
  group: string;
  order: string;
  minimum: string;
  maximum: string;
  referenceFamily: string;
}

const EMPTY: Draft = {
  name: '',
  label: '',
  type: 'text',
  choices: '',
  required: false,
  filterable: false,
  searchable: false,
  group: '',
  order: '0',
  minimum: '',
  maximum: '',
  referenceFamily: '',
};

function draftOf(field: CustomField): Draft {
  return {
    name: field.name,
    label: field.label,
    type: field.type,
    choices: (field.choices ?? []).join('\n'),
    required: field.required,
    filterable: field.filterable,
    searchable: field.searchable,
    group: field.group ?? '',
    order: String(field.order),
    minimum: field.minimum === null ? '' : String(field.minimum),
    maximum: field.maximum === null ? '' : String(field.maximum),
    referenceFamily: field.referenceFamily ?? '',
  };
}

const NUMBERS = new Set<FieldType>(['integer', 'decimal']);
const BOUNDED = new Set<FieldType>(['integer', 'decimal', 'date', 'datetime']);
const CHOICES = new Set<FieldType>(['select', 'multiselect']);
const REFERENCES = new Set<FieldType>(['reference', 'multireference']);

/** A bound as the API takes it: a number for number fields, a date's text otherwise; null when empty. */
function boundOf(type: FieldType, text: string): number | string | null {
  if (text.trim() === '') return null;
  return NUMBERS.has(type) ? Number(text) : text.trim();
}

/** The settings the draft gives, each only where its type takes it. */
function bodyOf(draft: Draft) {
  return {
    label: draft.label.trim() || undefined,
    required: draft.required,
    filterable: draft.filterable,
    searchable: draft.searchable,
    group: draft.group.trim() || null,
    order: Number(draft.order) || 0,
    choices: CHOICES.has(draft.type)
      ? draft.choices
          .split('\n')
          .map((choice) => choice.trim())
          .filter(Boolean)
      : null,
    minimum: BOUNDED.has(draft.type) ? boundOf(draft.type, draft.minimum) : null,
    maximum: BOUNDED.has(draft.type) ? boundOf(draft.type, draft.maximum) : null,
    referenceFamily: REFERENCES.has(draft.type)
      ? ((draft.referenceFamily || null) as CustomField['referenceFamily'])
      : null,
  };
}

function DefinitionForm({ family, editing, onDone }: { family: string; editing?: CustomField; onDone(): void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const save = useMutation({
    mutationFn: () => {
      const { label, ...settings } = bodyOf(draft);
      if (editing)
        return customFieldsApi.update(editing.id, {
          ...settings,
          ...(label && { label }),
          name: draft.name,
          type: draft.type,
        });
      return customFieldsApi.create({
        family: family as CustomField['family'],
        name: draft.name,
        type: draft.type,
        ...(label && { label }),
        ...Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== null)),
      });
    },
    onSuccess: () => {
      void invalidate(client, ['custom-fields'], stale.inventory);
      onDone();
    },
  });
  const errors = errorsOf(save.error);
  const errorOf = (name: string) => (errors.field === name ? errors.fieldError : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="resource-form" onSubmit={submit} noValidate aria-label={editing ? 'Edit field' : 'New field'}>
      <Field label="Name" error={errorOf('name')} hint="The key in customFields and cf_<name>: lower case, digits, _.">
        <input value={draft.name} onChange={(event) => set({ name: event.target.value })} />
      </Field>
      <Field label="Label" error={errorOf('label')} hint="What people read; the name in words when left empty.">
        <input value={draft.label} maxLength={200} onChange={(event) => set({ label: event.target.value })} />
      </Field>
      <Field label="Type" error={errorOf('type')}>
        <select value={draft.type} onChange={(event) => set({ type: event.target.value as FieldType })}>
          {TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {CHOICES.has(draft.type) && (
        <Field label="Choices" error={errorOf('choices')} hint="One per line.">
          <textarea rows={4} value={draft.choices} onChange={(event) => set({ choices: event.target.value })} />
        </Field>
      )}
      {BOUNDED.has(draft.type) && (
        <>
          <Field label="Minimum" error={errorOf('minimum')}>
            <input
              type={NUMBERS.has(draft.type) ? 'number' : 'text'}
              value={draft.minimum}
              onChange={(event) => set({ minimum: event.target.value })}
            />
          </Field>
          <Field label="Maximum" error={errorOf('maximum')}>
            <input
              type={NUMBERS.has(draft.type) ? 'number' : 'text'}
              value={draft.maximum}
              onChange={(event) => set({ maximum: event.target.value })}
            />
          </Field>
        </>
      )}
      {REFERENCES.has(draft.type) && (
        <Field label="Items of" error={errorOf('referenceFamily')}>
          <select value={draft.referenceFamily} onChange={(event) => set({ referenceFamily: event.target.value })}>
            <option value="">—</option>
            {FIELD_FAMILIES.map((one) => (
              <option key={one} value={one}>
                {one}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field label="Group" error={errorOf('group')} hint="The heading it is shown under on an item's page.">
        <input value={draft.group} maxLength={100} onChange={(event) => set({ group: event.target.value })} />
      </Field>
      <Field label="Order" error={errorOf('order')}>
        <input type="number" min={0} value={draft.order} onChange={(event) => set({ order: event.target.value })} />
      </Field>
      <Field label="Required">
        <input type="checkbox" checked={draft.required} onChange={(event) => set({ required: event.target.checked })} />
      </Field>
      <Field label="Filterable" hint="Lists filter and sort by it quickly (it gets an index).">
        <input
          type="checkbox"
          checked={draft.filterable}
          onChange={(event) => set({ filterable: event.target.checked })}
        />
      </Field>
      <Field label="Searchable" hint="The list's search box finds its values.">
        <input
          type="checkbox"
          checked={draft.searchable}
          onChange={(event) => set({ searchable: event.target.checked })}
        />
      </Field>
      <FormError error={errors.formError} />
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          {editing ? 'Save field' : 'Add field'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Delete with the number of values it removes, read when asked. */
function DeleteField({ family, field }: { family: string; field: CustomField }) {
  const client = useQueryClient();
  const [held, setHeld] = useState<number>();
  const ask = useMutation({ mutationFn: () => customFieldsApi.held(family, field.name), onSuccess: setHeld });
  const remove = useMutation({
    mutationFn: () => customFieldsApi.remove(field.id),
    onSuccess: () => void invalidate(client, ['custom-fields'], stale.inventory),
  });
  if (held === undefined)
    return (
      <button type="button" onClick={() => ask.mutate()} aria-label={`Delete ${field.label}`}>
        Delete
      </button>
    );
  return (
    <span role="alertdialog" aria-label={`Delete ${field.label}?`}>
      {held === 0 ? 'No item holds a value.' : `${held} ${family} hold a value; deleting removes them.`}{' '}
      <button type="button" className="danger" onClick={() => remove.mutate()}>
        Delete {field.label}
      </button>{' '}
      <button type="button" onClick={() => setHeld(undefined)}>
        Keep
      </button>
      <FormError error={messageOf(remove.error ?? ask.error)} />
    </span>
  );
}

/** /ui/settings/fields: a family's custom fields; admins add, change, order, group and delete them. */
export function FieldsPage() {
  const { can } = useAbilities();
  const catalog = useCatalog();
  const [family, setFamily] = useState('servers');
  const [editing, setEditing] = useState<CustomField | 'new'>();
  const fields = useQuery({ queryKey: ['custom-fields', family], queryFn: () => customFieldsApi.list(family) });
  const editable = can('tenant:edit');
  const nameOf = (key: string) => catalog.find((one) => one.key === key)?.many ?? key;
  return (
    <>
      <PageHeader title="Custom fields" />
      <p className="lead">A team's own fields on a family's items, shown on their forms and pages.</p>
      <label>
        Family{' '}
        <select
          value={family}
          onChange={(event) => {
            setFamily(event.target.value);
            setEditing(undefined);
          }}
        >
          {FIELD_FAMILIES.map((key) => (
            <option key={key} value={key}>
              {nameOf(key)}
            </option>
          ))}
        </select>
      </label>
      <FormError error={messageOf(fields.error)} />
      <table aria-label={`Custom fields of ${nameOf(family)}`}>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Group</th>
            <th scope="col">Required</th>
            <th scope="col">Filterable</th>
            <th scope="col">Searchable</th>
            {editable && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {(fields.data?.data ?? []).map((field) => (
            <tr key={field.id}>
              <td>{field.label}</td>
              <td>
                <code>{field.name}</code>
              </td>
              <td>
                {typeLabel(field.type)}
                {field.choices ? `: ${field.choices.join(', ')}` : ''}
              </td>
              <td>{field.group ?? '—'}</td>
              <td>{field.required ? 'yes' : 'no'}</td>
              <td>{field.filterable ? 'yes' : 'no'}</td>
              <td>{field.searchable ? 'yes' : 'no'}</td>
              {editable && (
                <td>
                  <button type="button" onClick={() => setEditing(field)} aria-label={`Edit ${field.label}`}>
                    Edit
                  </button>{' '}
                  <DeleteField family={family} field={field} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {fields.data?.data.length === 0 && <p>No custom fields on {nameOf(family)} yet.</p>}
      {editable && !editing && (
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          New field
        </button>
      )}
      {editing && (
        <DefinitionForm
          key={editing === 'new' ? `${family}/new` : editing.id}
          family={family}
          {...(editing !== 'new' && { editing })}
          onDone={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
