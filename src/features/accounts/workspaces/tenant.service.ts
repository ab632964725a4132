import { diffFields, recordSettingsUpdate } from '../../../base/audit/audit.writer.js';
import type { Actor } from '../../../base/audit/audit.types.js';
import type { Database } from '../../../base/db/database.js';
import type { WorkspacesTable } from '../../../base/db/schema.js';
import { ApiError, notFound } from '../../../base/errors/api-error.js';
import { nowIso } from '../../../base/ids.js';
import { Tenant, type UpdateTenant } from './tenant.schemas.js';
import { writeTransaction } from '../../../base/db/write.js';
import { requireMatch } from '../../../base/http/etag.js';
import { itemReader } from '../../../base/resources/item-reader.js';

const tenantRowToDto = itemReader<WorkspacesTable, typeof Tenant>(Tenant);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export async function getTenant(database: Database, workspaceId: string): Promise<Tenant> {
  const row = await database.db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirst();
  if (!row) throw notFound('tenant');
  return tenantRowToDto(row);
}

/** Partial update of the workspace settings, audited with the changed fields. */
export async function updateTenant(
  database: Database,
  workspaceId: string,
  patch: UpdateTenant,
  actor: Actor,
  ifMatch?: string,
): Promise<Tenant> {
  if (patch.timeZone !== undefined && !isTimeZone(patch.timeZone)) {
    throw new ApiError('bad_request', 'timeZone must be an IANA time zone name, e.g. Europe/Paris');
  }
  return writeTransaction(database, workspaceId, async (trx) => {
    const before = await trx.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirst();
    if (!before) throw notFound('tenant');
    requireMatch(ifMatch, tenantRowToDto(before));
    const next = {
      name: patch.name?.trim() ?? before.name,
      default_currency: patch.defaultCurrency ?? before.default_currency,
      time_zone: patch.timeZone ?? before.time_zone,
    };
    const changes = diffFields(
      { name: before.name, defaultCurrency: before.default_currency, timeZone: before.time_zone },
      { name: next.name, defaultCurrency: next.default_currency, timeZone: next.time_zone },
    );
    if (Object.keys(changes).length === 0) return tenantRowToDto(before);
    const updatedAt = nowIso();
    await trx
      .updateTable('workspaces')
      .set({ ...next, updated_at: updatedAt })
      .where('id', '=', workspaceId)
      .execute();
    await recordSettingsUpdate(trx, workspaceId, actor, next.name, changes);
    return tenantRowToDto({ ...before, ...next, updated_at: updatedAt });
  });
}
