import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { isConflict, messageOf, type Tagged } from '../api/client.js';
import { type CustomField, customFieldsApi, inventoryApi, type Resource } from '../api/console-api.js';
import { invalidate, queries, stale } from '../api/queries.js';
import { ConflictNotice, type ConflictRow } from '../base/conflict.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { FIELD_FAMILIES } from '../../../src/base/custom-fields/field-kinds.js';
import { useFamily } from './catalog.js';
import { Control, type Draft, fromDraft, toDraft } from './field-control.js';

export type { Draft };
import { helpText } from '../base/glossary.js';
import { display, labelOf, unwrapNull, type ConsoleFamily, type JsonSchema } from './schema.js';

/** Fields an agent reports: on an automatic server or workstation they cannot change here. */
const REPORTED = ['name', 'os', 'manufacturer'];
const REPORTED_REASON =
  "Reported by its agent: an automatic host's name, OS and manufacturer change only through its reports.";
/** Beside each of those fields: the reason is said once, above the form. */
const REPORTED_FIELD = 'Reported by its agent.';

/** A field's description as the API gives it (the form shows it in people's words, glossary.ts). */
const descriptionOf = (field: JsonSchema) => unwrapNull(field).schema.description;

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

/** A custom field's definition as the schema its control is drawn from (Control, toDraft, fromDraft). */
export function fieldSchemaOf(field: CustomField): JsonSchema {
  const bounds = {
    ...(typeof field.minimum === 'number' && { minimum: field.minimum }),
    ...(typeof field.maximum === 'number' && { maximum: field.maximum }),
  };
  switch (field.type) {
    case 'text':
    case 'url':
      return { type: 'string', maxLength: field.maxLength ?? (field.type === 'url' ? 2000 : 1000) };
    case 'longtext':
      return { type: 'string', maxLength: field.maxLength ?? 65_535 };
    case 'integer':
      return { type: 'integer', ...bounds };
    case 'decimal':
      return { type: 'number', ...bounds };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'select':
      return { enum: field.choices ?? [] };
    case 'multiselect':
      return { type: 'array', items: { type: 'string' } };
    case 'reference':
      return { type: 'string', format: 'uuid' };
    case 'multireference':
      return { type: 'array', items: { type: 'string', format: 'uuid' } };
    default:
      return {};
  }
}

/** The families whose items take custom fields. */
export const TAKES_FIELDS: ReadonlySet<string> = new Set(FIELD_FAMILIES);

/**
 * /ui/<family>/new and /ui/<family>/<id>/edit: a form drawn from the family's create or update
 * schema, checked in the browser against that schema, then by the API, whose error shows beside
 * the field it names.
 */
export function ResourceFormPage({ familyKey, id }: { familyKey: string; id?: string }) {
  const family = useFamily(familyKey);
  // An edit form is drawn from the item as read when it opens (a cached copy may be older than its
  // ETag says), and appears with its values, never blank fields that fill in later.
  const item = useQuery({
    ...queries.item(familyKey, id ?? ''),
    enabled: Boolean(family && id),
    refetchOnMount: 'always',
  });
  // The family's custom fields, each drawn with the control its type needs.
  const takes = TAKES_FIELDS.has(familyKey);
  const definitions = useQuery({
    queryKey: ['custom-fields', familyKey],
    queryFn: () => customFieldsApi.list(familyKey),
    enabled: takes,
  });
  if (!family) return <p>There is no such list.</p>;
  if (takes && definitions.isPending) return <p className="loading">Loading…</p>;
  // Without the right to read definitions (a narrowed role), the form has the family's own fields only.
  const custom = definitions.data?.data ?? [];
  if (!id) return <ResourceForm key={`${family.key}/new`} family={family} custom={custom} />;
  if (!item.isFetchedAfterMount || item.isError || !item.data)
    return item.isError ? <FormError error={messageOf(item.error)} /> : <p className="loading">Loading…</p>;
  return <ResourceForm key={`${family.key}/${id}`} family={family} id={id} loaded={item.data} custom={custom} />;
}

