/**
 * The API shapes of a team's own fields: a definition, the bodies that create and change one, and
 * the list. What a definition's type allows (choices, bounds, pattern…) is checked by fields.rules.ts.
 */
import { Type, type Static } from 'typebox';
import { OrNull, Uuid } from '../http/schemas.js';

import { FIELD_FAMILIES, FIELD_TYPES } from './field-kinds.js';

export { FIELD_FAMILIES, FIELD_TYPES, type FieldFamily, type FieldType } from './field-kinds.js';

/** The most fields one family of a workspace may have. */
export const MAX_FIELDS_PER_FAMILY = 64;
/** The most choices of a select field, and the longest choice. */
export const MAX_CHOICES = 500;
export const MAX_CHOICE_LENGTH = 200;

const FAMILY = (description: string) => Type.Enum([...FIELD_FAMILIES], { description });
const NAME = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,49}$',
  description:
    'The key of the field in `customFields` and in `cf_<name>` columns: a lower-case letter, then up to 49 ' +
    'lower-case letters, digits or underscores. Unique per family; never the name of a built-in field.',
  examples: ['cost_centre'],
});
const LABEL = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  description: 'What people read beside the value; not blank.',
  examples: ['Cost centre'],
});
const DESCRIPTION = Type.String({ maxLength: 2000, description: 'A longer explanation for people filling it in.' });
const TYPE = Type.Enum([...FIELD_TYPES], {
  description:
    'text and longtext (strings), integer, decimal, boolean, date (YYYY-MM-DD), datetime (ISO 8601 with an ' +
    'offset), url (http or https), json (any JSON value up to 64 KiB), select (one of `choices`), ' +
    'multiselect (several of them), reference and multireference (ids of items of `referenceFamily`).',
});
const CHOICES = Type.Array(Type.String({ minLength: 1, maxLength: MAX_CHOICE_LENGTH, pattern: '\\S' }), {
  minItems: 1,
  maxItems: MAX_CHOICES,
  uniqueItems: true,
  description: `The values of a select or multiselect field, in the order offered (1–${MAX_CHOICES}).`,
});
const BOUND = (which: string) =>
  Type.Unknown({
    description:
      `The ${which} value of an integer or decimal field (a number), or of a date or datetime field (a ` +
      'date or date-time string); null for none.',
  });
const PATTERN = Type.String({
  minLength: 1,
  maxLength: 500,
  description: 'A regular expression (JavaScript, Unicode) a text value must match, anchored by you if it must.',
});
const MAX_LENGTH = Type.Integer({
  minimum: 1,
  maximum: 65_535,
  description: 'The most characters of a text or longtext value (default 1,000 and 65,535).',
});
const GROUP = Type.String({ minLength: 1, maxLength: 100, description: 'The heading the field is shown under.' });
const ORDER = Type.Integer({ minimum: 0, maximum: 10_000, description: 'Position among the family’s fields.' });

export const CustomField = Type.Object(
  {
    id: Uuid('Definition id.'),
    family: FAMILY('The family whose items carry the field.'),
    name: NAME,
    label: LABEL,
    description: OrNull(Type.String(), 'A longer explanation, or null.'),
    type: TYPE,
    required: Type.Boolean({ description: 'Every item must have a value (creating one without it is refused).' }),
    default: Type.Unknown({ description: 'The value a new item gets when it is created without one; null for none.' }),
    choices: OrNull(Type.Array(Type.String()), 'The choices of a select field, in the order offered; null otherwise.'),
    minimum: BOUND('smallest'),
    maximum: BOUND('largest'),
    pattern: OrNull(Type.String(), 'The pattern text values match, or null.'),
    maxLength: OrNull(Type.Integer(), 'The most characters of a value, or null (the type’s default).'),
    referenceFamily: OrNull(
      FAMILY('The family a reference points to.'),
      'The family of the items a reference field names; null for other types.',
    ),
    unique: Type.Boolean({ description: 'No two items of the family hold the same value.' }),
    group: OrNull(Type.String(), 'The heading the field is shown under, or null.'),
    order: ORDER,
    filterable: Type.Boolean({ description: 'Lists take `cf_<name>` filters and sorts on this field.' }),
    searchable: Type.Boolean({
      description: 'A list’s `q` finds the item by this field’s values (a multiple selection’s by each).',
    }),
    createdAt: Type.String({ format: 'date-time', description: 'Creation instant.' }),
    updatedAt: Type.String({ format: 'date-time', description: 'Last change of the definition.' }),
  },
  { title: 'CustomField', description: 'A field a team defined on one family of its workspace.' },
);
export type CustomField = Static<typeof CustomField>;

