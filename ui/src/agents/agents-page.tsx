import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { consoleApi, type AgentItem } from '../api/console-api.js';
import { ConfirmDialog, Dialog, FormActions } from '../base/dialog.js';
import { errorsOf, Field, FormError } from '../base/field.js';
import { formatDate, humanize } from '../base/format.js';
import { PageHeader } from '../base/layout.js';
import { ShownOnceDialog } from '../base/secret.js';
import { TableHead } from '../base/table-head.js';
import { useAbilities } from '../base/session.js';

function EnrollForm({ onClose, onEnrolled }: { onClose(): void; onEnrolled(enrolled: { token: string; command: string }): void }) {
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof errorsOf>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ field: 'name', fieldError: 'name must not be blank' });
    try {
      onEnrolled(await consoleApi.enrollAgent(name.trim(), { fields: ['name'] }));
    } catch (failure) {
      setErrors(errorsOf(failure));
    }
  };
  return (
    <Dialog title="Enroll agent" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Name" error={errors.field === 'name' ? errors.fieldError : undefined} hint="For example the host it will run on.">
          <input type="text" maxLength={200} value={name} onChange={(event) => setName(event.target.value)} autoFocus />
        </Field>
        <FormError error={errors.formError} />
        <FormActions submit="Enroll" onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** /ui/agents: enrolled agents with host, last report and status; enroll and revoke (admins). */
export function AgentsPage() {
  const { isAdmin } = useAbilities();
  const [agents, setAgents] = useState<AgentItem[]>();
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string>();
  const [enrolling, setEnrolling] = useState(false);
  const [enrolled, setEnrolled] = useState<{ token: string; command: string }>();
  const [revoking, setRevoking] = useState<AgentItem>();

  const load = useCallback(() => {
    consoleApi.agents({ limit: 200 }).then(
      (page) => {
        setAgents(page.data);
        setTotal(page.pagination.total);
      },
      (failure: Error) => setError(failure.message),
    );
  }, []);
  useEffect(load, [load]);

  const revoke = async () => {
    if (!revoking) return;
    try {
      await consoleApi.revokeAgent(revoking.id);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
    setRevoking(undefined);
    load();
  };

  return (
    <>
      <PageHeader title="Agents">
        {isAdmin && (
          <button type="button" className="primary" onClick={() => setEnrolling(true)}>
            Enroll agent
          </button>
        )}
      </PageHeader>
      <p className="lead">Agents run on hosts and report their facts and installed software.</p>
      <FormError error={error} />
      {agents && agents.length === 0 && <p>No agents yet.</p>}
      {agents && agents.length > 0 && (
        <table>
          <TableHead caption="Agents" columns={['Name', 'Host', 'Last report', 'Status', 'Enrolled']} />
          <tbody>
            {agents.map((agent) => (
              <tr key={agent.id}>
                <th scope="row">{agent.name}</th>
                <td>{agent.hostname ?? '—'}</td>
                <td>{agent.lastSeenAt ? formatDate(agent.lastSeenAt) : 'never'}</td>
                <td>
                  <span className={`status status-${agent.status}`}>{humanize(agent.status)}</span>
                </td>
                <td>{formatDate(agent.createdAt)}</td>
                <td className="row-actions">
                  {isAdmin && agent.status !== 'revoked' && (
                    <button type="button" className="danger" onClick={() => setRevoking(agent)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {agents && total > agents.length && <p>Showing the first {agents.length} of {total} agents.</p>}
      {enrolling && (
        <EnrollForm
          onClose={() => setEnrolling(false)}
          onEnrolled={(result) => {
            setEnrolling(false);
            setEnrolled(result);
            load();
          }}
        />
      )}
      {enrolled && (
        <ShownOnceDialog
          title="Start the agent on its host"
          intro="The token is shown this once. Run this command on the host:"
          values={[
            { label: 'Agent command', value: enrolled.command },
            { label: 'Agent token', value: enrolled.token },
          ]}
          onClose={() => setEnrolled(undefined)}
        />
      )}
      {revoking && (
        <ConfirmDialog title={`Revoke ${revoking.name}?`} onConfirm={() => void revoke()} onClose={() => setRevoking(undefined)}>
          <p>Its token stops working at once; its hosts stay in the inventory.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
