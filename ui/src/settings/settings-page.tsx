import { useEffect, useState, type FormEvent } from 'react';
import { isConflict } from '../api/client.js';
import { consoleApi, type Tenant } from '../api/console-api.js';
import { ConflictNotice } from '../base/conflict.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';

/** /ui/settings: the workspace's name, default currency and time zone. */
export function SettingsPage() {
  const { can } = useAbilities();
  const [tenant, setTenant] = useState<Tenant>();
  // The ETag the settings were loaded with: Save sends it as If-Match.
  const [etag, setEtag] = useState<string>();
  // Set when Save answered 412: the settings as they are now, with their ETag, and this person's change.
  const [conflict, setConflict] = useState<{
    current: Tenant;
    etag: string | undefined;
    patch: Record<string, string>;
  }>();
  const [draft, setDraft] = useState({ name: '', defaultCurrency: '', timeZone: '' });
  const [errors, setErrors] = useState<ReturnType<typeof errorsOf>>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    consoleApi.tenant().then(
      ({ value: loaded, etag: loadedEtag }) => {
        setTenant(loaded);
        setEtag(loadedEtag);
        setDraft({ name: loaded.name, defaultCurrency: loaded.defaultCurrency, timeZone: loaded.timeZone });
      },
      (failure) => setErrors(errorsOf(failure)),
    );
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!tenant) return;
    setErrors({});
    setSaved(false);
    const patch = Object.fromEntries(
      Object.entries(draft).filter(([field, value]) => value !== tenant[field as keyof typeof draft]),
    );
    await save(patch, etag);
  };

  const save = async (patch: Record<string, string>, ifMatch: string | undefined) => {
    try {
      const updated = await consoleApi.updateTenant(patch, {
        fields: ['name', 'defaultCurrency', 'timeZone'],
        ifMatch,
      });
      setTenant(updated.value);
      setEtag(updated.etag);
      setDraft({
        name: updated.value.name,
        defaultCurrency: updated.value.defaultCurrency,
        timeZone: updated.value.timeZone,
      });
      setSaved(true);
    } catch (failure) {
      if (!isConflict(failure)) return setErrors(errorsOf(failure));
      // Someone saved the settings since they were loaded: show them as they are now.
      try {
        const current = await consoleApi.tenant();
        setConflict({ current: current.value, etag: current.etag, patch });
      } catch (reload) {
        setErrors(errorsOf(reload));
      }
    }
  };
  const labels = { name: 'Workspace name', defaultCurrency: 'Default currency', timeZone: 'Time zone' } as const;
  const discard = () => {
    if (!conflict) return;
    const { current } = conflict;
    setTenant(current);
    setEtag(conflict.etag);
    setDraft({ name: current.name, defaultCurrency: current.defaultCurrency, timeZone: current.timeZone });
    setConflict(undefined);
  };
  const reapply = () => {
    if (!conflict) return;
    setTenant(conflict.current);
    setConflict(undefined);
    void save(conflict.patch, conflict.etag);
  };
  const fieldError = (field: string) => (errors.field === field ? errors.fieldError : undefined);
  const editable = can('tenant:edit');

  return (
    <>
      <PageHeader title="Settings" />
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
      {tenant && (
        <form onSubmit={(event) => void submit(event)} noValidate>
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
          {saved && <p role="status">Saved.</p>}
          {editable && (
            <button type="submit" className="primary">
              Save
            </button>
          )}
        </form>
      )}
    </>
  );
}
