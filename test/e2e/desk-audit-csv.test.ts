import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { inTimeZone } from '#test/support/browser-flows.ts';
import { enrolledDeskDevice, staffCli } from '#test/support/desk-browser.ts';
import { csvMoment } from '#test/support/csv-moment.ts';
import { clientPressedSos } from '#test/support/desk-clients.ts';

// 'Exportar CSV' on 'Registro', in a real Chromium: the file the admin saves is what a spreadsheet
// opens (UTF-8 with its byte order mark, RFC 4180), in Spanish, one row per line of the log, its
// dates in the desk's own zone, and nothing of the client searched for or of the fingerprints kept.

const ADMIN = 'auditora@firma.example';
const ZONE = 'America/Chicago';
const CLIENT = {
  email: 'maria.dangelo@example.org',
  firstname: 'María José',
  lastname: "D'Ángelo Núñez",
  phone: '+12025550143',
};

const both = appAndChromiumPerFile();

/** A moment as the CSV writes it in `ZONE`: 'YYYY-MM-DD HH:MM:SS' sorts as time does. */
const inZone = (at: number) => csvMoment(at, ZONE);

describe("the desk's audit log as a CSV file", () => {
  it('downloads a spreadsheet-ready, Spanish CSV with one row per line of the log in the desk’s zone, and no client’s name, phone or fingerprint', async () => {
    const { app, browser } = both;
    const from = Date.now() - 1_000;
    await staffCli(app, ['add', ADMIN, '--role', 'admin']);
    // A team change by the server's command is a line of the log too.
    await staffCli(app, ['add', 'temporal@firma.example', '--role', 'responder']);
    await staffCli(app, ['remove', 'temporal@firma.example']);
    const alertId = await clientPressedSos(app, CLIENT);

    const { context, page } = await enrolledDeskDevice(app, browser, ADMIN, ({ page }) => inTimeZone(page, ZONE));

    // A family member calls: the admin looks the client up by her surname and opens her case.
    const nav = page.getByRole('navigation', { name: 'Escritorio' });
    await nav.getByRole('link', { name: 'Buscar' }).click();
    await page.getByLabel('Nombre o teléfono').fill("D'Ángelo");
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: `${CLIENT.firstname} ${CLIENT.lastname}` }).waitFor();
    await page.getByRole('button', { name: /^Alerta activa: / }).click();
    await page.getByRole('heading', { level: 1, name: `Caso de ${CLIENT.firstname} ${CLIENT.lastname}` }).waitFor();

    await nav.getByRole('link', { name: 'Registro' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registro de auditoría' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Abrió un caso' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    const to = Date.now() + 1_000;
    expect(download.suggestedFilename()).toBe('registro-del-escritorio.csv');
    expect(await download.failure()).toBeNull();
    const bytes = await readFile((await download.path())!);

    // UTF-8 with a byte order mark, so a spreadsheet reads 'Quién' and 'Abrió', not mojibake.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parse(text, { relax_column_count: false }) as string[][];
    expect(header).toEqual([`Fecha y hora (${ZONE})`, 'Quién', 'Qué', 'Caso']);
    // Newest first: the case opened (once, however often its screen read it), the search, the removal.
    expect(rows).toEqual([
      [expect.any(String), ADMIN, 'Abrió un caso', alertId],
      [expect.any(String), ADMIN, 'Buscó un nombre o teléfono (1 resultado)', ''],
      [expect.any(String), 'Servidor (npm run staff)', 'Quitó a temporal@firma.example del equipo', ''],
    ]);
    // Each date is the desk's clock (Chicago), to the second, between the test's start and end.
    for (const [when] of rows) {
      expect(when).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(when! >= inZone(from) && when! <= inZone(to), `${when} in ${inZone(from)}..${inZone(to)}`).toBe(true);
    }
    expect(rows.map(([when]) => when)).toEqual(
      rows
        .map(([when]) => when)
        .sort()
        .reverse(),
    );
    // Nothing of the client searched for, nor of what the log keeps instead of it.
    for (const kept of ['María', 'Ángelo', 'Núñez', 'dangelo', '2025550143', '555-0143', '19.43', '-99.13'])
      expect(text).not.toContain(kept);
    expect(text).not.toMatch(/[0-9a-f]{32}/);

    await context.close();
  });
});
