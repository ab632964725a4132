/**
 * The wire format of dashboards: a dashboard is a list of widgets, each one of four kinds
 * (number, breakdown, series, table). Dashboards compute rows with set-based queries and shape
 * them with the builders below, so every breakdown is sorted and labelled the same way.
 */
import type { SelectQueryBuilder } from 'kysely';
import { Type, type Static, type TProperties } from 'typebox';
import { DateTime } from '../../base/http/schemas.js';

const WidgetHead = {
  id: Type.String({ description: 'Stable widget id within its dashboard.', examples: ['hosts-by-os'] }),
  title: Type.String({ description: 'Display title.', examples: ['Hosts by operating system'] }),
};

/** A widget's schema: the shared head, its `kind` (described as `kind: what`), then its own fields. */
const widgetOf = <Kind extends string, Body extends TProperties>(
  kind: Kind,
  what: string,
  body: Body,
  description: string,
) =>
  Type.Object(
    { ...WidgetHead, kind: Type.Literal(kind, { description: `${kind}: ${what}` }), ...body },
    { title: `${kind[0]!.toUpperCase()}${kind.slice(1)}Widget`, description },
  );

export const NumberWidget = widgetOf(
  'number',
  'one figure.',
  {
    value: Type.Number({ description: 'The figure.' }),
    unit: Type.Optional(Type.String({ description: 'Unit of the figure, when it has one.', examples: ['days'] })),
  },
  'One figure.',
);

export const BreakdownItem = Type.Object(
  {
    key: Type.String({
      description: 'Stable key of the group; `unknown` for rows where the grouped field is not recorded.',
    }),
    label: Type.String({ description: 'Display label of the group.' }),
    value: Type.Number({ description: 'Count of the group, or an amount when `currency` is set.' }),
    currency: Type.Optional(
      Type.String({
        description: 'ISO 4217 code when the value is money; amounts of different currencies are never added.',
      }),
    ),
    resourceIds: Type.Optional(
      Type.Array(Type.String({ format: 'uuid' }), {
        description: 'The resources in the group, where the group is small enough to list (at most 100).',
      }),
    ),
  },
  { title: 'BreakdownItem', description: 'One group of a breakdown.' },
);

export const BreakdownWidget = widgetOf(
  'breakdown',
  'a figure per group.',
  {
    items: Type.Array(BreakdownItem, {
      description: 'Groups by value descending (then key); counts add up to the total of what is broken down.',
    }),
  },
  'Counts or amounts per group.',
);

export const SeriesWidget = widgetOf(
  'series',
  'a figure per day.',
  {
    points: Type.Array(
      Type.Object({
        date: Type.String({ format: 'date', description: 'UTC day.' }),
        value: Type.Number({ description: 'The figure of that day.' }),
      }),
      { description: 'One point per day, days ascending, days without data as 0.' },
    ),
  },
  'A value per day.',
);

export const TableWidget = widgetOf(
  'table',
  'rows of resources or figures.',
  {
    columns: Type.Array(
      Type.Object({
        key: Type.String({ description: 'The row property of the column.' }),
        label: Type.String({ description: 'Column heading.' }),
      }),
      { description: 'Columns in display order; `key` names the row property.' },
    ),
    rows: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
      description:
        "Rows (at most 100, in the table's documented order); a row that names one resource has " +
        '`resourceType` and `resourceId`.',
    }),
    total: Type.Integer({ description: 'Count of all matching rows, also those beyond the first 100.' }),
  },
  'Rows of resources or figures.',
);

export const Widget = Type.Union([NumberWidget, BreakdownWidget, SeriesWidget, TableWidget], {
  title: 'Widget',
  description: 'A widget: number, breakdown, series or table, told apart by `kind`.',
});
export type Widget = Static<typeof Widget>;
export type BreakdownItem = Static<typeof BreakdownItem>;
type Row = Record<string, unknown>;

export const Dashboard = <Name extends string>(name: Name) =>
  Type.Object(
    {
      name: Type.Literal(name, { description: "The dashboard's name." }),
      generatedAt: DateTime('When the figures were computed: they are live, never cached.'),
      widgets: Type.Array(Widget, {
        description: 'The widgets, in display order; the ids of each dashboard are listed in its description.',
      }),
    },
    { description: `The ${name} dashboard.` },
  );

