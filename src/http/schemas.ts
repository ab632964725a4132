import { Type } from 'typebox';

/** Shared schema pieces of the public API. */
export const Uuid = (description: string) => Type.String({ format: 'uuid', description, examples: ['01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70'] });

export const DateTime = (description: string) =>
  Type.String({ format: 'date-time', description, examples: ['2026-11-22T09:30:00.000Z'] });

/** A required, non-blank display string. */
export const Name = (description: string, example: string) =>
  Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description, examples: [example] });

export const IdParams = Type.Object({ id: Uuid('Resource id.') }, { additionalProperties: false });

export const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
