import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DeskAlertCard, DeskAuditLine, DeskCase, DeskClient } from '#shared/api/desk.ts';
import { ActiveAlertsScreen } from '#client/features/desk-cases/active-alerts-screen.tsx';
import { AuditScreen } from '#client/features/desk-cases/audit-screen.tsx';
import { CaseScreen } from '#client/features/desk-cases/case-screen.tsx';
import { ClientSearch } from '#client/features/desk-cases/client-search.tsx';
import { DeskRequestContext, type DeskRequest } from '#client/features/desk-cases/desk-request.ts';

const card: DeskAlertCard = {
  id: '11111111-1111-4111-8111-111111111111',
  client: { id: 'u1', name: 'Rosa Prueba', phone: '+13055550123' },
  trigger: 'press',
  pressed_at: '2026-11-27T05:00:00.000Z',
  timezone: 'America/Mexico_City',
  position: { latitude: '19.4326', longitude: '-99.1332', at: '2026-11-27T05:00:00.000Z', accuracy: null },
  contacts: [{ name: 'Luis Díaz', state: 'acknowledged', acknowledged_at: '2026-11-27T05:01:00.000Z' }],
  possible_coercion: true,
  active: true,
  attending: null,
  closed: null,
};

type Call = { method: string; path: string; body?: unknown };

function withDesk(ui: ReactNode, answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  const request = (async (method: string, path: string, body?: unknown) => {
    calls.push({ method, path, body });
    return answer({ method, path, body });
  }) as DeskRequest;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DeskRequestContext.Provider value={request}>{ui}</DeskRequestContext.Provider>
    </QueryClientProvider>,
  );
  return calls;
}

describe("the desk's case screens", () => {
  it("shows a card with the phone to call, both clocks, the map link, 'Lo tengo', posible coacción, and 'Atender' claims it", async () => {
    const opened = vi.fn();
    let claimed = false;
    const calls = withDesk(<ActiveAlertsScreen onOpenCase={opened} />, ({ method, path }) => {
      if (method === 'POST') {
        claimed = true;
        return card;
      }
      if (path === '/desk/alerts')
        return [
          claimed
            ? { ...card, attending: { staff_id: 's1', email: 'ana@firma.example', since: card.pressed_at } }
            : card,
        ];
      throw new Error(`unexpected ${method} ${path}`);
    });
    const article = await screen.findByRole('article', { name: 'Rosa Prueba' });
    expect(within(article).getByRole('link', { name: '+13055550123' }).getAttribute('href')).toBe('tel:+13055550123');
    // The person's clock named as their app and their contacts' e-mails name it; the desk's own with its zone's short name.
    expect(within(article).getByText(/Hora de la persona:/).textContent).toMatch(
      /^Hora de la persona: .+ \(hora de Ciudad de México\)Hora aquí: .+ (GMT|UTC)/,
    );
    expect(within(article).getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href')).toContain(
      'mlat=19.4326',
    );
    expect(within(article).getByText('Luis Díaz: dijo «Lo tengo»')).toBeTruthy();
    expect(within(article).getByRole('alert').textContent).toMatch(/Posible coacción/);
    expect(within(article).getByText('Nadie la atiende todavía')).toBeTruthy();

    fireEvent.click(within(article).getByRole('button', { name: 'Atender' }));
    await vi.waitFor(() => expect(opened).toHaveBeenCalledWith(card.id));
    expect(calls).toContainEqual({ method: 'POST', path: `/desk/alerts/${card.id}/claim`, body: undefined });
    expect(await screen.findByText('Atiende: ana@firma.example')).toBeTruthy();
  });

  it('names the check-in, not the alert, when the duress PIN closed the check-in, on the card and the timeline', async () => {
    const found: DeskCase = {
      ...card,
      trigger: 'missed-check-in',
      coercion_on: 'check-in',
      timeline: [
        { at: card.pressed_at, actor: 'system', kind: 'alert-started' },
        { at: card.pressed_at, actor: 'person', kind: 'check-in-fired', duress: true },
        { at: card.pressed_at, actor: 'person', kind: 'check-in-closed', duress: true },
      ],
      detention_info: null,
    };
    withDesk(<CaseScreen alertId={card.id} />, () => found);
    const article = await screen.findByRole('article', { name: 'Rosa Prueba' });
    expect(within(article).getByRole('alert').textContent).toBe(
      'Posible coacción: la cita se cerró o se extendió con el PIN de emergencia.',
    );
    const timeline = screen.getByRole('region', { name: 'Historial' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('span')?.textContent),
    ).toEqual([
      'Alerta iniciada',
      'La cita envió la alerta tras el PIN de emergencia (posible coacción)',
      'Cita cerrada con el PIN de emergencia (posible coacción)',
    ]);
  });

  it('lays out the A-number and country of birth for the ICE locator, logs actions and notes, and closes with an outcome', async () => {
    const found: DeskCase = {
      ...card,
      possible_coercion: false,
      timeline: [{ at: card.pressed_at, actor: 'person', kind: 'alert-started' }],
      detention_info: { a_number: '123456789', birth_country: 'México', legal_name: 'Rosa Prueba' },
    };
    const calls = withDesk(<CaseScreen alertId={card.id} />, ({ method }) => (method === 'GET' ? found : 'Guardado.'));
    expect(await screen.findByRole('heading', { name: 'Caso de Rosa Prueba' })).toBeTruthy();
    const detention = screen.getByRole('region', { name: 'Información «Si me detienen»' });
    const terms = within(detention)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms.slice(0, 2)).toEqual(['Número A (A-number)', 'País de nacimiento']);
    expect(within(detention).getByRole('button', { name: /Copiar/ })).toBeTruthy();
    expect(screen.getByText('Alerta iniciada')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Busqué en el localizador de ICE' }));
    fireEvent.change(screen.getByLabelText('Nota'), { target: { value: 'Su hermano no contesta.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar nota' }));
    fireEvent.change(screen.getByLabelText('Resultado'), { target: { value: 'A salvo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar caso' }));
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: `/desk/alerts/${card.id}/actions`,
          body: { action: 'Busqué en el localizador de ICE', text: '' },
        },
        { method: 'POST', path: `/desk/alerts/${card.id}/notes`, body: { text: 'Su hermano no contesta.' } },
        { method: 'POST', path: `/desk/alerts/${card.id}/close`, body: { outcome: 'A salvo', text: '' } },
      ]),
    );
  });
});

