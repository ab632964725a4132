import { Type, type Static } from 'typebox';
import { FamilyKey } from '../../base/http/console.js';
import { Name, Uuid } from '../../base/http/schemas.js';

/**
 * The schemas of the lists' console routes (bulk.routes.ts, views.routes.ts), kept apart from the
 * routes so that the console's typed client (ui/src/api/lists-api.ts) imports types, not services.
 */

/** Rows one bulk action may name: a list page of the console shows at most 200. */
export const BULK_LIMIT = 200;

const Ids = Type.Array(Uuid('A row of the list.'), {
  minItems: 1,
  maxItems: BULK_LIMIT,
  uniqueItems: true,
  description: `The rows to act on, at most ${BULK_LIMIT}, each once.`,
});

export const BulkDelete = Type.Object({ ids: Ids }, { additionalProperties: false });
export const BulkTag = Type.Object(
  { ids: Ids, tagId: Uuid('The tag given to every row.') },
  { additionalProperties: false },
);
export const BulkSetField = Type.Object(
  {
    ids: Ids,
    field: Type.String({
      pattern: '^[a-z][a-z0-9_]{0,49}$',
      description: "A custom field of the family (its name); the value is checked as a PATCH's.",
    }),
    value: Type.Unknown({ description: "The field's new value on every row; null clears it." }),
  },
  { additionalProperties: false },
);

export const BulkLink = Type.Object(
  {
    ids: Ids,
    segment: Type.String({
      pattern: '^[a-z][a-z-]*$',
      maxLength: 40,
      description: 'The link, as the family names it in its path (servers: applications, owners, tags).',
    }),
    targetId: Uuid('The item every row is linked to.'),
  },
  { additionalProperties: false },
);
export type BulkDelete = Static<typeof BulkDelete>;
export type BulkTag = Static<typeof BulkTag>;
export type BulkLink = Static<typeof BulkLink>;

export { BulkResult, type BulkRefusal } from '../../features/bulk-edits/bulk-edits.schemas.js';

/** Views one person may keep per list: a page offers them all at once. */
export const VIEWS_PER_LIST = 50;

/** A list's state as its URL holds it (filters, q, sort, limit), and the columns shown. */
const ViewQuery = Type.Record(
  Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]*$', maxLength: 40 }),
  Type.Union([Type.String({ maxLength: 500 }), Type.Array(Type.String({ maxLength: 60 }), { maxItems: 60 })]),
  { maxProperties: 40, description: 'Query parameters of the list, and `columns`: the fields shown, in order.' },
);

export const SavedView = Type.Object({
  id: Type.String(),
  family: Type.String(),
  name: Type.String(),
  shared: Type.Boolean({ description: 'Offered to every member of the workspace, not only its creator.' }),
  mine: Type.Boolean({ description: 'Made by the signed-in person.' }),
  ownerName: Type.String(),
  query: ViewQuery,
  createdAt: Type.String(),
});
export type SavedView = Static<typeof SavedView>;

export const CreateView = Type.Object(
  {
    family: FamilyKey,
    name: Name('The name the list offers it under.', 'Production in London'),
    shared: Type.Boolean(),
    query: ViewQuery,
  },
  { additionalProperties: false },
);
export type CreateView = Static<typeof CreateView>;

export const ViewList = Type.Object({ data: Type.Array(SavedView) });
export type ViewList = Static<typeof ViewList>;
