/**
 * Sign-ins under way between /start and /callback. The `state`, `nonce` and PKCE verifier stay on
 * the server, in the database (so any instance can finish a flow another started); the browser
 * holds the state (in the provider's redirect) and a random cookie that binds the flow to it. A
 * flow is taken once: a second callback with the same state finds nothing.
 */
import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import type { Tables } from '../../../base/db/schema.js';
import { hashSecret } from '../keys/key-secret.js';
import type { SsoFlowsTable, SsoTables } from './sso.table.js';

/** The cookie that binds a flow to the browser that started it (path: the SSO routes only). */
export const FLOW_COOKIE = 'estate_sso_flow';
/** How long a person has at the provider before the flow is over. */
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;

export interface StartedFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  browserToken: string;
}

const ssoDb = (db: Kysely<Tables>) => db.withTables<SsoTables>();

/** Stores a new flow (and clears ended ones); returns its secrets, for the redirect and the cookie. */
export async function startFlow(db: Kysely<Tables>, provider: string, redirectUri: string): Promise<StartedFlow> {
  const flow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    browserToken: oidc.randomState(),
  };
  const now = Date.now();
  await ssoDb(db).deleteFrom('sso_flows').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await ssoDb(db)
    .insertInto('sso_flows')
    .values({
      id: hashSecret(flow.state),
      provider,
      browser_hash: hashSecret(flow.browserToken),
      nonce: flow.nonce,
      code_verifier: flow.codeVerifier,
      redirect_uri: redirectUri,
      expires_at: new Date(now + FLOW_LIFETIME_MS).toISOString(),
    })
    .execute();
  return flow;
}

export type FlowRefusal = 'flow_unknown' | 'flow_other_browser' | 'flow_other_provider' | 'flow_expired';

/**
 * Takes the flow a callback's `state` names, once: it must have been started by this browser
 * (`browserToken`, from its cookie), for this provider, and not be over. The row is deleted when
 * it is taken, so a replayed callback finds nothing; a callback from another browser leaves it.
 */
export async function takeFlow(
  db: Kysely<Tables>,
  provider: string,
  state: string | undefined,
  browserToken: string | undefined,
): Promise<SsoFlowsTable | FlowRefusal> {
  if (!state) return 'flow_unknown';
  const id = hashSecret(state);
  const flow = await ssoDb(db).selectFrom('sso_flows').selectAll().where('id', '=', id).executeTakeFirst();
  if (!flow) return 'flow_unknown';
  if (!browserToken || hashSecret(browserToken) !== flow.browser_hash) return 'flow_other_browser';
  const taken = await ssoDb(db).deleteFrom('sso_flows').where('id', '=', id).executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1) return 'flow_unknown';
  if (flow.provider !== provider) return 'flow_other_provider';
  if (Date.parse(flow.expires_at) <= Date.now()) return 'flow_expired';
  return flow;
}
