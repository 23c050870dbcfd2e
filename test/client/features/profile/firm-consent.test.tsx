import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PIN_GUARD_CANCELLED } from '#client/lib/pins/pin-guard-texts.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';

const profile = { id: 'u1', email: 'ana@example.com', firstname: 'Ana', lastname: 'López', phone: '+13055550123' };
const SWITCH = 'Compartir mis alertas con IAD';

signedInForEachTest();

describe("profile's 'Compartir mis alertas con la firma'", () => {
  it('is off until turned on, says what the firm then sees, and offers the detention information once on', async () => {
    const { calls } = stubApi({
      'GET /api/profile': () => ok({ ...profile, firm_consent: false, firm_detention_info: false }),
      'PUT /api/profile/firm-consent': () => ok({ ...profile, firm_consent: true, firm_detention_info: false }),
    });
    renderApp('/web/profile');
    const toggle = (await screen.findByRole('switch', { name: SWITCH })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBe('firm-consent-hint');
    expect(document.getElementById('firm-consent-hint')?.textContent).toMatch(
      /verá tu nombre, tu teléfono, la hora de la alerta y dónde estás mientras la alerta siga activa/,
    );
    expect(screen.queryByRole('checkbox', { name: /«Si me detienen»/ })).toBeNull();

    fireEvent.click(toggle);
    // Shown at once, before the save answers: a switch that springs back reads as a tap that did not take.
    expect(toggle.checked).toBe(true);
    expect(await screen.findByText('IAD verá tus alertas.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/profile/firm-consent',
      body: { share: true },
    });
    expect(((await screen.findByRole('switch', { name: SWITCH })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: /Enviar a IAD mi información «Si me detienen»/ })).toBeTruthy();
  });

  it('asks for the PIN to turn it off during an alert, and closing the prompt keeps it on', async () => {
    stubApi({
      'GET /api/profile': () => ok({ ...profile, firm_consent: true, firm_detention_info: false }),
      'PUT /api/profile/firm-consent': () =>
        json(422, { success: false, message: 'Escribe tu PIN.', errors: { pin: ['Escribe tu PIN.'] } }),
    });
    renderApp('/web/profile');
    const toggle = (await screen.findByRole('switch', { name: SWITCH })) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(false);
    const dialog = await screen.findByRole('alertdialog', { name: 'Escribe tu PIN para continuar' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText(PIN_GUARD_CANCELLED)).toBeTruthy();
    await vi.waitFor(() =>
      expect((screen.getByRole('switch', { name: SWITCH }) as HTMLInputElement).checked).toBe(true),
    );
  });
});
