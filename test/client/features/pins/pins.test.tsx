import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_DETENTION_INFO } from '#shared/api/detention-info.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { json, type Call } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';
import { typeInto } from '../../support/type-into.ts';

// The two optional PINs in profile: set, change, remove, and reset by e-mail.

signedInForEachTest({ contacts: 1 });

const profile = { id: 'u1', email: 'ana@example.com', firstname: 'Ana', lastname: 'Ruiz', phone: '+15550001111' };

function stubPins(pinsSet: { value: boolean }, handlers: Record<string, (call: Call) => Response> = {}) {
  return stubApi({
    'GET /api/profile': () => ok({ ...profile, pins_set: pinsSet.value }),
    'GET /api/profile/sessions': () => ok([]),
    'GET /api/profile/detention-info': () => ok(EMPTY_DETENTION_INFO),
    ...handlers,
  });
}

const section = () => screen.findByRole('region', { name: 'PIN para cerrar avisos y alertas' });

describe('the PINs in profile', () => {
  it('explains both PINs and sets them', async () => {
    const pins = { value: false };
    const { calls } = stubPins(pins, {
      'PUT /api/profile/pins': () => {
        pins.value = true;
        return ok('PIN guardados.');
      },
    });
    renderApp('/web/profile');
    const region = await section();
    expect(await within(region).findByText('No tienes PIN.')).toBeTruthy();
    expect(
      within(region).getByText(/la pantalla se verá igual que con tu PIN, pero tus contactos seguirán avisados/),
    ).toBeTruthy();

    typeInto(within(region).getByLabelText('PIN para cerrar'), '2468');
    typeInto(within(region).getByLabelText('PIN de emergencia (bajo presión)'), '2468');
    fireEvent.click(within(region).getByRole('button', { name: 'Guardar PIN' }));
    expect(await within(region).findByText('El PIN y el PIN de emergencia deben ser distintos.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    typeInto(within(region).getByLabelText('PIN de emergencia (bajo presión)'), '1357');
    fireEvent.click(within(region).getByRole('button', { name: 'Guardar PIN' }));
    expect(await screen.findByText('PIN guardados.')).toBeTruthy();
    expect(
      await within(region).findByText('Tienes PIN. La app lo pide antes de «Estoy bien» y de FINALIZAR ALERTA.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { pin: '2468', duress_pin: '1357' },
    ]);
  });

  it("removes them with the PIN and says 'PIN incorrecto.' for a wrong one", async () => {
    const pins = { value: true };
    const { calls } = stubPins(pins, {
      'DELETE /api/profile/pins': (call) => {
        if ((call.body as { pin: string }).pin !== '2468')
          return json(422, { success: false, message: 'PIN incorrecto.', errors: { pin: ['PIN incorrecto.'] } });
        pins.value = false;
        return ok('PIN borrados.');
      },
    });
    renderApp('/web/profile');
    const region = await section();
    const remove = await within(region).findByRole('form', { name: 'Quitar mis PIN' });
    typeInto(within(remove).getByLabelText('PIN para cerrar'), '1357');
    fireEvent.click(within(remove).getByRole('button', { name: 'Quitar PIN' }));
    expect(await within(remove).findByText('PIN incorrecto.')).toBeTruthy();

    typeInto(within(remove).getByLabelText('PIN para cerrar'), '2468');
    fireEvent.click(within(remove).getByRole('button', { name: 'Quitar PIN' }));
    expect(await within(region).findByText('No tienes PIN.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { pin: '1357' },
      { pin: '2468' },
    ]);
  });

  it('changes them only with the current PIN, and says so when too many wrong PINs locked them', async () => {
    const pins = { value: true };
    const tooMany = 'Demasiados intentos con un PIN incorrecto. Espera 15 minutos y vuelve a intentarlo.';
    let tries = 0;
    const { calls } = stubPins(pins, {
      'PUT /api/profile/pins': () => {
        tries += 1;
        if (tries === 1)
          return json(422, {
            success: false,
            message: 'PIN incorrecto.',
            errors: { current_pin: ['PIN incorrecto.'] },
          });
        return json(429, { success: false, message: tooMany });
      },
    });
    renderApp('/web/profile');
    const region = await section();
    const change = await within(region).findByRole('form', { name: 'Cambiar mis PIN' });
    typeInto(within(change).getByLabelText('Nuevo PIN para cerrar'), '1111');
    typeInto(within(change).getByLabelText('PIN de emergencia (bajo presión)'), '2222');
    fireEvent.click(within(change).getByRole('button', { name: 'Cambiar PIN' }));
    expect(await within(change).findByText('Escribe tu PIN actual.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    typeInto(within(change).getByLabelText('PIN actual'), '0000');
    fireEvent.click(within(change).getByRole('button', { name: 'Cambiar PIN' }));
    const current = within(change).getByLabelText('PIN actual');
    await vi.waitFor(() =>
      expect(document.getElementById(current.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(
        'PIN incorrecto.',
      ),
    );
    fireEvent.click(within(change).getByRole('button', { name: 'Cambiar PIN' }));
    expect(await within(change).findByRole('alert')).toHaveProperty('textContent', tooMany);
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { pin: '1111', duress_pin: '2222', current_pin: '0000' },
      { pin: '1111', duress_pin: '2222', current_pin: '0000' },
    ]);
  });

  it("resets forgotten PINs with a code sent by e-mail ('Olvidé mi PIN')", async () => {
    const pins = { value: true };
    const { calls } = stubPins(pins, {
      'POST /api/profile/pins/forgot': () => ok('Te enviamos un código a tu correo para borrar tus PIN.'),
      'POST /api/profile/pins/reset': (call) => {
        if ((call.body as { code: string }).code !== '4821')
          return json(422, {
            success: false,
            message: 'x',
            errors: { code: ['El código no es correcto o ya caducó.'] },
          });
        pins.value = false;
        return ok('PIN borrados.');
      },
    });
    renderApp('/web/profile');
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'Olvidé mi PIN' }));
    const reset = await within(region).findByRole('form', { name: 'Borrar mis PIN con el código' });
    typeInto(within(reset).getByLabelText('Código que te enviamos por correo'), '1111');
    fireEvent.click(within(reset).getByRole('button', { name: 'Borrar mis PIN' }));
    expect(await within(reset).findByText('El código no es correcto o ya caducó.')).toBeTruthy();
    typeInto(within(reset).getByLabelText('Código que te enviamos por correo'), '4821');
    fireEvent.click(within(reset).getByRole('button', { name: 'Borrar mis PIN' }));
    expect(await within(region).findByText('No tienes PIN.')).toBeTruthy();
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
        ['/api/profile/pins/forgot', undefined],
        ['/api/profile/pins/reset', { code: '1111' }],
        ['/api/profile/pins/reset', { code: '4821' }],
      ]),
    );
  });
});