function ResourceForm({
  family,
  id,
  loaded,
  custom,
}: {
  family: ConsoleFamily;
  id?: string | undefined;
  /** The item edited, with its ETag (none for a new one). */
  loaded?: Tagged<Resource>;
  /** The family's custom fields in the workspace. */
  custom: CustomField[];
}) {
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const schema = (id ? family.update : family.create) ?? { properties: {} };
  // customFields is drawn field by field below, from the workspace's definitions.
  const fields = Object.entries(schema.properties ?? {}).filter(([name]) => name !== 'customFields');
  const storedValues = (loaded?.value.customFields ?? {}) as Record<string, unknown>;
  const [customDraft, setCustomDraft] = useState<Draft>(() => customDraftOf(custom, storedValues));
  // The item as the form opened it, kept while the cache may move on.
  const [existing] = useState(loaded?.value);
  // The ETag the item was loaded with: the save sends it as If-Match.
  const [etag, setEtag] = useState(loaded?.etag);
  const [conflict, setConflict] = useState<Conflict>();
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(fields.map(([name, field]) => [name, toDraft(existing?.[name], field)])),
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();

  /** Creates, or changes the item as loaded (ETag `ifMatch`); a 412 fetches the item again and shows the conflict. */
  const save = useMutation({
    mutationFn: async ({ body, ifMatch }: { body: Record<string, unknown>; ifMatch: string | undefined }) => {
      const options = {
        fields: [...fields.map(([name]) => name), ...custom.map((field) => `customFields.${field.name}`)],
        ifMatch,
      };
      if (id) return inventoryApi.update(family.key, id, body, options);
      return { value: await inventoryApi.create(family.key, body, options), etag: undefined };
    },
    onSuccess: (saved) => {
      if (saved.etag) client.setQueryData(queries.item(family.key, saved.value.id).queryKey, saved);
      void invalidate(client, stale.inventory);
      navigate(`/${family.key}/${saved.value.id}`);
    },
    onError: async (failure, { body }) => {
      if (id && isConflict(failure)) {
        try {
          const current = await client.fetchQuery(queries.item(family.key, id));
          setConflict({ current: current.value, etag: current.etag, body });
        } catch (reload) {
          setFormError(messageOf(reload));
        }
        return;
      }
      const errors = errorsOf(failure);
      if (errors.field) setFieldErrors({ [errors.field]: errors.fieldError ?? '' });
      else setFormError(errors.formError);
    },
  });
  const busy = save.isPending;

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
    const values = customValuesOf(custom, customDraft, id ? storedValues : undefined);
    if (Object.keys(values).length > 0) body.customFields = values;
    const found = await validate(schema, body);
    setFieldErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ body, ifMatch: etag });
  };

  const title = id ? `Edit ${family.one}${existing?.name ? ` ${String(existing.name)}` : ''}` : `New ${family.one}`;
  const required = new Set(schema.required ?? []);
  const reapply = () => {
    if (!conflict) return;
    setConflict(undefined);
    setEtag(conflict.etag);
    save.mutate({ body: conflict.body, ifMatch: conflict.etag });
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
                ? REPORTED_FIELD
                : `${required.has(name) && !id ? 'Required. ' : ''}${helpText(descriptionOf(field), name)}`
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
        <CustomFieldsets
          fields={custom}
          draft={customDraft}
          onChange={setCustomDraft}
          errors={fieldErrors}
          creating={!id}
        />
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

/** Custom fields by their group, in the fields' order; fields without a group under "Custom fields". */
export function groupsOf(fields: readonly CustomField[]): [string, CustomField[]][] {
  const groups = new Map<string, CustomField[]>();
  for (const field of fields) {
    const group = field.group ?? 'Custom fields';
    groups.set(group, [...(groups.get(group) ?? []), field]);
  }
  return [...groups];
}

/** A form's drafts of the custom fields from the values an item stores. */
export function customDraftOf(fields: readonly CustomField[], stored: Record<string, unknown>): Draft {
  return Object.fromEntries(fields.map((field) => [field.name, toDraft(stored[field.name], fieldSchemaOf(field))]));
}

/**
 * The body's `customFields` from the drafts: on create the values given; on a change (`stored`, what
 * the item held) only those changed, null for one cleared.
 */
export function customValuesOf(
  fields: readonly CustomField[],
  draft: Draft,
  stored?: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const fieldSchema = fieldSchemaOf(field);
    const value = fromDraft(draft[field.name] ?? '', fieldSchema);
    if (stored) {
      const before = toDraft(stored[field.name], fieldSchema);
      if (JSON.stringify(before) === JSON.stringify(draft[field.name])) continue;
      values[field.name] = value === undefined ? null : value;
    } else if (value !== undefined && !(Array.isArray(value) && value.length === 0)) values[field.name] = value;
  }
  return values;
}

/** A form's custom fields by group, each with the control its type needs and its error. */
export function CustomFieldsets({
  fields,
  draft,
  onChange,
  errors,
  creating,
}: {
  fields: readonly CustomField[];
  draft: Draft;
  onChange(draft: Draft): void;
  /** Errors by field path (`customFields.<name>`). */
  errors: Record<string, string | undefined>;
  creating: boolean;
}) {
  return (
    <>
      {groupsOf(fields).map(([group, inGroup]) => (
        <fieldset key={group} className="custom-fields">
          <legend>{group}</legend>
          {inGroup.map((field) => (
            <Field
              key={field.name}
              label={field.label}
              error={errors[`customFields.${field.name}`]}
              hint={`${field.required && creating ? 'Required. ' : ''}${field.description ?? ''}`}
            >
              <Control
                name={`cf_${field.name}`}
                schema={fieldSchemaOf(field)}
                value={draft[field.name] ?? ''}
                target={field.referenceFamily ?? undefined}
                onChange={(value) => onChange({ ...draft, [field.name]: value })}
              />
            </Field>
          ))}
        </fieldset>
      ))}
    </>
  );
}
