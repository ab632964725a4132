/**
 * The contract every family keeps, generated from its definition: `familyContract(family, samples)`
 * gives a family the same tests of create, read, change and delete; lists (totals, paging and
 * clamping, every declared sort, a filter, `q`); every declared link; ETags; audit events;
 * import and export; and another workspace's keys. A new family passes it with a few sample
 * bodies (docs/adding-a-family.md); the definition says the rest.
 */
import type { FamilyService } from '../../src/base/resources/crud.js';
import assert from 'node:assert/strict';
import { PassThrough, Readable } from 'node:stream';
import { describe, it } from 'node:test';
import type { TObject } from 'typebox';
import { AuditList } from '../../src/base/audit/audit.schemas.js';
import { CLI_ACTOR } from '../../src/base/audit/audit.types.js';
import type { FamilyTable, Family } from '../../src/base/resources/family.js';
import { exportFamily } from '../../src/features/transfer/export.js';
import { importFamily } from '../../src/features/transfer/import.js';
import type { Harness, Workspace } from './harness.js';
import { bodyOf, errorOf, writer } from './typed.js';

type Body = Record<string, unknown>;
type Item = Body & { id: string };

/** What a sample may need made first: a POST to another path of the public API, answering the id. */
export interface SampleContext {
  post(path: string, body: Body): Promise<string>;
}

export interface FamilySamples {
  /**
   * Bodies of valid creates, at least three, with distinct values of the family's first sort
   * (its name): made in the workspace under test, after whatever they refer to.
   */
  creates(context: SampleContext): Promise<Body[]>;
  /** A valid PATCH body: every field it names must read back as sent. */
  patch: Body;
  /** A declared filter of the family, as a query, and the indexes of the creates it keeps. */
  filter(context: SampleContext, made: Item[]): Promise<{ query: Record<string, string>; keeps: number[] }>;
  /** For each declared link (by segment): a child to link, made through the public API, and its path. */
  linkChildren?: Record<string, (context: SampleContext) => Promise<{ path: string; id: string }>>;
}

/** A field read back as written: arrays of ids in any order, everything else as sent. */
function readsBack(item: Body, sent: Body, what: string): void {
  for (const [field, value] of Object.entries(sent)) {
    const read = item[field];
    if (Array.isArray(value) && Array.isArray(read))
      assert.deepEqual([...read].sort(), [...value].sort(), `${what}: ${field}`);
    else assert.deepEqual(read, value, `${what}: ${field}`);
  }
}

/**
 * The contract's tests for one family, run with the suite's harness (one app per database serves
 * every family given to it): `describeEachDatabase('…', (h) => familyContract(servers, samples)(h))`.
 */
