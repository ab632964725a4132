/**
 * Every write reads, checks and writes as if it were alone (writes are serialised per workspace,
 * src/base/db/write.ts), tried the way real clients race: many parallel requests on one resource, on
 * both databases, and through two app instances with their own connections to one database.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { ReportResult } from '../../../src/features/agents/report.schemas.js';
import { applications as applicationFamily } from '../../../src/families/applications/applications.module.js';
import { Application } from '../../../src/families/applications/applications.schemas.js';
import { AuditList, type AuditEvent } from '../../../src/base/audit/audit.schemas.js';
import { categories, Category } from '../../../src/families/categories/categories.module.js';
import { discoveredListing } from '../../../src/features/discovered/discovered-applications.module.js';
import { FAMILIES } from '../../../src/families/registry.js';
import { Server, servers as serverFamily } from '../../../src/families/servers/servers.module.js';
import { memberListing } from '../../../src/features/accounts/members/memberships.js';
import { Tag } from '../../../src/families/tags/tags.schemas.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { buildApp, type App } from '../../../src/surfaces/server/app.js';
import { ErrorBody, toApiError } from '../../../src/base/http/errors.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { auditFeedPoller } from '../../support/feed.js';
import { describeEachDatabase, type Harness, type Workspace, serviceFamilies } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

type Json = Record<string, any>;

const MemberList = memberListing.listSchema;
const DiscoveredList = discoveredListing.listSchema;
/** The item schema of the family at `/public/v1/{path}`. */
const itemOf = (path: string) =>
  FAMILIES.find((family) => family.definition.path === `/${path}`)!.definition.schemas.item;

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();
const count = (values: number[], status: number) => values.filter((v) => v === status).length;

function assertNo5xx(responses: LightMyRequestResponse[]) {
  const failed = responses.filter((r) => r.statusCode >= 500);
  assert.equal(failed.length, 0, `5xx answers: ${failed.map((r) => r.body).join(' | ')}`);
}

/** Every audit event of one resource, oldest first. */
async function historyOf(h: Harness, key: string, resourceType: string, resourceId: string): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let cursor: string | undefined;
  do {
    const page = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', {
        key,
        query: { resourceType, resourceId, limit: '200', ...(cursor ? { cursor } : {}) },
      }),
    );
    events.push(...page.data);
    cursor = page.hasMore ? page.nextCursor : undefined;
  } while (cursor);
  return events.reverse();
}

/**
 * The audit log is the true history: replaying the update events over the created resource
 * gives the stored resource, and each event's `before` is the state the previous one left.
 */
function assertHistoryReplays(created: Json, events: AuditEvent[], stored: Json, fields: string[]) {
  const state: Json = { ...created };
  for (const event of events.filter((e) => e.action === 'update')) {
    for (const [field, change] of Object.entries<Json>(event.changes ?? {})) {
      if (!fields.includes(field)) continue;
      assert.deepEqual(
        state[field] ?? null,
        change.before,
        `before of ${field} in event ${event.id} is the previous after`,
      );
      state[field] = change.after;
    }
  }
  for (const field of fields)
    assert.deepEqual(stored[field] ?? null, state[field] ?? null, `${field} as the audit log tells`);
}

