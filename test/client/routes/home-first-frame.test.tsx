import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactsQueryOptions } from '#client/api/contacts.ts';
import { SOS_BUTTON_NAME } from '#client/features/sos/home/sos-button-texts.ts';
import { holdUntilFirstPaint } from '#client/lib/first-paint.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../support/api-stub.ts';
import { renderApp } from '../support/render-app.tsx';
import { signIn } from '../support/session.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetAll();
});

describe("home's first frame, as main.tsx draws it at a start", () => {
  it('is the SOS button without the contact list query, which comes with the panels under it a frame later', async () => {
    signIn();
    stubApi({ 'GET /api/contacts': () => ok([]) });
    // main.tsx holds what can wait until the commit of the app's first screen has been painted.
    let firstCommitPainted = () => {};
    holdUntilFirstPaint(new Promise<void>((resolve) => (firstCommitPainted = resolve)));
    const { queryClient } = renderApp('/web/home');
    const contactList = () => queryClient.getQueryCache().find({ queryKey: contactsQueryOptions().queryKey });

    const sos = await screen.findByRole('button', { name: SOS_BUTTON_NAME });
    expect(sos.hasAttribute('disabled')).toBe(false);
    // Nothing in that frame reads the list: no observer of its query is set up while it is drawn.
    expect(contactList()?.getObserversCount() ?? 0).toBe(0);
    expect(document.querySelector('.sos-home-panels')).toBeNull();

    firstCommitPainted();
    // The panels then read the cached list (here: empty) and say what it means, with the list itself.
    expect(await screen.findByRole('note', { name: 'Nadie recibirá tu alerta' })).toBeTruthy();
    expect(contactList()?.getObserversCount()).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: SOS_BUTTON_NAME })).toBe(sos);
  });
});
