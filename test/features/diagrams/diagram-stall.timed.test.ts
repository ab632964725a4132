import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { describeEachDatabase } from '../../support/harness.js';
import { assertResponsive, underProbe } from '../../support/probe.js';
import { STALL_SERVERS, TIMED_SEED } from '../../support/scale.js';

// The *.timed.test.ts files measure the event loop's stalls, as the CPU time the service ran
// while /healthz waited (test/support/probe.ts), so that the run's other jobs are not taken for them.

const SERVERS = STALL_SERVERS;
const MAX_WAIT_MS = 100;

describeEachDatabase(
  'heavy requests do not stall the service',
  (h) => {
    it(`with ${SERVERS.toLocaleString('en')} servers seeded, the flow-mapping and network-mapping pictures ` +
      `at limit 2000 and a network's hosts answer while the service never holds /healthz over ${MAX_WAIT_MS} ms`, {
      timeout: 600_000,
    }, async () => {
      const ws = h.seeded;
      const key = (await h.key(ws)).secret;
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
      const get = async (path: string) => {
        const response = await fetch(`${base}/public/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
        return { status: response.status, body: await response.text() };
      };
      const network = (JSON.parse((await get('/networks?limit=1&sort=cidr')).body) as { data: { id: string }[] })
        .data[0]!;
      const requests = [
        '/diagrams/flow-mapping?limit=2000&format=svg',
        '/diagrams/network-mapping?limit=2000&format=svg',
        '/diagrams/flow-mapping?limit=2000',
        '/diagrams/network-mapping?limit=2000',
        `/networks/${network.id}/hosts`,
      ];
      // One answer of each first: connections, statements and the render workers are warm.
      for (const path of requests) await get(path);

      const { result, delay, tries } = await underProbe(base, MAX_WAIT_MS, async () => {
        const answers = [];
        for (const path of requests) answers.push({ path, ...(await get(path)) });
        for (const { path, status, body } of answers) {
          if (status === 422) assert.equal((JSON.parse(body) as { code: string }).code, 'diagram_too_large', path);
          else assert.equal(status, 200, `${path}: ${body.slice(0, 200)}`);
        }
        assert.ok(JSON.parse(answers.at(-1)!.body).length > 0, 'the network has hosts');
      });
      assertResponsive(result, delay, MAX_WAIT_MS, tries);
    });
  },
  {},
  { seeded: { size: SERVERS, seed: TIMED_SEED } },
);
