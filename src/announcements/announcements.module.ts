import { Type, type Static } from 'typebox';
import type { AnnouncementsTable } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import type { AppDeps, App } from '../http/types.js';
import { Clearable, DateTime, OrNull, Uuid } from '../http/schemas.js';
import { nowIso } from '../ids.js';
import { listQuerySchema, offsetListSchema } from '../pagination/offset.js';
import { columnsFrom, registerResourceRoutes, type ResourceDefinition } from '../resources/crud.js';

export const SEVERITIES = ['info', 'warning', 'critical'] as const;

const Announcement = Type.Object(
  {
    id: Uuid('Announcement id.'),
    title: Type.String({ description: 'Headline.', examples: ['ERP maintenance on Saturday'] }),
    body: Type.String({ description: 'Text.', examples: ['The ERP is unavailable from 08:00 to 12:00 UTC.'] }),
    severity: Type.Enum(SEVERITIES, { description: 'info, warning or critical.' }),
    startsAt: OrNull(DateTime('Shown from.'), 'Publication start; null: already published.'),
    endsAt: OrNull(DateTime('Shown until.'), 'Publication end; null: no end.'),
    createdAt: DateTime('Creation instant.'),
    updatedAt: DateTime('Change-tracking field: moves on every change.'),
  },
  { description: 'A notice to the workspace\'s people, shown during its publication window.' },
);
type Announcement = Static<typeof Announcement>;

const Title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Headline; not blank.', examples: ['ERP maintenance on Saturday'] });
const Body = Type.String({ minLength: 1, maxLength: 20000, pattern: '\\S', description: 'Text; not blank.' });
const fields = {
  severity: Type.Optional(Type.Enum(SEVERITIES, { description: 'Default info.' })),
  startsAt: Clearable(Type.String({ format: 'date-time' }), 'Publication start (ISO-8601 date-time).'),
  endsAt: Clearable(Type.String({ format: 'date-time' }), 'Publication end; not before startsAt (422).'),
};
const toUtc = (value: unknown) => (value === null ? null : new Date(String(value)).toISOString());

function announcementRowToDto(row: AnnouncementsTable): Announcement {
  return {
    id: row.id, title: row.title, body: row.body, severity: row.severity as Announcement['severity'], startsAt: row.starts_at, endsAt: row.ends_at,
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const announcementResource: ResourceDefinition<AnnouncementsTable, Announcement> = {
  table: 'announcements',
  resourceType: 'announcement',
  auditCategory: 'organisation',
  scopeFamily: 'announces',
  path: '/announcements',
  openApiTag: 'announcements',
  names: ['announcement', 'announcements'],
  description: 'Announcements with a severity and a publication window.',
  schemas: {
    item: Announcement,
    create: Type.Object({ title: Title, body: Body, ...fields }, { additionalProperties: false }),
    update: Type.Object({ title: Type.Optional(Title), body: Type.Optional(Body), ...fields }, { additionalProperties: false }),
    listQuery: listQuerySchema(
      {
        severity: Type.Optional(Type.Enum(SEVERITIES, { description: 'Only this severity.' })),
        active: Type.Optional(Type.Boolean({ description: 'true: only announcements published now; false: only those outside their window.' })),
      },
      ['title', 'severity', 'startsAt', 'endsAt', 'createdAt', 'updatedAt'],
      'Case-insensitive text in the title or body.',
    ),
    list: offsetListSchema(Announcement, 'Offset list of announcements.'),
  },
  toDto: announcementRowToDto,
  toColumns: (input) => columnsFrom(input, { title: 'title', body: 'body', severity: 'severity', startsAt: ['starts_at', toUtc], endsAt: ['ends_at', toUtc] }),
  defaults: { severity: 'info', starts_at: null, ends_at: null },
  searchColumns: ['title', 'body'],
  sortColumns: { title: 'title', severity: 'severity', startsAt: 'starts_at', endsAt: 'ends_at', createdAt: 'created_at', updatedAt: 'updated_at' },
  defaultSort: '-createdAt',
  filters: (query, eb) => {
    if (query.active === undefined) return query.severity ? [eb('severity', '=', query.severity)] : [];
    const now = nowIso();
    const published = eb.and([
      eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]),
      eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]),
    ]);
    return [...(query.severity ? [eb('severity', '=', query.severity)] : []), query.active ? published : eb.not(published)];
  },
  trackingColumn: 'updated_at',
  untrackedFields: ['updatedAt', 'createdAt'],
  async check({ next }) {
    if (next.starts_at && next.ends_at && next.ends_at < next.starts_at) throw new ApiError('unprocessable_entity', 'endsAt is before startsAt');
  },
};

export function registerAnnouncementRoutes(app: App, { database }: AppDeps): void {
  registerResourceRoutes(app, database, announcementResource, undefined, { updateDescription: 'An endsAt before startsAt answers 422.' });
}
