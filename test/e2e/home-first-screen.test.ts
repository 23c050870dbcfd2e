import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { fillContactForm, goHomeAfterFirstContact, signUpInBrowser } from '#test/support/browser-flows.ts';
import { onEveryPhone, PHONES, seenWhole } from '#test/support/first-screen.ts';
import { personWithConfirmedContact } from '#test/support/sos-flows.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';
import { resizeTo } from '#test/support/viewport.ts';

// Home's first screen on three common phones, without scrolling: the SOS button, the line
// under it and the start of 'Avísales si no vuelvo' (its card's title and first button) are
// all shown whole, above the 'Ayuda' band and the navigation, and nothing is drawn over them.
// Then the same for a running check-in: its title and both its buttons. And home just after sign-up,
// before the first contact confirmed: the warning that nobody would be told, and what to do, whole.

const running = appAndChromiumPerFile();
const READY_OFFLINE = 'Listo: la aplicación ya funciona sin conexión.';

describe("home's first screen", () => {
  it('shows SOS, the line under it and the start of the check-in card without scrolling at 360x740, 390x844 and 412x915', async () => {
    const { context, page } = await personWithConfirmedContact(running.app, running.browser, 'primera-pantalla');
    const findings: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await resizeTo(page, phone);
      await page.goto(`${running.app.url}/web/home`);
      await page.getByRole('button', { name: 'Ayuda' }).waitFor();
      const seen = await seenWhole(page, {
        sos: page.getByRole('button', { name: /^SOS/ }),
        line: page.getByText('Tu ubicación se enviará con tu alerta.'),
        checkIn: page.getByRole('link', { name: 'Avísales si no vuelvo' }),
      });
      findings[`${phone.width}x${phone.height}`] = seen;
    }

    // A running check-in: its title, 'Estoy bien' and 'Necesito más tiempo' on the first screen too, from the moment it is set.
    await resizeTo(page, PHONES[0]);
    await page.getByRole('link', { name: 'Avísales si no vuelvo' }).click();
    await page.getByRole('radio', { name: 'Trabajo' }).check();
    await page.getByRole('radio', { name: '1 hora' }).check();
    await page.getByRole('button', { name: 'Activar aviso' }).click();
    await page.waitForURL('**/web/home');
    const card = page.getByRole('region', { name: 'Aviso en curso' });
    await card.getByText('Tiempo restante:').waitFor();
    await page.getByRole('button', { name: 'Ayuda' }).waitFor();
    // As the person first sees it, home reached from the form: nothing above pushes 'Estoy bien' down.
    // What happens if they are late is said on the card itself, under its buttons.
    const justSet = {
      ...(await seenWhole(page, {
        title: card.getByRole('heading', { name: 'Aviso en curso' }),
        ok: card.getByRole('button', { name: 'Estoy bien' }),
        more: card.getByRole('button', { name: 'Necesito más tiempo' }),
      })),
      whatIfLate: await card.getByText('Si no confirmas a tiempo, avisaremos a tus contactos.').isVisible(),
    };
    const runningFindings: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await resizeTo(page, phone);
      await page.goto(`${running.app.url}/web/home`);
      await card.getByText('Tiempo restante:').waitFor();
      await page.getByRole('button', { name: 'Ayuda' }).waitFor();
      runningFindings[`${phone.width}x${phone.height}`] = await seenWhole(page, {
        sos: page.getByRole('button', { name: /^SOS/ }),
        title: card.getByRole('heading', { name: 'Aviso en curso' }),
        ok: card.getByRole('button', { name: 'Estoy bien' }),
        more: card.getByRole('button', { name: 'Necesito más tiempo' }),
      });
    }
    expect({ home: findings, justSet, running: runningFindings }).toEqual({
      home: onEveryPhone({ sos: true, line: true, checkIn: true }),
      justSet: { title: true, ok: true, more: true, whatIfLate: true },
      running: onEveryPhone({ sos: true, title: true, ok: true, more: true }),
    });
    await context.close();
  });

  it("just after sign-up, with nobody confirmed yet: SOS, the warning that nobody will be told and what to do, whole above the 'Ayuda' band, at 360x740, 390x844 and 412x915", async () => {
    const context = await running.browser.newContext({ locale: 'es-US', viewport: PHONES[0] });
    const page = await context.newPage();
    // Installed before the e-mail is typed, so every run meets the same screens: the line that says
    // the app works offline shows on the code screen (that it waits past home, for an install that
    // ends later, is test/client/features/app-update/offline-ready-notice.test.tsx's).
    await page.goto(`${running.app.url}/web/auth/signin`);
    await controlledByWorker(page);
    await signUpInBrowser(page, running.app, {
      email: 'nadie.confirmo@example.org',
      firstname: 'Ana',
      lastname: 'Ruiz',
    });
    await fillContactForm(page, {
      firstname: 'Lucía',
      lastname: 'Mora',
      email: 'lucia.mora@example.org',
      phone: '3055550177',
      kinship: 'Hermana',
    });
    await goHomeAfterFirstContact(page);

    const note = page.getByRole('note', { name: 'Nadie recibirá tu alerta' });
    await note.getByRole('link', { name: 'Lucía Mora' }).waitFor();
    await page.getByRole('button', { name: 'Ayuda' }).waitFor();
    const findings: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await resizeTo(page, phone);
      findings[`${phone.width}x${phone.height}`] = {
        readyLine: await page.getByText(READY_OFFLINE).count(),
        ...(await seenWhole(page, {
          sos: page.getByRole('button', { name: /^SOS/ }),
          warning: note,
          whoConfirms: note.getByRole('link', { name: 'Lucía Mora' }),
          addContact: note.getByRole('link', { name: 'Agregar un contacto' }),
        })),
      };
    }
    expect(findings).toEqual(
      onEveryPhone({ readyLine: 0, sos: true, warning: true, whoConfirms: true, addContact: true }),
    );

    await context.close();
  });
});
