/**
 * The application matrix of many applications fits a screen at its own size: each cell a count
 * that links to the applications list filtered by its row and column; a small matrix keeps its
 * names (src/features/diagrams/application-matrix.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  applicationMatrixDiagram,
  DENSE_APPLICATIONS,
  UNASSIGNED,
} from '../../../src/features/diagrams/application-matrix.js';

const CATEGORIES = 36;
const TEAMS = 16;

/** `applications` spread over categories × teams (the seed's 35 and 16, and the unassigned ones). */
function matrix(applications: number) {
  const id = (prefix: string, i: number) => `00000000-0000-7000-${prefix}-${String(i).padStart(12, '0')}`;
  const rows = Array.from({ length: CATEGORIES }, (_, i) => ({ id: id('8000', i), label: `Category ${i}` }));
  const columns = Array.from({ length: TEAMS }, (_, i) => ({ id: id('9000', i), label: `Team number ${i}` }));
  rows.push({ id: UNASSIGNED, label: 'Unassigned' });
  columns.push({ id: UNASSIGNED, label: 'Unassigned' });
  const cells = new Map<string, { row: string; column: string; applicationIds: string[] }>();
  const labels: Record<string, string> = {};
  for (let i = 0; i < applications; i++) {
    const row = rows[(i * 7) % rows.length]!.id;
    const column = columns[(i * 3) % columns.length]!.id;
    const application = id('a000', i);
    labels[application] = `Application ${i}`;
    const key = `${row} ${column}`;
    const cell = cells.get(key) ?? { row, column, applicationIds: [] };
    cell.applicationIds.push(application);
    cells.set(key, cell);
  }
  return {
    name: 'application-matrix' as const,
    generatedAt: '2026-12-01T00:00:00.000Z',
    rowDimension: 'categories' as const,
    columnDimension: 'teams' as const,
    rows,
    columns,
    cells: [...cells.values()],
    labels,
    truncated: applications === 500,
    totals: { applications: applications === 500 ? 2500 : applications },
  };
}

const size = (svg: string) => /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.slice(1).map(Number) as [number, number];

describe('application matrix of many applications', () => {
  it('draws each cell as its count, linked to the list of its row and column, and fits a laptop screen', () => {
    const body = matrix(500);
    const svg = applicationMatrixDiagram.render(body) as string;
    const [width, height] = size(svg);
    assert.ok(width <= 1440, `${width} px wide`);
    assert.ok(height <= 1300, `${height} px high`);
    assert.match(svg, /Application matrix: 500 applications of 2500, counted per cell/);
    // No application is named in the grid's text: only counts (names are in the cells' tooltips).
    assert.doesNotMatch(svg, /<text[^>]*>Application \d+<\/text>/);
    const filled = body.cells.filter((cell) => cell.row !== UNASSIGNED && cell.column !== UNASSIGNED);
    for (const cell of filled) {
      const href = `/ui/applications?categoryId=${cell.row}&amp;teamId=${cell.column}`;
      const count = cell.applicationIds.length;
      const linked = new RegExp(
        `<a href="${href.replace(/[?]/g, '\\?')}"><title>[^<]*: ${count} applications? ` +
          `\\(Application \\d+[^<]*\\)</title><rect[^>]*/><text[^>]*>${count}</text></a>`,
      );
      assert.match(svg, linked, `the cell of ${cell.row} × ${cell.column}`);
    }
    // A cell of the unassigned row or column has no list to link to: its count is named all the same.
    const unassigned = body.cells.find((cell) => cell.row === UNASSIGNED)!;
    assert.ok(svg.includes(`<g><title>Unassigned × `), 'an unassigned cell keeps its tooltip');
    assert.ok(!svg.includes(`categoryId=${UNASSIGNED}`) && !svg.includes(`teamId=${UNASSIGNED}`));
    assert.ok(unassigned.applicationIds.length > 0);
  });

  it(`keeps the names of a matrix of ${DENSE_APPLICATIONS} applications or fewer`, () => {
    const svg = applicationMatrixDiagram.render(matrix(20)) as string;
    assert.match(svg, /<text[^>]*class="label">Application 0<\/text>/);
    assert.doesNotMatch(svg, /counted per cell/);
  });
});
