import { Link } from 'wouter';
import { useAbilities } from '../base/session.js';
import type { ConsoleFamily } from '../inventory/schema.js';
import { exportUrl } from './transfer-api.js';

/**
 * Export and Import on a list page (families the API writes, `update` in the catalog): Export
 * downloads the list as CSV with its filters, search, sort and shown columns; Import opens the
 * family's import page, for members who may add and edit its items.
 */
export function TransferActions({
  family,
  params,
  columns,
}: {
  family: ConsoleFamily;
  params: Record<string, string>;
  columns: readonly string[];
}) {
  const { can, restricted } = useAbilities();
  if (!family.update) return null;
  const { add, edit } = family.scopes;
  return (
    <>
      <a className="button" href={exportUrl(family.key, params, columns)} download>
        Export
      </a>
      {/* An import cannot keep to a restricted role's reach yet: the server refuses it. */}
      {add && edit && can(add) && can(edit) && !restricted && (
        <Link className="button" href={`/${family.key}/import`}>
          Import
        </Link>
      )}
    </>
  );
}
