import { Type } from 'typebox';
import { annualAmount, CONTRACT_COLUMNS } from '../dashboards/finance.js';
import { Uuid } from '../../base/http/schemas.js';
import { placeLabels } from './labels.js';
import { defineDiagram, diagramHead, Limit, linkedFrom, Truncation } from './diagram.js';
import * as svg from '../dashboards/svg.js';

export const QUADRANTS = ['invest', 'migrate', 'tolerate', 'eliminate'] as const;
type Quadrant = (typeof QUADRANTS)[number];

/**
 * The TIME quadrant of two scores: good fit and high value → invest; poor fit, high value → migrate;
 * good fit, low value → tolerate; neither → eliminate.
 */
export function quadrantOf(technicalFit: number, businessValue: number): Quadrant {
  if (businessValue >= 3) return technicalFit >= 3 ? 'invest' : 'migrate';
  return technicalFit >= 3 ? 'tolerate' : 'eliminate';
}

const ApplicationQuadrant = Type.Object(
  {
    ...diagramHead('application-quadrant'),
    sizeBy: Type.Enum(['cost', 'users'], { description: 'What size measures.' }),
    currency: Type.String({
      description:
        "With sizeBy cost: the currency of the sizes, the workspace's default currency (contracts in other " +
        'currencies are not counted).',
    }),
    points: Type.Array(
      Type.Object({
        applicationId: Uuid('The application.'),
        label: Type.String({ description: 'Application name.' }),
        x: Type.Integer({ minimum: 1, maximum: 5, description: 'Technical fit.' }),
        y: Type.Integer({ minimum: 1, maximum: 5, description: 'Business value.' }),
        quadrant: Type.Enum(QUADRANTS, {
          description:
            'x ≥ 3 and y ≥ 3: invest; x < 3, y ≥ 3: migrate; x ≥ 3, y < 3: tolerate; x < 3, y < 3: eliminate.',
        }),
        size: Type.Number({
          description:
            'Annual cost of its active contracts (a contract covering several applications split evenly), or ' +
            'its user count; 0 when unknown.',
        }),
      }),
      { description: 'The applications with both scores, by name.' },
    ),
    unplaced: Type.Array(Uuid('Application.'), {
      description: 'Applications without a technical fit or a business value.',
    }),
    ...Truncation({ applications: Type.Integer({ description: 'Applications in all.' }) }),
  },
  {
    description:
      'Applications placed by technical fit (x) and business value (y), 1 to 5, in the four TIME quadrants, ' +
      'sized by cost or users.',
  },
);

