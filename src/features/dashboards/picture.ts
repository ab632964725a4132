/**
 * A dashboard as one standalone SVG picture: its widgets as cards in two columns (a number as a
 * figure, a breakdown as bars, a series as a line, a table as its first rows, linked to the
 * console). For embedding and for the docs; the console draws dashboards with its chart library.
 */
import { clip, consoleHref, element, link, rect, round, svgDocument, text } from './svg.js';
import type { Widget } from './widgets.js';

const CARD_WIDTH = 470;
const GAP = 20;
const SHOWN_BARS = 8;
const SHOWN_ROWS = 6;

const formatted = (value: number, currency?: string) =>
  `${value.toLocaleString('en', { maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ''}`;

/** A card's content below its title, drawn at (x, y); returns its markup and height. */
function body(widget: Widget, x: number, y: number): { markup: string; height: number } {
  switch (widget.kind) {
    case 'number':
      return {
        markup:
          text(x + 14, y + 40, formatted(widget.value), { class: 'figure' }) +
          (widget.unit ? text(x + 14, y + 58, widget.unit, { class: 'detail' }) : ''),
        height: 66,
      };
    case 'breakdown': {
      const shown = widget.items.slice(0, SHOWN_BARS);
      if (shown.length === 0)
        return { markup: text(x + 14, y + 20, 'Nothing to show', { class: 'detail' }), height: 30 };
      const largest = Math.max(...shown.map((item) => item.value), 1);
      const bars = shown.map((item, index) => {
        const top = y + 8 + index * 22;
        return (
          text(x + 14, top + 12, clip(item.label, 24), { class: 'label' }) +
          rect(x + 190, top + 2, Math.max(1, (item.value / largest) * 170), 13, { rx: 2, class: 'node application' }) +
          text(x + CARD_WIDTH - 12, top + 12, formatted(item.value, item.currency), {
            class: 'detail',
            'text-anchor': 'end',
          })
        );
      });
      const more =
        widget.items.length > SHOWN_BARS
          ? text(x + 14, y + 8 + SHOWN_BARS * 22 + 12, `… ${widget.items.length - SHOWN_BARS} more`, {
              class: 'detail',
            })
          : '';
      return { markup: bars.join('') + more, height: 16 + shown.length * 22 + (more ? 20 : 0) };
    }
    case 'series': {
      const points = widget.points;
      const largest = Math.max(1, ...points.map((point) => point.value));
      const width = CARD_WIDTH - 60;
      const height = 90;
      const step = points.length > 1 ? width / (points.length - 1) : 0;
      const path = points
        .map((point, index) => {
          const top = y + 10 + height - (point.value / largest) * height;
          return `${index === 0 ? 'M' : 'L'} ${round(x + 40 + index * step)} ${round(top)}`;
        })
        .join(' ');
      const axis =
        text(x + 34, y + 16, String(largest), { class: 'axis', 'text-anchor': 'end' }) +
        text(x + 34, y + 10 + height, '0', { class: 'axis', 'text-anchor': 'end' }) +
        (points.length > 0
          ? text(x + 40, y + height + 26, points[0]!.date, { class: 'axis' }) +
            text(x + 40 + width, y + height + 26, points.at(-1)!.date, { class: 'axis', 'text-anchor': 'end' })
          : '');
      return { markup: element('path', { d: path || 'M 0 0', class: 'edge' }) + axis, height: height + 34 };
    }
    case 'table': {
      const columns = widget.columns.slice(0, 3);
      const columnWidth = (CARD_WIDTH - 28) / Math.max(1, columns.length);
      const cell = (value: unknown) =>
        value === null || value === undefined ? '—' : Array.isArray(value) ? value.join(', ') : String(value);
      const header = columns
        .map((column, index) =>
          text(x + 14 + index * columnWidth, y + 16, clip(column.label, 20), { class: 'heading' }),
        )
        .join('');
      const rows = widget.rows
        .slice(0, SHOWN_ROWS)
        .map((row, rowIndex) => {
          const cells = columns
            .map((column, index) =>
              text(
                x + 14 + index * columnWidth,
                y + 36 + rowIndex * 18,
                clip(cell(row[column.key]), Math.floor(columnWidth / 7)),
                { class: 'label' },
              ),
            )
            .join('');
          return typeof row.resourceType === 'string' && typeof row.resourceId === 'string'
            ? link(consoleHref(row.resourceType, row.resourceId), cells, cell(row[columns[0]!.key]))
            : cells;
        })
        .join('');
      const shown = Math.min(widget.rows.length, SHOWN_ROWS);
      const footer = text(x + 14, y + 36 + shown * 18, widget.total === 0 ? 'None' : `${widget.total} in all`, {
        class: 'detail',
      });
      return { markup: header + rows + footer, height: 48 + shown * 18 };
    }
  }
}

/** The dashboard's widgets as cards in two columns, each column filled top down in turn. */
export function renderDashboard(dashboard: {
  name: string;
  title: string;
  generatedAt: string;
  widgets: Widget[];
}): string {
  const columnBottoms = [50, 50];
  const cards = dashboard.widgets.map((widget) => {
    const column = columnBottoms[0]! <= columnBottoms[1]! ? 0 : 1;
    const x = GAP + column * (CARD_WIDTH + GAP);
    const y = columnBottoms[column]!;
    const content = body(widget, x, y + 28);
    const height = 28 + content.height + 10;
    columnBottoms[column] = y + height + GAP;
    return element(
      'g',
      {},
      rect(x, y, CARD_WIDTH, height, { rx: 8, class: 'frame' }) +
        text(x + 14, y + 20, clip(widget.title, 60), { class: 'heading' }) +
        content.markup,
    );
  });
  const heading = text(
    GAP,
    30,
    `${dashboard.title} dashboard · ${dashboard.generatedAt.slice(0, 16).replace('T', ' ')} UTC`,
    { class: 'heading' },
  );
  return svgDocument(
    2 * CARD_WIDTH + 3 * GAP,
    Math.max(...columnBottoms),
    `${dashboard.title} dashboard`,
    heading + cards.join(''),
  );
}
