import { fieldTerms, namesFields } from '../custom-fields/list-terms.js';
import type { ItemField } from '../custom-fields/values.js';
import type { Database } from '../db/database.js';
import type { Conditions } from '../lists/matching.js';
import type { ListQuery } from '../lists/offset.js';
import type { Family } from './family.js';
import type { FamilyReach } from './reach.js';

/**
 * A list query of the family as its list reads it: the query's filters, its `cf_` terms (the
 * workspace's custom fields) and, for a restricted caller, its reach's terms beside them.
 * `named`: the query's `cf_` filters and sort, as terms of this query only.
 */
export function familyConditions(
  database: Database,
  workspaceId: string,
  family: Family,
  fields: readonly ItemField[],
  asked: ListQuery,
  reach: FamilyReach | undefined,
) {
  const query = reach ? { ...asked, ...reach.values } : asked;
  const { definition } = family;
  const named = namesFields(query)
    ? fieldTerms(database.dialect, definition.path.slice(1), fields, query, `${definition.table}.custom_fields`)
    : undefined;
  const conditions: Conditions = {
    query,
    search: { dialect: database.dialect, index: { table: definition.table }, columns: definition.search },
    filters: { ...definition.filters, ...named?.filters, ...reach?.filters },
    workspaceId,
  };
  return { conditions, named };
}
