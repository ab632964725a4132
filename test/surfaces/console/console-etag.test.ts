/**
 * No lost update in the console, the API side: the console's own routes (/ui/api/v1) give each
 * item's ETag and refuse a change or delete made against an older one.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { personIn, signIn, type ConsoleClient } from '../../support/console.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { errorOf } from '../../support/typed.js';

/** The item and its ETag, as the console loads it. */
async function loaded(member: ConsoleClient, path: string) {
  const response = await member.call('GET', path);
  assert.equal(response.statusCode, 200, response.body);
  const etag = response.headers.etag;
  assert.match(String(etag), /^"[A-Za-z0-9_-]+"$/, `${path} has a strong ETag`);
  return { body: response.json() as Record<string, unknown>, etag: String(etag) };
}

async function auditCount(h: Harness, key: string): Promise<number> {
  return (await h.call('GET', '/public/v1/audit-log', { key, query: { limit: '1' } })).json().total as number;
}

/** A change sent with a stale If-Match: 412 precondition_failed, and the item and the audit log as they were. */
async function refusedAsStale(
  h: Harness,
  key: string,
  member: ConsoleClient,
  path: string,
  method: 'PATCH' | 'DELETE',
  staleEtag: string,
  body?: unknown,
) {
  const before = await loaded(member, path);
  const events = await auditCount(h, key);
  const refused = await member.call(method, path, body, { 'if-match': staleEtag });
  assert.equal(refused.statusCode, 412, `${method} ${path}: ${refused.body}`);
  assert.equal(errorOf(refused).code, 'precondition_failed');
  const after = await loaded(member, path);
  assert.deepEqual(after, before, `${method} ${path} with a stale If-Match changed nothing`);
  assert.equal(await auditCount(h, key), events, 'no audit event');
}

describeEachDatabase('console API: If-Match', (h) => {
  it(
    "the console's PATCH and DELETE with a stale If-Match answer 412 and change nothing; " +
      'with the current ETag they apply',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const admin = await signIn(h, (await personIn(h, ws, 'admin')).email);
      const other = await signIn(h, (await personIn(h, ws, 'admin', 'Other Tab')).email);

      // A server: opened, then changed by someone else; the first change is refused, the item kept.
      const created = await admin.call('POST', '/ui/api/v1/servers', { name: 'db-01', environment: 'staging' });
      assert.equal(created.statusCode, 201, created.body);
      const path = `/ui/api/v1/servers/${(created.json() as { id: string }).id}`;
      const opened = await loaded(admin, path);
      const theirs = await other.call(
        'PATCH',
        path,
        { name: 'db-01-renamed' },
        { 'if-match': (await loaded(other, path)).etag },
      );
      assert.equal(theirs.statusCode, 200, theirs.body);
      assert.notEqual(theirs.headers.etag, opened.etag, 'a PATCH answers the new ETag');
      await refusedAsStale(h, key, admin, path, 'PATCH', opened.etag, { environment: 'production' });
      await refusedAsStale(h, key, admin, path, 'DELETE', opened.etag);
      const current = await loaded(admin, path);
      assert.equal(current.body.name, 'db-01-renamed');
      const reapplied = await admin.call('PATCH', path, { environment: 'production' }, { 'if-match': current.etag });
      assert.equal(reapplied.statusCode, 200, reapplied.body);
      assert.deepEqual([reapplied.json().name, reapplied.json().environment], ['db-01-renamed', 'production']);
      assert.equal(
        (await admin.call('DELETE', path, undefined, { 'if-match': String(reapplied.headers.etag) })).statusCode,
        204,
      );

      // A tag (delete only), a member (role and removal) and the workspace settings.
      const tag = (await admin.call('POST', '/ui/api/v1/tags', { name: 'pci' })).json() as { id: string };
      await refusedAsStale(h, key, admin, `/ui/api/v1/tags/${tag.id}`, 'DELETE', '"stale"');
      const person = await personIn(h, ws, 'read', 'Rita Reader');
      const memberPath = `/ui/api/v1/members/${person.id}`;
      const memberOpened = await loaded(admin, memberPath);
      assert.equal((await other.call('PATCH', memberPath, { role: 'write' })).statusCode, 200);
      await refusedAsStale(h, key, admin, memberPath, 'PATCH', memberOpened.etag, { role: 'admin' });
      await refusedAsStale(h, key, admin, memberPath, 'DELETE', memberOpened.etag);
      const tenantOpened = await loaded(admin, '/ui/api/v1/tenant');
      assert.equal(
        (await other.call('PATCH', '/ui/api/v1/tenant', { name: 'Renamed by the other tab' })).statusCode,
        200,
      );
      await refusedAsStale(h, key, admin, '/ui/api/v1/tenant', 'PATCH', tenantOpened.etag, {
        timeZone: 'Europe/Paris',
      });
    },
  );
});
