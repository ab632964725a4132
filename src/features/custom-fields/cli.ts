/**
 * `estate field`: a workspace's custom field definitions, as `/public/v1/custom-fields` has them
 * (docs/custom-fields.md). The operator acts as the system; each change is audited in the
 * workspace. Options are text: a value is read as the field's type reads it (`--default 42` is a
 * number on an integer field, `--choices a,b` a list).
 */
import { type Command, Option } from 'commander';
import type { TObject } from 'typebox';
import { CLI_ACTOR } from '../../base/audit/audit.types.js';
import type { Database } from '../../base/db/database.js';
import { ApiError } from '../../base/errors/api-error.js';
import { type CustomField, FIELD_TYPES, type FieldType } from '../../base/custom-fields/fields.schemas.js';
import { type JsonOption, run } from '../../base/cli/run.js';

interface FieldOptions extends JsonOption {
  workspace: string;
  family?: string;
  name?: string;
  type?: string;
  label?: string;
  description?: string;
  required?: boolean;
  default?: string;
  choices?: string;
  minimum?: string;
  maximum?: string;
  pattern?: string;
  maxLength?: string;
  referenceFamily?: string;
  unique?: boolean;
  group?: string;
  order?: string;
  filterable?: boolean;
  searchable?: boolean;
}

/** A value given as text, read as a field of `type` reads it. */
function textValue(type: FieldType, text: string, option: string): unknown {
  const number = () => {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value)) throw new ApiError('bad_request', `${option}: not a number`);
    return value;
  };
  switch (type) {
    case 'integer':
    case 'decimal':
      return number();
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw new ApiError('bad_request', `${option}: true or false`);
      return text === 'true';
    case 'multiselect':
    case 'multireference':
      return text.split(',').map((one) => one.trim());
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        throw new ApiError('bad_request', `${option}: not JSON`);
      }
    default:
      return text;
  }
}

/** The body the API would take, from the options given (absent options stay absent). */
function bodyOf(opts: FieldOptions, type: FieldType): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const integer = (text: string, option: string) => {
    const value = Number(text);
    if (!Number.isInteger(value)) throw new ApiError('bad_request', `${option}: not a whole number`);
    return value;
  };
  if (opts.family !== undefined) body.family = opts.family;
  if (opts.name !== undefined) body.name = opts.name;
  if (opts.type !== undefined) body.type = opts.type;
  if (opts.label !== undefined) body.label = opts.label;
  if (opts.description !== undefined) body.description = opts.description;
  if (opts.required !== undefined) body.required = opts.required;
  if (opts.default !== undefined) body.default = textValue(type, opts.default, '--default');
  if (opts.choices !== undefined) body.choices = opts.choices.split(',').map((one) => one.trim());
  for (const bound of ['minimum', 'maximum'] as const)
    if (opts[bound] !== undefined) {
      const text = opts[bound]!;
      body[bound] = type === 'integer' || type === 'decimal' ? textValue(type, text, `--${bound}`) : text;
    }
  if (opts.pattern !== undefined) body.pattern = opts.pattern;
  if (opts.maxLength !== undefined) body.maxLength = integer(opts.maxLength, '--max-length');
  if (opts.referenceFamily !== undefined) body.referenceFamily = opts.referenceFamily;
  if (opts.unique !== undefined) body.unique = opts.unique;
  if (opts.group !== undefined) body.group = opts.group;
  if (opts.order !== undefined) body.order = integer(opts.order, '--order');
  if (opts.filterable !== undefined) body.filterable = opts.filterable;
  if (opts.searchable !== undefined) body.searchable = opts.searchable;
  return body;
}

/** Checks a body against the API's schema, with the API's message for the first fault. */
async function checked<T>(schema: TObject, body: Record<string, unknown>): Promise<T> {
  const { sharedValidators } = await import('../../base/http/validators.js');
  const { schemaError } = await import('../../base/http/errors.js');
  const validate = sharedValidators().strict.compile(schema);
  if (!validate(body)) throw schemaError((validate.errors ?? [])[0] as never, 'body');
  return body as T;
}

