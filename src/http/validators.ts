import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { isHttpUrl, isValidDateTime } from '../validation.js';

/**
 * Query strings and path parameters are coerced from text (`limit=5` is a number); bodies are
 * not: a string where a number belongs is a 400. Neither removes unknown properties, so schemas
 * with additionalProperties: false reject them. Imports validate each row as a body, with `strict`.
 */
export function createValidators() {
  const base = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false } as const;
  const coercing = new Ajv({ ...base, coerceTypes: 'array' });
  const strict = new Ajv({ ...base, coerceTypes: false });
  for (const ajv of [coercing, strict]) {
    addFormats.default(ajv);
    // One date-time rule for the API and the CLI: a real instant (no leap second, no 30 February).
    ajv.addFormat('date-time', { type: 'string', validate: isValidDateTime });
    ajv.addFormat('http-url', { type: 'string', validate: isHttpUrl });
  }
  return { coercing, strict };
}
