import { useState, type FormEvent } from 'react';
import { consoleApi, type SessionView } from '../api/console-api.js';
import { errorsOf, Field, FormError } from '../base/field.js';

const MIN_PASSWORD = 8;

/** /ui/invite#<token>: an invited member sets their password and is signed in. */
export function InvitePage({ onSignedIn }: { onSignedIn(session: SessionView): void }) {
  const token = window.location.hash.slice(1);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof errorsOf>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD)
      return setErrors({ field: 'password', fieldError: `password must be at least ${MIN_PASSWORD} characters` });
    if (password !== repeat) return setErrors({ field: 'repeat', fieldError: 'the two passwords differ' });
    try {
      onSignedIn(await consoleApi.acceptInvitation(token, password, { fields: ['password'] }));
    } catch (failure) {
      setErrors(errorsOf(failure));
    }
  };

  if (!token) {
    return (
      <main id="main" className="sign-in">
        <h1>Invitation</h1>
        <p>This link has no invitation in it. Ask your admin for a new one.</p>
      </main>
    );
  }
  return (
    <main id="main" className="sign-in">
      <h1>Choose your password</h1>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label="New password"
          error={errors.field === 'password' ? errors.fieldError : undefined}
          hint={`At least ${MIN_PASSWORD} characters and hard to guess: a few uncommon words together work well.`}
        >
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the page is this one form; typing starts where the person expects.
            autoFocus
          />
        </Field>
        <Field label="Repeat it" error={errors.field === 'repeat' ? errors.fieldError : undefined}>
          <input
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
          />
        </Field>
        <FormError error={errors.formError} />
        <button type="submit" className="primary">
          Set password and sign in
        </button>
      </form>
    </main>
  );
}
