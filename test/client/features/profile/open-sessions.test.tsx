import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../support/api-stub.ts';
import { json } from '../../support/fetch-stub.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signedInForEachTest } from '../../support/signed-in-tests.ts';

const profile = { id: 'u1', email: 'ana@example.com', firstname: 'Ana', lastname: 'López', phone: '+13055550123' };
const here = {
  id: 'f1',
  device: 'Chrome en Android',
  started_at: '2026-03-01T12:00:00.000Z',
  last_used_at: '2026-03-02T09:30:00.000Z',
  current: true,
};
const laptop = {
  id: 'f2',
  device: 'Firefox en Linux',
  started_at: '2026-02-20T18:00:00.000Z',
  last_used_at: '2026-02-21T08:00:00.000Z',
  current: false,
};
const stranger = {
  id: 'f3',
  device: 'Safari en iPhone',
  started_at: '2026-03-02T03:10:00.000Z',
  last_used_at: '2026-03-02T03:15:00.000Z',
  current: false,
};

const moment = (iso: string) =>
  new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

signedInForEachTest();

describe('the open sessions on the profile', () => {
  it('lists every device signed in, marks this one, and closes all the others with one button', async () => {
    let open = [here, laptop, stranger];
    const { calls } = stubApi({
      'GET /api/profile': () => ok(profile),
      'GET /api/profile/sessions': () => ok(open),
      'POST /api/profile/sessions/revoke-others': () => {
        open = [here];
        return ok({ revoked: 2 });
      },
    });
    renderApp('/web/profile');
    const section = await screen.findByRole('region', { name: 'Sesiones abiertas' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Chrome en Android Esta sesiónInició: ${moment(here.started_at)}. Último uso: ${moment(here.last_used_at)}.`,
      `Firefox en LinuxInició: ${moment(laptop.started_at)}. Último uso: ${moment(laptop.last_used_at)}.`,
      `Safari en iPhoneInició: ${moment(stranger.started_at)}. Último uso: ${moment(stranger.last_used_at)}.`,
    ]);

    fireEvent.click(within(section).getByRole('button', { name: 'Cerrar las demás sesiones' }));
    await vi.waitFor(() => expect(within(screen.getByRole('status')).getByText('Cerramos 2 sesiones.')).toBeTruthy());
    await vi.waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).getByText('Esta sesión')).toBeTruthy();
    // Nothing else to close: no button that would do nothing.
    expect(within(section).queryByRole('button', { name: 'Cerrar las demás sesiones' })).toBeNull();
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.headers.authorization]),
    ).toEqual([['/api/profile/sessions/revoke-others', 'Bearer access-1']]);
  });

  it('offers no button when this is the only session', async () => {
    stubApi({ 'GET /api/profile': () => ok(profile), 'GET /api/profile/sessions': () => ok([here]) });
    renderApp('/web/profile');
    const section = await screen.findByRole('region', { name: 'Sesiones abiertas' });
    expect(await within(section).findByText('Chrome en Android')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('shows a refusal as a danger notice and keeps the list', async () => {
    stubApi({
      'GET /api/profile': () => ok(profile),
      'GET /api/profile/sessions': () => ok([here, laptop]),
      'POST /api/profile/sessions/revoke-others': () =>
        json(500, { success: false, message: 'Ocurrió un error en el servidor. Inténtalo de nuevo.' }),
    });
    renderApp('/web/profile');
    const section = await screen.findByRole('region', { name: 'Sesiones abiertas' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Cerrar las demás sesiones' }));
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('alert')).getByText('Ocurrió un error en el servidor. Inténtalo de nuevo.'),
      ).toBeTruthy(),
    );
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);
  });
});
