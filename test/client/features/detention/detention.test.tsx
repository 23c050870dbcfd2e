import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { canonicalANumber, EMPTY_DETENTION_INFO, type DetentionInfo } from '#shared/api/detention-info.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';
import { typeInto } from '../../support/type-into.ts';

// 'Si me detienen' in profile, and per contact whether it is sent to them.

signedInForEachTest({ contacts: 1 });

const profile = {
  id: 'u1',
  email: 'ana@example.com',
  firstname: 'Ana',
  lastname: 'Ruiz',
  phone: '+15550001111',
  pins_set: false,
};
/** The section once its form has loaded. */
async function section() {
  const region = await screen.findByRole('region', { name: 'Si me detienen' });
  await within(region).findByRole('button', { name: 'Guardar información' });
  return region;
}

/**
 * Profile opened on a server that holds `first` and keeps what is saved (`store` turns what was sent
 * into what it keeps): the loaded section, and the calls made to the server.
 */
async function openWithStored(first: DetentionInfo, store = (sent: DetentionInfo): DetentionInfo => sent) {
  let stored = first;
  const { calls } = stubApi({
    'GET /api/profile': () => ok(profile),
    'GET /api/profile/sessions': () => ok([]),
    'GET /api/profile/detention-info': () => ok(stored),
    'PUT /api/profile/detention-info': (call) => {
      stored = store(call.body as DetentionInfo);
      return ok(stored);
    },
  });
  renderApp('/web/profile');
  return { form: await section(), calls };
}

