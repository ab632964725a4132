import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../api/client.js';
import { consoleApi, type ConsoleKey } from '../api/console-api.js';
import { invalidate, queries, stale } from '../api/queries.js';
import { ConfirmDialog } from '../base/dialog.js';
import { FormError } from '../base/field.js';
import { formatDate } from '../base/format.js';
import { PageHeader } from '../base/layout.js';
import { ShownOnceDialog } from '../base/secret.js';
import { TableHead } from '../base/table-head.js';
import { KeyCells } from './key-cells.js';
import { CreateKeyForm } from './create-key-form.js';

type Pending = { action: 'rotate' | 'revoke'; key: ConsoleKey } | undefined;

/** The secret of a key just created or rotated, with a ready curl line; shown this once. */
function NewSecret({ secret, onClose }: { secret: string; onClose(): void }) {
  const curl = `curl -H "Authorization: Bearer ${secret}" ${window.location.origin}/public/v1/me`;
  return (
    <ShownOnceDialog
      title="Copy the secret now"
      intro="It is shown this once. Estate keeps only its hash."
      values={[
        { label: 'New secret', value: secret },
        { label: 'Try it', value: curl },
      ]}
      onClose={onClose}
    />
  );
}

/** /ui/keys: the workspace's API keys; create, rotate and revoke (admins). */
export function KeysPage() {
  const client = useQueryClient();
  const list = useQuery(queries.keys());
  const keys = list.data?.data;
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string>();
  const [pending, setPending] = useState<Pending>();
  const change = useMutation({
    // A rotation answers the new secret, shown once; a revocation, nothing to show.
    mutationFn: async ({ action, key }: NonNullable<Pending>) => {
      if (action === 'rotate') return (await consoleApi.rotateKey(key.id)).secret;
      await consoleApi.revokeKey(key.id);
      return undefined;
    },
    onSuccess: (rotated) => setSecret(rotated),
    onSettled: () => {
      setPending(undefined);
      void invalidate(client, stale.keys);
    },
  });

  return (
    <>
      <PageHeader title="API keys">
        <button type="button" className="primary" onClick={() => setCreating(true)}>
          Create key
        </button>
      </PageHeader>
      <p className="lead">
        Integrations call the public API (/public/v1) with these keys. A key holds a copy of its permissions from the
        moment it was made.
      </p>
      <FormError error={messageOf(change.error ?? list.error)} />
      {keys && keys.length === 0 && <p>No keys yet.</p>}
      {keys && keys.length > 0 && (
        <div className="table-scroll">
          <table>
            <TableHead
              caption="API keys"
              columns={['Name', 'Prefix', 'Permissions', 'Created by', 'Created', 'Expires', 'Status']}
            />
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <KeyCells keyShown={key} />
                  <td>{key.createdByName ?? '—'}</td>
                  <td>{formatDate(key.createdAt)}</td>
                  <td>{key.expiresAt ? formatDate(key.expiresAt) : 'never'}</td>
                  <td>
                    <span className={`status status-${key.status}`}>{key.status}</span>
                  </td>
                  <td className="row-actions">
                    {key.status !== 'revoked' && (
                      <>
                        {key.status === 'active' && (
                          <button type="button" onClick={() => setPending({ action: 'rotate', key })}>
                            Rotate
                          </button>
                        )}
                        <button type="button" className="danger" onClick={() => setPending({ action: 'revoke', key })}>
                          Revoke
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && (
        <CreateKeyForm
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created);
            void invalidate(client, stale.keys);
          }}
        />
      )}
      {secret && <NewSecret secret={secret} onClose={() => setSecret(undefined)} />}
      {pending && (
        <ConfirmDialog
          title={pending.action === 'rotate' ? `Rotate “${pending.key.name}”?` : `Revoke “${pending.key.name}”?`}
          onConfirm={() => change.mutate(pending)}
          onClose={() => setPending(undefined)}
          busy={change.isPending}
        >
          {pending.action === 'rotate' ? (
            <p>A new secret replaces the old one, which stops working at once.</p>
          ) : (
            <p>The key stops working at once. This cannot be undone.</p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
