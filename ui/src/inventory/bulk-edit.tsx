import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../api/client.js';
import type { CustomField } from '../api/console-api.js';
import { type BulkEdit as EditBody, type BulkEditResult, listsApi } from '../api/lists-api.js';
import { invalidate, stale } from '../api/queries.js';
import { ConfirmDialog } from '../base/dialog.js';
import { Field, FormError } from '../base/field.js';
import { formatCount } from '../base/format.js';
import type { Selected } from '../lists/bulk-actions.js';
import { Control, type Draft, fromDraft, toDraft } from './field-control.js';
import { fieldSchemaOf } from './resource-form.js';
import { labelOf, type ConsoleFamily, type JsonSchema } from './schema.js';

/** List parameters that page or lay out the list rather than choose its items. */
const LAYOUT = new Set(['limit', 'offset', 'sort', 'columns']);

/** A field the edit may set: a field of the family's PATCH, or a custom field (`cf:<name>`). */
interface Editable {
  key: string;
  label: string;
  schema: JsonSchema;
  /** The family a reference field names items of. */
  target?: string | undefined;
}

function editablesOf(family: ConsoleFamily, fields: readonly CustomField[]): Editable[] {
  const own = Object.entries(family.update?.properties ?? {})
    .filter(([name]) => name !== 'customFields')
    .map(([name, schema]) => ({ key: name, label: labelOf(name), schema, target: family.references[name] }));
  const custom = fields.map((field) => ({ key: `cf:${field.name}`, label: field.label, schema: fieldSchemaOf(field) }));
  return [...own, ...custom];
}

/** The PATCH every item gets: the field's value, or null (cleared) when the control is left empty. */
function changesOf(field: Editable, draft: Draft[string]): EditBody['changes'] {
  const value = fromDraft(draft, field.schema) ?? null;
  return field.key.startsWith('cf:') ? { customFields: { [field.key.slice(3)]: value } } : { [field.key]: value };
}

/** The first items a preview names, after a colon, with an ellipsis when there are more. */
function sampleOf({ matched, sample }: { matched: number; sample: { name: string }[] }): string {
  if (sample.length === 0) return '';
  return `: ${sample.map((one) => one.name).join(', ')}${matched > sample.length ? ', …' : ''}`;
}

/** An edit's answer in words: how many items changed, and each refused one by name. */
function outcome(verb: string, result: BulkEditResult, names: ReadonlyMap<string, string>): string {
  const parts = [`${verb} ${formatCount(result.applied.length)}.`];
  if (result.unchanged.length > 0) parts.push(`${formatCount(result.unchanged.length)} already so.`);
  for (const refusal of result.refused.slice(0, 10))
    parts.push(`${names.get(refusal.id) ?? refusal.id} refused: ${refusal.message}.`);
  if (result.refused.length > 10) parts.push(`${formatCount(result.refused.length - 10)} more refused.`);
  return parts.join(' ');
}

/**
 * **Edit a field** on the selected rows or on every item the list's filters match: any field the
 * edit form has, or a custom field. The dialog previews how many items the edit reaches before it
 * is confirmed; the answer offers **Undo**, which sets back what the edit changed
 * (POST /ui/api/bulk/…/edit, /edit/preview, /bulk/edits/{id}/undo).
 */
