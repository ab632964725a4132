/**
 * Property-based fuzzing of every operation in /openapi.json with hostile input, sent with one
 * workspace's admin key: every answer is below 500, every error but 401 has the error shape
 * (docs/api.md), and nothing of a second workspace is shown or changed. FUZZ_RUNS sets the
 * requests per database.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';
import { inlined } from '../../support/api-document.js';

type Json = Record<string, any>;

const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: Json | undefined;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\r\n',
  '\t',
  '\u202e',
  'ünïcødé',
  '😀',
  'a'.repeat(3000),
  '../../etc/passwd',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE servers; --',
  '99999999999999999999',
  '-1',
  '0',
  '1e308',
  '-1e308',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '2026-12-31T23:59:60Z',
  '2026-02-30T00:00:00Z',
  '2026-01-01T00:00:00Z',
  '2026-01-01',
  'svc_live_fuzz',
  'javascript:alert(1)',
  'https://example.test',
  '10.0.0.1',
  '10.0.0.0/8',
  '::1',
  'production',
  'admin',
  'name',
  '-name',
  'read',
  'USD',
  'Europe/Paris',
  '#ffffff',
  '01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70',
  '00000000-0000-0000-0000-000000000000',
];
const HOSTILE_NUMBERS = [0, -1, 1, 5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, Math.PI];

/** Every string value arbitrary: hostile constants, ids of both workspaces, random text. */
function stringArb(ids: string[]) {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...ids),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
}

function valueArb(ids: string[]): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    stringArb(ids),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  );
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
  );
}

