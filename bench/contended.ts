// Contended writes: PATCHes of applications, half on 10 hot rows: writes/s, latency, the write helper's retries,
// and no write lost (each hot row as its newest audited update says). `npm run bench -- contended [--size COLD]`.
import { sql } from 'kysely';
import { writeStatistics } from '../src/base/db/write.js';
import { type Scenario, child, fmt, inWorkspace, inject, startApp, waitForIdle } from './harness.js';

const HOT = 10;
const COLUMNS = ['writes/s', 'p50 ms', 'p99 ms', 'retries/s', 'hot rows disagreeing with the audit log'];

export const scenario: Scenario = {
  title: 'Contended writes: PATCH applications, half of them on 10 hot rows',
  defaults: (quick) => ({ size: quick ? 100 : 1000, seconds: quick ? 2 : 10 }),
  run: inWorkspace(async (workspace, report, { settings: { size: cold, seconds, connections } }) => {
    const { database, workspaceId, auth } = workspace;
    const { app, base } = await startApp(workspace);
    const ids: string[] = [];
    for (let i = 0; i < HOT + cold; i++) {
      const payload = { name: `${i < HOT ? 'hot' : 'cold'} ${i}`, userCount: 0 };
      const response = await app.inject({ method: 'POST', url: '/public/v1/applications', headers: auth, payload });
      ids.push(response.json<{ id: string }>().id);
    }
    const retries = writeStatistics.retries;
    const paths = ids.map((id) => `/public/v1/applications/${id}`);
    const run = await child({ kind: 'patch', url: base, headers: auth, connections, seconds, paths, hot: HOT }).result;
    await waitForIdle(workspace.url);
    const writes = (run.statusCodes['200'] ?? 0) / seconds;
    const retriesPerSecond = (writeStatistics.retries - retries) / seconds;
    let lost = 0;
    for (const [i, id] of ids.slice(0, HOT).entries()) {
      const stored = (await inject(app, paths[i]!, auth)).json<{ userCount: number }>().userCount;
      const { rows } = await sql<{ changes: string | null }>`SELECT changes FROM audit_events
          WHERE workspace_id = ${workspaceId} AND resource_id = ${id} AND action = 'update'
          ORDER BY "timestamp" DESC, id DESC LIMIT 1`.execute(database.db);
      if (stored !== (rows[0]?.changes ? JSON.parse(rows[0].changes).userCount?.after : 0)) lost++;
    }
    const row = [fmt(writes, 0), run.p50, run.p99, fmt(retriesPerSecond, 2), lost];
    const title = `${connections} connections × ${seconds} s, ${HOT} hot and ${cold} cold applications`;
    report.table(title, COLUMNS, [row]);
    if (lost > 0 || run.errors > 0 || Object.keys(run.statusCodes).some((code) => code !== '200'))
      report.fail(`${lost} hot applications disagree with their audit log; ${JSON.stringify(run)}`);
  }),
};
