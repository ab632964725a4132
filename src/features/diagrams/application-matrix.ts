import { Type, type Static } from 'typebox';
import { HOSTING_TYPES } from '../../families/applications/catalog.service.js';
import { CRITICALITIES, LIFECYCLE_STATUSES } from '../../families/applications/applications.schemas.js';
import { Uuid } from '../../base/http/schemas.js';
import { defineDiagram, diagramHead, Limit, linkedFrom, Truncation, type DiagramContext } from './diagram.js';
import {
  clip,
  consoleHref,
  element,
  headingText,
  legend,
  link,
  rect,
  svgDocument,
  text,
  tooltip,
} from '../dashboards/svg.js';

const DIMENSIONS = ['categories', 'teams', 'criticality', 'lifecycle', 'hosting'] as const;
type Dimension = (typeof DIMENSIONS)[number];
export const UNASSIGNED = 'unassigned';

const Header = Type.Object({
  id: Type.String({
    description: `Category or team id, or the enum value; ${UNASSIGNED} for applications without one.`,
  }),
  label: Type.String({ description: 'Display label.' }),
});

const ApplicationMatrix = Type.Object(
  {
    ...diagramHead('application-matrix'),
    rowDimension: Type.Enum(DIMENSIONS, { description: 'The dimension of the rows.' }),
    columnDimension: Type.Enum(DIMENSIONS, { description: 'The dimension of the columns.' }),
    rows: Type.Array(Header, { description: 'Row headers in display order, unassigned last.' }),
    columns: Type.Array(Header, { description: 'Column headers in display order, unassigned last.' }),
    cells: Type.Array(
      Type.Object({
        row: Type.String({ description: 'Row id.' }),
        column: Type.String({ description: 'Column id.' }),
        applicationIds: Type.Array(Uuid('Application.'), { description: 'The applications in the cell, by name.' }),
      }),
      { description: 'Non-empty cells only; an application in several teams is in each of their cells.' },
    ),
    labels: Type.Record(Type.String(), Type.String(), {
      description: 'Application id → name, for the applications in the cells.',
    }),
    ...Truncation({ applications: Type.Integer({ description: 'Applications in all.' }) }),
  },
  { description: 'A grid of two dimensions (categories × teams by default) with the applications in each cell.' },
);

const words = (value: string) => value.replaceAll('_', ' ');

/** The application column of each dimension but teams (an application may be in several teams). */
const COLUMNS = {
  categories: 'category_id',
  criticality: 'criticality',
  lifecycle: 'lifecycle_status',
  hosting: 'hosting_type',
} as const;
const VALUES = { criticality: CRITICALITIES, lifecycle: LIFECYCLE_STATUSES, hosting: HOSTING_TYPES };

/** The headers of a dimension, unassigned last: the workspace's categories or teams by name, or the enum's values. */
async function headersOf({ db, workspaceId }: DiagramContext, name: Dimension) {
  const headers =
    name === 'categories' || name === 'teams'
      ? (
          await db
            .selectFrom(name)
            .select(['id', 'name'])
            .where('workspace_id', '=', workspaceId)
            .orderBy('name')
            .orderBy('id')
            .execute()
        ).map((row) => ({ id: row.id, label: row.name }))
      : VALUES[name].map((value) => ({ id: value, label: words(value) }));
  return [...headers, { id: UNASSIGNED, label: 'Unassigned' }];
}

/** Each application's header ids in a dimension (its teams, or its column's value), unassigned when it has none. */
async function keysByApplication(
  { db, workspaceId }: DiagramContext,
  name: Dimension,
  applicationIds: string[],
): Promise<Map<string, string[]>> {
  const linked =
    name === 'teams'
      ? await linkedFrom(
          db.selectFrom('application_teams').where('workspace_id', '=', workspaceId),
          'application_id',
          'team_id',
          applicationIds,
        )
      : await linkedFrom(
          db.selectFrom('applications').where('workspace_id', '=', workspaceId),
          'id',
          COLUMNS[name],
          applicationIds,
        );
  return new Map(
    applicationIds.map((id) => {
      const keys = (linked.get(id) ?? []).filter((key) => key !== null);
      return [id, keys.length > 0 ? keys : [UNASSIGNED]];
    }),
  );
}

/** Over this many applications shown, each cell is drawn as its count (denseMatrix), not as names. */
export const DENSE_APPLICATIONS = 200;

/** The applications list's filter of each dimension's header id (the unassigned header has none). */
const LIST_FILTERS: Record<Dimension, string> = {
  categories: 'categoryId',
  teams: 'teamId',
  criticality: 'criticality',
  lifecycle: 'lifecycleStatus',
  hosting: 'hostingType',
};

