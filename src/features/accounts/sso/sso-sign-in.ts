/**
 * The end of a sign-in through a provider: the code exchanged and the ID token validated by
 * openid-client (issuer, audience, expiry, nonce, signature with the provider's current keys),
 * the person's e-mail taken only when the provider says it is verified, their memberships set by
 * the rules of the workspaces that name this provider (apply-rules.ts), and a session opened in a
 * workspace those rules grant, ending no later than the ID token. Every refusal is a reason code
 * (the sign-in page says it plainly) and an exact line in the log.
 */
import type { DependentsLoader } from '../../../base/resources/registry.js';
import * as oidc from 'openid-client';
import { recordAudit } from '../../../base/audit/audit.writer.js';
import type { Database } from '../../../base/db/database.js';
import { writeTransaction } from '../../../base/db/write.js';
import { signInsTotal } from '../../../base/metrics/metrics.js';
import { openSession } from '../sign-in/sessions.js';
import { applyRules, auditRefusal } from './apply-rules.js';
import type { SsoFlowsTable } from './sso.table.js';
import type { ProviderRegistry, SsoProvider } from './providers.js';

export type SsoRefusalReason =
  | 'unknown_provider'
  | 'flow_unknown'
  | 'flow_other_browser'
  | 'flow_other_provider'
  | 'flow_expired'
  | 'provider_unreachable'
  | 'provider_error'
  | 'clock_skew'
  | 'token_invalid'
  | 'missing_email'
  | 'unverified_email'
  | 'no_matching_group';

/** A refused sign-in: the reason (shown plainly) and the exact detail (logged only). */
export class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoRefusalReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'SsoRefusal';
  }
}

/** The failure of a call to the provider as a refusal; never the tokens themselves. */
export function refusalOf(provider: SsoProvider, error: unknown): SsoRefusal {
  if (error instanceof SsoRefusal) return error;
  const failure = error as Error & { code?: string; error?: string; error_description?: string; cause?: unknown };
  if (failure instanceof oidc.ResponseBodyError || failure instanceof oidc.AuthorizationResponseError) {
    const description = failure.error_description ? `: ${failure.error_description}` : '';
    return new SsoRefusal('provider_error', `${provider.issuer} answered ${failure.error}${description}`);
  }
  if (failure?.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED')
    return new SsoRefusal('clock_skew', `ID token time check failed (${failure.message}): clock skew or expired token`);
  if (failure?.code?.startsWith('OAUTH_'))
    return new SsoRefusal('token_invalid', `${failure.code}: ${failure.message}`);
  if (failure instanceof TypeError || failure?.name === 'TimeoutError' || failure?.name === 'AbortError') {
    const cause = failure.cause instanceof Error ? ` (${failure.cause.message})` : '';
    return new SsoRefusal('provider_unreachable', `${provider.issuer} cannot be reached: ${failure.message}${cause}`);
  }
  return new SsoRefusal('token_invalid', `${failure?.name ?? 'Error'}: ${failure?.message ?? String(error)}`);
}

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

export interface SsoSignedIn {
  token: string;
  userId: string;
  workspaceId: string;
}

/**
 * Exchanges the callback's code with the flow's PKCE verifier and checks the ID token; then the
 * person, the rules and the session. `query` is the callback's query string.
 */
export async function finishSignIn(
  database: Database,
  families: DependentsLoader,
  registry: ProviderRegistry,
  provider: SsoProvider,
  flow: SsoFlowsTable,
  state: string,
  query: string,
): Promise<SsoSignedIn> {
  let claims: Record<string, unknown>;
  try {
    const configuration = await registry.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      new URL(`${flow.redirect_uri}?${query}`),
      { pkceCodeVerifier: flow.code_verifier, expectedState: state, expectedNonce: flow.nonce, idTokenExpected: true },
      { redirect_uri: flow.redirect_uri },
    );
    claims = { ...tokens.claims() };
    if (claims[provider.groupsClaim] === undefined || claims[provider.emailClaim] === undefined) {
      // Some providers send the groups (or the e-mail) only from the userinfo endpoint.
      if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, String(claims.sub));
        for (const key of [provider.groupsClaim, provider.emailClaim, provider.emailVerifiedClaim, 'name'])
          if (claims[key] === undefined && info[key] !== undefined) claims[key] = info[key];
      }
    }
  } catch (error) {
    const refusal = refusalOf(provider, error);
    // It answered when the sign-in started but not now: the next sign-in probes it again.
    if (refusal.reason === 'provider_unreachable') registry.forgetProbe(provider);
    throw refusal;
  }

  const rawEmail = claims[provider.emailClaim];
  if (typeof rawEmail !== 'string' || !rawEmail.includes('@'))
    throw new SsoRefusal(
      'missing_email',
      `the ID token of ${provider.issuer} has no e-mail claim "${provider.emailClaim}"`,
    );
  const email = rawEmail.trim().toLowerCase();
  const groups = stringsOf(claims[provider.groupsClaim]);
  if (claims[provider.emailVerifiedClaim] !== true) {
    await auditRefusal(database, provider, email, 'unverified e-mail');
    const said = JSON.stringify(claims[provider.emailVerifiedClaim] ?? null);
    throw new SsoRefusal('unverified_email', `${provider.emailVerifiedClaim} of ${email} is ${said}, not true`);
  }
  const name = typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : email;
  const granted = await applyRules(database, families, provider, { email, name }, groups);
  if (!granted.user || granted.workspaces.length === 0) {
    await auditRefusal(database, provider, email, 'no matching group');
    throw new SsoRefusal(
      'no_matching_group',
      `no rule for provider ${provider.name} gives ${email} a workspace (groups: ${groups.join(', ') || 'none'})`,
    );
  }
  const user = granted.user;
  const landing = granted.workspaces[0]!;
  const endsAt = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now();
  const token = await writeTransaction(database, landing.id, async (trx) => {
    const opened = await openSession(trx, user.id, landing.id, { provider: provider.name, endsAt });
    await recordAudit(trx, {
      workspaceId: landing.id,
      category: 'access',
      action: 'sign_in',
      actor: { type: 'member', id: landing.memberId, name: user.name },
      resourceType: 'member',
      resourceId: landing.memberId,
      resourceName: user.name,
      changes: { provider: { before: null, after: provider.name } },
    });
    return opened;
  });
  signInsTotal.inc({ outcome: 'signed_in' });
  return { token, userId: user.id, workspaceId: landing.id };
}
