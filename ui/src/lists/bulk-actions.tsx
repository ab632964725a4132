import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { messageOf } from '../api/client.js';
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

type Action = 'delete' | 'tag' | 'link';

/** What the rows of a list may have done to them, by the member's role and the family's links. */
export interface BulkAbilities {
  delete: boolean;
  tag: boolean;
  /** The family's link to applications (servers), when the member may change it. */
  link: boolean;
  /** The member may edit the family's items: Edit a field (inventory/bulk-edit.tsx, given as `edit`). */
  edit: boolean;
}

/** The sentence a bulk answer becomes: what was done and each row refused, by name. */
function summary(action: Action, result: BulkResult, names: ReadonlyMap<string, string>): string {
  const done = { delete: 'Deleted', tag: 'Tagged', link: 'Linked' }[action];
  const parts = [`${done} ${result.applied.length}.`];
  if (result.unchanged.length > 0) parts.push(`${result.unchanged.length} already so.`);
  for (const refusal of result.refused)
    parts.push(`${names.get(refusal.id) ?? refusal.id} refused: ${refusal.message}.`);
  return parts.join(' ');
}

/**
 * The actions on the rows selected in a list: **Delete selected**, **Tag selected** and **Link to
 * application**, each confirmed in a dialog and sent as one request (POST /ui/api/bulk/…), which
 * applies every row in one transaction and names the rows it refused; and `edit`, the list's
 * **Edit a field** (inventory/bulk-edit.tsx).
 */
export function BulkActions({
  family,
  noun,
  selected,
  abilities,
  edit,
  onDone,
}: {
  family: string;
  /** The family's plural noun (servers). */
  noun: string;
  selected: Selected[];
  abilities: BulkAbilities;
  edit?: ReactNode;
  onDone(): void;
}) {
  const client = useQueryClient();
  const [open, setOpen] = useState<Action>();
  const [target, setTarget] = useState('');
  const [report, setReport] = useState<string>();
  const names = new Map(selected.map((row) => [row.id, row.name]));
  const run = useMutation({
    mutationFn: async (action: Action) => {
      const ids = selected.map((row) => row.id);
      if (action === 'delete') return listsApi.bulkDelete(family, ids);
      if (action === 'tag') return listsApi.bulkTag(family, ids, target);
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
      {edit}
      {report && (
        <p role="status" className="bulk-report">
          {report}
        </p>
      )}
      {open && (
        <ConfirmDialog
          title={
            open === 'delete' ? `Delete ${rows}?` : open === 'tag' ? `Tag ${rows}` : `Link ${rows} to an application`
          }
          busy={run.isPending || (open !== 'delete' && !target)}
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
