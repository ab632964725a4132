import { useState } from 'react';
import { messageOf } from '../api/client.js';
import { FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities, useSession } from '../base/session.js';
import { type ArchiveReport, sendArchive } from '../transfer/transfer-api.js';

/** A report's sections as one sentence: "2 fields, 4 people, 10 servers". */
const countsOf = (report: ArchiveReport) =>
  Object.entries(report.sections)
    .filter(([, count]) => count > 0)
    .map(([section, count]) => `${count.toLocaleString('en')} ${section}`)
    .join(', ') || 'nothing';

/**
 * /ui/settings/archive: the whole workspace as one file (estate export --all), and an empty
 * workspace filled from such a file (estate import --all): admins only, the server checks it too.
 */
export function ArchivePage() {
  const { isAdmin } = useAbilities();
  const { session } = useSession();
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<ArchiveReport>();
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  if (!isAdmin)
    return (
      <>
        <PageHeader title="Move a workspace" />
        <p>Only a workspace's admins move it: the file holds everything.</p>
      </>
    );

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setFailure(undefined);
    setReport(undefined);
    try {
      setReport(await sendArchive(file, { dryRun, fileName: file.name }, session.csrfToken));
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title="Move a workspace" />
      <p className="lead">
        One file with this workspace's custom fields, people, tags, agents and every item with its links and comments.
        Keys, members and the audit log stay here; agents arrive revoked, to be enrolled again.
      </p>
      <h2>Download</h2>
      <p>
        <a className="button" href="/ui/api/archive" download>
          Download this workspace
        </a>
      </p>
      <h2>Fill this workspace from a file</h2>
      <p>This works on an empty workspace only: every section goes in, or nothing does.</p>
      <label>
        Archive file{' '}
        <input
          type="file"
          accept=".jsonl,application/x-ndjson"
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setReport(undefined);
            setFailure(undefined);
          }}
        />
      </label>
      <p>
        <button type="button" disabled={!file || busy} onClick={() => void send(true)}>
          Check the file
        </button>{' '}
        <button type="button" className="primary" disabled={!file || busy} onClick={() => void send(false)}>
          Import
        </button>
      </p>
      <FormError error={messageOf(failure)} />
      {report && (
        <section aria-live="polite" aria-label="Archive report">
          {report.errors.length > 0 ? (
            <>
              <p role="alert">Nothing was written: the file was refused ({countsOf(report)} read).</p>
              <ul>
                {report.errors.map((error) => (
                  <li key={`${error.section}-${error.row}-${error.field ?? ''}`}>
                    {error.section} row {error.row}
                    {error.field ? ` (${error.field})` : ''}: {error.message}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>
              {report.dryRun ? 'The file would import: ' : 'Imported: '}
              {countsOf(report)}.
            </p>
          )}
        </section>
      )}
    </>
  );
}
