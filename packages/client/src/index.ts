/**
 * @estate/client: a typed client for Estate's public API (/public/v1). Types are generated from
 * the server's OpenAPI document (src/schema.d.ts); calls go through openapi-fetch.
 */
export {
  createClient,
  type ClientOptions,
  type EstateClient,
  type ListItem,
  type ListQuery,
  type OffsetListPath,
  type RawClient,
  type TypedCall,
} from './client.js';
export {
  isAfter,
  positionOf,
  type AuditEvent,
  type AuditFeed,
  type AuditFeedOptions,
  type AuditFilter,
  type AuditPosition,
} from './audit-feed.js';
export {
  customFieldsOf,
  type CustomFieldDefinition,
  type CustomFieldsOf,
  type FieldFamily,
  type FieldType,
  type FieldValues,
  type ValuesOf,
} from './custom-fields.js';
export { EstateError } from './errors.js';
// The document's named schemas as types of their own (`Server`, `ServerCreate`, `Error`, …), and its
// paths, operations and components.
export type * from './schema.js';
