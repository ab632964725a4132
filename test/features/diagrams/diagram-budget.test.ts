import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../../../src/base/errors/api-error.js';
import { createDiagramRenderer } from '../../../src/features/diagrams/render-pool.js';
import { describeEachDatabase } from '../../support/harness.js';
import { errorOf, writer } from '../../support/typed.js';
import { inlined } from '../../support/api-document.js';

/** A flow map ELK needs minutes to lay out (2,000 applications, 3,000 flows between random pairs). */
function tangledFlowMap() {
  let seed = 3;
  const random = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % below;
  };
  const id = (i: number) => `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`;
  return {
    name: 'flow-mapping' as const,
    generatedAt: new Date().toISOString(),
    nodes: Array.from({ length: 2000 }, (_, i) => ({
      id: id(i),
      kind: 'application' as const,
      label: `app ${i}`,
      resourceId: id(i),
    })),
    edges: Array.from({ length: 3000 }, (_, i) => ({
      id: id(10_000 + i),
      source: id(random(2000)),
      target: id(random(2000)),
      label: `flow ${i}`,
      protocol: 'https',
      frequency: null,
      dataObjectIds: [],
      resourceId: id(10_000 + i),
    })),
    truncated: false,
    totals: { nodes: 2000, edges: 3000 },
  };
}

describeEachDatabase(
  'diagram budget',
  (h) => {
    it(
      'a picture past the diagram budget answers 422 diagram_too_large in the error shape, ' +
        'naming limit; the JSON answer is not limited; only the diagram routes document the code',
      async () => {
        const ws = await h.workspace();
        const key = (await h.key(ws)).secret;
        const { post } = writer(h, key);
        const [a, b] = [await post('applications', { name: 'A' }), await post('applications', { name: 'B' })];
        await post('flows', { name: 'Orders', sourceApplicationId: a.id, targetApplicationId: b.id });
        for (const name of ['flow-mapping', 'network-mapping']) {
          const refused = await h.call('GET', `/public/v1/diagrams/${name}`, {
            key,
            query: { format: 'svg', limit: '40' },
          });
          assert.equal(refused.statusCode, 422, refused.body);
          assert.match(String(refused.headers['content-type']), /^application\/json/);
          const error = errorOf(refused);
          assert.equal(error.code, 'diagram_too_large');
          assert.equal(error.status, 422);
          assert.match(error.message, /\blimit\b/);
          assert.match(error.message, /limit=40/);
          assert.equal(
            (await h.call('GET', `/public/v1/diagrams/${name}`, { key, query: { limit: '40' } })).statusCode,
            200,
            'JSON is computed on the main thread, without the budget',
          );
        }
        const accepted = await h.call('GET', '/public/v1/diagrams/flow-mapping', {
          key,
          headers: { accept: 'image/svg+xml' },
        });
        assert.equal(errorOf(accepted).code, 'diagram_too_large', 'asked for by Accept too');

        const document = inlined((await h.call('GET', '/openapi.json')).json()) as {
          paths: Record<
            string,
            Record<string, { description: string; responses: Record<string, { description: string }> }>
          >;
        };
        assert.match(
          document.paths['/public/v1/diagrams/flow-mapping']!.get!.responses['422']!.description,
          /diagram_too_large/,
        );
        assert.match(document.paths['/public/v1/diagrams/flow-mapping']!.get!.description, /DIAGRAM_BUDGET_MS/);
        assert.doesNotMatch(
          document.paths['/public/v1/servers/{id}']!.patch!.responses['422']!.description,
          /diagram_too_large/,
          'other 422s do not list it',
        );
      },
    );

    it(
      'a layout past its budget is abandoned: ' +
        'the worker ends (no CPU spent after the answer) and the pool draws the next picture',
      async () => {
        if (h.dialect !== 'sqlite') return; // no database: once is enough
        const renderer = createDiagramRenderer({ budgetMs: 5000 });
        try {
          const started = Date.now();
          await assert.rejects(
            renderer.render({ name: 'flow-mapping', body: tangledFlowMap(), limit: 2000 }),
            (error: unknown) =>
              error instanceof ApiError && error.code === 'diagram_too_large' && /limit=2000/.test(error.message),
          );
          // Within the budget and the worker's start and end: on a loaded 2-core machine those took
          // 5.8 s beyond the budget (10.8 s in all); the layout alone needs minutes.
          assert.ok(
            Date.now() - started < 30_000,
            `answered ${Date.now() - started} ms after the request, the layout needs minutes`,
          );
          // The layout would use a whole core for minutes; the ended worker's teardown (freeing its heap)
          // takes a moment on a loaded machine. So some second within the next five must be quiet.
          const spentPerSecond: number[] = [];
          for (let second = 0; second < 5 && !(spentPerSecond.at(-1)! < 400); second++) {
            const before = process.cpuUsage();
            await sleep(1000);
            const spent = process.cpuUsage(before);
            spentPerSecond.push(Math.round((spent.user + spent.system) / 1000));
          }
          assert.ok(
            spentPerSecond.at(-1)! < 400,
            `the process spent ${spentPerSecond.join(', ')} ms of CPU in each second after: the layout goes on`,
          );
          const small = await renderer.render({
            name: 'flow-mapping',
            body: { ...tangledFlowMap(), nodes: tangledFlowMap().nodes.slice(0, 3), edges: [] },
            limit: 3,
          });
          assert.match(small, /^<\?xml/);
        } finally {
          await renderer.close();
        }
      },
    );
  },
  { diagramBudgetMs: 1 },
);
