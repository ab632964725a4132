/**
 * Contended writes: connections PATCH the userCount of applications of one workspace, half of the
 * requests on 10 hot applications and half spread over the cold ones. Writes/s, latency, the write helper's
 * retries (src/db/write.ts), and a check that each hot application's stored userCount is the `after` of its
 * newest audited update: nothing lost under contention.
 */
import { writeStatistics } from '../src/db/write.js';
import { type Scenario, child, fmt, startApp, waitForIdle, withWorkspace } from './harness.js';

const HOT = 10;

export const scenario: Scenario = {
  title: 'Contended writes: PATCH applications, half of them on 10 hot rows',
  defaults: (quick) => ({
    size: quick ? 100 : 1000,
    seconds: quick ? 2 : 10,
  }),
  run: (bench) =>
    withWorkspace(bench, async ({ database, workspaceId, auth, url: dbUrl }) => {
      const { size: cold, seconds, connections } = bench.settings;
      const { app, base } = await startApp(database);
      try {
        const ids: string[] = [];
        for (let i = 0; i < HOT + cold; i++) {
          const payload = { name: `${i < HOT ? 'hot' : 'cold'} ${i}`, userCount: 0 };
          const response = await app.inject({ method: 'POST', url: '/public/v1/applications', headers: auth, payload });
          ids.push(response.json().id);
        }
        const retries = writeStatistics.retries;
        const paths = ids.map((id) => `/public/v1/applications/${id}`);
        const run = await child({ kind: 'patch', url: base, headers: auth, connections, seconds, paths, hot: HOT })
          .result;
        await waitForIdle(dbUrl);
        const writes = (run.statusCodes['200'] ?? 0) / seconds;
        const retriesPerSecond = (writeStatistics.retries - retries) / seconds;

        let lost = 0;
        for (const id of ids.slice(0, HOT)) {
          const stored = (await app.inject({ url: `/public/v1/applications/${id}`, headers: auth })).json().userCount;
          const newest = await database.db
            .selectFrom('audit_events')
            .select('changes')
            .where('workspace_id', '=', workspaceId)
            .where('resource_id', '=', id)
            .where('action', '=', 'update')
            .orderBy('timestamp', 'desc')
            .orderBy('id', 'desc')
            .executeTakeFirst();
          if (stored !== (newest?.changes ? JSON.parse(newest.changes).userCount?.after : 0)) lost++;
        }
        console.log(
          `  ${fmt(writes, 0)} writes/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${JSON.stringify(run.statusCodes)}`,
        );
        const failed = lost > 0 || run.errors > 0 || Object.keys(run.statusCodes).some((code) => code !== '200');
        return {
          failed,
          notes: failed ? [`FAIL: ${lost} hot applications disagree with their audit log; ${JSON.stringify(run)}`] : [],
          tables: [
            {
              title: `${connections} connections × ${seconds} s, ${HOT} hot and ${cold} cold applications`,
              columns: ['writes/s', 'p50 ms', 'p99 ms', 'retries/s', 'hot rows disagreeing with the audit log'],
              rows: [[fmt(writes, 0), String(run.p50), String(run.p99), fmt(retriesPerSecond, 2), String(lost)]],
            },
          ],
        };
      } finally {
        await app.close();
      }
    }),
};