export function BulkEdit({
  family,
  fields,
  selected,
  query,
  total,
  onDone,
}: {
  family: ConsoleFamily;
  fields: readonly CustomField[];
  selected: Selected[];
  /** The list's parameters (its URL's). */
  query: Record<string, string>;
  /** The items the list's filters match. */
  total: number;
  onDone(): void;
}) {
  const client = useQueryClient();
  const editables = editablesOf(family, fields);
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<'selected' | 'matching'>('selected');
  const [fieldKey, setFieldKey] = useState(editables[0]?.key ?? '');
  const field = editables.find((one) => one.key === fieldKey) ?? editables[0];
  const [draft, setDraft] = useState<Draft[string]>('');
  const [report, setReport] = useState<{ text: string; editId: string | null }>();
  const names = new Map(selected.map((row) => [row.id, row.name]));
  const filter = Object.fromEntries(Object.entries(query).filter(([name, value]) => value !== '' && !LAYOUT.has(name)));
  const edit: EditBody | undefined = field && {
    ...(scope === 'selected' ? { ids: selected.map((row) => row.id) } : { filter }),
    changes: changesOf(field, draft),
  };
  const preview = useQuery({
    queryKey: ['bulk-edit-preview', family.key, edit],
    queryFn: () => listsApi.bulkEditPreview(family.key, edit!),
    enabled: open && edit !== undefined,
  });
  const done = (text: string, editId: string | null) => {
    setReport({ text, editId });
    onDone();
    void invalidate(client, stale.inventory);
  };
  const apply = useMutation({
    mutationFn: () => listsApi.bulkEdit(family.key, edit!),
    onSuccess: (result) => {
      setOpen(false);
      done(outcome('Set on', result, names), result.editId);
    },
  });
  const undo = useMutation({
    mutationFn: (id: string) => listsApi.bulkUndo(id),
    onSuccess: (result) => done(outcome('Undone on', result, names), null),
  });
  if (!field) return null;
  const start = () => {
    apply.reset();
    undo.reset();
    setReport(undefined);
    setScope(selected.length > 0 ? 'selected' : 'matching');
    setDraft(toDraft(undefined, field.schema));
    setOpen(true);
  };
  const chooseField = (key: string) => {
    setFieldKey(key);
    const chosen = editables.find((one) => one.key === key);
    if (chosen) setDraft(toDraft(undefined, chosen.schema));
  };
  const count = (n: number) => `${formatCount(n)} ${n === 1 ? family.one : family.many}`;
  const reached = preview.data;
  const tooMany = reached !== undefined && reached.matched > reached.limit;
  return (
    <>
      <button type="button" disabled={total === 0} onClick={start}>
        Edit a field
      </button>
      {report && (
        <p role="status" className="bulk-report">
          {report.text}{' '}
          {report.editId && (
            <button type="button" disabled={undo.isPending} onClick={() => undo.mutate(report.editId!)}>
              Undo
            </button>
          )}
        </p>
      )}
      <FormError error={messageOf(undo.error)} />
      {open && (
        <ConfirmDialog
          title={`Edit a field of ${family.many}`}
          busy={apply.isPending || !reached || reached.matched === 0 || tooMany}
          onClose={() => setOpen(false)}
          onConfirm={() => apply.mutate()}
        >
          <fieldset className="choices">
            <legend>Which {family.many}</legend>
            <label>
              <input
                type="radio"
                name="bulk-scope"
                checked={scope === 'selected'}
                disabled={selected.length === 0}
                onChange={() => setScope('selected')}
              />
              The {count(selected.length)} selected
            </label>
            <label>
              <input
                type="radio"
                name="bulk-scope"
                checked={scope === 'matching'}
                onChange={() => setScope('matching')}
              />
              Every one of the {count(total)} this list shows, on every page
            </label>
          </fieldset>
          <Field label="Field">
            <select value={field.key} onChange={(event) => chooseField(event.target.value)}>
              {editables.map((one) => (
                <option key={one.key} value={one.key}>
                  {one.label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="New value" hint="Left empty, the field is cleared.">
            <Control name="bulk-value" schema={field.schema} target={field.target} value={draft} onChange={setDraft} />
          </Field>
          {reached && (
            <p role="status">
              {tooMany
                ? `${count(reached.matched)}: one edit changes at most ${formatCount(reached.limit)}. ` +
                  'Narrow the filter.'
                : `Will set it on ${count(reached.matched)}${sampleOf(reached)}. Undo sets back what it changed.`}
            </p>
          )}
          <FormError error={messageOf(preview.error) ?? messageOf(apply.error)} />
        </ConfirmDialog>
      )}
    </>
  );
}