describe("the desk's 'Buscar cliente'", () => {
  it('finds a consenting client by what was typed, once sent, and opens the alert pressed', async () => {
    const opened = vi.fn();
    const client: DeskClient = {
      id: 'u1',
      name: 'Rosa Prueba',
      phone: '+13055550123',
      active_alert_id: card.id,
      recent_alerts: [{ id: card.id, pressed_at: card.pressed_at, active: true }],
    };
    const calls = withDesk(<ClientSearch onOpenCase={opened} />, ({ path }) =>
      path === '/desk/clients?q=Rosa' ? [client] : [],
    );
    const form = screen.getByRole('search');
    const field = within(form).getByLabelText('Nombre o teléfono');
    expect(field.getAttribute('aria-describedby')).toBe('desk-search-hint');
    expect(document.getElementById('desk-search-hint')?.textContent).toMatch(/Cada búsqueda queda registrada/);
    fireEvent.change(field, { target: { value: 'Rosa' } });
    expect(calls).toEqual([]);
    fireEvent.click(within(form).getByRole('button', { name: 'Buscar' }));
    const found = await screen.findByRole('heading', { level: 2, name: 'Rosa Prueba' });
    expect(calls).toEqual([{ method: 'GET', path: '/desk/clients?q=Rosa', body: undefined }]);
    const item = found.closest('li')!;
    expect(within(item).getByRole('link', { name: '+13055550123' }).getAttribute('href')).toBe('tel:+13055550123');
    fireEvent.click(within(item).getByRole('button', { name: /^Alerta activa: / }));
    expect(opened).toHaveBeenCalledWith(card.id);

    fireEvent.change(field, { target: { value: 'Nadie' } });
    fireEvent.submit(form);
    expect((await screen.findByRole('status')).textContent).toBe('Ningún cliente coincide.');
  });
});

describe("the desk's 'Registro'", () => {
  it("'¿Alguien buscó a esta persona?' asks for two letters first, then answers with the searches that would have found them", async () => {
    const line: DeskAuditLine = {
      id: 7,
      at: card.pressed_at,
      staff_email: 'ana@firma.example',
      action: 'search',
      query_hash: 'h',
      alert_ref: null,
      alert_id: null,
      results: 1,
      subject_email: null,
    };
    const calls = withDesk(<AuditScreen onExport={async () => undefined} />, ({ path }) => {
      if (path === '/desk/audit') return [];
      if (path === '/desk/audit?q=Rosa%20Prueba') return [line];
      throw new Error(`unexpected ${path}`);
    });
    const lookup = screen.getByRole('region', { name: '¿Alguien buscó a esta persona?' });
    const field = within(lookup).getByLabelText('Nombre o teléfono de la persona');
    expect(field.getAttribute('aria-describedby')).toBe('desk-lookup-hint');
    fireEvent.change(field, { target: { value: ' R ' } });
    fireEvent.click(within(lookup).getByRole('button', { name: 'Comprobar' }));
    expect(within(lookup).getByRole('status').textContent).toBe('Escribe al menos 2 letras o números.');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: '  Rosa Prueba ' } });
    fireEvent.click(within(lookup).getByRole('button', { name: 'Comprobar' }));
    await within(lookup).findByText(/^Sí\. Una búsqueda del escritorio habría encontrado a «Rosa Prueba»:$/);
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(
      within(lookup)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/: ana@firma\.example \(1 resultado\)$/)]);
    expect(calls.map((call) => call.path)).toContain('/desk/audit?q=Rosa%20Prueba');
  });

  it("says in Spanish when 'Exportar CSV' fails, and lets the admin try again", async () => {
    let attempts = 0;
    const onExport = vi.fn(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('red caída');
    });
    withDesk(<AuditScreen onExport={onExport} />, ({ path }) => {
      if (path === '/desk/audit') return [];
      throw new Error(`unexpected ${path}`);
    });
    const button = screen.getByRole('button', { name: 'Exportar CSV' });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se pudo descargar el registro. Revisa la conexión e inténtalo de nuevo.',
    );
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(onExport).toHaveBeenCalledTimes(2);
  });
});
