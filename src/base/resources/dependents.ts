/**
 * What happens to everything that refers to a row when the row goes away (a deleted application,
 * tag or server, a person who leaves the workspace). Each family contributes its own part, derived
 * from its definition: a link is unlinked on the side that sees it, a relation id leaves the id
 * array, a reference is cleared, deletes its row or refuses the delete. Every such change is
 * audited on the resource it changes and moves that resource's change-tracking field (docs/api.md,
 * "Resources"), so that a poller of the audit log sees it.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../audit/audit.types.js';
import { recordAudit } from '../audit/audit.writer.js';
import { dynamic } from '../db/dynamic.js';
import type { Tables } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import { nowIso } from '../ids.js';
import type { Release } from './crud.js';
import type { Family, FamilyTable } from './family.js';
import { recordLinkChange } from './links.js';

/** One family's part in releasing a row of the `target` table. */
export interface Dependent {
  target: string;
  release(trx: Kysely<Tables>, workspaceId: string, targetId: string, actor: Actor, releaseAll: Release): Promise<void>;
}

type Row = Tables[FamilyTable];
const idOf = (row: Row) => (row as { id: string }).id;

/** One side of a link table: `own` holds the ids of the rows on this side, `other` those they link to. */
interface LinkSide {
  table: string;
  own: string;
  other: string;
}

/** Rows of `family` whose `column` (or whose id listed in a link table) points at the target. */
async function rowsWhere(
  trx: Kysely<Tables>,
  family: Family,
  workspaceId: string,
  where: { column: string; id: string } | (LinkSide & { id: string }),
): Promise<Row[]> {
  const rows = dynamic(trx)
    .selectFrom(family.definition.table as string)
    .selectAll()
    .where('workspace_id', '=', workspaceId);
  const found =
    'column' in where
      ? rows.where(where.column, '=', where.id)
      : rows.where((eb) =>
          eb(
            'id',
            'in',
            eb
              .selectFrom(where.table)
              .select(where.own)
              .where(`${where.table}.workspace_id`, '=', workspaceId)
              .where(where.other, '=', where.id),
          ),
        );
  return (await found.orderBy('id').execute()) as unknown as Row[];
}

async function audited(
  trx: Kysely<Tables>,
  family: Family,
  row: Row,
  workspaceId: string,
  actor: Actor,
  changes: Record<string, { before: unknown; after: unknown }>,
) {
  if (family.trackingColumn) {
    await dynamic(trx)
      .updateTable(family.definition.table)
      .set({ [family.trackingColumn]: nowIso() })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', idOf(row))
      .execute();
  }
  await recordAudit(trx, {
    workspaceId,
    category: family.definition.auditCategory,
    action: 'update',
    actor,
    resourceType: family.definition.resourceType,
    resourceId: idOf(row),
    resourceName: family.nameOf(row),
    changes,
  });
}

/** Deletes the link row between a row on `side` and the released row. */
async function deleteLink(trx: Kysely<Tables>, side: LinkSide, workspaceId: string, row: Row, targetId: string) {
  await dynamic(trx)
    .deleteFrom(side.table)
    .where('workspace_id', '=', workspaceId)
    .where(side.own, '=', idOf(row))
    .where(side.other, '=', targetId)
    .execute();
}

/** Unlinks the rows of `family` linked to a released row of `target`, each change recorded on the row. */
function unlinking(family: Family, side: LinkSide, segment: string, target: string): Dependent {
  return {
    target,
    async release(trx, workspaceId, targetId, actor) {
      for (const row of await rowsWhere(trx, family, workspaceId, { ...side, id: targetId })) {
        await deleteLink(trx, side, workspaceId, row, targetId);
        await recordLinkChange(trx, family, row, workspaceId, segment, targetId, 'unlink', actor);
      }
    },
  };
}

