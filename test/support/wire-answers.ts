/**
 * A fixed script of public API calls and their answers, as lines of text, for a comparison with
 * answers recorded earlier (test/fixtures/wire-answers.txt): every family's samples created, read,
 * changed, refused (a body missing, an unknown field, a wrong type, a stale If-Match, an unknown
 * id, a bad sort), deleted, then every GET a key can make (support/answers.ts). Ids, instants,
 * days, cursors and the admin's address are replaced by placeholders in the order they first appear, so two
 * runs, and the two databases, give the same lines. Dashboards and diagrams are left out: their
 * figures depend on the day they are computed.
 */
import { SAMPLES } from './family-samples.js';
import { publicAnswers } from './answers.js';
import type { Harness } from './harness.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g;
const DAY = /\b\d{4}-\d{2}-\d{2}\b/g;
const CURSOR = /"(nextCursor|cursor)":"[^"]*"/g;
const CURSOR_PARAMETER = /cursor=[^&\s]*/g;
/** The harness's admin of a new workspace has an address of its own in each run. */
const ADMIN = /admin-[0-9]+@example\.test/g;

export async function wireAnswers(h: Harness): Promise<string[]> {
  const workspace = await h.workspace('Wire answers');
  const { secret: key } = await h.key(workspace);
  const lines: string[] = [];
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, ifMatch?: string) => {
    const headers = ifMatch ? { 'if-match': ifMatch } : undefined;
    const response = await h.call(method, url, { key, body, ...(headers && { headers }) });
    lines.push(
      `${method} ${url} ${body === undefined ? '' : JSON.stringify(body)}`,
      `${response.statusCode} ${response.body}`,
    );
    return response;
  };
  const context = {
    post: async (path: string, body: Record<string, unknown>) =>
      ((await call('POST', `/public/v1/${path}`, body)).json() as { id: string }).id,
  };
  for (const [family, samples] of SAMPLES) {
    const path = `/public/v1${family.definition.path}`;
    const made: string[] = [];
    for (const body of await samples.creates(context))
      made.push(((await call('POST', path, body)).json() as { id: string }).id);
    await call('POST', path, {});
    await call('POST', path, { ...(await samples.creates(context))[0], unknownField: 1 });
    await call('POST', path, { name: 5 });
    await call('GET', `${path}/${made[0]}`);
    await call('PATCH', `${path}/${made[0]}`, samples.patch);
    await call('PATCH', `${path}/${made[1]}`, samples.patch, 'W/"stale"');
    await call('PATCH', `${path}/${made[1]}`, { name: '' });
    await call('GET', `${path}/00000000-0000-4000-8000-000000000000`);
    await call('GET', `${path}/not-a-uuid`);
    await call('GET', `${path}?limit=0&offset=-5`);
    await call('GET', `${path}?sort=nothing`);
    await call('DELETE', `${path}/${made.at(-1)}`);
  }
  const answers = await publicAnswers(h.app, key);
  for (const [url, answer] of [...answers].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (/\/public\/v1\/(dashboards|diagrams)(\/|$|\?)/.test(url)) continue;
    lines.push(`GET ${url}`, answer);
  }
  return normalized(lines);
}

/** The lines with each id, instant, day and cursor replaced by a placeholder numbered in order of appearance. */
function normalized(lines: string[]): string[] {
  const ids = new Map<string, number>();
  return lines.map((line) =>
    line
      .replace(UUID, (id) => {
        if (id === '00000000-0000-4000-8000-000000000000') return id;
        if (!ids.has(id)) ids.set(id, ids.size + 1);
        return `<id ${ids.get(id)}>`;
      })
      .replace(INSTANT, '<instant>')
      .replace(DAY, (day) => (day.startsWith('20') && Number(day.slice(0, 4)) >= 2029 ? day : '<day>'))
      .replace(CURSOR, '"$1":"<cursor>"')
      .replace(CURSOR_PARAMETER, 'cursor=<cursor>')
      .replace(ADMIN, 'admin-<n>@example.test'),
  );
}
