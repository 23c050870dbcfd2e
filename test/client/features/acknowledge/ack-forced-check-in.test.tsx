import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AckView } from '#shared/api/deliveries.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { LANGUAGES } from '#shared/language.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { renderApp } from '../../support/render-app.tsx';

// The contact's 'Lo tengo' page, in each of the four languages, when the duress PIN was typed on the
// check-in ('el aviso', not the alert), and when the link's alert gave way to a fresh one.

const TOKEN = 'tok_'.padEnd(43, 'c');
const WHO = 'Rosa Prueba';

/** An alert a check-in closed with the duress PIN started, as GET /api/ack answers it. */
const forcedCheckIn: AckView = {
  person: { name: WHO, phone: '+13055550123' },
  contact_firstname: 'Luis',
  practice: false,
  pressed_at: '2026-03-01T16:05:00.000Z',
  timezone: 'America/Mexico_City',
  position: null,
  status: 'active',
  forced: true,
  forced_on: 'check-in',
  acknowledged_at: null,
  trigger: 'missed-check-in',
  check_in: { purpose: 'cita-inmigracion', place: '26 Federal Plaza', due_at: '2026-03-01T17:00:00.000Z' },
};

beforeEach(() => {
  window.dataLayer = [];
  resetAll();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each(LANGUAGES)("the 'Lo tengo' page in %s", (language) => {
  const t = contactTexts(language);

  it('says the check-in was closed perhaps under pressure, never that the alert was ended, and offers no call', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok(forcedCheckIn) });
    renderApp(`/web/active/ack/${TOKEN}?lang=${language}`);
    const lead = await screen.findByText(t.checkInForced(WHO));
    const warning = lead.parentElement!;
    expect({
      role: warning.getAttribute('role'),
      lines: [...warning.querySelectorAll('p')].map((line) => line.textContent),
      alertEnded: screen.queryByText(t.duressLead(WHO)),
      missedDeadline: screen.queryByText(t.ackMissedCheckIn),
      callLink: screen.getByText(/\+13055550123/).closest('a'),
      callAfterwards: screen.queryByText(t.ackPress(WHO)),
      press: Boolean(screen.getByText(t.ackPressForced(WHO))),
      button: Boolean(screen.getByRole('button', { name: t.ackButton })),
    }).toEqual({
      role: 'alert',
      lines: [t.checkInForced(WHO), t.duressTodo(WHO)],
      alertEnded: null,
      missedDeadline: null,
      callLink: null,
      callAfterwards: null,
      press: true,
      button: true,
    });
  });

  it('still says an end forced on FINALIZAR ALERTA ended the alert', async () => {
    stubApi({ [`GET /api/ack/${TOKEN}`]: () => ok({ ...forcedCheckIn, forced_on: 'alert' }) });
    renderApp(`/web/active/ack/${TOKEN}?lang=${language}`);
    expect(await screen.findByText(t.duressLead(WHO))).toBeTruthy();
    expect(screen.queryByText(t.checkInForced(WHO))).toBeNull();
  });

  it("says that a new alert came after the link's own and offers 'Lo tengo' for it, not that it ended", async () => {
    stubApi({
      [`GET /api/ack/${TOKEN}`]: () =>
        ok({ ...forcedCheckIn, forced: false, forced_on: undefined, trigger: 'press', check_in: null, replaced: true }),
    });
    renderApp(`/web/active/ack/${TOKEN}?lang=${language}`);
    const notice = await screen.findByText(t.ackReplaced(WHO));
    expect({
      role: notice.getAttribute('role'),
      ended: screen.queryByText(t.ackEnded(WHO)),
      button: Boolean(screen.getByRole('button', { name: t.ackButton })),
    }).toEqual({ role: 'status', ended: null, button: true });
  });
});
