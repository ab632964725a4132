import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../api/client.js';
import type { CustomField } from '../api/console-api.js';
import { type BulkResult, listsApi } from '../api/lists-api.js';
import { invalidate, stale } from '../api/queries.js';
import { Combobox } from '../base/combobox.js';
import { ConfirmDialog } from '../base/dialog.js';
import { Field, FormError } from '../base/field.js';
import { familySource } from './options.js';

/** A row chosen on a list: its id and the name it shows. */
export interface Selected {
  id: string;
  name: string;
}

type Action = 'delete' | 'tag' | 'link' | 'field';

/** What the rows of a list may have done to them, by the member's role and the family's links. */
export interface BulkAbilities {
  delete: boolean;
  tag: boolean;
  /** The family's link to applications (servers), when the member may change it. */
  link: boolean;
  /** The family's custom fields, when the member may edit its items: Set a field. */
  fields: readonly CustomField[];
}

/**
 * What a field's value typed in the dialog is sent as: a number, a boolean, a list (`;` between),
 * JSON, or text; empty clears the field. The server checks it as a PATCH's (400 names the field).
 */
function typedValue(field: CustomField, text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (field.type === 'integer' || field.type === 'decimal') return Number(trimmed);
  if (field.type === 'boolean') return trimmed === 'true';
  if (field.type === 'multiselect' || field.type === 'multireference')
    return trimmed
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean);
  if (field.type === 'json') {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return trimmed;
    }
  }
  return trimmed;
}

/** The sentence a bulk answer becomes: what was done and each row refused, by name. */
function summary(action: Action, result: BulkResult, names: ReadonlyMap<string, string>): string {
  const done = { delete: 'Deleted', tag: 'Tagged', link: 'Linked', field: 'Set on' }[action];
  const parts = [`${done} ${result.applied.length}.`];
  if (result.unchanged.length > 0) parts.push(`${result.unchanged.length} already so.`);
  for (const refusal of result.refused)
    parts.push(`${names.get(refusal.id) ?? refusal.id} refused: ${refusal.message}.`);
  return parts.join(' ');
}

/**
 * The actions on the rows selected in a list: **Delete selected**, **Tag selected**, **Link to
 * application** and **Set a field** (a custom field), each confirmed in a dialog and sent as one
 * request (POST /ui/api/bulk/…), which applies every row in one transaction and names the rows it
 * refused.
 */
export function BulkActions({
  family,
  noun,
  selected,
  abilities,
  onDone,
}: {
  family: string;
  /** The family's plural noun (servers). */
  noun: string;
  selected: Selected[];
  abilities: BulkAbilities;
  onDone(): void;
}) {
  const client = useQueryClient();
  const [open, setOpen] = useState<Action>();
  const [target, setTarget] = useState('');
  const [fieldName, setFieldName] = useState('');
  const [fieldText, setFieldText] = useState('');
  const chosenField = abilities.fields.find((field) => field.name === fieldName);
  const [report, setReport] = useState<string>();
  const names = new Map(selected.map((row) => [row.id, row.name]));
  const run = useMutation({
    mutationFn: async (action: Action) => {
      const ids = selected.map((row) => row.id);
      if (action === 'delete') return listsApi.bulkDelete(family, ids);
      if (action === 'tag') return listsApi.bulkTag(family, ids, target);
      if (action === 'field' && chosenField)
        return listsApi.bulkSetField(family, ids, chosenField.name, typedValue(chosenField, fieldText));
      return listsApi.bulkLink(family, ids, 'applications', target);
    },
    onSuccess: (result, action) => {
      setReport(summary(action, result, names));
      setOpen(undefined);
      setTarget('');
      onDone();
      void invalidate(client, stale.inventory);
    },
  });
  const count = selected.length;
  const rows = `${count} ${count === 1 ? noun.replace(/s$/, '') : noun}`;
  const start = (action: Action) => {
    run.reset();
    setReport(undefined);
    setTarget('');
    setFieldName(abilities.fields[0]?.name ?? '');
    setFieldText('');
    setOpen(action);
  };
  const close = () => setOpen(undefined);
  return (
    <div className="bulk-actions">
      <span>{count === 0 ? 'Select rows to act on them.' : `${rows} selected`}</span>
      {abilities.delete && (
        <button type="button" className="danger" disabled={count === 0} onClick={() => start('delete')}>
          Delete selected
        </button>
      )}
      {abilities.tag && (
        <button type="button" disabled={count === 0} onClick={() => start('tag')}>
          Tag selected
        </button>
      )}
      {abilities.link && (
        <button type="button" disabled={count === 0} onClick={() => start('link')}>
          Link to application
        </button>
      )}
      {abilities.fields.length > 0 && (
        <button type="button" disabled={count === 0} onClick={() => start('field')}>
          Set a field
        </button>
      )}
      {report && (
        <p role="status" className="bulk-report">
          {report}
        </p>
      )}
      {open && (
        <ConfirmDialog
          title={
            open === 'delete'
              ? `Delete ${rows}?`
              : open === 'tag'
                ? `Tag ${rows}`
                : open === 'field'
                  ? `Set a field on ${rows}`
                  : `Link ${rows} to an application`
          }
          busy={run.isPending || (open === 'field' ? !chosenField : open !== 'delete' && !target)}
          onClose={close}
          onConfirm={() => run.mutate(open)}
        >
          {open === 'delete' ? (
            <p>
              {selected
                .slice(0, 5)
                .map((row) => row.name)
                .join(', ')}
              {count > 5 ? ` and ${count - 5} more` : ''} will be deleted, with their links. This cannot be undone.
            </p>
          ) : open === 'field' ? (
            <>
              <Field label="Field">
                <select value={fieldName} onChange={(event) => setFieldName(event.target.value)}>
                  {abilities.fields.map((field) => (
                    <option key={field.name} value={field.name}>
                      {field.label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Value">
                <input
                  value={fieldText}
                  onChange={(event) => setFieldText(event.target.value)}
                  placeholder={chosenField?.type === 'multiselect' ? 'one; another' : 'empty clears it'}
                />
              </Field>
            </>
          ) : (
            <Field label={open === 'tag' ? 'Tag' : 'Application'}>
              <Combobox
                source={familySource(open === 'tag' ? 'tags' : 'applications')}
                value={target}
                onChange={setTarget}
              />
            </Field>
          )}
          <FormError error={messageOf(run.error)} />
        </ConfirmDialog>
      )}
    </div>
  );
}
