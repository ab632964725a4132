import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { type SavedView, listsApi } from '../api/lists-api.js';
import { queries, stale } from '../api/queries.js';
import { Dialog, FormActions } from '../base/dialog.js';
import { errorsOf, Field, FormError } from '../base/field.js';

/** A view's query: the list's URL parameters and the columns shown. */
export type ViewQuery = SavedView['query'];

/**
 * The saved views of a list, offered at its top: choosing one shows the list with its filters,
 * sort and columns; **Save view** keeps the list as it is under a name, for oneself or shared with
 * the workspace. A view is deleted by its creator, a shared one also by an admin.
 */
export function SavedViews({
  family,
  current,
  isAdmin,
  onOpen,
}: {
  family: string;
  /** The list as shown now: what Save view keeps. */
  current: ViewQuery;
  isAdmin: boolean;
  onOpen(query: ViewQuery): void;
}) {
  const client = useQueryClient();
  const views = useQuery(queries.views(family)).data?.data ?? [];
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const save = useMutation({
    mutationFn: () => listsApi.saveView({ family, name, shared, query: current }),
    onSuccess: () => {
      setSaving(false);
      setName('');
      setShared(false);
      void client.invalidateQueries({ queryKey: stale.views });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => listsApi.deleteView(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: stale.views }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const errors = errorsOf(save.error);
  return (
    <section className="saved-views" aria-label="Saved views">
      {views.length > 0 && (
        <ul className="inline-list">
          {views.map((view) => (
            <li key={view.id}>
              <button type="button" className="link-button" onClick={() => onOpen(view.query)}>
                {view.name}
              </button>
              <span className="hint">
                {view.shared ? (view.mine ? ' (shared)' : ` (shared by ${view.ownerName})`) : ''}
              </span>
              {(view.mine || (view.shared && isAdmin)) && (
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Delete view ${view.name}`}
                  onClick={() => remove.mutate(view.id)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => setSaving(true)}>
        Save view
      </button>
      <FormError error={remove.error ? errorsOf(remove.error).formError : undefined} />
      {saving && (
        <Dialog title="Save view" onClose={() => setSaving(false)}>
          <form onSubmit={submit}>
            <Field label="View name" error={errors.fieldError}>
              <input type="text" value={name} maxLength={200} required onChange={(e) => setName(e.target.value)} />
            </Field>
            <label className="checkbox">
              <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} /> Share with the
              workspace
            </label>
            <FormError error={errors.formError} />
            <FormActions submit="Save" busy={save.isPending} onCancel={() => setSaving(false)} />
          </form>
        </Dialog>
      )}
    </section>
  );
}
