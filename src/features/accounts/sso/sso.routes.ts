/**
 * Single sign-on in the console (docs/sso.md): the providers on the sign-in page, the redirect to
 * a provider once it answers a probe (/ui/api/sso/NAME/start) and back (/ui/api/sso/NAME/callback),
 * and the workspace's rules and setting for its admins (Settings → Single sign-on). A refused
 * sign-in goes back to the sign-in page with its reason, and its exact detail to the log: never a
 * 500, never a token.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { Type, type Static } from 'typebox';
import { ROLE_NAMES } from '../../../base/access/scopes.js';
import { setSessionCookie } from '../sign-in/console-auth.js';
import { memberCallerOf } from '../../../base/http/console.js';
import { DateTime, IdParams, OrNull, Uuid } from '../../../base/http/schemas.js';
import { signInsTotal } from '../../../base/metrics/metrics.js';
import type { App, AppDeps } from '../../../base/http/types.js';
import { FLOW_COOKIE, FLOW_LIFETIME_MS, startFlow, takeFlow } from './flows.js';
import { loadProviders, ProviderRegistry } from './providers.js';
import { addRule, changeSetting, listRules, removeRule, settingOf } from './rules.service.js';
import { finishSignIn, refusalOf, SsoRefusal } from './sso-sign-in.js';

const ProviderName = Type.Object({
  name: Type.String({ maxLength: 40, description: 'The provider (OIDC_PROVIDERS).' }),
});

const Providers = Type.Object({
  data: Type.Array(Type.Object({ name: Type.String(), displayName: Type.String() })),
});

const Rule = Type.Object({
  id: Uuid('The rule.'),
  provider: Type.String({ description: 'The provider whose sign-ins it applies to.' }),
  group: Type.String({ description: 'A value of the groups claim.' }),
  role: Type.Enum(ROLE_NAMES, { description: 'The role it gives in this workspace.' }),
  createdAt: DateTime('When it was added.'),
});

const Setting = Type.Object({
  requireSso: Type.Boolean({ description: 'Members cannot open a console session here with a password.' }),
  breakGlassMemberId: OrNull(Uuid('The admin who keeps a password sign-in.'), 'Nobody keeps one.'),
  addNewPeople: Type.Boolean({ description: 'People whose groups match are added on their first sign-in.' }),
});

const SsoSettings = Type.Object({
  providers: Providers.properties.data,
  rules: Type.Array(Rule),
  setting: Setting,
  admins: Type.Array(Type.Object({ id: Uuid('An admin member.'), name: Type.String(), email: Type.String() })),
});
export type SsoSettings = Static<typeof SsoSettings>;

const NewRule = Type.Object(
  {
    provider: Type.String({ maxLength: 40 }),
    group: Type.String({ minLength: 1, maxLength: 200 }),
    role: Type.Enum(ROLE_NAMES),
  },
  { additionalProperties: false },
);

export type SsoRuleView = Static<typeof Rule>;
export type SsoSettingView = Static<typeof Setting>;
export type SsoProviders = Static<typeof Providers>;

const SettingChange = Type.Partial(Setting, { additionalProperties: false });

/** The callback's query: the provider's parameters, whatever else it adds (iss, session_state). */
const CallbackQuery = Type.Object(
  { code: Type.Optional(Type.String()), state: Type.Optional(Type.String()), error: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/** The sign-in page, with the reason of a refused sign-in. */
function backToSignIn(reply: FastifyReply, reason: string, provider: string): FastifyReply {
  const query = new URLSearchParams({ sso_error: reason, provider });
  return reply.redirect(`/ui/login?${query}`, 303);
}

function flowCookie(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    path: '/ui/api/sso',
  };
}

export function registerSsoRoutes(app: App, deps: AppDeps): void {
  const { database } = deps;
  const families = async () => deps.registry;
  const providers = new ProviderRegistry(loadProviders());
  const providerList = () => providers.providers.map(({ name, displayName }) => ({ name, displayName }));

  app.get('/sso/providers', { config: { signedOut: true }, schema: { response: { 200: Providers } } }, async () => ({
    data: providerList(),
  }));

  app.get(
    '/sso/:name/start',
    { config: { signedOut: true }, schema: { params: ProviderName } },
    async (request, reply) => {
      const provider = providers.find(request.params.name);
      if (!provider) return backToSignIn(reply, 'unknown_provider', request.params.name);
      try {
        const configuration = await providers.configuration(provider);
        const down = await providers.probe(provider, configuration);
        if (down) throw new SsoRefusal('provider_unreachable', down);
        const redirectUri = `${request.protocol}://${request.host}/ui/api/sso/${provider.name}/callback`;
        const flow = await startFlow(database.db, provider.name, redirectUri);
        const url = oidc.buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri,
          scope: provider.scopes.join(' '),
          response_type: 'code',
          state: flow.state,
          nonce: flow.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
          code_challenge_method: 'S256',
        });
        reply.setCookie(FLOW_COOKIE, flow.browserToken, { ...flowCookie(request), maxAge: FLOW_LIFETIME_MS / 1000 });
        return reply.redirect(url.href, 303);
      } catch (error) {
        const refusal = refusalOf(provider, error);
        request.log.warn({ provider: provider.name, reason: refusal.reason }, `single sign-on: ${refusal.detail}`);
        return backToSignIn(reply, refusal.reason, provider.name);
      }
    },
  );

  app.get(
    '/sso/:name/callback',
    { config: { signedOut: true }, schema: { params: ProviderName, querystring: CallbackQuery } },
    async (request, reply) => {
      const name = request.params.name;
      const provider = providers.find(name);
      if (!provider) return backToSignIn(reply, 'unknown_provider', name);
      const state = request.query.state;
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      try {
        const flow = await takeFlow(database.db, name, state, request.cookies[FLOW_COOKIE]);
        if (typeof flow === 'string')
          throw new SsoRefusal(flow, `callback state matches no flow of this browser (${flow})`);
        reply.clearCookie(FLOW_COOKIE, flowCookie(request));
        const signedIn = await finishSignIn(database, families, providers, provider, flow, state!, query);
        setSessionCookie(request, reply, signedIn.token);
        request.log.info({ provider: name, userId: signedIn.userId }, 'single sign-on: signed in');
        return reply.redirect('/ui/', 303);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) {
          request.log.error({ provider: name, err: error }, 'single sign-on: the sign-in failed');
          return backToSignIn(reply, 'internal_error', name);
        }
        request.log.warn({ provider: name, reason: error.reason }, `single sign-on refused: ${error.detail}`);
        signInsTotal.inc({ outcome: 'sso_refused' });
        return backToSignIn(reply, error.reason, name);
      }
    },
  );

  app.get(
    '/sso/settings',
    { config: { adminOnly: true }, schema: { response: { 200: SsoSettings } } },
    async (request) => {
      const { workspaceId } = memberCallerOf(request);
      const admins = await database.db
        .selectFrom('members')
        .innerJoin('users', 'users.id', 'members.user_id')
        .select(['members.id', 'users.name', 'users.email'])
        .where('members.workspace_id', '=', workspaceId)
        .where('members.role', '=', 'admin')
        .orderBy('users.name')
        .execute();
      return {
        providers: providerList(),
        rules: await listRules(database.db, workspaceId),
        setting: await settingOf(database.db, workspaceId),
        admins,
      };
    },
  );

  app.post(
    '/sso/rules',
    { config: { adminOnly: true }, schema: { body: NewRule, response: { 201: Rule } } },
    async (request, reply) => {
      const { workspaceId, actor } = memberCallerOf(request);
      return reply.code(201).send(await addRule(database, providers, workspaceId, request.body, actor));
    },
  );

  app.delete(
    '/sso/rules/:id',
    { config: { adminOnly: true }, schema: { params: IdParams, response: { 200: Rule } } },
    async (request) => {
      const { workspaceId, actor } = memberCallerOf(request);
      return removeRule(database, workspaceId, request.params.id, actor);
    },
  );

  app.put(
    '/sso/settings',
    { config: { adminOnly: true }, schema: { body: SettingChange, response: { 200: Setting } } },
    async (request) => {
      const { workspaceId, actor } = memberCallerOf(request);
      return changeSetting(database, workspaceId, request.body, actor);
    },
  );
}
