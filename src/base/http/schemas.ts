import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/** Shared schema pieces of the public API. */
export const Uuid = (description: string) =>
  Type.String({ format: 'uuid', description, examples: ['01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70'] });

export const DateTime = (description: string) =>
  Type.String({ format: 'date-time', description, examples: ['2026-11-22T09:30:00.000Z'] });

/** A required, non-blank display string. */
export const Name = (description: string, example: string) =>
  Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description, examples: [example] });

export const IdParams = Type.Object({ id: Uuid('Resource id.') }, { additionalProperties: false });

/** A body field that replaces an id-array relation; each id must name a row of the workspace (422). */
export const IdList = (noun: string, maxItems: number, replaces: string) =>
  Type.Optional(
    Type.Array(Uuid(`${noun} id.`), {
      maxItems,
      description: `Replaces ${replaces}; each must be in the workspace (422).`,
    }),
  );

/** A calendar date, YYYY-MM-DD. */
export const DateOnly = (description: string) => Type.String({ format: 'date', description, examples: ['2027-03-31'] });

/**
 * T or null, written `type: [T's type, 'null']` (JSON Schema 2020-12, OpenAPI 3.1) rather than
 * `anyOf: [T, {type: 'null'}]`: the same values, and fast-json-stringify writes it with a typeof
 * test instead of validating each value against each branch. An enum's values gain null.
 */
function nullable<T extends TSchema>(schema: T, description?: string): TUnsafe<Static<T> | null> {
  const { type, enum: values, ...rest } = schema as { type?: unknown; enum?: unknown[] };
  const typeOfValues = values?.every((value) => typeof value === 'string') ? 'string' : undefined;
  const single = typeof type === 'string' ? type : typeOfValues;
  if (single === undefined || single === 'null') throw new Error('a nullable schema needs one type or string values');
  return Type.Unsafe<Static<T> | null>({
    ...rest,
    type: [single, 'null'],
    ...(values ? { enum: [...values, null] } : {}),
    ...(description === undefined ? {} : { description }),
  });
}

/** An optional body field that null clears. */
export const Clearable = <T extends TSchema>(schema: T, description: string) =>
  Type.Optional(nullable(schema, description));

/** A field that may be null; without a description, T's own is kept. */
export const OrNull = <T extends TSchema>(schema: T, description?: string) => nullable(schema, description);

/** Free text of bounded length. */
export const Text = (max = 2000) => Type.String({ maxLength: max });

/** A schema's title: its name in the API document's components (http/components.ts), when it has one. */
export const titleOf = (schema: TSchema): string | undefined => (schema as { title?: string }).title;
