/**
 * Console API helpers: a person with a password, and a signed-in browser-like client that keeps
 * the session cookie and sends the CSRF token the way the console does.
 */
import { serviceFamilies } from './harness.js';
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CLI_ACTOR } from '../../src/base/audit/audit.types.js';
import { SESSION_COOKIE } from '../../src/features/accounts/sign-in/sessions.js';
import type { SessionView } from '../../src/features/accounts/console.schemas.js';
import { addMember, type MemberDto } from '../../src/features/accounts/members/members.service.js';
import type { Harness, Workspace } from './harness.js';

export const PASSWORD = 'correct horse battery staple';

export interface Person extends MemberDto {
  password: string;
}

/** A new person with a password, member of the workspace with the given role. */
export async function personIn(
  h: Harness,
  workspace: Workspace,
  /** A system role, or a custom role of the workspace. */
  role: string,
  name = 'Grace Member',
): Promise<Person> {
  const email = `${role.replace(/[^a-z0-9]+/gi, '-')}-${randomBytes(5).toString('hex')}@example.test`;
  const member = await addMember(
    h.database,
    serviceFamilies,
    { workspaceId: workspace.id, email, name, role, password: PASSWORD },
    CLI_ACTOR,
  );
  return { ...member, password: PASSWORD };
}

export interface ConsoleClient {
  cookie: string;
  session: SessionView;
  /** A console API call with the session cookie, the CSRF token and a same-origin Origin on writes. */
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/** POST /ui/api/session as a browser at `remoteAddress` would send it (default 127.0.0.1). */
export function signInRequest(
  h: Harness,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return h.app.inject({
    method: 'POST',
    url: '/ui/api/session',
    payload: { email, password },
    headers: { origin: 'http://localhost:80', ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Signs in over the console API and returns a client holding the session. */
export async function signIn(h: Harness, email: string, password = PASSWORD): Promise<ConsoleClient> {
  const response = await signInRequest(h, email, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
  if (!cookie) throw new Error('no session cookie');
  return clientOf(h, cookie, response.json() as SessionView);
}

export function clientOf(h: Harness, cookie: string, session: SessionView): ConsoleClient {
  return {
    cookie,
    session,
    call: (method, url, body, headers = {}) =>
      h.app.inject({
        method,
        url,
        cookies: { [SESSION_COOKIE]: cookie },
        headers: { 'x-csrf-token': session.csrfToken, origin: 'http://localhost:80', ...headers },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      }),
  };
}
