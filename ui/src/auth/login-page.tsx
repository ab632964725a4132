import { useState, type FormEvent } from 'react';
import { messageOf } from '../api/client.js';
import { consoleApi, type SessionView } from '../api/console-api.js';
import { Field, FormError } from '../base/field.js';

/** /ui/login: e-mail and password. After a lockout, says when to try again. */
export function LoginPage({ onSignedIn }: { onSignedIn(session: SessionView): void }) {
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
