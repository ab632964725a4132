import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isConflict } from '../api/client.js';
import { consoleApi, type Tagged, type Tenant } from '../api/console-api.js';
import { invalidate, queries, stale } from '../api/queries.js';
import { ConflictNotice } from '../base/conflict.js';
import { errorsOf, Field, FormError, type FormErrors } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';
import { SsoSettingsSection } from './sso-settings.js';

type Draft = Pick<Tenant, 'name' | 'defaultCurrency' | 'timeZone'>;
const draftOf = ({ name, defaultCurrency, timeZone }: Tenant): Draft => ({ name, defaultCurrency, timeZone });

/** /ui/settings: the workspace's name, default currency and time zone; for admins, single sign-on. */
export function SettingsPage() {
  // Read again when the page opens: the form edits the settings as saved now, not a cached copy.
  const tenant = useQuery({ ...queries.tenant(), refetchOnMount: 'always' });
  const loaded = tenant.isFetchedAfterMount ? tenant.data : undefined;
  const { isAdmin } = useAbilities();
  return (
    <>
      <PageHeader title="Settings" />
      {loaded ? <SettingsForm loaded={loaded} /> : <FormError error={errorsOf(tenant.error).formError} />}
      {isAdmin && <SsoSettingsSection />}
    </>
  );
}

function SettingsForm({ loaded }: { loaded: Tagged<Tenant> }) {
  const client = useQueryClient();
  const { can } = useAbilities();
  const [tenant, setTenant] = useState(loaded.value);
  // The ETag the settings were loaded with: Save sends it as If-Match.
  const [etag, setEtag] = useState(loaded.etag);
  // Set when Save answered 412: the settings as they are now, with their ETag, and this person's change.
  const [conflict, setConflict] = useState<{
    current: Tenant;
    etag: string | undefined;
    patch: Record<string, string>;
  }>();
  const [draft, setDraft] = useState(draftOf(loaded.value));
  const [reloadError, setReloadError] = useState<FormErrors>();
  const save = useMutation({
    mutationFn: ({ patch, ifMatch }: { patch: Record<string, string>; ifMatch: string | undefined }) =>
      consoleApi.updateTenant(patch, { fields: ['name', 'defaultCurrency', 'timeZone'], ifMatch }),
    onSuccess: (updated) => {
      client.setQueryData(queries.tenant().queryKey, updated);
      void invalidate(client, stale.tenant);
      setTenant(updated.value);
      setEtag(updated.etag);
      setDraft(draftOf(updated.value));
    },
    onError: async (failure, { patch }) => {
      if (!isConflict(failure)) return;
      // Someone saved the settings since they were loaded: show them as they are now.
      try {
        const current = await client.fetchQuery(queries.tenant());
        setConflict({ current: current.value, etag: current.etag, patch });
      } catch (reload) {
        setReloadError(errorsOf(reload));
      }
    },
  });
  const errors = reloadError ?? (isConflict(save.error) ? {} : errorsOf(save.error));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setReloadError(undefined);
    const patch = Object.fromEntries(
      Object.entries(draft).filter(([field, value]) => value !== tenant[field as keyof Draft]),
    );
    save.mutate({ patch, ifMatch: etag });
  };

  const labels = { name: 'Workspace name', defaultCurrency: 'Default currency', timeZone: 'Time zone' } as const;
  const discard = () => {
    if (!conflict) return;
    const { current } = conflict;
    setTenant(current);
    setEtag(conflict.etag);
    setDraft(draftOf(current));
    setConflict(undefined);
    save.reset();
  };
  const reapply = () => {
    if (!conflict) return;
    setTenant(conflict.current);
    setConflict(undefined);
    save.mutate({ patch: conflict.patch, ifMatch: conflict.etag });
  };
  const fieldError = (field: string) => (errors.field === field ? errors.fieldError : undefined);
  const editable = can('tenant:edit');

  return (
    <>
      <FormError error={errors.formError} />
      {conflict && (
        <ConflictNotice
          what="the settings"
          rows={(Object.keys(labels) as (keyof typeof labels)[]).map((field) => ({
            label: labels[field],
            current: conflict.current[field],
            ...(field in conflict.patch ? { mine: conflict.patch[field] } : {}),
          }))}
          reapply="Reapply my changes"
          discard="Discard my changes"
          onReapply={reapply}
          onDiscard={discard}
        />
      )}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!editable}>
          <legend>Workspace</legend>
          <Field label="Workspace name" error={fieldError('name')}>
            <input
              type="text"
              maxLength={200}
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          </Field>
          <Field
            label="Default currency"
            error={fieldError('defaultCurrency')}
            hint="ISO 4217 code, for amounts without a currency of their own."
          >
            <input
              type="text"
              maxLength={3}
              value={draft.defaultCurrency}
              onChange={(event) => setDraft({ ...draft, defaultCurrency: event.target.value.toUpperCase() })}
            />
          </Field>
          <Field label="Time zone" error={fieldError('timeZone')} hint="IANA name, e.g. Europe/Paris.">
            <input
              type="text"
              maxLength={100}
              value={draft.timeZone}
              onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
            />
          </Field>
        </fieldset>
        {save.isSuccess && <p role="status">Saved.</p>}
        {editable && (
          <button type="submit" className="primary">
            Save
          </button>
        )}
      </form>
    </>
  );
}
