import { useState } from 'react';
import { auditLineText, deskAuditTexts } from '#shared/api/desk-audit.ts';
import { useDeskAudit } from './api/desk-search.ts';
import { AuditLookup } from './audit-lookup.tsx';
import { deskCasesTexts as texts } from './desk-cases-texts.ts';
import { deskMoment } from './desk-time.ts';
import './desk-cases.css';

/**
 * Admins: whether someone was looked up, every search, look-up and case opened, newest first, and the
 * CSV of it all.
 */
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
      <AuditLookup />
      {audit.isError && <p role="alert">{audit.error.message}</p>}
      {audit.data ? (
        // A table at a desk; on a phone each line is a card of its own (desk-cases.css), read top to bottom.
        <table className="desk-audit" aria-label={texts.auditTable}>
          <thead>
            <tr>
              <th scope="col">{texts.auditWhen}</th>
              <th scope="col">{texts.auditWho}</th>
              <th scope="col">{texts.auditWhat}</th>
            </tr>
          </thead>
          <tbody>
            {audit.data.map((line) => (
              <tr key={line.id}>
                <td data-label={texts.auditWhen}>{deskMoment(line.at)}</td>
                <td data-label={texts.auditWho}>{line.staff_email}</td>
                <td data-label={texts.auditWhat}>
                  {auditLineText(line)}
                  {line.action === 'case-opened' && ` (${line.alert_id ?? deskAuditTexts.caseGone})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        !audit.isError && <p role="status">{texts.loading}</p>
      )}
    </section>
  );
}
