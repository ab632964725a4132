/**
 * Rows written straight to a table, for tests that need many items faster than the API makes them
 * (a bulk load, slices, query plans): a server of the workspace with the given custom field values,
 * numbered tags.
 */
import { newId } from '../../src/base/ids.js';

export function serverRow(workspaceId: string, name: string, customFields: Record<string, unknown> = {}) {
  const now = new Date().toISOString();
  return {
    workspace_id: workspaceId,
    id: newId(),
    name,
    hostname: name,
    ip_addresses: '[]',
    automatic: 0,
    agent_device: '',
    custom_fields: JSON.stringify(customFields),
    created_at: now,
    last_check_time: now,
  };
}

/** `count` tags of the workspace, named `bulk 0`, `bulk 1`…, made at `now`. */
export function bulkTagRows(workspaceId: string, count: number, now: string) {
  return Array.from({ length: count }, (_, i) => ({
    workspace_id: workspaceId,
    id: newId(),
    name: `bulk ${i}`,
    name_key: `bulk ${i}`,
    colour: '#336699',
    description: null,
    created_at: now,
  }));
}
