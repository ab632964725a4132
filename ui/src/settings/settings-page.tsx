import { useEffect, useState, type FormEvent } from 'react';
import { consoleApi, type Tenant } from '../api/console-api.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';

/** /ui/settings: the workspace's name, default currency and time zone. */
export function SettingsPage() {
  const { can } = useAbilities();
  const [tenant, setTenant] = useState<Tenant>();
  const [draft, setDraft] = useState({ name: '', defaultCurrency: '', timeZone: '' });
  const [errors, setErrors] = useState<ReturnType<typeof errorsOf>>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    consoleApi.tenant().then(
      (loaded) => {
        setTenant(loaded);
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
    const patch = Object.fromEntries(Object.entries(draft).filter(([field, value]) => value !== tenant[field as keyof typeof draft]));
    try {
      const updated = await consoleApi.updateTenant(patch, { fields: ['name', 'defaultCurrency', 'timeZone'] });
      setTenant(updated);
      setSaved(true);
    } catch (failure) {
      setErrors(errorsOf(failure));
    }
  };
  const fieldError = (field: string) => (errors.field === field ? errors.fieldError : undefined);
  const editable = can('tenant:edit');

  return (
    <>
      <PageHeader title="Settings" />
      <FormError error={errors.formError} />
      {tenant && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset disabled={!editable}>
            <legend>Workspace</legend>
            <Field label="Workspace name" error={fieldError('name')}>
              <input type="text" maxLength={200} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
            </Field>
            <Field label="Default currency" error={fieldError('defaultCurrency')} hint="ISO 4217 code, for amounts without a currency of their own.">
              <input type="text" maxLength={3} value={draft.defaultCurrency} onChange={(event) => setDraft({ ...draft, defaultCurrency: event.target.value.toUpperCase() })} />
            </Field>
            <Field label="Time zone" error={fieldError('timeZone')} hint="IANA name, e.g. Europe/Paris.">
              <input type="text" maxLength={100} value={draft.timeZone} onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })} />
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
