import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Body } from '../api/contract.js';
import { consoleApi } from '../api/console-api.js';
import { Dialog, FormActions } from '../base/dialog.js';
import { errorsOf, Field, FormError, type FormErrors } from '../base/field.js';
import { ScopePicker, toggled } from '../base/scope-picker.js';
import { useAbilities } from '../base/session.js';

type CreateKey = Body<'/keys', 'post'>;

const ALIASES = ['read', 'write', 'admin'] as const;

/**
 * Create key: a name, then either an alias (the role's permission set now) or scopes picked by
 * family, offered only among the member's own scopes (the creator-subset rule), and an optional
 * expiry.
 */
export function CreateKeyForm({ onClose, onCreated }: { onClose(): void; onCreated(secret: string): void }) {
  const { permissions } = useAbilities();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'alias' | 'scopes'>('alias');
  const [alias, setAlias] = useState<(typeof ALIASES)[number]>('read');
  const [scopes, setScopes] = useState<Set<string>>(new Set());
  const [expiresAt, setExpiresAt] = useState('');
  // Refused in the browser before anything is sent; else the API's refusal.
  const [invalid, setInvalid] = useState<FormErrors>();
  const create = useMutation({
    mutationFn: (body: CreateKey) => consoleApi.createKey(body, { fields: ['name', 'alias', 'scopes', 'expiresAt'] }),
    onSuccess: (created) => onCreated(created.secret),
  });
  const errors = invalid ?? errorsOf(create.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setInvalid({ field: 'name', fieldError: 'name must not be blank' });
    if (mode === 'scopes' && scopes.size === 0)
      return setInvalid({ field: 'scopes', fieldError: 'pick at least one scope' });
    setInvalid(undefined);
    create.mutate({
      name: name.trim(),
      ...(mode === 'alias' ? { alias } : { scopes: [...scopes].sort() }),
      ...(expiresAt ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
    });
  };

  const fieldError = (field: string) => (errors.field === field ? errors.fieldError : undefined);

  return (
    <Dialog title="Create key" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Field label="Name" error={fieldError('name')}>
          <input type="text" maxLength={200} value={name} onChange={(event) => setName(event.target.value)} autoFocus />
        </Field>
        <fieldset className="choice">
          <legend>Permissions</legend>
          <label>
            <input type="radio" name="mode" checked={mode === 'alias'} onChange={() => setMode('alias')} /> Same as a
            role
          </label>
          <label>
            <input type="radio" name="mode" checked={mode === 'scopes'} onChange={() => setMode('scopes')} /> Chosen
            scopes
          </label>
        </fieldset>
        {mode === 'alias' ? (
          <Field label="Alias" error={fieldError('alias')} hint="The key gets the role's permissions as they are now.">
            <select value={alias} onChange={(event) => setAlias(event.target.value as (typeof ALIASES)[number])}>
              {ALIASES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <fieldset className="scopes">
            <legend>Scopes</legend>
            <p className="hint">Only scopes your role holds can be given.</p>
            <ScopePicker scopes={permissions} chosen={scopes} onToggle={(scope) => setScopes(toggled(scopes, scope))} />
            {fieldError('scopes') && <p className="field-error">{fieldError('scopes')}</p>}
          </fieldset>
        )}
        <Field label="Expires (optional)" error={fieldError('expiresAt')}>
          <input type="datetime-local" value={expiresAt} onChange={(event) => setExpiresAt(event.target.value)} />
        </Field>
        <FormError error={errors.formError} />
        <FormActions submit="Create" onCancel={onClose} busy={create.isPending} />
      </form>
    </Dialog>
  );
}
