/** The console's Import and Export (transfer.routes.ts): its query, the columns it offers, its report. */
import { type Static, Type } from 'typebox';
import { FORMATS } from './import.js';
import { OrNull } from '../../base/http/schemas.js';

export const ImportQuery = Type.Object(
  {
    format: Type.Optional(Type.Enum([...FORMATS], { description: 'The file format (default csv).' })),
    dryRun: Type.Optional(Type.Boolean({ description: 'Check: report what the import would do, write nothing.' })),
    match: Type.Optional(Type.String({ maxLength: 40, description: 'Update the item with the same value.' })),
    file: Type.Optional(Type.String({ maxLength: 255, description: "The file's name, for the audit event." })),
    columns: Type.Optional(
      Type.String({
        maxLength: 20000,
        description:
          'The column mapping, a JSON object: header → column header (with a preset, one of its headers), ' +
          'or null to ignore the column.',
      }),
    ),
    preset: Type.Optional(Type.String({ maxLength: 40, description: "Read another inventory's export." })),
  },
  { additionalProperties: false },
);

export const ImportColumn = Type.Object({
  header: Type.String(),
  kind: Type.Enum(['id', 'field', 'reference', 'relation', 'link', 'value']),
  /** Whether an import sets it (read-only fields are accepted and ignored). */
  writable: Type.Boolean(),
  /** The id field a reference or relation also accepts (`categoryId`). */
  byId: Type.Optional(Type.String()),
});

export const ImportPreset = Type.Object({
  name: Type.String(),
  description: Type.String(),
  /** The field a re-import is best matched by. */
  match: Type.String(),
  /** The source's headers the preset reads, each with the other spellings it accepts. */
  headers: Type.Record(Type.String(), Type.Array(Type.String())),
});

export const ImportColumns = Type.Object({
  family: Type.String(),
  columns: Type.Array(ImportColumn),
  /** The presets (src/features/transfer/presets.ts) that read another inventory's export into this family. */
  presets: Type.Array(ImportPreset),
  match: Type.Array(Type.String()),
  bodyLimit: Type.Integer(),
});

export const ImportError = Type.Object({
  row: Type.Integer(),
  field: OrNull(Type.String()),
  code: Type.String(),
  message: Type.String(),
});

export const ImportReportSchema = Type.Object({
  family: Type.String(),
  rows: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Array(ImportError),
  dryRun: Type.Boolean(),
  /** With a preset: its name, and the file's headers it ignored. */
  preset: Type.Optional(Type.String()),
  ignoredColumns: Type.Optional(Type.Array(Type.String())),
});

export type ImportColumns = Static<typeof ImportColumns>;
export type ImportColumn = Static<typeof ImportColumn>;
export type ImportPreset = Static<typeof ImportPreset>;
export type ImportReport = Static<typeof ImportReportSchema>;

export const ArchiveQuery = Type.Object(
  {
    dryRun: Type.Optional(Type.Boolean({ description: 'Check: report what the import would do, write nothing.' })),
    file: Type.Optional(Type.String({ maxLength: 255, description: "The file's name, for the audit event." })),
  },
  { additionalProperties: false },
);

export const ArchiveReportSchema = Type.Object({
  dryRun: Type.Boolean(),
  sections: Type.Record(Type.String(), Type.Integer(), { description: 'Items read per section.' }),
  errors: Type.Array(
    Type.Object({
      section: Type.String(),
      row: Type.Integer(),
      field: OrNull(Type.String()),
      code: Type.String(),
      message: Type.String(),
    }),
  ),
});
export type ArchiveReport = Static<typeof ArchiveReportSchema>;
