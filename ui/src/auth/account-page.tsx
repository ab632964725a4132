import { useState, type FormEvent } from 'react';
import { consoleApi } from '../api/console-api.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useSession } from '../base/session.js';

/** /ui/account: the person's password, and signing out of every browser. */
export function AccountPage() {
  const { session } = useSession();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof errorsOf>>({});
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setDone(false);
    try {
      await consoleApi.changePassword({ currentPassword, newPassword }, { fields: ['currentPassword', 'newPassword'] });
      setDone(true);
      setCurrent('');
      setNew('');
    } catch (failure) {
      setErrors(errorsOf(failure));
    }
  };
  const everywhere = async () => {
    await consoleApi.signOutEverywhere();
    window.location.assign('/ui/login');
  };

  return (
    <>
      <PageHeader title="Your account" />
      <p>
        {session.user.name} · {session.user.email}
      </p>
      <section>
        <h2>Change password</h2>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Field label="Current password" error={errors.field === 'currentPassword' ? errors.fieldError : undefined}>
            <input
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(event) => setCurrent(event.target.value)}
            />
          </Field>
          <Field
            label="New password"
            error={errors.field === 'newPassword' ? errors.fieldError : undefined}
            hint={
              'At least 8 characters and hard to guess: a few uncommon words together work well. ' +
              'Your other sessions end.'
            }
          >
            <input
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNew(event.target.value)}
            />
          </Field>
          <FormError error={errors.formError} />
          {done && <p role="status">Password changed. Your other sessions were signed out.</p>}
          <button type="submit" className="primary">
            Save
          </button>
        </form>
      </section>
      <section>
        <h2>Sessions</h2>
        <p>Signs you out in every browser, this one included.</p>
        <button type="button" onClick={() => void everywhere()}>
          Sign out everywhere
        </button>
      </section>
    </>
  );
}