/** Fills from few to many applications in a cell. */
const SHADES = ['#eff6ff', '#dbeafe', '#bfdbfe', '#93c5fd', '#60a5fa'];

/**
 * A matrix of many applications as a grid of counts that fits a screen at its own size: each cell
 * its number of applications, shaded by it, named in full by its tooltip with its first names, and
 * linking to the applications list filtered by its row and column (where neither is unassigned).
 * Column headings are slanted to fit narrow columns.
 */
function denseMatrix(body: Static<typeof ApplicationMatrix>): string {
  const headerWidth = 190;
  const cellWidth = 56;
  const rowHeight = 26;
  const top = 40;
  const headerHeight = 130;
  const cellOf = new Map(body.cells.map((cell) => [`${cell.row}\u0000${cell.column}`, cell]));
  const most = Math.max(1, ...body.cells.map((cell) => cell.applicationIds.length));
  const hrefOf = (row: string, column: string) => {
    if (row === UNASSIGNED || column === UNASSIGNED) return undefined;
    const query = new URLSearchParams({
      [LIST_FILTERS[body.rowDimension]]: row,
      [LIST_FILTERS[body.columnDimension]]: column,
    });
    return `/ui/applications?${query}`;
  };
  const columnHeaders = body.columns
    .map((column, index) => {
      const x = 20 + headerWidth + index * cellWidth + cellWidth / 2;
      const y = top + headerHeight - 8;
      return text(x, y, clip(column.label, 22), { class: 'heading', transform: `rotate(-45 ${x} ${y})` });
    })
    .join('');
  let y = top + headerHeight;
  const rows = body.rows
    .map((row) => {
      const cells = body.columns
        .map((column, index) => {
          const x = 20 + headerWidth + index * cellWidth;
          const cell = cellOf.get(`${row.id}\u0000${column.id}`);
          const count = cell?.applicationIds.length ?? 0;
          if (count === 0) return rect(x, y, cellWidth, rowHeight, { class: 'cell' });
          const shade = SHADES[Math.min(SHADES.length - 1, Math.floor((count / most) * SHADES.length))]!;
          const names = cell!.applicationIds.slice(0, 5).map((id) => body.labels[id] ?? id);
          const more = count > names.length ? `, and ${count - names.length} more` : '';
          const applications = `${count} application${count === 1 ? '' : 's'}`;
          const label = `${row.label} × ${column.label}: ${applications} (${names.join(', ')}${more})`;
          const drawn =
            rect(x, y, cellWidth, rowHeight, { class: 'cell', style: `fill: ${shade}` }) +
            text(x + cellWidth / 2, y + 17, String(count), { class: 'label', 'text-anchor': 'middle' });
          const href = hrefOf(row.id, column.id);
          return href ? link(href, drawn, label) : element('g', {}, tooltip(label) + drawn);
        })
        .join('');
      const markup =
        rect(20, y, headerWidth, rowHeight, { class: 'cell' }) +
        text(28, y + 17, clip(row.label, 26), { class: 'heading' }) +
        cells;
      y += rowHeight;
      return markup;
    })
    .join('');
  const key = legend(20, y + 20, [
    { label: 'No application', className: 'cell' },
    { label: `1 to ${most} applications, darker for more: click a count for the list`, className: 'cell filled' },
  ]);
  const heading = headingText(
    `Application matrix: ${Object.keys(body.labels).length} ` +
      `applications${body.truncated ? ` of ${body.totals.applications}` : ''}, counted per cell`,
  );
  // The last column's slanted heading reaches past the grid by about its width.
  return svgDocument(
    Math.max(40 + headerWidth + body.columns.length * cellWidth + 100, key.width + 40),
    y + key.height + 40,
    'Application matrix',
    heading + element('g', {}, columnHeaders + rows) + key.markup,
  );
}

