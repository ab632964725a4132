/**
 * The instance's OpenID Connect providers (OIDC_PROVIDERS names a JSON file, docs/sso.md), read
 * once when the app is built, and each provider's discovered configuration, fetched from its
 * issuer's `.well-known` document on first use (and again after a failure, so a provider that was
 * down is found once it is back). Signing keys are fetched and rotated by openid-client.
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

/** The providers of one app, with their discovered configurations. */
export class ProviderRegistry {
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

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
}