/** Minimal create bodies and free-text fields of every family with PATCH (a new family must be added here). */
async function families(
  h: Harness,
  key: string,
): Promise<Record<string, { body: Json; fields: string[]; resourceType: string; nameField?: string }>> {
  const app = async (name: string) =>
    bodyOf(Application, await h.call('POST', '/public/v1/applications', { key, body: { name } })).id;
  return {
    applications: {
      body: { name: 'App' },
      fields: ['name', 'description', 'vendor', 'version'],
      resourceType: 'application',
    },
    servers: {
      body: { name: 'srv' },
      fields: ['name', 'description', 'location', 'model', 'serialNumber'],
      resourceType: 'server',
    },
    networks: {
      body: { name: 'net', cidr: '10.9.0.0/24' },
      fields: ['name', 'location', 'description'],
      resourceType: 'network',
    },
    routers: { body: { name: 'rtr' }, fields: ['name', 'model', 'location', 'description'], resourceType: 'router' },
    workstations: {
      body: { name: 'ws' },
      fields: ['name', 'model', 'location', 'serialNumber'],
      resourceType: 'workstation',
    },
    data: { body: { name: 'Customers' }, fields: ['name', 'description'], resourceType: 'data_object' },
    contracts: {
      body: { name: 'C', vendor: 'V', startDate: '2026-01-01' },
      fields: ['name', 'vendor', 'reference', 'description'],
      resourceType: 'contract',
    },
    flows: {
      body: { name: 'F', sourceApplicationId: await app('Source'), targetApplicationId: await app('Target') },
      fields: ['name', 'description'],
      resourceType: 'flow',
    },
    categories: { body: { name: 'Cat' }, fields: ['name', 'description'], resourceType: 'category' },
    teams: { body: { name: 'Team' }, fields: ['name', 'description'], resourceType: 'team' },
    announcements: { body: { title: 'T', body: 'B' }, fields: ['title', 'body'], resourceType: 'announcement' },
  };
}

