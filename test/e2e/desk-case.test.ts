import { describe, expect, it } from 'vitest';
import { axeViolations } from '#test/support/accessibility-checks.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { deskUrl, deviceWithPasskeys, enrolWithEmailedCode, staffCli } from '#test/support/desk-browser.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { firmConsentTexts } from '#shared/api/firm-consent.ts';

// The firm's closed loop in real browsers: a client who shares their alerts presses SOS; the desk,
// already open, shows the card without a reload; 'Atender' takes it and the client's own alert screen
// says so; a note and 'Cerrar caso' go into the case; the admin's audit log lists the case opened
// once however often the case screen read it, and tells whether the client was looked up (each such
// asking a line of the log as well).
// A client who did not share never reaches the desk.

const both = appAndChromiumPerFile();

describe("the firm's desk answers an alert", () => {
  it('shows a consenting client’s press live, takes it, tells the client, notes and closes it, and never shows a client who did not consent', async () => {
    const { app, browser } = both;
    await staffCli(app, ['add', 'guardia@firma.example', '--role', 'admin']);
    const desk = await deviceWithPasskeys(browser);
    const streams: string[] = [];
    const caseReads: string[] = [];
    // The desk loads nothing from elsewhere: no map tiles, fonts or scripts of a third party.
    const elsewhere: string[] = [];
    const deskOrigin = new URL(deskUrl(app)).origin;
    desk.page.on('request', (request) => {
      if (!/^(data|blob):/.test(request.url()) && new URL(request.url()).origin !== deskOrigin)
        elsewhere.push(request.url());
      if (request.url().endsWith('/api/desk/stream')) streams.push(request.url());
      if (request.method() === 'GET' && /\/api\/desk\/alerts\/[0-9a-f-]{36}$/.test(request.url()))
        caseReads.push(request.url());
    });
    await desk.page.goto(`${deskUrl(app)}/entrar`);
    await enrolWithEmailedCode(app, desk.page, 'guardia@firma.example');
    await desk.page.getByText('No hay alertas activas.').waitFor();

    // A client who never turned sharing on presses first: the desk stays empty.
    const private_ = await personWithConfirmedContact(app, browser, 'reservada');
    await sosButton(private_.page).click();
    await private_.page.getByRole('heading', { name: 'Alerta activa' }).waitFor();

    // A client who shares their alerts with the firm, from their profile.
    const client = await personWithConfirmedContact(app, browser, 'compartida');
    await client.page.goto(`${app.url}/web/profile`);
    await client.page.getByRole('switch', { name: 'Compartir mis alertas con IAD' }).click();
    await expect
      .poll(() => client.page.getByRole('switch', { name: 'Compartir mis alertas con IAD' }).isChecked())
      .toBe(true);
    // The switch shows 'on' while its change is saved; leaving the page then could cut the save.
    await client.page.getByText(firmConsentTexts.savedOn('IAD')).waitFor();
    await client.page.goto(`${app.url}/web/home`);
    await sosButton(client.page).click();
    await client.page.getByRole('heading', { name: 'Alerta activa' }).waitFor();

    // The open desk shows the card through its live stream, with no reload: sooner than the list's
    // 30 s fallback poll could bring it.
    const card = desk.page.getByRole('listitem').filter({ hasText: 'Elena compartida' });
    await card.waitFor({ timeout: 30_000 });
    expect(streams).toEqual([`${deskUrl(app).replace('/web/desk', '')}/api/desk/stream`]);
    expect(await desk.page.getByRole('listitem').filter({ hasText: 'reservada' }).count()).toBe(0);
    expect(await card.textContent()).toContain('Nadie la atiende todavía');
    expect(await axeViolations(desk.page), "'Alertas activas': axe-core violations").toEqual([]);

    await card.getByRole('button', { name: 'Atender' }).click();
    await desk.page.getByRole('heading', { level: 1, name: 'Caso de Elena compartida' }).waitFor();
    expect(await axeViolations(desk.page), 'the case: axe-core violations').toEqual([]);

    // The client's alert screen says someone at the firm took it.
    await client.page.getByText('IAD está atendiendo tu alerta').waitFor();

    await desk.page.getByLabel('Nota', { exact: true }).fill('Llamé y no contestó; sigo intentando.');
    await desk.page.getByRole('button', { name: 'Guardar nota' }).click();
    await desk.page.getByText('Llamé y no contestó; sigo intentando.').waitFor();
    await desk.page.getByLabel('Resultado').selectOption({ label: 'A salvo' });
    await desk.page.getByLabel('Nota de cierre').fill('Estaba en el trabajo.');
    await desk.page.getByRole('button', { name: 'Cerrar caso' }).click();
    await desk.page
      .getByText(/Caso cerrado/)
      .first()
      .waitFor();

    // The case screen read the case again at each live event and each change...
    await expect.poll(() => caseReads.length).toBeGreaterThanOrEqual(3);
    expect(new Set(caseReads).size).toBe(1);
    // A family member calls: the desk looks the client up by a piece of her name.
    const nav = desk.page.getByRole('navigation', { name: 'Escritorio' });
    await nav.getByRole('link', { name: 'Buscar' }).click();
    await desk.page.getByLabel('Nombre o teléfono').fill('compartida');
    await desk.page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await desk.page.getByRole('heading', { level: 2, name: 'Elena compartida' }).waitFor();

    // ...yet the audit log lists that one visit once.
    await nav.getByRole('link', { name: 'Registro' }).click();
    await desk.page.getByRole('heading', { level: 1, name: 'Registro de auditoría' }).waitFor();
    await desk.page.getByText('Abrió un caso').first().waitFor();
    expect(await desk.page.getByRole('row').filter({ hasText: 'Abrió un caso' }).count()).toBe(1);

    // Asked "did anyone look me up?", the admin asks 'Registro' by the client's full name, and by
    // one nobody searched for.
    const lookup = desk.page.getByRole('region', { name: '¿Alguien buscó a esta persona?' });
    await lookup.getByLabel('Nombre o teléfono de la persona').fill('Elena compartida');
    await lookup.getByRole('button', { name: 'Comprobar' }).click();
    const answer = lookup.getByRole('status');
    await answer.getByText('Sí. Una búsqueda del escritorio habría encontrado a «Elena compartida»:').waitFor();
    expect(await answer.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^\d{1,2} .+ \d{4}.*: guardia@firma\.example \(1 resultado\)$/) as string,
    ]);
    await lookup.getByLabel('Nombre o teléfono de la persona').fill('Elena reservada');
    await lookup.getByRole('button', { name: 'Comprobar' }).click();
    await answer.getByText('No. Nadie del escritorio hizo una búsqueda que encontrara «Elena reservada».').waitFor();
    // Asking is a read about that person too: each look-up is a line of 'Registro', and asking about
    // Elena again shows that someone already asked.
    await lookup.getByLabel('Nombre o teléfono de la persona').fill('Elena compartida');
    await lookup.getByRole('button', { name: 'Comprobar' }).click();
    await answer.getByText('Alguien ya comprobó aquí si buscaron a esta persona:').waitFor();
    expect(await answer.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/: guardia@firma\.example \(1 resultado\)$/) as string,
      expect.stringMatching(/^\d{1,2} .+ \d{4}.*: guardia@firma\.example$/) as string,
    ]);
    const lookUps = desk.page.getByRole('row').filter({ hasText: 'Comprobó si alguien buscó a una persona' });
    await expect.poll(() => lookUps.count(), { timeout: 30_000 }).toBe(3);
    expect(await lookUps.allTextContents()).toEqual([
      expect.stringMatching(/guardia@firma\.example.*\(1 búsqueda encontrada\)$/) as string,
      expect.stringMatching(/guardia@firma\.example.*\(0 búsquedas encontradas\)$/) as string,
      expect.stringMatching(/guardia@firma\.example.*\(1 búsqueda encontrada\)$/) as string,
    ]);
    expect(await axeViolations(desk.page), "'Registro': axe-core violations").toEqual([]);
    expect(elsewhere).toEqual([]);

    await desk.context.close();
    await client.context.close();
    await private_.context.close();
    // Two people signed up in the browser, a desk enrolled, then some forty steps in turn: it took
    // 45 s alone and more than 180 s with three runs and two busy loops on 2 cores.
  }, 420_000);
});