export function familyContract<T extends FamilyTable, I extends TObject>(
  family: Family<T, I>,
  samples: FamilySamples,
): (h: Harness) => void {
  const { definition } = family;
  const path = `/public/v1${definition.path}`;
  const noun = definition.noun;
  const itemOf = (response: Awaited<ReturnType<Harness['call']>>) => bodyOf(definition.schemas.item, response) as Item;

  return (h) => {
    const list = async (key: string, query: Record<string, string> = {}) => {
      const response = await h.call('GET', path, { key, query });
      assert.equal(response.statusCode, 200, `${noun} list ${JSON.stringify(query)}: ${response.body}`);
      return bodyOf(family.list, response) as {
        data: Item[];
        pagination: { limit: number; offset: number; total: number };
      };
    };

    /** A workspace with an admin key and the samples created in it. */
    async function made(name = `${noun} contract`) {
      const workspace = await h.workspace(name);
      const key = (await h.key(workspace)).secret;
      const { post } = writer(h, key);
      const context: SampleContext = { post: async (to, body) => (await post(to, body)).id };
      const bodies = await samples.creates(context);
      // What the samples refer to may be of the family too (a parent category): listed as well.
      const before = (await list(key, { limit: '200' })).data.map((item) => item.id);
      assert.ok(bodies.length >= 3, `${noun}: give at least three sample creates`);
      const items: Item[] = [];
      for (const body of bodies) {
        const response = await h.call('POST', path, { key, body });
        assert.equal(response.statusCode, 201, `${noun} create: ${response.body}`);
        items.push(itemOf(response));
      }
      const ids = [...before, ...items.map((item) => item.id)].sort();
      return { workspace, key, context, bodies, items, ids };
    }
    describe(`the ${noun} contract`, () => {
      it('creates, reads, changes and deletes what the body says, and nothing after a delete', async () => {
        const { key, bodies, items } = await made();
        for (const [index, item] of items.entries()) readsBack(item, bodies[index]!, `${noun} create`);
        const [first] = items;
        const read = await h.call('GET', `${path}/${first!.id}`, { key });
        assert.deepEqual(itemOf(read), first, 'a read answers what the create did');

        const patched = await h.call('PATCH', `${path}/${first!.id}`, { key, body: samples.patch });
        assert.equal(patched.statusCode, 200, patched.body);
        readsBack(itemOf(patched), samples.patch, `${noun} patch`);
        assert.deepEqual(itemOf(await h.call('GET', `${path}/${first!.id}`, { key })), itemOf(patched));

        assert.equal((await h.call('DELETE', `${path}/${first!.id}`, { key })).statusCode, 204);
        for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
          const gone = await h.call(method, `${path}/${first!.id}`, {
            key,
            body: method === 'PATCH' ? samples.patch : undefined,
          });
          assert.equal(gone.statusCode, 404, `${method} after delete`);
          assert.equal(errorOf(gone).code, 'not_found');
        }
        const unknown = await h.call('POST', path, { key, body: { ...bodies[0], notAField: 1 } });
        assert.equal(unknown.statusCode, 400, 'a body with a field the family does not have is refused');
      });

      it('lists with exact totals, clamped paging, every declared sort, a filter and q', async () => {
        const { key, context, items, ids } = await made();
        const all = await list(key);
        assert.deepEqual(all.pagination, { limit: 50, offset: 0, total: ids.length });
        assert.deepEqual(all.data.map((item) => item.id).sort(), ids);

        const clamped = await list(key, { limit: '1000', offset: '-4' });
        assert.deepEqual([clamped.pagination.limit, clamped.pagination.offset], [200, 0], 'limit and offset clamped');
        const paged = [
          ...(await list(key, { limit: '0' })).data,
          ...(await list(key, { limit: '1', offset: '1' })).data,
        ];
        assert.equal(paged.length, 2, 'limit 0 answers one item; offset skips');
        assert.equal(new Set(paged.map((item) => item.id)).size, 2);

        for (const sort of definition.sorts) {
          for (const spelled of [sort, `-${sort}`]) {
            const sorted = await list(key, { sort: spelled });
            assert.deepEqual(sorted.data.map((item) => item.id).sort(), ids, `sort=${spelled} lists them all`);
          }
        }
        const byName = (await list(key, { sort: definition.sorts[0]! })).data.map((item) => item.id);
        const byNameBack = (await list(key, { sort: `-${definition.sorts[0]!}` })).data.map((item) => item.id);
        assert.deepEqual(
          byNameBack,
          [...byName].reverse(),
          `-${definition.sorts[0]} is ${definition.sorts[0]} reversed`,
        );
        const badSort = await h.call('GET', path, { key, query: { sort: 'noSuchField' } });
        assert.equal(badSort.statusCode, 400, 'an undeclared sort is refused');

        const { query, keeps } = await samples.filter(context, items);
        assert.ok(
          Object.keys(query).every((name) => name in (definition.filters ?? {})),
          'the sample filter is declared',
        );
        const filtered = await list(key, query);
        assert.deepEqual(
          filtered.data.map((item) => item.id).sort(),
          keeps.map((index) => items[index]!.id).sort(),
          `filter ${JSON.stringify(query)}`,
        );
        assert.equal(filtered.pagination.total, keeps.length, 'a filtered total counts the filtered items');
        const badParameter = await h.call('GET', path, { key, query: { noSuchFilter: 'x' } });
        assert.equal(badParameter.statusCode, 400, 'an unknown query parameter is refused');

        const sought = items[1]!;
        const word = String(sought[definition.sorts[0]!]);
        const found = await list(key, { q: word });
        assert.ok(
          found.data.some((item) => item.id === sought.id),
          `q=${word} finds the item it names`,
        );
      });

      it('links and unlinks every declared child, both ways where the link has two sides', async () => {
        const links = definition.links ?? [];
        assert.deepEqual(
          Object.keys(samples.linkChildren ?? {}).sort(),
          links.map((link) => link.segment).sort(),
          `${noun}: give a child for every declared link`,
        );
        if (links.length === 0) return;
        const { key, context, items } = await made();
        const parent = items[0]!;
        for (const link of links) {
          const { path: childFamily, id: child } = await samples.linkChildren![link.segment]!(context);
          const at = `${path}/${parent.id}/${link.segment}/${child}`;
          assert.equal((await h.call('PUT', at, { key })).statusCode, 204, `link ${link.segment}`);
          assert.equal((await h.call('PUT', at, { key })).statusCode, 204, 'linking again changes nothing');
          const children = await h.call('GET', `${path}/${parent.id}/${link.segment}`, { key });
          assert.equal(children.statusCode, 200, children.body);
          const listed = children.json() as { id: string }[];
          assert.deepEqual(
            listed.map((one) => one.id),
            [child],
            `${link.segment} lists the linked child`,
          );
          if (link.reverse) {
            const childPath = `/public/v1/${childFamily}/${child}/${link.reverse.segment}`;
            const back = (await h.call('GET', childPath, { key })).json() as { id: string }[];
            assert.deepEqual(
              back.map((one) => one.id),
              [parent.id],
              `${childPath} lists the parent`,
            );
          }
          assert.equal((await h.call('DELETE', at, { key })).statusCode, 204, `unlink ${link.segment}`);
          const after = (await h.call('GET', `${path}/${parent.id}/${link.segment}`, { key })).json() as unknown[];
          assert.equal(after.length, 0, 'unlinked');
          const missing = await h.call('PUT', `${path}/${parent.id}/${link.segment}/${crypto.randomUUID()}`, { key });
          assert.equal(missing.statusCode, 404, 'a child that does not exist cannot be linked');
        }
      });

      it('answers strong ETags, and refuses a change or delete made against an old one', async () => {
        const { key, items } = await made();
        const item = items[0]!;
        const read = await h.call('GET', `${path}/${item.id}`, { key });
        const etag = read.headers.etag;
        assert.match(String(etag), /^"[A-Za-z0-9_-]+"$/, 'a strong ETag');
        const changed = await h.call('PATCH', `${path}/${item.id}`, {
          key,
          body: samples.patch,
          headers: { 'if-match': String(etag) },
        });
        assert.equal(changed.statusCode, 200, changed.body);
        assert.notEqual(changed.headers.etag, etag, 'a change changes the ETag');
        const stale = await h.call('PATCH', `${path}/${item.id}`, {
          key,
          body: samples.patch,
          headers: { 'if-match': String(etag) },
        });
        assert.equal(stale.statusCode, 412);
        assert.equal(errorOf(stale).code, 'precondition_failed');
        const staleDelete = await h.call('DELETE', `${path}/${item.id}`, {
          key,
          headers: { 'if-match': String(etag) },
        });
        assert.equal(staleDelete.statusCode, 412, 'nothing is deleted against an old ETag');
        assert.equal((await h.call('GET', `${path}/${item.id}`, { key })).statusCode, 200);
      });

      it('audits every create, change and delete under its resource type', async () => {
        const { key, items } = await made();
        const item = items[0]!;
        await h.call('PATCH', `${path}/${item.id}`, { key, body: samples.patch });
        await h.call('DELETE', `${path}/${item.id}`, { key });
        const events = bodyOf(
          AuditList,
          await h.call('GET', '/public/v1/audit-log', { key, query: { resourceId: item.id } }),
        ).data;
        assert.deepEqual(
          events.map((event) => `${event.action} ${event.resourceType}`).reverse(),
          ['create', 'update', 'delete'].map((action) => `${action} ${definition.resourceType}`),
        );
        const byType = await h.call('GET', '/public/v1/audit-log', {
          key,
          query: { resourceType: definition.resourceType },
        });
        assert.equal(byType.statusCode, 200, 'the audit log filters by the family resource type');
      });

      it('exports what it imports back unchanged, and another workspace cannot import into it', async () => {
        const { workspace, ids } = await made();
        const exported = await exportOf(h, workspace, family);
        assert.deepEqual(exported.map((item) => item.id).sort(), ids, 'the export holds every item');
        const service = h.registry.serviceOf(family) as unknown as FamilyService;
        const importInto = (into: Workspace, source: string) =>
          importFamily(h.database, into.id, service, Readable.from([JSON.stringify(exported)]), {
            format: 'json',
            actor: CLI_ACTOR,
            source,
          });
        const again = await importInto(workspace, 'contract.json');
        assert.deepEqual(again.errors, []);
        assert.deepEqual(
          [again.created, again.updated, again.unchanged],
          [0, 0, ids.length],
          'its own export changes nothing',
        );

        const other = await h.workspace(`${noun} other`);
        const before = await exportOf(h, workspace, family);
        const intruder = await importInto(other, 'theirs.json');
        assert.equal(intruder.updated, 0, 'rows naming another workspace ids update nothing');
        assert.deepEqual(await exportOf(h, workspace, family), before, 'the first workspace is untouched');
      });

      it('is out of reach of another workspace keys', async () => {
        const { key, items } = await made();
        const item = items[0]!;
        const other = await h.workspace(`${noun} intruder`);
        const theirs = (await h.key(other)).secret;
        for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
          const response = await h.call(method, `${path}/${item.id}`, {
            key: theirs,
            body: method === 'PATCH' ? samples.patch : undefined,
          });
          assert.equal(response.statusCode, 404, `${method} from another workspace`);
        }
        assert.equal((await list(theirs)).pagination.total, 0, 'another workspace lists none of them');
        assert.equal((await list(theirs, { q: String(item[definition.sorts[0]!]) })).pagination.total, 0);
        assert.deepEqual(itemOf(await h.call('GET', `${path}/${item.id}`, { key })), item, 'unchanged');
        const noKey = await h.call('GET', path);
        assert.equal(noKey.statusCode, 401);
      });
    });
  };
}

/** A family's JSON export of a workspace, read back as items. */
async function exportOf(h: Harness, workspace: Workspace, family: Family): Promise<Item[]> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await exportFamily(h.database, workspace.id, h.registry.serviceOf(family), out, { format: 'json' });
  const items: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  assert.ok(Array.isArray(items), 'a JSON export is an array');
  return items as Item[];
}
