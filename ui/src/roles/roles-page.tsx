import { useEffect, useState } from 'react';
import { ApiFailure } from '../api/client.js';
import { consoleApi, type RolesView } from '../api/console-api.js';
import { FormError } from '../base/field.js';
import { groupScopes, humanize } from '../base/format.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';

type RoleName = RolesView['roles'][number]['name'];

function RoleEditor({ name, permissions, scopes, editable }: { name: RoleName; permissions: string[]; scopes: string[]; editable: boolean }) {
  const [chosen, setChosen] = useState(new Set(permissions));
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
  const toggle = (scope: string) => {
    const next = new Set(chosen);
    if (next.has(scope)) next.delete(scope);
    else next.add(scope);
    setChosen(next);
  };
  const save = async () => {
    setError(undefined);
    setMessage(undefined);
    try {
      const saved = await consoleApi.setRole(name, [...chosen].sort());
      setChosen(new Set(saved.permissions));
      setMessage(`Saved: ${saved.permissions.length} scopes.`);
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : String(failure));
    }
  };
  return (
    <section className="role">
      <h2>{humanize(name)}</h2>
      <fieldset disabled={!editable} className="scopes">
        <legend>Permissions of the {name} role</legend>
        {groupScopes(scopes).map(([family, actions]) => (
          <fieldset key={family} className="scope-family">
            <legend>{humanize(family)}</legend>
            {actions.map((action) => {
              const scope = `${family}:${action}`;
              return (
                <label key={scope}>
                  <input type="checkbox" checked={chosen.has(scope)} onChange={() => toggle(scope)} /> {action}
                </label>
              );
            })}
          </fieldset>
        ))}
      </fieldset>
      <FormError error={error} />
      {message && <p role="status">{message}</p>}
      {editable && (
        <button type="button" className="primary" onClick={() => void save()}>
          Save {name} role
        </button>
      )}
    </section>
  );
}

/** /ui/roles: the three system roles' permission sets; admins edit them. */
export function RolesPage() {
  const { isAdmin } = useAbilities();
  const [view, setView] = useState<RolesView>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    consoleApi.roles().then(setView, (failure: Error) => setError(failure.message));
  }, []);
  return (
    <>
      <PageHeader title="Roles" />
      <p className="lead">A member acts with their role's permissions as they are now. Existing API keys keep the frozen copy they were made with: editing a role changes no key.</p>
      <FormError error={error} />
      {view?.roles.map((role) => <RoleEditor key={role.name} name={role.name} permissions={role.permissions} scopes={view.scopes} editable={isAdmin} />)}
    </>
  );
}