/** A second Estate instance: its own app and its own connections to the same database. */
async function secondInstance(h: Harness): Promise<{ app: App; close(): Promise<void> }> {
  const database = openDatabase(h.url);
  const app = await buildApp({ database });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describeEachDatabase('concurrency: every write as if alone', (h) => {
  let ws: Workspace;
  let key: string;
  const patch = (path: string, body: Json) => h.call('PATCH', path, { key, body });

  it(
    '50 parallel PATCHes of different fields of one application: ' +
      'every field survives; the audit log replays to the stored state',
    async () => {
      ws = await h.workspace();
      key = (await h.key(ws)).secret;
      // Created with values that no PATCH below writes, so a reverted field shows.
      const created = bodyOf(
        Application,
        await h.call('POST', '/public/v1/applications', {
          key,
          body: {
            name: 'CRM',
            lifecycleStatus: 'plan',
            criticality: 'low',
            hostingType: 'saas',
            businessValue: 1,
            technicalFit: 1,
            userCount: 0,
          },
        }),
      );
      const choices: Record<string, unknown[]> = {
        lifecycleStatus: ['phase_in', 'active', 'phase_out', 'end_of_life'],
        criticality: ['medium', 'high', 'critical'],
        hostingType: ['on_premise', 'hybrid'],
        businessValue: [2, 3, 4, 5],
        technicalFit: [2, 3, 4, 5],
      };
      const fields = [
        'description',
        'vendor',
        'version',
        'url',
        'lifecycleStatus',
        'criticality',
        'hostingType',
        'businessValue',
        'technicalFit',
        'userCount',
      ];
      const value = (field: string, i: number): unknown =>
        choices[field]?.[i % choices[field]!.length] ??
        (field === 'url' ? `https://crm-${i}.example.test` : field === 'userCount' ? 100 + i : `${field}-${i}`);
      const written = new Map<string, unknown[]>(fields.map((f) => [f, []]));
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const field = fields[i % fields.length]!;
          written.get(field)!.push(value(field, i));
          return patch(`/public/v1/applications/${created.id}`, { [field]: value(field, i) });
        }),
      );
      assertNo5xx(responses);
      assert.deepEqual([...new Set(statuses(responses))], [200], responses.find((r) => r.statusCode !== 200)?.body);
      const stored: Json = bodyOf(Application, await h.call('GET', `/public/v1/applications/${created.id}`, { key }));
      for (const field of fields)
        assert.ok(
          written.get(field)!.includes(stored[field]),
          `${field} holds a written value, not the reverted ${JSON.stringify(stored[field])}`,
        );
      assertHistoryReplays(created, await historyOf(h, key, 'application', created.id), stored, fields);
    },
  );

  it(
    '250 parallel PATCHes of userCount: ' +
      "each update's before is the previous update's after; one event per real change",
    async () => {
      const created = bodyOf(
        Application,
        await h.call('POST', '/public/v1/applications', { key, body: { name: 'Counted', userCount: 0 } }),
      );
      const responses = await Promise.all(
        Array.from({ length: 250 }, (_, i) =>
          patch(`/public/v1/applications/${created.id}`, { userCount: (i % 7) + 1 }),
        ),
      );
      assertNo5xx(responses);
      const history = await historyOf(h, key, 'application', created.id);
      const stored: Json = bodyOf(Application, await h.call('GET', `/public/v1/applications/${created.id}`, { key }));
      assertHistoryReplays(created, history, stored, ['userCount']);
      for (const event of history.filter((e) => e.action === 'update'))
        assert.notDeepEqual(
          event.changes!.userCount!.before,
          event.changes!.userCount!.after,
          'no event without a change',
        );
    },
  );

  it('50 parallel DELETEs of one resource, in every family: one 204, the others 404, one delete event', async () => {
    for (const [path, family] of Object.entries(await families(h, key))) {
      const created: Json = bodyOf(
        itemOf(path),
        await h.call('POST', `/public/v1/${path}`, { key, body: family.body }),
      );
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => h.call('DELETE', `/public/v1/${path}/${created.id}`, { key })),
      );
      assertNo5xx(responses);
      const answered = statuses(responses);
      assert.equal(count(answered, 204), 1, `${path}: one 204`);
      assert.equal(count(answered, 404), 49, `${path}: the others 404`);
      const deletes = (await historyOf(h, key, family.resourceType, created.id)).filter((e) => e.action === 'delete');
      assert.equal(deletes.length, 1, `${path}: one delete event`);
    }
  });

  it('parallel PATCHes of different fields, in every family: nothing lost, the audit log replays', async () => {
    for (const [path, family] of Object.entries(await families(h, key))) {
      const created: Json = bodyOf(
        itemOf(path),
        await h.call('POST', `/public/v1/${path}`, { key, body: family.body }),
      );
      const responses = await Promise.all(
        Array.from({ length: family.fields.length * 5 }, (_, i) => {
          const field = family.fields[i % family.fields.length]!;
          return patch(`/public/v1/${path}/${created.id}`, { [field]: `${field} ${i}` });
        }),
      );
      assertNo5xx(responses);
      assert.deepEqual([...new Set(statuses(responses))], [200], path);
      const stored: Json = bodyOf(itemOf(path), await h.call('GET', `/public/v1/${path}/${created.id}`, { key }));
      for (const field of family.fields)
        assert.match(String(stored[field]), new RegExp(`^${field} \\d+$`), `${path}.${field} survived`);
      assertHistoryReplays(created, await historyOf(h, key, family.resourceType, created.id), stored, family.fields);
    }
  });

  it('parallel link PUTs and unlink DELETEs: all 204, one link event and one unlink event', async () => {
    const application = bodyOf(
      Application,
      await h.call('POST', '/public/v1/applications', { key, body: { name: 'Linked' } }),
    );
    const tag = bodyOf(Tag, await h.call('POST', '/public/v1/tags', { key, body: { name: 'linked-once' } }));
    const path = `/public/v1/applications/${application.id}/tags/${tag.id}`;
    const links = await Promise.all(Array.from({ length: 50 }, () => h.call('PUT', path, { key })));
    assert.deepEqual([...new Set(statuses(links))], [204]);
    const unlinks = await Promise.all(Array.from({ length: 50 }, () => h.call('DELETE', path, { key })));
    assert.deepEqual([...new Set(statuses(unlinks))], [204]);
    const history = await historyOf(h, key, 'application', application.id);
    assert.equal(history.filter((e) => e.action === 'link').length, 1);
    assert.equal(history.filter((e) => e.action === 'unlink').length, 1);
  });

  it(
    'parallel PATCHes that each close a ring of 5 categories: ' +
      'at least one 422, no cycle stored, all still deletable',
    async () => {
      for (let round = 0; round < 5; round += 1) {
        const ring = await Promise.all(
          Array.from(
            { length: 5 },
            async (_, i) =>
              bodyOf(
                Category,
                await h.call('POST', '/public/v1/categories', { key, body: { name: `ring ${round}.${i}` } }),
              ).id,
          ),
        );
        const responses = await Promise.all(
          ring.map((id, i) => patch(`/public/v1/categories/${id}`, { parentId: ring[(i + 1) % ring.length] })),
        );
        assertNo5xx(responses);
        assert.ok(count(statuses(responses), 422) >= 1, 'closing the ring is refused');
        const parents = new Map<string, string | null>();
        for (const id of ring)
          parents.set(id, bodyOf(Category, await h.call('GET', `/public/v1/categories/${id}`, { key })).parentId);
        for (const start of ring) {
          const seen = new Set<string>();
          for (let at: string | null | undefined = start; at; at = parents.get(at)) {
            assert.ok(!seen.has(at), 'no category is its own ancestor');
            seen.add(at);
          }
        }
        const roots = bodyOf(
          categories.list,
          await h.call('GET', '/public/v1/categories', {
            key,
            query: { root: 'true', q: `ring ${round}.`, limit: '200' },
          }),
        );
        assert.ok(roots.pagination.total >= 1, 'the ring still has a root');
      }
    },
  );

  it('five admins demoted in parallel: four answer 200, one 422, and one admin is left', async () => {
    const workspace = await h.workspace('admins');
    const admin = (await h.key(workspace)).secret;
    for (let i = 0; i < 4; i += 1)
      await addMember(
        h.database,
        serviceFamilies,
        {
          workspaceId: workspace.id,
          email: `admin${i}-${workspace.id}@example.test`,
          name: `Admin ${i}`,
          role: 'admin',
        },
        CLI_ACTOR,
      );
    const members = bodyOf(
      MemberList,
      await h.call('GET', '/public/v1/members', { key: admin, query: { role: 'admin' } }),
    ).data;
    assert.equal(members.length, 5);
    const responses = await Promise.all(
      members.map((m) => h.call('PATCH', `/public/v1/members/${m.id}`, { key: admin, body: { role: 'write' } })),
    );
    assertNo5xx(responses);
    assert.deepEqual(statuses(responses), [200, 200, 200, 200, 422]);
    assert.equal(
      bodyOf(MemberList, await h.call('GET', '/public/v1/members', { key: admin, query: { role: 'admin' } })).pagination
        .total,
      1,
    );
  });

  it('100 parallel POST /tags with one name in several letter cases: one 201, others 422, never a 5xx', async () => {
    const names = ['Release-Train', 'release-train', 'RELEASE-TRAIN', 'Release-train'];
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        h.call('POST', '/public/v1/tags', { key, body: { name: names[i % names.length] } }),
      ),
    );
    assertNo5xx(responses);
    const answered = statuses(responses);
    assert.equal(count(answered, 201), 1);
    assert.equal(count(answered, 422), 99);
    for (const res of responses.filter((r) => r.statusCode === 422))
      assert.equal(bodyOf(ErrorBody, res).code, 'unprocessable_entity');
  });

  it('a constraint violation reaching the error handler is 422, never 500 (the database backs the rules)', async () => {
    const own = await h.workspace();
    const tag = bodyOf(
      Tag,
      await h.call('POST', '/public/v1/tags', { key: (await h.key(own)).secret, body: { name: 'constrained' } }),
    );
    const duplicate = {
      workspace_id: own.id,
      id: '01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70',
      name: 'CONSTRAINED',
      name_key: 'constrained',
      colour: '#000000',
      description: null,
      created_at: tag.createdAt,
    };
    const unique = await h.database.db
      .insertInto('tags')
      .values(duplicate)
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    assert.ok(unique, 'the unique index refuses a second tag with the same folded name');
    assert.deepEqual(toApiError(unique).toBody().status, 422);
    const foreign = await h.database.db
      .insertInto('application_tags')
      .values({ workspace_id: own.id, application_id: duplicate.id, tag_id: tag.id, created_at: tag.createdAt })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    assert.ok(foreign, 'the foreign key refuses a link to a missing application');
    assert.equal(toApiError(foreign).status, 422);
  });

  it('tag names are unique by one case folding on both databases, beyond ASCII', async () => {
    assert.equal((await h.call('POST', '/public/v1/tags', { key, body: { name: 'Ärger' } })).statusCode, 201);
    assert.equal((await h.call('POST', '/public/v1/tags', { key, body: { name: 'ärger' } })).statusCode, 422);
    assert.equal((await h.call('POST', '/public/v1/tags', { key, body: { name: 'ΣΟΦΙΑ' } })).statusCode, 201);
    assert.equal((await h.call('POST', '/public/v1/tags', { key, body: { name: 'σοφια' } })).statusCode, 422);
  });

  it('50 parallel reports from one agent: one automatic host, install counts exact, one create event', async () => {
    const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'racing agent' });
    const report = (packages: string[]) =>
      h.call('POST', '/agent/v1/report', {
        headers: { authorization: `Bearer ${agent.token}` },
        body: {
          host: { hostname: 'race-01', kind: 'server', os: 'Debian GNU/Linux' },
          software: packages.map((name) => ({ name, vendor: 'Race Inc.', version: '1.0' })),
        },
      });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => report(i % 2 ? ['nginx', 'openssl'] : ['nginx', 'OpenSSL', 'curl'])),
    );
    assertNo5xx(responses);
    assert.deepEqual([...new Set(statuses(responses))], [200]);
    assert.equal(new Set(responses.map((r) => bodyOf(ReportResult, r).id)).size, 1, 'one host id answered');
    const servers = bodyOf(
      serverFamily.list,
      await h.call('GET', '/public/v1/servers', { key, query: { q: 'race-01' } }),
    );
    assert.equal(servers.pagination.total, 1);
    const discovered = bodyOf(
      DiscoveredList,
      await h.call('GET', '/public/v1/discovered-applications', {
        key,
        query: { serverId: servers.data[0]!.id, limit: '200' },
      }),
    ).data;
    const live = discovered.filter((d) => !d.missingSince);
    assert.equal(live.length, new Set(live.map((d) => d.name.toLowerCase())).size, 'each package listed once');
    for (const entry of live) assert.equal(entry.installCount, 1, `${entry.name} counted once`);
    const creates = (await historyOf(h, key, 'server', servers.data[0]!.id)).filter((e) => e.action === 'create');
    assert.equal(creates.length, 1);
  });

  it('one agent reports one host: a new hostname renames it (audited), a different kind is a 422', async () => {
    const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'renaming agent' });
    const report = (hostname: string, kind = 'server') =>
      h.call('POST', '/agent/v1/report', {
        headers: { authorization: `Bearer ${agent.token}` },
        body: { host: { hostname, kind }, software: [] },
      });
    const first = bodyOf(ReportResult, await report('old-name'));
    const renamed = await report('new-name');
    assert.equal(renamed.statusCode, 200);
    assert.equal(bodyOf(ReportResult, renamed).id, first.id);
    const server = bodyOf(Server, await h.call('GET', `/public/v1/servers/${first.id}`, { key }));
    assert.equal(server.name, 'new-name');
    assert.equal(
      bodyOf(serverFamily.list, await h.call('GET', '/public/v1/servers', { key, query: { q: 'old-name' } })).pagination
        .total,
      0,
    );
    const rename = (await historyOf(h, key, 'server', first.id)).at(-1)!;
    assert.deepEqual(rename.changes!.hostname, { before: 'old-name', after: 'new-name' });
    const otherKind = await report('new-name', 'workstation');
    assert.equal(otherKind.statusCode, 422);
    assert.match(bodyOf(ErrorBody, otherKind).message, /kind/);
  });

  it(
    'POST /discovered-applications/{id}/application: ' +
      'a second call is a 422, in parallel too; a body field is a 400',
    async () => {
      const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'triage agent' });
      await h.call('POST', '/agent/v1/report', {
        headers: { authorization: `Bearer ${agent.token}` },
        body: {
          host: { hostname: 'triage-01', kind: 'server' },
          software: [{ name: 'grafana', vendor: 'Grafana Labs', version: '11' }],
        },
      });
      const [entry] = bodyOf(
        DiscoveredList,
        await h.call('GET', '/public/v1/discovered-applications', { key, query: { q: 'grafana' } }),
      ).data;
      const path = `/public/v1/discovered-applications/${entry!.id}/application`;
      const withBody = await h.call('POST', path, { key, body: { name: 'Mine' } });
      assert.equal(withBody.statusCode, 400);
      assert.match(bodyOf(ErrorBody, withBody).message, /name/);
      const responses = await Promise.all(Array.from({ length: 10 }, () => h.call('POST', path, { key })));
      assertNo5xx(responses);
      assert.deepEqual(statuses(responses), [201, ...Array(9).fill(422)]);
      const applications = bodyOf(
        applicationFamily.list,
        await h.call('GET', '/public/v1/applications', { key, query: { q: 'grafana' } }),
      );
      assert.equal(applications.pagination.total, 1, 'no orphaned second application');
      assert.equal((await h.call('POST', path, { key })).statusCode, 422, 'sequentially too');
    },
  );

  it(
    'ETag and If-Match: a stale ETag answers 412 and changes nothing; ' +
      'the current one passes; parallel If-Match PATCHes: exactly one wins',
    async () => {
      const created = await h.call('POST', '/public/v1/applications', { key, body: { name: 'Optimistic' } });
      const path = `/public/v1/applications/${bodyOf(Application, created).id}`;
      const got = await h.call('GET', path, { key });
      const etag = String(got.headers.etag);
      assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
      const first = await h.call('PATCH', path, { key, body: { vendor: 'A' }, headers: { 'if-match': etag } });
      assert.equal(first.statusCode, 200);
      assert.notEqual(first.headers.etag, etag);
      assert.equal(
        (await h.call('GET', path, { key })).headers.etag,
        first.headers.etag,
        'GET and PATCH agree on the ETag',
      );
      const stale = await h.call('PATCH', path, { key, body: { vendor: 'B' }, headers: { 'if-match': etag } });
      assert.equal(stale.statusCode, 412);
      assert.deepEqual(bodyOf(ErrorBody, stale), {
        code: 'precondition_failed',
        message: bodyOf(ErrorBody, stale).message,
        status: 412,
      });
      assert.equal(bodyOf(Application, await h.call('GET', path, { key })).vendor, 'A');
      assert.equal((await h.call('DELETE', path, { key, headers: { 'if-match': etag } })).statusCode, 412);
      const current = String(first.headers.etag);
      const racing = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          h.call('PATCH', path, { key, body: { vendor: `racer ${i}` }, headers: { 'if-match': current } }),
        ),
      );
      assert.deepEqual([...new Set(statuses(racing))], [200, 412]);
      assert.equal(count(statuses(racing), 200), 1);
      assert.equal((await h.call('DELETE', path, { key, headers: { 'if-match': '*' } })).statusCode, 204);
    },
  );

  it(
    'the audit log is a gap-free change feed: a poller walking down to its newest ' +
      'event misses none of 300 written concurrently (through two instances on PostgreSQL)',
    async () => {
      // A second SQLite instance in this same thread would block the first one's event loop while
      // it waits for the write lock; SQLite's second writer is another process (the CLI), not this.
      const other = h.dialect === 'postgres' ? await secondInstance(h) : { app: h.app, close: async () => undefined };
      try {
        const apps = await Promise.all(
          Array.from(
            { length: 10 },
            async (_, i) =>
              bodyOf(Application, await h.call('POST', '/public/v1/applications', { key, body: { name: `feed ${i}` } }))
                .id,
          ),
        );
        const feed = auditFeedPoller(async (cursor) =>
          bodyOf(
            AuditList,
            await h.call('GET', '/public/v1/audit-log', {
              key,
              query: { limit: '200', ...(cursor ? { cursor } : {}) },
            }),
          ),
        );
        await feed.poll();
        const instances = [h.app, other.app];
        await feed.followWhile(
          Promise.all(
            Array.from({ length: 300 }, (_, i) =>
              instances[i % 2]!.inject({
                method: 'PATCH',
                url: `/public/v1/applications/${apps[i % apps.length]}`,
                headers: { authorization: `Bearer ${key}` },
                payload: { userCount: i },
              }),
            ),
          ),
        );
        const all = await h.database.db
          .selectFrom('audit_events')
          .select('id')
          .where('workspace_id', '=', ws.id)
          .execute();
        const missed = all.filter((e) => !feed.seen.has(e.id));
        assert.equal(missed.length, 0, `the poller missed ${missed.length} events`);
      } finally {
        await other.close();
      }
    },
  );
});
