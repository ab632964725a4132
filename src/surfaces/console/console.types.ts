import { Type, type Static } from 'typebox';

/**
 * The console's catalog as GET /ui/api/families and GET /ui/api/diagrams answer it: the schemas
 * the routes serialize with and the console API's document names, and the types the server builds
 * the catalog with (src/surfaces/console/catalog.routes.ts). The console reads the same shapes from
 * its generated types (ui/src/api/contract.ts).
 */

/** A sub-resource of a family: GET {path}/{id}/{segment} answers a bare array. */
const ConsoleRelationEntry = Type.Object({
  segment: Type.String({ description: 'The sub-resource path segment.' }),
  family: Type.String({ description: 'The console key of the related family.' }),
  editable: Type.Boolean({
    description: 'PUT/DELETE {path}/{id}/{segment}/{childId} change it (with the edit scope).',
  }),
});
export type ConsoleRelation = Static<typeof ConsoleRelationEntry>;

const JsonSchemaObject = (description: string) => Type.Object({}, { additionalProperties: true, description });

/** A family as the console's pages read it (ConsoleFamily). */
export const ConsoleFamilyEntry = Type.Object(
  {
    key: Type.String({ description: 'The last segment of its public path.' }),
    one: Type.String({ description: 'The singular noun.' }),
    many: Type.String({ description: 'The plural noun.' }),
    scopes: Type.Object(
      {
        read: Type.String(),
        add: Type.Optional(Type.String()),
        edit: Type.Optional(Type.String()),
        delete: Type.Optional(Type.String()),
      },
      { description: 'The scope of each action; an action the family does not take has none.' },
    ),
    item: JsonSchemaObject('The item, as a JSON Schema.'),
    create: Type.Optional(JsonSchemaObject('The create body, as a JSON Schema.')),
    update: Type.Optional(JsonSchemaObject('The change body, as a JSON Schema.')),
    listQuery: JsonSchemaObject('The list query, as a JSON Schema.'),
    references: Type.Record(Type.String(), Type.String(), {
      description: 'Fields holding the id of a row of another family, and that family’s key.',
    }),
    relations: Type.Array(ConsoleRelationEntry, {
      description: 'Its sub-resources: GET {path}/{id}/{segment}; PUT and DELETE change them when editable.',
    }),
    defaultSort: Type.String({ description: 'The sort of its list when none is asked for.' }),
  },
  { title: 'ConsoleFamily' },
);

/** A diagram as the console's controls read it. */
export const ConsoleDiagramEntry = Type.Object(
  {
    name: Type.String({ description: 'Name in the path: /diagrams/{name}.' }),
    title: Type.String({ description: 'Display title.' }),
    description: Type.String({ description: 'What it shows.' }),
    requiredScope: Type.String({ description: 'The scope a member needs to read it.' }),
    query: Type.Object({}, { additionalProperties: true, description: 'Its query parameters, as a JSON Schema.' }),
  },
  { title: 'ConsoleDiagram' },
);

export type ConsoleFamily = Static<typeof ConsoleFamilyEntry>;
export type ConsoleDiagram = Static<typeof ConsoleDiagramEntry>;
