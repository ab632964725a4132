/**
 * The API document as a test reads a schema where it is used: every local `$ref`
 * (`#/components/schemas/Server`, a shared response or parameter) replaced by a copy of what it
 * names. The served document names its shared pieces once (src/base/http/components.ts).
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function inlined<T>(document: T): T {
  const root = document as Json;
  const resolve = (pointer: string): Json => {
    let found: Json = root;
    for (const part of pointer.slice(2).split('/')) {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      found = found !== null && typeof found === 'object' && !Array.isArray(found) ? (found[key] ?? null) : null;
    }
    if (found === null) throw new Error(`the API document names ${pointer}, which it does not hold`);
    return found;
  };
  const walk = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const ref = value.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const { $ref: _, ...siblings } = value;
      return walk({ ...(resolve(ref) as Record<string, Json>), ...siblings });
    }
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, walk(entry)]));
  };
  return walk(root) as T;
}
