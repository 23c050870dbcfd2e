import { describe, expect, it } from 'vitest';
import { apiMessages } from '#shared/messages.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { deskUrl, enrolledDeskDevice, staffCli } from '#test/support/desk-browser.ts';

// Removing someone from the desk's team, in real browsers with passkeys: from 'Equipo' and with
// `npm run staff -- remove` beside the running server. The removed person's open desk stops at once
// and says why on 'Entrar'; their passkey no longer opens it; 'Registro' keeps who removed whom;
// and the desk's last admin can be removed neither from the desk nor from the server's command.

const ADMIN = 'jefa@firma.example';
const RESPONDER = 'luis@firma.example';
const OTHER = 'rosa@firma.example';

const both = appAndChromiumPerFile();
/** Six runs of the server's command, each a new Node process compiling TypeScript: slow on a busy machine. */
const SLOW = { timeout: 180_000 };

describe('removing someone from the desk', () => {
  it(
    "ends the removed person's open desk with the reason, refuses their passkey, writes it in 'Registro', and never removes the last admin",
    SLOW,
    async () => {
      const { app, browser } = both;
      await staffCli(app, ['add', ADMIN, '--role', 'admin']);
      await staffCli(app, ['add', RESPONDER, '--role', 'responder']);
      await staffCli(app, ['add', OTHER, '--role', 'responder']);
      const desk = deskUrl(app);
      const enrolled = (email: string) => enrolledDeskDevice(app, browser, email);
      const admin = await enrolled(ADMIN);
      const luis = await enrolled(RESPONDER);
      const rosa = await enrolled(OTHER);

      // 'Equipo': the only admin cannot be removed, and is told why instead of being offered it.
      const nav = admin.page.getByRole('navigation', { name: 'Escritorio' });
      await nav.getByRole('link', { name: 'Equipo' }).click();
      await admin.page.getByRole('heading', { level: 1, name: 'Equipo' }).waitFor();
      const members = admin.page.locator('.desk-team__member');
      await members.filter({ hasText: OTHER }).waitFor();
      expect(await members.allTextContents()).toEqual([
        `${ADMIN} (tú)AdministraEres el único admin: nadie puede quitarte. Para dejar el equipo, invita antes a otro admin que te quite.`,
        `${RESPONDER} Atiende alertasQuitar a ${RESPONDER}`,
        `${OTHER} Atiende alertasQuitar a ${OTHER}`,
      ]);

      // Luis's live link is cut off before he is removed: only his next action can tell his desk.
      await luis.page.route('**/api/desk/stream', (route) => route.abort());
      await luis.page.reload();
      await luis.page.getByText('Sin conexión en vivo').waitFor();

      admin.page.once('dialog', (dialog) => void dialog.accept());
      await admin.page.getByRole('button', { name: `Quitar a ${RESPONDER}` }).click();
      await admin.page
        .getByRole('status')
        .filter({ hasText: `${RESPONDER} ya no está en el equipo.` })
        .waitFor();
      await expect.poll(() => members.count()).toBe(2);

      // His next action (a search) takes his desk to 'Entrar', which says why.
      await luis.page.getByRole('navigation', { name: 'Escritorio' }).getByRole('link', { name: 'Buscar' }).click();
      await luis.page.getByLabel('Nombre o teléfono').fill('Elena');
      await luis.page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await luis.page.waitForURL(`${desk}/entrar`);
      await luis.page.getByRole('heading', { level: 1, name: 'Entrar al escritorio' }).waitFor();
      expect(await luis.page.getByRole('alert').allTextContents()).toContain(apiMessages.staffSessionRemoved);
      // His passkey no longer opens the desk.
      await luis.page.getByRole('button', { name: 'Entrar con llave de acceso' }).click();
      await luis.page.getByRole('alert').filter({ hasText: apiMessages.passkeyUnknown }).waitFor();
      expect(luis.page.url()).toBe(`${desk}/entrar`);

      // The server's command removes Rosa while her desk sits open on 'Alertas activas': with no
      // action of hers, her live link ends (the removal's notice ends it at once: that it does not
      // wait for the 20 s keep-alive is test/server/desk/desk-stream.db.test.ts's to show) and takes
      // her desk to 'Entrar', which says why.
      await rosa.page.getByRole('heading', { level: 1, name: 'Alertas activas' }).waitFor();
      expect(await staffCli(app, ['remove', OTHER])).toBe(
        `Listo: ${OTHER} ya no está en el equipo. Sus sesiones se cerraron.\n`,
      );
      await rosa.page.waitForURL(`${desk}/entrar`, { timeout: 30_000 });
      await rosa.page.getByRole('alert').filter({ hasText: apiMessages.staffSessionRemoved }).waitFor();
      await rosa.page.getByRole('button', { name: 'Entrar con llave de acceso' }).click();
      await rosa.page.getByRole('alert').filter({ hasText: apiMessages.passkeyUnknown }).waitFor();

      // Nor does the server's command remove the last admin.
      const refused = await staffCli(app, ['remove', ADMIN]).then(
        () => undefined,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(refused).toMatchObject({
        code: 1,
        stderr: `${ADMIN} es el único admin del escritorio: sin admin nadie podría manejar el equipo ni leer el registro. Añade antes otro admin con:\n  npm run staff -- add CORREO --role admin\n`,
      });

      // 'Registro' keeps both removals, newest first, with who removed whom; the admin still works.
      await nav.getByRole('link', { name: 'Registro' }).click();
      await admin.page.getByRole('heading', { level: 1, name: 'Registro de auditoría' }).waitFor();
      const removals = admin.page.getByRole('row').filter({ hasText: 'del equipo' });
      await expect.poll(() => removals.count()).toBe(2);
      expect(await removals.allTextContents()).toEqual([
        expect.stringMatching(
          new RegExp(`^\\d{1,2} .+ \\d{4}.*Servidor \\(npm run staff\\)Quitó a ${OTHER} del equipo$`),
        ),
        expect.stringMatching(new RegExp(`^\\d{1,2} .+ \\d{4}.*${ADMIN}Quitó a ${RESPONDER} del equipo$`)),
      ]);
      expect(await staffCli(app, ['list'])).toBe(`${ADMIN}  admin\n`);

      await admin.context.close();
      await luis.context.close();
      await rosa.context.close();
    },
  );
});
