import { AuditScreen } from '#client/features/desk-cases/audit-screen.tsx';
import { deskToken } from '#client/lib/desk/desk-session.ts';

/** The CSV needs the desk's token, which a plain link cannot carry: fetched, then saved as a file. */
async function exportAudit(): Promise<void> {
  // Its dates in this desk's zone, as 'Registro' shows them.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const reply = await fetch(`/api/desk/audit.csv?zona=${encodeURIComponent(zone)}`, {
    headers: { authorization: `Bearer ${deskToken() ?? ''}` },
  });
  if (!reply.ok) throw new Error(`registro CSV: ${reply.status}`);
  const url = URL.createObjectURL(await reply.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'registro-del-escritorio.csv';
  link.click();
  URL.revokeObjectURL(url);
}

export function DeskAuditPage() {
  return <AuditScreen onExport={exportAudit} />;
}