/** The dependents every family's definition declares: links (both sides), relations and references. */
function familyDependents(families: readonly Family[]): Dependent[] {
  const byTable = new Map(families.map((family) => [family.definition.table as string, family]));
  const dependents: Dependent[] = [];
  for (const family of families) {
    const { definition } = family;
    for (const link of definition.links ?? []) {
      // The parent sees the child go: unlinked on the parent.
      const parentSide = { table: link.table, own: link.parentColumn, other: link.childColumn };
      dependents.push(unlinking(family, parentSide, link.segment, link.child.table));
      // A reverse link's child family sees the parent go.
      const childFamily = link.reverse ? byTable.get(link.child.table) : undefined;
      if (link.reverse && childFamily) {
        const childSide = { table: link.table, own: link.childColumn, other: link.parentColumn };
        dependents.push(unlinking(childFamily, childSide, link.reverse.segment, definition.table));
      }
    }
    for (const relation of definition.relations ?? []) {
      const side = { table: relation.table, own: relation.ownColumn, other: relation.otherColumn };
      dependents.push({
        target: relation.target.table,
        async release(trx, workspaceId, targetId, actor) {
          for (const row of await rowsWhere(trx, family, workspaceId, { ...side, id: targetId })) {
            const links = await dynamic(trx)
              .selectFrom(relation.table)
              .select(relation.otherColumn)
              .where('workspace_id', '=', workspaceId)
              .where(relation.ownColumn, '=', idOf(row))
              .orderBy('created_at')
              .orderBy(relation.otherColumn)
              .execute();
            const before = links.map((link) => String(link[relation.otherColumn]));
            await deleteLink(trx, side, workspaceId, row, targetId);
            await audited(trx, family, row, workspaceId, actor, {
              [relation.field]: { before, after: before.filter((id) => id !== targetId) },
            });
          }
        },
      });
    }
    for (const reference of definition.references ?? []) {
      const column = family.columnOf(reference.field);
      dependents.push({
        target: reference.target.table,
        async release(trx, workspaceId, targetId, actor, releaseAll) {
          const rows = (await rowsWhere(trx, family, workspaceId, { column, id: targetId })).filter(
            (row) => !(definition.table === reference.target.table && idOf(row) === targetId),
          );
          if (rows.length === 0) return;
          if (reference.onDelete === 'refuse') {
            const [nouns, them] = rows.length === 1 ? [definition.nouns.one, 'it'] : [definition.nouns.many, 'them'];
            throw new ApiError(
              'unprocessable_entity',
              `the ${reference.target.nouns.one} is still the ${reference.field} of ${rows.length} ${nouns}; ` +
                `change or delete ${them} first`,
            );
          }
          for (const row of rows) {
            if (reference.onDelete === 'clear') {
              await dynamic(trx)
                .updateTable(definition.table)
                .set({ [column]: null })
                .where('workspace_id', '=', workspaceId)
                .where('id', '=', idOf(row))
                .execute();
              await audited(trx, family, row, workspaceId, actor, {
                [reference.field]: { before: targetId, after: null },
              });
            } else {
              await releaseAll(trx, workspaceId, { table: definition.table, id: idOf(row) }, actor);
              await dynamic(trx)
                .deleteFrom(definition.table)
                .where('workspace_id', '=', workspaceId)
                .where('id', '=', idOf(row))
                .execute();
              await recordAudit(trx, {
                workspaceId,
                category: definition.auditCategory,
                action: 'delete',
                actor,
                resourceType: definition.resourceType,
                resourceId: idOf(row),
                resourceName: family.nameOf(row),
              });
            }
          }
        },
      });
    }
  }
  return dependents;
}

/**
 * The release of a deleted row: every family's dependents on its table, in declaration order.
 * `extra` adds the parts no family definition expresses (discovered software returning to triage).
 */
export function createRelease(families: readonly Family[], extra: readonly Dependent[] = []): Release {
  const dependents = [...familyDependents(families), ...extra];
  const release: Release = async (trx, workspaceId, target, actor) => {
    for (const dependent of dependents) {
      if (dependent.target === target.table) await dependent.release(trx, workspaceId, target.id, actor, release);
    }
  };
  return release;
}

/**
 * Moves everything that refers to one row of `table` to another (a person recorded without an
 * account who becomes a member with an account of their own): links and references are rewritten
 * in place, each change audited on the resource it changes. Links the new row has already are kept
 * once.
 */
export type Move = (
  trx: Kysely<Tables>,
  workspaceId: string,
  target: { table: string; from: string; to: string },
  actor: Actor,
) => Promise<void>;

export function createMove(families: readonly Family[]): Move {
  return async (trx, workspaceId, { table, from, to }, actor) => {
    for (const family of families) {
      const { definition } = family;
      for (const link of definition.links ?? []) {
        if (link.child.table !== table) continue;
        const side = { table: link.table, own: link.parentColumn, other: link.childColumn };
        for (const row of await rowsWhere(trx, family, workspaceId, { ...side, id: from })) {
          const has = await dynamic(trx)
            .selectFrom(link.table)
            .select(link.childColumn)
            .where('workspace_id', '=', workspaceId)
            .where(link.parentColumn, '=', idOf(row))
            .where(link.childColumn, '=', to)
            .executeTakeFirst();
          const rows = dynamic(trx)
            .updateTable(link.table)
            .where('workspace_id', '=', workspaceId)
            .where(link.parentColumn, '=', idOf(row))
            .where(link.childColumn, '=', from);
          if (has) await deleteLink(trx, side, workspaceId, row, from);
          else await rows.set({ [link.childColumn]: to }).execute();
          await recordLinkChange(trx, family, row, workspaceId, link.segment, from, 'unlink', actor);
          if (!has) await recordLinkChange(trx, family, row, workspaceId, link.segment, to, 'link', actor);
        }
      }
      for (const reference of definition.references ?? []) {
        if (reference.target.table !== table) continue;
        const column = family.columnOf(reference.field);
        for (const row of await rowsWhere(trx, family, workspaceId, { column, id: from })) {
          await dynamic(trx)
            .updateTable(definition.table)
            .set({ [column]: to })
            .where('workspace_id', '=', workspaceId)
            .where('id', '=', idOf(row))
            .execute();
          await audited(trx, family, row, workspaceId, actor, { [reference.field]: { before: from, after: to } });
        }
      }
    }
  };
}
