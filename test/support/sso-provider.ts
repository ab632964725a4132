/**
 * A real OpenID provider for the single sign-on tests: the certified oidc-provider package,
 * listening on 127.0.0.1 in the test process, with one confidential client (`estate`), people
 * whose claims (e-mail, groups) a test sets, and a login page of its own (a user name, no
 * password). A test may change the ID token the token endpoint returns (`tamper`), to play a
 * forged, expired or mixed-up token, or close it (a provider that went down) and open it again. A
 * stub provider (a discovery document and an authorization endpoint answering as told) plays a
 * provider behind a failing gateway.
 */
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { decodeJwt, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import Provider from 'oidc-provider';
import { temporaryDirectory } from './temporary.js';

export const CLIENT_ID = 'estate';
export const CLIENT_SECRET = 'test-client-secret-that-is-long-enough-for-hs256';

export interface PersonClaims {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

/** What a test does to the ID token on its way to Estate: a new payload, signed how. */
export type Tamper = (payload: JWTPayload) => { payload: JWTPayload; signing: 'provider' | 'foreign' | 'unsigned' };

export interface TestProvider {
  issuer: string;
  /** The people, by login name (their `sub`). */
  people: Map<string, PersonClaims>;
  /** Set to change the next ID tokens; undefined: as the provider made them. */
  tamper: Tamper | undefined;
  /** Signs a token with this provider's key (as its own issuer unless the payload says otherwise). */
  sign(payload: JWTPayload): Promise<string>;
  /** Lets the client use this redirect URI (the provider is made again with it). */
  allowRedirect(uri: string): void;
  /** Stops listening and drops every connection: connections to it are refused, as to a provider that is down. */
  close(): Promise<void>;
  /** Listens again on the same address after `close`: the provider is back. */
  reopen(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

const LOGIN_PAGE = (uid: string) => `<!doctype html><html lang="en"><head><title>Test provider</title></head><body>
<main><h1>Test provider</h1><form method="post" action="/interaction/${uid}/login">
<label>User name <input name="login" autocomplete="off"></label><button type="submit">Continue</button>
</form></main></body></html>`;

async function closeServer(server: Server): Promise<void> {
  const closed = once(server, 'close');
  server.closeAllConnections();
  server.close();
  await closed;
}

export async function startTestProvider(): Promise<TestProvider> {
  const server: Server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const foreign = (await generateKeyPair('RS256', { extractable: true })).privateKey;
  const people = new Map<string, PersonClaims>();
  const redirects: string[] = [];

  const make = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: redirects.length > 0 ? [...redirects] : ['http://127.0.0.1/none'],
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      jwks: { keys: [jwk] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      scopes: ['openid', 'email', 'profile', 'groups'],
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: ['test cookie key'] },
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () => ({ sub, ...(people.get(sub) ?? {}) }),
      }),
    });
  let provider = make();

  const signWith = (payload: JWTPayload, key: Parameters<SignJWT['sign']>[0]) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' }).sign(key);

  const state: TestProvider = {
    issuer,
    people,
    tamper: undefined,
    sign: (payload) => signWith({ iss: issuer, ...payload }, privateKey),
    allowRedirect(uri) {
      if (!redirects.includes(uri)) {
        redirects.push(uri);
        provider = make();
      }
    },
    close: () => closeServer(server),
    reopen: async () => {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
  };

  /** The token endpoint's answer, its ID token changed by `tamper`. */
  async function tamperedToken(request: IncomingMessage, response: ServerResponse, tamper: Tamper) {
    const chunks: Buffer[] = [];
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    response.setHeader = new Proxy(response.setHeader, {
      apply: (target, self, [name, value]) =>
        String(name).toLowerCase() === 'content-length' ? self : Reflect.apply(target, self, [name, value]),
    });
    response.write = ((chunk: Buffer | string) => {
      chunks.push(Buffer.from(chunk));
      return true;
    }) as typeof response.write;
    response.end = ((chunk?: Buffer | string) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id_token?: string };
      if (!body.id_token) return end(JSON.stringify(body));
      const changed = tamper(decodeJwt(body.id_token));
      const finish = (idToken: string) => end(JSON.stringify({ ...body, id_token: idToken }));
      if (changed.signing === 'unsigned') {
        const [header, , signature] = body.id_token.split('.');
        const payload = Buffer.from(JSON.stringify(changed.payload)).toString('base64url');
        finish(`${header}.${payload}.${signature}`);
      } else {
        void signWith(changed.payload, changed.signing === 'provider' ? privateKey : foreign).then(finish);
      }
      return response;
    }) as typeof response.end;
    void write;
    return provider.callback()(request, response);
  }

  server.on('request', async (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    try {
      if (interaction && request.method === 'GET' && !interaction[2]) {
        await provider.interactionDetails(request, response);
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        response.end(LOGIN_PAGE(interaction[1]!));
        return;
      }
      if (interaction && request.method === 'POST' && interaction[2]) {
        const details = await provider.interactionDetails(request, response);
        const login = new URLSearchParams(await readBody(request)).get('login') ?? '';
        const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: login }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/token' && state.tamper) {
        await tamperedToken(request, response, state.tamper);
        return;
      }
      provider.callback()(request, response);
    } catch (error) {
      response.statusCode = 400;
      response.end(`test provider: ${(error as Error).message}`);
    }
  });
  return state;
}

/**
 * Writes an OIDC_PROVIDERS file naming these providers (the client of startTestProvider) and
 * points the environment at it, before the app is built.
 */
export function configureProviders(providers: { name: string; displayName: string; issuer: string }[]): void {
  const directory = temporaryDirectory('estate-sso-');
  const file = join(directory, 'providers.json');
  const entries = providers.map((provider) => ({
    ...provider,
    clientId: CLIENT_ID,
    clientSecretEnv: 'TEST_OIDC_SECRET',
    scopes: ['openid', 'email', 'profile', 'groups'],
    emailClaim: 'email',
    groupsClaim: 'groups',
  }));
  writeFileSync(file, JSON.stringify(entries));
  process.env.OIDC_PROVIDERS = file;
  process.env.TEST_OIDC_SECRET = CLIENT_SECRET;
}

/** A provider reduced to its discovery document and an authorization endpoint that answers as told. */
export interface StubProvider {
  issuer: string;
  authorizationEndpoint: string;
  /** The requests its authorization endpoint received: path with query, and headers. */
  probes: { url: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

/**
 * A provider whose authorization endpoint answers with the status given (a 502 from a gateway in
 * front of a provider that is down, a 400 for a request without parameters), or never ('hang').
 */
export async function startStubProvider(answer: number | 'hang'): Promise<StubProvider> {
  const probes: StubProvider['probes'] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', stub.issuer).pathname;
    if (path === '/.well-known/openid-configuration') {
      response.setHeader('Content-Type', 'application/json');
      response.end(
        JSON.stringify({
          issuer: stub.issuer,
          authorization_endpoint: stub.authorizationEndpoint,
          token_endpoint: `${stub.issuer}/token`,
          jwks_uri: `${stub.issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
    } else if (path === '/authorize') {
      probes.push({ url: request.url ?? '', headers: request.headers });
      if (answer === 'hang') return;
      response.statusCode = answer;
      response.end(`stub provider: ${answer}`);
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stub: StubProvider = {
    issuer,
    authorizationEndpoint: `${issuer}/authorize`,
    probes,
    close: () => closeServer(server),
  };
  return stub;
}