export const applicationQuadrantDiagram = defineDiagram({
  name: 'application-quadrant',
  title: 'Application quadrant',
  description:
    'Applications placed by technical fit (x) and business value (y), 1 to 5, in the four TIME quadrants ' +
    '(tolerate, invest, migrate, eliminate), sized by annual cost (default) or users (size=users); ' +
    'applications missing a score are unplaced.',
  query: Type.Object(
    {
      size: Type.Optional(
        Type.Enum(['cost', 'users'], { description: 'Size points by annual cost (default) or user count.' }),
      ),
      limit: Limit,
    },
    { additionalProperties: false },
  ),
  body: ApplicationQuadrant,
  async compute({ db, workspaceId, today, now, limit }, query) {
    const sizeBy = query.size ?? 'cost';
    const applications = db.selectFrom('applications').where('workspace_id', '=', workspaceId);
    const [rows, count, workspace] = await Promise.all([
      applications
        .select(['id', 'name', 'technical_fit', 'business_value', 'user_count'])
        .orderBy('name')
        .orderBy('id')
        .limit(limit)
        .execute(),
      applications.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      db.selectFrom('workspaces').select('default_currency').where('id', '=', workspaceId).executeTakeFirstOrThrow(),
    ]);
    const currency = workspace.default_currency;
    const costs = new Map<string, number>();
    if (sizeBy === 'cost' && rows.length > 0) {
      const contracts = await db
        .selectFrom('contracts')
        .select(CONTRACT_COLUMNS)
        .where('workspace_id', '=', workspaceId)
        .where('currency', '=', currency)
        .where('start_date', '<=', today)
        .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
        .execute();
      const covered = await linkedFrom(
        db.selectFrom('contract_applications').where('workspace_id', '=', workspaceId),
        'contract_id',
        'application_id',
        contracts.map((contract) => contract.id),
      );
      for (const contract of contracts) {
        const annual = annualAmount(contract, today.slice(0, 4)) ?? 0;
        const ids = covered.get(contract.id) ?? [];
        for (const id of ids) costs.set(id, (costs.get(id) ?? 0) + annual / ids.length);
      }
    }
    const placed = rows.filter((row) => row.technical_fit !== null && row.business_value !== null);
    return {
      name: 'application-quadrant' as const,
      generatedAt: now,
      sizeBy,
      currency,
      points: placed.map((row) => ({
        applicationId: row.id,
        label: row.name,
        x: row.technical_fit!,
        y: row.business_value!,
        quadrant: quadrantOf(row.technical_fit!, row.business_value!),
        size: sizeBy === 'users' ? (row.user_count ?? 0) : Math.round((costs.get(row.id) ?? 0) * 100) / 100,
      })),
      unplaced: rows.filter((row) => row.technical_fit === null || row.business_value === null).map((row) => row.id),
      truncated: rows.length < Number(count.total),
      totals: { applications: Number(count.total) },
    };
  },
  render(body) {
    const plot = { x: 70, y: 50, size: 520 };
    const scale = (score: number) => ((score - 0.5) / 5) * plot.size;
    const half = scale(2.5);
    // y grows downwards: values 3 and up are the top band, down to the line at value 2.5.
    const top = plot.size - half;
    const areas: [Quadrant, number, number, number, number][] = [
      ['migrate', 0, 0, half, top],
      ['invest', half, 0, plot.size - half, top],
      ['eliminate', 0, top, half, half],
      ['tolerate', half, top, plot.size - half, half],
    ];
    const background = areas
      .map(
        ([quadrant, x, y, width, height]) =>
          svg.rect(plot.x + x, plot.y + y, width, height, { class: quadrant, opacity: 0.35 }) +
          svg.text(plot.x + x + 8, plot.y + y + 18, quadrant, { class: 'heading' }),
      )
      .join('');
    const ticks = [1, 2, 3, 4, 5]
      .map(
        (score) =>
          svg.text(plot.x + scale(score), plot.y + plot.size + 16, String(score), {
            class: 'axis',
            'text-anchor': 'middle',
          }) +
          svg.text(plot.x - 10, plot.y + plot.size - scale(score) + 4, String(score), {
            class: 'axis',
            'text-anchor': 'end',
          }),
      )
      .join('');
    const largest = Math.max(1, ...body.points.map((point) => point.size));
    // Points sharing a score are spread on a small circle so that each stays visible and clickable.
    const seen = new Map<string, number>();
    const circles = body.points.map((point) => {
      const spot = `${point.x},${point.y}`;
      const index = seen.get(spot) ?? 0;
      seen.set(spot, index + 1);
      const angle = index * 2.4;
      const spread = index === 0 ? 0 : 8 + 4 * Math.sqrt(index);
      return {
        cx: plot.x + scale(point.x) + Math.cos(angle) * spread,
        cy: plot.y + plot.size - scale(point.y) + Math.sin(angle) * spread,
        r: 4 + 14 * Math.sqrt(point.size / largest),
        text: svg.clip(point.label, 18),
      };
    });
    // Labels never overlap: each takes a free place beside its circle, or none (labels.ts).
    // Within the plot (and a margin right of it, before the key), clear of the quadrants' names.
    const names = areas.map(([quadrant, x, y]) => ({
      x: plot.x + x + 8,
      y: plot.y + y + 4,
      width: quadrant.length * 8,
      height: 18,
    }));
    const within = { x: plot.x, y: plot.y, width: plot.size + 26, height: plot.size };
    const labels = placeLabels(circles, within, names);
    const points = body.points
      .map((point, index) => {
        const { cx, cy, r, text } = circles[index]!;
        const label = labels[index];
        return svg.link(
          svg.consoleHref('application', point.applicationId),
          svg.tooltip(`${point.label}: fit ${point.x}, value ${point.y}, ${point.quadrant}, size ${point.size}`) +
            svg.element('circle', {
              cx: svg.round(cx),
              cy: svg.round(cy),
              r: svg.round(r),
              class: `node ${point.quadrant}`,
              'fill-opacity': 0.85,
            }) +
            (label ? svg.text(svg.round(label.x), svg.round(label.y), text, { class: 'detail' }) : ''),
        );
      })
      .join('');
    const axes =
      svg.text(plot.x + plot.size / 2, plot.y + plot.size + 36, 'Technical fit →', {
        class: 'heading',
        'text-anchor': 'middle',
      }) +
      svg.text(24, plot.y + plot.size / 2, 'Business value →', {
        class: 'heading',
        'text-anchor': 'middle',
        transform: `rotate(-90 24 ${plot.y + plot.size / 2})`,
      });
    const key = svg.legend(plot.x + plot.size + 30, plot.y, [
      ...QUADRANTS.map((quadrant) => ({ label: quadrant, className: quadrant })),
      {
        label: `size: ${body.sizeBy === 'cost' ? `annual cost (${body.currency})` : 'users'}`,
        className: 'application',
      },
    ]);
    const heading = svg.headingText(
      `Application quadrant: ${body.points.length} placed, ${body.unplaced.length} without ` +
        `scores${body.truncated ? ` (of ${body.totals.applications})` : ''}`,
    );
    return svg.svgDocument(
      plot.x + plot.size + 40 + key.width,
      plot.y + plot.size + 60,
      'Application quadrant',
      heading +
        background +
        svg.rect(plot.x, plot.y, plot.size, plot.size, { class: 'frame', 'fill-opacity': 0 }) +
        ticks +
        axes +
        points +
        key.markup,
    );
  },
});
