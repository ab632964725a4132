import { useEffect, useState } from 'react';
import { ApiFailure } from '../api/client.js';
import { consoleApi, type RolesView } from '../api/console-api.js';
import { FormError } from '../base/field.js';
import { humanize } from '../base/format.js';
import { ScopePicker, toggled } from '../base/scope-picker.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';

type RoleName = RolesView['roles'][number]['name'];

function RoleEditor({
  name,
  permissions,
  scopes,
  editable,
}: {
  name: RoleName;
  permissions: string[];
  scopes: string[];
  editable: boolean;
}) {
  const [chosen, setChosen] = useState(new Set(permissions));
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();
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
        <ScopePicker scopes={scopes} chosen={chosen} onToggle={(scope) => setChosen(toggled(chosen, scope))} />
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
      <p className="lead">
        A member acts with their role's permissions as they are now. Existing API keys keep the frozen copy they were
        made with: editing a role changes no key.
      </p>
      <FormError error={error} />
      {view?.roles.map((role) => (
        <RoleEditor
          key={role.name}
          name={role.name}
          permissions={role.permissions}
          scopes={view.scopes}
          editable={isAdmin}
        />
      ))}
    </>
  );
}
