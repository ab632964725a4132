import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../api/client.js';
import { consoleApi, type SessionView } from '../api/console-api.js';
import { Field, FormError } from '../base/field.js';
import { ssoRefusalMessage } from './sso-messages.js';

/**
 * /ui/login: e-mail and password, and a "Sign in with …" link per single sign-on provider. After a
 * lockout, says when to try again; after a refused single sign-on, why (`?sso_error=`).
 */
export function LoginPage({ onSignedIn }: { onSignedIn(session: SessionView): void }) {
  const providers = useQuery({ queryKey: ['sso', 'providers'], queryFn: consoleApi.ssoProviders });
  const refused = new URLSearchParams(window.location.search);
  const refusedBy = providers.data?.data.find((p) => p.name === refused.get('provider'));
  // Said once the providers are known, so the sentence names the provider as the button does.
  const ssoError =
    refused.get('sso_error') && !providers.isPending
      ? ssoRefusalMessage(
          refused.get('sso_error')!,
          refusedBy?.displayName ?? refused.get('provider') ?? 'The provider',
        )
      : undefined;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await consoleApi.signIn({ email, password }));
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  };

  return (
    <main id="main" className="sign-in">
      <h1>Sign in to Estate</h1>
      <FormError error={ssoError} />
      {(providers.data?.data.length ?? 0) > 0 && (
        <ul className="sso-providers">
          {providers.data!.data.map((provider) => (
            <li key={provider.name}>
              <a className="button" href={`/ui/api/sso/${encodeURIComponent(provider.name)}/start`}>
                Sign in with {provider.displayName}
              </a>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Email">
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the page is this one form; typing starts where the person expects.
            autoFocus
          />
        </Field>
        <Field label="Password">
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <FormError error={error} />
        <button type="submit" className="primary" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
