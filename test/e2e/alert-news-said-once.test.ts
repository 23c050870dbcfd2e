import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';

// A screen reader hears what changes in a live region. On the alert screen the status box says
// who got the alert ('Recibida por Jorge Paz.') and the list below says it again with the time:
// the news must be heard once, from one live region, and still be read in both places.

const running = appAndChromiumPerFile();

type AXNode = {
  nodeId: string;
  role?: { value: string };
  name?: { value: string };
  childIds?: string[];
  properties?: { name: string; value: { value: unknown } }[];
};

/**
 * The live regions of the page as Chromium's accessibility tree has them (what a screen reader is
 * told changes in): each region's politeness and the text under it, a region inside another
 * counted as its own. Only the regions that say something.
 */
async function liveRegions(page: Page): Promise<{ live: string; text: string }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    const byId = new Map(nodes.map((node) => [node.nodeId, node]));
    const liveOf = (node: AXNode) => node.properties?.find((property) => property.name === 'live')?.value.value;
    const isRegion = (node: AXNode) => liveOf(node) !== undefined && liveOf(node) !== 'off';
    const textUnder = (node: AXNode): string[] =>
      (node.childIds ?? []).flatMap((id) => {
        const child = byId.get(id);
        if (!child || isRegion(child)) return [];
        return child.role?.value === 'StaticText' ? [String(child.name?.value ?? '')] : textUnder(child);
      });
    return nodes
      .filter(isRegion)
      .map((node) => ({ live: String(liveOf(node)), text: textUnder(node).join(' ').replace(/\s+/g, ' ').trim() }))
      .filter((region) => region.text !== '');
  } finally {
    await cdp.detach();
  }
}

/** The live regions whose text says `news`. */
const saying = (regions: { live: string; text: string }[], news: RegExp) =>
  regions.filter((region) => news.test(region.text));

describe("the alert screen's news, to a screen reader", () => {
  it("announces 'Recibida por Jorge Paz' from one live region, and the list still shows it", async () => {
    const { context, page, contactEmail } = await personWithConfirmedContact(running.app, running.browser, 'oida');
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    const status = page.getByRole('status', { name: 'Estado de tu alerta' });
    await status.getByText('Alerta enviada a tus contactos').waitFor({ timeout: 60_000 });
    const list = page.getByRole('region', { name: 'A quién llegó tu alerta' });
    await list.getByText(/^Enviada a Jorge Paz/).waitFor({ timeout: 30_000 });
    const before = await liveRegions(page);

    const mail = await waitForMail(running.app.dataDir, { to: contactEmail, subject: /ALERTA SOS/ });
    const token = /\/web\/active\/ack\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error("No 'Lo tengo' link in the alert's e-mail");
    // Jorge presses 'Lo tengo' (the page's button sends this).
    const acked = await fetch(`${running.app.url}/api/ack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(acked.status).toBe(200);
    await list.getByText(/^Recibida por Jorge Paz \(\d\d:\d\d\)$/).waitFor({ timeout: 30_000 });
    await status.getByText('Recibida por Jorge Paz.').waitFor();
    const after = await liveRegions(page);

    expect({
      sent: saying(before, /Jorge Paz|Alerta enviada/),
      received: saying(after, /Recibida por Jorge Paz/),
      // Still there to be read, on screen and in the accessibility tree: the status's line and the list's with its time.
      statusLines: await status.getByRole('paragraph').allInnerTexts(),
      listLines: await list.getByRole('listitem').allInnerTexts(),
    }).toEqual({
      sent: [{ live: 'polite', text: 'Alerta enviada a tus contactos' }],
      received: [{ live: 'polite', text: 'Alerta enviada a tus contactos Recibida por Jorge Paz.' }],
      statusLines: ['Alerta enviada a tus contactos', 'Recibida por Jorge Paz.'],
      listLines: [expect.stringMatching(/^Recibida por Jorge Paz \(\d\d:\d\d\)$/)],
    });
    await context.close();
  }, 180_000);
});
