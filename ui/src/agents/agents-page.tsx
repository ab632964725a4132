import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { messageOf } from '../api/client.js';
import { consoleApi, type AgentItem, type EnrolledAgent } from '../api/console-api.js';
import { invalidate, queries, stale } from '../api/queries.js';
import { ConfirmDialog, Dialog, FormActions } from '../base/dialog.js';
import { errorsOf, Field, FormError, type FormErrors } from '../base/field.js';
import { formatCount, formatDate, humanize } from '../base/format.js';
import { PageHeader } from '../base/layout.js';
import { ShownOnceDialog } from '../base/secret.js';
import { TableHead } from '../base/table-head.js';
import { useAbilities } from '../base/session.js';

const PAGE = 50;

type Enrolled = EnrolledAgent;

function EnrollForm({ onClose, onEnrolled }: { onClose(): void; onEnrolled(enrolled: Enrolled): void }) {
  const [name, setName] = useState('');
  const [fleet, setFleet] = useState(false);
  const [invalid, setInvalid] = useState<FormErrors>();
  const fleetHelp = useId();
  const enroll = useMutation({
    mutationFn: (agent: { name: string; fleet: boolean }) =>
      consoleApi.enrollAgent(agent.name, { fields: ['name'], fleet: agent.fleet }),
    onSuccess: onEnrolled,
  });
  const errors = invalid ?? errorsOf(enroll.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setInvalid({ field: 'name', fieldError: 'name must not be blank' });
    setInvalid(undefined);
    enroll.mutate({ name: name.trim(), fleet });
  };
  return (
    <Dialog title="Enroll agent" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Field
          label="Name"
          error={errors.field === 'name' ? errors.fieldError : undefined}
          hint={fleet ? 'For example the machines it covers: Windows laptops.' : 'For example the host it will run on.'}
        >
          <input type="text" maxLength={200} value={name} onChange={(event) => setName(event.target.value)} autoFocus />
        </Field>
        <div className="field">
          <label>
            <input
              type="checkbox"
              checked={fleet}
              aria-describedby={fleetHelp}
              onChange={(event) => setFleet(event.target.checked)}
            />{' '}
            Reports many hosts (GLPI Agent, FusionInventory, OCS Inventory)
          </label>
          <p className="hint" id={fleetHelp}>
            Tick this if your computers already run one of these inventory agents: you give them all one address and
            this agent&apos;s token, and each computer that reports appears as its own host.
          </p>
        </div>
        <FormError error={errors.formError} />
        <FormActions submit="Enroll" onCancel={onClose} busy={enroll.isPending} />
      </form>
    </Dialog>
  );
}

/** What to copy after enrolling: the command of a one-host agent, the inventory agents' settings of a fleet one. */
function enrolledValues(enrolled: Enrolled): { label: string; value: string }[] {
  const token = { label: 'Agent token', value: enrolled.token };
  if (!enrolled.inventory) return [{ label: 'Agent command', value: enrolled.command ?? '' }, token];
  const { url, glpiAgent, fusionInventory, ocsInventory } = enrolled.inventory;
  return [
    token,
    { label: 'Inventory server address', value: url },
    { label: 'GLPI Agent', value: glpiAgent },
    { label: 'FusionInventory Agent', value: fusionInventory },
    { label: 'OCS Inventory agent', value: ocsInventory },
  ];
}

/** /ui/agents: enrolled agents with host, last report and status; enroll and revoke (admins). */
export function AgentsPage() {
  const { isAdmin } = useAbilities();
  const client = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  const [enrolled, setEnrolled] = useState<Enrolled>();
  const [revoking, setRevoking] = useState<AgentItem>();

  const search = useSearch();
  const [, navigate] = useLocation();
  const offset = Number(new URLSearchParams(search).get('offset') ?? 0) || 0;
  const page = useQuery({ ...queries.agents({ limit: PAGE, offset }), placeholderData: keepPreviousData });
  const agents = page.data?.data;
  const total = page.data?.pagination.total ?? 0;
  // The moment a page of rows is on screen, as on every list page (see inventory/list-page.tsx).
  useEffect(() => {
    if (agents) requestAnimationFrame(() => performance.mark('estate:list-shown', { detail: 'agents' }));
  }, [agents]);

  const revoke = useMutation({
    mutationFn: (agent: AgentItem) => consoleApi.revokeAgent(agent.id),
    onSettled: () => {
      setRevoking(undefined);
      void invalidate(client, stale.agents);
    },
  });

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
      <FormError error={messageOf(revoke.error ?? page.error)} />
      {agents && agents.length === 0 && <p>No agents yet.</p>}
      {agents && agents.length > 0 && (
        <div className="table-scroll">
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
        </div>
      )}
      {agents && total > PAGE && (
        <nav className="pager" aria-label="Pages">
          <span>
            {formatCount(offset + 1)}–{formatCount(offset + agents.length)} of {formatCount(total)}
          </span>
          <button
            type="button"
            disabled={offset === 0}
            onClick={() => navigate(`/agents?offset=${Math.max(0, offset - PAGE)}`)}
          >
            Previous
          </button>
          <button
            type="button"
            disabled={offset + PAGE >= total}
            onClick={() => navigate(`/agents?offset=${offset + PAGE}`)}
          >
            Next
          </button>
        </nav>
      )}
      {enrolling && (
        <EnrollForm
          onClose={() => setEnrolling(false)}
          onEnrolled={(result) => {
            setEnrolling(false);
            setEnrolled(result);
            void invalidate(client, stale.agents);
          }}
        />
      )}
      {enrolled && (
        <ShownOnceDialog
          title={enrolled.inventory ? 'Point the inventory agents at Estate' : 'Start the agent on its host'}
          intro={
            enrolled.inventory
              ? 'The token is shown this once. Give each inventory agent the server address, fleet as user name ' +
                'and the token as password (the OCS agent takes both base64-encoded), as in these lines:'
              : 'The token is shown this once. Run this command on the host:'
          }
          values={enrolledValues(enrolled)}
          onClose={() => setEnrolled(undefined)}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke ${revoking.name}?`}
          onConfirm={() => revoke.mutate(revoking)}
          onClose={() => setRevoking(undefined)}
          busy={revoke.isPending}
        >
          <p>Its token stops working at once; its hosts stay in the inventory.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
