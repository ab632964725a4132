import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { isConflict } from '../api/client.js';
import { inventoryApi, type Resource } from '../api/console-api.js';
import { ConflictNotice, type ConflictRow } from '../base/conflict.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useFamily } from './catalog.js';
import { display, enumValues, kindOf, labelOf, unwrapNull, type ConsoleFamily, type JsonSchema } from './schema.js';

/** Fields an agent reports: on an automatic server or workstation they cannot change here. */
const REPORTED = ['name', 'os', 'manufacturer'];
const REPORTED_REASON =
  "Reported by its agent: an automatic host's name, OS and manufacturer change only through its reports.";

type Draft = Record<string, string | boolean | string[]>;

/** The text a form control holds for an API value. */
function toDraft(value: unknown, schema: JsonSchema): string | boolean | string[] {
  const kind = kindOf(schema);
  if (kind === 'boolean') return value === true;
  if (kind === 'uuids') return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  if (kind === 'strings') return Array.isArray(value) ? value.join('\n') : '';
  if (kind === 'datetime' && typeof value === 'string') {
    const date = new Date(value);
    return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }
  if (kind === 'json') return JSON.stringify(value);
  return String(value);
}

/** The API value of a form control, or undefined when it is left empty (absent on create, null on edit). */
function fromDraft(draft: string | boolean | string[], schema: JsonSchema): unknown {
  const kind = kindOf(schema);
  if (kind === 'boolean') return draft;
  if (kind === 'uuids') return draft;
  if (typeof draft !== 'string' || draft.trim() === '') return undefined;
  switch (kind) {
    case 'integer':
    case 'number':
      return Number(draft);
    case 'strings':
      return draft
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    case 'datetime':
      return new Date(draft).toISOString();
    case 'json':
      try {
        return JSON.parse(draft) as unknown;
      } catch {
        return draft;
      }
    default:
      return draft;
  }
}

/** The choices of a field that names rows of another family: its first 200 by name. */
function useChoices(family: string | undefined): { id: string; name: string }[] {
  const [choices, setChoices] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    if (!family) return;
    inventoryApi.list(family, { limit: '200' }).then(
      (page) => setChoices(page.data.map((row) => ({ id: row.id, name: String(row.name ?? row.email ?? row.id) }))),
      () => setChoices([]),
    );
  }, [family]);
  return choices;
}

/** A save refused with 412: the item as it is now, its ETag, and the change the person made. */
interface Conflict {
  current: Resource;
  etag: string | undefined;
  body: Record<string, unknown>;
}

/** The fields someone else changed since the form loaded the item, and those this person changed. */
function conflictRows(family: ConsoleFamily, opened: Resource, conflict: Conflict): ConflictRow[] {
  const item = family.item.properties ?? {};
  const changed = Object.keys(item).filter(
    (name) => name in conflict.body || JSON.stringify(opened[name]) !== JSON.stringify(conflict.current[name]),
  );
  return changed.map((name) => ({
    label: labelOf(name),
    current: display(conflict.current[name], item[name] ?? {}),
    ...(name in conflict.body ? { mine: display(conflict.body[name], item[name] ?? {}) } : {}),
  }));
}

/** The ARIA wiring Field hands its control: the label's id, the description and the invalid flag. */
type Wiring = { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean };

