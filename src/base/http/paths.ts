/**
 * The path a request names, the way a reader (not the router) understands it: absolute-form
 * request targets lose their scheme and host, the query is dropped, percent-encoding is decoded
 * (repeatedly, so `%2570` counts as `p`), backslashes and repeated slashes become one slash and
 * dot segments are resolved. Used to decide which area (public, agent) an unmatched request
 * belongs to, never to route.
 */
export function normalisedPath(url: string): string {
  let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  path = path.split(/[?#]/, 1)[0] ?? '';
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(path); i += 1) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}