export const applicationMatrixDiagram = defineDiagram({
  name: 'application-matrix',
  title: 'Application matrix',
  description:
    'A grid of the applications by two dimensions (rows × columns: categories, teams, criticality, lifecycle ' +
    'or hosting; categories × teams by default), with an unassigned row and column for applications ' +
    'without one.',
  query: Type.Object(
    {
      rows: Type.Optional(Type.Enum(DIMENSIONS, { description: 'Dimension of the rows, default categories.' })),
      columns: Type.Optional(Type.Enum(DIMENSIONS, { description: 'Dimension of the columns, default teams.' })),
      limit: Limit,
    },
    { additionalProperties: false },
  ),
  body: ApplicationMatrix,
  async compute(context, query) {
    const { db, limit } = context;
    const applications = db.selectFrom('applications').where('workspace_id', '=', context.workspaceId);
    const [shown, count] = await Promise.all([
      applications.select(['id', 'name']).orderBy('name').orderBy('id').limit(limit).execute(),
      applications.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const ids = shown.map((application) => application.id);
    const rowDimension = query.rows ?? 'categories';
    const columnDimension = query.columns ?? 'teams';
    const [rowHeaders, columnHeaders, rowKeys, columnKeys] = await Promise.all([
      headersOf(context, rowDimension),
      headersOf(context, columnDimension),
      keysByApplication(context, rowDimension, ids),
      keysByApplication(context, columnDimension, ids),
    ]);
    const cells = new Map<string, { row: string; column: string; applicationIds: string[] }>();
    for (const id of ids) {
      for (const row of rowKeys.get(id)!) {
        for (const column of columnKeys.get(id)!) {
          const key = `${row}\u0000${column}`;
          const cell = cells.get(key) ?? { row, column, applicationIds: [] };
          cell.applicationIds.push(id);
          cells.set(key, cell);
        }
      }
    }
    const rowOrder = new Map(rowHeaders.map((header, index) => [header.id, index]));
    const columnOrder = new Map(columnHeaders.map((header, index) => [header.id, index]));
    return {
      name: 'application-matrix' as const,
      generatedAt: context.now,
      rowDimension,
      columnDimension,
      rows: rowHeaders,
      columns: columnHeaders,
      cells: [...cells.values()].sort(
        (a, b) =>
          rowOrder.get(a.row)! - rowOrder.get(b.row)! || columnOrder.get(a.column)! - columnOrder.get(b.column)!,
      ),
      labels: Object.fromEntries(shown.map((application) => [application.id, application.name])),
      truncated: shown.length < Number(count.total),
      totals: { applications: Number(count.total) },
    };
  },
  render(body) {
    if (Object.keys(body.labels).length > DENSE_APPLICATIONS) return denseMatrix(body);
    const headerWidth = 170;
    const cellWidth = 150;
    const lineHeight = 15;
    const shownPerCell = 5;
    const cellOf = new Map(body.cells.map((cell) => [`${cell.row}\u0000${cell.column}`, cell]));
    const rowHeights = body.rows.map((row) => {
      const most = Math.max(
        0,
        ...body.columns.map((column) =>
          Math.min(shownPerCell + 1, cellOf.get(`${row.id}\u0000${column.id}`)?.applicationIds.length ?? 0),
        ),
      );
      return Math.max(34, 14 + most * lineHeight);
    });
    const top = 40;
    const headerHeight = 34;
    let y = top + headerHeight;
    const columnHeaders = body.columns
      .map((column, index) =>
        text(20 + headerWidth + index * cellWidth + cellWidth / 2, top + 22, clip(column.label, 22), {
          class: 'heading',
          'text-anchor': 'middle',
        }),
      )
      .join('');
    const rows = body.rows
      .map((row, rowIndex) => {
        const height = rowHeights[rowIndex]!;
        const cells = body.columns
          .map((column, columnIndex) => {
            const x = 20 + headerWidth + columnIndex * cellWidth;
            const cell = cellOf.get(`${row.id}\u0000${column.id}`);
            const names = (cell?.applicationIds ?? [])
              .slice(0, shownPerCell)
              .map((id, index) =>
                link(
                  consoleHref('application', id),
                  text(x + 8, y + 18 + index * lineHeight, clip(body.labels[id] ?? id, 20), { class: 'label' }),
                  body.labels[id],
                ),
              );
            const more =
              cell && cell.applicationIds.length > shownPerCell
                ? text(
                    x + 8,
                    y + 18 + shownPerCell * lineHeight,
                    `+ ${cell.applicationIds.length - shownPerCell} more`,
                    { class: 'detail' },
                  )
                : '';
            return rect(x, y, cellWidth, height, { class: cell ? 'cell filled' : 'cell' }) + names.join('') + more;
          })
          .join('');
        const markup =
          rect(20, y, headerWidth, height, { class: 'cell' }) +
          text(28, y + 20, clip(row.label, 24), { class: 'heading' }) +
          cells;
        y += height;
        return markup;
      })
      .join('');
    const key = legend(20, y + 20, [{ label: 'Cell with applications (click a name)', className: 'cell filled' }]);
    const heading = headingText(
      `Application matrix: ${Object.keys(body.labels).length} ` +
        `applications${body.truncated ? ` of ${body.totals.applications}` : ''}`,
    );
    return svgDocument(
      Math.max(40 + headerWidth + body.columns.length * cellWidth, key.width + 40),
      y + key.height + 40,
      'Application matrix',
      heading + element('g', {}, columnHeaders + rows) + key.markup,
    );
  },
});