function Control({
  name,
  schema,
  value,
  onChange,
  target,
  disabled,
  ...wiring
}: {
  name: string;
  schema: JsonSchema;
  value: Draft[string];
  onChange(value: Draft[string]): void;
  target?: string | undefined;
  disabled?: boolean;
} & Wiring) {
  const kind = kindOf(schema);
  const inner = unwrapNull(schema).schema;
  const choices = useChoices(target);
  if (kind === 'boolean')
    return (
      <input
        {...wiring}
        type="checkbox"
        name={name}
        checked={value === true}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    );
  if (kind === 'enum' || (kind === 'uuid' && target)) {
    const options =
      kind === 'enum'
        ? (enumValues(inner) ?? []).map((option) => ({ id: option, name: option.replaceAll('_', ' ') }))
        : choices;
    return (
      <select
        {...wiring}
        name={name}
        value={String(value)}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">—</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    );
  }
  if (kind === 'uuids') {
    const selected = Array.isArray(value) ? value : [];
    return (
      <select
        {...wiring}
        name={name}
        multiple
        size={Math.min(6, Math.max(3, choices.length))}
        value={selected}
        disabled={disabled}
        onChange={(event) => onChange([...event.target.selectedOptions].map((option) => option.value))}
      >
        {choices.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (kind === 'longtext' || kind === 'strings' || kind === 'json') {
    return (
      <textarea
        {...wiring}
        name={name}
        rows={kind === 'longtext' ? 4 : 3}
        value={text}
        disabled={disabled}
        maxLength={inner.maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  const type =
    { integer: 'number', number: 'number', date: 'date', datetime: 'datetime-local' }[kind as string] ?? 'text';
  return (
    <input
      {...wiring}
      type={type}
      name={name}
      value={text}
      disabled={disabled}
      maxLength={inner.maxLength}
      min={inner.minimum}
      max={inner.maximum}
      step={kind === 'number' ? 'any' : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Errors of the body against the API's own schema, by field: the browser refuses what the API would. */
async function validate(schema: JsonSchema, body: Record<string, unknown>): Promise<Record<string, string>> {
  const { Value } = await import('typebox/value');
  const errors: Record<string, string> = {};
  for (const error of Value.Errors(schema, body)) {
    const path =
      error.instancePath.split('/')[1] ??
      (error.keyword === 'required'
        ? String((error.params as { requiredProperties?: string[] }).requiredProperties?.[0] ?? '')
        : '');
    if (path && !errors[path]) errors[path] = error.keyword === 'required' ? 'required' : error.message;
  }
  return errors;
}

/**
 * /ui/<family>/new and /ui/<family>/<id>/edit: a form drawn from the family's create or update
 * schema, checked in the browser against that schema, then by the API, whose error shows beside
 * the field it names.
 */
export function ResourceFormPage({ familyKey, id }: { familyKey: string; id?: string }) {
  const family = useFamily(familyKey);
  if (!family) return <p>There is no such list.</p>;
  return <ResourceForm key={`${family.key}/${id ?? 'new'}`} family={family} id={id} />;
}

function ResourceForm({ family, id }: { family: ConsoleFamily; id?: string | undefined }) {
  const [, navigate] = useLocation();
  const schema = (id ? family.update : family.create) ?? { properties: {} };
  const fields = Object.entries(schema.properties ?? {});
  const [existing, setExisting] = useState<Resource>();
  // The ETag the item was loaded with: the save sends it as If-Match.
  const [etag, setEtag] = useState<string>();
  const [conflict, setConflict] = useState<Conflict>();
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(fields.map(([name, field]) => [name, toDraft(undefined, field)])),
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    inventoryApi.load(family.key, id).then(
      ({ value: resource, etag: loaded }) => {
        setExisting(resource);
        setEtag(loaded);
        setDraft(Object.fromEntries(fields.map(([name, field]) => [name, toDraft(resource[name], field)])));
      },
      (failure: Error) => setFormError(failure.message),
    );
    // The schema's fields are fixed for a family.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [family.key, id]);

  const locked = (name: string) => existing?.automatic === true && REPORTED.includes(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const body: Record<string, unknown> = {};
    for (const [name, field] of fields) {
      if (locked(name)) continue;
      const value = fromDraft(draft[name] ?? '', field);
      if (id) {
        const before = toDraft(existing?.[name], field);
        if (JSON.stringify(before) === JSON.stringify(draft[name])) continue;
        body[name] = value === undefined ? null : value;
      } else if (value !== undefined && !(Array.isArray(value) && value.length === 0) && value !== false) {
        body[name] = value;
      }
    }
    const found = await validate(schema, body);
    setFieldErrors(found);
    if (Object.keys(found).length > 0) return;
    await save(body, etag);
  };

  /** Creates, or changes the item as loaded (ETag `ifMatch`); a 412 fetches the item again and shows the conflict. */
  const save = async (body: Record<string, unknown>, ifMatch: string | undefined) => {
    setBusy(true);
    try {
      const options = { fields: fields.map(([name]) => name), ifMatch };
      const saved = id
        ? (await inventoryApi.update(family.key, id, body, options)).value
        : await inventoryApi.create(family.key, body, options);
      navigate(`/${family.key}/${saved.id}`);
    } catch (failure) {
      if (id && isConflict(failure)) {
        try {
          const { value: current, etag: now } = await inventoryApi.load(family.key, id);
          setConflict({ current, etag: now, body });
        } catch (reload) {
          setFormError(errorsOf(reload).formError);
        }
        setBusy(false);
        return;
      }
      const errors = errorsOf(failure);
      if (errors.field) setFieldErrors({ [errors.field]: errors.fieldError ?? '' });
      else setFormError(errors.formError);
      setBusy(false);
    }
  };

  const title = id ? `Edit ${family.one}${existing?.name ? ` ${String(existing.name)}` : ''}` : `New ${family.one}`;
  // An edit form appears with the resource's values, never blank fields that fill in later.
  if (id && !existing) return formError ? <FormError error={formError} /> : <p className="loading">Loading…</p>;
  const required = new Set(schema.required ?? []);
  const reapply = () => {
    if (!conflict) return;
    setConflict(undefined);
    setEtag(conflict.etag);
    void save(conflict.body, conflict.etag);
  };
  return (
    <>
      <PageHeader title={title} />
      {conflict && existing && (
        <ConflictNotice
          what={`this ${family.one}`}
          rows={conflictRows(family, existing, conflict)}
          reapply="Reapply my changes"
          discard="Discard my changes"
          busy={busy}
          onReapply={reapply}
          onDiscard={() => navigate(`/${family.key}/${id}`)}
        />
      )}
      {existing?.automatic === true && <p className="hint">{REPORTED_REASON}</p>}
      <form className="resource-form" onSubmit={(event) => void submit(event)} noValidate>
        {fields.map(([name, field]) => (
          <Field
            key={name}
            label={labelOf(name)}
            error={fieldErrors[name]}
            hint={
              locked(name)
                ? REPORTED_REASON
                : `${required.has(name) && !id ? 'Required. ' : ''}${unwrapNull(field).schema.description ?? ''}`
            }
          >
            <Control
              name={name}
              schema={field}
              value={draft[name] ?? ''}
              target={family.references[name]}
              disabled={locked(name)}
              onChange={(value) => setDraft({ ...draft, [name]: value })}
            />
          </Field>
        ))}
        <FormError error={formError} />
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            Save
          </button>
          <button type="button" onClick={() => navigate(id ? `/${family.key}/${id}` : `/${family.key}`)}>
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}
