/**
 * Names and ids of what a file's references and links point at, within one workspace: people by
 * e-mail (members only), tags by name (case-insensitive, as tags are unique), rows of a family by
 * the field that names them, and rows of a tree (categories, teams) by their path from the root
 * ("Software / Collaboration"; a plain name where it is unique). Lookups are cached for the
 * length of one import or export.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../base/audit/audit.types.js';
import { dynamic } from '../../base/db/dynamic.js';
import type { Tables } from '../../base/db/schema.js';
import { foldKey } from '../../base/db/text-search.js';
import { FAMILIES } from '../../families/registry.js';
import { isUuid } from '../../base/ids.js';
import { createTagIn } from '../../families/tags/tags.service.js';
import { createPersonIn } from '../../families/people/people.service.js';

/** How to read one target's rows by name: its table, name column, and the key a name is compared by. */
interface Target {
  table: string;
  /** What one row is called in messages. */
  noun: string;
  name: string;
  key: string;
  keyOf: (name: string) => string;
  /** A tree's rows are named by their path from the root. */
  tree: boolean;
}

/** Names looked up by one query at most. */
const NAMES_PER_QUERY = 500;

/** Between the names of a tree path. */
export const PATH_SEPARATOR = ' / ';

function targetOf(table: string): Target {
  if (table === 'users')
    return { table, noun: 'person', name: 'email', key: 'email', keyOf: (name) => name.toLowerCase(), tree: false };
  if (table === 'tags') return { table, noun: 'tag', name: 'name', key: 'name_key', keyOf: foldKey, tree: false };
  const family = FAMILIES.find((candidate) => candidate.definition.table === table);
  if (!family) throw new Error(`no names for ${table}`);
  const column = family.columnOf(family.definition.nameField ?? 'name');
  const tree = (family.definition.references ?? []).some((r) => r.field === 'parentId' && r.target.table === table);
  return { table, noun: family.definition.nouns.one, name: column, key: column, keyOf: (name) => name, tree };
}

/** A person as a file names them: an e-mail, `Name <e-mail>`, or a name. */
function personOf(value: string): { name?: string; email?: string } {
  const mailbox = /^(.*)<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value.trim());
  if (mailbox) return { ...(mailbox[1]!.trim() ? { name: mailbox[1]!.trim() } : {}), email: mailbox[2]!.toLowerCase() };
  return value.includes('@') ? { email: value.trim().toLowerCase() } : { name: value.trim() };
}

/** A name that matches no row, or several. */
export class NameError extends Error {}

