import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { PassThrough } from 'node:stream';
import { FAMILIES } from '../../../src/families/registry.js';
import { exportFamily } from '../../../src/features/transfer/export.js';
import { personIn, signIn } from '../../support/console.js';
import { describeEachDatabase } from '../../support/harness.js';
import { assertResponsive, STALL_TRIES, underProbe } from '../../support/probe.js';
import { STALL_SERVERS, TIMED_SEED } from '../../support/scale.js';

// The *.timed.test.ts files measure the event loop's stalls, as the CPU time the service ran
// while /healthz waited (test/support/probe.ts), so that the run's other jobs are not taken for them.

const SERVERS = STALL_SERVERS;
const MAX_WAIT_MS = 100;
/** The columns of the file: a server's own fields (its links would name another workspace's rows). */
const HEADERS = ['name', 'hostname', 'ipAddresses', 'os', 'osVersion', 'manufacturer', 'model', 'serialNumber'];

describeEachDatabase(
  'an import in the console does not stall the service',
  (h) => {
    const title = `${SERVERS.toLocaleString('en')} servers imported in the console`;
    it(`${title}, the service never holding /healthz over ${MAX_WAIT_MS} ms`, {
      timeout: 600_000,
    }, async () => {
      // The file: another workspace's servers, exported.
      const source = h.seeded;
      const servers = FAMILIES.find((family) => family.definition.path === '/servers')!;
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      await exportFamily(h.database, source.id, h.registry.serviceOf(servers), out, {
        format: 'csv',
        headers: HEADERS,
      });
      const file = Buffer.concat(chunks).toString('utf8');

      /** An admin of a new workspace, signed in to the console: each try imports into a workspace of its own. */
      const importer = async () => {
        const ws = await h.workspace();
        const client = await signIn(h, (await personIn(h, ws, 'admin', 'Ida Importer')).email);
        return (csv: string) =>
          client.call('POST', '/ui/api/import/servers?file=servers.csv', csv, { 'content-type': 'text/csv' });
      };
      // A small import first: the statements and the validators are ready.
      const warm = await (await importer())(`${HEADERS.join(',')}\nwarm-up,warm-up.example,,,,,,\n`);
      assert.equal(warm.statusCode, 200, warm.body);
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;

      const importers: Awaited<ReturnType<typeof importer>>[] = [];
      for (let made = 0; made < STALL_TRIES; made += 1) importers.push(await importer());
      const { result, delay, tries } = await underProbe(base, MAX_WAIT_MS, async (attempt) => {
        const answer = await importers[attempt]!(file);
        assert.equal(answer.statusCode, 200, answer.body.slice(0, 300));
        assert.equal((answer.json() as { created: number }).created, SERVERS);
      });
      assertResponsive(result, delay, MAX_WAIT_MS, tries);
    });
  },
  {},
  { seeded: { size: SERVERS, seed: TIMED_SEED } },
);
