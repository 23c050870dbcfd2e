import { useState } from 'react';
import { useDeskAudit } from './api/desk-search.ts';
import { deskCasesTexts as texts } from './desk-cases-texts.ts';
import { deskMoment } from './desk-time.ts';
import './desk-cases.css';

/** Admins: every search and every case opened, newest first, and the CSV of it all. */
export function AuditScreen({ onExport }: { onExport: () => Promise<void> }) {
  const audit = useDeskAudit();
  const [exportFailed, setExportFailed] = useState(false);
  const exportCsv = () => {
    setExportFailed(false);
    // The button stays usable: the admin may simply try again.
    onExport().catch(() => setExportFailed(true));
  };
  return (
    <section className="desk-cases" aria-labelledby="desk-audit-title">
      <h1 id="desk-audit-title">{texts.auditTitle}</h1>
      <button type="button" className="button" onClick={exportCsv}>
        {texts.exportCsv}
      </button>
      {exportFailed && <p role="alert">{texts.exportFailed}</p>}
      {audit.isError && <p role="alert">{audit.error.message}</p>}
      {audit.data ? (
        // On a phone the table scrolls sideways: the region takes the keyboard's focus to scroll it too.
        <div className="desk-audit" role="region" aria-label={texts.auditTable} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Cuándo</th>
                <th scope="col">Quién</th>
                <th scope="col">Qué</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.map((line) => (
                <tr key={line.id}>
                  <td>{deskMoment(line.at)}</td>
                  <td>{line.staff_email}</td>
                  <td>
                    {line.action === 'search'
                      ? texts.auditSearch(line.results ?? 0)
                      : `${texts.auditOpened} (${line.alert_id ?? texts.auditCaseGone})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        !audit.isError && <p role="status">{texts.loading}</p>
      )}
    </section>
  );
}