describe("'Si me detienen' in profile", () => {
  it('says who gets it and when, with every field optional and labelled', async () => {
    stubApi({
      'GET /api/profile': () => ok(profile),
      'GET /api/profile/detention-info': () => ok(EMPTY_DETENTION_INFO),
      'GET /api/profile/sessions': () => ok([]),
    });
    renderApp('/web/profile');
    const form = await section();
    expect(
      within(form).getByText(/Solo la reciben los contactos que elijas .* y solo dentro de una alerta/),
    ).toBeTruthy();
    for (const label of [
      'Nombre legal completo',
      'Fecha de nacimiento',
      'País de nacimiento',
      'Número A (A-number)',
      'Teléfono del consulado',
      'Nombre del abogado',
      'Teléfono del abogado',
      'Quién recoge a los niños',
      'Cómo comunicarse con esa persona',
      'Dónde están los documentos',
      'Medicinas',
    ]) {
      const field = within(form).getByLabelText(label) as HTMLInputElement;
      expect([label, field.value, field.required]).toEqual([label, '', false]);
    }
    expect(
      within(form).getByRole('group', {
        name: '¿Tienes abogado con el formulario G-28 firmado? (el permiso para que te represente ante inmigración)',
      }),
    ).toBeTruthy();
  });

  it('saves what was typed and shows back exactly what the server stored', async () => {
    // The server stores the A-number in the locator's form: the screen shows its version.
    const { form, calls } = await openWithStored(
      { ...EMPTY_DETENTION_INFO, legal_name: 'Ana María Ruiz López' },
      (sent) => ({ ...sent, a_number: canonicalANumber(sent.a_number) ?? sent.a_number }),
    );
    expect((within(form).getByLabelText('Nombre legal completo') as HTMLInputElement).value).toBe(
      'Ana María Ruiz López',
    );
    typeInto(within(form).getByLabelText('Número A (A-number)'), 'A-123-456-789');
    fireEvent.change(within(form).getByLabelText('País de nacimiento'), { target: { value: 'HN' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Sí' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar información' }));

    expect(await screen.findByText('Información guardada.')).toBeTruthy();
    expect((within(form).getByLabelText('Número A (A-number)') as HTMLInputElement).value).toBe('123456789');
    // The form reads what was typed with the shared schema, which puts the A-number in the locator's form too.
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...EMPTY_DETENTION_INFO,
      legal_name: 'Ana María Ruiz López',
      a_number: '123456789',
      birth_country: 'HN',
      g28_signed: 'si',
    });
    expect((within(form).getByLabelText('País de nacimiento') as HTMLSelectElement).value).toBe('HN');
  });

  it('offers the country of birth from a list, the commonest first, and keeps a country typed before the list', async () => {
    const { form, calls } = await openWithStored({ ...EMPTY_DETENTION_INFO, birth_country: 'Cuzco Viejo' });
    const select = within(form).getByLabelText('País de nacimiento') as HTMLSelectElement;
    const groups = [...select.querySelectorAll('optgroup')].map((group) => ({
      label: group.label,
      first: [...group.querySelectorAll<HTMLOptionElement>('option')]
        .slice(0, 3)
        .map((option) => [option.value, option.textContent]),
    }));
    expect({
      value: select.value,
      before: [...select.querySelectorAll<HTMLOptionElement>(':scope > option')].map((option) => [
        option.value,
        option.textContent,
      ]),
      groups,
      all: select.querySelectorAll('option').length,
    }).toEqual({
      value: 'Cuzco Viejo',
      before: [
        ['', 'Elige un país (o déjalo en blanco)'],
        ['Cuzco Viejo', 'Cuzco Viejo (como lo escribiste antes)'],
      ],
      groups: [
        {
          label: 'Los más comunes',
          first: [
            ['MX', 'México'],
            ['GT', 'Guatemala'],
            ['HN', 'Honduras'],
          ],
        },
        {
          label: 'Todos los países, de la A a la Z',
          first: [
            ['AF', 'Afganistán'],
            ['AL', 'Albania'],
            ['DE', 'Alemania'],
          ],
        },
      ],
      all: 2 + 243,
    });

    // Saving the rest of the form sends the typed country back as it was: never lost.
    typeInto(within(form).getByLabelText('Nombre legal completo'), 'Ana Ruiz');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar información' }));
    expect(await screen.findByText('Información guardada.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...EMPTY_DETENTION_INFO,
      legal_name: 'Ana Ruiz',
      birth_country: 'Cuzco Viejo',
    });
  });

  it('takes the birth date as a Spanish speaker writes it, with an example, and stores it as the server keeps it', async () => {
    const { form, calls } = await openWithStored(EMPTY_DETENTION_INFO);
    const field = within(form).getByLabelText('Fecha de nacimiento') as HTMLInputElement;
    const hintId = field.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
    expect(document.getElementById(hintId)?.textContent).toBe('Día, mes y año, por ejemplo 31/05/1990.');

    // Not a real day: said on the field at once, nothing sent.
    typeInto(field, '31/02/1990');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar información' }));
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const errorId = field.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Escribe día, mes y año, por ejemplo 31/05/1990.');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    typeInto(field, '31/05/1990');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar información' }));
    expect(await screen.findByText('Información guardada.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...EMPTY_DETENTION_INFO,
      birth_date: '1990-05-31',
    });
    expect(field.value).toBe('31/05/1990');
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's message on the field it refuses", async () => {
    stubApi({
      'GET /api/profile': () => ok(profile),
      'GET /api/profile/sessions': () => ok([]),
      'GET /api/profile/detention-info': () => ok(EMPTY_DETENTION_INFO),
      'PUT /api/profile/detention-info': () =>
        json(422, {
          success: false,
          message: 'Los datos enviados no son válidos.',
          errors: { birth_date: ['Escribe la fecha como AAAA-MM-DD, por ejemplo 1990-05-31.'] },
        }),
    });
    renderApp('/web/profile');
    const form = await section();
    typeInto(within(form).getByLabelText('Fecha de nacimiento'), '31/05/1990');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar información' }));
    const field = within(form).getByLabelText('Fecha de nacimiento');
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const errorId = field.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe(
      'Escribe la fecha como AAAA-MM-DD, por ejemplo 1990-05-31.',
    );
  });

  it("deletes everything with 'Borrar mi información' after a confirmation", async () => {
    let stored: DetentionInfo = { ...EMPTY_DETENTION_INFO, legal_name: 'Ana Ruiz', medicines: 'Insulina' };
    const { calls } = stubApi({
      'GET /api/profile': () => ok(profile),
      'GET /api/profile/sessions': () => ok([]),
      'GET /api/profile/detention-info': () => ok(stored),
      'DELETE /api/profile/detention-info': () => {
        stored = EMPTY_DETENTION_INFO;
        return ok('Información borrada.');
      },
    });
    renderApp('/web/profile');
    const form = await section();
    await vi.waitFor(() =>
      expect((within(form).getByLabelText('Medicinas') as HTMLTextAreaElement).value).toBe('Insulina'),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Borrar mi información' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Borrar tu información de detención?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    fireEvent.click(within(form).getByRole('button', { name: 'Borrar mi información' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sí, borrar' }));
    expect(await screen.findByText('Información borrada.')).toBeTruthy();
    const fresh = await section();
    await vi.waitFor(() => expect((within(fresh).getByLabelText('Medicinas') as HTMLTextAreaElement).value).toBe(''));
    expect((within(fresh).getByLabelText('Nombre legal completo') as HTMLInputElement).value).toBe('');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});

describe("a contact's 'Enviarle mi información «Si me detienen»'", () => {
  it('is off by default and saved by PATCH when turned on', async () => {
    let receives = false;
    const { calls } = stubApi({
      'GET /api/contacts/c1': () => ok(aContact({ receives_detention_info: receives })),
      'PATCH /api/contacts/c1': (call) => {
        receives = (call.body as { receives_detention_info: boolean }).receives_detention_info;
        return ok(aContact({ receives_detention_info: receives }));
      },
    });
    renderApp('/web/contact/c1');
    const toggle = (await screen.findByRole('checkbox', {
      name: 'Enviarle mi información «Si me detienen» cuando haya una alerta',
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    // Shown at once, before the save answers: a box that springs back reads as a tap that did not take.
    expect(toggle.checked).toBe(true);
    expect(await screen.findByText('Este contacto recibirá tu información de detención en tus alertas.')).toBeTruthy();
    expect(toggle.checked).toBe(true);
    expect(calls.filter((call) => call.method === 'PATCH')).toMatchObject([
      { url: '/api/contacts/c1', body: { receives_detention_info: true } },
    ]);
  });
});
