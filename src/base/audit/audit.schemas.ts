import { Type, type Static } from 'typebox';
import { ACTOR_TYPES, AUDIT_ACTIONS, AUDIT_CATEGORIES } from './audit.types.js';
import { OrNull } from '../http/schemas.js';

/**
 * A resource type: one of `types` (a composition's, registry), or any string where a reader checks
 * an answer without knowing the composition.
 */
const ResourceType = (types: readonly string[] | undefined, description: string, examples?: string[]) =>
  types
    ? Type.Unsafe<string>({ enum: [...types], description, ...(examples ? { examples } : {}) })
    : Type.String({ description, ...(examples ? { examples } : {}) });

export const AUDIT_PAGE_MAX = 200;
export const AUDIT_PAGE_DEFAULT = 50;

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const DateTime = (description: string) =>
  Type.String({ format: 'date-time', description, examples: ['2026-11-01T00:00:00.000Z'] });

/** The list's query, of a composition's resource types (its description names every one). */
export const auditLogQuery = (types: readonly string[]) =>
  Type.Object(
    {
      from: Type.Optional(DateTime('Only events at or after this instant (inclusive).')),
      to: Type.Optional(DateTime('Only events at or before this instant (inclusive).')),
      actorId: Type.Optional(Uuid('Only events by this actor: an API key, member or agent id.')),
      category: Type.Optional(Type.Enum(AUDIT_CATEGORIES, { description: `One of: ${AUDIT_CATEGORIES.join(', ')}.` })),
      actions: Type.Optional(
        Type.Array(Type.Enum(AUDIT_ACTIONS), {
          description:
            'Only these actions; repeat the parameter for several (actions=create&actions=delete). ' +
            `One of: ${AUDIT_ACTIONS.join(', ')}.`,
        }),
      ),
      resourceType: Type.Optional(ResourceType(types, `One of: ${types.join(', ')}.`)),
      resourceId: Type.Optional(Uuid('Only events about this resource.')),
      query: Type.Optional(
        Type.String({
          maxLength: 200,
          description: 'Case-insensitive text found in the resource name, actor name, action or resource type.',
        }),
      ),
      limit: Type.Optional(
        Type.Integer({
          description:
            `Page size, default ${AUDIT_PAGE_DEFAULT}; ` +
            `values above ${AUDIT_PAGE_MAX} become ${AUDIT_PAGE_MAX}, below 1 become 1.`,
        }),
      ),
      cursor: Type.Optional(
        Type.String({ maxLength: 200, description: 'The nextCursor of the previous response; opaque.' }),
      ),
    },
    { additionalProperties: false },
  );
export type AuditLogQuery = Static<ReturnType<typeof auditLogQuery>>;

/** One event, of a composition's resource types (`types`) or of any. */
export const auditEventSchema = (types?: readonly string[]) =>
  Type.Object(
    {
      id: Type.String({ format: 'uuid', description: 'Event id (UUID v7).' }),
      timestamp: Type.String({
        format: 'date-time',
        description: 'When the change was committed, ISO-8601 UTC with milliseconds.',
      }),
      category: Type.Enum(AUDIT_CATEGORIES, { description: 'Area of the change.', examples: ['access'] }),
      action: Type.Enum(AUDIT_ACTIONS, { description: 'What happened.', examples: ['create'] }),
      actor: Type.Object(
        {
          type: Type.Enum(ACTOR_TYPES, {
            description:
              'api_key for public API calls, member for console and key creation, ' +
              'agent for reports, system for host commands.',
          }),
          id: OrNull(Type.String({ format: 'uuid' }), 'The actor id; null for the system.'),
          name: Type.String({ description: 'The actor name at the time of the event.', examples: ['billing sync'] }),
        },
        { description: 'Who made the change.' },
      ),
      resourceType: ResourceType(types, 'Kind of resource changed.', ['api_key']),
      resourceId: OrNull(Type.String({ format: 'uuid' }), 'Id of the resource; null for roles (named, not numbered).'),
      resourceName: OrNull(Type.String(), 'Name of the resource at the time of the event.'),
      changes: OrNull(
        Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() })),
        'Changed fields with their values before and after; null when there is nothing to show. ' +
          'Never holds a secret.',
      ),
    },
    { description: 'One audit event.' },
  );
export const AuditEvent = auditEventSchema();
export type AuditEvent = Static<typeof AuditEvent>;

/** The list envelope, of a composition's resource types (`types`) or of any. */
export const auditListSchema = (types?: readonly string[]) =>
  Type.Object(
    {
      data: Type.Array(auditEventSchema(types)),
      total: Type.Integer({ description: 'Count of all events matching the filters.' }),
      nextCursor: Type.Optional(
        Type.String({ description: 'Pass as cursor to get the next page; absent on the last page.' }),
      ),
      hasMore: Type.Boolean({ description: 'Whether another page follows.' }),
    },
    { description: 'Audit list envelope.' },
  );
export const AuditList = auditListSchema();
export type AuditList = Static<typeof AuditList>;
