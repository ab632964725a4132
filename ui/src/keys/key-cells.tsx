/** What a key shows wherever keys are listed: its name, its prefix and its permissions. */
export interface ShownKey {
  name: string;
  prefix: string;
  alias?: string | null | undefined;
  permissions: string[];
}

/** A key's permissions in a cell: its alias, or the first three scopes and how many more. */
function permissionsOf(key: ShownKey): string {
  if (key.alias) return `alias ${key.alias}`;
  return key.permissions.length > 3
    ? `${key.permissions.slice(0, 3).join(', ')} +${key.permissions.length - 3}`
    : key.permissions.join(', ');
}

/** The first cells of a key's row: name (the row's header), prefix, permissions (all in the title). */
export function KeyCells({ keyShown: key }: { keyShown: ShownKey }) {
  return (
    <>
      <th scope="row">{key.name}</th>
      <td>
        <code>{key.prefix}…</code>
      </td>
      <td title={key.permissions.join(', ')}>
        <code>{permissionsOf(key)}</code>
      </td>
    </>
  );
}
