import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../support/api-stub.ts';
import { fillContactForm, saveContactForm } from '../../support/contact-form.ts';
import { aContact } from '../../support/contacts.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';

// 'Idioma de los correos' on the add-contact and first-contact forms and on the
// contact's own screen: Español unless the person picks English, Português or Kreyòl ayisyen.

signedInForEachTest({ contacts: 1 });

const group = () => screen.getByRole('group', { name: 'Idioma de los correos' });
const radio = (name: 'Español' | 'English' | 'Português' | 'Kreyòl ayisyen') =>
  within(group()).getByRole('radio', { name }) as HTMLInputElement;

describe('the language of a contact’s e-mails', () => {
  it('adds a contact in Spanish unless the person picks English', async () => {
    const { calls } = stubApi({
      'POST /api/contacts': () => ok(aContact()),
      'GET /api/contacts': () => ok([aContact()]),
    });
    renderApp('/web/contact');
    await fillContactForm();
    expect([radio('Español').checked, radio('English').checked]).toEqual([true, false]);
    expect(radio('English').closest('label')?.querySelector('[lang="en"]')?.textContent).toBe('English');
    saveContactForm();
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ language: 'es' });
  });

  it('offers the four languages, each named in itself, and sends Haitian Creole when the person picks it', async () => {
    const { calls } = stubApi({
      'POST /api/contacts': () => ok(aContact({ language: 'ht' })),
      'GET /api/contacts': () => ok([]),
    });
    renderApp('/web/contact');
    await fillContactForm();
    const options = within(group()).getAllByRole('radio') as HTMLInputElement[];
    expect(
      options.map((option) => [
        option.value,
        option.closest('label')?.querySelector('[lang]')?.getAttribute('lang'),
        option.closest('label')?.textContent,
      ]),
    ).toEqual([
      ['es', 'es', 'Español'],
      ['en', 'en', 'English'],
      ['pt', 'pt', 'Português'],
      ['ht', 'ht', 'Kreyòl ayisyen'],
    ]);
    fireEvent.click(radio('Kreyòl ayisyen'));
    saveContactForm();
    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ language: 'ht', firstname: 'Luis' }),
    );
  });

  it('sends English when the person picks it on the add-contact form', async () => {
    const { calls } = stubApi({
      'POST /api/contacts': () => ok(aContact({ language: 'en' })),
      'GET /api/contacts': () => ok([]),
    });
    renderApp('/web/contact');
    await fillContactForm();
    fireEvent.click(radio('English'));
    expect([radio('Español').checked, radio('English').checked]).toEqual([false, true]);
    saveContactForm();
    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ language: 'en', firstname: 'Luis' }),
    );
  });

  it('offers the same choice on the first-contact screen', async () => {
    signIn({ contacts: 0 });
    const { calls } = stubApi({
      'POST /api/contacts': () => ok(aContact({ language: 'en' })),
      'GET /api/contacts': () => ok([]),
    });
    renderApp('/web/auth/contacts');
    await fillContactForm();
    expect(radio('Español').checked).toBe(true);
    fireEvent.click(radio('English'));
    saveContactForm();
    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ language: 'en' }),
    );
  });

  it('shows the contact’s language on its screen and changes it with one tap', async () => {
    let language = 'es';
    const { calls } = stubApi({
      'GET /api/contacts/c1': () => ok(aContact({ language: language as 'es' })),
      'PATCH /api/contacts/c1': (call) => {
        language = (call.body as { language: string }).language;
        return ok(aContact({ language: language as 'en' }));
      },
    });
    renderApp('/web/contact/c1');
    await screen.findByRole('heading', { name: 'Luis Pérez', level: 1 });
    expect([radio('Español').checked, radio('English').checked]).toEqual([true, false]);
    fireEvent.click(radio('English'));
    // The tap shows at once, before the save answers or any timer runs: a radio that springs back
    // for a moment tells the person the tap did not take.
    expect([radio('Español').checked, radio('English').checked]).toEqual([false, true]);
    await vi.waitFor(() =>
      expect(within(screen.getByRole('status')).getByText('Guardamos el idioma de sus correos.')).toBeTruthy(),
    );
    expect(calls.filter((call) => call.method === 'PATCH')).toMatchObject([
      { url: '/api/contacts/c1', body: { language: 'en' } },
    ]);
    expect([radio('Español').checked, radio('English').checked]).toEqual([false, true]);
  });

  it('keeps the saved language and shows the message when the change is refused', async () => {
    stubApi({
      'GET /api/contacts/c1': () => ok(aContact({ language: 'en' })),
      'PATCH /api/contacts/c1': () =>
        json(503, { success: false, message: 'El servicio no está disponible. Inténtalo de nuevo.' }),
    });
    renderApp('/web/contact/c1');
    await screen.findByRole('heading', { name: 'Luis Pérez', level: 1 });
    expect(radio('English').checked).toBe(true);
    fireEvent.click(radio('Español'));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('El servicio no está disponible. Inténtalo de nuevo.'),
    );
    expect([radio('Español').checked, radio('English').checked]).toEqual([false, true]);
  });
});