/** The options shared by create and update: a field's settings. */
function settings(command: Command): Command {
  return command
    .option('--label <text>', 'what people read beside the value (default: the name in words)')
    .option('--description <text>', 'a longer explanation')
    .option('--required', 'every item must have a value')
    .option('--default <value>', 'the value a new item gets')
    .option('--choices <a,b,…>', 'the choices of a select or multiselect field')
    .option('--minimum <value>', 'the smallest number, date or date-time')
    .option('--maximum <value>', 'the largest number, date or date-time')
    .option('--pattern <regex>', 'a regular expression text values match')
    .option('--max-length <n>', 'the most characters of a text value')
    .option('--reference-family <family>', 'the family a reference field points to')
    .option('--unique', 'no two items hold the same value')
    .option('--group <heading>', 'the heading the field is shown under')
    .option('--order <n>', "position among the family's fields")
    .option('--filterable', 'lists filter and sort on it (it gets an index)')
    .option('--searchable', "a list's q finds items by the field's values")
    .option('--json', 'print one JSON object');
}

const line = (field: CustomField) =>
  `${field.id}  ${field.family}.${field.name}  ${field.type}${field.required ? '  required' : ''}  "${field.label}"`;

/** A file's JSON (standard input for -), or a plain message. */
async function readJson(file: string): Promise<unknown> {
  const { readFile } = await import('node:fs/promises');
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch {
    throw new ApiError('bad_request', `${file}: cannot be read`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', `${file}: not JSON`);
  }
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

async function workspaceOf(database: Database, workspace: string): Promise<void> {
  await (await import('../accounts/workspaces/workspaces.service.js')).requireWorkspace(database, workspace);
}

export function registerFields(program: Command): void {
  const field = program
    .command('field')
    .description("a workspace's custom fields: a team's own fields on a family (docs/custom-fields.md)");

  field
    .command('list')
    .description("list a workspace's custom field definitions")
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--family <family>', 'only the fields of this family')
    .option('--json', 'print one JSON object (as GET /public/v1/custom-fields)')
    .action((opts: FieldOptions) =>
      run(
        opts,
        (database) => listDefinitions(database, opts),
        (r) => (r.data.length === 0 ? 'no custom fields' : r.data.map(line).join('\n')),
      ),
    );

  settings(
    field
      .command('create')
      .description('define a custom field on a family')
      .requiredOption('--workspace <id>', 'workspace id')
      .requiredOption('--family <family>', 'the family whose items carry it (servers, applications, …)')
      .requiredOption('--name <name>', 'its key: lower-case letters, digits and _ (cost_centre)')
      .addOption(new Option('--type <type>', 'its type').choices(FIELD_TYPES).makeOptionMandatory()),
  ).action((opts: FieldOptions) =>
    run(
      opts,
      (database) => createDefinition(database, opts),
      (r) => `field ${r.family}.${r.name} defined: ${r.id}`,
    ),
  );

  settings(
    field
      .command('update')
      .description('change a custom field definition (its family never changes)')
      .requiredOption('--workspace <id>', 'workspace id')
      .argument('<fieldId>', 'the field (estate field list)')
      .option('--name <name>', 'a new key')
      .option('--type <type>', 'a new type'),
  ).action((fieldId: string, opts: FieldOptions) =>
    run(
      opts,
      (database) => updateDefinition(database, fieldId, opts),
      (r) => `field ${r.family}.${r.name} changed`,
    ),
  );

  field
    .command('export')
    .description("print a workspace's field definitions as one file, without ids (for estate field apply)")
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--family <family>', 'only the fields of this family')
    .action((opts: FieldOptions) =>
      run(
        {},
        (database) => exportDefinitions(database, opts),
        () => '',
        { print: false },
      ),
    );

  field
    .command('apply')
    .description(
      "make a workspace's field definitions those of a file (estate field export): the diff, then the change",
    )
    .requiredOption('--workspace <id>', 'workspace id')
    .argument('<file>', 'a JSON file of definitions ({"fields":[…]}); - for standard input')
    .option('--dry-run', 'print what would be created, changed and removed; write nothing')
    .option('--json', 'print one JSON object')
    .action((file: string, opts: FieldOptions & { dryRun?: boolean }) =>
      run(
        opts,
        (database) => applyDefinitions(database, file, opts),
        (r) =>
          [
            ...r.created.map((one) => `+ ${one}`),
            ...r.changed.map((one) => `~ ${one.field} (${one.settings.join(', ')})`),
            ...r.removed.map((one) => `- ${one}`),
            r.created.length + r.changed.length + r.removed.length === 0 ? 'no change' : '',
            `values affected: ${r.valuesAffected}`,
            r.dryRun ? 'dry run: nothing written' : '',
          ]
            .filter(Boolean)
            .join('\n'),
      ),
    );

  field
    .command('delete')
    .description('delete a custom field definition')
    .requiredOption('--workspace <id>', 'workspace id')
    .argument('<fieldId>', 'the field (estate field list)')
    .option('--json', 'print one JSON object')
    .action((fieldId: string, opts: FieldOptions) =>
      run(
        opts,
        (database) => deleteDefinition(database, fieldId, opts),
        (r) => `field ${r.family}.${r.name} deleted`,
      ),
    );
}

/** `estate field list`: the family is checked as the API checks its query. */
async function listDefinitions(database: Database, opts: FieldOptions) {
  const { CustomFieldQuery } = await import('../../base/custom-fields/fields.schemas.js');
  const { listFields } = await import('./fields.service.js');
  await workspaceOf(database, opts.workspace);
  const query = await checked<{ family?: CustomField['family'] }>(
    CustomFieldQuery,
    opts.family === undefined ? {} : { family: opts.family },
  );
  return { data: await listFields(database.db, opts.workspace, query.family) };
}

/** `estate field create`: the options become the body the API takes, checked by its schema. */
async function createDefinition(database: Database, opts: FieldOptions) {
  const { CreateCustomField } = await import('../../base/custom-fields/fields.schemas.js');
  const { createField } = await import('./fields.service.js');
  await workspaceOf(database, opts.workspace);
  const body = await checked<never>(CreateCustomField, bodyOf(opts, opts.type as FieldType));
  return createField(database, opts.workspace, body, CLI_ACTOR);
}

/** `estate field update`: values are read as the new type reads them, else as the current one does. */
async function updateDefinition(database: Database, fieldId: string, opts: FieldOptions) {
  const { UpdateCustomField } = await import('../../base/custom-fields/fields.schemas.js');
  const { getField, updateField } = await import('./fields.service.js');
  await workspaceOf(database, opts.workspace);
  const current = await getField(database, opts.workspace, fieldId);
  const body = await checked<never>(UpdateCustomField, bodyOf(opts, (opts.type ?? current.type) as FieldType));
  return updateField(database, opts.workspace, fieldId, body, CLI_ACTOR);
}

/** `estate field export`: written here, indented, since `run` prints one line of JSON. */
async function exportDefinitions(database: Database, opts: FieldOptions) {
  const { CustomFieldQuery } = await import('../../base/custom-fields/fields.schemas.js');
  const { exportFields } = await import('./fields.portable.js');
  await workspaceOf(database, opts.workspace);
  const query = await checked<{ family?: CustomField['family'] }>(
    CustomFieldQuery,
    opts.family === undefined ? {} : { family: opts.family },
  );
  // A file a team keeps (and reviews) in version control: indented, one setting per line.
  const set = await exportFields(database, opts.workspace, query.family);
  process.stdout.write(`${JSON.stringify(set, null, 2)}\n`);
  return set;
}

/** `estate field apply`: the file is read and checked whole before anything changes. */
async function applyDefinitions(database: Database, file: string, opts: FieldOptions & { dryRun?: boolean }) {
  const { applyFields, readFieldSet } = await import('./fields.portable.js');
  await workspaceOf(database, opts.workspace);
  const wanted = readFieldSet(await readJson(file));
  return applyFields(database, opts.workspace, wanted, CLI_ACTOR, { dryRun: opts.dryRun ?? false });
}

/** `estate field delete`: answered with the definition that was removed. */
async function deleteDefinition(database: Database, fieldId: string, opts: FieldOptions) {
  const { deleteField } = await import('./fields.service.js');
  await workspaceOf(database, opts.workspace);
  return { ...(await deleteField(database, opts.workspace, fieldId, CLI_ACTOR)), deleted: true };
}
