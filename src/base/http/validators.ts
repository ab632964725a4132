import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { isHttpUrl, isValidDateTime } from '../validation.js';

export interface Validators {
  coercing: Ajv;
  strict: Ajv;
}

/**
 * Query strings and path parameters are coerced from text (`limit=5` is a number); bodies are
 * not: a string where a number belongs is a 400. Neither removes unknown properties, so schemas
 * with additionalProperties: false reject them. Imports validate each row as a body, with `strict`.
 */
function createValidators(): Validators {
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

let shared: Validators | undefined;

/**
 * The process's pair, for the routes (buildApp) and the checks outside them (imports, archives,
 * exports, the CLI's): made at its first use, not when a module loads (each Ajv compiles its
 * meta-schema when made, about 30 ms), and kept, so that each schema is compiled once per process
 * (Ajv keeps what it compiled, by schema object).
 */
export function sharedValidators(): Validators {
  shared ??= createValidators();
  return shared;
}