export const DashboardSummary = Type.Object(
  {
    name: Type.String({
      description: 'Name in the path: /dashboards/{name} or /diagrams/{name}.',
      examples: ['finance'],
    }),
    title: Type.String({ description: 'Display title.', examples: ['Finance'] }),
    description: Type.String({ description: 'What it shows.' }),
    requiredScope: Type.String({
      description: 'The scope a key needs to read it.',
      examples: ['finance_dashboard:read'],
    }),
  },
  { title: 'DashboardSummary', description: 'A dashboard or diagram and the scope it needs.' },
);

/** Rows a table widget shows; `total` still counts every matching row. */
export const TABLE_ROWS = 100;
/** Groups of at most this many resources list their ids. */
const LISTED_IDS = 100;

export const numberWidget = (id: string, title: string, value: number, unit?: string): Widget => ({
  id,
  title,
  kind: 'number',
  value,
  ...(unit ? { unit } : {}),
});

/** Grouped rows as a breakdown: null keys become `unknown`, groups sorted by value descending, then key. */
export function breakdownWidget(
  id: string,
  title: string,
  groups: { key: string | null; value: number | string; currency?: string | null; ids?: string[]; label?: string }[],
): Widget {
  const items = groups.map((group): BreakdownItem => {
    const key = group.key ?? 'unknown';
    return {
      key,
      label: group.label ?? (group.key === null ? 'Unknown' : key),
      value: Number(group.value),
      ...(group.currency ? { currency: group.currency } : {}),
      ...(group.ids && group.ids.length <= LISTED_IDS ? { resourceIds: group.ids } : {}),
    };
  });
  items.sort(
    (a, b) =>
      b.value - a.value ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
      (a.currency ?? '').localeCompare(b.currency ?? ''),
  );
  return { id, title, kind: 'breakdown', items };
}

/** Groups to show one by one in a breakdown of many (applications, software); the rest are `other`. */
export const TOP_GROUPS = 20;

/**
 * A breakdown of the largest groups and one `other` item for the rest, so that the values still
 * add up to `total`.
 */
export function topBreakdownWidget(
  id: string,
  title: string,
  top: { key: string | null; label?: string; value: number | string }[],
  total: number,
): Widget {
  const shown = top.reduce((sum, group) => sum + Number(group.value), 0);
  return breakdownWidget(
    id,
    title,
    total > shown ? [...top, { key: 'other', label: 'Other', value: total - shown }] : top,
  );
}

/** A series over the `days` UTC days ending `today`, each day's value or 0. */
export function seriesWidget(
  id: string,
  title: string,
  today: string,
  days: number,
  values: Map<string, number>,
): Widget {
  const end = Date.parse(`${today}T00:00:00.000Z`);
  const points = Array.from({ length: days }, (_, index) => {
    const date = new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    return { date, value: values.get(date) ?? 0 };
  });
  return { id, title, kind: 'series', points };
}

export function tableWidget(
  id: string,
  title: string,
  columns: Record<string, string>,
  rows: Row[],
  total: number,
): Widget {
  return {
    id,
    title,
    kind: 'table',
    columns: Object.entries(columns).map(([key, label]) => ({ key, label })),
    rows: rows.slice(0, TABLE_ROWS),
    total,
  };
}

/** The count of all rows a query matches (its selection replaced by count(*)). */
export function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Kysely cannot resolve the selection's type through the generic builder: read the one column by name.
  return query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
    .then((row) => Number((row as { total: unknown }).total));
}

/**
 * A table widget of a query's first rows (`first`, ordered and limited to TABLE_ROWS by the caller)
 * and the count of all the rows it matches, read at once.
 */
export async function firstRowsTable<Found>(
  head: { id: string; title: string; columns: Record<string, string> },
  first: Promise<Found[]>,
  total: Promise<number>,
  toRow: (found: Found) => Row,
): Promise<Widget> {
  const [rows, count] = await Promise.all([first, total]);
  return tableWidget(head.id, head.title, head.columns, rows.map(toRow), count);
}
