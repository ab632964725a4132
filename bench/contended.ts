/**
 * Contended writes (issue 8): BENCH_CONNECTIONS connections PATCH applications, half of the
 * requests on 10 hot applications and half spread over 1,000 cold ones, all in one workspace, on
 * SQLite and (with BENCH_PG_URL) PostgreSQL. Reports writes/s, p50/p99 and the write helper's
 * retries/s (src/db/write.ts), and checks afterwards that the audit log replays to the stored
 * userCount of every hot application (nothing lost under contention).
 *
 *   npm run bench:contended
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:contended
 */
import { writeTransaction, writeStatistics } from '../src/db/write.js';
import { applications as applicationFamily } from '../src/applications/applications.module.js';
import { serviceOf } from '../src/families.js';
import { CLI_ACTOR } from '../src/audit/audit.types.js';
import type { LoadSummary } from './load-child.js';
import {
  connectProbe,
  environment,
  fmt,
  forEachBenchDialect,
  intEnv,
  runChild,
  serverVersionOf,
  startApp,
  waitForIdle,
  writeJson,
} from './common.js';

const SECONDS = intEnv('BENCH_SECONDS', 10);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 50);
const HOT = intEnv('BENCH_HOT', 10);
const COLD = intEnv('BENCH_COLD', 1000);

const applications = serviceOf(applicationFamily);

await forEachBenchDialect(async ({ dialect, url, database, workspace, key }) => {
  {
    const ids: string[] = [];
    await writeTransaction(database, workspace.id, async (trx) => {
      for (let i = 0; i < HOT + COLD; i += 1)
        ids.push(
          (
            await applications.createIn(
              trx,
              workspace.id,
              { name: `${i < HOT ? 'hot' : 'cold'} ${i}`, userCount: 0 },
              CLI_ACTOR,
            )
          ).id as string,
        );
    });
    const { app, base } = await startApp(database);
    const probe = dialect === 'postgres' ? await connectProbe(url) : undefined;
    const retriesBefore = writeStatistics.retries;
    const run = await runChild<{ summary: LoadSummary }>({
      kind: 'patch',
      url: base,
      headers: { authorization: `Bearer ${key.secret}` },
      connections: CONNECTIONS,
      seconds: SECONDS,
      paths: ids.map((id) => `/public/v1/applications/${id}`),
      hot: HOT,
      hotShare: 0.5,
    });
    await waitForIdle(probe);
    const retries = writeStatistics.retries - retriesBefore;
    const { summary } = run.answer;
    const writes = summary.statusCodes['200'] ?? 0;

    // Nothing lost: each hot application's userCount is the after of its newest audited update.
    let lost = 0;
    for (const id of ids.slice(0, HOT)) {
      const stored = await applications.get(database, workspace.id, id);
      const newest = await database.db
        .selectFrom('audit_events')
        .select('changes')
        .where('workspace_id', '=', workspace.id)
        .where('resource_id', '=', id)
        .where('action', '=', 'update')
        .orderBy('timestamp', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const after = newest?.changes
        ? (JSON.parse(newest.changes) as { userCount?: { after: number } }).userCount?.after
        : 0;
      if (stored.userCount !== after) lost += 1;
    }
    const report = {
      dialect,
      date: new Date().toISOString(),
      server: await serverVersionOf(database, dialect),
      environment: environment(),
      connections: CONNECTIONS,
      seconds: SECONDS,
      hot: HOT,
      cold: COLD,
      writesPerSecond: writes / summary.durationSeconds,
      p50: summary.latencyP50,
      p99: summary.latencyP99,
      retriesPerSecond: retries / summary.durationSeconds,
      statusCodes: summary.statusCodes,
      errors: summary.errors,
      hotApplicationsDisagreeingWithAudit: lost,
    };
    console.log(
      `${dialect}: ${fmt(report.writesPerSecond, 0)} writes/s, p50 ${summary.latencyP50} ms, p99 ${summary.latencyP99} ms, ${fmt(report.retriesPerSecond, 2)} retries/s, status ${JSON.stringify(summary.statusCodes)}, lost ${lost}`,
    );
    console.log(`  results: ${writeJson('contended', report)}`);
    await probe?.end();
    await app.close();
  }
});
