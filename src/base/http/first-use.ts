/**
 * Schema compilers that compile on a route's first use: building the app compiles none of its
 * ~250 request and response schemas (Ajv and fast-json-stringify took half of `buildApp`), so a
 * process that serves a few routes — a command, a test file — never pays for the others.
 */

/** A validator as Fastify calls it: `errors` is read after a `false`. */
interface Validator {
  (data: unknown): unknown;
  errors?: unknown;
}

/** A validator compiled at its first call; it answers and reports errors as the compiled one does. */
export function validatorOnFirstUse<V extends Validator>(compile: () => V): V {
  let compiled: V | undefined;
  const validate = ((data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as V;
  return validate;
}

/** A serializer compiled at its first call. */
export function serializerOnFirstUse(compile: () => (data: unknown) => string): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => {
    compiled ??= compile();
    return compiled(data);
  };
}
