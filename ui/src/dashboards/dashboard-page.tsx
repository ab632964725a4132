import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { Named } from '../api/contract.js';
import { messageOf } from '../api/client.js';
import { queries } from '../api/queries.js';
import { FormError } from '../base/field.js';
import { formatDate } from '../base/format.js';
import { isKnownValue, valueLabel } from '../base/glossary.js';
import { PageHeader } from '../base/layout.js';
import { ResourceLink } from '../inventory/resource-name.js';
import { cellText } from './cells.js';
import type { ChartOption } from './chart.js';
import { ChartLegend, PALETTE } from './legend.js';
import './dashboards.css';

type Widget = Named<'Widget'>;

/** ECharts comes with the first dashboard opened, not with the console's first page. */
const Chart = lazy(() => import('./chart.js').then((module) => ({ default: module.Chart })));

type Breakdown = Extract<Widget, { kind: 'breakdown' }>;
type Series = Extract<Widget, { kind: 'series' }>;
type Table = Extract<Widget, { kind: 'table' }>;

/** A resource type of the audit vocabulary → the console family of its pages. */
export const FAMILY_OF: Record<string, string> = {
  application: 'applications',
  server: 'servers',
  network: 'networks',
  router: 'routers',
  workstation: 'workstations',
  agent: 'agents',
  data_object: 'data',
  contract: 'contracts',
  flow: 'flows',
  category: 'categories',
  tag: 'tags',
  team: 'teams',
  user: 'users',
  announcement: 'announcements',
};

const number = (value: number, currency?: string) =>
  currency
    ? value.toLocaleString(undefined, { style: 'currency', currency, maximumFractionDigits: 0 })
    : value.toLocaleString();

const compactFormat = new Intl.NumberFormat(undefined, { notation: 'compact' });
const compact = (value: number) => compactFormat.format(value);

/** A breakdown's label: the server's, unless it is a bare enum value (`phase_out`), then the glossary's. */
const labelOfItem = (item: { key: string; label: string }) =>
  item.label === item.key && isKnownValue(item.key) ? valueLabel(item.key) : item.label;