/** What may change on a definition (its family never does). */
const changeable = {
  label: Type.Optional(LABEL),
  description: Type.Optional(OrNull(DESCRIPTION, 'null removes it.')),
  required: Type.Optional(Type.Boolean({ description: 'Every item must have a value.' })),
  default: Type.Optional(Type.Unknown({ description: 'The value new items get; null for none.' })),
  choices: Type.Optional(OrNull(CHOICES, 'Choices of a select field.')),
  minimum: Type.Optional(BOUND('smallest')),
  maximum: Type.Optional(BOUND('largest')),
  pattern: Type.Optional(OrNull(PATTERN, 'null removes it.')),
  maxLength: Type.Optional(OrNull(MAX_LENGTH, 'null: the type’s default.')),
  referenceFamily: Type.Optional(OrNull(FAMILY('The family a reference points to.'), 'For reference types.')),
  unique: Type.Optional(Type.Boolean({ description: 'No two items hold the same value.' })),
  group: Type.Optional(OrNull(GROUP, 'null: no heading.')),
  order: Type.Optional(ORDER),
  filterable: Type.Optional(Type.Boolean({ description: 'Lists filter and sort on it.' })),
  searchable: Type.Optional(
    Type.Boolean({
      description: 'A list’s `q` finds the item by this field’s values (a multiple selection’s by each).',
    }),
  ),
};

export const CreateCustomField = Type.Object(
  {
    family: FAMILY('The family whose items carry the field.'),
    name: NAME,
    type: TYPE,
    ...changeable,
    label: Type.Optional(LABEL),
  },
  {
    title: 'CustomFieldCreate',
    additionalProperties: false,
    description: 'A new field; `label` defaults to the name in words (`cost_centre` → "Cost centre").',
  },
);
export type CreateCustomField = Static<typeof CreateCustomField>;

export const UpdateCustomField = Type.Object(
  { name: Type.Optional(NAME), type: Type.Optional(TYPE), ...changeable },
  {
    title: 'CustomFieldPatch',
    additionalProperties: false,
    description: 'Fields to change; omitted fields keep their value. The family of a field never changes.',
  },
);
export type UpdateCustomField = Static<typeof UpdateCustomField>;

export const CustomFieldQuery = Type.Object(
  { family: Type.Optional(FAMILY('Only the fields of this family.')) },
  { additionalProperties: false },
);

export const CustomFieldList = Type.Object(
  { data: Type.Array(CustomField, { description: 'The definitions, by family, then order, then name.' }) },
  { title: 'CustomFieldList', description: 'The custom field definitions of the workspace.' },
);
export type CustomFieldList = Static<typeof CustomFieldList>;

export const FieldSchemaQuery = Type.Object(
  { family: FAMILY('The family whose fields the schema describes.') },
  { additionalProperties: false },
);

/** A JSON Schema (draft 2020-12) of the `customFields` object of one family's items. */
export const FieldSchema = Type.Object(
  {
    $schema: Type.String({ description: 'The JSON Schema dialect: draft 2020-12.' }),
    title: Type.String({ description: 'What the schema describes.' }),
    type: Type.Literal('object', { description: 'customFields is an object.' }),
    additionalProperties: Type.Boolean({ description: 'Always false: a field that is not defined is refused.' }),
    properties: Type.Record(Type.String(), Type.Unknown(), {
      description: "Each defined field's name and the schema of its value (null: unset).",
    }),
    required: Type.Array(Type.String(), { description: 'The required fields: each must hold a value.' }),
  },
  { description: "The JSON Schema of a family's custom fields in this workspace, to validate before sending." },
);
export type FieldSchema = Static<typeof FieldSchema>;