/** Percent-encodes for a URL; a lone surrogate (which encodeURIComponent refuses) becomes its raw UTF-8-like bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

async function operations(h: Harness): Promise<Operation[]> {
  const doc = inlined((await h.call('GET', '/openapi.json')).json()) as Json;
  const result: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      const query = (operation.parameters ?? [])
        .filter((p: Json) => p.in === 'query')
        .map((p: Json) => p.name as string);
      result.push({
        method: method.toUpperCase(),
        path,
        query,
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return result;
}

/** Everything of workspace B that A must never see or change. */
async function snapshot(h: Harness, workspaceId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [
    'applications',
    'servers',
    'networks',
    'routers',
    'workstations',
    'data_objects',
    'contracts',
    'flows',
    'categories',
    'tags',
    'teams',
    'announcements',
    'members',
    'audit_events',
    'discovered_applications',
    'agents',
  ]) {
    const row = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE workspace_id = ${workspaceId}`.execute(h.database.db);
    counts[table] = Number(row.rows[0]!.n);
  }
  const tenant = await h.database.db
    .selectFrom('workspaces')
    .select(['name', 'updated_at'])
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  counts[`tenant ${tenant.name} ${tenant.updated_at}`] = 1;
  return counts;
}

/** A small inventory in a workspace, named with `marker`; returns the ids made. */
async function populate(h: Harness, ws: Workspace, key: string, marker: string): Promise<string[]> {
  const post = async (path: string, body: Json) =>
    (await h.call('POST', `/public/v1/${path}`, { key, body })).json().id as string;
  const application = await post('applications', { name: `${marker} app` });
  const other = await post('applications', { name: `${marker} other app` });
  const ids = [
    application,
    other,
    await post('servers', { name: `${marker} server` }),
    await post('tags', { name: `${marker}-tag` }),
    await post('categories', { name: `${marker} category` }),
    await post('teams', { name: `${marker} team` }),
    await post('networks', { name: `${marker} net`, cidr: '10.7.0.0/16' }),
    await post('routers', { name: `${marker} router` }),
    await post('workstations', { name: `${marker} ws` }),
    await post('data', { name: `${marker} data` }),
    await post('contracts', { name: `${marker} contract`, vendor: 'V', startDate: '2026-01-01' }),
    await post('flows', { name: `${marker} flow`, sourceApplicationId: application, targetApplicationId: other }),
    await post('announcements', { title: `${marker} news`, body: 'b' }),
    ws.admin.id,
    ws.admin.userId,
  ];
  const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: `${marker} agent` });
  const report = await h.call('POST', '/agent/v1/report', {
    headers: { authorization: `Bearer ${agent.token}` },
    body: {
      host: { hostname: `${marker}-host`, kind: 'server' },
      software: [{ name: `${marker}-pkg`, vendor: 'V', version: '1' }],
    },
  });
  ids.push(report.json().id, agent.id);
  const discovered = (await h.call('GET', '/public/v1/discovered-applications', { key })).json().data as Json[];
  ids.push(...discovered.map((d) => d.id as string));
  return ids;
}

/** JSON keys of references that do not end in Id: the diagrams' nodes, edges and cells, a session's creator. */
const REFERENCE_KEYS = new Set(['source', 'target', 'row', 'column', 'unplaced', 'createdBy']);

/** Whether a JSON key holds references: an id there names a record, never text a client wrote. */
function isIdKey(key: string): boolean {
  return key === 'id' || /Ids?$/.test(key) || REFERENCE_KEYS.has(key);
}

/**
 * Each of B's ids in an answer, with the JSON key holding it (array items take their array's key;
 * a body that is not JSON counts as one value under the key "").
 */
function bIdsShown(body: string, idsB: string[]): { id: string; key: string }[] {
  const found: { id: string; key: string }[] = [];
  const visit = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      for (const id of idsB) if (value.includes(id)) found.push({ id, key });
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
    } else if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) {
        for (const id of idsB) if (name.includes(id)) found.push({ id, key: 'id' });
        visit(item, name);
      }
    }
  };
  try {
    visit(JSON.parse(body), '');
  } catch {
    visit(body, '');
  }
  return found;
}

describeEachDatabase('fuzz: hostile requests on every operation', (h) => {
  it(`${RUNS} generated requests: no 5xx, errors in shape, nothing of another workspace shown or changed`, async () => {
    const a = await h.workspace('Fuzz A');
    const keyA = (await h.key(a)).secret;
    const b = await h.workspace('Fuzz B');
    const keyB = (await h.key(b)).secret;
    const idsA = await populate(h, a, keyA, 'alpha');
    const idsB = await populate(h, b, keyB, 'zulu-secret-marker');
    const agentA = await enrollAgent(h.database, { workspaceId: a.id, name: 'fuzz agent' });
    const before = await snapshot(h, b.id);
    const ops = await operations(h);
    const ids = [...idsA, ...idsB];

    const requestArb = fc.record({
      op: fc.constantFrom(...ops),
      params: fc.array(
        fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...ids) },
          { weight: 1, arbitrary: fc.uuid() },
          { weight: 2, arbitrary: stringArb(ids).map(encode) },
        ),
        { minLength: 3, maxLength: 3 },
      ),
      query: fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              'limit',
              'offset',
              'q',
              'sort',
              'from',
              'to',
              'cursor',
              'unknownParam',
              'environment',
              'status',
              'root',
            ),
            fc.string({ maxLength: 6 }),
          ),
          stringArb(ids),
        ),
        { maxLength: 3 },
      ),
      useDeclaredQuery: fc.boolean(),
      body: fc.oneof(
        {
          weight: 4,
          arbitrary: fc.dictionary(
            fc.oneof(
              fc.constantFrom(
                'name',
                'title',
                'body',
                'description',
                'url',
                'role',
                'status',
                'applicationId',
                'parentId',
                'cidr',
                'startDate',
                'startsAt',
                'host',
                'software',
                'userCount',
                'extraField',
              ),
              fc.string({ maxLength: 6 }),
            ),
            valueArb(ids),
            { maxKeys: 5 },
          ),
        },
        { weight: 1, arbitrary: valueArb(ids) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom('{"name":', 'not json', '[1,2', '{"a":1}{') },
      ),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
      ),
    });

    const failures: string[] = [];
    /**
     * B's ids in the body of a write of A's that succeeded: A may have stored one as text (a name,
     * its workspace's name) and see it again.
     */
    const storedB = new Set<string>();
    await fc
      .assert(
        fc.asyncProperty(requestArb, async ({ op, params, query, useDeclaredQuery, body, contentType }) => {
          let i = 0;
          const path = op.path.replace(/\{[^}]+\}/g, () => params[i++ % params.length]!);
          const pairs = query.map(
            ([name, value], n) =>
              [useDeclaredQuery && op.query.length ? op.query[n % op.query.length]! : name, value] as const,
          );
          const search = pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
          const url = `${path}${search ? `?${search}` : ''}`;
          const isRaw = typeof body === 'string' && ['{"name":', 'not json', '[1,2', '{"a":1}{'].includes(body);
          const payload = body === undefined ? undefined : isRaw ? (body as string) : JSON.stringify(body);
          const headers: Record<string, string> = {
            authorization: `Bearer ${path.startsWith('/agent/') ? agentA.token : keyA}`,
          };
          if (payload !== undefined) headers['content-type'] = contentType;
          const res = await h.app.inject({
            method: op.method as 'GET',
            url,
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          const sent = `${op.method} ${url.slice(0, 200)} ${String(payload).slice(0, 200)}`;
          const where = `${sent} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) failures.push(`5xx: ${where}`);
          if (res.statusCode >= 400 && res.statusCode !== 401) {
            let parsed: Json | undefined;
            try {
              parsed = res.json();
            } catch {
              parsed = undefined;
            }
            const shaped =
              parsed &&
              typeof parsed.code === 'string' &&
              typeof parsed.message === 'string' &&
              parsed.status === res.statusCode &&
              Object.keys(parsed).length === 3;
            if (!shaped) failures.push(`not the error shape: ${where}`);
          }
          const echoed = (id: string) => url.includes(id) || String(payload).includes(id);
          const leak =
            res.body.includes('zulu-secret-marker') ||
            bIdsShown(res.body, idsB).some(({ id, key }) => !echoed(id) && (isIdKey(key) || !storedB.has(id)));
          if (leak) failures.push(`shows workspace B: ${where}`);
          if (op.method !== 'GET' && op.method !== 'DELETE' && res.statusCode < 300)
            for (const id of idsB) if (String(payload).includes(id)) storedB.add(id);
          return failures.length === 0;
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31), endOnFailure: true },
      )
      .catch((error: Error) => {
        throw new Error(`${failures.join('\n')}\n${error.message.split('\n').slice(0, 3).join('\n')}`);
      });
    assert.deepEqual(await snapshot(h, b.id), before, 'workspace B is unchanged');
  });
});
