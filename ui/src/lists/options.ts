import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Resource } from '../api/console-api.js';
import type { AuditActor } from '../api/lists-api.js';
import { queries } from '../api/queries.js';
import type { ComboOption, OptionSource } from '../base/combobox.js';
import { valueLabel } from '../base/glossary.js';

/**
 * Where the comboboxes find what they offer: any family of the inventory by its list's own `q`
 * (the whole family, searched on the server), and the audit log's actors.
 */

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const joined = (...parts: unknown[]): string | null => parts.map(text).filter(Boolean).join(' · ') || null;
const enumText = (value: unknown) => (typeof value === 'string' && value ? valueLabel(value) : null);

/** The second line of an option, per family: what tells two items of the same name apart. */
const DETAILS: Record<string, (item: Resource) => string | null> = {
  users: (item) => text(item.email),
  servers: (item) =>
    joined(item.hostname, Array.isArray(item.ipAddresses) ? item.ipAddresses[0] : null, enumText(item.environment)),
  workstations: (item) => joined(item.hostname, item.serialNumber),
  applications: (item) => joined(item.vendor, item.version),
  agents: (item) => joined(item.hostname, enumText(item.status)),
  networks: (item) => joined(item.cidr, item.location),
  routers: (item) => joined(item.managementIp, item.location),
  contracts: (item) => joined(item.vendor, item.reference),
  teams: (item) => text(item.email),
  tags: (item) => text(item.description),
  flows: (item) => text(item.protocol),
  data: (item) => enumText(item.classification),
};

/** A row of a family as a combobox option. */
export function optionOf(family: string, item: Resource): ComboOption {
  return {
    id: item.id,
    name: String(item.name ?? item.title ?? item.email ?? item.id),
    detail: DETAILS[family]?.(item) ?? null,
  };
}

/** The id filters of list queries whose name does not say their family (`ownerId` is a person). */
const FILTER_FAMILIES: Record<string, string> = {
  ownerId: 'users',
  memberId: 'users',
  assignedUserId: 'users',
  userId: 'users',
  dataObjectId: 'data',
  sourceApplicationId: 'applications',
  targetApplicationId: 'applications',
  categoryId: 'categories',
};

/**
 * The family a filter or parameter that takes an id chooses from: the family's own references
 * first (a category's `parentId`), then the name (`applicationId` → applications).
 */
export function familyOfIdField(field: string, references: Record<string, string> = {}): string {
  return references[field] ?? FILTER_FAMILIES[field] ?? `${field.replace(/Id$/, '')}s`;
}

const NO_CHOICE = { data: undefined, isError: false };

/** Every row of a family, searched by name on the server as the person types. */
export function familySource(family: string): OptionSource {
  return {
    useMatches(typed, enabled) {
      return useQuery({
        ...queries.choices(family, typed),
        enabled,
        placeholderData: keepPreviousData,
        select: (page) => ({
          options: page.data.map((item) => optionOf(family, item)),
          total: page.pagination.total,
        }),
      });
    },
    useOne(id) {
      const one = useQuery({
        ...queries.item(family, id),
        enabled: Boolean(id),
        staleTime: 5 * 60_000,
        select: ({ value }) => optionOf(family, value),
      });
      return id ? one : NO_CHOICE;
    },
  };
}

const actorOption = (actor: AuditActor): ComboOption => ({ id: actor.id, name: actor.name, detail: actor.detail });

/** Members, API keys and agents of the workspace, by name: the audit log's actor filter. */
export const actorSource: OptionSource = {
  useMatches(typed, enabled) {
    return useQuery({
      ...queries.auditActors(typed),
      enabled,
      placeholderData: keepPreviousData,
      select: (list) => ({ options: list.data.map(actorOption), total: list.total }),
    });
  },
  useOne(id) {
    const one = useQuery({ ...queries.auditActor(id), enabled: Boolean(id), select: actorOption });
    return id ? one : NO_CHOICE;
  },
};
