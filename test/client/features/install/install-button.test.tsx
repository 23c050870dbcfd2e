import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, clearInstallPrompt, getInstallPrompt } from '#client/features/install/install-prompt.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { ok, stubApi } from '../../support/api-stub.ts';
import { aContact } from '../../support/contacts.ts';
import { renderApp } from '../../support/render-app.tsx';
import { signIn } from '../../support/session.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const INSTALL = { name: 'Instalar la aplicación' };
const SOS_BUTTON = { name: 'SOS: avisar a mis contactos' };

/** Properties jsdom's navigator lacks or fixes, set on the instance and removed after each test. */
const navigatorOverrides = new Set<string>();
function setNavigator(name: 'userAgent' | 'maxTouchPoints' | 'standalone', value: unknown) {
  Object.defineProperty(navigator, name, { value, configurable: true });
  navigatorOverrides.add(name);
}

function displayModeStandalone() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)', media: query }));
}

/** What Chromium fires when the app can be installed; `answer` is the person's choice in its prompt. */
function offerInstall(answer: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

/** Home with its lazily loaded install slot in place (shown or not). */
async function openHome() {
  const view = renderApp('/web/home');
  await screen.findByRole('button', SOS_BUTTON);
  await act(() => vi.dynamicImportSettled());
  return view;
}

beforeAll(() => captureInstallPrompt());

beforeEach(() => {
  signIn();
  window.dataLayer = [];
  stubApi({ 'GET /api/contacts': () => ok([aContact({ id: 'c1' })]) });
});

afterEach(() => {
  for (const name of navigatorOverrides) Reflect.deleteProperty(navigator, name);
  navigatorOverrides.clear();
  vi.unstubAllGlobals();
  clearInstallPrompt();
  resetAll();
});

describe('the install button on home', () => {
  it('is not there on a desktop browser that offers no install, until the browser offers it', async () => {
    await openHome();
    expect(screen.queryByRole('button', INSTALL)).toBeNull();
    offerInstall('dismissed');
    // Its code is fetched only now, where there is something to offer (home's download budget).
    expect(await screen.findByRole('button', INSTALL)).toBeTruthy();
  });

  it("appears when the browser offers the install, opens the browser's prompt, and goes once the person answers", async () => {
    await openHome();
    const offer = offerInstall('accepted');
    // Chrome's own install bar stays away: the button offers it.
    expect(offer.defaultPrevented).toBe(true);

    fireEvent.click(await screen.findByRole('button', INSTALL));
    expect(offer.prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('button', INSTALL)).toBeNull());
    expect(getInstallPrompt()).toBeNull();
    expect(window.dataLayer).toContainEqual({ event: 'install', outcome: 'accepted' });
  });

  it('shows the button for an offer made before home was on screen, and hides it after a dismissal too', async () => {
    offerInstall('dismissed');
    await openHome();
    fireEvent.click(await screen.findByRole('button', INSTALL));
    await waitFor(() => expect(screen.queryByRole('button', INSTALL)).toBeNull());
    expect(window.dataLayer).toContainEqual({ event: 'install', outcome: 'dismissed' });
  });

  it('goes when the app is installed from the browser menu instead', async () => {
    await openHome();
    offerInstall('accepted');
    await screen.findByRole('button', INSTALL);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button', INSTALL)).toBeNull();
  });
});

describe('the install button on an iPhone or iPad', () => {
  it('opens the step-by-step guide with 4 pictures, and Salir closes it and gives the focus back', async () => {
    setNavigator('userAgent', IPHONE_SAFARI);
    await openHome();
    const button = screen.getByRole('button', INSTALL);
    button.focus();
    fireEvent.click(button);

    const guide = await screen.findByRole('dialog', { name: 'Instala la aplicación en tu iPhone o iPad' });
    expect(guide.getAttribute('aria-modal')).toBe('true');
    expect(guide.contains(document.activeElement)).toBe(true);
    const steps = within(guide).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    const pictures = within(guide).getAllByRole('img') as HTMLImageElement[];
    expect(pictures.map((picture) => picture.getAttribute('src'))).toEqual([
      '/install/step-1-share.svg',
      '/install/step-2-add-to-home.svg',
      '/install/step-3-confirm.svg',
      '/install/step-4-home-screen.svg',
    ]);
    for (const picture of pictures) expect(picture.alt.length).toBeGreaterThan(20);
    expect(within(steps[1]!).getByText(/Agregar a pantalla de inicio/)).toBeTruthy();
    expect(window.dataLayer).toContainEqual({ event: 'install', outcome: 'ios_help' });

    fireEvent.click(within(guide).getByRole('button', { name: 'Salir' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    // The guide does not install anything: the button stays for next time.
    expect(screen.getByRole('button', INSTALL)).toBeTruthy();
  });

  it('closes the guide with Escape', async () => {
    setNavigator('userAgent', IPHONE_SAFARI);
    await openHome();
    const button = screen.getByRole('button', INSTALL);
    button.focus();
    fireEvent.click(button);
    const guide = await screen.findByRole('dialog');
    fireEvent.keyDown(guide, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('is there on an iPad that asks for desktop sites (it says Macintosh, but has a touch screen)', async () => {
    setNavigator('userAgent', IPAD_AS_MAC);
    setNavigator('maxTouchPoints', 5);
    await openHome();
    expect(screen.getByRole('button', INSTALL)).toBeTruthy();
  });

  it('is not there on a Mac with Safari (no touch screen)', async () => {
    setNavigator('userAgent', IPAD_AS_MAC);
    setNavigator('maxTouchPoints', 0);
    await openHome();
    expect(screen.queryByRole('button', INSTALL)).toBeNull();
  });

  it('is not there when the app was opened from the home screen (navigator.standalone)', async () => {
    setNavigator('userAgent', IPHONE_SAFARI);
    setNavigator('standalone', true);
    await openHome();
    expect(screen.queryByRole('button', INSTALL)).toBeNull();
  });

  it('is not there when the app runs in standalone display mode', async () => {
    setNavigator('userAgent', IPHONE_SAFARI);
    displayModeStandalone();
    await openHome();
    expect(screen.queryByRole('button', INSTALL)).toBeNull();
  });
});
