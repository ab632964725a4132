import { useId, type ReactNode } from 'react';

/** One row of a conflict: a field, its value now, and the value the person wants (when they changed it). */
export interface ConflictRow {
  label: string;
  current: ReactNode;
  mine?: ReactNode;
}

/**
 * Shown when a save or delete answered 412: someone saved the item since this page loaded it.
 * It shows the item's current values (fetched again) beside the person's own changes, and offers
 * to apply the change again on top of the current item, or to give it up.
 */
export function ConflictNotice({
  what,
  rows,
  reapply,
  discard,
  onReapply,
  onDiscard,
  busy,
}: {
  what: string;
  rows: ConflictRow[];
  reapply: string;
  discard: string;
  onReapply(): void;
  onDiscard(): void;
  busy?: boolean;
}) {
  const headingId = useId();
  const mine = rows.some((row) => row.mine !== undefined);
  return (
    <section className="conflict" role="alert" aria-labelledby={headingId}>
      <h2 id={headingId}>Changed since you opened it</h2>
      <p>Someone saved {what} after you opened it. Its current values:</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Current value</th>
            {mine && <th scope="col">Your change</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.current}</td>
              {mine && <td>{row.mine ?? '—'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="primary" onClick={onReapply} disabled={busy}>
          {reapply}
        </button>
        <button type="button" onClick={onDiscard} disabled={busy}>
          {discard}
        </button>
      </div>
    </section>
  );
}
