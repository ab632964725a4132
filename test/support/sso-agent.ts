/**
 * A browser-like HTTP client for the single sign-on tests: it keeps cookies (by name and path;
 * cookies do not tell ports apart, as in a browser), follows the redirects of a sign-in between
 * Estate and the test provider one by one, and fills the provider's login page.
 */
interface Cookie {
  value: string;
  path: string;
}

export class SsoAgent {
  readonly cookies = new Map<string, Cookie>();

  cookieHeader(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split('\u0000')[0]}=${cookie.value}`)
      .join('; ');
  }

  async request(url: string, init: { method?: string; body?: string; contentType?: string } = {}): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { cookie: this.cookieHeader(target) };
    if (init.contentType) headers['content-type'] = init.contentType;
    const response = await fetch(target, {
      method: init.method ?? 'GET',
      body: init.body,
      headers,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) || '/';
      const key = `${name}\u0000${path}`;
      const expired =
        value === '' ||
        attributes.some((a) => a.toLowerCase() === 'max-age=0') ||
        attributes.some((a) => a.toLowerCase().startsWith('expires=') && Date.parse(a.slice(8)) < Date.now());
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
    return response;
  }

  /** The value of a cookie by name (any path). */
  cookie(name: string): string | undefined {
    for (const [key, cookie] of this.cookies) if (key.split('\u0000')[0] === name) return cookie.value;
    return undefined;
  }

  /**
   * From `startUrl` (Estate's /start) through the provider's login as `login`, up to Estate's
   * callback URL (returned, not followed).
   */
  async toCallback(startUrl: string, login: string): Promise<string> {
    let url = startUrl;
    let response = await this.request(url);
    for (let hop = 0; hop < 12; hop++) {
      const location = response.headers.get('location');
      if (!location) throw new Error(`no redirect from ${url}: ${response.status} ${await response.text()}`);
      url = new URL(location, url).href;
      if (/\/ui\/api\/sso\/[^/]+\/callback/.test(new URL(url).pathname)) return url;
      if (new URL(url).pathname.startsWith('/ui/')) throw new Error(`sign-in refused at the start: ${url}`);
      if (/^\/interaction\/[^/]+$/.test(new URL(url).pathname)) {
        await this.request(url);
        url = `${url}/login`;
        response = await this.request(url, {
          method: 'POST',
          body: new URLSearchParams({ login }).toString(),
          contentType: 'application/x-www-form-urlencoded',
        });
      } else {
        response = await this.request(url);
      }
    }
    throw new Error('too many redirects');
  }

  /** Follows a callback URL; returns where Estate sends the browser (/ui/ or /ui/login?sso_error=…). */
  async callback(url: string): Promise<string> {
    const response = await this.request(url);
    if (response.status !== 303) throw new Error(`callback answered ${response.status}: ${await response.text()}`);
    return response.headers.get('location')!;
  }

  /** A whole sign-in: where Estate sends the browser at its end. */
  async signIn(startUrl: string, login: string): Promise<string> {
    return this.callback(await this.toCallback(startUrl, login));
  }
}
