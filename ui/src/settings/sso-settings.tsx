import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { consoleApi } from '../api/console-api.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import type { Answer } from '../api/contract.js';

type SsoSettings = Answer<'/sso/settings', 'get'>;

const KEY = ['sso', 'settings'];
type Role = 'read' | 'write' | 'admin';

/**
 * Settings → Single sign-on, for admins: which provider's groups give which role here, whether
 * matching people are added on first sign-in, and Require single sign-on with its break-glass
 * admin (docs/sso.md).
 */
export function SsoSettingsSection() {
  const settings = useQuery({ queryKey: KEY, queryFn: consoleApi.ssoSettings });
  return (
    <section aria-labelledby="sso-heading">
      <h2 id="sso-heading">Single sign-on</h2>
      {settings.data ? <SsoForms loaded={settings.data} /> : <FormError error={errorsOf(settings.error).formError} />}
    </section>
  );
}

function SsoForms({ loaded }: { loaded: SsoSettings }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const [rule, setRule] = useState({ provider: loaded.providers[0]?.name ?? '', group: '', role: 'read' as Role });
  const [setting, setSetting] = useState(loaded.setting);
  const add = useMutation({
    mutationFn: () => consoleApi.addSsoRule(rule, { fields: ['provider', 'group', 'role'] }),
    onSuccess: () => {
      setRule({ ...rule, group: '' });
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: (id: string) => consoleApi.removeSsoRule(id), onSuccess: refresh });
  const save = useMutation({
    mutationFn: () => consoleApi.changeSsoSetting(setting),
    onSuccess: (saved) => {
      setSetting(saved);
      void refresh();
    },
  });
  const addErrors = errorsOf(add.error);
  const nameOf = (provider: string) => loaded.providers.find((p) => p.name === provider)?.displayName ?? provider;

  if (loaded.providers.length === 0 && loaded.rules.length === 0)
    return <p>No provider is configured for this Estate: its operator sets OIDC_PROVIDERS (see docs/sso.md).</p>;

  const submitRule = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const submitSetting = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <>
      {loaded.rules.length === 0 ? (
        <p>No rule yet: nobody gets a role here by signing in with a provider.</p>
      ) : (
        <table>
          <caption>Rules: a group at a provider gives a role in this workspace</caption>
          <thead>
            <tr>
              <th scope="col">Provider</th>
              <th scope="col">Group</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loaded.rules.map((r) => (
              <tr key={r.id}>
                <td>{nameOf(r.provider)}</td>
                <td>{r.group}</td>
                <td>{r.role}</td>
                <td>
                  <button type="button" onClick={() => remove.mutate(r.id)} disabled={remove.isPending}>
                    Remove rule {r.group}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <FormError error={errorsOf(remove.error).formError} />
      <form onSubmit={submitRule} noValidate>
        <fieldset>
          <legend>Add a rule</legend>
          <Field label="Provider" error={addErrors.field === 'provider' ? addErrors.fieldError : undefined}>
            <select value={rule.provider} onChange={(event) => setRule({ ...rule, provider: event.target.value })}>
              {loaded.providers.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.displayName}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Group"
            hint="A value of the provider's groups claim, as it sends it."
            error={addErrors.field === 'group' ? addErrors.fieldError : undefined}
          >
            <input
              type="text"
              maxLength={200}
              value={rule.group}
              onChange={(event) => setRule({ ...rule, group: event.target.value })}
            />
          </Field>
          <Field label="Role">
            <select value={rule.role} onChange={(event) => setRule({ ...rule, role: event.target.value as Role })}>
              <option value="read">read</option>
              <option value="write">write</option>
              <option value="admin">admin</option>
            </select>
          </Field>
        </fieldset>
        <FormError error={addErrors.formError} />
        <button type="submit" disabled={add.isPending}>
          Add rule
        </button>
      </form>
      <form onSubmit={submitSetting} noValidate>
        <fieldset>
          <legend>Sign-in</legend>
          <label>
            <input
              type="checkbox"
              checked={setting.addNewPeople}
              onChange={(event) => setSetting({ ...setting, addNewPeople: event.target.checked })}
            />{' '}
            Add people whose groups match on their first sign-in
          </label>
          <label>
            <input
              type="checkbox"
              checked={setting.requireSso}
              onChange={(event) => setSetting({ ...setting, requireSso: event.target.checked })}
            />{' '}
            Require single sign-on
          </label>
          {setting.requireSso && (
            <>
              <p className="sso-warning">
                Members can no longer open a session in this workspace with a password, and the password sessions open
                here end when you save.
              </p>
              <Field label="Break-glass admin" hint="This admin keeps a password sign-in, for when the provider fails.">
                <select
                  value={setting.breakGlassMemberId ?? ''}
                  onChange={(event) => setSetting({ ...setting, breakGlassMemberId: event.target.value || null })}
                >
                  <option value="">Nobody</option>
                  {loaded.admins.map((admin) => (
                    <option key={admin.id} value={admin.id}>
                      {admin.name} ({admin.email})
                    </option>
                  ))}
                </select>
              </Field>
              <p className="sso-warning" role="note">
                {setting.breakGlassMemberId
                  ? 'Warning: the break-glass password opens this workspace without the provider. Keep it long, ' +
                    'unique and locked away, and watch its use in the audit log.'
                  : 'Warning: nobody keeps a password. If the provider fails, only the operator can let people in ' +
                    'again (estate sso require --workspace … off).'}
              </p>
            </>
          )}
        </fieldset>
        <FormError error={errorsOf(save.error).formError} />
        {save.isSuccess && <p role="status">Saved.</p>}
        <button type="submit" className="primary" disabled={save.isPending}>
          Save single sign-on
        </button>
      </form>
    </>
  );
}