export class Names {
  private readonly ids = new Map<string, Map<string, string[]>>();
  private readonly paths = new Map<string, Promise<Map<string, string>>>();
  /** Tags made for the names given (each with its audit event). */
  tagsMade = 0;
  /** With `createPeople`: the people recorded for the names given, as the file gave them. */
  readonly peopleMade: string[] = [];

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly workspaceId: string,
    private readonly actor: Actor,
    private readonly options: { createPeople?: boolean } = {},
  ) {}

  /** Rows of `table` in the workspace; people are in `people` (members and those without an account). */
  private rows(target: Target) {
    const table = target.table === 'users' ? 'people' : target.table;
    return dynamic(this.db).selectFrom(`${table} as t`).where('t.workspace_id', '=', this.workspaceId);
  }

  /**
   * The ids of `values` (names, or ids of rows of the workspace). Tags that do not exist yet are
   * created when `createTags`; anything else unknown or ambiguous throws a NameError.
   */
  async idsOf(table: string, values: string[], { createTags = false } = {}): Promise<string[]> {
    const target = targetOf(table);
    if (target.tree) return this.treeIdsOf(target, values);
    if (table === 'users') return this.peopleIdsOf(values);
    const known = await this.read(target, values);
    const ids: string[] = [];
    for (const value of values) {
      const matches = known.get(target.keyOf(value)) ?? [];
      if (matches.length === 1) ids.push(matches[0]!);
      else if (matches.length > 1)
        throw new NameError(`"${value}" names ${matches.length} ${table.replaceAll('_', ' ')}: give the id`);
      else if (isUuid(value) && (await this.exists(target, value))) ids.push(value);
      else if (table === 'tags' && createTags) {
        const tag = await createTagIn(this.db, this.workspaceId, { name: value }, this.actor);
        this.tagsMade += 1;
        known.set(target.keyOf(value), [tag.id]);
        ids.push(tag.id);
      } else throw new NameError(`no ${target.noun} "${value}" in this workspace`);
    }
    return ids;
  }

  /**
   * The ids of the people `values` name: by e-mail (`ada@acme.test`, or `Ada Lovelace
   * <ada@acme.test>`), else by name where one person has it, or a person's id. Someone unknown is
   * recorded as a person without an account when the import was asked to (`createPeople`), else
   * refused naming that option.
   */
  private async peopleIdsOf(values: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const value of values) {
      const { name, email } = personOf(value);
      const found = email
        ? ((await this.read(targetOf('users'), [email])).get(email) ?? [])
        : await this.rows(targetOf('users')).select('t.id as id').where('t.name', '=', name!).limit(2).execute();
      const matches = found.map((row) => (typeof row === 'string' ? row : String(row.id)));
      if (matches.length === 1) ids.push(matches[0]!);
      else if (matches.length > 1)
        throw new NameError(`"${value}" names ${matches.length} people: give the e-mail or id`);
      else if (isUuid(value) && (await this.exists(targetOf('users'), value))) ids.push(value);
      else if (this.options.createPeople) {
        const person = await createPersonIn(
          this.db,
          this.workspaceId,
          { name: name ?? email!.split('@')[0]!, ...(email ? { email } : {}) },
          this.actor,
        );
        this.peopleMade.push(value);
        if (email) this.ids.get('users')?.set(email, [person.id]);
        ids.push(person.id);
      } else
        throw new NameError(`no person "${value}" in this workspace (--create-people records the people a file names)`);
    }
    return ids;
  }

  /**
   * Reads the rows `values` name, in slices of a few hundred names per query, so that `idsOf` then
   * answers a whole batch of rows from what was read (an import resolves a batch's names at once).
   */
  async prefetch(table: string, values: string[]): Promise<void> {
    const target = targetOf(table);
    if (target.tree) await this.treePaths(target);
    else if (table === 'users')
      await this.read(
        target,
        values.flatMap((value) => personOf(value).email ?? []),
      );
    else await this.read(target, values);
  }

  /** The ids of each name's key, read for the keys not read yet. */
  private async read(target: Target, values: string[]): Promise<Map<string, string[]>> {
    const known = this.ids.get(target.table) ?? new Map<string, string[]>();
    this.ids.set(target.table, known);
    const missing = [...new Set(values.map(target.keyOf).filter((key) => !known.has(key)))];
    for (let start = 0; start < missing.length; start += NAMES_PER_QUERY) {
      const slice = missing.slice(start, start + NAMES_PER_QUERY);
      const found = await this.rows(target)
        .select(['t.id as id', `t.${target.key} as key`])
        .where(`t.${target.key}`, 'in', slice)
        .execute();
      for (const key of slice) known.set(key, []);
      for (const row of found) known.get(String(row.key))?.push(String(row.id));
    }
    return known;
  }

  /** Forgets what was read of `table`: its rows changed (a tree's import names rows it made itself). */
  forget(table: string): void {
    this.ids.delete(table);
    this.paths.delete(table);
  }

  /** Every row of a tree by id, named by its path (a tree is small: categories and teams). */
  private treePaths(target: Target): Promise<Map<string, string>> {
    let paths = this.paths.get(target.table);
    if (!paths) {
      paths = this.rows(target)
        .select(['t.id as id', 't.name as name', 't.parent_id as parent'])
        .execute()
        .then((rows) => {
          const byId = new Map(rows.map((row) => [String(row.id), row]));
          const pathOf = (id: string, depth = 0): string => {
            const row = byId.get(id)!;
            const parent = row.parent === null ? undefined : byId.get(String(row.parent));
            return parent && depth < 50
              ? `${pathOf(String(parent.id), depth + 1)}${PATH_SEPARATOR}${row.name}`
              : String(row.name);
          };
          return new Map([...byId.keys()].map((id) => [id, pathOf(id)]));
        });
      this.paths.set(target.table, paths);
    }
    return paths;
  }

  private async treeIdsOf(target: Target, values: string[]): Promise<string[]> {
    const paths = await this.treePaths(target);
    return values.map((value) => {
      const byPath = [...paths].filter(([, path]) => path === value);
      const byName =
        byPath.length > 0 ? byPath : [...paths].filter(([, path]) => path.split(PATH_SEPARATOR).at(-1) === value);
      if (byName.length === 1) return byName[0]![0];
      if (isUuid(value) && paths.has(value)) return value;
      if (byName.length > 1)
        throw new NameError(
          `"${value}" names ${byName.length} ${target.table}: give its path (Parent${PATH_SEPARATOR}${value})`,
        );
      throw new NameError(`no ${target.noun} "${value}" in this workspace`);
    });
  }

  private async exists(target: Target, id: string): Promise<boolean> {
    return (await this.rows(target).select('t.id').where('t.id', '=', id).executeTakeFirst()) !== undefined;
  }

  /** The names of rows of `table` by id (an export writes names, not ids). */
  async namesOf(table: string, ids: string[]): Promise<Map<string, string>> {
    const target = targetOf(table);
    if (target.tree) return this.treePaths(target);
    const names = new Map<string, string>();
    // A person is written by e-mail, one without an e-mail by name (peopleIdsOf reads both).
    const named = table === 'users' ? ['t.email as name', 't.name as fallback'] : [`t.${target.name} as name`];
    for (let start = 0; start < ids.length; start += NAMES_PER_QUERY) {
      const rows = await this.rows(target)
        .select(['t.id as id', ...named])
        .where('t.id', 'in', ids.slice(start, start + NAMES_PER_QUERY))
        .execute();
      for (const row of rows) names.set(String(row.id), String(row.name ?? row.fallback));
    }
    return names;
  }
}
