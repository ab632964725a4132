/**
 * Every SVG answer, on every route and prefix that draws one, is sent with nosniff and a
 * Content-Security-Policy that sandboxes it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId } from '../../../src/base/ids.js';
import { personIn, signIn } from '../../support/console.js';
import { describeEachDatabase } from '../../support/harness.js';
import { routedPaths } from '../../support/routes.js';
import { inlined } from '../../support/api-document.js';

const PICTURE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

describeEachDatabase('picture headers', (h) => {
  it(
    'every SVG answer, under /public/v1 and /ui/api/v1, ' +
      'is sent with X-Content-Type-Options: nosniff and a sandboxing Content-Security-Policy',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const member = await signIn(h, (await personIn(h, ws, 'admin')).email);

      // The picture routes the OpenAPI document declares (a `format` that can be svg), which the
      // console serves under /ui/api/v1 as well: the probe below must find each of them.
      const doc = inlined((await h.call('GET', '/openapi.json')).json()) as {
        paths: Record<string, { get?: { parameters?: { name: string; schema?: unknown }[] } }>;
      };
      const declared = Object.entries(doc.paths)
        .filter(([, item]) =>
          item.get?.parameters?.some(
            (parameter) => parameter.name === 'format' && JSON.stringify(parameter.schema).includes('"svg"'),
          ),
        )
        .map(([path]) => path);
      assert.ok(declared.length >= 12, `the dashboards and diagrams are declared pictures: ${declared.join(', ')}`);
      // The console's own views of the diagrams at scale (not in the public document) draw too.
      const consoleViews = [
        '/ui/api/diagrams/capacity-map/largest',
        '/ui/api/diagrams/flow-mapping/categories',
        '/ui/api/diagrams/network-mapping/networks',
      ];
      const expected = [
        ...declared.flatMap((path) => [path, path.replace(/^\/public\/v1\//, '/ui/api/v1/')]),
        ...consoleViews,
      ];

      // Every GET route the app has, asked for a picture both ways; whatever answers an SVG is checked.
      const drawn = new Set<string>();
      for (const route of routedPaths(h.app, 'GET')) {
        const url = route.replace(/:[A-Za-z0-9_]+/g, () => newId()).replace(/\*/g, 'x');
        for (const ask of [
          { query: '?format=svg', accept: 'application/json' },
          { query: '', accept: 'image/svg+xml' },
        ]) {
          const headers = { accept: ask.accept };
          const response = url.startsWith('/public/')
            ? await h.call('GET', `${url}${ask.query}`, { key, headers })
            : await member.call('GET', `${url}${ask.query}`, undefined, headers);
          if (!/^image\/svg\+xml/i.test(String(response.headers['content-type']))) continue;
          drawn.add(route);
          const how = `${route} (${ask.query || `Accept: ${ask.accept}`})`;
          assert.equal(response.statusCode, 200, how);
          assert.equal(response.headers['x-content-type-options'], 'nosniff', how);
          assert.equal(response.headers['content-security-policy'], PICTURE_CSP, how);
        }
      }
      for (const path of expected) assert.ok(drawn.has(path), `${path} answers an SVG`);
      assert.deepEqual([...drawn].sort(), [...expected].sort(), 'no other route draws');

      // A JSON answer of a picture route is not a drawing: its headers stay the API's.
      const json = await h.call('GET', '/public/v1/dashboards/finance', { key });
      assert.match(String(json.headers['content-type']), /^application\/json/);
      assert.equal(json.headers['content-security-policy'], undefined);
    },
  );
});
