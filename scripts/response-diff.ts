/**
 * Prints the answers of a database's first workspace to every GET of /openapi.json without a path
 * parameter (plain, a far page, searches, each sort both ways) and to one item of each list, as
 * JSON lines, for a before/after comparison of a change that must keep every response byte
 *: seed a database once, copy it, run this script on each copy at the two commits, and
 * `cmp` the outputs. `generatedAt` values (the instant of the request) are blanked. With
 * `TWICE=1` each list is asked twice, its second answer printed too (a page kept under the data
 * version, lists/response-cache.ts).
 *
 *   node --import tsx scripts/response-diff.ts DATABASE_URL API_KEY > answers.jsonl
 */
import { buildApp } from '../src/surfaces/server/app.js';
import { openDatabase } from '../src/base/db/database.js';

const [url, key] = process.argv.slice(2);
if (!url || !key) throw new Error('usage: response-diff.ts DATABASE_URL API_KEY');
const database = openDatabase(url);
const app = await buildApp({ database });
const get = async (path: string) => {
  const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${key}` } });
  const body = res.body.replace(/"generatedAt":"[^"]*"/g, '"generatedAt":""');
  return { status: res.statusCode, type: res.headers['content-type'], body };
};
const print = (path: string, answer: object) => console.log(JSON.stringify({ path, ...answer }));
type Operation = { parameters?: { name: string; schema?: { enum?: string[] } }[] };
const document = JSON.parse((await get('/openapi.json')).body) as { paths: Record<string, { get?: Operation }> };
for (const [path, operations] of Object.entries(document.paths)) {
  const parameters = operations.get?.parameters;
  if (!operations.get || path.includes('{')) continue;
  const takes = (name: string) => parameters?.some((parameter) => parameter.name === name);
  const queries = [''];
  if (takes('limit')) queries.push('?limit=200&offset=100');
  if (takes('q')) queries.push('?q=a', '?q=prod&limit=7');
  const sorts = parameters?.find((parameter) => parameter.name === 'sort')?.schema?.enum ?? [];
  for (const sort of sorts) queries.push(`?sort=${sort}&limit=20`);
  for (const query of queries) {
    const answer = await get(path + query);
    print(path + query, answer);
    if (process.env.TWICE) print(path + query, await get(path + query));
    const first = query === '' && answer.status === 200 ? JSON.parse(answer.body).data?.[0] : undefined;
    if (first?.id && document.paths[`${path}/{id}`]) print(`${path}/${first.id}`, await get(`${path}/${first.id}`));
  }
}
await app.close();
await database.close();