function BreakdownView({ widget }: { widget: Breakdown }) {
  const items = widget.items;
  const donut = items.length > 0 && items.length <= 6 && !items.some((item) => item.currency);
  // Labels are never cut: a donut's names are in its legend below it (no labels around the ring),
  // a bar chart's wrap within their column, every one of them shown.
  const wraps = items.some((item) => labelOfItem(item).length + (item.currency ? 6 : 0) > 22);
  const option = useMemo<ChartOption>(
    () =>
      donut
        ? {
            color: PALETTE,
            tooltip: { trigger: 'item' },
            series: [
              {
                type: 'pie',
                radius: ['45%', '80%'],
                data: items.map((item) => ({ name: labelOfItem(item), value: item.value })),
                label: { show: false },
              },
            ],
          }
        : {
            tooltip: { trigger: 'axis' },
            grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
            // Few ticks in short numbers (1.2M), so that the axis' labels never run into each other.
            xAxis: { type: 'value', splitNumber: 3, axisLabel: { formatter: compact, hideOverlap: true } },
            yAxis: {
              type: 'category',
              inverse: true,
              data: items.map((item) =>
                item.currency ? `${labelOfItem(item)} (${item.currency})` : labelOfItem(item),
              ),
              axisLabel: { width: 150, overflow: 'break', interval: 0, lineHeight: 14 },
            },
            series: [{ type: 'bar', data: items.map((item) => item.value) }],
          },
    [items, donut],
  );
  if (items.length === 0) return <p>Nothing to show.</p>;
  const figures = items.map((item) => `${labelOfItem(item)} ${number(item.value, item.currency)}`).join(', ');
  return (
    <>
      <Suspense fallback={<p>Loading chart…</p>}>
        <Chart
          option={option}
          label={`${widget.title}: ${figures}`}
          height={donut ? 200 : 30 + items.length * (wraps ? 28 : 21)}
        />
      </Suspense>
      {donut && (
        <ChartLegend
          items={items.map((item) => ({ label: labelOfItem(item), value: number(item.value, item.currency) }))}
        />
      )}
      <details className="figures">
        <summary>Figures</summary>
        <table>
          <caption className="visually-hidden">{widget.title}</caption>
          <tbody>
            {items.map((item) => (
              <tr key={`${item.key}/${item.currency ?? ''}`} data-key={item.key}>
                <th scope="row">{labelOfItem(item)}</th>
                <td className="figure" data-value={item.value}>
                  {number(item.value, item.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

function SeriesView({ widget }: { widget: Series }) {
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: widget.points.map((point) => point.date) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'line', data: widget.points.map((point) => point.value), areaStyle: {} }],
    }),
    [widget.points],
  );
  const total = widget.points.reduce((sum, point) => sum + point.value, 0);
  return (
    <Suspense fallback={<p>Loading chart…</p>}>
      <Chart option={option} label={`${widget.title}: ${total} over ${widget.points.length} days`} />
    </Suspense>
  );
}

function TableView({ widget }: { widget: Table }) {
  const [sort, setSort] = useState<{ key: string; descending: boolean }>();
  const rows = useMemo(() => {
    if (!sort) return widget.rows;
    const sorted = [...widget.rows].sort((a, b) => {
      const [x, y] = [a[sort.key], b[sort.key]];
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      return String(x ?? '').localeCompare(String(y ?? ''));
    });
    return sort.descending ? sorted.reverse() : sorted;
  }, [widget.rows, sort]);
  if (widget.rows.length === 0) return <p>None.</p>;
  // Collapsed by default, so that a dashboard's figures fit in two screens; the rows are one click away.
  return (
    <details className="table-details">
      <summary>
        {widget.total > widget.rows.length
          ? `Show the first ${widget.rows.length.toLocaleString()} of ${widget.total.toLocaleString()} rows`
          : `Show the ${widget.rows.length === 1 ? 'row' : `${widget.rows.length.toLocaleString()} rows`}`}
      </summary>
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">{widget.title}</caption>
          <thead>
            <tr>
              {widget.columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sort?.key === column.key ? (sort.descending ? 'descending' : 'ascending') : undefined}
                >
                  <button
                    type="button"
                    className="sort"
                    onClick={() =>
                      setSort({ key: column.key, descending: sort?.key === column.key ? !sort.descending : false })
                    }
                  >
                    {column.label}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={String(row.resourceId ?? index)}>
                {widget.columns.map((column, position) => {
                  const value = row[column.key];
                  const text = cellText(value);
                  const family = typeof row.resourceType === 'string' ? FAMILY_OF[row.resourceType] : undefined;
                  return (
                    <td key={column.key}>
                      {position === 0 && family && typeof row.resourceId === 'string' ? (
                        <ResourceLink family={family} id={row.resourceId} name={text} />
                      ) : (
                        text
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {widget.total > widget.rows.length && (
          <p>
            First {widget.rows.length.toLocaleString()} of {widget.total.toLocaleString()}.
          </p>
        )}
      </div>
    </details>
  );
}

function WidgetView({ widget }: { widget: Widget }) {
  return (
    <section className={`widget widget-${widget.kind}`} aria-labelledby={`widget-${widget.id}`} data-widget={widget.id}>
      <h2 id={`widget-${widget.id}`}>{widget.title}</h2>
      {widget.kind === 'number' && (
        <p className="tile" data-value={widget.value}>
          {widget.value.toLocaleString()}
          {widget.unit ? ` ${widget.unit}` : ''}
        </p>
      )}
      {widget.kind === 'breakdown' && <BreakdownView widget={widget} />}
      {widget.kind === 'series' && <SeriesView widget={widget} />}
      {widget.kind === 'table' && <TableView widget={widget} />}
    </section>
  );
}

/** /ui/dashboards/<name>: the dashboard's live figures as tiles, charts and tables. */
export function DashboardPage({ name }: { name: string }) {
  const dashboard = useQuery(queries.dashboard(name));
  const answer = dashboard.data;
  const title = useQuery(queries.dashboards()).data?.find((one) => one.name === name)?.title ?? name;
  return (
    <>
      <PageHeader title={title} />
      <FormError error={messageOf(dashboard.error)} />
      {answer && (
        <p className="hint">
          Computed {formatDate(answer.generatedAt)}{' '}
          <button type="button" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            Refresh
          </button>
        </p>
      )}
      <div className="widgets">
        {answer?.widgets.map((widget) => (
          <WidgetView key={widget.id} widget={widget} />
        ))}
      </div>
    </>
  );
}
