import { Type } from 'typebox';
import { ApiError } from '../../base/errors/api-error.js';
import { Clearable, DateTime, OrNull } from '../../base/http/schemas.js';
import { nowIso } from '../../base/ids.js';
import { defineFamily, itemSchema, writeSchemas } from '../../base/resources/family.js';
import { equalsFilter } from '../../base/lists/filters.js';

export const SEVERITIES = ['info', 'warning', 'critical'] as const;

const Announcement = itemSchema(
  'Announcement',
  {
    title: Type.String({ description: 'Headline.', examples: ['ERP maintenance on Saturday'] }),
    body: Type.String({ description: 'Text.', examples: ['The ERP is unavailable from 08:00 to 12:00 UTC.'] }),
    severity: Type.Enum(SEVERITIES, { description: 'info, warning or critical.' }),
    startsAt: OrNull(DateTime('Shown from.'), 'Publication start; null: already published.'),
    endsAt: OrNull(DateTime('Shown until.'), 'Publication end; null: no end.'),
  },
  "A notice to the workspace's people, shown during its publication window.",
);

const Title = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  description: 'Headline; not blank.',
  examples: ['ERP maintenance on Saturday'],
});
const Body = Type.String({ minLength: 1, maxLength: 20000, pattern: '\\S', description: 'Text; not blank.' });
const fields = {
  severity: Type.Optional(Type.Enum(SEVERITIES, { description: 'Default info.' })),
  startsAt: Clearable(Type.String({ format: 'date-time' }), 'Publication start (ISO-8601 date-time).'),
  endsAt: Clearable(Type.String({ format: 'date-time' }), 'Publication end; not before startsAt (422).'),
};
const toUtc = (value: unknown) => new Date(String(value)).toISOString();

export const announcements = defineFamily({
  table: 'announcements',
  noun: 'announcement',
  description: 'Announcements with a severity and a publication window.',
  auditCategory: 'organisation',
  scopeFamily: 'announces',
  schemas: {
    item: Announcement,
    ...writeSchemas({ title: Title, body: Body }, fields),
  },
  fields: {
    severity: { default: 'info' },
    startsAt: { write: toUtc },
    endsAt: { write: toUtc },
  },
  nameField: 'title',
  sorts: ['title', 'severity', 'startsAt', 'endsAt', 'createdAt', 'updatedAt'],
  defaultSort: '-createdAt',
  filters: {
    severity: equalsFilter('severity', Type.Enum(SEVERITIES, { description: 'Only this severity.' })),
    active: {
      clock: true,
      schema: Type.Boolean({
        description: 'true: only announcements published now; false: only those outside their window.',
      }),
      where(eb, active) {
        const now = nowIso();
        const published = eb.and([
          eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]),
          eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]),
        ]);
        return active ? published : eb.not(published);
      },
    },
  },
  async check({ next }) {
    if (next.starts_at && next.ends_at && next.ends_at < next.starts_at)
      throw new ApiError('unprocessable_entity', 'endsAt is before startsAt');
  },
});
