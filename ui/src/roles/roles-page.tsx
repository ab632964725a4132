import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../api/client.js';
import { consoleApi, type RolesView } from '../api/console-api.js';
import { invalidate, queries, stale } from '../api/queries.js';
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
  const client = useQueryClient();
  const [chosen, setChosen] = useState(new Set(permissions));
  const save = useMutation({
    mutationFn: () => consoleApi.setRole(name, [...chosen].sort()),
    onSuccess: (saved) => {
      setChosen(new Set(saved.permissions));
      void invalidate(client, stale.roles);
    },
  });
  return (
    <section className="role">
      <h2>{humanize(name)}</h2>
      <fieldset disabled={!editable} className="scopes">
        <legend>Permissions of the {name} role</legend>
        <ScopePicker scopes={scopes} chosen={chosen} onToggle={(scope) => setChosen(toggled(chosen, scope))} />
      </fieldset>
      <FormError error={messageOf(save.error)} />
      {save.data && <p role="status">Saved: {save.data.permissions.length} scopes.</p>}
      {editable && (
        <button type="button" className="primary" onClick={() => save.mutate()}>
          Save {name} role
        </button>
      )}
    </section>
  );
}

/** /ui/roles: the three system roles' permission sets; admins edit them. */
export function RolesPage() {
  const { isAdmin } = useAbilities();
  const roles = useQuery(queries.roles());
  const view = roles.data;
  return (
    <>
      <PageHeader title="Roles" />
      <p className="lead">
        A member acts with their role's permissions as they are now. Existing API keys keep the frozen copy they were
        made with: editing a role changes no key.
      </p>
      <FormError error={messageOf(roles.error)} />
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
