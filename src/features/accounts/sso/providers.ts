/**
 * The instance's OpenID Connect providers (OIDC_PROVIDERS names a JSON file, docs/sso.md), read
 * once when the app is built, and each provider's discovered configuration, fetched from its
 * issuer's `.well-known` document on first use (and again after a failure, so a provider that was
 * down is found once it is back). Signing keys are fetched and rotated by openid-client. Before a
 * browser is sent to a provider, its authorization endpoint is probed (`ProviderRegistry.probe`).
 */
import { readFileSync } from 'node:fs';
import * as oidc from 'openid-client';

export interface SsoProvider {
  name: string;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  emailClaim: string;
  /** The claim that must be `true` for the e-mail to be used (email_verified; Entra ID: xms_edov). */
  emailVerifiedClaim: string;
  groupsClaim: string;
}

/** The provider's name is a path segment (/ui/api/sso/NAME/start): a few safe characters. */
const PROVIDER_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** An `http:` issuer only on a loopback address (a local provider, tests); anything else `https:`. */
export function requireIssuerUrl(issuer: unknown, where: string): URL {
  let url: URL;
  try {
    url = new URL(String(issuer));
  } catch {
    throw new Error(`${where}: issuer ${JSON.stringify(issuer)} is not a URL`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  throw new Error(`${where}: issuer ${url.href} must be https: (http: only on a loopback address)`);
}

function text(value: unknown, field: string, where: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new Error(`${where}: ${field} must be a non-empty string`);
  return value;
}

/** The client secret from the environment variable (`clientSecretEnv`) or the file (`clientSecretFile`) named. */
function secretOf(entry: Record<string, unknown>, where: string, env: NodeJS.ProcessEnv): string {
  if (typeof entry.clientSecretEnv === 'string') {
    const secret = env[entry.clientSecretEnv];
    if (!secret)
      throw new Error(`${where}: the environment variable ${entry.clientSecretEnv} (clientSecretEnv) is not set`);
    return secret;
  }
  if (typeof entry.clientSecretFile === 'string') {
    try {
      return readFileSync(entry.clientSecretFile, 'utf8').trim();
    } catch (error) {
      throw new Error(`${where}: cannot read clientSecretFile ${entry.clientSecretFile}: ${(error as Error).message}`);
    }
  }
  throw new Error(`${where}: give clientSecretEnv (an environment variable's name) or clientSecretFile`);
}

/**
 * Reads and checks the providers of OIDC_PROVIDERS; none when it is unset. Throws a plain message.
 * Without `secrets` (the CLI, which only names providers in rules) the client secrets are not read.
 */
export function loadProviders(env: NodeJS.ProcessEnv = process.env, { secrets = true } = {}): SsoProvider[] {
  const file = env.OIDC_PROVIDERS;
  if (!file) return [];
  let entries: unknown;
  try {
    entries = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`OIDC_PROVIDERS: cannot read ${file} as JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(entries)) throw new Error(`OIDC_PROVIDERS: ${file} must hold a JSON array of providers`);
  const providers = entries.map((raw, index): SsoProvider => {
    const entry = (raw ?? {}) as Record<string, unknown>;
    const where = `OIDC_PROVIDERS ${file} [${index}]`;
    const name = text(entry.name, 'name', where);
    if (!PROVIDER_NAME.test(name))
      throw new Error(`${where}: name "${name}" must be lower-case letters, digits, - or _ (up to 40)`);
    const scopes = entry.scopes ?? ['openid', 'email', 'profile'];
    if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string') || !scopes.includes('openid'))
      throw new Error(`${where}: scopes must be an array of strings that includes "openid"`);
    return {
      name,
      displayName: text(entry.displayName ?? name, 'displayName', where),
      issuer: requireIssuerUrl(entry.issuer, where).href.replace(/\/$/, ''),
      clientId: text(entry.clientId, 'clientId', where),
      clientSecret: secrets ? secretOf(entry, where, env) : '',
      scopes,
      emailClaim: text(entry.emailClaim ?? 'email', 'emailClaim', where),
      emailVerifiedClaim: text(entry.emailVerifiedClaim ?? 'email_verified', 'emailVerifiedClaim', where),
      groupsClaim: text(entry.groupsClaim ?? 'groups', 'groupsClaim', where),
    };
  });
  const names = providers.map((provider) => provider.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new Error(`OIDC_PROVIDERS: the name "${twice}" is used twice`);
  return providers;
}

/** How long a provider's authorization endpoint has to answer the probe before a sign-in. */
export const PROBE_TIMEOUT_MS = 2000;

/** How long a provider that answered the probe is taken to be up: a burst of sign-ins probes it once. */
export const PROBE_MEMORY_MS = 30_000;

/**
 * Why the endpoint is down — a network failure (its code: ECONNREFUSED, ENOTFOUND, a TLS error), a
 * timeout or an HTTP 5xx — or undefined when it answers. A plain GET: no parameters, cookies or
 * credentials, so nothing secret can leak. Any answer below 500 counts, a 400 included (an
 * authorization endpoint asked without parameters usually says so) and a redirect, not followed.
 */
async function probeEndpoint(endpoint: string): Promise<string | undefined> {
  try {
    const response = await fetch(endpoint, { redirect: 'manual', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel().catch(() => undefined);
    return response.status >= 500 ? `HTTP ${response.status}` : undefined;
  } catch (error) {
    const failure = error as Error & { cause?: Error & { code?: string } };
    if (failure.name === 'TimeoutError') return `timeout after ${PROBE_TIMEOUT_MS} ms`;
    return failure.cause?.code ?? failure.cause?.message ?? failure.message;
  }
}

/** A probe of a provider: in flight (shared by the sign-ins that wait for it), or an answer trusted `until`. */
interface Probe {
  failure: Promise<string | undefined>;
  until: number;
}

/** The providers of one app, with their discovered configurations and whether they answered lately. */
export class ProviderRegistry {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();
  private readonly probes = new Map<string, Probe>();

  constructor(readonly providers: readonly SsoProvider[]) {}

  find(name: string): SsoProvider | undefined {
    return this.providers.find((provider) => provider.name === name);
  }

  /** The provider's configuration from its discovery document (cached; a failure is tried again next time). */
  configuration(provider: SsoProvider): Promise<oidc.Configuration> {
    let found = this.configurations.get(provider.name);
    if (!found) {
      const url = new URL(provider.issuer);
      found = oidc.discovery(
        url,
        provider.clientId,
        undefined,
        oidc.ClientSecretBasic(provider.clientSecret),
        url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      );
      // The ID token's signature is checked too, against the provider's keys (fetched and rotated
      // by the library): TLS alone would let a forged or changed token through a broken channel.
      found = found.then((configuration) => {
        oidc.enableNonRepudiationChecks(configuration);
        return configuration;
      });
      this.configurations.set(provider.name, found);
      found.catch(() => this.configurations.delete(provider.name));
    }
    return found;
  }

  /**
   * Why the provider is down (the detail for the log), or undefined when its authorization endpoint
   * answers: checked before a browser is sent there, so that a provider that stopped answering after
   * its discovery is a plain message on the sign-in page, not the browser's own error page. An
   * answer is trusted for PROBE_MEMORY_MS; a failure is never kept (the next sign-in probes again).
   */
  probe(provider: SsoProvider, configuration: oidc.Configuration): Promise<string | undefined> {
    const kept = this.probes.get(provider.name);
    if (kept && Date.now() < kept.until) return kept.failure;
    const endpoint = configuration.serverMetadata().authorization_endpoint;
    // Without one, building the authorization URL fails, with its own message.
    if (!endpoint) return Promise.resolve(undefined);
    const probe: Probe = {
      failure: probeEndpoint(endpoint).then((cause) =>
        cause === undefined
          ? undefined
          : `provider ${provider.name} is down: the probe of its authorization endpoint ${endpoint} failed (${cause})`,
      ),
      until: Number.POSITIVE_INFINITY,
    };
    this.probes.set(provider.name, probe);
    void probe.failure.then((failure) => {
      if (failure === undefined) probe.until = Date.now() + PROBE_MEMORY_MS;
      else if (this.probes.get(provider.name) === probe) this.probes.delete(provider.name);
    });
    return probe.failure;
  }

  /** Forgets that the provider answered (it failed since), so that the next sign-in probes it again. */
  forgetProbe(provider: SsoProvider): void {
    this.probes.delete(provider.name);
  }
}
