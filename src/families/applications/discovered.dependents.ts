import { recordAudit } from '../../base/audit/audit.writer.js';
import { nowIso } from '../../base/ids.js';
import type { Dependent } from '../../base/resources/dependents.js';

/**
 * Discovered software linked to a deleted application returns to triage (status new), audited on
 * each discovered application and moving its lastUpdate, instead of blocking the delete.
 */
export const discoveredReturnsToTriage: Dependent = {
  target: 'applications',
  async release(trx, workspaceId, applicationId, actor) {
    const linked = await trx
      .selectFrom('discovered_applications')
      .select(['id', 'name', 'status'])
      .where('workspace_id', '=', workspaceId)
      .where('application_id', '=', applicationId)
      .orderBy('id')
      .execute();
    if (linked.length === 0) return;
    await trx
      .updateTable('discovered_applications')
      .set({ application_id: null, status: 'new', last_update: nowIso() })
      .where('workspace_id', '=', workspaceId)
      .where('application_id', '=', applicationId)
      .execute();
    for (const row of linked) {
      await recordAudit(trx, {
        workspaceId,
        category: 'inventory',
        action: 'update',
        actor,
        resourceType: 'discovered_application',
        resourceId: row.id,
        resourceName: row.name,
        changes: {
          status: { before: row.status, after: 'new' },
          applicationId: { before: applicationId, after: null },
        },
      });
    }
  },
};
