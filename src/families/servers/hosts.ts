/**
 * What servers and workstations share as hosts an agent may report: their hardware facts, the
 * fields that say who reports them, and the rule that an agent owns some of them.
 */
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { releaseHostSoftware } from './installs.js';
import type { Tables } from '../../base/db/schema.js';
import { ApiError } from '../../base/errors/api-error.js';
import { Clearable, DateTime, OrNull, Text, Uuid } from '../../base/http/schemas.js';
import { booleanColumn } from '../../base/resources/family.js';
import { equalsFilter } from '../../base/lists/filters.js';

/** Fields an agent owns on an automatic host (docs/agents.md): the API refuses to change them. */
export const AGENT_OWNED_FIELDS = ['name', 'os', 'manufacturer'] as const;

/** The hardware facts of a host as a create or PATCH body gives them. */
export const writableHardware = (maxCores: number) => ({
  os: Clearable(Text(200), 'Operating system.'),
  osVersion: Clearable(Text(100), 'Operating system version.'),
  manufacturer: Clearable(Text(200), 'Hardware manufacturer.'),
  model: Clearable(Text(200), 'Hardware model.'),
  serialNumber: Clearable(Text(200), 'Serial number.'),
  cpuCores: Clearable(Type.Integer({ minimum: 0, maximum: maxCores }), 'CPU cores.'),
  memoryMb: Clearable(Type.Integer({ minimum: 0 }), 'Memory in MiB.'),
});

/** The item properties that say who reports a host and when it changed. */
export const reportingProperties = (noun: string) => ({
  automatic: Type.Boolean({
    description:
      'true when reported by an agent; then name, os and manufacturer cannot be changed through the API (422).',
  }),
  agentId: OrNull(Uuid('Reporting agent.'), `The agent that reports it; null for a manual ${noun}.`),
  createdAt: DateTime('Creation instant.'),
  lastCheckTime: DateTime('Change-tracking field: moves on every change (creation, edit, link, and a report).'),
  lastReportAt: OrNull(
    DateTime('Last report of its agent.'),
    `When its agent last reported, changed or not; null for a manual ${noun}. A silent agent shows here.`,
  ),
});

export const automaticField = { automatic: booleanColumn() };

export const automaticFilter = (description: string) => ({
  automatic: equalsFilter('automatic', Type.Boolean({ description }), (value) => (value ? 1 : 0)),
});

/** 422 when a change touches what the agent of an automatic host reports. */
export function refuseAgentOwnedChange(
  noun: string,
  before: (Record<(typeof AGENT_OWNED_FIELDS)[number], unknown> & { automatic: number }) | undefined,
  next: Record<(typeof AGENT_OWNED_FIELDS)[number], unknown>,
): void {
  if (!before?.automatic) return;
  const changed = AGENT_OWNED_FIELDS.filter((field) => before[field] !== next[field]);
  if (changed.length > 0) {
    throw new ApiError(
      'unprocessable_entity',
      `${changed.join(', ')} of an automatic ${noun} cannot change: ` +
        `its agent reports ${changed.length > 1 ? 'them' : 'it'}`,
    );
  }
}

/**
 * What a host family (servers, workstations) takes from here, for its noun: the item's reporting
 * properties, the writable hardware fields, the automatic flag's column and filter, the agent-owned
 * fields rule and the release of its discovered software when it is deleted.
 */
export function hostParts(noun: 'server' | 'workstation') {
  type Owned = Parameters<typeof refuseAgentOwnedChange>;
  return {
    reportingProperties: reportingProperties(noun),
    writableHardware,
    automaticField,
    automaticFilter,
    refuseAgentOwnedChange: (before: Owned[1], next: Owned[2]) => refuseAgentOwnedChange(noun, before, next),
    releaseSoftware: (trx: Kysely<Tables>, workspaceId: string, id: string) =>
      releaseHostSoftware(trx, workspaceId, `${noun}_id`, id),
  };
}
