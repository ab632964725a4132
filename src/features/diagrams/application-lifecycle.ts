import { Type } from 'typebox';
import { DateOnly, OrNull, Uuid } from '../../base/http/schemas.js';
import { defineDiagram, diagramHead, LimitQuery, Truncation } from './diagram.js';
import * as svg from '../dashboards/svg.js';

export const PHASES = ['plan', 'phase-in', 'active', 'phase-out', 'end-of-life'] as const;
const COLUMNS = ['plan_date', 'phase_in_date', 'active_date', 'phase_out_date', 'end_of_life_date'] as const;

const ApplicationLifecycle = Type.Object(
  {
    ...diagramHead('application-lifecycle'),
    items: Type.Array(
      Type.Object({
        applicationId: Uuid('The application.'),
        label: Type.String({ description: 'Application name.' }),
        phases: Type.Array(
          Type.Object({
            phase: Type.Enum(PHASES, { description: 'plan, phase-in, active, phase-out or end-of-life.' }),
            start: DateOnly("The phase's date."),
            end: OrNull(
              DateOnly('Where the next phase starts.'),
              "The next dated phase's start; null for the last phase.",
            ),
          }),
          { description: 'The phases that have a date, in lifecycle order.' },
        ),
      }),
      { description: 'Applications with at least one lifecycle date, by their first date, then name.' },
    ),
    undated: Type.Integer({ description: 'Applications without any lifecycle date (not in items).' }),
    ...Truncation({ applications: Type.Integer({ description: 'Applications with a lifecycle date.' }) }),
  },
  { description: "Each application's lifecycle phases on a timeline: plan, phase-in, active, phase-out, end of life." },
);

type Row = { id: string; name: string } & Record<(typeof COLUMNS)[number], string | null>;

/** The dated phases of an application, each ending where the next dated one starts. */
export function phasesOf(row: Row) {
  const dated = PHASES.map((phase, index) => ({ phase, start: row[COLUMNS[index]!] })).filter(
    (entry): entry is { phase: (typeof PHASES)[number]; start: string } => entry.start !== null,
  );
  return dated.map((entry, index) => ({ ...entry, end: dated[index + 1]?.start ?? null }));
}

export const applicationLifecycleDiagram = defineDiagram({
  name: 'application-lifecycle',
  title: 'Application lifecycle',
  description:
    "Each application's lifecycle phases on a timeline (plan, phase-in, active, phase-out, end of life) from " +
    'its lifecycle dates, each phase ending where the next dated phase starts.',
  query: LimitQuery,
  body: ApplicationLifecycle,
  async compute(context) {
    const { db, limit } = context;
    const rows = await db
      .selectFrom('applications')
      .select(['id', 'name', ...COLUMNS])
      .where('workspace_id', '=', context.workspaceId)
      .execute();
    const items = rows
      .map((row) => ({ applicationId: row.id, label: row.name, phases: phasesOf(row) }))
      .filter((item) => item.phases.length > 0)
      .sort(
        (a, b) =>
          a.phases[0]!.start.localeCompare(b.phases[0]!.start) ||
          (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) ||
          a.applicationId.localeCompare(b.applicationId),
      );
    return {
      name: 'application-lifecycle' as const,
      generatedAt: context.now,
      items: items.slice(0, limit),
      undated: rows.length - items.length,
      truncated: items.length > limit,
      totals: { applications: items.length },
    };
  },
  render(body) {
    const labelWidth = 190;
    const chartWidth = 760;
    const rowHeight = 24;
    const top = 60;
    const days = (date: string) => Date.parse(`${date}T00:00:00.000Z`) / 86_400_000;
    const dates = body.items.flatMap((item) =>
      item.phases.flatMap((phase) => [phase.start, ...(phase.end ? [phase.end] : [])]),
    );
    const today = body.generatedAt.slice(0, 10);
    const first = Math.min(days(today), ...dates.map(days));
    // Open-ended last phases run a year past the latest date.
    const last = Math.max(days(today), ...dates.map(days)) + 365;
    const x = (date: string | null) =>
      labelWidth + 30 + (((date === null ? last : days(date)) - first) / Math.max(1, last - first)) * chartWidth;
    const firstYear = new Date(first * 86_400_000).getUTCFullYear();
    const lastYear = new Date(last * 86_400_000).getUTCFullYear();
    const years = Array.from({ length: lastYear - firstYear + 1 }, (_, index) => firstYear + index + 1).filter(
      (year) => days(`${year}-01-01`) <= last,
    );
    const height = top + body.items.length * rowHeight + 20;
    const grid = years
      .map(
        (year) =>
          svg.element('line', {
            x1: x(`${year}-01-01`),
            y1: top - 10,
            x2: x(`${year}-01-01`),
            y2: height - 10,
            class: 'grid',
          }) + svg.text(x(`${year}-01-01`), top - 16, String(year), { class: 'axis', 'text-anchor': 'middle' }),
      )
      .join('');
    const now = svg.element('line', {
      x1: x(today),
      y1: top - 10,
      x2: x(today),
      y2: height - 10,
      stroke: '#dc2626',
      'stroke-dasharray': '4 3',
    });
    const rows = body.items
      .map((item, index) => {
        const y = top + index * rowHeight;
        const bars = item.phases
          .map((phase) =>
            svg.element(
              'g',
              {},
              svg.tooltip(`${item.label}: ${phase.phase} from ${phase.start}${phase.end ? ` to ${phase.end}` : ''}`) +
                svg.rect(x(phase.start), y + 3, Math.max(2, x(phase.end) - x(phase.start)), rowHeight - 8, {
                  class: `node ${phase.phase}`,
                  rx: 3,
                }),
            ),
          )
          .join('');
        return svg.link(
          svg.consoleHref('application', item.applicationId),
          svg.text(20, y + 16, svg.clip(item.label, 28), { class: 'label' }) + bars,
          item.label,
        );
      })
      .join('');
    const key = svg.legend(
      20,
      height + 10,
      PHASES.map((phase) => ({ label: phase, className: phase })),
      'Phases (red line: today)',
    );
    const heading = svg.headingText(
      `Application lifecycle: ${body.items.length} ` +
        `applications${body.truncated ? ` of ${body.totals.applications}` : ''}, ${body.undated} without ` +
        'dates',
    );
    return svg.svgDocument(
      labelWidth + chartWidth + 60,
      height + key.height + 30,
      'Application lifecycle',
      heading + grid + now + rows + key.markup,
    );
  },
});
