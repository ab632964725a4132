import { Type, type Static } from 'typebox';
import { Uuid } from '../../base/http/schemas.js';

/**
 * The schemas of edits of many items at once (bulk-edits.service.ts) and of the console's other
 * bulk actions' answers (surfaces/console/bulk.routes.ts).
 */

const Refusal = Type.Object({
  id: Type.String(),
  code: Type.String({
    description: 'The code the single request would have answered (not_found, unprocessable_entity…).',
  }),
  message: Type.String(),
});

export const BulkResult = Type.Object({
  applied: Type.Array(Type.String(), { description: 'Rows changed (each audited as its single request would be).' }),
  unchanged: Type.Array(Type.String(), { description: 'Rows that were so already (a link that existed).' }),
  refused: Type.Array(Refusal, { description: 'Rows left exactly as they were, with the reason.' }),
});
export type BulkResult = Static<typeof BulkResult>;
export type BulkRefusal = Static<typeof Refusal>;

/** Items one edit of every match of a list may change. */
export const BULK_EDIT_ITEMS = 10_000;

export const BulkEdit = Type.Object(
  {
    ids: Type.Optional(
      Type.Array(Uuid('An item to change.'), {
        minItems: 1,
        maxItems: 200,
        uniqueItems: true,
        description: 'The items to change, at most 200, each once; or `filter`.',
      }),
    ),
    filter: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[a-zA-Z_][a-zA-Z0-9_]*$', maxLength: 60 }),
        Type.String({ maxLength: 500 }),
        {
          maxProperties: 40,
          description:
            `Or every item matching these list parameters (filters, q, cf_…; not limit, offset or sort), ` +
            `at most ${BULK_EDIT_ITEMS.toLocaleString('en')}.`,
        },
      ),
    ),
    changes: Type.Record(Type.String(), Type.Unknown(), {
      minProperties: 1,
      description: 'The change of every item, as a PATCH of one item takes it (any editable field, customFields).',
    }),
  },
  { additionalProperties: false },
);
export type BulkEdit = Static<typeof BulkEdit>;

export const BulkEditResult = Type.Object({
  ...BulkResult.properties,
  editId: Type.Union([Type.String(), Type.Null()], {
    description: 'The edit, to undo it (POST /bulk/edits/{id}/undo); null when it changed nothing.',
  }),
});
export type BulkEditResult = Static<typeof BulkEditResult>;

export const BulkEditPreview = Type.Object({
  matched: Type.Integer({ description: 'Items the edit would change or find so already.' }),
  limit: Type.Integer({ description: 'The most one edit changes.' }),
  sample: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }), {
    description: 'The first items, by id, to show what the edit reaches.',
  }),
});
export type BulkEditPreview = Static<typeof BulkEditPreview>;

export const BulkEditSummary = Type.Object({
  id: Type.String(),
  family: Type.String(),
  createdAt: Type.String(),
  actorName: Type.String(),
  items: Type.Integer({ description: 'Items it changed.' }),
  undoes: Type.Union([Type.String(), Type.Null()], { description: 'The edit it undid.' }),
  undoneBy: Type.Union([Type.String(), Type.Null()], { description: 'The edit that undid it.' }),
  complete: Type.Boolean({ description: 'Every item written (false while it runs): only a complete edit is undone.' }),
});
export const BulkEditList = Type.Array(BulkEditSummary);
export type BulkEditSummary = Static<typeof BulkEditSummary>;
