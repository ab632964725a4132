import type { ImportReport } from './transfer-api.js';

const MAX_SHOWN = 200;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** An import's or a check's outcome: what it did (or would do), and each refused row with its field and reason. */
export function ImportSummary({ report, noun }: { report: ImportReport; noun: string }) {
  const refused = report.errors.length > 0;
  const number = (count: number) => count.toLocaleString('en');
  const counts =
    `${number(report.created)} created, ${number(report.updated)} updated, ` + `${number(report.unchanged)} unchanged`;
  const headline = refused
    ? `Refused: ${plural(new Set(report.errors.map((error) => error.row)).size, 'row')} of ` +
      `${plural(report.rows, 'row')} cannot be imported. Nothing was written.`
    : report.dryRun
      ? `Check passed: importing ${plural(report.rows, 'row')} would leave ${counts}. Nothing was written.`
      : `Imported ${plural(report.rows, 'row')} of ${noun}: ${counts}.`;
  return (
    <section className={refused ? 'import-summary refused' : 'import-summary'} aria-labelledby="summary-heading">
      <h2 id="summary-heading">{report.dryRun ? 'Check' : 'Import'}</h2>
      <p role="status">{headline}</p>
      {report.preset && report.ignoredColumns && report.ignoredColumns.length > 0 && (
        <p>Columns the preset ignored: {report.ignoredColumns.join(', ')}.</p>
      )}
      {refused && (
        <>
          <p>Correct these rows in the file (or change the columns above) and try again:</p>
          <div className="table-scroll">
            <table>
              <caption className="visually-hidden">Refused rows</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.slice(0, MAX_SHOWN).map((error) => (
                  <tr key={`${error.row}:${error.field}:${error.message}`}>
                    <td>{error.row === 0 ? 'the file' : error.row}</td>
                    <td>{error.field ?? '—'}</td>
                    <td>{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {report.errors.length > MAX_SHOWN && (
            <p>
              {plural(report.errors.length - MAX_SHOWN, 'more problem')} not shown; Check again once these are
              corrected.
            </p>
          )}
        </>
      )}
    </section>
  );
}
