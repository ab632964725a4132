/**
 * The application quadrant's labels never overlap one another or a circle, however crowded the
 * plot: each takes a free place beside its circle or is left out (src/features/diagrams/labels.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applicationQuadrantDiagram } from '../../../src/features/diagrams/application-quadrant.js';
import { LABEL_CHAR_WIDTH, LABEL_LINE, overlaps, type Box } from '../../../src/features/diagrams/labels.js';

const QUADRANTS = ['eliminate', 'migrate', 'tolerate', 'invest'] as const;

/** 400 applications on the 25 places of a 1–5 grid, most of them crowded on a few. */
function crowded() {
  const points = Array.from({ length: 400 }, (_, i) => {
    const x = i % 7 < 4 ? 3 : 1 + (i % 5);
    const y = i % 11 < 6 ? 4 : 1 + ((i * 3) % 5);
    return {
      applicationId: `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`,
      label: `Application number ${i}`,
      x,
      y,
      quadrant: QUADRANTS[(x > 2.5 ? 2 : 0) + (y > 2.5 ? 1 : 0)]!,
      size: (i * 37) % 1000,
    };
  });
  return {
    name: 'application-quadrant' as const,
    generatedAt: '2026-12-01T00:00:00.000Z',
    sizeBy: 'users' as const,
    currency: 'EUR',
    points,
    unplaced: [],
    truncated: false,
    totals: { applications: 400 },
  };
}

const unescaped = (text: string) => text.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');

describe('application quadrant labels', () => {
  it('never overlap one another or a circle, and the plot still names many points', async () => {
    const picture = await applicationQuadrantDiagram.render(crowded() as never);
    const labels: Box[] = [
      ...picture.matchAll(/<text x="([\d.-]+)" y="([\d.-]+)" class="detail">([^<]*)<\/text>/g),
    ].map(([, x, y, text]) => ({
      x: Number(x),
      y: Number(y) - LABEL_LINE + 3,
      width: unescaped(text!).length * LABEL_CHAR_WIDTH,
      height: LABEL_LINE,
    }));
    const circles: Box[] = [...picture.matchAll(/<circle cx="([\d.-]+)" cy="([\d.-]+)" r="([\d.-]+)"/g)].map(
      ([, cx, cy, r]) => ({
        x: Number(cx) - Number(r),
        y: Number(cy) - Number(r),
        width: 2 * Number(r),
        height: 2 * Number(r),
      }),
    );
    assert.equal(circles.length, 400);
    assert.ok(labels.length >= 20, `${labels.length} labels drawn`);
    // Rounded to a tenth in the picture: a tenth of slack on each side.
    const shrunk = (box: Box): Box => ({
      x: box.x + 0.1,
      y: box.y + 0.1,
      width: box.width - 0.2,
      height: box.height - 0.2,
    });
    for (const [i, label] of labels.entries()) {
      for (const other of labels.slice(i + 1)) assert.ok(!overlaps(shrunk(label), shrunk(other)), 'two labels overlap');
      assert.ok(!circles.some((circle) => overlaps(shrunk(label), shrunk(circle))), 'a label covers a circle');
    }
  });
});
